/**
 * Remotes are untrusted (issue 43): against the executable, a remote proves what it is before
 * anything is read or written (a stand-in HTTP server in this process that answers 404 to everything,
 * or a page of HTML, at the URL a real `catalog serve` answered before); nothing is removed here
 * without positive evidence, and a pull that would remove a large share of what it covers stops
 * (the emptied teammate's file); `pull --dry-run`; network failures and 401s say what happened and
 * what was written; tokens kept per server URL; URLs checked; the conflict hint that works when
 * followed; a push killed and run again keeps its runId; `diff` names its sides and takes the
 * pull's filters; `status` after a pull by bare URL or path. A property test: a pull from a failing
 * or non-catalog remote never changes the local file.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import {
  catalogCommand,
  mcp,
  ROOT,
  runCli,
  serveCatalog,
  tempDir,
  type RunResult,
  getAspectValue,
  ingestRecords,
} from './helpers.ts';

const ds = (platform: string, name: string) => `urn:li:dataset:(urn:li:dataPlatform:${platform},${name},PROD)`;
const HIVE = ['orders', 'users', 'items', 'carts', 'payments', 'refunds'].map((n) => ds('hive', `shop.${n}`));
const MYSQL = ds('mysql', 'app.sessions');
const tags = (...names: string[]) => ({ tags: names.map((n) => ({ tag: `urn:li:tag:${n}` })) });
const description = (text: string) => ({ description: text });

const ingest = ingestRecords;
const aspect = getAspectValue;

/** The six hive datasets (a tag each) and one mysql dataset: what "the team" holds. */
const TEAM = [
  ...HIVE.map((u) => mcp(u, 'globalTags', tags('pii'))),
  mcp(HIVE[0]!, 'editableDatasetProperties', description('Orders')),
  mcp(MYSQL, 'globalTags', tags('pii')),
];

/** Exactly what a command printed on stderr, and that it failed with exit 1. */
function failedWith(r: RunResult, stderr: string): void {
  assert.equal(r.code, 1, `exit ${r.code}\n${r.stdout}${r.stderr}`);
  assert.equal(r.stderr, stderr);
}

/** What a data file holds, as the CLI shows it: every aspect (export), the sync state (status), the remotes. */
async function snapshot(data: string): Promise<string> {
  // CATALOG_DEBUG: an unexpected error prints its stack too. Once in CI (not reproduced since in 800 rounds of the
  // three at once), one of these exited 1 with lmdb's bare "Invalid argument"; the stack says where, next time.
  const debug = { env: { CATALOG_DEBUG: '1' } };
  const parts = await Promise.all([
    runCli(['export', '-f', '-', '--data', data], debug),
    runCli(['status', '--json', '--data', data], debug),
    runCli(['remote', 'list', '--data', data], debug),
  ]);
  for (const p of parts) assert.equal(p.code, 0, p.stderr);
  return parts.map((p) => p.stdout).join('\n----\n');
}

type Answer = (req: IncomingMessage, res: ServerResponse, body: Buffer) => boolean;

