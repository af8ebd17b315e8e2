/**
 * Sync between catalogs, against the executable: a teammate's file as a remote (pull merges, a
 * conflict fails the pull and is settled with --theirs, push, diff, status), the token rules, and
 * two `catalog serve` processes as HTTP remotes (a slice pulled, edits on both sides, push merging).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, readFileSync, statSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { join } from 'node:path';
import { test } from 'node:test';
import { catalogCommand, mcp, runCli, serveCatalog, tempDir, ROOT, getAspectValue, ingestRecords } from './helpers.ts';

const T1 = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders,PROD)';
const T2 = 'urn:li:dataset:(urn:li:dataPlatform:mysql,app.users,PROD)';
const tags = (...names: string[]) => ({ tags: names.map((n) => ({ tag: `urn:li:tag:${n}` })) });
const description = (text: string) => ({ description: text });

const ingest = ingestRecords;
const aspect = getAspectValue;

const tagNames = (v: any): string[] =>
  (v?.tags ?? []).map((t: { tag: string }) => t.tag.replace('urn:li:tag:', '')).sort();

test("a teammate's file: pull merges tags, fails on a conflicting description, --theirs settles it; push; diff; status", async () => {
  const dir = tempDir();
  const mine = join(dir, 'mine.lmdb');
  const ana = join(dir, 'from-ana.lmdb');
  await ingest(mine, [
    mcp(T1, 'globalTags', tags('pii')),
    mcp(T1, 'editableDatasetProperties', description('Orders')),
    mcp(T2, 'globalTags', tags('pii')),
  ]);
  assert.equal((await runCli(['backup', '-f', ana, '--data', mine])).code, 0);
  // A fresh copy holds the same metadata.
  const same = await runCli(['diff', ana, '--data', mine]);
  assert.equal(same.code, 0, same.stdout + same.stderr);
  // Edits on both copies: each adds a tag, both change the description differently; T2 only on Ana's.
  await ingest(mine, [
    mcp(T1, 'globalTags', tags('pii', 'gold')),
    mcp(T1, 'editableDatasetProperties', description('All orders')),
  ]);
  await ingest(ana, [
    mcp(T1, 'globalTags', tags('pii', 'finance')),
    mcp(T1, 'editableDatasetProperties', description('Orders, one row each')),
    mcp(T2, 'globalTags', tags('pii', 'users')),
  ]);
  const differs = await runCli(['diff', ana, '--data', mine, '--json']);
  assert.equal(differs.code, 1);
  const report = JSON.parse(differs.stdout);
  assert.equal(report.same, false);
  assert.ok(
    report.entities.some(
      (e: any) => e.urn === T1 && e.aspects.some((a: any) => a.aspect === 'editableDatasetProperties'),
    ),
  );

  const pulled = await runCli(['pull', ana, '--data', mine, '--json']);
  assert.equal(pulled.code, 1, pulled.stderr);
  const summary = JSON.parse(pulled.stdout);
  assert.equal(summary.conflicts.length, 1);
  assert.deepEqual(
    {
      urn: summary.conflicts[0].urn,
      aspect: summary.conflicts[0].aspect,
      path: summary.conflicts[0].path,
      base: summary.conflicts[0].base,
      local: summary.conflicts[0].local,
      remote: summary.conflicts[0].remote,
    },
    {
      urn: T1,
      aspect: 'editableDatasetProperties',
      path: 'description',
      base: 'Orders',
      local: 'All orders',
      remote: 'Orders, one row each',
    },
  );
  // Everything else was pulled: both tag additions on T1, Ana's tag on T2 (a fast-forward); the description is untouched.
  assert.deepEqual(tagNames(await aspect(mine, T1, 'globalTags')), ['finance', 'gold', 'pii']);
  assert.deepEqual(tagNames(await aspect(mine, T2, 'globalTags')), ['pii', 'users']);
  assert.equal((await aspect(mine, T1, 'editableDatasetProperties')).description, 'All orders');

  const human = await runCli(['pull', ana, '--data', mine]);
  assert.equal(human.code, 1);
  assert.match(human.stderr, /CONFLICT .*editableDatasetProperties description/);
  assert.match(
    human.stdout,
    /^Pulled from .*: \d+ entities, \d+ entities removed, \d+ aspects written, \d+ unchanged, \d+ merged, 1 conflicts$/m,
  );

  const theirs = await runCli(['pull', ana, '--data', mine, '--theirs']);
  assert.equal(theirs.code, 0, theirs.stderr);
  assert.equal((await aspect(mine, T1, 'editableDatasetProperties')).description, 'Orders, one row each');

  // Mine now holds the merged tags Ana lacks ("gold"): named as a remote, status lists T1 as unpushed.
  assert.equal((await runCli(['remote', 'add', 'ana', ana, '--data', mine])).code, 0);
  const status = await runCli(['status', '--data', mine]);
  assert.equal(status.code, 0, status.stderr);
  assert.match(status.stdout, /^ana \(.*\): 1 entities with unpushed changes$/m);
  assert.ok(status.stdout.includes(`  ${T1}  globalTags`), status.stdout);
  assert.ok(!status.stdout.includes(T2), status.stdout);
  assert.equal((await runCli(['diff', 'ana', '--data', mine])).code, 1);

  const dry = await runCli(['push', 'ana', '--dry-run', '--data', mine]);
  assert.equal(dry.code, 0, dry.stderr);
  assert.match(dry.stdout, /Dry run: 1 aspects would be pushed/);
  assert.deepEqual(tagNames(await aspect(ana, T1, 'globalTags')), ['finance', 'pii']);

  const pushed = await runCli(['push', 'ana', '--data', mine]);
  assert.equal(pushed.code, 0, pushed.stderr);
  assert.match(pushed.stdout, /runId catalog-push-/);
  assert.deepEqual(tagNames(await aspect(ana, T1, 'globalTags')), ['finance', 'gold', 'pii']);
  const after = await runCli(['diff', 'ana', '--data', mine]);
  assert.equal(after.code, 0, after.stdout);
  assert.match((await runCli(['status', '--data', mine])).stdout, /^ana \(.*\): nothing to push$/m);
  // A second push has nothing to send.
  assert.match((await runCli(['push', 'ana', '--data', mine])).stdout, /0 aspects sent/);
});

test('tokens: kept outside the data file (mode 0600), a looser credentials file is refused', async () => {
  const dir = tempDir();
  const data = join(dir, 'c.lmdb');
  const credentials = join(dir, 'credentials');
  const env = { CATALOG_CREDENTIALS: credentials };
  const secret = 'tok-SECRET-4711';
  const added = await runCli(['remote', 'add', 'team', 'http://127.0.0.1:9/', '--token', secret, '--data', data], {
    env,
  });
  assert.equal(added.code, 0, added.stderr);
  assert.ok(!added.stdout.includes(secret));
  assert.equal(statSync(credentials).mode & 0o777, 0o600);
  assert.ok(readFileSync(credentials, 'utf8').includes(secret));
  assert.ok(!readFileSync(data).includes(Buffer.from(secret)), 'the token is in the data file');
  const list = await runCli(['remote', 'list', '--data', data], { env });
  assert.equal(list.stdout, 'team\thttp://127.0.0.1:9\n');
  chmodSync(credentials, 0o644);
  const refused = await runCli(['pull', 'team', '--data', data], { env });
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /readable by others \(mode 0644\).*chmod 600/);
  assert.ok(!(refused.stdout + refused.stderr).includes(secret));
  // A URL with credentials in it would put them in the file: refused.
  const inUrl = await runCli(['remote', 'add', 'x', 'http://user:pw@127.0.0.1:9/', '--data', data], { env });
  assert.equal(inUrl.code, 1);
  assert.ok(!readFileSync(data).includes(Buffer.from('pw@')));
  // Removing the remote removes its token too: refused while the file is loose, before anything is written.
  const looseRemove = await runCli(['remote', 'remove', 'team', '--data', data], { env });
  assert.equal(looseRemove.code, 1);
  assert.match(looseRemove.stderr, /readable by others \(mode 0644\).*chmod 600/);
  assert.equal((await runCli(['remote', 'list', '--data', data], { env })).stdout, 'team\thttp://127.0.0.1:9\n');
  chmodSync(credentials, 0o600);
  assert.equal((await runCli(['remote', 'remove', 'team', '--data', data], { env })).code, 0);
  assert.equal((await runCli(['remote', 'list', '--data', data], { env })).stdout, '');
  assert.ok(!readFileSync(credentials, 'utf8').includes(secret), 'the token went with the last remote using it');
});

async function post(url: string, path: string, body: unknown): Promise<any> {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  assert.equal(res.status, 200, text);
  return text ? JSON.parse(text) : undefined;
}

async function remoteAspect(url: string, urn: string, name: string): Promise<any> {
  const res = await fetch(`${url}/openapi/v3/entity/dataset/${encodeURIComponent(urn)}?systemMetadata=true`);
  assert.equal(res.status, 200);
  return ((await res.json()) as any)[name];
}

const proposal = (urn: string, aspectName: string, value: unknown) => ({
  entityType: 'dataset',
  entityUrn: urn,
  changeType: 'UPSERT',
  aspectName,
  aspect: { value: JSON.stringify(value), contentType: 'application/json' },
});

test('an HTTP remote (catalog serve): pull a slice, edit on both sides, push merges, a conflict writes nothing, --ours pushes', async () => {
  const dir = tempDir();
  const remoteData = join(dir, 'team.lmdb');
  const local = join(dir, 'laptop.lmdb');
  await ingest(remoteData, [
    mcp(T1, 'globalTags', tags('pii')),
    mcp(T1, 'editableDatasetProperties', description('Orders')),
    mcp(T2, 'globalTags', tags('pii')),
    mcp(T1, 'ownership', { owners: [{ owner: 'urn:li:corpuser:ana', type: 'DATAOWNER' }] }),
    mcp('urn:li:corpuser:ana', 'corpUserInfo', { active: true, displayName: 'Ana' }),
  ]);
  const server = await serveCatalog(['serve', '--port', '0', '--data', remoteData]);
  try {
    const url = server.url.replace(/\/$/, '');
    assert.equal((await runCli(['remote', 'add', 'team', url, '--data', local])).code, 0);
    const pulled = await runCli(['pull', 'team', '--platform', 'hive', '--data', local]);
    assert.equal(pulled.code, 0, pulled.stderr);
    assert.equal(
      (await runCli(['get', '--urn', T2, '--data', local])).code !== 0 ||
        !(await runCli(['get', '--urn', T2, '--data', local])).stdout.includes('globalTags'),
      true,
    );
    assert.deepEqual(tagNames(await aspect(local, T1, 'globalTags')), ['pii']);
    // The owner it points to came along.
    assert.equal((await aspect(local, 'urn:li:corpuser:ana', 'corpUserInfo')).displayName, 'Ana');

    // Offline edit here, someone else's edit there, on the same aspect.
    await ingest(local, [mcp(T1, 'globalTags', tags('pii', 'gold'))]);
    await post(url, '/aspects?action=ingestProposal', {
      proposal: proposal(T1, 'globalTags', tags('pii', 'vip')),
      async: 'false',
    });
    const pushed = await runCli(['push', 'team', '--data', local]);
    assert.equal(pushed.code, 0, pushed.stderr);
    const runId = /runId (\S+)/.exec(pushed.stdout)?.[1];
    assert.ok(runId);
    const remoteTags = await remoteAspect(url, T1, 'globalTags');
    assert.deepEqual(tagNames(remoteTags.value), ['gold', 'pii', 'vip']);
    assert.equal(remoteTags.systemMetadata.runId, runId);
    assert.deepEqual(tagNames(await aspect(local, T1, 'globalTags')), ['gold', 'pii', 'vip']);

    // Both change the description: the push stops before writing anything.
    await ingest(local, [
      mcp(T1, 'editableDatasetProperties', description('Mine')),
      mcp(T1, 'globalTags', tags('pii', 'gold', 'vip', 'new')),
    ]);
    await post(url, '/aspects?action=ingestProposal', {
      proposal: proposal(T1, 'editableDatasetProperties', description('Theirs')),
      async: 'false',
    });
    const refused = await runCli(['push', 'team', '--data', local]);
    assert.equal(refused.code, 1, refused.stdout);
    assert.match(refused.stderr, /CONFLICT .*editableDatasetProperties description/);
    assert.equal((await remoteAspect(url, T1, 'editableDatasetProperties')).value.description, 'Theirs');
    assert.deepEqual(
      tagNames((await remoteAspect(url, T1, 'globalTags')).value),
      ['gold', 'pii', 'vip'],
      'nothing was written',
    );
    const ours = await runCli(['push', 'team', '--ours', '--data', local]);
    assert.equal(ours.code, 0, ours.stderr);
    assert.equal((await remoteAspect(url, T1, 'editableDatasetProperties')).value.description, 'Mine');
    assert.deepEqual(tagNames((await remoteAspect(url, T1, 'globalTags')).value), ['gold', 'new', 'pii', 'vip']);
    const status = await runCli(['status', '--data', local]);
    assert.match(status.stdout, /^team \(.*\): nothing to push$/m);
  } finally {
    await server.stop();
  }
});

/** A proxy in front of `target` that keeps the body of every OpenAPI v3 write it passes on. */
async function writeRecorder(target: string): Promise<{ url: string; writes: any[]; close: () => void }> {
  const writes: any[] = [];
  const proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.method === 'POST' && /^\/openapi\/v3\/entity\/\w+\?/.test(req.url ?? ''))
        writes.push(...JSON.parse(body.toString()));
      const to = new URL(target);
      const out = request(
        { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
        (r) => {
          res.writeHead(r.statusCode ?? 502, r.headers);
          r.pipe(res);
        },
      );
      out.end(body);
    });
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(proxy.address() as { port: number }).port}`, writes, close: () => proxy.close() };
}

/**
 * This file and a `catalog serve` of a copy of it (a backup: the same values under the same version
 * numbers), never synced: no base. The server is reached through writeRecorder.
 */
async function neverSynced(records: unknown[]) {
  const dir = tempDir();
  const mine = join(dir, 'mine.lmdb');
  const team = join(dir, 'team.lmdb');
  await ingest(mine, records);
  assert.equal((await runCli(['backup', '-f', team, '--data', mine])).code, 0);
  const server = await serveCatalog(['serve', '--port', '0', '--data', team]);
  const recorder = await writeRecorder(server.url.replace(/\/$/, ''));
  const url = recorder.url;
  return {
    mine,
    url,
    writes: recorder.writes,
    /** An edit made on the server. */
    upsert: (urn: string, name: string, value: unknown) =>
      post(url, '/aspects?action=ingestProposal', { proposal: proposal(urn, name, value), async: 'false' }),
    close: async () => {
      recorder.close();
      await server.stop();
    },
  };
}

test("never synced with a server: a local value that is an older version of the server's fast-forwards on pull (no conflict)", async () => {
  const s = await neverSynced([mcp(T1, 'editableDatasetProperties', description('Orders'))]);
  try {
    await s.upsert(T1, 'editableDatasetProperties', description('Orders (all)'));
    await s.upsert(T1, 'editableDatasetProperties', description('All orders'));
    const pulled = await runCli(['pull', s.url, '--data', s.mine, '--json']);
    assert.equal(pulled.code, 0, pulled.stdout + pulled.stderr);
    assert.deepEqual(JSON.parse(pulled.stdout).conflicts, []);
    assert.equal((await aspect(s.mine, T1, 'editableDatasetProperties')).description, 'All orders');
    assert.equal((await runCli(['diff', s.url, '--data', s.mine])).code, 0);
    assert.deepEqual(s.writes, [], 'a pull writes nothing there');
  } finally {
    await s.close();
  }
});

test('never synced with a server: push fast-forwards the server where this file is newer (If-Version-Match its current version), and leaves for pull what only the server moved on', async () => {
  const s = await neverSynced([
    mcp(T1, 'editableDatasetProperties', description('Orders')),
    mcp(T2, 'editableDatasetProperties', description('Users')),
  ]);
  try {
    await s.upsert(T1, 'editableDatasetProperties', description('All orders'));
    await ingest(s.mine, [mcp(T2, 'editableDatasetProperties', description('App users'))]);
    assert.equal((await remoteAspect(s.url, T2, 'editableDatasetProperties')).systemMetadata.version, '1');
    const pushed = await runCli(['push', s.url, '--data', s.mine]);
    assert.equal(pushed.code, 0, pushed.stdout + pushed.stderr);
    assert.match(pushed.stdout, /1 aspects sent, 0 merged/);
    assert.match(pushed.stdout, /1 aspects changed on the remote only: pull to bring them here/);
    assert.equal((await remoteAspect(s.url, T2, 'editableDatasetProperties')).value.description, 'App users');
    assert.equal((await remoteAspect(s.url, T1, 'editableDatasetProperties')).value.description, 'All orders');
    assert.equal(
      (await aspect(s.mine, T1, 'editableDatasetProperties')).description,
      'Orders',
      'a push changes nothing here',
    );
    assert.deepEqual(
      s.writes.map((w) => [w.urn, Object.keys(w).filter((k) => k !== 'urn'), w.editableDatasetProperties?.headers]),
      [[T2, ['editableDatasetProperties'], { 'If-Version-Match': '1' }]],
    );
  } finally {
    await s.close();
  }
});

test('never synced with a server: both sides changed from an older common version → merged three-way from it; no version in common → a conflict as before', async () => {
  const s = await neverSynced([mcp(T1, 'globalTags', tags('pii', 'legacy'))]);
  try {
    // There two tags are added one after the other; here "legacy" is removed and "gold" added.
    await s.upsert(T1, 'globalTags', tags('pii', 'legacy', 'vip'));
    await s.upsert(T1, 'globalTags', tags('pii', 'legacy', 'vip', 'finance'));
    await ingest(s.mine, [mcp(T1, 'globalTags', tags('pii', 'gold'))]);
    const pulled = await runCli(['pull', s.url, '--data', s.mine, '--json']);
    assert.equal(pulled.code, 0, pulled.stdout + pulled.stderr);
    const summary = JSON.parse(pulled.stdout);
    assert.deepEqual([summary.conflicts, summary.merged], [[], 1]);
    // The tags of both sides, and "legacy" stays removed (merged from an absent base, it would come back).
    assert.deepEqual(tagNames(await aspect(s.mine, T1, 'globalTags')), ['finance', 'gold', 'pii', 'vip']);

    // A dataset made on each side on its own: their histories share no value.
    await ingest(s.mine, [mcp(T2, 'editableDatasetProperties', description('Users'))]);
    await s.upsert(T2, 'editableDatasetProperties', description('People'));
    await s.upsert(T2, 'editableDatasetProperties', description('All users'));
    const conflicting = await runCli(['pull', s.url, '--data', s.mine, '--json']);
    assert.equal(conflicting.code, 1, conflicting.stderr);
    const [conflict, ...more] = JSON.parse(conflicting.stdout).conflicts;
    assert.deepEqual(more, []);
    assert.deepEqual(
      [conflict.urn, conflict.aspect, conflict.path, conflict.base, conflict.local, conflict.remote],
      [T2, 'editableDatasetProperties', 'description', undefined, 'Users', 'All users'],
    );
    assert.equal((await aspect(s.mine, T2, 'editableDatasetProperties')).description, 'Users');
  } finally {
    await s.close();
  }
});

test('an HTTP remote (catalog serve): entities hard-deleted there are removed by the next pull, one changed here is a conflict (exit 1) until --theirs', async () => {
  const dir = tempDir();
  const remoteData = join(dir, 'team.lmdb');
  const local = join(dir, 'laptop.lmdb');
  await ingest(remoteData, [
    mcp(T1, 'globalTags', tags('pii')),
    mcp(T1, 'editableDatasetProperties', description('Orders')),
    mcp(T2, 'globalTags', tags('pii')),
  ]);
  const server = await serveCatalog(['serve', '--port', '0', '--data', remoteData]);
  try {
    const url = server.url.replace(/\/$/, '');
    const first = await runCli(['pull', url, '--data', local, '--json']);
    assert.equal(first.code, 0, first.stderr);
    assert.equal(JSON.parse(first.stdout).removed, 0);
    await ingest(local, [mcp(T1, 'editableDatasetProperties', description('Orders, mine'))]);
    // What `datahub delete --urn … --hard` sends.
    for (const urn of [T1, T2]) await post(url, '/entities?action=delete', { urn });
    // Every entity pulled from there is gone: past the fail-safe (sync-untrusted.test.ts), which these
    // pulls let through.
    const all = ['--fail-safe-threshold', '100'];

    const pulled = await runCli(['pull', url, '--data', local, '--json', ...all]);
    assert.equal(pulled.code, 1, pulled.stderr);
    const summary = JSON.parse(pulled.stdout);
    assert.equal(summary.removed, 1);
    assert.deepEqual(
      summary.conflicts.map((c: any) => [c.urn, c.aspect, c.path, c.local, c.remote]),
      [[T1, 'editableDatasetProperties', '', description('Orders, mine'), undefined]],
    );
    const gone = async (urn: string) => {
      const r = await runCli(['get', '--urn', urn, '--data', local]);
      return r.code === 1 && r.stderr === `urn ${urn} not found\n`;
    };
    assert.ok(await gone(T2), 'T2 is gone here');
    assert.equal((await aspect(local, T1, 'editableDatasetProperties')).description, 'Orders, mine');

    const human = await runCli(['pull', url, '--data', local, ...all]);
    assert.equal(human.code, 1);
    assert.match(human.stderr, /CONFLICT .*editableDatasetProperties/);
    assert.match(
      human.stdout,
      /^Pulled from .*: 0 entities, 0 entities removed, 0 aspects written, 0 unchanged, 0 merged, 1 conflicts$/m,
    );
    const theirs = await runCli(['pull', url, '--data', local, '--theirs', ...all]);
    assert.equal(theirs.code, 0, theirs.stderr);
    assert.match(
      theirs.stdout,
      /: 0 entities, 1 entities removed, 1 aspects written, 0 unchanged, 1 merged, 0 conflicts$/m,
    );
    assert.ok(await gone(T1), 'T1 is gone here too');
  } finally {
    await server.stop();
  }
});

test('SIGKILL during a pull, then the pull again: the same end state as an uninterrupted pull', async () => {
  const dir = tempDir();
  const source = join(dir, 'source.lmdb');
  const records = [];
  for (let i = 0; i < 10000; i++) {
    const urn = `urn:li:dataset:(urn:li:dataPlatform:hive,db.t${i},PROD)`;
    records.push(
      mcp(urn, 'globalTags', tags(`t${i % 7}`)),
      mcp(urn, 'editableDatasetProperties', description(`table ${i}`)),
    );
  }
  await ingest(source, records);
  const whole = join(dir, 'whole.lmdb');
  assert.equal((await runCli(['pull', source, '--data', whole])).code, 0);
  const killed = join(dir, 'killed.lmdb');
  const [cmd, args] = catalogCommand(['pull', source, '--data', killed]);
  const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, CATALOG_DATA: '' }, stdio: 'ignore' });
  // Early enough that the pull of 20 000 aspects is still running, late enough that batches have committed.
  await new Promise((r) => setTimeout(r, 1200));
  assert.equal(child.exitCode, null, 'it was still running when killed');
  child.kill('SIGKILL');
  await new Promise((r) => child.on('exit', r));
  assert.equal(child.signalCode, 'SIGKILL');
  const again = await runCli(['pull', source, '--data', killed]);
  assert.equal(again.code, 0, again.stderr);
  const a = await runCli(['export', '-f', '-', '--data', whole]);
  const b = await runCli(['export', '-f', '-', '--data', killed]);
  assert.equal(a.code, 0);
  assert.equal(b.stdout, a.stdout);
  assert.equal((await runCli(['diff', source, '--data', killed])).code, 0);
  // The sync state matches the aspects: nothing to push back.
  assert.equal((await runCli(['remote', 'add', 'src', source, '--data', killed])).code, 0);
  assert.match((await runCli(['status', '--data', killed])).stdout, /nothing to push/);
});

test('SIGKILL during a push, then the push again: only the rest is sent, both files end the same', async () => {
  const dir = tempDir();
  const target = join(dir, 'target.lmdb');
  const records = [];
  for (let i = 0; i < 10000; i++)
    records.push(
      mcp(
        `urn:li:dataset:(urn:li:dataPlatform:hive,db.t${i},PROD)`,
        'editableDatasetProperties',
        description(`table ${i}`),
      ),
    );
  await ingest(target, records);
  const laptop = join(dir, 'laptop.lmdb');
  assert.equal((await runCli(['pull', target, '--data', laptop])).code, 0);
  await ingest(
    laptop,
    records.map((r: any) =>
      mcp(r.entityUrn, 'editableDatasetProperties', description(`${r.aspect.json.description}, edited`)),
    ),
  );
  const [cmd, args] = catalogCommand(['push', target, '--data', laptop]);
  const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, CATALOG_DATA: '' }, stdio: 'ignore' });
  await new Promise((r) => setTimeout(r, 1500));
  assert.equal(child.exitCode, null, 'it was still running when killed');
  child.kill('SIGKILL');
  await new Promise((r) => child.on('exit', r));
  assert.equal(child.signalCode, 'SIGKILL');
  const again = await runCli(['push', target, '--data', laptop, '--json']);
  assert.equal(again.code, 0, again.stderr);
  const sent = JSON.parse(again.stdout).sent;
  assert.ok(sent <= 10000, String(sent));
  assert.equal((await runCli(['diff', target, '--data', laptop])).code, 0);
  assert.match((await runCli(['push', target, '--data', laptop])).stdout, /0 aspects sent/);
  assert.equal(
    (await aspect(target, 'urn:li:dataset:(urn:li:dataPlatform:hive,db.t9999,PROD)', 'editableDatasetProperties'))
      .description,
    'table 9999, edited',
  );
});

test('remote mistakes are refused with what was wrong, and write nothing', async () => {
  const dir = tempDir();
  const data = join(dir, 'mine.lmdb');
  const other = join(dir, 'other.lmdb');
  await ingest(data, [mcp(T1, 'globalTags', tags('pii'))]);
  await ingest(other, [mcp(T2, 'globalTags', tags('pii'))]);
  const refused = async (args: string[], message: RegExp, code = 1) => {
    const r = await runCli([...args, '--data', data]);
    assert.equal(r.code, code, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
    assert.match(r.stderr, message);
  };
  await refused(
    ['diff'],
    /no remote: name one \(a URL or a data file\) or add one with `catalog remote add NAME URL\|PATH`/,
  );
  await refused(
    ['remote', 'add', '9lives', other],
    /"9lives" is not a remote name: a letter, then letters, digits, "\.", "_" or "-"/,
  );
  await refused(['remote', 'add', 'http://x', other], /"http:\/\/x" is not a remote name/);
  await refused(
    ['remote', 'add', 'team', 'https://ana:secret@gms.example.com'],
    /https:\/\/gms\.example\.com: put no credentials in a remote's URL \(they would be kept in the data file\); use --token or the credentials file/,
  );
  await refused(['remote', 'remove', 'team'], /no remote named team/);
  await refused(
    ['remote', 'add', 'ana', other, '--token', 'secret'],
    /--token is for a remote that is a URL; .*other\.lmdb is a data file/,
  );
  await refused(['pull', data], /mine\.lmdb is this data file itself: name another catalog/);
  await refused(
    ['pull', join(dir, 'nowhere.lmdb')],
    /nowhere\.lmdb is neither a remote of this file nor a URL nor an existing data file/,
  );
  // Nothing was kept: the file has no remote, and the password is nowhere in it.
  assert.equal((await runCli(['remote', 'list', '--data', data])).stdout, '');
  assert.equal(readFileSync(data).includes(Buffer.from('secret')), false);

  assert.equal((await runCli(['remote', 'add', 'ana', other, '--data', data])).code, 0);
  await refused(['remote', 'add', 'ana', other], /remote ana exists already \(.*other\.lmdb\); remove it first/);
  assert.equal((await runCli(['remote', 'add', 'bo', other, '--data', data])).code, 0);
  await refused(['diff'], /name a remote: ana, bo/);
});

test('an aspect removed here: status says so, push --dry-run would delete it, push deletes it there', async () => {
  const dir = tempDir();
  const mine = join(dir, 'mine.lmdb');
  const ana = join(dir, 'from-ana.lmdb');
  await ingest(mine, [mcp(T1, 'globalTags', tags('pii')), mcp(T1, 'editableDatasetProperties', description('Orders'))]);
  assert.equal((await runCli(['backup', '-f', ana, '--data', mine])).code, 0);
  assert.equal((await runCli(['remote', 'add', 'ana', ana, '--data', mine])).code, 0);
  // A first push sends nothing (both files hold the same) and records the bases.
  assert.match((await runCli(['push', 'ana', '--data', mine])).stdout, /0 aspects sent/);
  // Removed here with a DELETE proposal.
  await ingest(mine, [
    { entityType: 'dataset', entityUrn: T1, changeType: 'DELETE', aspectName: 'editableDatasetProperties' },
  ]);
  const status = await runCli(['status', '--data', mine]);
  assert.ok(status.stdout.includes(`  ${T1}  editableDatasetProperties (removed)`), status.stdout);
  const dry = await runCli(['push', 'ana', '--dry-run', '--data', mine]);
  assert.match(dry.stdout, new RegExp(`^would delete ${T1.replace(/[().]/g, '\\$&')} editableDatasetProperties$`, 'm'));
  assert.equal((await aspect(ana, T1, 'editableDatasetProperties')).description, 'Orders', 'a dry run deletes nothing');
  const pushed = await runCli(['push', 'ana', '--data', mine]);
  assert.equal(pushed.code, 0, pushed.stderr);
  assert.match(pushed.stdout, /1 aspects sent, 0 merged, 1 deleted, runId/);
  const gone = await runCli(['get', '--urn', T1, '--aspect', 'editableDatasetProperties', '--data', ana]);
  assert.deepEqual([gone.code, JSON.parse(gone.stdout)], [0, {}], 'gone from the remote file');
  assert.deepEqual(tagNames(await aspect(ana, T1, 'globalTags')), ['pii']);
  assert.match((await runCli(['status', '--data', mine])).stdout, /^ana \(.*\): nothing to push$/m);
});
