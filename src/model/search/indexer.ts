/** The model's side of the store's search index: which writes matter and what the document is. */
import type { SearchIndexer } from '../../store/store.ts';
import {
  analyseDocument,
  completeDocument,
  DERIVED_ASPECTS,
  SEARCH_INDEX_VERSION,
  searchDocumentOf,
  shapesSearchDocument,
} from './document.ts';

export const searchIndexer: SearchIndexer = {
  version: SEARCH_INDEX_VERSION,
  shapes: shapesSearchDocument,
  document: searchDocumentOf,
  derived: DERIVED_ASPECTS,
  complete: completeDocument,
  analyse: analyseDocument,
  // Every document has its own urn and (nearly always) its own name: lookups, never facets.
  uncounted: ['urn', '_name'],
  identity: 'urn',
};