interface StandIn {
  url: string;
  /** How it answers now: undefined passes every request on to the target. */
  answer: Answer | undefined;
  /** `METHOD path` of every request it got. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * An HTTP server in this process at a fixed URL: it passes requests on to `target` (a real `catalog
 * serve`), or answers them itself as `answer` says — a misrouted proxy, another service on the port.
 */
async function standIn(target?: string): Promise<StandIn> {
  const s: StandIn = { url: '', answer: undefined, requests: [], close: async () => {} };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      s.requests.push(`${req.method} ${req.url}`);
      if (s.answer?.(req, res, body)) return;
      if (!target) {
        res.writeHead(502).end();
        return;
      }
      const to = new URL(target);
      const out = request(
        { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
        (r) => {
          res.writeHead(r.statusCode ?? 502, r.headers);
          r.pipe(res);
        },
      );
      out.on('error', () => res.destroy());
      out.end(body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  s.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  s.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return s;
}

const NOT_FOUND: Answer = (_req, res) => {
  res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
  return true;
};
const NGINX =
  '<!DOCTYPE html>\n<html>\n<head>\n<title>Welcome to nginx!</title>\n</head>\n<body><h1>Welcome to nginx!</h1></body>\n</html>\n';
const HTML: Answer = (_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(NGINX);
  return true;
};

/** A port nothing listens on (one just closed). */
async function closedPort(): Promise<number> {
  const s = createNetServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** The team's data file served by `catalog serve`, behind a stand-in, and a laptop file that pulled from it once. */
async function team(records: unknown[] = TEAM) {
  const dir = tempDir();
  const teamData = join(dir, 'team.lmdb');
  const laptop = join(dir, 'laptop.lmdb');
  await ingest(teamData, records);
  const server = await serveCatalog(['serve', '--port', '0', '--data', teamData]);
  const front = await standIn(server.url.replace(/\/$/, ''));
  const first = await runCli(['pull', front.url, '--data', laptop]);
  assert.equal(first.code, 0, first.stderr);
  return {
    dir,
    teamData,
    laptop,
    url: front.url,
    /** The server itself, behind the stand-in. */
    server: server.url.replace(/\/$/, ''),
    front,
    close: async () => {
      await front.close();
      await server.stop();
    },
  };
}

test('a URL that answers 404 to everything, or a page of HTML, after a pull: every command stops naming it and what it answered, and nothing is written', async () => {
  const t = await team();
  try {
    const before = await snapshot(t.laptop);
    const bytes = readFileSync(t.laptop);
    const notDataHub = (what: string, more = '') =>
      `${t.url} is not a server speaking DataHub's protocol: GET /config answered HTTP ${what}${more}; give the URL of DataHub's GMS (often port 8080) or of a \`catalog serve\``;

    t.front.answer = NOT_FOUND;
    failedWith(
      await runCli(['pull', t.url, '--data', t.laptop]),
      `error: pull from ${t.url} stopped: ${notDataHub('404 with text/plain "Not Found"')}. Nothing was written here.\n`,
    );
    failedWith(
      await runCli(['push', t.url, '--dry-run', '--data', t.laptop]),
      `error: push to ${t.url} stopped: ${notDataHub('404 with text/plain "Not Found"')}. Nothing was written there or here.\n`,
    );
    failedWith(
      await runCli(['diff', t.url, '--data', t.laptop]),
      `error: diff with ${t.url} stopped: ${notDataHub('404 with text/plain "Not Found"')}. Nothing was written.\n`,
    );
    // Only /config was asked: nothing more of a server that did not prove what it is.
    assert.deepEqual([...new Set(t.front.requests.slice(-3))], ['GET /config']);

    t.front.answer = HTML;
    const page = '"<!DOCTYPE html> <html> <head> <title>Welcome to nginx!</title> </head> <body><h1…"';
    failedWith(
      await runCli(['pull', t.url, '--data', t.laptop]),
      `error: pull from ${t.url} stopped: ${notDataHub(`200 with text/html ${page}`)}. Nothing was written here.\n`,
    );
    failedWith(
      await runCli(['push', t.url, '--data', t.laptop]),
      `error: push to ${t.url} stopped: ${notDataHub(`200 with text/html ${page}`)}. Nothing was written there or here.\n`,
    );

    // DataHub's frontend answers /config with JSON of its own: named for what it is.
    t.front.answer = (_req, res) => {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ config: { application: 'datahub-frontend', appVersion: '1.0' } }));
      return true;
    };
    failedWith(
      await runCli(['pull', t.url, '--data', t.laptop]),
      `error: pull from ${t.url} stopped: ${t.url} is DataHub's frontend, not its GMS: give the GMS URL (often port 8080), or this URL with /api/gms. Nothing was written here.\n`,
    );
    t.front.answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      return true;
    };
    failedWith(
      await runCli(['pull', t.url, '--data', t.laptop]),
      `error: pull from ${t.url} stopped: ${notDataHub('200 with application/json "{\\"status\\":\\"ok\\"}"', ', without "noCode": "true"')}. Nothing was written here.\n`,
    );
    assert.deepEqual(readFileSync(t.laptop), bytes, 'the data file was not even opened for writing');
    assert.equal(await snapshot(t.laptop), before);

    // A named remote is named too.
    assert.equal((await runCli(['remote', 'add', 'team', t.url, '--data', t.laptop])).code, 0);
    const named = await snapshot(t.laptop);
    t.front.answer = NOT_FOUND;
    failedWith(
      await runCli(['pull', 'team', '--data', t.laptop]),
      `error: pull from team (${t.url}) stopped: ${notDataHub('404 with text/plain "Not Found"')}. Nothing was written here.\n`,
    );
    assert.equal(await snapshot(t.laptop), named);
    // The server answers again: the pull goes through, with nothing to change.
    t.front.answer = undefined;
    assert.match(
      (await runCli(['pull', 'team', '--data', t.laptop])).stdout,
      /: 7 entities, 0 entities removed, 0 aspects written, 8 unchanged, 0 merged, 0 conflicts$/m,
    );
  } finally {
    await t.close();
  }
});

test("a teammate's file that suddenly holds nothing: the pull stops at the fail-safe with the count and writes nothing; --dry-run lists the removals; --fail-safe-threshold 100 lets them through", async () => {
  const dir = tempDir();
  const ana = join(dir, 'from-ana.lmdb');
  const mine = join(dir, 'mine.lmdb');
  await ingest(ana, TEAM);
  assert.equal((await runCli(['pull', ana, '--data', mine])).code, 0);
  // Ana's file is now a valid catalog that holds nothing (made anew, or emptied).
  const emptied = join(dir, 'empty.lmdb');
  await ingest(emptied, []);
  writeFileSync(ana, readFileSync(emptied));
  const before = await snapshot(mine);

  failedWith(
    await runCli(['pull', ana, '--data', mine]),
    `error: pull from ${ana} stopped: the remote no longer holds 7 of the 7 entities this file last synced with it (100%), more than the fail-safe threshold of 75%. ` +
      `Nothing was written here. If this is the remote you meant and the removals are meant, run the pull again with --fail-safe-threshold 100; \`catalog pull ${ana} --dry-run\` lists them first.\n`,
  );
  assert.equal(await snapshot(mine), before);

  const dry = await runCli(['pull', ana, '--dry-run', '--data', mine]);
  assert.equal(dry.code, 1, dry.stderr);
  assert.equal(
    dry.stdout.split('\n').filter((l) => l.startsWith('would remove ') && l.split(' ').length === 3).length,
    7,
    dry.stdout,
  );
  assert.ok(dry.stdout.includes(`would remove ${HIVE[0]} editableDatasetProperties\n`), dry.stdout);
  assert.ok(dry.stdout.includes(`would remove ${MYSQL}\n`), dry.stdout);
  assert.match(
    dry.stdout,
    /^Dry run, nothing was written\. A pull from .* would bring 0 entities; write 0 aspects \(0 merged\); remove 8 aspects and 7 entities; leave 0 unchanged and 0 in conflict$/m,
  );
  assert.equal(
    dry.stderr,
    'The pull itself would stop before writing anything: the remote no longer holds 7 of the 7 entities this file last synced with it (100%), more than the fail-safe threshold of 75%. --fail-safe-threshold 100 lets it remove them.\n',
  );
  assert.equal(await snapshot(mine), before, 'a dry run writes nothing');

  const bad = await runCli(['pull', ana, '--fail-safe-threshold', '150', '--data', mine]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /^error: --fail-safe-threshold takes a percentage from 0 to 100\n/);

  const meant = await runCli(['pull', ana, '--fail-safe-threshold', '100', '--data', mine]);
  assert.equal(meant.code, 0, meant.stderr);
  assert.match(meant.stdout, /: 0 entities, 7 entities removed, 8 aspects written/);
  assert.equal((await runCli(['get', '--urn', HIVE[1]!, '--data', mine])).code, 1, 'gone here too');
});

