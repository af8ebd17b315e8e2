/**
 * Loads the native addons (lmdb, msgpackr-extract) inside the single executable. The build embeds
 * each `.node` file as a SEA asset; here it is written once to a content-addressed cache file and
 * loaded with `process.dlopen`. Racing processes are safe: each writes a private temp file and
 * renames it into place, and a file named by its own hash is never half-written.
 */
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

type NativeName = 'lmdb' | 'msgpackr-extract';

const loaded = new Map<NativeName, unknown>();

/** Content hashes of the embedded addons, compiled in by scripts/build/bundle.mjs. */
declare const __CATALOG_NATIVE_HASHES__: Record<NativeName, string>;

export function loadNative(name: NativeName): unknown {
  const cached = loaded.get(name);
  if (cached) return cached;
  // node:sea exists on Node >= 20.12; this module only runs inside the executable the build makes.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const sea = require('node:sea') as { isSea(): boolean; getAsset(key: string): ArrayBuffer };
  if (!sea.isSea()) {
    throw new Error(`the bundled catalog must run as the single executable (build/catalog); cannot load ${name}`);
  }
  const file = materialise(`${name}-${__CATALOG_NATIVE_HASHES__[name]}.node`, () =>
    Buffer.from(sea.getAsset(`${name}.node`)),
  );
  const mod = { exports: {} as unknown };
  process.dlopen(mod, file);
  loaded.set(name, mod.exports);
  return mod.exports;
}

function materialise(fileName: string, readAsset: () => Buffer): string {
  const candidates = [
    join(homedir(), '.cache', 'catalog'),
    join(tmpdir(), `catalog-native-${process.getuid?.() ?? 'user'}`),
  ];
  for (const dir of candidates) {
    const file = join(dir, fileName);
    if (existsSync(file)) return file;
  }
  const bytes = readAsset();
  let lastError: unknown;
  for (const dir of candidates) {
    const file = join(dir, fileName);
    try {
      mkdirSync(dir, { recursive: true });
      const temp = join(dir, `.${fileName}.${process.pid}.${Date.now()}.tmp`);
      writeFileSync(temp, bytes, { mode: 0o755 });
      renameSync(temp, file);
      return file;
    } catch (e) {
      lastError = e;
    }
  }
  throw new Error(
    `cannot write the native module ${fileName} to ${candidates.join(' or ')}: ${(lastError as Error)?.message}`,
  );
}
