/**
 * Issue 37 against a real PostgreSQL (test/pg/server.ts): how a connection is made (password from the
 * URL, PGPASSWORD or ~/.pgpass; TLS with sslmode), and what a failure leaves: a bad URL, a wrong
 * password, a closed port, a table of another shape — exit 1, a message naming the server and the
 * statement, never the password, and nothing written. An export killed half-way leaves nothing of it,
 * and the rerun completes it; an export while a server ingests holds every acknowledged batch whole or
 * not at all.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { catalogCommand, runCli, serveCatalog, tempDir } from './helpers.ts';
import { description, genUrn, ingest, writeGenerated } from './pg/fixtures.ts';
import { startPostgres, type PgServer } from './pg/server.ts';

let pg: PgServer;
let sample: string;

before(async () => {
  pg = await startPostgres();
  sample = join(tempDir(), 'sample.lmdb');
  const r = await runCli(['ingest', '--sample', '--data', sample]);
  assert.equal(r.code, 0, r.stderr);
});

after(() => pg?.stop());

const tableExists = (db: string) => pg.psql(db, "SELECT to_regclass('metadata_aspect_v2') IS NOT NULL;").trim() === 't';
const count = (db: string, where = 'true') =>
  Number(pg.psql(db, `SELECT count(*) FROM metadata_aspect_v2 WHERE ${where};`).trim());
/** Runs the CLI with no PG* variables from the test's own environment and a HOME of its own (no ~/.pgpass). */
const cli = (args: string[], env: Record<string, string> = {}) =>
  runCli(args, { env: { PGPASSWORD: '', PGPASSFILE: '', PGSSLMODE: '', HOME: tempDir('catalog-pg-home-'), ...env } });

async function closedPort(): Promise<number> {
  const s = createServer();
  s.listen(0, '127.0.0.1');
  await once(s, 'listening');
  const port = (s.address() as { port: number }).port;
  s.close();
  await once(s, 'close');
  return port;
}