test('a legitimate removal goes through the fail-safe; a dry run shows what a pull would write, merge, remove and leave in conflict, and writes nothing', async () => {
  const t = await team();
  try {
    // There: one dataset removed altogether, one tag added, the description changed; here: the description changed too.
    const post = async (path: string, body: unknown) => {
      const res = await fetch(t.url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      assert.equal(res.status, 200, await res.text());
    };
    const propose = (urn: string, name: string, value: unknown) =>
      post('/aspects?action=ingestProposal', {
        proposal: {
          entityType: 'dataset',
          entityUrn: urn,
          changeType: 'UPSERT',
          aspectName: name,
          aspect: { value: JSON.stringify(value), contentType: 'application/json' },
        },
        async: 'false',
      });
    await post('/entities?action=delete', { urn: HIVE[5] });
    await propose(HIVE[1]!, 'globalTags', tags('pii', 'gold'));
    await propose(HIVE[0]!, 'editableDatasetProperties', description('Orders, one row each'));
    await ingest(t.laptop, [mcp(HIVE[0]!, 'editableDatasetProperties', description('All orders'))]);
    const before = await snapshot(t.laptop);

    const dry = await runCli(['pull', t.url, '--dry-run', '--data', t.laptop]);
    assert.equal(dry.code, 1, 'a pull would leave a conflict');
    assert.equal(
      dry.stdout,
      `would write ${HIVE[1]} globalTags\nwould remove ${HIVE[5]} globalTags\nwould remove ${HIVE[5]}\n` +
        `Dry run, nothing was written. A pull from ${t.url} would bring 6 entities; write 1 aspects (0 merged); remove 1 aspects and 1 entities; leave 5 unchanged and 1 in conflict\n`,
    );
    assert.match(dry.stderr, /^CONFLICT .*shop\.orders.* editableDatasetProperties description\n/);
    assert.ok(
      dry.stderr.endsWith(
        'A pull would leave the conflicting aspects as they are here and take everything else; --ours or --theirs would settle them.\n',
      ),
      dry.stderr,
    );
    assert.equal(await snapshot(t.laptop), before, 'a dry run writes nothing');
    const json = JSON.parse((await runCli(['pull', t.url, '--dry-run', '--json', '--data', t.laptop])).stdout);
    assert.deepEqual(
      [json.dryRun, json.removed, json.written, json.conflicts.length, json.changes.length],
      [true, 1, 2, 1, 3],
    );

    // 1 of the 7 is far below the threshold: the real pull removes it.
    const pulled = await runCli(['pull', t.url, '--theirs', '--data', t.laptop]);
    assert.equal(pulled.code, 0, pulled.stderr);
    assert.match(
      pulled.stdout,
      /: 6 entities, 1 entities removed, 3 aspects written, 5 unchanged, 1 merged, 0 conflicts$/m,
    );
  } finally {
    await t.close();
  }
});

test('nothing is removed without positive evidence: a type the remote does not list removes nothing, and a remote that lists no type asked for is refused', async () => {
  const t = await team();
  try {
    const before = await snapshot(t.laptop);
    // A server (its /config is DataHub's) that does not know datasets: answered 404 on their scroll.
    t.front.answer = (req, res) => {
      if (!req.url?.startsWith('/openapi/v3/entity/dataset?')) return false;
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"no such entity type"}');
      return true;
    };
    const pulled = await runCli(['pull', t.url, '--data', t.laptop]);
    assert.equal(pulled.code, 0, pulled.stderr);
    assert.match(pulled.stdout, /: 0 entities, 0 entities removed, 0 aspects written/);
    assert.equal(
      pulled.stderr,
      `note: ${t.url} does not list entity types dataset: their entities here were neither updated nor checked for removal\n`,
    );
    assert.equal(
      (await runCli(['export', '-f', '-', '--data', t.laptop])).stdout,
      (await runCli(['export', '-f', '-', '--data', t.laptop])).stdout,
    );
    for (const urn of [...HIVE, MYSQL])
      assert.equal((await runCli(['get', '--urn', urn, '--data', t.laptop])).code, 0, `${urn} is still here`);

    // No type at all: the scroll answered 404 for every one.
    t.front.answer = (req, res) => {
      if (!/^\/openapi\/v3\/entity\/\w+\?/.test(req.url ?? '')) return false;
      res.writeHead(404).end();
      return true;
    };
    failedWith(
      await runCli(['pull', t.url, '--type', 'dataset', '--type', 'tag', '--data', t.laptop]),
      `error: pull from ${t.url} stopped: ${t.url} lists none of the entity types asked for (dataset, tag): it answered each as a type it does not know. Nothing was written here; the pull can be run again.\n`,
    );
    // A scroll answered 200 with something that is not a page of entities is a failed listing.
    t.front.answer = (req, res) => {
      if (!/^\/openapi\/v3\/entity\/\w+\?/.test(req.url ?? '')) return false;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"results":[]}');
      return true;
    };
    failedWith(
      await runCli(['pull', t.url, '--data', t.laptop]),
      `error: pull from ${t.url} stopped: ${t.url}: GET /openapi/v3/entity/dataset answered HTTP 200 with "{\\"results\\":[]}", not a page of entities. Nothing was written here; the pull can be run again.\n`,
    );
    const after = await snapshot(t.laptop);
    // The one pull that went through recorded nothing new: same aspects, same sync state.
    assert.equal(after, before);
  } finally {
    await t.close();
  }
});

