/**
 * Loads the native addons (lmdb, msgpackr-extract) inside the single executable. The build embeds
 * each `.node` file as a SEA asset; here it is written once to a content-addressed cache file and
 * loaded with `process.dlopen`. Racing processes are safe: each writes a private temp file and
 * renames it into place, and a file named by its own hash is never half-written.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

type NativeName = 'lmdb' | 'msgpackr-extract';

const loaded = new Map<NativeName, unknown>();

export function loadNative(name: NativeName): unknown {
  const cached = loaded.get(name);
  if (cached) return cached;
  // node:sea exists on Node >= 20.12; this module only runs inside the executable the build makes.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const sea = require('node:sea') as { isSea(): boolean; getAsset(key: string): ArrayBuffer };
  if (!sea.isSea()) {
    throw new Error(`the bundled catalog must run as the single executable (build/catalog); cannot load ${name}`);
  }
  const bytes = Buffer.from(sea.getAsset(`${name}.node`));
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  const file = materialise(`${name}-${hash}.node`, bytes);
  const mod = { exports: {} as unknown };
  process.dlopen(mod, file);
  loaded.set(name, mod.exports);
  return mod.exports;
}

function materialise(fileName: string, bytes: Buffer): string {
  const candidates = [join(homedir(), '.cache', 'catalog'), join(tmpdir(), `catalog-native-${process.getuid?.() ?? 'user'}`)];
  let lastError: unknown;
  for (const dir of candidates) {
    const file = join(dir, fileName);
    if (existsSync(file)) return file;
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
  throw new Error(`cannot write the native module ${fileName} to ${candidates.join(' or ')}: ${(lastError as Error)?.message}`);
}
