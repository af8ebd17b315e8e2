/** The file remote's conditional writes, the sync tables of the store, and the HTTP remote's batched reads, in process. */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { FileRemote } from '../src/ops/sync/fileRemote.ts';
import { PreconditionFailedError, RemoteAuthError, RemoteError } from '../src/sync/remote/types.ts';
import { HISTORY_DEPTH, HttpRemote, networkCause } from '../src/sync/remote/http.ts';
import { startServer } from '../src/server/server.ts';
import { writeAspect } from '../src/ops/core/writeAspect.ts';
import { entityTypeOf } from '../src/ops/sync/local.ts';
import { isKeyAspect } from '../src/model/registry.ts';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { addRemote } from '../src/ops/sync/remotes.ts';
import { newRunId, planPush, sendPlan, PushStopped } from '../src/ops/sync/push.ts';
import { pull } from '../src/ops/sync/pull.ts';
import { unpushed } from '../src/ops/sync/compare.ts';
import { baseRecord } from '../src/sync/base.ts';
import { tempDir } from './helpers.ts';

const URN = 'urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD)';
const write = (value: unknown, ifVersionMatch?: string) => ({
  urn: URN,
  entityType: 'dataset',
  aspectName: 'editableDatasetProperties',
  value,
  ifVersionMatch,
});

/**
 * A proxy in front of `target` that shows each request to `look` first: when it answers true, the
 * proxy answers 404 as a server without that route would; a status (and headers), that answer; a
 * `url`, the request goes there instead; otherwise the request goes through.
 */