test('network failures name the remote and the cause, say what was written, and that the command can be run again', async () => {
  const dir = tempDir();
  const fresh = join(dir, 'fresh.lmdb');
  const port = await closedPort();
  const refused = `http://127.0.0.1:${port}`;
  failedWith(
    await runCli(['pull', refused, '--data', fresh]),
    `error: pull from ${refused} stopped: no answer from ${refused} to GET /config: connection refused (ECONNREFUSED): nothing listens at that address. Nothing was written here; run the pull again once it answers.\n`,
  );
  failedWith(
    await runCli(['push', 'http://no-such-host.invalid:8080', '--data', fresh]),
    'error: push to http://no-such-host.invalid:8080 stopped: no answer from http://no-such-host.invalid:8080 to GET /config: no such host (ENOTFOUND). Nothing was written there or here; run the push again once it answers.\n',
  );
  assert.equal((await runCli(['remote', 'add', 'team', refused, '--data', fresh])).code, 0);
  failedWith(
    await runCli(['diff', 'team', '--data', fresh]),
    `error: diff with team (${refused}) stopped: no answer from ${refused} to GET /config: connection refused (ECONNREFUSED): nothing listens at that address. Nothing was written; run the diff again once it answers.\n`,
  );

  // A server that dies in the middle of a pull: the page pulled before is kept, and the pull goes on when run again.
  const t = await team();
  try {
    const laptop = join(dir, 'laptop.lmdb');
    let scrolls = 0;
    t.front.answer = (req) => {
      // The datasets' page goes through; the connection dies on the next type's.
      if (/^\/openapi\/v3\/entity\/\w+\?/.test(req.url ?? '') && ++scrolls === 2) {
        req.socket.destroy();
        return true;
      }
      return false;
    };
    const cut = await runCli(['pull', t.url, '--data', laptop]);
    assert.equal(cut.code, 1, cut.stdout);
    assert.match(
      cut.stderr,
      new RegExp(
        `^error: pull from ${t.url} stopped: no answer from ${t.url} to GET /openapi/v3/entity/\\w+: the connection was closed before the answer was complete \\(UND_ERR_SOCKET\\)\\. 8 changes written here before it stopped are kept; run the pull again to continue\\.\\n$`,
      ),
    );
    t.front.answer = undefined;
    const again = await runCli(['pull', t.url, '--data', laptop]);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /: 7 entities, 0 entities removed, 0 aspects written, 8 unchanged/);

    // A server that dies in the middle of a push: what it acknowledged is recorded, the rest goes when run again.
    await ingest(
      laptop,
      HIVE.map((u, i) => mcp(u, 'editableDatasetProperties', description(`table ${i}, edited`))),
    );
    let writes = 0;
    t.front.answer = (req) => {
      if (req.method === 'POST' && /^\/openapi\/v3\/entity\/dataset\?/.test(req.url ?? '') && ++writes === 1) {
        req.socket.destroy();
        return true;
      }
      return false;
    };
    const pushed = await runCli(['push', t.url, '--data', laptop]);
    assert.equal(pushed.code, 1, pushed.stdout);
    const runId = /under runId (\S+)\n/.exec(pushed.stdout)?.[1];
    assert.ok(runId, pushed.stdout);
    assert.match(
      pushed.stderr,
      new RegExp(
        `^error: push to ${t.url} stopped: no answer from ${t.url} to POST /openapi/v3/entity/dataset: the connection was closed before the answer was complete \\(UND_ERR_SOCKET\\)\\. ` +
          `The remote acknowledged [0-5] of 6 aspects under runId ${runId}, recorded here; a batch cut off may have been written there too\\. Run the push again: it compares first, and continues under runId ${runId}\\.\\n$`,
      ),
    );
  } finally {
    await t.close();
  }
});

test("a push killed and run again continues under the first run's runId, so one rollback undoes all of it", async () => {
  // 150 datasets: a push of them takes two batches of 100.
  const many = Array.from({ length: 150 }, (_, i) => ds('hive', `wide.t${i}`));
  const t = await team(many.map((u) => mcp(u, 'editableDatasetProperties', description('table'))));
  try {
    await ingest(
      t.laptop,
      many.map((u, i) => mcp(u, 'editableDatasetProperties', description(`table ${i}, edited`))),
    );
    // The push is killed when its second batch arrives (the first may or may not be acknowledged by then).
    const [cmd, args] = catalogCommand(['push', t.url, '--data', t.laptop]);
    const child = spawn(cmd, args, {
      cwd: ROOT,
      env: { ...process.env, CATALOG_DATA: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<void>((r) => child.on('exit', () => r()));
    let writes = 0;
    t.front.answer = (req) => {
      if (req.method === 'POST' && /^\/openapi\/v3\/entity\/dataset\?/.test(req.url ?? '') && ++writes === 2) {
        child.kill('SIGKILL');
        req.socket.destroy();
        return true;
      }
      return false;
    };
    await exited;
    assert.equal(child.signalCode, 'SIGKILL');
    const first = /under runId (\S+)\n/.exec(out)?.[1];
    assert.ok(first, out);
    t.front.answer = undefined;

    const again = await runCli(['push', t.url, '--data', t.laptop]);
    assert.equal(again.code, 0, again.stderr);
    assert.equal(again.stdout.split('\n')[0], `Continuing the unfinished push to ${t.url} under its runId ${first}`);
    assert.match(again.stdout, new RegExp(`, runId ${first}\\n`));
    // Every edited aspect there carries the one runId.
    for (const urn of many) {
      const res = await fetch(`${t.url}/openapi/v3/entity/dataset/${encodeURIComponent(urn)}?systemMetadata=true`);
      assert.equal(((await res.json()) as any).editableDatasetProperties.systemMetadata.runId, first, urn);
    }
    // The push finished: the next one starts a run of its own.
    await ingest(t.laptop, [mcp(many[0]!, 'editableDatasetProperties', description('once more'))]);
    const next = await runCli(['push', t.url, '--data', t.laptop]);
    assert.match(next.stdout, /^Pushing to .* under runId (\S+)\n/);
    assert.notEqual(/under runId (\S+)\n/.exec(next.stdout)?.[1], first);
  } finally {
    await t.close();
  }
});

test('a push that meets a change made there between its two passes stops, says what was acknowledged, and continues under its runId', async () => {
  const t = await team();
  try {
    await ingest(t.laptop, [mcp(HIVE[0]!, 'editableDatasetProperties', description('All orders'))]);
    // Someone changes the description there just as the push's write arrives.
    t.front.answer = (req, res, body) => {
      if (req.method !== 'POST' || !/^\/openapi\/v3\/entity\/dataset\?/.test(req.url ?? '')) return false;
      t.front.answer = undefined;
      const proposal = {
        entityType: 'dataset',
        entityUrn: HIVE[0],
        changeType: 'UPSERT',
        aspectName: 'editableDatasetProperties',
        aspect: { value: JSON.stringify(description('Orders, theirs')), contentType: 'application/json' },
      };
      void fetch(`${t.server}/aspects?action=ingestProposal`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ proposal, async: 'false' }),
      }).then(async () => {
        const forwarded = await fetch(t.server + req.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: body.toString(),
        });
        res.writeHead(forwarded.status, { 'content-type': 'application/json' }).end(await forwarded.text());
      });
      return true;
    };
    const pushed = await runCli(['push', t.url, '--data', t.laptop]);
    assert.equal(pushed.code, 1, pushed.stdout);
    const runId = /under runId (\S+)\n/.exec(pushed.stdout)?.[1];
    assert.match(
      pushed.stderr,
      new RegExp(
        `^error: push to ${t.url} stopped: ${t.url}: POST /openapi/v3/entity/dataset failed with HTTP 412: .*Expected version 1, actual version 2.*\\. The remote changed while pushing: it acknowledged 0 of 1 aspects, recorded here\\. Run the push again: it compares first, and continues under runId ${runId}\\.\\n$`,
      ),
    );
    // Run again: the change there is merged (a conflict on the description, settled here with --ours) under the same runId.
    const again = await runCli(['push', t.url, '--ours', '--data', t.laptop]);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, new RegExp(`^Continuing the unfinished push to ${t.url} under its runId ${runId}\n`));
  } finally {
    await t.close();
  }
});

