// The store opens no data file with a stock build of lmdb's native addon (src/store/nativeGuard.ts,
// docs/patches.md): the stock prebuilt (@lmdb/lmdb-*, what lmdb loads with PREBUILDS_ONLY=1 or after
// `npm ci --ignore-scripts`) is refused, the build of scripts/build/lmdb-native.mjs passes.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import * as lmdb from 'lmdb';
import { assertFixedLmdb, lmdbAddonProblem, LMDB_FIX_MARK } from '../src/store/nativeGuard.ts';
import { CLI, runCli, runProcess, tempDir } from './helpers.ts';

const TSX = import.meta.resolve('tsx');
/** Runs the CLI from the sources (the stock addon can only be swapped in there, not in the executable). */
const fromSources = (args: string[], env: Record<string, string> = {}) =>
  runProcess(process.execPath, ['--import', TSX, CLI, ...args], { env });
const STOCK = { PREBUILDS_ONLY: '1' };
const REFUSED =
  /error: the loaded lmdb native addon \(LMDB 0\.9\.90: \(May 1, 2017\)\) is not the build with the catalog's fix.*scripts\/build\/lmdb-native\.mjs/;

describe('lmdb native addon guard', () => {
  it('this process loaded the fixed build: its version string carries the mark, and the guard passes', () => {
    const versionString = (lmdb as unknown as { version: { versionString: string } }).version.versionString;
    assert.equal(versionString, `LMDB 0.9.90: (May 1, 2017) (${LMDB_FIX_MARK})`);
    assert.equal(lmdbAddonProblem(versionString), undefined);
    assert.doesNotThrow(() => assertFixedLmdb());
  });

  it('a version string without the mark, or none, is refused with the way out', () => {
    for (const v of ['LMDB 0.9.90: (May 1, 2017)', undefined, `LMDB 0.9.90: (May 1, 2017) (${LMDB_FIX_MARK}) tail`]) {
      assert.match(
        lmdbAddonProblem(v) ?? '',
        /is not the build with the catalog's fix.*node scripts\/build\/lmdb-native\.mjs/,
      );
    }
  });

  it('with the stock prebuilt addon, a write is refused before the data file is created', async () => {
    const data = join(tempDir(), 'stock.lmdb');
    const r = await fromSources(['ingest', '--sample', '--data', data], STOCK);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, REFUSED);
    assert.equal(existsSync(data), false, 'no data file written');
  });

  it('with the stock prebuilt addon, a read-only open of an existing file is refused too (the faulty store runs on every open)', async () => {
    const data = join(tempDir(), 'fixed.lmdb');
    const made = await fromSources(['ingest', '--sample', '--data', data]);
    assert.equal(made.code, 0, made.stderr);
    const stock = await fromSources(
      ['get', '--urn', 'urn:li:tag:Legacy', '--aspect', 'tagProperties', '--data', data],
      STOCK,
    );
    assert.equal(stock.code, 1);
    assert.match(stock.stderr, REFUSED);
    assert.equal(stock.stdout, '');
    // Allowed explicitly (to reproduce the loss the fix prevents), the stock addon reads the file.
    const allowed = await fromSources(
      ['get', '--urn', 'urn:li:tag:Legacy', '--aspect', 'tagProperties', '--data', data],
      { ...STOCK, CATALOG_UNPATCHED_LMDB: 'allow' },
    );
    assert.equal(allowed.code, 0, allowed.stderr);
    assert.equal(JSON.parse(allowed.stdout).tagProperties.name, 'Legacy');
  });

  it('the catalog under test (the executable, which embeds the fixed build, or the sources) writes and reads', async () => {
    const data = join(tempDir(), 'c.lmdb');
    const ingest = await runCli(['ingest', '--sample', '--data', data]);
    assert.equal(ingest.code, 0, ingest.stderr);
    const got = await runCli(['get', '--urn', 'urn:li:tag:Legacy', '--aspect', 'tagProperties', '--data', data]);
    assert.equal(got.code, 0, got.stderr);
    assert.equal(JSON.parse(got.stdout).tagProperties.name, 'Legacy');
  });
});
