import assert from 'node:assert/strict';
import { copyFileSync, existsSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { CATALOG_BIN, HIVE_T1, mcp, ROOT, runProcess, spawnServer, tempDir } from './helpers.ts';
import { SAMPLE_MCPS } from '../src/sample/sample.ts';

/** The executable under test: CATALOG_BIN, else build/catalog (the suite fails when it is older than its sources: scripts/setup.sh builds it). */
const BINARY = CATALOG_BIN ?? join(ROOT, 'build', 'catalog');

function newestSourceTime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSourceTime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

describe('single executable (build/catalog)', () => {
  let dir: string;
  let run: (args: string[]) => ReturnType<typeof runProcess>;
  let serve: (args: string[]) => ReturnType<typeof spawnServer>;

  before(() => {
    const inputs = [
      newestSourceTime(join(ROOT, 'src')),
      newestSourceTime(join(ROOT, 'scripts', 'build')),
      ...['package.json', 'build.sh'].map((f) => statSync(join(ROOT, f)).mtimeMs),
    ];
    const stale = CATALOG_BIN === undefined && (!existsSync(BINARY) || statSync(BINARY).mtimeMs < Math.max(...inputs));
    if (stale) throw new Error(`${BINARY} is missing or older than its sources; run scripts/setup.sh (it builds it)`);
    // An empty folder, no node_modules, and an environment with nothing of ours in it.
    dir = tempDir('catalog-sea-');
    copyFileSync(BINARY, join(dir, 'catalog'));
    const env = { PATH: '/usr/bin:/bin', HOME: dir, CATALOG_DATA: '', NODE_OPTIONS: '' };
    run = (args) => runProcess(join(dir, 'catalog'), args, { cwd: dir, env });
    serve = (args) => spawnServer(join(dir, 'catalog'), args, { cwd: dir, env });
  });

  it('prints the version of package.json', async () => {
    const { default: pkg } = await import('../package.json', { with: { type: 'json' } });
    const r = await run(['--version']);
    assert.equal(r.code, 0, r.stderr);
    // The version, the platform and architecture, and the Node the executable embeds (24, not the 20 of the tools).
    assert.match(
      r.stdout.trim(),
      new RegExp(
        `^${pkg.version.replaceAll('.', '\\.')} \\(${process.platform}-${process.arch}, Node 24\\.\\d+\\.\\d+\\)$`,
      ),
    );
    assert.equal(r.stderr, '', 'no experimental warning or other noise on stderr');
  });

  it("starts from the build's snapshot yet reads its home, environment, arguments and randomness when it runs", async () => {
    // No --data and no CATALOG_DATA: the default data file is under this run's HOME, not the build's.
    const home = tempDir('catalog-sea-home-');
    const env = { PATH: '/usr/bin:/bin', HOME: home, CATALOG_DATA: '', NODE_OPTIONS: '' };
    const token = (user: string) =>
      runProcess(join(dir, 'catalog'), ['token', 'create', '--user', user], { cwd: dir, env });
    const [a, b] = [await token('urn:li:corpuser:ann'), await token('urn:li:corpuser:bob')];
    assert.equal(a.code, 0, a.stderr);
    assert.ok(existsSync(join(home, '.catalog', 'catalog.lmdb')));
    assert.match(a.stdout, /acts as urn:li:corpuser:ann/);
    assert.match(b.stdout, /acts as urn:li:corpuser:bob/);
    const secret = (r: { stdout: string }) => /^ctk_\S+$/m.exec(r.stdout)?.[0];
    assert.ok(secret(a) && secret(b) && secret(a) !== secret(b), 'each run draws its own random token');
    const list = await runProcess(
      join(dir, 'catalog'),
      ['token', 'list', '--data', join(home, '.catalog', 'catalog.lmdb')],
      { cwd: dir, env },
    );
    assert.equal(list.stdout.match(/urn:li:corpuser:(ann|bob)/g)?.length, 2, list.stdout);
  });

  it('ingests an MCP file and gets it back, with and without --aspect', async () => {
    const file = join(dir, 'mcps.json');
    writeFileSync(
      file,
      JSON.stringify([mcp(HIVE_T1, 'datasetProperties', { description: 'from the binary', customProperties: {} })]),
    );
    const data = join(dir, 'c.lmdb');
    const ingest = await run(['ingest', '-f', file, '--data', data]);
    assert.equal(ingest.code, 0, ingest.stderr);
    assert.match(ingest.stdout, /Ingested 1 records .*: 1 aspects written/);
    const one = await run(['get', '--urn', HIVE_T1, '--aspect', 'datasetProperties', '--data', data]);
    assert.deepEqual(JSON.parse(one.stdout), {
      datasetProperties: { customProperties: {}, description: 'from the binary' },
    });
    const all = await run(['get', '--urn', HIVE_T1, '--data', data]);
    assert.deepEqual(Object.keys(JSON.parse(all.stdout)), ['datasetKey', 'datasetProperties']);
    // The native addons were unpacked into the user's cache, named by content hash.
    assert.ok(readdirSync(join(dir, '.cache', 'catalog')).some((f) => /^lmdb-[0-9a-f]{16}\.node$/.test(f)));
  });

  it('serves the sample over GraphQL and stops cleanly on SIGTERM', async () => {
    const server = await serve(['serve', '--sample', '--port', '0', '--data', join(dir, 'served.lmdb')]);
    try {
      const res = await fetch(`${server.url}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ tag(urn: "urn:li:tag:Legacy") { name properties { description } } }' }),
      });
      assert.deepEqual(await res.json(), {
        data: { tag: { name: 'Legacy', properties: { description: 'Indicates the dataset is no longer supported' } } },
        extensions: {},
      });
    } finally {
      assert.equal(await server.stop(), 0);
    }
  });

  it("starts with build.sh's V8 flags (execArgv): a young generation no larger than --max-semi-space-size", async () => {
    // The flags build.sh gives the executable; the test fails if they are dropped from the build or not in effect.
    const line = /^v8_flags=\((.*)\)$/m.exec(readFileSync(join(ROOT, 'build.sh'), 'utf8'));
    assert.ok(line, 'build.sh sets v8_flags');
    const flags = line[1]!.split(/\s+/);
    const semi = Number(/^--max-semi-space-size=(\d+)$/.exec(flags.find((f) => f.startsWith('--max-semi')) ?? '')?.[1]);
    assert.ok(semi > 0, `build.sh's v8_flags set --max-semi-space-size: ${flags.join(' ')}`);
    // Node's diagnostic report (on SIGUSR2) shows the arguments V8 started with and the young generation's size.
    const reports = tempDir('catalog-sea-report-');
    const server = await spawnServer(join(dir, 'catalog'), ['serve', '--port', '0', '--data', join(dir, 'v8.lmdb')], {
      cwd: dir,
      env: {
        PATH: '/usr/bin:/bin',
        HOME: dir,
        CATALOG_DATA: '',
        NODE_OPTIONS: `--report-on-signal --report-directory=${reports}`,
      },
    });
    try {
      process.kill(server.pid, 'SIGUSR2');
      while (!/Node\.js report completed/.test(server.output())) await sleep(50);
      const [file] = readdirSync(reports);
      const report = JSON.parse(readFileSync(join(reports, file!), 'utf8')) as {
        header: { commandLine: string[] };
        javascriptHeap: { heapSpaces: { new_space: { capacity: number } } };
      };
      for (const f of flags) assert.ok(report.header.commandLine.includes(f), `${f} in ${report.header.commandLine}`);
      // Without the flag Node 24 starts with a semi-space of 8 MB and grows it under load to 16 MB or more.
      const capacity = report.javascriptHeap.heapSpaces.new_space.capacity;
      assert.ok(capacity <= semi * 1024 * 1024, `young generation capacity ${capacity} bytes over ${semi} MB`);
    } finally {
      assert.equal(await server.stop(), 0, server.output());
    }
  });

  it('walks the whole catalog: export reads every key back, deleteTag and deleteReferences answer and the server stays up', async () => {
    // Issue 12: inside the executable every key read looped until V8 died ("invalid size error").
    const data = join(dir, 'walk.lmdb');
    assert.equal((await run(['ingest', '--sample', '--data', data])).code, 0);
    const exported = await run(['export', '-f', '-', '--data', data]);
    assert.equal(exported.code, 0, exported.stderr);
    const urns = new Set((JSON.parse(exported.stdout) as Array<{ entityUrn: string }>).map((r) => r.entityUrn));
    assert.equal(urns.size, new Set(SAMPLE_MCPS.map((m) => m['entityUrn'])).size);
    const server = await serve(['serve', '--port', '0', '--data', data]);
    try {
      const gql = async (query: string) =>
        (
          await fetch(`${server.url}/api/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ query }),
          })
        ).json();
      assert.deepEqual(await gql('mutation { deleteTag(urn: "urn:li:tag:Legacy") }'), {
        data: { deleteTag: true },
        extensions: {},
      });
      const refs = await fetch(`${server.url}/entities?action=deleteReferences`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ urn: 'urn:li:corpuser:jdoe', dryRun: true }),
      });
      assert.equal(refs.status, 200);
      // jdoe is a member (and admin) of bfoo and owns every sample dataset.
      const related = (
        (await refs.json()) as {
          value: {
            total: number;
            relatedAspects: Array<{ relationshipType: string; urn: string; aspectName: string }>;
          };
        }
      ).value;
      assert.equal(related.total, 6);
      assert.deepEqual(
        related.relatedAspects.map((a) => `${a.relationshipType} ${a.aspectName}`),
        ['IsPartOf corpGroupInfo', ...Array(5).fill('OwnedBy ownership')],
      );
      assert.ok(related.relatedAspects.some((a) => a.urn === 'urn:li:corpGroup:bfoo'));
      assert.deepEqual(await gql('{ entityExists(urn: "urn:li:tag:Legacy") }'), {
        data: { entityExists: false },
        extensions: {},
      });
    } finally {
      assert.equal(await server.stop(), 0, server.output());
    }
  });

  it('npm install -g . links a working catalog command', async () => {
    assert.ok(
      existsSync(join(ROOT, 'build', 'catalog')),
      'build/catalog is missing; run scripts/setup.sh (it builds it)',
    );
    const prefix = tempDir('catalog-global-');
    // --ignore-scripts: install only links the checkout (prepare would rebuild build/catalog under
    // the other tests' feet); npm ci has already run postinstall and prepare here.
    const install = await runProcess(
      'npm',
      ['install', '-g', '.', '--prefix', prefix, '--ignore-scripts', '--no-audit', '--no-fund'],
      { cwd: ROOT },
    );
    assert.equal(install.code, 0, install.stderr);
    const catalog = join(prefix, 'bin', 'catalog');
    assert.equal(realpathSync(catalog), realpathSync(join(ROOT, 'build', 'catalog')));
    const env = { PATH: `${join(prefix, 'bin')}:/usr/bin:/bin`, HOME: prefix, CATALOG_DATA: join(prefix, 'c.lmdb') };
    const version = await runProcess('catalog', ['--version'], { cwd: prefix, env });
    assert.equal(version.code, 0, version.stderr);
    assert.match(version.stdout, /^\d+\.\d+\.\d+ \(\w+-\w+, Node [\d.]+\)\n$/);
    assert.equal((await runProcess('catalog', ['ingest', '--sample'], { cwd: prefix, env })).code, 0);
    const got = await runProcess('catalog', ['get', '--urn', 'urn:li:tag:Legacy', '--aspect', 'tagProperties'], {
      cwd: prefix,
      env,
    });
    assert.equal(got.code, 0, got.stderr);
    assert.equal(JSON.parse(got.stdout).tagProperties.name, 'Legacy');
  });

  it('npm run bench runs end to end on a tiny catalog and writes every section (no timing is asserted)', async () => {
    const out = join(tempDir('catalog-bench-'), 'results.json');
    const r = await runProcess(process.execPath, [
      '--import',
      'tsx',
      join(ROOT, 'bench', 'run.ts'),
      '--datasets',
      '10,20',
      '--duration',
      '1',
      '--connections',
      '2',
      '--no-peer',
      '--no-build',
      '--out',
      out,
    ]);
    assert.equal(r.code, 0, r.stderr);
    const { rows, sizes } = JSON.parse(readFileSync(out, 'utf8')) as {
      rows: Array<{ section: string; metric: string; ours: number | null; baseline: number | null; note?: string }>;
      sizes: number[];
    };
    assert.deepEqual(sizes, [10, 20]);
    const sections = new Set(rows.map((row) => row.section));
    for (const s of [
      '1 GraphQL read',
      '2a catalog ingest',
      '2b REST batch ingest',
      '2c data file',
      '3 start-up',
      '4 memory',
      '5 scaling',
      '7 search',
      '8 web UI',
      '9 relationships index',
      '10 sync',
      '11 postgres',
      '12 verify',
      '14 events',
    ]) {
      assert.ok(sections.has(s), `section ${s} missing from ${[...sections].join(', ')}`);
    }
    // Section 11 is skipped, with a row saying so, where PostgreSQL is not installed (scripts/setup.sh postgres).
    for (const row of rows.filter(
      (x) => x.section !== '6 peer' && !(x.section === '11 postgres' && x.note?.startsWith('skipped:')),
    )) {
      // Latencies under load may round to 0 ms on a tiny catalog; rates, times and sizes may not.
      const positive = !/p50 \/ p99/.test(row.metric);
      assert.ok(
        typeof row.ours === 'number' && (positive ? row.ours > 0 : row.ours >= 0),
        `${row.section}: ${JSON.stringify(row)}`,
      );
    }
    assert.equal(rows.find((x) => x.section === '6 peer')?.note, 'skipped: --no-peer');
    assert.match(r.stdout, /req\/s at 20 datasets/);
  });
});