/** A `catalog serve --auth` of a fresh file holding TEAM, and a token for it. */
async function securedServer(dir: string, name: string) {
  const data = join(dir, `${name}.lmdb`);
  await ingest(data, TEAM);
  const created = await runCli(['token', 'create', '--user', 'datahub', '--name', name, '--data', data]);
  assert.equal(created.code, 0, created.stderr);
  const server = await serveCatalog(['serve', '--auth', '--port', '0', '--data', data]);
  return { url: server.url.replace(/\/$/, ''), token: created.stdout.split('\n')[0]!, stop: () => server.stop() };
}

test('a 401 says how to give a token; tokens are kept per server URL, forgotten with the last remote that uses them; remote add is all or nothing', async () => {
  const dir = tempDir();
  const credentials = join(dir, 'credentials');
  const env = { CATALOG_CREDENTIALS: credentials, DATAHUB_GMS_TOKEN: '' };
  const prod = await securedServer(dir, 'prod');
  const staging = await securedServer(dir, 'staging');
  try {
    const laptop = join(dir, 'laptop.lmdb');
    const other = join(dir, 'other.lmdb');
    failedWith(
      await runCli(['pull', prod.url, '--data', laptop], { env }),
      `error: pull from ${prod.url} stopped: ${prod.url} wants a token: GET /openapi/v3/entity/dataset answered HTTP 401 and no token was sent. ` +
        `Give a token with --token TOKEN, keep one for this server with \`catalog remote add NAME ${prod.url} --token TOKEN\`, or set DATAHUB_GMS_TOKEN. Nothing was written here; the pull can be run again.\n`,
    );
    const wrong = await runCli(['pull', prod.url, '--token', staging.token, '--data', laptop], { env });
    assert.equal(wrong.code, 1);
    assert.match(
      wrong.stderr,
      new RegExp(
        `^error: pull from ${prod.url} stopped: ${prod.url} did not accept the token: GET /openapi/v3/entity/dataset answered HTTP 401: .* \\(the token may have expired or been revoked\\)\\. Give a token with --token TOKEN`,
      ),
    );

    // Two data files both call their remote "team", for two servers: each keeps its own token.
    assert.equal(
      (await runCli(['remote', 'add', 'team', prod.url, '--token', prod.token, '--data', laptop], { env })).code,
      0,
    );
    const added = await runCli(['remote', 'add', 'team', staging.url, '--token', staging.token, '--data', other], {
      env,
    });
    assert.equal(added.stdout, `Added remote team → ${staging.url}\nToken kept in ${credentials}\n`);
    assert.equal(readFileSync(credentials, 'utf8'), `${prod.url} ${prod.token}\n${staging.url} ${staging.token}\n`);
    assert.equal((await runCli(['pull', 'team', '--data', laptop], { env })).code, 0);
    assert.equal((await runCli(['pull', 'team', '--data', other], { env })).code, 0);
    // Named before without its token: the 401 says how, and adding the same name and URL with --token keeps it.
    const third = join(dir, 'third.lmdb');
    assert.equal((await runCli(['remote', 'add', 'prod', prod.url, '--data', third], { env })).code, 0);
    const asked = await runCli(['pull', 'prod', '--data', third], {
      env: { ...env, CATALOG_CREDENTIALS: join(dir, 'none') },
    });
    assert.match(
      asked.stderr,
      new RegExp(`keep one for this server with \`catalog remote add prod ${prod.url} --token TOKEN\``),
    );
    const kept = await runCli(['remote', 'add', 'prod', prod.url, '--token', prod.token, '--data', third], { env });
    assert.equal(kept.stdout, `Kept a new token for prod (${prod.url}) in ${credentials}\n`);
    // A line of an older release (NAME URL TOKEN) is still read.
    writeFileSync(credentials, `team ${prod.url} ${prod.token}\n${staging.url} ${staging.token}\n`, { mode: 0o600 });
    assert.equal((await runCli(['pull', 'team', '--data', laptop], { env })).code, 0);

    // remote remove forgets the token no other remote of the file uses.
    assert.equal((await runCli(['remote', 'add', 'mirror', staging.url, '--data', other], { env })).code, 0);
    const removed = await runCli(['remote', 'remove', 'team', '--data', other], { env });
    assert.equal(removed.stdout, 'Removed remote team\n', 'mirror still uses the staging URL: its token stays');
    assert.ok(readFileSync(credentials, 'utf8').includes(staging.token));
    assert.equal(
      (await runCli(['remote', 'remove', 'mirror', '--data', other], { env })).stdout,
      `Removed remote mirror\nRemoved its token from ${credentials}\n`,
    );
    assert.equal(readFileSync(credentials, 'utf8'), `${prod.url} ${prod.token}\n`);

    // All or nothing: a credentials file others can read refuses the add before the data file is touched…
    chmodSync(credentials, 0o644);
    const loose = await runCli(['remote', 'add', 'stage', staging.url, '--token', staging.token, '--data', other], {
      env,
    });
    assert.equal(loose.code, 1);
    assert.equal(
      loose.stderr,
      `error: ${credentials} is readable by others (mode 0644): it holds tokens, so it must be readable by its owner only; run: chmod 600 ${credentials}\n`,
    );
    chmodSync(credentials, 0o600);
    assert.equal(
      (await runCli(['remote', 'list', '--data', other], { env })).stdout.includes('stage'),
      false,
      'no remote was added',
    );
    // …and a name the data file refuses keeps no token.
    const taken = await runCli(['remote', 'add', 'team', staging.url, '--token', staging.token, '--data', laptop], {
      env,
    });
    assert.equal(taken.code, 1);
    assert.equal(taken.stderr, `error: remote team exists already (${prod.url}); remove it first\n`);
    assert.equal(readFileSync(credentials, 'utf8'), `${prod.url} ${prod.token}\n`);
  } finally {
    await prod.stop();
    await staging.stop();
  }
});

