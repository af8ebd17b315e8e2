/** Opens the data file named by `--data` for one command and closes it afterwards. */
import { resolve } from 'node:path';
import type { Store } from '../store/store.ts';

export async function withStore<T>(dataPath: string, fn: (store: Store) => Promise<T> | T): Promise<T> {
  const { Store } = await import('../store/store.ts');
  const store = Store.open(resolve(dataPath));
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}
