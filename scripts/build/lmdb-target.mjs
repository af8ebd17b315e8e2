// Compiles lmdb's addon for the single executable of one target (scripts/build/targets.mjs), from the
// same patched sources as the addon `npm ci` builds for the sources (scripts/build/lmdb-native.mjs
// applies the edits; docs/patches.md §1) and against the headers of the Node that target embeds:
//
//   node scripts/build/lmdb-target.mjs TARGET   prints the path of the compiled lmdb.node
//
// node-gyp builds only for the machine it runs on, so this runs the compiler itself, with the flags
// node-gyp gives lmdb's binding.gyp (the list of sources is checked against binding.gyp):
//   linux-x64      the machine's gcc/g++ (a Linux x64 machine)
//   linux-arm64    Debian's aarch64-linux-gnu-gcc/g++ (gcc-aarch64-linux-gnu, g++-aarch64-linux-gnu)
//   darwin-*       `zig cc`/`zig c++` (PyPI `ziglang`, scripts/build/zig.mjs), linked with undefined
//                  symbols left to the executable that loads it, as node-gyp does on macOS
//   win32-x64      `zig` for x86_64-windows-gnu; Node-API's functions are found in the executable
//                  that loads the addon at load time (napiStubs: the executable is not named node.exe)
// Where `v8Api` is false (targets.mjs), lmdb-js's V8 C++ API is left out (ENABLE_V8_FUNCTIONS=false
// in binding.gyp's terms): the addon is pure Node-API.
//
// The result is cached in .cache/lmdb-native/ by a hash of everything that goes into it: the sources,
// every header in the folders they include from (lmdb's, node-addon-api's, the target Node's), the
// compile and link flags and the compiler's version. CATALOG_LMDB_ADDONS names a folder of addons
// built beforehand (another checkout's .cache/lmdb-native/): one of the same hash there is copied, never
// built again; nothing there is written. Either way the addon must carry the build mark.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureRuntime } from './node-runtime.mjs';
import { NODE_VERSION, targetOf } from './targets.mjs';
import { zigPath } from './zig.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const lmdbDir = join(root, 'node_modules', 'lmdb');
const require = createRequire(import.meta.url);
// node-addon-api's headers: the copy lmdb depends on.
const fromLmdb = createRequire(join(lmdbDir, 'package.json'));

// binding.gyp's sources (headers left out), in its order, with mdb.c and midl.c of the non-v1 branch.
const SOURCES = [
  'src/lmdb-js.cpp',
  'dependencies/lmdb/libraries/liblmdb/chacha8.c',
  'dependencies/lz4/lib/lz4.c',
  'src/writer.cpp',
  'src/env.cpp',
  'src/compression.cpp',
  'src/ordered-binary.cpp',
  'src/misc.cpp',
  'src/txn.cpp',
  'src/dbi.cpp',
  'src/cursor.cpp',
  'src/v8-functions.cpp',
  'dependencies/lmdb/libraries/liblmdb/mdb.c',
  'dependencies/lmdb/libraries/liblmdb/midl.c',
];
// Must equal lmdb-native.mjs's MARK: the sources must carry the edits before they are compiled.
const MARK = 'catalog fix 1: open-time txn id store under the write lock';

function fail(message) {
  throw new Error(`lmdb-target: ${message}`);
}

function checkSources() {
  const gyp = readFileSync(join(lmdbDir, 'binding.gyp'), 'utf8');
  const listed = [...gyp.matchAll(/"((?:src|dependencies)\/[^"]+\.(?:c|cpp))"/g)]
    .map((m) => m[1])
    .filter((s) => !s.includes('lmdb-data-v1'));
  const missing = listed.filter((s) => !SOURCES.includes(s));
  const extra = SOURCES.filter((s) => !listed.includes(s));
  if (missing.length || extra.length)
    fail(
      `lmdb's binding.gyp no longer lists the sources this script compiles (new: ${missing.join(', ') || 'none'}; gone: ${extra.join(', ') || 'none'}); update SOURCES`,
    );
  if (!readFileSync(join(lmdbDir, SOURCES[12]), 'utf8').includes(MARK))
    fail("lmdb's sources do not carry the catalog's edits; run `node scripts/build/lmdb-native.mjs` (npm ci does)");
}