test('a remote\'s URL needs http:// or https://; HOST:PORT gets a "did you mean"', async () => {
  const data = join(tempDir(), 'c.lmdb');
  const refused = async (args: string[], stderr: string) => {
    const r = await runCli([...args, '--data', data]);
    assert.equal(r.code, 1, r.stdout);
    assert.equal(r.stderr, stderr);
  };
  await refused(
    ['remote', 'add', 'team', '127.0.0.1:8080'],
    'error: 127.0.0.1:8080 is neither a URL nor an existing data file; did you mean http://127.0.0.1:8080?\n',
  );
  await refused(
    ['remote', 'add', 'team', 'datahub-gms.internal:8080/gms'],
    'error: datahub-gms.internal:8080/gms is neither a URL nor an existing data file; did you mean http://datahub-gms.internal:8080/gms?\n',
  );
  await refused(
    ['remote', 'add', 'team', 'htp://datahub.internal:8080'],
    "error: htp://datahub.internal:8080: a remote's URL starts with http:// or https:// (or postgres:// for DataHub's database), not htp://\n",
  );
  await refused(
    ['pull', 'localhost:8080'],
    'error: localhost:8080 is neither a URL nor an existing data file; did you mean http://localhost:8080?\n',
  );
  // diff compares with a data file that must exist (a read command makes none).
  assert.equal((await runCli(['ingest', '-f', 'test/fixtures/sample-tutorial-mcps.json', '--data', data])).code, 0);
  await refused(
    ['diff', 'ftp://files.internal/catalog.lmdb'],
    "error: ftp://files.internal/catalog.lmdb: a remote's URL starts with http:// or https:// (or postgres:// for DataHub's database), not ftp://\n",
  );
  await refused(
    ['remote', 'add', 'team', 'http://datahub gms:8080'],
    'error: http://datahub gms:8080 is not a valid URL\n',
  );
  assert.equal((await runCli(['remote', 'list', '--data', data])).stdout, '');
});

const column = (fieldPath: string, text?: string) => ({ fieldPath, ...(text !== undefined && { description: text }) });
const columns = (v: any): string[] =>
  (v?.editableSchemaFieldInfo ?? v?.fields ?? []).map((c: { fieldPath: string }) => c.fieldPath);

