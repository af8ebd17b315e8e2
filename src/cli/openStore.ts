/** Opens the data file named by `--data` for one command and closes it afterwards. */
import { resolve } from 'node:path';
import type { Store } from '../store/store.ts';

export async function withStore<T>(dataPath: string, fn: (store: Store) => Promise<T> | T): Promise<T> {
  const { openCatalog } = await import('../ops/openCatalog.ts');
  const store = openCatalog(resolve(dataPath));
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}