/** The compilers, flags and link step for a target. */
function toolchain(id, runtime) {
  const t = targetOf(id);
  const addonApi = dirname(fromLmdb.resolve('node-addon-api/package.json'));
  const includes = [
    addonApi,
    join(lmdbDir, 'dependencies/lz4/lib'),
    join(lmdbDir, 'dependencies/lmdb/libraries/liblmdb'),
  ];
  const defines = [
    'NODE_GYP_MODULE_NAME=lmdb',
    'MDB_MAXKEYSIZE=0',
    'NAPI_DISABLE_CPP_EXCEPTIONS',
    'MDB_USE_ROBUST',
    'BUILDING_NODE_EXTENSION',
    '_FILE_OFFSET_BITS=64',
    '_LARGEFILE_SOURCE',
    '__STDC_FORMAT_MACROS',
  ];
  if (t.v8Api) defines.push('ENABLE_V8_API=1', 'USING_UV_SHARED=1', 'USING_V8_SHARED=1', 'V8_DEPRECATION_WARNINGS=1');
  const common = ['-O3', '-fno-omit-frame-pointer', '-Wno-unused-parameter'];
  const cxx = ['-std=gnu++20', '-fno-rtti', '-fno-exceptions', '-Wno-strict-aliasing', '-Wno-unused-result'];
  if (t.platform === 'linux') {
    const prefix = t.arch === 'x64' ? '' : 'aarch64-linux-gnu-';
    if (t.arch === 'x64' && process.arch !== 'x64') fail('linux-x64 is compiled with the machine gcc: build it on x64');
    common.push('-fPIC', '-pthread', '-fvisibility=hidden');
    cxx.push('-fvisibility-inlines-hidden', '-Wno-cast-function-type');
    defines.push('_GLIBCXX_USE_CXX11_ABI=1');
    return {
      cc: [`${prefix}gcc`],
      cxx: [`${prefix}g++`],
      includes: [runtime.include, ...includes],
      defines,
      common,
      cxxFlags: cxx,
      link: (objs, out) => [
        `${prefix}g++`,
        '-shared',
        '-pthread',
        '-rdynamic',
        '-Wl,-soname=lmdb.node',
        '-o',
        out,
        ...objs,
      ],
    };
  }
  if (t.platform === 'darwin') {
    // On a Mac (building from source there), Apple's clang; elsewhere Zig.
    const native = process.platform === 'darwin';
    const triple = `${t.arch === 'arm64' ? 'aarch64' : 'x86_64'}-macos.13.0`;
    const cc = native ? ['cc', '-arch', t.arch === 'arm64' ? 'arm64' : 'x86_64', '-mmacosx-version-min=13.0'] : null;
    const zig = native ? null : zigPath();
    common.push('-fPIC', '-fvisibility=hidden');
    defines.push('_DARWIN_USE_64_BIT_INODE=1');
    return {
      cc: cc ?? [zig, 'cc', '-target', triple],
      cxx: cc ? ['c++', ...cc.slice(1)] : [zig, 'c++', '-target', triple],
      includes: [runtime.include, ...includes],
      defines,
      common,
      cxxFlags: cxx,
      link: (objs, out) => [
        ...(cc ? ['c++', ...cc.slice(1)] : [zig, 'c++', '-target', triple]),
        '-shared',
        '-Wl,-undefined,dynamic_lookup',
        // A relative install name: the default would be the absolute path of the build folder.
        '-Wl,-install_name,@rpath/lmdb.node',
        '-o',
        out,
        ...objs,
      ],
    };
  }
  // win32-x64: Node-API only, no V8; node-api-headers gives the .def of node.exe's Node-API exports.
  if (process.platform === 'win32')
    fail('the Windows file is cross-built on Linux (npm run release); see docs/platforms.md');
  const zig = zigPath();
  const napi = dirname(require.resolve('node-api-headers/package.json'));
  const triple = 'x86_64-windows-gnu';
  // Not WIN32_LEAN_AND_MEAN: mdb.c needs NTSTATUS from the full windows.h. mdb.c passes an ssize_t*
  // where ReadFile takes a DWORD* (as it does under MSVC, which only warns); clang refuses that unless told.
  // NAPI_EXTERN empty: node_api.h would declare Node-API's functions __declspec(dllimport), calls
  // through import slots, while here they are the stubs below, linked into the addon itself.
  defines.push('WIN32', 'NOMINMAX', '_HAS_EXCEPTIONS=0', 'NAPI_EXTERN=');
  common.push('-Wno-incompatible-pointer-types');
  return {
    cc: [zig, 'cc', '-target', triple],
    cxx: [zig, 'c++', '-target', triple],
    // The wheel for Windows has no headers; those of the same Node release from the Linux wheel
    // (node_api.h, node_version.h: the same on every platform) serve, and no V8 header is used.
    includes: [ensureRuntime('linux-x64').include, ...includes],
    defines,
    common,
    cxxFlags: cxx,
    // Node-API's functions are taken from the running executable, whatever its name (it is not
    // node.exe, which an import library would name): napi-stubs.c, made from node-api-headers' list of
    // node.exe's Node-API exports, has one jump per function through a pointer that GetProcAddress
    // fills from the executable when the addon loads.
    extraSources: [napiStubs(join(napi, 'def', 'node_api.def'))],
    link: (objs, out) => [zig, 'c++', '-target', triple, '-shared', '-o', out, ...objs, '-lntdll'],
  };
}