test("the conflict hint says only what works: edit the aspect here and pull again settles it, the remote's other changes still come in, and the push then sends it", async () => {
  const dir = tempDir();
  const ana = join(dir, 'from-ana.lmdb');
  const mine = join(dir, 'mine.lmdb');
  await ingest(mine, [mcp(HIVE[0]!, 'editableSchemaMetadata', { editableSchemaFieldInfo: [column('id', 'the key')] })]);
  assert.equal((await runCli(['backup', '-f', ana, '--data', mine])).code, 0);
  assert.equal((await runCli(['pull', ana, '--data', mine])).code, 0);
  // There: column id described one way, a column added; here: column id described another way.
  await ingest(ana, [
    mcp(HIVE[0]!, 'editableSchemaMetadata', {
      editableSchemaFieldInfo: [column('id', 'order id'), column('total', 'in cents')],
    }),
  ]);
  await ingest(mine, [
    mcp(HIVE[0]!, 'editableSchemaMetadata', { editableSchemaFieldInfo: [column('id', 'primary key')] }),
  ]);

  const conflicted = await runCli(['pull', ana, '--data', mine]);
  assert.equal(conflicted.code, 1);
  assert.equal(
    conflicted.stderr,
    `CONFLICT ${HIVE[0]} editableSchemaMetadata editableSchemaFieldInfo[fieldPath=id].description\n  base:   "the key"\n  local:  "primary key"\n  remote: "order id"\n` +
      "Conflicting aspects were left as they are here; everything else was pulled. Settle them with --ours (keep this file's values) or --theirs (take the remote's), or edit them here and pull again: an aspect edited after this pull counts as settled, this file's value kept wherever both sides changed it.\n",
  );
  // Pulled again without an edit: the same conflict.
  assert.equal((await runCli(['pull', ana, '--data', mine])).code, 1);

  // Edited as the hint says, then pulled again: settled, with the other side's new column.
  await ingest(mine, [
    mcp(HIVE[0]!, 'editableSchemaMetadata', { editableSchemaFieldInfo: [column('id', 'order id (primary key)')] }),
  ]);
  const settled = await runCli(['pull', ana, '--data', mine]);
  assert.equal(settled.code, 0, settled.stderr);
  assert.match(settled.stdout, /, 1 merged, 0 conflicts$/m);
  const merged = await aspect(mine, HIVE[0]!, 'editableSchemaMetadata');
  assert.deepEqual(merged.editableSchemaFieldInfo, [
    column('id', 'order id (primary key)'),
    column('total', 'in cents'),
  ]);
  const status = await runCli(['status', '--data', mine]);
  assert.ok(status.stdout.includes(`  ${HIVE[0]}  editableSchemaMetadata`), status.stdout);
  const pushed = await runCli(['push', ana, '--data', mine]);
  assert.equal(pushed.code, 0, pushed.stderr);
  assert.match(pushed.stdout, /1 aspects sent/);
  assert.deepEqual(
    (await aspect(ana, HIVE[0]!, 'editableSchemaMetadata')).editableSchemaFieldInfo,
    merged.editableSchemaFieldInfo,
  );
  assert.equal((await runCli(['diff', ana, '--data', mine])).code, 0);

  // A push that meets a conflict points to what works.
  await ingest(ana, [mcp(HIVE[0]!, 'editableDatasetProperties', description('theirs'))]);
  assert.equal((await runCli(['pull', ana, '--data', mine])).code, 0);
  await ingest(ana, [mcp(HIVE[0]!, 'editableDatasetProperties', description('theirs, again'))]);
  await ingest(mine, [mcp(HIVE[0]!, 'editableDatasetProperties', description('mine'))]);
  const refused = await runCli(['push', ana, '--data', mine]);
  assert.equal(refused.code, 1);
  assert.ok(
    refused.stderr.endsWith(
      "Push stopped before writing anything: 1 conflicts. Settle them with --ours (send this file's values) or --theirs (take the remote's here), or pull first: it takes the rest, and an aspect edited here after that pull counts as settled.\n",
    ),
    refused.stderr,
  );
});

test("a merge with no common base keeps this file's column order", async () => {
  const dir = tempDir();
  const mine = join(dir, 'mine.lmdb');
  const theirs = join(dir, 'theirs.lmdb');
  const schema = (...names: string[]) => ({
    schemaName: 'orders',
    platform: 'urn:li:dataPlatform:hive',
    version: 0,
    hash: '',
    platformSchema: { com_linkedin_schema_OtherSchema: { rawSchema: '' } },
    fields: names.map((n) => ({
      fieldPath: n,
      nativeDataType: 'string',
      type: { type: { com_linkedin_schema_StringType: {} } },
    })),
  });
  // Two files that never synced, each describing the table on its own.
  await ingest(mine, [mcp(HIVE[0]!, 'schemaMetadata', schema('order_id', 'customer', 'placed_at'))]);
  await ingest(theirs, [mcp(HIVE[0]!, 'schemaMetadata', schema('order_id', 'amount', 'customer', 'currency'))]);
  const pulled = await runCli(['pull', theirs, '--data', mine, '--json']);
  assert.equal(pulled.code, 0, pulled.stderr);
  assert.equal(JSON.parse(pulled.stdout).merged, 1);
  assert.deepEqual(columns(await aspect(mine, HIVE[0]!, 'schemaMetadata')), [
    'order_id',
    'customer',
    'placed_at',
    'amount',
    'currency',
  ]);
});

