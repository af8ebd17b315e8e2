/** Opens a data file with the model's relationships index wired in: the one way to open the store. */
import { relationshipIndexer } from '../model/relationships.ts';
import { Store } from '../store/store.ts';

export function openCatalog(path: string): Store {
  return Store.open(path, relationshipIndexer);
}