describe('connecting', () => {
  test('the password from PGPASSWORD, then from ~/.pgpass (ignored when others may read it)', async () => {
    const db = pg.createDatabase();
    const url = pg.url(db, { password: false });
    const viaEnv = await cli(['export', '--to', url, '--data', sample, '--entity-type', 'tag'], {
      PGPASSWORD: pg.password,
    });
    assert.equal(viaEnv.code, 0, viaEnv.stderr);
    const home = tempDir('catalog-pg-home-');
    writeFileSync(
      join(home, '.pgpass'),
      `# host:port:database:user:password\nelsewhere:5432:*:postgres:nope\n127.0.0.1:${pg.port}:*:${pg.user}:${pg.password}\n`,
    );
    chmodSync(join(home, '.pgpass'), 0o600);
    const viaFile = await cli(['export', '--to', url, '--data', sample, '--entity-type', 'corpuser'], { HOME: home });
    assert.equal(viaFile.code, 0, viaFile.stderr);
    assert.ok(count(db, "urn LIKE 'urn:li:corpuser:%'") > 0);
    chmodSync(join(home, '.pgpass'), 0o644);
    const readable = await cli(['export', '--to', url, '--data', sample, '--entity-type', 'dataset'], { HOME: home });
    assert.equal(readable.code, 1);
    assert.match(
      readable.stderr,
      new RegExp(
        `^error: postgres://postgres@127\\.0\\.0\\.1:${pg.port}/${db}: .*password.*\\(statement: BEGIN … COMMIT\\)\\n$`,
      ),
    );
    assert.equal(count(db, "urn LIKE 'urn:li:dataset:%'"), 0);
  });

  test('TLS: sslmode=require encrypts; verify-full checks the certificate against sslrootcert and the host name', async () => {
    const db = pg.createDatabase();
    // This user may connect over TLS only.
    pg.psql('postgres', `CREATE ROLE tlsonly LOGIN PASSWORD '${pg.password}' SUPERUSER;`);
    pg.hba([`hostnossl all tlsonly 127.0.0.1/32 reject`, `hostssl all tlsonly 127.0.0.1/32 scram-sha-256`]);
    const url = (host: string, query: string) => `postgres://tlsonly:${pg.password}@${host}:${pg.port}/${db}?${query}`;
    const plain = await cli(['export', '--to', url('127.0.0.1', 'sslmode=disable'), '--data', sample]);
    assert.equal(plain.code, 1);
    assert.match(
      plain.stderr,
      /^error: postgres:\/\/tlsonly@127\.0\.0\.1:\d+\/\w+: pg_hba\.conf rejects connection for host "127\.0\.0\.1", user "tlsonly", database "\w+", no encryption \(statement: BEGIN … COMMIT\)\n$/,
    );
    assert.ok(!plain.stderr.includes(pg.password));
    assert.equal(tableExists(db), false);
    const required = await cli([
      'export',
      '--to',
      url('127.0.0.1', 'sslmode=require'),
      '--data',
      sample,
      '--entity-type',
      'tag',
    ]);
    assert.equal(required.code, 0, required.stderr);
    const unverified = await cli([
      'export',
      '--to',
      url('localhost', 'sslmode=verify-full'),
      '--data',
      sample,
      '--entity-type',
      'corpuser',
    ]);
    assert.equal(unverified.code, 1);
    assert.match(
      unverified.stderr,
      new RegExp(
        `^error: postgres://tlsonly@localhost:${pg.port}/${db}: self-signed certificate \\(statement: BEGIN … COMMIT\\)\\n$`,
      ),
    );
    const verified = await cli([
      'export',
      '--to',
      url('localhost', `sslmode=verify-full&sslrootcert=${encodeURIComponent(pg.certFile)}`),
      '--data',
      sample,
      '--entity-type',
      'corpuser',
    ]);
    assert.equal(verified.code, 0, verified.stderr);
    const missing = await cli([
      'export',
      '--to',
      url('localhost', 'sslmode=verify-full&sslrootcert=/no/such/root.crt'),
      '--data',
      sample,
    ]);
    assert.equal(missing.code, 1);
    assert.match(
      missing.stderr,
      new RegExp(
        `^error: postgres://tlsonly@localhost:${pg.port}/${db}: sslrootcert /no/such/root\\.crt cannot be read: ENOENT`,
      ),
    );
  });
});

