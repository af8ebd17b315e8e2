/** Opens the data file named by `--data` for one command and closes it afterwards. */
import { resolve } from 'node:path';
import type { Store } from '../store/store.ts';

/**
 * `readOnly` for commands that only read: they then never wait for another process's write (a
 * server's ingest batch) to commit, and never take the write lock themselves.
 */
export async function withStore<T>(dataPath: string, fn: (store: Store) => Promise<T> | T, options: { readOnly?: boolean } = {}): Promise<T> {
  const { openCatalog } = await import('../ops/openCatalog.ts');
  const store = openCatalog(resolve(dataPath), options);
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}
