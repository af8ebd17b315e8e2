/** Opens the data file named by `--data` for one command and closes it afterwards. */
import { resolve } from 'node:path';
import type { Store } from '../store/store.ts';

/**
 * `readOnly` for commands that only read: they then never wait for another process's write (a
 * server's ingest batch) to commit, and never take the write lock themselves.
 */
export async function withStore<T>(dataPath: string, fn: (store: Store) => Promise<T> | T, options: { readOnly?: boolean } = {}): Promise<T> {
  const { openCatalog } = await import('../ops/core/openCatalog.ts');
  const store = openCatalog(resolve(dataPath), options);
  noticeUpgrade(store);
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}

/** Says on stderr that this open moved the data file to the current format, and how to rewrite what it held before. */
export function noticeUpgrade(store: Store): void {
  const u = store.upgraded;
  if (!u) return;
  process.stderr.write(
    `catalog: ${store.path} was data file format ${u.from}; it is format ${u.to} now and every value written from here on is compressed. ` +
      `Its older values stay as they were until rewritten: \`catalog backup -f NEW --compact\` writes a copy with all of them compressed.\n`,
  );
}
