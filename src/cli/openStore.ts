/** Opens the data file named by `--data` for one command and closes it afterwards. */
import { resolve } from 'node:path';
import type { Store } from '../store/store.ts';

/**
 * `readOnly` for commands that only read: they then never wait for another process's write (a
 * server's ingest batch) to commit, and never take the write lock themselves. A path with no file is
 * refused ("no data file at PATH": a misspelt --data must not look like an empty catalog) unless
 * `create`, given by the commands that write something of their own (ingest, put, pull …): those
 * make the file and, when they succeed, say so on stderr; one that fails takes the file away again
 * while nothing is in it.
 */
export async function withStore<T>(
  dataPath: string,
  fn: (store: Store) => Promise<T> | T,
  options: { readOnly?: boolean; create?: boolean } = {},
): Promise<T> {
  const [{ openCatalog, damageError }, { checksumProgress }] = await Promise.all([
    import('../ops/core/openCatalog.ts'),
    import('./checksumNotice.ts'),
  ]);
  const path = resolve(dataPath);
  let store: Store;
  try {
    store = openCatalog(path, {
      readOnly: options.readOnly,
      create: options.create === true && !options.readOnly,
      progress: checksumProgress(path),
    });
  } catch (e) {
    throw damageError(e, path) ?? e;
  }
  noticeUpgrade(store);
  let removed = false;
  try {
    const result = await fn(store);
    noticeCreated(store);
    return result;
  } catch (e) {
    // A command that failed leaves no file it made for nothing (bad input writes nothing).
    if (store.created) removed = await store.removeIfNothingIn();
    // LMDB's error for a damaged page names the file it came from (this one, or a file remote's).
    throw damageError(e, path) ?? e;
  } finally {
    if (!removed) await store.close();
  }
}

/** Says on stderr that this open made the data file (there was none at its path), naming it. */
export function noticeCreated(store: Store): void {
  if (store.created) process.stderr.write(`catalog: no data file at ${store.path}; created a new one\n`);
}

/** Says on stderr that this open moved the data file to the current format (its values were given checksums meanwhile, checksumNotice.ts). */
export function noticeUpgrade(store: Store): void {
  const u = store.upgraded;
  if (!u) return;
  process.stderr.write(
    `catalog: ${store.path} was data file format ${u.from}; it is format ${u.to} now, which older releases refuse to open.\n`,
  );
}
