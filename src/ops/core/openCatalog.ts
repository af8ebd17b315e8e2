/** Opens a data file with the model's relationships and search indexes wired in: the one way to open the store. */
import { relationshipIndexer } from '../../model/relationships.ts';
import { searchIndexer } from '../../model/search/indexer.ts';
import { Store, type ChecksumProgress } from '../../store/store.ts';
import { eventDeriver } from '../events/derive.ts';
// What an adapter needs to word the error a damaged file made (the store's, re-exported from the one
// ops module that may import the store as a value).
export { damageError, damageOf } from '../../store/damage.ts';
// The side effects of aspect writes, registered before the store can be written.
import '../sideEffects.ts';

/**
 * `readOnly`: for commands that only read; `create`: whether a path with no file becomes a new one
 * (see Store.open). A read-write open of a file whose values do not all have their checksum yet
 * (written by an older release) gives them theirs first, showing `progress` (docs/design.md §3
 * "Store"); a read-only open reads the file as it is.
 */
export function openCatalog(
  path: string,
  options: { readOnly?: boolean; create?: boolean; progress?: ChecksumProgress } = {},
): Store {
  const store = Store.open(path, relationshipIndexer, searchIndexer, options);
  // Every change writes its events in its own transaction (docs/events.md).
  store.setEventDeriver(eventDeriver);
  if (!store.readOnly && store.checksumsPending) {
    try {
      store.addChecksums(options.progress);
    } catch (e) {
      void store.close();
      throw e;
    }
  }
  return store;
}

/**
 * Opens a data file read-only exactly as it is — not migrated, not re-indexed, not given checksums,
 * not created (`catalog verify`: it reports what is, and writes nothing). No data file at `path` is a
 * NOT_FOUND error.
 */
export function openCatalogAsIs(path: string): Store {
  return Store.openAsIs(path, relationshipIndexer, searchIndexer);
}
