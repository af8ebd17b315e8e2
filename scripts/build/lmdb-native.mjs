// Builds lmdb's native addon from its bundled C source with one fix and one addition applied, into
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
// A third edit, in lmdb-js's C++ (src/env.cpp, src/lmdb-js.h), adds Env.releaseMap(): madvise
// MADV_DONTNEED over the environment's read-only shared map, so a long walk can drop the pages of the
// data file it has read from its resident set (they stay in the page cache; src/store/format.ts).
//
// The compiled addon is cached under .cache/lmdb-native by a hash of the patched sources and the
// Node version, so a repeated `npm ci` in one work tree does not compile again.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const lmdbDir = join(root, 'node_modules', 'lmdb');
const source = join(lmdbDir, 'dependencies', 'lmdb', 'libraries', 'liblmdb', 'mdb.c');
const envSource = join(lmdbDir, 'src', 'env.cpp');
const envHeader = join(lmdbDir, 'src', 'lmdb-js.h');
const output = join(lmdbDir, 'build', 'Release', 'lmdb.node');
const PINNED = '3.5.6';

// Must equal LMDB_FIX_MARK in src/store/nativeGuard.ts (test/native-guard.test.ts checks the build has it).
const MARK = 'catalog fix 1: open-time txn id store under the write lock';

const edits = [
  {
    file: source,
    what: 'the open-time txn id fix',
    unpatched: '\tenv->me_maxpg = env->me_mapsize / env->me_psize;\n\n\tif (env->me_txns)\n\t\tenv->me_txns->mti_txnid = meta.mm_txnid;\n',
    patched: '\tenv->me_maxpg = env->me_mapsize / env->me_psize;\n\n\tif (prev && env->me_txns)\n\t\tenv->me_txns->mti_txnid = meta.mm_txnid;\n',
  },
  {
    file: source,
    what: 'the build mark in mdb_version()',
    unpatched: '\tif (patch) *patch = MDB_VERSION_PATCH;\n\treturn MDB_VERSION_STRING;\n',
    patched: `\tif (patch) *patch = MDB_VERSION_PATCH;\n\treturn MDB_VERSION_STRING " (${MARK})";\n`,
  },
  // releaseMap(): lets the store drop the pages of the data file it has mapped from the process's
  // resident set (docs/patches.md, patch 1, edit 3). Three pieces: the method's declaration, its
  // registration on the Env class, and its body.
  {
    file: envHeader,
    what: 'the declaration of Env.releaseMap',
    unpatched: '\tNapi::Value readerCheck(const CallbackInfo& info);\n',
    patched: '\tNapi::Value readerCheck(const CallbackInfo& info);\n\t/* catalog: drop the mapped pages of the data file from the resident set */\n\tNapi::Value releaseMap(const CallbackInfo& info);\n',
  },
  {
    file: envSource,
    what: 'the registration of Env.releaseMap',
    unpatched: '\t\tEnvWrap::InstanceMethod("readerList", &EnvWrap::readerList),\n',
    patched: '\t\tEnvWrap::InstanceMethod("readerList", &EnvWrap::readerList),\n\t\tEnvWrap::InstanceMethod("releaseMap", &EnvWrap::releaseMap),\n',
  },
  {
    file: envSource,
    what: 'the body of Env.releaseMap',
    unpatched: '\treturn Number::New(info.Env(), dead);\n}\n',
    patched: [
      '\treturn Number::New(info.Env(), dead);',
      '}',
      '',
      '#ifndef _WIN32',
      '#include <sys/mman.h>',
      '#endif',
      '// catalog: tells the kernel the pages this process has mapped of the data file are not needed now.',
      '// The map is shared and read-only (no MDB_WRITEMAP), so nothing is lost: the pages stay in the page',
      '// cache, and the next read of one maps it again. Answers whether anything was released.',
      'Napi::Value EnvWrap::releaseMap(const CallbackInfo& info) {',
      '\tif (!this->env) {',
      '\t\treturn throwError(info.Env(), "The environment is already closed.");',
      '\t}',
      '#if defined(MADV_DONTNEED) && !defined(_WIN32)',
      '\tMDB_envinfo envinfo;',
      '\tunsigned int flags = 0;',
      '\tif (mdb_env_info(this->env, &envinfo) != 0 || mdb_env_get_flags(this->env, &flags) != 0) return Boolean::New(info.Env(), false);',
      '\tif (!envinfo.me_mapaddr || (flags & (MDB_WRITEMAP | MDB_REMAP_CHUNKS))) return Boolean::New(info.Env(), false);',
      '\treturn Boolean::New(info.Env(), madvise(envinfo.me_mapaddr, envinfo.me_mapsize, MADV_DONTNEED) == 0);',
      '#else',
      '\treturn Boolean::New(info.Env(), false);',
      '#endif',
      '}',
      '',
    ].join('\n'),
  },
];

function fail(message) {
  console.error(`lmdb-native: ${message}`);
  process.exit(1);
}

const version = JSON.parse(readFileSync(join(lmdbDir, 'package.json'), 'utf8')).version;
if (version !== PINNED) fail(`lmdb ${version} is installed but this fix was written for ${PINNED}; check whether it is still needed and update scripts/build/lmdb-native.mjs`);

const texts = new Map();
for (const file of new Set(edits.map((e) => e.file))) texts.set(file, readFileSync(file, 'utf8'));
for (const { file, what, unpatched, patched } of edits) {
  let text = texts.get(file);
  const count = (s) => text.split(s).length - 1;
  if (count(patched) === 1) {
    // already applied (a second run in the same node_modules)
  } else if (count(unpatched) === 1) {
    text = text.replace(unpatched, patched);
    console.log(`lmdb-native: applied ${what} to ${file.slice(lmdbDir.length + 1)}`);
  } else {
    fail(`${file} does not contain the code expected for ${what} exactly once; it cannot be applied`);
  }
  texts.set(file, text);
}
for (const [file, text] of texts) if (text !== readFileSync(file, 'utf8')) writeFileSync(file, text);

const hash = createHash('sha256');
for (const text of texts.values()) hash.update(text);
const key = hash.update(process.version).update(process.arch).digest('hex').slice(0, 16);
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
