/**
 * The fast path of an unfiltered listing (`*` over some types, in urn order or latest change first):
 * its page walks the urn-ordered type index or the `lastModifiedAt` entries, and its facets come
 * from counters the index keeps, so neither reads a document.
 */
import { countFacets, DEFAULT_MAX_AGG_VALUES, FACET_SEPARATOR, facetNames, finishFacets } from './facets.ts';
import { baseField } from './filters.ts';
import { extraPropertiesOf } from './hits.ts';
import { Matches } from './matching.ts';
import type { ParsedQuery } from './query.ts';
import type { Run } from './run.ts';
import { decodeScrollId, encodeScrollId, type ScrollPosition } from './scrollId.ts';
import type { Facet, FilterGroup, SearchHit, SearchPage, SearchRequest } from './types.ts';

/** Whether a request is sorted by latest change, newest first (the only sort besides urn order a listing walks). */
function byLatestChange(req: SearchRequest): boolean {
  const sort = req.sort ?? [];
  return sort.length === 1 && sort[0]!.field === 'lastModifiedAt' && sort[0]!.order === 'DESCENDING';
}

/**
 * An unfiltered request a walk of the indexes answers in order: no query, filter or `within`; no sort,
 * urn order (what OpenAPI v3's scroll asks for: a full read of a server pages through it) or latest
 * change first. Soft-deleted entities too only without aggregates: the stored facet counts leave
 * them out.
 */
export function isListing(req: SearchRequest, q: ParsedQuery, filters: FilterGroup[]): boolean {
  const sort = req.sort ?? [];
  const byUrn = sort.length === 1 && sort[0]!.field === 'urn' && sort[0]!.order === 'ASCENDING';
  return (
    q.all &&
    filters.length === 0 &&
    !req.within &&
    (!req.includeSoftDeleted || req.skipAggregates === true) &&
    (sort.length === 0 || byUrn || byLatestChange(req))
  );
}

/**
 * [urn, entity type] of the types, most recently changed first, skipping soft-deleted ones unless
 * `withRemoved`: a walk down the index's `lastModifiedAt` entries (the home page's "recently changed").
 */
function* latestChanged(
  run: Run,
  after: ScrollPosition | undefined,
  withRemoved: boolean,
): Generator<[string, string]> {
  const removed = withRemoved ? new Set<number>() : run.removed();
  const types = new Set(run.types);
  let skip = after ? after.n : 0;
  for (const [, id] of run.index.keywordEntriesDescending('lastModifiedAt')) {
    if (removed.has(id)) continue;
    const type = run.doc(id)?.type;
    if (type === undefined || !types.has(type)) continue;
    if (skip > 0) {
      skip--;
      continue;
    }
    yield [run.urn(id), type];
  }
}

/** [urn, entity type] of the types in urn order after `after`, merged across types, skipping soft-deleted ones unless `withRemoved`. */
function* listingUrns(run: Run, after: string | undefined, withRemoved: boolean): Generator<[string, string]> {
  const removed = withRemoved ? new Set<number>() : run.removed();
  const removedUrns = new Set([...removed].map((id) => run.urn(id)));
  const cursors = run.types.map((t) => ({ t, page: run.view.urnsOfType(t, { after, limit: 256 }), i: 0 }));
  for (;;) {
    let best: (typeof cursors)[number] | undefined;
    for (const c of cursors) {
      if (c.i >= c.page.length) continue;
      if (!best || c.page[c.i]! < best.page[best.i]!) best = c;
    }
    if (!best) return;
    const urn = best.page[best.i++]!;
    if (best.i === best.page.length && best.page.length === 256) {
      best.page = run.view.urnsOfType(best.t, { after: urn, limit: 256 });
      best.i = 0;
    }
    if (!removedUrns.has(urn)) yield [urn, best.t];
  }
}

export function listing(run: Run, req: SearchRequest, hash: string, count: number): SearchPage {
  const stats = run.index.stats();
  const withRemoved = req.includeSoftDeleted === true;
  const total = run.types.reduce(
    (sum, t) => sum + (stats.types[t] ? stats.types[t]!.docs - (withRemoved ? 0 : stats.types[t]!.removed) : 0),
    0,
  );
  let start = req.start ?? 0;
  let after: string | undefined;
  if (req.scrollId) {
    const pos = decodeScrollId(req.scrollId, hash);
    start = pos.n;
    after = pos.u;
  }
  const hits: SearchHit[] = [];
  let skip = req.scrollId ? 0 : start;
  const walk = byLatestChange(req)
    ? latestChanged(run, req.scrollId ? decodeScrollId(req.scrollId, hash) : undefined, withRemoved)
    : listingUrns(run, after, withRemoved);
  for (const [urn, entityType] of walk) {
    if (hits.length >= count) break;
    if (skip > 0) {
      skip--;
      continue;
    }
    hits.push({ urn, entityType, score: 0, matchedFields: [] });
  }
  if (req.extraFields?.length) {
    for (const h of hits) {
      const id = run.index.idOf(h.urn);
      const doc = id === undefined ? undefined : run.docWith(id, req.extraFields);
      h.extraProperties = doc ? extraPropertiesOf(doc, req.extraFields) : [];
    }
  }
  const urns = hits.map((h) => h.urn);
  const end = start + urns.length;
  let facets: Facet[] = [];
  if (!req.skipAggregates) {
    const names = facetNames(req);
    const codes = run.typeCodes();
    const counted: Array<[string, Map<string, number>]> = names.map((name) => {
      if (name.includes(FACET_SEPARATOR) || !run.index.isCounted(baseField(name)))
        return [
          name,
          countFacets(run, allListed(run), [name], false, req.maxAggValues ?? DEFAULT_MAX_AGG_VALUES)[0]![1],
        ];
      return [name, new Map(run.index.facetCounts(baseField(name), codes))];
    });
    facets = finishFacets(run, req, [], counted);
  }
  const last = urns[urns.length - 1];
  return {
    start,
    count,
    total,
    hits,
    facets,
    nextScrollId: end < total && last ? encodeScrollId({ v: 1, h: hash, n: end, u: last }) : null,
  };
}

/** Every listed document as a match (only for sub-aggregations, which need the documents). */
function allListed(run: Run): Matches {
  const removed = run.removed();
  const out = Matches.empty();
  for (const t of run.types)
    for (const id of run.index.keywordIds('_entityType', t)) if (!removed.has(id)) out.push(id, 0);
  return out;
}
