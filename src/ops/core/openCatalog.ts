/** Opens a data file with the model's relationships and search indexes wired in: the one way to open the store. */
import { relationshipIndexer } from '../../model/relationships.ts';
import { searchIndexer } from '../../model/search/indexer.ts';
import { Store } from '../../store/store.ts';
// What an adapter needs to word the error a damaged file made (the store's, re-exported from the one
// ops module that may import the store as a value).
export { damageError } from '../../store/damage.ts';
// The side effects of aspect writes, registered before the store can be written.
import '../sideEffects.ts';

/** `readOnly`: for commands that only read; `create`: whether a path with no file becomes a new one (see Store.open). */
export function openCatalog(path: string, options: { readOnly?: boolean; create?: boolean } = {}): Store {
  return Store.open(path, relationshipIndexer, searchIndexer, options);
}
