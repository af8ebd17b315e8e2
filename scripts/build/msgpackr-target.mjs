// msgpackr-extract's prebuilt addon for one target (scripts/build/targets.mjs). It is Node-API, so
// the published build serves any Node. For this machine's platform it is the one `npm ci` installed;
// for another, npm installs none (the packages are limited by `os` and `cpu`), so its package is
// fetched with `npm pack` into .cache/msgpackr-extract/ and checked against the integrity that
// package-lock.json records for it before it is unpacked. Linux arm64 is the exception: its package
// (3.0.4) has only musl builds, which a glibc process cannot load, so the addon is compiled from the
// source msgpackr-extract ships (one Node-API file, src/extract.cpp) with Debian's aarch64 g++.
//
//   node scripts/build/msgpackr-target.mjs TARGET   prints the path of the addon
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureRuntime } from './node-runtime.mjs';
import { targetOf } from './targets.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

function fail(message) {
  throw new Error(`msgpackr-target: ${message}`);
}

export function msgpackrFor(id) {
  const t = targetOf(id);
  const name = `@msgpackr-extract/msgpackr-extract-${t.platform}-${t.arch}`;
  // The file names the packages use (the macOS ones say glibc too).
  const file = t.platform === 'win32' ? 'node.napi.node' : 'node.napi.glibc.node';
  const installed = join(root, 'node_modules', name, file);
  if (existsSync(installed)) return installed;
  if (id === 'linux-arm64') return compileArm64();
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  const entry = lock.packages[`node_modules/${name}`];
  if (!entry?.integrity) fail(`package-lock.json records no ${name}`);
  const dir = join(root, '.cache', 'msgpackr-extract', `${t.platform}-${t.arch}-${entry.version}`);
  const unpacked = join(dir, 'package', file);
  if (existsSync(unpacked)) return unpacked;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const pack = spawnSync('npm', ['pack', '--silent', `${name}@${entry.version}`, '--pack-destination', dir], {
    encoding: 'utf8',
  });
  if (pack.status !== 0) fail(`npm pack ${name}@${entry.version} failed:\n${pack.stderr}`);
  const tgz = join(dir, pack.stdout.trim().split('\n').pop());
  const [algorithm, expected] = entry.integrity.split('-');
  const got = createHash(algorithm).update(readFileSync(tgz)).digest('base64');
  if (got !== expected) {
    rmSync(dir, { recursive: true, force: true });
    fail(`${name}@${entry.version} does not match the integrity in package-lock.json; removed`);
  }
  const untar = spawnSync('tar', ['-xzf', tgz, '-C', dir], { encoding: 'utf8' });
  if (untar.status !== 0 || !existsSync(unpacked)) fail(`cannot unpack ${file} from ${tgz}: ${untar.stderr}`);
  return unpacked;
}

function compileArm64() {
  const pkg = join(root, 'node_modules', 'msgpackr-extract');
  const version = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')).version;
  const source = join(pkg, 'src', 'extract.cpp');
  const dir = join(root, '.cache', 'msgpackr-extract', `linux-arm64-${version}-source`);
  const out = join(dir, 'node.napi.glibc.node');
  if (existsSync(out)) return out;
  mkdirSync(dir, { recursive: true });
  // node-addon-api's headers: the copy lmdb depends on (msgpackr-extract's source uses the same API).
  const addonApi = createRequire(join(root, 'node_modules', 'lmdb', 'package.json'))('node-addon-api').include_dir;
  const argv = [
    '-shared',
    '-fPIC',
    '-O3',
    '-fvisibility=hidden',
    '-std=gnu++17',
    '-DNAPI_DISABLE_CPP_EXCEPTIONS',
    '-DBUILDING_NODE_EXTENSION',
    `-I${ensureRuntime('linux-arm64').include}`,
    `-I${addonApi}`,
    source,
    '-o',
    `${out}.tmp`,
  ];
  const cc = spawnSync('aarch64-linux-gnu-g++', argv, { encoding: 'utf8' });
  if (cc.status !== 0)
    fail(
      `compiling ${source} for linux-arm64 failed (needs g++-aarch64-linux-gnu):\n${cc.stderr ?? cc.error?.message}`,
    );
  renameSync(`${out}.tmp`, out);
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    console.log(msgpackrFor(process.argv[2]));
  } catch (e) {
    console.error(e.message);
    process.exit(1);
  }
}
