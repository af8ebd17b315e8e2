// Zig, the C/C++ cross compiler for the macOS and Windows builds of lmdb's addon
// (scripts/build/lmdb-target.mjs), installed with pip from PyPI's `ziglang` into .cache/zig/, pinned
// by version and by the SHA-256 of its Linux x64 wheel (release builds run on Linux x64).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ZIG_VERSION = '0.17.1';
const ZIG_SHA256 = 'ea6cc5d87b033cf0aedfbc8f9549a908cae6c50ac31f1698188fa48a74524b54';

/** The path of the `zig` executable, installed first if needed. */
export function zigPath() {
  const dir = join(root, '.cache', 'zig', ZIG_VERSION);
  const zig = join(dir, 'ziglang', 'zig');
  if (existsSync(zig)) return zig;
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(`zig: the pinned ziglang ${ZIG_VERSION} wheel is for Linux x64; cross builds run there`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const requirements = join(dir, 'requirements.txt');
  writeFileSync(requirements, `ziglang==${ZIG_VERSION} --hash=sha256:${ZIG_SHA256}\n`);
  const pip = spawnSync(
    'python3',
    [
      '-m',
      'pip',
      'install',
      '--quiet',
      '--disable-pip-version-check',
      '--require-hashes',
      '--no-deps',
      '--only-binary=:all:',
      '--target',
      dir,
      '-r',
      requirements,
    ],
    { encoding: 'utf8' },
  );
  if (pip.status !== 0 || !existsSync(zig))
    throw new Error(`zig: pip could not install ziglang ${ZIG_VERSION} into ${dir}:\n${pip.stderr || pip.stdout}`);
  return zig;
}
