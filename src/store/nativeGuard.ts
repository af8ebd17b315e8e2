/**
 * The store's guard on lmdb's native addon. lmdb-js 3.5.6 as published stores, on every open of a
 * data file by any process, the transaction id it read into the lock file's shared state without
 * holding the write lock; a commit another process makes meanwhile can then be lost although it was
 * acknowledged. `npm ci` compiles the addon from lmdb's C source with upstream LMDB's guard restored
 * (scripts/build/lmdb-native.mjs), and marks that build: its `mdb_version()` string, which lmdb-js
 * exports as `version.versionString`, ends with LMDB_FIX_MARK. The stock prebuilt addon
 * (@lmdb/lmdb-*), which lmdb loads when that build is missing (`npm ci --ignore-scripts`, or
 * PREBUILDS_ONLY=1), has no mark, and no data file is opened with it: a read-only open runs the same
 * faulty store, so reading is refused too. The mark is read from the addon actually loaded, so the
 * check holds in the single executable (which embeds the built addon) as it does on the sources.
 * docs/patches.md lists this patch and the others.
 */
import * as lmdb from 'lmdb';

/** What scripts/build/lmdb-native.mjs appends, in parentheses, to mdb_version()'s string (its MARK). */
export const LMDB_FIX_MARK = 'catalog fix 1: open-time txn id store under the write lock';

/** Why an addon reporting `versionString` must not be used, or undefined when it is the fixed build. */
export function lmdbAddonProblem(versionString: string | undefined): string | undefined {
  if (versionString?.endsWith(`(${LMDB_FIX_MARK})`)) return undefined;
  return (
    `the loaded lmdb native addon (${versionString ?? 'no version string'}) is not the build with the catalog's fix: ` +
    'with it, opening a data file can lose commits other processes made at that moment, so no data file is opened. ' +
    'Compile the fixed addon with `node scripts/build/lmdb-native.mjs` (the postinstall step that `npm ci --ignore-scripts` skips); ' +
    'docs/patches.md says why.'
  );
}

let checked = false;

/**
 * Throws unless the loaded lmdb addon is the fixed build (checked once per process). Set
 * CATALOG_UNPATCHED_LMDB=allow only to reproduce the loss with the stock addon
 * (test/concurrency.test.ts with PREBUILDS_ONLY=1).
 */
export function assertFixedLmdb(): void {
  if (checked) return;
  const problem = lmdbAddonProblem(
    (lmdb as unknown as { version?: { versionString?: string } }).version?.versionString,
  );
  if (problem && process.env['CATALOG_UNPATCHED_LMDB'] !== 'allow') throw new Error(problem);
  checked = true;
}
