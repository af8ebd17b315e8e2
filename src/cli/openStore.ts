/** Opens the data file named by `--data` for one command and closes it afterwards. */
import { resolve } from 'node:path';
import type { Store } from '../store/store.ts';

/**
 * `readOnly` for commands that only read: they then never wait for another process's write (a
 * server's ingest batch) to commit, and never take the write lock themselves.
 */
export async function withStore<T>(dataPath: string, fn: (store: Store) => Promise<T> | T, options: { readOnly?: boolean } = {}): Promise<T> {
  const [{ openCatalog }, { checksumProgress }] = await Promise.all([import('../ops/core/openCatalog.ts'), import('./checksumNotice.ts')]);
  const store = openCatalog(resolve(dataPath), { ...options, progress: checksumProgress(resolve(dataPath)) });
  noticeUpgrade(store);
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}

/** Says on stderr that this open moved the data file to the current format (its values were given checksums meanwhile, checksumNotice.ts). */
export function noticeUpgrade(store: Store): void {
  const u = store.upgraded;
  if (!u) return;
  process.stderr.write(`catalog: ${store.path} was data file format ${u.from}; it is format ${u.to} now, which older releases refuse to open.\n`);
}
