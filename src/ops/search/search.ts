/**
 * Search across entities, the use case every door calls: the request's saved view applied, its
 * filters normalised, its query parsed and its paging checked, then run by the search engine
 * (src/search/engine.ts) on the store's index.
 */
import { urnWords } from '../../model/search/analysis.ts';
import type { SearchDocument } from '../../model/search/document.ts';
import { runSearch } from '../../search/engine.ts';
import { normaliseFilters } from '../../search/filters.ts';
import { parseQuery } from '../../search/query.ts';
import type { StoreView } from '../../store/store.ts';
import { paging } from '../core/paging.ts';
import type { SearchPage, SearchRequest } from './types.ts';
import { withView } from './views.ts';

export { matchingUrns } from '../../search/engine.ts';
export { FACET_SEPARATOR } from '../../search/facets.ts';
export { baseField } from '../../search/filters.ts';
export { SEARCHABLE_TYPES } from '../../search/types.ts';

/** The largest page a search answers. */
export const MAX_PAGE = 10_000;

/**
 * Runs a search. Throws BadRequestError for requests DataHub would refuse (a bad page size, an
 * unknown facet or sort field, a bad scroll id …).
 */
export function searchEntities(view: StoreView, request: SearchRequest): SearchPage {
  const req = withView(view, request);
  const filters = normaliseFilters(req.filters, req.strictFields);
  const query = parseQuery(req.query);
  const { count } = paging(req, 10, MAX_PAGE);
  return runSearch(view, req, { filters, query, count });
}

/**
 * A search across entities as DataHub's SearchService answers it (GraphQL's searchAcrossEntities,
 * scrollAcrossEntities and aggregateAcrossEntities; Rest.li's searchAcrossEntities and
 * scrollAcrossEntities): the search, with the legacy `entity` facet beside `_entityType`
 * (src/search/facets.ts). DataHub's single-type `search` goes to its index directly, without it.
 */
export function searchAcrossEntities(view: StoreView, request: SearchRequest): SearchPage {
  return searchEntities(view, { ...request, legacyEntityFacet: true });
}

/** Name and platform of search hits, for a listing of results (the CLI's table). */
export function hitSummaries(
  view: StoreView,
  urns: readonly string[],
): Array<{ urn: string; name: string; platform: string | null }> {
  return urns.map((urn) => {
    const id = view.search.idOf(urn);
    const doc = (id === undefined ? undefined : view.search.record(id)?.doc) as SearchDocument | undefined;
    return { urn, name: doc?.name ?? urnWords(urn), platform: doc?.fields['platform']?.[0] ?? null };
  });
}

/**
 * `siblingsSearch`: the search restricted to the entities whose `siblings` aspect names `urn` (the
 * SiblingOf edges into it), as DataHub filters its index's `siblings` field on the urn.
 */
export function searchSiblings(view: StoreView, urn: string, request: SearchRequest): SearchPage {
  const within = new Set(view.edges(urn, 'INCOMING', ['SiblingOf']).map((e) => e.urn));
  return searchEntities(view, { ...request, within });
}