describe('failures: exit 1, a clear message, nothing written', () => {
  test('export names one destination: --file or --to (usage errors, exit 2)', async () => {
    const usage = (message: string) => `error: ${message}\nRun "catalog --help" for usage.\n`;
    const neither = await cli(['export', '--data', sample]);
    assert.equal(neither.code, 2);
    assert.ok(neither.stderr.endsWith(usage('name where to export: --file FILE or --to postgres://…')), neither.stderr);
    const both = await cli(['export', '-f', '-', '--to', pg.url('postgres'), '--data', sample]);
    assert.equal(both.code, 2);
    assert.ok(both.stderr.endsWith(usage('name where to export: --file FILE or --to postgres://…')), both.stderr);
    const replace = await cli(['export', '-f', '-', '--replace', '--data', sample]);
    assert.equal(replace.code, 2);
    assert.ok(replace.stderr.endsWith(usage('--replace goes with --to')), replace.stderr);
    assert.equal(tableExists('postgres'), false);
  });

  test('a bad URL', async () => {
    const r = await cli(['export', '--to', `postgres://postgres:secret-in-url@127.0.0.1:${pg.port}`, '--data', sample]);
    assert.equal(r.code, 1);
    assert.equal(
      r.stderr,
      `error: postgres://postgres@127.0.0.1:${pg.port}: name one database after the host (postgres://USER@HOST[:PORT]/DATABASE)\n`,
    );
    const mode = await cli(['export', '--to', `${pg.url('postgres')}?sslmode=always`, '--data', sample]);
    assert.equal(mode.code, 1);
    assert.equal(
      mode.stderr,
      `error: postgres://postgres@127.0.0.1:${pg.port}/postgres?sslmode=always: sslmode "always" is not one of disable, allow, prefer, require, verify-ca, verify-full\n`,
    );
    assert.equal(tableExists('postgres'), false);
  });

  test('a wrong password: the server and the statement are named, the password is not', async () => {
    const db = pg.createDatabase();
    const r = await cli([
      'export',
      '--to',
      `postgres://postgres:Wrong-Pass-123@127.0.0.1:${pg.port}/${db}`,
      '--data',
      sample,
    ]);
    assert.equal(r.code, 1);
    assert.equal(
      r.stderr,
      `error: postgres://postgres@127.0.0.1:${pg.port}/${db}: password authentication failed (password authentication failed for user "postgres"); give the password in the URL, in PGPASSWORD or in ~/.pgpass (statement: BEGIN … COMMIT)\n`,
    );
    assert.ok(!(r.stdout + r.stderr).includes('Wrong-Pass-123'));
    assert.equal(tableExists(db), false);
    const pulled = await cli([
      'pull',
      `postgres://postgres:Wrong-Pass-123@127.0.0.1:${pg.port}/${db}`,
      '--data',
      join(tempDir(), 'p.lmdb'),
    ]);
    assert.equal(pulled.code, 1);
    assert.equal(
      pulled.stderr,
      `error: postgres://postgres@127.0.0.1:${pg.port}/${db}: password authentication failed (password authentication failed for user "postgres"); give the password in the URL, in PGPASSWORD or in ~/.pgpass (statement: connect)\n`,
    );
  });

  test('an unreachable server', async () => {
    const port = await closedPort();
    const r = await cli(['export', '--to', `postgres://postgres:pw@127.0.0.1:${port}/db`, '--data', sample]);
    assert.equal(r.code, 1);
    assert.equal(
      r.stderr,
      `error: postgres://postgres@127.0.0.1:${port}/db: connection refused (is PostgreSQL running there and listening on that port?) (statement: BEGIN … COMMIT)\n`,
    );
  });

  test('an unknown host; a server that never answers (connect_timeout)', async () => {
    const unknown = await cli(['export', '--to', 'postgres://postgres:pw@no-such-host.invalid/db', '--data', sample]);
    assert.equal(unknown.code, 1);
    assert.equal(
      unknown.stderr,
      'error: postgres://postgres@no-such-host.invalid:5432/db: unknown host (statement: BEGIN … COMMIT)\n',
    );
    // Accepts the connection, says nothing.
    const silent = createServer(() => {});
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const port = (silent.address() as { port: number }).port;
    try {
      const r = await cli([
        'pull',
        `postgres://postgres:pw@127.0.0.1:${port}/db?connect_timeout=1`,
        '--data',
        join(tempDir(), 'p.lmdb'),
      ]);
      assert.equal(r.code, 1);
      assert.equal(
        r.stderr,
        `error: postgres://postgres@127.0.0.1:${port}/db: no answer before connect_timeout (statement: connect)\n`,
      );
    } finally {
      silent.close();
    }
  });

  test('a table of another shape: refused by export and pull, left as it was', async () => {
    const db = pg.createDatabase();
    pg.psql(
      db,
      "CREATE TABLE metadata_aspect_v2 (urn varchar(500) PRIMARY KEY, metadata text, version int); INSERT INTO metadata_aspect_v2 VALUES ('urn:li:tag:x', '{}', 0);",
    );
    const r = await cli(['export', '--to', pg.url(db), '--data', sample]);
    assert.equal(r.code, 1);
    const problems = `no column aspect; column version is integer, not bigint; column metadata is nullable, DataHub's is NOT NULL; no column systemmetadata; no column createdon; no column createdby; no column createdfor`;
    assert.equal(
      r.stderr,
      `error: postgres://postgres@127.0.0.1:${pg.port}/${db}: table metadata_aspect_v2 is not DataHub's: ${problems}\n`,
    );
    assert.equal(pg.psql(db, 'SELECT urn, metadata, version FROM metadata_aspect_v2;').trim(), 'urn:li:tag:x|{}|0');
    const pulled = await cli(['pull', pg.url(db), '--data', join(tempDir(), 'p.lmdb')]);
    assert.equal(pulled.code, 1);
    assert.equal(pulled.stderr, r.stderr);
    // The same columns with another primary key.
    const keyed = pg.createDatabase();
    pg.psql(
      keyed,
      'CREATE TABLE metadata_aspect_v2 (urn varchar(500) not null, aspect varchar(200) not null, version bigint not null, metadata text not null, systemmetadata text, createdon timestamp not null, createdby varchar(255) not null, createdfor varchar(255), PRIMARY KEY (urn, aspect));',
    );
    const k = await cli(['export', '--to', pg.url(keyed), '--data', sample]);
    assert.equal(k.code, 1);
    assert.equal(
      k.stderr,
      `error: postgres://postgres@127.0.0.1:${pg.port}/${keyed}: table metadata_aspect_v2 is not DataHub's: its primary key is (urn, aspect), not (urn, aspect, version)\n`,
    );
    assert.equal(count(keyed), 0);
  });
});