type Look = boolean | { status: number; headers?: Record<string, string> } | { url: string };
async function recordingProxy(target: string, look: (req: IncomingMessage) => Look): Promise<Server> {
  const proxy = createServer((req, res) => {
    const seen = look(req);
    if (seen === true || (typeof seen === 'object' && 'status' in seen)) {
      res.writeHead(seen === true ? 404 : seen.status, seen === true ? {} : seen.headers).end();
      return;
    }
    const to = new URL(target);
    const path = typeof seen === 'object' ? seen.url : req.url;
    const out = request({ host: to.hostname, port: to.port, method: req.method, path, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    req.pipe(out);
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  return proxy;
}

test('a file remote applies If-Version-Match as DataHub does: a batch with a stale version writes nothing', async () => {
  const path = join(tempDir(), 'remote.lmdb');
  const remote = new FileRemote(path, true);
  try {
    const v1 = await remote.write([write({ description: 'a' })], 'run-1');
    assert.equal(v1.get(`${URN}\u0000editableDatasetProperties`), '1');
    const v2 = await remote.write([write({ description: 'b' }, '1')], 'run-2');
    assert.equal(v2.get(`${URN}\u0000editableDatasetProperties`), '2');
    const other = 'urn:li:dataset:(urn:li:dataPlatform:hive,u,PROD)';
    await assert.rejects(
      remote.write([{ ...write({ description: 'x' }), urn: other }, write({ description: 'c' }, '1')], 'run-3'),
      (e: unknown) => e instanceof PreconditionFailedError && /Expected version 1, actual version 2/.test(e.message),
    );
    const [entity] = await remote.getEntities([URN]);
    assert.deepEqual(entity?.aspects.get('editableDatasetProperties'), { value: { description: 'b' }, version: '2' });
    assert.deepEqual(await remote.getEntities([other]), [], 'the batch wrote nothing');
    const history = await remote.history(URN, 'editableDatasetProperties');
    assert.deepEqual(
      history.map((h) => [h.version, h.value]),
      [
        ['2', { description: 'b' }],
        ['1', { description: 'a' }],
      ],
    );
  } finally {
    await remote.close();
  }
});

test('the sync tables: remotes and bases written in a write transaction, read back, removed with the remote', async () => {
  const path = join(tempDir(), 'c.lmdb');
  const store = openCatalog(path);
  try {
    await store.write((txn) => {
      txn.putRemote({ name: 'team', location: 'http://h:1' });
      txn.putSyncBase('http://h:1', URN, 'globalTags', { version: '3', hash: 'abc' });
      txn.putSyncBase('http://h:1', URN, 'ownership', { version: '1', hash: 'def' });
      txn.putSyncBase('/other', URN, 'globalTags', { version: '9', hash: 'x' });
    });
    assert.deepEqual(store.remotes(), [{ name: 'team', location: 'http://h:1' }]);
    assert.deepEqual(store.getSyncBase('http://h:1', URN, 'globalTags'), { version: '3', hash: 'abc' });
    assert.deepEqual(
      Array.from(store.syncBases('http://h:1'), (b) => b.aspectName),
      ['globalTags', 'ownership'],
    );
    // A failed write transaction leaves no base behind.
    await assert.rejects(
      store.write((txn) => {
        txn.putSyncBase('http://h:1', URN, 'domains', { version: '1', hash: 'z' });
        throw new Error('boom');
      }),
    );
    assert.equal(store.getSyncBase('http://h:1', URN, 'domains'), undefined);
    const removed = await store.write((txn) => {
      txn.deleteRemote('team');
      return txn.deleteSyncBases('http://h:1');
    });
    assert.equal(removed, 2);
    assert.deepEqual(store.remotes(), []);
    assert.deepEqual(store.getSyncBase('/other', URN, 'globalTags'), { version: '9', hash: 'x' });
  } finally {
    await store.close();
  }
});

test('an HTTP remote reads given entities with one batch get per type and 100 urns, and one by one from a server without batch get', async () => {
  const store = openCatalog(join(tempDir(), 'served.lmdb'));
  const server = await startServer({ store, port: 0 });
  const seen: string[] = [];
  let batchGet = true;
  // A proxy in front of the server: records each request, and plays an older server when told to.
  const proxy = await recordingProxy(server.url, (req) => {
    seen.push(`${req.method} ${(req.url ?? '').split('?')[0]!.replace(/\/urn.*$/, '/{urn}')}`);
    return !batchGet && req.url?.includes('/batchGet') === true;
  });
  try {
    const datasets = Array.from({ length: 150 }, (_, i) => `urn:li:dataset:(urn:li:dataPlatform:hive,t${i},PROD)`);
    await store.write((txn) => {
      for (const [i, urn] of datasets.entries())
        writeAspect(txn, { actor: 'urn:li:corpuser:t', time: 1 }, urn, 'editableDatasetProperties', {
          description: `d${i}`,
        });
      writeAspect(txn, { actor: 'urn:li:corpuser:t', time: 1 }, 'urn:li:tag:pii', 'tagProperties', { name: 'pii' });
    });
    const remote = new HttpRemote(`http://127.0.0.1:${(proxy.address() as { port: number }).port}`, {
      entityTypeOf,
      isKeyAspect,
    });
    const asked = ['urn:li:tag:pii', ...datasets, 'urn:li:dataset:(urn:li:dataPlatform:hive,absent,PROD)'];
    const got = await remote.getEntities(asked);
    assert.deepEqual(
      got.map((e) => e.urn),
      asked.slice(0, -1),
      'in the order asked, the absent one left out',
    );
    assert.deepEqual(got[1]!.aspects.get('editableDatasetProperties'), { value: { description: 'd0' }, version: '1' });
    assert.deepEqual(got[0]!.aspects.get('tagProperties')?.value, { name: 'pii' });
    assert.deepEqual(seen, [
      'POST /openapi/v3/entity/tag/batchGet',
      'POST /openapi/v3/entity/dataset/batchGet',
      'POST /openapi/v3/entity/dataset/batchGet',
    ]);

    seen.length = 0;
    batchGet = false;
    const older = new HttpRemote(`http://127.0.0.1:${(proxy.address() as { port: number }).port}`, {
      entityTypeOf,
      isKeyAspect,
    });
    const again = await older.getEntities(asked.slice(0, 3));
    assert.deepEqual(
      again.map((e) => e.urn),
      asked.slice(0, 3),
    );
    assert.deepEqual(seen, [
      'POST /openapi/v3/entity/tag/batchGet',
      'GET /openapi/v3/entity/tag/{urn}',
      'GET /openapi/v3/entity/dataset/{urn}',
      'GET /openapi/v3/entity/dataset/{urn}',
    ]);
  } finally {
    proxy.close();
    await server.close();
    await store.close();
  }
});

test('GET /catalog/v1/sync/unpushed/{urn}: per remote of the file, the aspects changed since its base', async () => {
  const store = openCatalog(join(tempDir(), 'local.lmdb'));
  const server = await startServer({ store, port: 0 });
  const read = async (urn: string) => {
    const res = await fetch(`${server.url}/catalog/v1/sync/unpushed/${encodeURIComponent(urn)}`);
    return { status: res.status, body: (await res.json()) as any };
  };
  try {
    const stamp = { actor: 'urn:li:corpuser:t', time: 1 };
    await store.write((txn) => {
      writeAspect(txn, stamp, URN, 'editableDatasetProperties', { description: 'd' });
      writeAspect(txn, stamp, URN, 'globalTags', { tags: [{ tag: 'urn:li:tag:pii' }] });
    });
    // No remote: nothing pending.
    assert.deepEqual(await read(URN), { status: 200, body: { remotes: [] } });
    const team = join(tempDir(), 'team.lmdb');
    await addRemote(store, 'team', team);
    // Never synced with it: a push would send every aspect.
    assert.deepEqual((await read(URN)).body, {
      remotes: [{ name: 'team', location: team, aspects: ['editableDatasetProperties', 'globalTags'] }],
    });
    // The description's base now holds the local value (as after a push): only the tags are pending.
    await store.write((txn) =>
      txn.putSyncBase(team, URN, 'editableDatasetProperties', baseRecord('1', { description: 'd' })),
    );
    assert.deepEqual((await read(URN)).body.remotes[0].aspects, ['globalTags']);
    const missing = await read('urn:li:dataset:(urn:li:dataPlatform:hive,nope,PROD)');
    assert.equal(missing.status, 404);
    assert.match(missing.body.message, /Entity urn:li:dataset:\(urn:li:dataPlatform:hive,nope,PROD\) not found/);
    const invalid = await read('not-a-urn');
    assert.equal(invalid.status, 400);
    assert.match(invalid.body.message, /not-a-urn/);
  } finally {
    await server.close();
    await store.close();
  }
});

test('a push plan keeps no local values: each is read when its batch is sent, so an edit made after planning goes out, and its base matches', async () => {
  const dir = tempDir();
  const remotePath = join(dir, 'remote.lmdb');
  const local = openCatalog(join(dir, 'local.lmdb'));
  const stamp = { actor: 'urn:li:corpuser:t', time: 1 };
  try {
    await local.write((txn) => writeAspect(txn, stamp, URN, 'editableDatasetProperties', { description: 'planned' }));
    const remote = new FileRemote(remotePath, true);
    const plan = await planPush(local, remote, {});
    assert.equal(plan.writes, 1);
    assert.deepEqual(
      [...plan.entries()],
      [
        {
          kind: 'write',
          urn: URN,
          entityType: 'dataset',
          aspectName: 'editableDatasetProperties',
          ifVersionMatch: '-1',
        },
      ],
      'the plan holds the key and the version to match, not the value',
    );
    await local.write((txn) =>
      writeAspect(txn, stamp, URN, 'editableDatasetProperties', { description: 'edited after planning' }),
    );
    const summary = await sendPlan(local, remote, plan, newRunId());
    assert.equal(summary.sent, 1);
    await remote.close();
    const check = openCatalog(remotePath, { readOnly: true });
    assert.deepEqual(check.getAspect(URN, 'editableDatasetProperties')?.value, {
      description: 'edited after planning',
    });
    await check.close();
    // The base describes what was sent: nothing is left to push.
    assert.deepEqual([...unpushed(local, remotePath)], []);
  } finally {
    await local.close();
  }
});

test('If-Version-Match -1 on a file remote: written while the aspect is absent, refused once it exists', async () => {
  const path = join(tempDir(), 'remote.lmdb');
  const remote = new FileRemote(path, true);
  try {
    const v1 = await remote.write([write({ description: 'a' }, '-1')], 'run-1');
    assert.equal(v1.get(`${URN}\u0000editableDatasetProperties`), '1');
    await assert.rejects(
      remote.write([write({ description: 'b' }, '-1')], 'run-2'),
      (e: unknown) =>
        e instanceof PreconditionFailedError &&
        /editableDatasetProperties: Expected version -1, actual version 1$/.test(e.message),
    );
    const [entity] = await remote.getEntities([URN]);
    assert.deepEqual(entity?.aspects.get('editableDatasetProperties')?.value, { description: 'a' });
  } finally {
    await remote.close();
  }
});

test('between the two passes of a push: an aspect the remote created or changed meanwhile is not overwritten, the push stops, and the next one merges', async () => {
  const dir = tempDir();
  const remotePath = join(dir, 'remote.lmdb');
  const local = openCatalog(join(dir, 'local.lmdb'));
  const stamp = { actor: 'urn:li:corpuser:t', time: 1 };
  // After URN in the file's order: the new aspect's batch goes first.
  const other = 'urn:li:dataset:(urn:li:dataPlatform:hive,u,PROD)';
  const tags = (...names: string[]) => ({ tags: names.map((n) => ({ tag: `urn:li:tag:${n}` })) });
  try {
    await local.write((txn) => {
      writeAspect(txn, stamp, URN, 'globalTags', tags('ours'));
      writeAspect(txn, stamp, other, 'globalTags', tags('base'));
    });
    // The second dataset is on the remote with a base; the first is new there.
    let remote = new FileRemote(remotePath, true);
    await sendPlan(local, remote, await planPush(local, remote), newRunId());
    await local.write((txn) => writeAspect(txn, stamp, other, 'globalTags', tags('base', 'ours')));
    await remote.close();
    // Both entities get an aspect on the remote after the plan is made.
    const teammate = new FileRemote(remotePath, true);
    await local.write((txn) => writeAspect(txn, stamp, URN, 'editableDatasetProperties', { description: 'ours' }));
    remote = new FileRemote(remotePath, true);
    const plan = await planPush(local, remote);
    assert.deepEqual([plan.writes, plan.conflicts.length], [2, 0]);
    await remote.close();
    await teammate.write(
      [
        write({ description: 'theirs' }, '-1'),
        {
          urn: other,
          entityType: 'dataset',
          aspectName: 'globalTags',
          value: tags('base', 'theirs'),
          ifVersionMatch: '1',
        },
      ],
      'teammate',
    );
    await teammate.close();
    remote = new FileRemote(remotePath, true);
    await assert.rejects(
      sendPlan(local, remote, plan, newRunId(), { batchSize: 1, inFlight: 1 }),
      (e: unknown) =>
        e instanceof PushStopped &&
        e.cause instanceof PreconditionFailedError &&
        /editableDatasetProperties: Expected version -1, actual version 1$/.test(e.message),
    );
    const [first, second] = await remote.getEntities([URN, other]);
    assert.deepEqual(
      first?.aspects.get('editableDatasetProperties')?.value,
      { description: 'theirs' },
      'the remote keeps what was written there',
    );
    assert.deepEqual(second?.aspects.get('globalTags')?.value, tags('base', 'theirs'));
    // Run again: the description now conflicts (both sides set it from nothing), the tags merge.
    const again = await planPush(local, remote);
    assert.deepEqual(
      again.conflicts.map((c) => [c.urn, c.aspect]),
      [[URN, 'editableDatasetProperties']],
    );
    again.close();
    const ours = await planPush(local, remote, { resolve: 'ours' });
    const summary = await sendPlan(local, remote, ours, newRunId());
    assert.deepEqual([summary.sent, summary.merged], [2, 1]);
    const [a, b] = await remote.getEntities([URN, other]);
    assert.deepEqual(a?.aspects.get('editableDatasetProperties')?.value, { description: 'ours' });
    assert.deepEqual(b?.aspects.get('globalTags')?.value, tags('base', 'ours', 'theirs'));
    assert.deepEqual(
      local.getAspect(other, 'globalTags')?.value,
      tags('base', 'ours', 'theirs'),
      'the merge became the local value',
    );
    await remote.close();
    assert.deepEqual([...unpushed(local, remotePath)], []);
  } finally {
    await local.close();
  }
});

test('pull brings the entities the pulled ones point to, each once, also when they are fetched a few at a time as they pile up', async () => {
  const dir = tempDir();
  const remotePath = join(dir, 'remote.lmdb');
  const seed = new FileRemote(remotePath, true);
  const dataset = (i: number) => `urn:li:dataset:(urn:li:dataPlatform:hive,d${i},PROD)`;
  await seed.write(
    [
      ...[0, 1, 2, 3].map((i) => ({
        urn: dataset(i),
        entityType: 'dataset',
        aspectName: 'globalTags',
        value: { tags: [{ tag: `urn:li:tag:t${i % 3}` }, { tag: 'urn:li:tag:known' }] },
      })),
      ...['t0', 't1', 't2', 'known'].map((t) => ({
        urn: `urn:li:tag:${t}`,
        entityType: 'tag',
        aspectName: 'tagProperties',
        value: { name: `remote ${t}` },
      })),
    ],
    'seed',
  );
  await seed.close();
  const stamp = { actor: 'urn:li:corpuser:t', time: 1 };
  const outcomes: unknown[] = [];
  for (const referencedAtMost of [undefined, 1]) {
    const local = openCatalog(join(dir, `local-${referencedAtMost}.lmdb`));
    const remote = new FileRemote(remotePath, false);
    try {
      // A tag the local file holds already is not read from the remote.
      await local.write((txn) => writeAspect(txn, stamp, 'urn:li:tag:known', 'tagProperties', { name: 'local known' }));
      const summary = await pull(local, remote, { slice: { types: ['dataset'] }, pageSize: 2, referencedAtMost });
      outcomes.push({
        entities: summary.entities,
        written: summary.written,
        tags: ['t0', 't1', 't2', 'known'].map((t) => local.getAspect(`urn:li:tag:${t}`, 'tagProperties')?.value),
        platform: local.entityExists('urn:li:dataPlatform:hive'),
      });
    } finally {
      await remote.close();
      await local.close();
    }
  }
  const expected = {
    entities: 7,
    written: 7,
    tags: [{ name: 'remote t0' }, { name: 'remote t1' }, { name: 'remote t2' }, { name: 'local known' }],
    platform: false,
  };
  assert.deepEqual(outcomes, [expected, expected]);
});

test('an HTTP remote writes with one OpenAPI v3 write per entity type and takes the versions from the answer; a server without it gets ingestProposalBatch and a read-back', async () => {
  const store = openCatalog(join(tempDir(), 'served.lmdb'));
  const server = await startServer({ store, port: 0 });
  const seen: string[] = [];
  let v3Writes = true;
  const proxy = await recordingProxy(server.url, (req) => {
    const path = (req.url ?? '').split('?')[0]!;
    seen.push(
      `${req.method} ${path}${(req.url ?? '').includes('action=') ? `?${/action=\w+/.exec(req.url ?? '')![0]}` : ''}`,
    );
    return !v3Writes && req.method === 'POST' && /^\/openapi\/v3\/entity\/\w+$/.test(path);
  });
  const url = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
  const tag = {
    urn: 'urn:li:tag:pii',
    entityType: 'tag',
    aspectName: 'tagProperties',
    value: { name: 'pii' },
    ifVersionMatch: '-1',
  };
  try {
    const remote = new HttpRemote(url, { entityTypeOf, isKeyAspect });
    const versions = await remote.write(
      [write({ description: 'a' }, '-1'), tag, { ...write({ tags: [] }, '-1'), aspectName: 'globalTags' }],
      'run-1',
    );
    assert.deepEqual(Object.fromEntries(versions), {
      [`${URN}\u0000editableDatasetProperties`]: '1',
      [`${URN}\u0000globalTags`]: '1',
      'urn:li:tag:pii\u0000tagProperties': '1',
    });
    assert.deepEqual(seen, ['POST /openapi/v3/entity/dataset', 'POST /openapi/v3/entity/tag'], 'no read-back');
    assert.equal(store.getAspect(URN, 'editableDatasetProperties')?.systemMetadata?.['runId'], 'run-1');
    // A version that does not match refuses that write: nothing of it is written.
    await assert.rejects(
      remote.write([write({ description: 'b' }, '-1')], 'run-2'),
      (e: unknown) =>
        e instanceof PreconditionFailedError && /HTTP 412.*Expected version -1, actual version 1/.test(e.message),
    );
    assert.deepEqual(store.getAspect(URN, 'editableDatasetProperties')?.value, { description: 'a' });

    seen.length = 0;
    v3Writes = false;
    const older = new HttpRemote(url, { entityTypeOf, isKeyAspect });
    const again = await older.write(
      [write({ description: 'b' }, '1'), { ...tag, value: { name: 'PII' }, ifVersionMatch: '1' }],
      'run-3',
    );
    assert.deepEqual(Object.fromEntries(again), {
      [`${URN}\u0000editableDatasetProperties`]: '2',
      'urn:li:tag:pii\u0000tagProperties': '2',
    });
    assert.deepEqual(seen, [
      'POST /openapi/v3/entity/dataset',
      'POST /aspects?action=ingestProposalBatch',
      'POST /openapi/v3/entity/dataset/batchGet',
      'POST /openapi/v3/entity/tag/batchGet',
    ]);
    assert.equal(store.getAspect(URN, 'editableDatasetProperties')?.systemMetadata?.['runId'], 'run-3');
    await assert.rejects(
      older.write([write({ description: 'c' }, '1')], 'run-4'),
      (e: unknown) => e instanceof PreconditionFailedError && /Expected version 1, actual version 2/.test(e.message),
    );
  } finally {
    proxy.close();
    await server.close();
    await store.close();
  }
});

test("an HTTP remote reads an aspect's history: the current value, then older versions newest first, numbered as the remote numbers them, one GET each, at most HISTORY_DEPTH", async () => {
  const store = openCatalog(join(tempDir(), 'served.lmdb'));
  const server = await startServer({ store, port: 0 });
  const seen: string[] = [];
  let look: (req: IncomingMessage) => Look = () => false;
  const proxy = await recordingProxy(server.url, (req) => {
    seen.push(
      `${req.method} ${(req.url ?? '')
        .replace(/\/urn[^/]*\//, '/{urn}/')
        .replace(/\/urn[^/?]*$/, '/{urn}')
        .replace(/&systemMetadata=true/, '')
        .replace(/\?systemMetadata=true$/, '')}`,
    );
    return look(req);
  });
  const url = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
  const stamp = { actor: 'urn:li:corpuser:t', time: 1 };
  const three = 'urn:li:dataset:(urn:li:dataPlatform:hive,three,PROD)';
  const once = 'urn:li:dataset:(urn:li:dataPlatform:hive,once,PROD)';
  const d = (i: number) => ({ description: `d${i}` });
  try {
    await store.write((txn) => {
      for (let i = 1; i <= HISTORY_DEPTH + 5; i++) writeAspect(txn, stamp, URN, 'editableDatasetProperties', d(i));
      for (let i = 1; i <= 3; i++) writeAspect(txn, stamp, three, 'editableDatasetProperties', d(i));
      writeAspect(txn, stamp, once, 'editableDatasetProperties', d(1));
    });
    const remote = new HttpRemote(url, { entityTypeOf, isKeyAspect });
    const history = async (urn: string) =>
      (await remote.history(urn, 'editableDatasetProperties')).map((h) => [
        h.version,
        (h.value as { description: string }).description,
      ]);
    assert.deepEqual(await history(three), [
      ['3', 'd3'],
      ['2', 'd2'],
      ['1', 'd1'],
    ]);
    assert.deepEqual(seen, [
      'POST /openapi/v3/entity/dataset/batchGet',
      'GET /openapi/v3/entity/dataset/{urn}/editableDatasetProperties?version=2',
      'GET /openapi/v3/entity/dataset/{urn}/editableDatasetProperties?version=1',
    ]);
    // The version history gives for the current value is the one a base records for it (getEntities').
    const [current] = await remote.getEntities([three]);
    assert.equal(current?.aspects.get('editableDatasetProperties')?.version, '3');
    seen.length = 0;
    assert.deepEqual(await history(once), [['1', 'd1']]);
    assert.deepEqual(seen, ['POST /openapi/v3/entity/dataset/batchGet'], 'a single version asks for no older one');
    assert.deepEqual(await history('urn:li:dataset:(urn:li:dataPlatform:hive,absent,PROD)'), []);
    seen.length = 0;
    const deep = await history(URN);
    assert.equal(deep.length, HISTORY_DEPTH + 1);
    assert.deepEqual(
      [deep[0], deep[1], deep.at(-1)],
      [
        [String(HISTORY_DEPTH + 5), `d${HISTORY_DEPTH + 5}`],
        [String(HISTORY_DEPTH + 4), `d${HISTORY_DEPTH + 4}`],
        ['5', 'd5'],
      ],
    );
    assert.equal(
      seen.length,
      1 + HISTORY_DEPTH,
      'one batch get, then one GET per older version, no more than the bound',
    );

    // A version the remote no longer holds (DataHub's 404 with Not-Found-Reason): the history stops there, and the next one still reads versions.
    look = (req) =>
      req.url?.includes('?version=1') ? { status: 404, headers: { 'Not-Found-Reason': 'ENTITY' } } : false;
    assert.deepEqual(await history(three), [
      ['3', 'd3'],
      ['2', 'd2'],
    ]);
    seen.length = 0;
    look = () => false;
    assert.deepEqual(await history(three), [
      ['3', 'd3'],
      ['2', 'd2'],
      ['1', 'd1'],
    ]);
    assert.equal(seen.length, 3);
  } finally {
    proxy.close();
    await server.close();
    await store.close();
  }
});

test('an HTTP remote that cannot read an older version (no such route: 404 or 400; or `version` ignored) gives the current value alone, and is not asked again in the run', async () => {
  const store = openCatalog(join(tempDir(), 'served.lmdb'));
  const server = await startServer({ store, port: 0 });
  const seen: string[] = [];
  let look: (req: IncomingMessage) => Look = () => false;
  const proxy = await recordingProxy(server.url, (req) => {
    seen.push(`${req.method} ${(req.url ?? '').split('?')[0]!.replace(/\/urn[^/]*/, '/{urn}')}`);
    return look(req);
  });
  const url = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
  const stamp = { actor: 'urn:li:corpuser:t', time: 1 };
  try {
    await store.write((txn) => {
      for (let i = 1; i <= 3; i++) writeAspect(txn, stamp, URN, 'editableDatasetProperties', { description: `d${i}` });
    });
    const plays: Array<[string, (req: IncomingMessage) => Look]> = [
      ['no route, 404', (req) => req.url?.includes('?version=') === true],
      ['no route, 400', (req) => (req.url?.includes('?version=') ? { status: 400 } : false)],
      [
        'version ignored',
        (req) => (req.url?.includes('?version=') ? { url: req.url.replace(/\?version=\d+&/, '?') } : false),
      ],
    ];
    for (const [name, play] of plays) {
      look = play;
      seen.length = 0;
      const remote = new HttpRemote(url, { entityTypeOf, isKeyAspect });
      const first = await remote.history(URN, 'editableDatasetProperties');
      assert.deepEqual(first, [{ version: '3', value: { description: 'd3' } }], name);
      assert.deepEqual(
        seen,
        ['POST /openapi/v3/entity/dataset/batchGet', 'GET /openapi/v3/entity/dataset/{urn}/editableDatasetProperties'],
        name,
      );
      seen.length = 0;
      assert.deepEqual(await remote.history(URN, 'editableDatasetProperties'), first, name);
      assert.deepEqual(seen, ['POST /openapi/v3/entity/dataset/batchGet'], `${name}: not asked again`);
    }
  } finally {
    proxy.close();
    await server.close();
    await store.close();
  }
});

test('a pull from an HTTP remote never synced reads history only for an aspect both sides hold differently: many unchanged entities send no history request, and an older local value fast-forwards', async () => {
  const dir = tempDir();
  const served = openCatalog(join(dir, 'served.lmdb'));
  const server = await startServer({ store: served, port: 0 });
  const local = openCatalog(join(dir, 'local.lmdb'));
  const versionReads: string[] = [];
  const proxy = await recordingProxy(server.url, (req) => {
    if (req.url?.includes('?version=')) versionReads.push(decodeURIComponent(req.url));
    return false;
  });
  const stamp = { actor: 'urn:li:corpuser:t', time: 1 };
  const dataset = (i: number) => `urn:li:dataset:(urn:li:dataPlatform:hive,same${i},PROD)`;
  try {
    // The same values written on each side on its own (no base), and URN behind here: the server moved on from 'v1'.
    for (const store of [served, local]) {
      await store.write((txn) => {
        for (let i = 0; i < 50; i++)
          writeAspect(txn, stamp, dataset(i), 'editableDatasetProperties', { description: `table ${i}` });
        writeAspect(txn, stamp, URN, 'editableDatasetProperties', { description: 'v1' });
      });
    }
    await served.write((txn) => writeAspect(txn, stamp, URN, 'editableDatasetProperties', { description: 'v2' }));
    const remote = new HttpRemote(`http://127.0.0.1:${(proxy.address() as { port: number }).port}`, {
      entityTypeOf,
      isKeyAspect,
    });
    const summary = await pull(local, remote, { slice: { types: ['dataset'] } });
    assert.deepEqual(summary.conflicts, []);
    assert.deepEqual(
      local.getAspect(URN, 'editableDatasetProperties')?.value,
      { description: 'v2' },
      "fast-forwarded to the server's value",
    );
    assert.deepEqual(
      versionReads,
      [`/openapi/v3/entity/dataset/${URN}/editableDatasetProperties?version=1&systemMetadata=true`],
      'one older version read, for the one aspect that differs',
    );
  } finally {
    proxy.close();
    await server.close();
    await local.close();
    await served.close();
  }
});

test('a pull from an HTTP remote brings soft-deleted entities with their status (the scroll asks for them with includeSoftDelete)', async () => {
  const dir = tempDir();
  const served = openCatalog(join(dir, 'served.lmdb'));
  const server = await startServer({ store: served, port: 0 });
  const local = openCatalog(join(dir, 'local.lmdb'));
  const stamp = { actor: 'urn:li:corpuser:t', time: 1 };
  const kept = 'urn:li:dataset:(urn:li:dataPlatform:hive,kept,PROD)';
  try {
    await served.write((txn) => {
      writeAspect(txn, stamp, URN, 'editableDatasetProperties', { description: 'retired' });
      writeAspect(txn, stamp, kept, 'editableDatasetProperties', { description: 'kept' });
    });
    const remote = new HttpRemote(server.url.replace(/\/$/, ''), { entityTypeOf, isKeyAspect });
    assert.equal((await pull(local, remote, { slice: { types: ['dataset'] } })).entities, 2);
    // Soft-deleted there after the first pull (what the UI's delete and `datahub delete` without --hard do).
    await served.write((txn) => writeAspect(txn, stamp, URN, 'status', { removed: true }));
    const summary = await pull(local, remote, { slice: { types: ['dataset'] } });
    assert.deepEqual([summary.entities, summary.removed, summary.conflicts], [2, 0, []]);
    assert.deepEqual(local.getAspect(URN, 'status')?.value, { removed: true }, 'the soft delete came here');
    assert.deepEqual(
      local.getAspect(URN, 'editableDatasetProperties')?.value,
      { description: 'retired' },
      'the entity itself stays, as it does there',
    );
  } finally {
    await server.close();
    await local.close();
    await served.close();
  }
});

test("an HTTP remote's failures in words: each network cause, a 403, an entity whose urn is not valid, a scroll that repeats its scrollId", async () => {
  const failed = (code: string) =>
    Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error(`${code} happened`), { code }) });
  assert.equal(
    networkCause(failed('ECONNREFUSED')),
    'connection refused (ECONNREFUSED): nothing listens at that address',
  );
  assert.equal(networkCause(failed('ENOTFOUND')), 'no such host (ENOTFOUND)');
  assert.equal(networkCause(failed('EAI_AGAIN')), 'the host name could not be resolved (EAI_AGAIN)');
  assert.equal(
    networkCause(failed('ECONNRESET')),
    'the connection was closed before the answer was complete (ECONNRESET)',
  );
  assert.equal(networkCause(failed('UND_ERR_HEADERS_TIMEOUT')), 'no answer in time (UND_ERR_HEADERS_TIMEOUT)');
  assert.equal(networkCause(failed('EHOSTUNREACH')), 'the host cannot be reached from here (EHOSTUNREACH)');
  assert.equal(
    networkCause(failed('DEPTH_ZERO_SELF_SIGNED_CERT')),
    'its certificate could not be verified (DEPTH_ZERO_SELF_SIGNED_CERT); --insecure skips the check, for a test server only',
  );
  assert.equal(networkCause(failed('EWHATEVER')), 'EWHATEVER happened (EWHATEVER)');
  assert.equal(networkCause(new TypeError('terminated')), 'terminated');

  // A stand-in DataHub: /config as GMS answers it, then what each case needs.
  let answer: (req: IncomingMessage, res: ServerResponse) => void = () => {};
  const server = createServer((req, res) => {
    if (req.url === '/config') res.writeHead(200, { 'content-type': 'application/json' }).end('{"noCode":"true"}');
    else answer(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  try {
    const remote = new HttpRemote(url, { entityTypeOf, isKeyAspect, token: 'tok' });
    await remote.check();
    const all = async () => {
      const pages = [];
      for await (const p of remote.entities(['dataset'], undefined, 10)) pages.push(p);
      return pages;
    };
    answer = (_req, res) =>
      res
        .writeHead(403, { 'content-type': 'application/json' })
        .end('{"message":"Unauthorized to perform this action."}');
    await assert.rejects(
      all(),
      (e: unknown) =>
        e instanceof RemoteAuthError &&
        e.message ===
          `${url} refused GET /openapi/v3/entity/dataset (HTTP 403: Unauthorized to perform this action.): the token's user may not do this`,
    );
    answer = (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"entities":[{"urn":"urn:li:nothing"}]}');
    await assert.rejects(
      all(),
      (e: unknown) =>
        e instanceof RemoteError && e.message.startsWith(`${url} answered an entity whose urn is not valid here: `),
    );
    answer = (_req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ entities: [{ urn: URN }], scrollId: 'same' }));
    await assert.rejects(
      all(),
      (e: unknown) =>
        e instanceof RemoteError &&
        e.message === `${url}: the scroll of dataset answered the same scrollId twice; it would never end`,
    );
    answer = (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"entities":[]}');
    assert.deepEqual(await all(), [{ type: 'dataset', entities: [], last: true }], 'an empty listing is a listing');
    answer = (_req, res) => res.writeHead(404).end();
    assert.deepEqual(await all(), [], 'a type the server does not know is not listed');
  } finally {
    server.closeAllConnections();
    server.close();
  }
});
