// Builds lmdb's native addon from its bundled C source with one fix applied, into
// node_modules/lmdb/build/Release/lmdb.node — the path lmdb's loader (node-gyp-build) prefers over
// the prebuilt @lmdb/lmdb-linux-x64 binary. Runs as the `postinstall` of `npm ci`; build.sh embeds
// the result in the single executable.
//
// The fix: lmdb-js 3.5.6 (the newest release) stores the txn id it read from the data file's meta
// page into the lock file's shared "last committed txn" every time ANY process opens the
// environment, with no write lock held. Upstream LMDB does that only when restoring a previous
// snapshot (`if (prev && env->me_txns)`), which needs the exclusive lock. When another process
// commits between the open's meta read and that store, the shared txn id moves backwards and the
// next write transaction starts from the older snapshot: the commit in between is silently lost,
// although it was acknowledged. So `catalog get` run while `catalog serve` ingests could drop a
// write of the server. We restore upstream's guard; test/concurrency.test.ts shows the loss without
// it (run it with PREBUILDS_ONLY=1 CATALOG_UNPATCHED_LMDB=allow to load the unpatched prebuilt addon
// past the store's guard).
//
// A second, one-line edit marks the build: mdb_version() (which lmdb-js exports to JavaScript as
// `version.versionString`, and reads nowhere itself) answers with MARK appended, so the store can
// tell at run time that the addon it loaded is this one and not the stock prebuilt
// (src/store/nativeGuard.ts refuses to open a data file otherwise; docs/patches.md).
//
// The compiled addon is cached under .cache/lmdb-native by a hash of the patched source and the
// Node version, so a repeated `npm ci` in one work tree does not compile again.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const lmdbDir = join(root, 'node_modules', 'lmdb');
const source = join(lmdbDir, 'dependencies', 'lmdb', 'libraries', 'liblmdb', 'mdb.c');
const output = join(lmdbDir, 'build', 'Release', 'lmdb.node');
const PINNED = '3.5.6';

// Must equal LMDB_FIX_MARK in src/store/nativeGuard.ts (test/native-guard.test.ts checks the build has it).
const MARK = 'catalog fix 1: open-time txn id store under the write lock';

const edits = [
  {
    what: 'the open-time txn id fix',
    unpatched: '\tenv->me_maxpg = env->me_mapsize / env->me_psize;\n\n\tif (env->me_txns)\n\t\tenv->me_txns->mti_txnid = meta.mm_txnid;\n',
    patched: '\tenv->me_maxpg = env->me_mapsize / env->me_psize;\n\n\tif (prev && env->me_txns)\n\t\tenv->me_txns->mti_txnid = meta.mm_txnid;\n',
  },
  {
    what: 'the build mark in mdb_version()',
    unpatched: '\tif (patch) *patch = MDB_VERSION_PATCH;\n\treturn MDB_VERSION_STRING;\n',
    patched: `\tif (patch) *patch = MDB_VERSION_PATCH;\n\treturn MDB_VERSION_STRING " (${MARK})";\n`,
  },
];

function fail(message) {
  console.error(`lmdb-native: ${message}`);
  process.exit(1);
}

const version = JSON.parse(readFileSync(join(lmdbDir, 'package.json'), 'utf8')).version;
if (version !== PINNED) fail(`lmdb ${version} is installed but this fix was written for ${PINNED}; check whether it is still needed and update scripts/build/lmdb-native.mjs`);

let text = readFileSync(source, 'utf8');
const count = (s) => text.split(s).length - 1;
for (const { what, unpatched, patched } of edits) {
  if (count(patched) === 1) {
    // already applied (a second run in the same node_modules)
  } else if (count(unpatched) === 1) {
    text = text.replace(unpatched, patched);
    console.log(`lmdb-native: applied ${what} to mdb.c`);
  } else {
    fail(`${source} does not contain the code expected for ${what} exactly once; it cannot be applied`);
  }
}
if (text !== readFileSync(source, 'utf8')) writeFileSync(source, text);

const key = createHash('sha256').update(text).update(process.version).update(process.arch).digest('hex').slice(0, 16);
const cacheDir = join(root, '.cache', 'lmdb-native');
const cached = join(cacheDir, `lmdb-${key}.node`);
if (existsSync(cached)) {
  mkdirSync(dirname(output), { recursive: true });
  copyFileSync(cached, output);
  console.log(`lmdb-native: reused ${cached}`);
  process.exit(0);
}

// node-gyp: the one npm runs lifecycle scripts with, else the one bundled with npm.
const bundledNodeGyp = () => {
  const npmRoot = spawnSync('npm', ['root', '-g'], { encoding: 'utf8' }).stdout?.trim() ?? '';
  return join(npmRoot, 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
};
const fromNpm = process.env.npm_config_node_gyp;
const nodeGyp = fromNpm && existsSync(fromNpm) ? fromNpm : bundledNodeGyp();
if (!existsSync(nodeGyp)) fail('node-gyp not found (it ships with npm); cannot compile lmdb');
// Node's C headers, from the Node install itself, so node-gyp never needs the network.
const nodeDir = dirname(dirname(process.execPath));
if (!existsSync(join(nodeDir, 'include', 'node', 'node_api.h'))) {
  fail(`Node's headers are not in ${join(nodeDir, 'include', 'node')}; install them (Debian: nodejs-dev / libnode-dev, or use an official Node tarball)`);
}

const started = Date.now();
console.log('lmdb-native: compiling lmdb (about 10 s on 2 cores)…');
const build = spawnSync(process.execPath, [nodeGyp, 'rebuild', `--nodedir=${nodeDir}`, '-j', 'max'], {
  cwd: lmdbDir,
  encoding: 'utf8',
  env: { ...process.env, npm_config_nodedir: nodeDir },
});
if (build.status !== 0) {
  process.stderr.write(build.stdout ?? '');
  process.stderr.write(build.stderr ?? '');
  fail('compiling lmdb failed (needs gcc, g++, make and python3)');
}
if (!existsSync(output)) fail(`the build finished but ${output} is missing`);
mkdirSync(cacheDir, { recursive: true });
// Keep the cache small: only the addon for the current source and Node version.
for (const old of readdirSync(cacheDir)) if (old.endsWith('.node')) rmSync(join(cacheDir, old));
copyFileSync(output, cached);
console.log(`lmdb-native: built ${output} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