describe('all or nothing', () => {
  test('an export killed half-way leaves nothing of it; the rerun completes it', async () => {
    const dir = tempDir();
    const data = join(dir, 'gen.lmdb');
    const file = join(dir, 'gen.jsonl');
    await writeGenerated(file, 3000);
    await ingest(data, file);
    const db = pg.createDatabase();
    const first = await cli(['export', '--to', pg.url(db), '--data', data]);
    assert.equal(first.code, 0, first.stderr);
    const rows = count(db);
    // Every dataset's description moves on one more version.
    writeFileSync(
      file,
      Array.from({ length: 3000 }, (_, i) =>
        JSON.stringify({
          entityType: 'dataset',
          entityUrn: genUrn(i),
          changeType: 'UPSERT',
          aspectName: 'datasetProperties',
          aspect: {
            json: {
              name: `t_${i}`,
              description: `${description(i, 9)}`,
              customProperties: { team: `team_${i % 5}` },
              tags: [],
            },
          },
        }),
      ).join('\n'),
    );
    await ingest(data, file);
    // Another session holds a row of the last dataset: the export's --replace of it waits there, after
    // every batch before it went in (within its transaction).
    const last = genUrn(2999);
    const holder = pg.session(
      db,
      `BEGIN; SELECT 1 FROM metadata_aspect_v2 WHERE urn = '${last}' AND aspect = 'datasetProperties' AND version = 0 FOR UPDATE;`,
    );
    const [cmd, args] = catalogCommand([
      'export',
      '--to',
      pg.url(db, { query: 'application_name=killed-export' }),
      '--data',
      data,
      '--replace',
    ]);
    const child = spawn(cmd, args, { stdio: 'ignore', env: { ...process.env, CATALOG_DATA: '' } });
    const exited = once(child, 'exit');
    // Wait (no time limit but the test runner's) until the export is blocked on that row, with rows written before it.
    for (;;) {
      const state = pg
        .psql(
          'postgres',
          "SELECT wait_event_type, backend_xid IS NOT NULL FROM pg_stat_activity WHERE application_name = 'killed-export';",
        )
        .trim();
      if (state === 'Lock|t') break;
      assert.equal(child.exitCode, null, 'the export ended before it was killed');
      await new Promise((r) => setTimeout(r, 50));
    }
    child.kill('SIGKILL');
    await exited;
    await holder.end();
    // Nothing of the killed export: the table holds the first export, row for row.
    for (;;) {
      if (
        pg
          .psql('postgres', "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'killed-export';")
          .trim() === '0'
      )
        break;
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(count(db), rows);
    assert.equal(count(db, `metadata LIKE '%edit 9%'`), 0);
    // The rerun completes it: every dataset has its new latest description, the older ones one version further down.
    const rerun = await cli(['export', '--to', pg.url(db), '--data', data, '--replace']);
    assert.equal(rerun.code, 0, rerun.stderr);
    assert.equal(count(db), rows + 3000);
    assert.equal(count(db, `aspect = 'datasetProperties' AND version = 0 AND metadata LIKE '%edit 9%'`), 3000);
  });

  test('an export while a server ingests holds a consistent snapshot: every acknowledged batch whole or absent', async () => {
    // 100 watched tags spread over the export's whole walk (50 other tags after each), then a server
    // that rewrites all 100 in each batch ("round r"). A consistent export holds one round for all
    // 100, at version r + 1; an export that read newer data as it went would hold several rounds.
    const dir = tempDir();
    const data = join(dir, 'busy.lmdb');
    const WATCHED = 100;
    const key = (i: number) => `k_${String(i).padStart(3, '0')}`;
    const tag = (name: string, description: string) => ({
      entityType: 'tag',
      entityUrn: `urn:li:tag:${name}`,
      changeType: 'UPSERT',
      aspectName: 'tagProperties',
      aspect: { json: { name, description } },
    });
    const fillers = Array.from({ length: WATCHED }, (_, i) =>
      Array.from({ length: 50 }, (_, j) => tag(`${key(i)}_f${j}`, 'filler')),
    ).flat();
    const fillerFile = join(dir, 'fillers.json');
    writeFileSync(fillerFile, JSON.stringify(fillers));
    await ingest(data, fillerFile);
    const server = await serveCatalog(['serve', '--port', '0', '--data', data]);
    const round = (r: number) => ({
      proposals: Array.from({ length: WATCHED }, (_, i) => ({
        entityType: 'tag',
        entityUrn: `urn:li:tag:${key(i)}`,
        changeType: 'UPSERT',
        aspectName: 'tagProperties',
        aspect: { value: JSON.stringify({ name: key(i), description: `round ${r}` }), contentType: 'application/json' },
      })),
    });
    let acked = -1;
    let exporting = true;
    const send = async () => {
      const r = acked + 1;
      const res = await fetch(`${server.url}/aspects?action=ingestProposalBatch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(round(r)),
      });
      assert.equal(res.status, 200, await res.text());
      acked = r;
    };
    try {
      for (let i = 0; i < 3; i++) await send();
      const before = acked;
      const writer = (async () => {
        while (exporting) await send();
      })();
      const db = pg.createDatabase();
      const r = await cli(['export', '--to', pg.url(db), '--data', data]);
      exporting = false;
      await writer;
      assert.equal(r.code, 0, r.stderr);
      const watched = "aspect = 'tagProperties' AND version = 0 AND urn ~ '^urn:li:tag:k_[0-9]+$'";
      const rounds = pg
        .psql(
          db,
          `SELECT DISTINCT metadata::json->>'description', systemmetadata::json->>'version' FROM metadata_aspect_v2 WHERE ${watched};`,
        )
        .trim()
        .split('\n');
      assert.equal(rounds.length, 1, `the export holds several rounds: ${rounds.join(', ')}`);
      const [description, version] = rounds[0]!.split('|');
      const exported = Number(/^round (\d+)$/.exec(description!)?.[1]);
      assert.ok(
        exported >= before && exported <= acked,
        `round ${exported}: acknowledged before the export ${before}, at its end ${acked}`,
      );
      assert.equal(Number(version), exported + 1);
      assert.equal(count(db, watched), WATCHED);
      // Every older round is there as history, version by version.
      assert.equal(count(db, "aspect = 'tagProperties' AND urn = 'urn:li:tag:k_000'"), exported + 1);
      assert.ok(acked > before, 'the server went on ingesting while the export ran');
    } finally {
      exporting = false;
      await server.stop();
    }
  });
});
