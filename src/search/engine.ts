/**
 * Search over the index the store keeps in the data file (issue 14): candidates from the postings
 * and keyword tables, DataHub's filters by index lookup (or on the document when a condition needs
 * its text), BM25 ranking with exact name and urn matches first, facets over every match, and
 * paging by offset or by scroll id.
 *
 * Everything reads one LMDB snapshot, so a search sees every write acknowledged before it started.
 * An unfiltered listing (`*` over some types) takes a fast path: its page walks the urn-ordered
 * type index and its facets come from counters the index keeps, so neither reads a document.
 *
 * The use cases in src/ops/search apply a saved view and check paging, then call runSearch. The
 * parts: run.ts (what one search reads), text.ts, scoring.ts and postings.ts (candidates and BM25),
 * matching.ts, paging.ts, facets.ts, highlight.ts, listing.ts (the unfiltered fast path).
 */
import { BadRequestError } from '../errors.ts';
import type { StoreView } from '../store/store.ts';
import {
  checkFacets,
  countFacets,
  DEFAULT_MAX_AGG_VALUES,
  facetNames,
  finishFacets,
  withLegacyEntityFacet,
} from './facets.ts';
import { baseField, isKnownField, normaliseFilters } from './filters.ts';
import { highlighter } from './highlight.ts';
import { extraPropertiesOf } from './hits.ts';
import { isListing, listing } from './listing.ts';
import { matchQuery } from './matching.ts';
import { fingerprint, pageOf } from './paging.ts';
import { parseQuery, type ParsedQuery } from './query.ts';
import { Run } from './run.ts';
import { decodeScrollId, encodeScrollId } from './scrollId.ts';
import { SEARCHABLE_TYPES, type FilterGroup, type SearchHit, type SearchPage, type SearchRequest } from './types.ts';

/** What the use case settled before the run: the filters normalised, the query parsed, the page size checked. */
export interface Prepared {
  filters: FilterGroup[];
  query: ParsedQuery;
  count: number;
}

/**
 * Runs a search. Throws BadRequestError for requests DataHub would refuse (an unknown facet or sort
 * field, a field in the query no document has, a bad scroll id …).
 */
export function runSearch(view: StoreView, req: SearchRequest, { filters, query: q, count }: Prepared): SearchPage {
  const types = req.types && req.types.length > 0 ? req.types : SEARCHABLE_TYPES;
  if (!req.skipAggregates) checkFacets(facetNames(req));
  for (const c of req.sort ?? []) {
    if (!['name', '_name', 'urn'].includes(c.field) && !isKnownField(baseField(c.field)))
      throw new BadRequestError(`Unknown sort field "${c.field}"`);
  }
  for (const c of q.clauses)
    if (c.kind === 'field' && !isKnownField(baseField(c.field)))
      throw new BadRequestError(`Unknown field "${c.field}" in query`);
  const run = new Run(view, types);
  try {
    const page = search(run, req, filters, q, count);
    return { ...page, facets: withLegacyEntityFacet(req, page.facets, page.hits) };
  } finally {
    run.scratch.release();
  }
}

function search(run: Run, req: SearchRequest, filters: FilterGroup[], q: ParsedQuery, count: number): SearchPage {
  const hash = fingerprint(req, run.types, filters);
  if (isListing(req, q, filters)) return listing(run, req, hash, count);
  const matches = matchQuery(run, req, q, filters);
  const pos = req.scrollId ? decodeScrollId(req.scrollId, hash) : undefined;
  const { page, start } = pageOf(run, matches, req.sort ?? [], req.start ?? 0, count, pos);
  const end = start + page.length;
  const highlight = !req.skipHighlighting && !q.all ? highlighter(run, q) : undefined;
  const hits: SearchHit[] = page.map((m) => {
    const doc = run.doc(m.id)!;
    const hit: SearchHit = {
      urn: run.urn(m.id),
      entityType: doc.type,
      score: m.score,
      matchedFields: highlight ? highlight(m.id) : [],
    };
    if (req.extraFields?.length)
      hit.extraProperties = extraPropertiesOf(run.docWith(m.id, req.extraFields)!, req.extraFields);
    return hit;
  });
  const showRemoved = req.includeSoftDeleted === true || filters.some((g) => g.some((c) => c.field === 'removed'));
  const facets = req.skipAggregates
    ? []
    : finishFacets(
        run,
        req,
        filters,
        countFacets(run, matches, facetNames(req), showRemoved, req.maxAggValues ?? DEFAULT_MAX_AGG_VALUES),
      );
  const last = page[page.length - 1];
  return {
    start,
    count,
    total: matches.size,
    hits,
    facets,
    nextScrollId:
      end < matches.size && last ? encodeScrollId({ v: 1, h: hash, n: end, u: run.urn(last.id), s: last.score }) : null,
  };
}

/** The urns matching a request (no paging, no ranking): for browse and lineage searches. */
export function matchingUrns(view: StoreView, req: SearchRequest): string[] {
  const types = req.types && req.types.length > 0 ? req.types : SEARCHABLE_TYPES;
  const run = new Run(view, types);
  try {
    const matches = matchQuery(run, req, parseQuery(req.query), normaliseFilters(req.filters, req.strictFields));
    return Array.from(matches.ids.subarray(0, matches.size), (id) => run.urn(id));
  } finally {
    run.scratch.release();
  }
}
