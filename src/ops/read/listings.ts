/**
 * The listings DataHub's web app reads on its settings and glossary pages (listUsers, listGroups,
 * listDomains, getRootGlossaryTerms, searchUsers, getEntityCounts), each the search DataHub's resolver
 * runs, on this catalog's search index: the same entity type, query and filter, the page DataHub
 * answers. DataHub sorts groups and domains by their creation time, a field this index does not keep:
 * they come in the search's own order (best match, then urn).
 */
import { searchEntities } from '../search/search.ts';
import { viewFilterGroups } from '../search/views.ts';
import type { Criterion, FilterGroup, SearchPage, SearchRequest } from '../search/types.ts';
import type { StoreView } from '../../store/store.ts';

/** DataHub's page defaults of these resolvers: from 0, 20 a page, every entity. */
const DEFAULT_START = 0;
const DEFAULT_COUNT = 20;

export interface ListingQuery {
  start?: number | null;
  count?: number | null;
  query?: string | null;
}

export interface ListingPage {
  start: number;
  count: number;
  total: number;
  urns: string[];
}

/** Users and searchUsers leave service accounts out (their subTypes name SERVICE_ACCOUNT), as DataHub. */
const NOT_SERVICE_ACCOUNT: Criterion = {
  field: 'typeNames',
  values: ['SERVICE_ACCOUNT'],
  condition: 'EQUAL',
  negated: true,
};

function listing(view: StoreView, type: string, q: ListingQuery, filters?: FilterGroup[]): ListingPage {
  const page = searchEntities(view, {
    query: q.query ? q.query : '*',
    types: [type],
    filters,
    start: q.start ?? DEFAULT_START,
    count: q.count ?? DEFAULT_COUNT,
    skipAggregates: true,
    skipHighlighting: true,
  });
  return { start: page.start, count: page.count, total: page.total, urns: page.hits.map((h) => h.urn) };
}

/** `listUsers`: the users matching the query, service accounts left out. */
export function listUsers(view: StoreView, q: ListingQuery): ListingPage {
  return listing(view, 'corpuser', q, [[NOT_SERVICE_ACCOUNT]]);
}

/** `listGroups`: the groups matching the query. */
export function listGroups(view: StoreView, q: ListingQuery): ListingPage {
  return listing(view, 'corpGroup', q);
}

/** `listDomains`: the domains under `parentDomain`, or the top-level ones (no parent) when none is given. */
export function listDomains(view: StoreView, q: ListingQuery & { parentDomain?: string | null }): ListingPage {
  const parent: Criterion = q.parentDomain
    ? { field: 'parentDomain', values: [q.parentDomain], condition: 'EQUAL', negated: false }
    : { field: 'parentDomain', values: [], condition: 'EXISTS', negated: true };
  return listing(view, 'domain', q, [[parent]]);
}

/** `getRootGlossaryTerms`: the terms in no term group; `count` is the number on the page, as DataHub's. */
export function listRootGlossaryTerms(view: StoreView, q: { start: number; count: number }): ListingPage {
  const page = listing(view, 'glossaryTerm', q, [
    [{ field: 'parentNode', values: [], condition: 'EXISTS', negated: true }],
  ]);
  return { ...page, count: page.urns.length };
}

/**
 * `searchUsers`: a search across users only, service accounts left out of every filter group (the
 * request's types are replaced, as DataHub forces them).
 */
export function searchUsers(view: StoreView, request: SearchRequest): SearchPage {
  const groups = request.filters && request.filters.length > 0 ? request.filters : [[]];
  return searchEntities(view, {
    ...request,
    types: ['corpuser'],
    filters: groups.map((g) => [...g, NOT_SERVICE_ACCOUNT]),
  });
}

/**
 * `getEntityCounts`: how many entities of each type the index holds (soft-deleted left out), narrowed
 * by a saved view's filter — its filter only, not its entity types, as DataHub's resolver applies it.
 */
export function entityCounts(
  view: StoreView,
  types: readonly string[],
  viewUrn: string | null | undefined,
): Array<{ type: string; count: number }> {
  const filters = viewUrn ? viewFilterGroups(view, viewUrn) : [];
  return types.map((type) => ({
    type,
    count: searchEntities(view, { query: '*', types: [type], filters, count: 0, skipHighlighting: true }).total,
  }));
}