/** Writes the Windows stubs of Node-API's functions (see toolchain) and returns their file. */
function napiStubs(def) {
  const names = readFileSync(def, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /^[a-z_0-9]+$/.test(l));
  if (names.length < 100) fail(`${def} lists ${names.length} Node-API functions; expected over 100`);
  const lines = ['#include <windows.h>'];
  for (const n of names) {
    lines.push(`void *catalog_napi_${n};`);
    lines.push(`__attribute__((naked)) void ${n}(void) { __asm__("jmp *catalog_napi_${n}(%rip)"); }`);
  }
  lines.push('__attribute__((constructor)) static void catalog_napi_resolve(void) {');
  lines.push('  HMODULE host = GetModuleHandleW(NULL);');
  for (const n of names) lines.push(`  catalog_napi_${n} = (void *)GetProcAddress(host, "${n}");`);
  lines.push('}');
  const file = join(root, '.cache', 'lmdb-native', 'napi-stubs.c');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** Every .h file under a folder (sorted, so the hash does not depend on the listing's order). */
function headersIn(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.h'))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/** The addon file, once it is seen to carry the build mark (§1, edit 2 in docs/patches.md). */
function marked(addon) {
  if (!readFileSync(addon).includes(MARK)) fail(`${addon} does not carry the build mark ("${MARK}"); not used`);
  return addon;
}

/**
 * Copies the addon `name` (named by its hash) from the folder `from` into `cacheDir` once it is seen to
 * carry the build mark; returns its path there, or undefined when `from` has no such file.
 */
export function takeBuilt(name, from, cacheDir) {
  const source = join(from, name);
  if (!existsSync(source)) return undefined;
  marked(source);
  mkdirSync(cacheDir, { recursive: true });
  copyFileSync(source, join(cacheDir, name));
  if (existsSync(`${source}.txt`)) copyFileSync(`${source}.txt`, join(cacheDir, `${name}.txt`));
  return join(cacheDir, name);
}

function run(argv, options = {}) {
  const r = spawnSync(argv[0], argv.slice(1), { encoding: 'utf8', ...options });
  if (r.status !== 0) fail(`failed: ${argv.join(' ')}\n${r.stdout ?? ''}${r.stderr ?? r.error?.message ?? ''}`);
  return r.stdout;
}

function runAsync(argv) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(argv[0], argv.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolvePromise() : reject(new Error(`lmdb-target: failed: ${argv.join(' ')}\n${out}`)),
    );
  });
}

export async function buildLmdbFor(id) {
  checkSources();
  const runtime = ensureRuntime(id);
  const tc = toolchain(id, runtime);
  const sources = [...SOURCES.map((s) => join(lmdbDir, s)), ...(tc.extraSources ?? [])];
  // In a temp folder: `zig c++ --version` leaves an empty a.o where it runs.
  const version = run([...tc.cxx, '--version'], { cwd: tmpdir() }).split('\n')[0];
  const hash = createHash('sha256');
  for (const s of sources) hash.update(readFileSync(s));
  // The headers too: lmdb-native.mjs edits one (src/lmdb-js.h), and a header alone can change an addon.
  for (const dir of new Set([...tc.includes, ...sources.map((s) => dirname(s))]))
    for (const h of headersIn(dir)) hash.update(h.replaceAll(root, '<root>')).update(readFileSync(h));
  // The link step too, with this checkout's path taken out so a cache copied from another checkout serves.
  const link = JSON.stringify(tc.link(['<objects>'], '<out>')).replaceAll(root, '<root>');
  hash.update(JSON.stringify([NODE_VERSION, id, tc.defines, tc.common, tc.cxxFlags, version, link]));
  const key = hash.digest('hex').slice(0, 16);
  const cacheDir = join(root, '.cache', 'lmdb-native');
  const cached = join(cacheDir, `lmdb-${id}-${key}.node`);
  if (existsSync(cached)) return marked(cached);
  const given = process.env.CATALOG_LMDB_ADDONS;
  if (given && takeBuilt(basename(cached), given, cacheDir)) {
    console.error(`lmdb-target: lmdb for ${id} taken from CATALOG_LMDB_ADDONS (${given}), hash ${key}`);
    return cached;
  }

  const started = Date.now();
  const work = join(cacheDir, `work-${id}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const flags = [...tc.defines.map((d) => `-D${d}`), ...tc.includes.map((i) => `-I${i}`), ...tc.common];
  const jobs = sources.map((src, i) => {
    const obj = join(work, `${i}-${basename(src)}.o`);
    const cpp = /\.(cc|cpp)$/.test(src);
    return { obj, argv: [...(cpp ? tc.cxx : tc.cc), ...flags, ...(cpp ? tc.cxxFlags : []), '-c', src, '-o', obj] };
  });
  // Two at a time: the machine has two cores.
  const queue = [...jobs];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) await runAsync(job.argv);
  };
  await Promise.all([worker(), worker()]);
  const out = join(work, 'lmdb.node');
  run(
    tc.link(
      jobs.map((j) => j.obj),
      out,
    ),
  );
  marked(out);
  mkdirSync(cacheDir, { recursive: true });
  copyFileSync(out, cached);
  writeFileSync(`${cached}.txt`, `${id}: ${version}; Node ${NODE_VERSION}; ${tc.defines.join(' ')}\n`);
  rmSync(work, { recursive: true, force: true });
  console.error(`lmdb-target: built lmdb for ${id} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return cached;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    console.log(await buildLmdbFor(process.argv[2]));
  } catch (e) {
    console.error(e.message);
    process.exit(1);
  }
}
