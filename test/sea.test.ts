import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { HIVE_T1, mcp, ROOT, runProcess, spawnServer, tempDir } from './helpers.ts';

const BINARY = join(ROOT, 'build', 'catalog');

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
    const stale = !existsSync(BINARY) || statSync(BINARY).mtimeMs < Math.max(newestSourceTime(join(ROOT, 'src')), statSync(join(ROOT, 'package.json')).mtimeMs);
    if (stale) execFileSync('bash', [join(ROOT, 'build.sh')], { cwd: ROOT, stdio: 'ignore' });
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
    assert.equal(r.stdout.trim(), pkg.version);
    assert.equal(r.stderr, '', 'no experimental warning or other noise on stderr');
  });

  it('ingests an MCP file and gets it back, with and without --aspect', async () => {
    const file = join(dir, 'mcps.json');
    writeFileSync(file, JSON.stringify([mcp(HIVE_T1, 'datasetProperties', { description: 'from the binary', customProperties: {} })]));
    const data = join(dir, 'c.lmdb');
    const ingest = await run(['ingest', '-f', file, '--data', data]);
    assert.equal(ingest.code, 0, ingest.stderr);
    assert.match(ingest.stdout, /Ingested 1 records .*: 1 aspects written/);
    const one = await run(['get', '--urn', HIVE_T1, '--aspect', 'datasetProperties', '--data', data]);
    assert.deepEqual(JSON.parse(one.stdout), { datasetProperties: { customProperties: {}, description: 'from the binary' } });
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
});