test("diff names its sides and takes the pull's filters; status lists a remote pulled from by bare URL or path", async () => {
  const t = await team();
  try {
    // A laptop that pulled only the hive slice, then edited a description.
    const laptop = join(t.dir, 'slice.lmdb');
    assert.equal((await runCli(['remote', 'add', 'team', t.url, '--data', laptop])).code, 0);
    assert.equal((await runCli(['pull', 'team', '--platform', 'hive', '--data', laptop])).code, 0);
    await ingest(laptop, [mcp(HIVE[0]!, 'editableDatasetProperties', description('All orders'))]);

    const whole = await runCli(['diff', 'team', '--data', laptop]);
    assert.equal(whole.code, 1);
    assert.ok(
      whole.stdout.startsWith('Comparing team with here: "-" only on team, "+" only here, "~ a (team) → b (here)"\n'),
      whole.stdout,
    );
    assert.ok(
      whole.stdout.includes(
        `~ ${HIVE[0]}\n    editableDatasetProperties: ~ description: "Orders" (team) → "All orders" (here)\n`,
      ),
      whole.stdout,
    );
    assert.ok(whole.stdout.includes(`- ${MYSQL} (only on team)\n`), 'outside the slice: only there');

    const slice = await runCli(['diff', 'team', '--platform', 'hive', '--data', laptop]);
    assert.equal(slice.code, 1);
    assert.ok(!slice.stdout.includes(MYSQL), slice.stdout);
    assert.ok(slice.stdout.includes(`~ ${HIVE[0]}\n`), slice.stdout);
    const json = JSON.parse((await runCli(['diff', 'team', '--platform', 'hive', '--json', '--data', laptop])).stdout);
    assert.deepEqual([json.remote, json.before, json.after, json.entities.length], ['team', 'team', 'here', 1]);
    const others = await runCli(['diff', 'team', '--urn', HIVE[1]!, '--urn', HIVE[2]!, '--data', laptop]);
    assert.equal(others.code, 0, others.stdout);
    assert.equal(others.stdout, 'No differences with team (2 entities)\n');
    const filtered = await runCli([
      'diff',
      t.url,
      '--type',
      'dataset',
      '--platform',
      'hive',
      '--tag',
      'pii',
      '--data',
      t.laptop,
    ]);
    assert.equal(filtered.stdout, `No differences with ${t.url} (6 entities)\n`, filtered.stderr);

    // `catalog pull URL` and `catalog pull ./file.lmdb` leave a remote status lists.
    await ingest(t.laptop, [mcp(HIVE[1]!, 'editableDatasetProperties', description('Users'))]);
    assert.equal(
      (await runCli(['status', '--data', t.laptop])).stdout,
      `${t.url}: 1 entities with unpushed changes\n  ${HIVE[1]}  editableDatasetProperties\n`,
    );
    const copy = join(t.dir, 'copy.lmdb');
    assert.equal((await runCli(['pull', t.laptop, '--data', copy])).code, 0);
    await ingest(copy, [mcp(HIVE[2]!, 'editableDatasetProperties', description('Items'))]);
    assert.equal(
      (await runCli(['status', '--data', copy])).stdout,
      `${t.laptop}: 1 entities with unpushed changes\n  ${HIVE[2]}  editableDatasetProperties\n`,
    );
    assert.deepEqual(
      JSON.parse((await runCli(['status', '--json', '--data', copy])).stdout).map((r: any) => [
        r.remote,
        r.location,
        r.entities.length,
      ]),
      [[null, t.laptop, 1]],
    );
    // Named afterwards, the name takes the place of the bare location.
    assert.equal((await runCli(['remote', 'add', 'laptop', t.laptop, '--data', copy])).code, 0);
    assert.equal((await runCli(['remote', 'list', '--data', copy])).stdout, `laptop\t${t.laptop}\n`);
    assert.match(
      (await runCli(['status', '--data', copy])).stdout,
      /^laptop \(.*\): 1 entities with unpushed changes\n/,
    );
  } finally {
    await t.close();
  }
});

/** Bodies a broken or foreign server might answer with. */
const BODIES = [
  '',
  'Not Found',
  NGINX,
  '{}',
  '[]',
  'null',
  '{"message":"boom"}',
  '{"entities":[]}',
  '{"entities":[],"scrollId":"next"}',
  '{"entities":null}',
  '{"entities":[{"urn":"not an urn"}]}',
  '{"noCode":"true"}',
  '{"ent',
  JSON.stringify([{ urn: HIVE[0] }]),
];

type Reply = { kind: 'reset' } | { kind: 'http'; status: number; type: string; body: string };

test('property: a pull from a failing or non-catalog remote fails saying nothing was written, and never changes the local file', async () => {
  const t = await team();
  try {
    const before = await snapshot(t.laptop);
    const bytes = readFileSync(t.laptop);
    const reply: fc.Arbitrary<Reply> = fc.oneof(
      fc.constant({ kind: 'reset' as const }),
      fc.record({
        kind: fc.constant('http' as const),
        status: fc.constantFrom(200, 200, 200, 204, 302, 400, 401, 403, 404, 500, 503),
        type: fc.constantFrom('application/json', 'text/html', 'text/plain'),
        body: fc.constantFrom(...BODIES),
      }),
    );
    const json = (body: string): Reply => ({ kind: 'http', status: 200, type: 'application/json', body });
    // Many servers answer as an empty DataHub would (/config, an empty listing, batch gets that find
    // nothing), so that the fail-safe, not only the checks before it, is what a run meets.
    const config = fc.oneof(reply, fc.constant(json('{"noCode":"true"}')));
    const scroll = fc.oneof(
      { weight: 2, arbitrary: reply },
      { weight: 3, arbitrary: fc.constantFrom(json('{"entities":[]}'), json('{"entities":[],"scrollId":null}')) },
    );
    const batchGet = fc.oneof(
      { weight: 2, arbitrary: reply },
      { weight: 3, arbitrary: fc.constantFrom(json('[]'), json(JSON.stringify([{ urn: HIVE[0] }]))) },
    );
    let past = 0;
    let empty = 0;
    await fc.assert(
      fc.asyncProperty(fc.record({ config, scroll, batchGet, other: reply }), async (server) => {
        const from = t.front.requests.length;
        t.front.answer = (req, res) => {
          const url = req.url ?? '';
          const r =
            url === '/config'
              ? server.config
              : req.method === 'GET' && /^\/openapi\/v3\/entity\/\w+\?/.test(url)
                ? server.scroll
                : url.includes('/batchGet')
                  ? server.batchGet
                  : server.other;
          if (r.kind === 'reset') req.socket.destroy();
          else
            res
              .writeHead(r.status, {
                'content-type': r.type,
                ...(r.status === 302 && { location: 'http://elsewhere.invalid/' }),
              })
              .end(r.status === 204 ? undefined : r.body);
          return true;
        };
        const pulled = await runCli(['pull', t.url, '--data', t.laptop]);
        assert.equal(pulled.code, 1, `${JSON.stringify(server)}\n${pulled.stdout}${pulled.stderr}`);
        assert.match(
          pulled.stderr,
          new RegExp(`^error: pull from ${t.url} stopped: .*\\. Nothing was written here[.;]`),
          JSON.stringify(server),
        );
        const asked = t.front.requests.slice(from);
        if (asked.every((r) => r === 'GET /config'))
          assert.deepEqual(readFileSync(t.laptop), bytes, 'refused at /config: the file was not opened for writing');
        else past++;
        if (pulled.stderr.includes('more than the fail-safe threshold')) empty++;
        assert.equal(await snapshot(t.laptop), before, JSON.stringify(server));
      }),
      { numRuns: 24 },
    );
    assert.ok(past > 0 && empty > 0, `of ${24} servers, ${past} got past /config and ${empty} met the fail-safe`);
  } finally {
    await t.close();
  }
});
