/**
 * Facets (DataHub's aggregations): the names a request asks for or the default ones, their counts
 * over the matches (from the index's counters or facet columns when it can, else document by
 * document), and the answer's values in count order with the filtered-on values kept.
 */
import { BadRequestError } from '../errors.ts';
import { isKeywordField } from '../model/search/document.ts';
import { baseField, entityTypeKey, isKnownField } from './filters.ts';
import type { Matches } from './matching.ts';
import { mergeAscending } from './postings.ts';
import type { Run } from './run.ts';
import type { Facet, FacetValue, FilterGroup, SearchHit, SearchRequest } from './types.ts';

/** Facets counted when a request names none. */
export const DEFAULT_FACETS = [
  '_entityType',
  'platform',
  'platformInstance',
  'origin',
  'env',
  'typeNames',
  'container',
  'domains',
  'tags',
  'glossaryTerms',
  'owners',
  'deprecated',
] as const;

const DISPLAY_NAMES: Record<string, string> = {
  _entityType: 'Type',
  platform: 'Platform',
  platformInstance: 'Platform Instance',
  origin: 'Environment',
  env: 'Environment',
  typeNames: 'Sub Type',
  container: 'Container',
  domains: 'Domain',
  tags: 'Tag',
  glossaryTerms: 'Glossary Term',
  owners: 'Owned By',
  deprecated: 'Deprecated',
};

export const DEFAULT_MAX_AGG_VALUES = 20;
/** Separator of sub-aggregations in a facet name (`_entityType␞typeNames`). */
export const FACET_SEPARATOR = '\u241e';

export function checkFacets(names: readonly string[]): void {
  for (const name of names)
    for (const p of name.split(FACET_SEPARATOR).map(baseField))
      if (!isKnownField(p)) throw new BadRequestError(`Unknown facet field "${name}"`);
}

export function finishFacets(
  run: Run,
  req: SearchRequest,
  filters: FilterGroup[],
  counted: Array<[string, Map<string, number>]>,
): Facet[] {
  const max = req.maxAggValues ?? DEFAULT_MAX_AGG_VALUES;
  const asked = req.facets && req.facets.length > 0;
  const out: Facet[] = [];
  for (const [name, counts] of counted) {
    // Values the request filtered on stay visible with a zero count, as DataHub shows them.
    // `_entityType` values are spelled many ways (DATASET, dataset, DATA_FLOW): compare them as types.
    const typed = baseField(name) === '_entityType';
    const known = (v: string) =>
      typed ? [...counts.keys()].some((k) => entityTypeKey(k) === entityTypeKey(v)) : counts.has(v);
    for (const g of filters) {
      for (const c of g) {
        if (c.field !== baseField(name) || c.negated) continue;
        for (const v of c.values) if (!known(v)) counts.set(typed ? (run.canonicalType(v) ?? v) : v, 0);
      }
    }
    const values = [...counts.entries()]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .slice(0, max)
      .map(([value, count]) => ({ value, count }));
    // DataHub always answers the entity type facet, even when nothing matched (docs/datahub/discovery.md §2.4).
    if (values.length === 0 && !asked && name !== '_entityType') continue;
    out.push({ field: name, displayName: DISPLAY_NAMES[name] ?? name, values });
  }
  return out;
}

export function facetNames(req: SearchRequest): readonly string[] {
  if (!req.facets || req.facets.length === 0) return DEFAULT_FACETS;
  // The legacy facet is answered from `_entityType`'s counts (DataHub asks its index for
  // `_entityType` in its place: `entity` is no facet of the index).
  if (req.legacyEntityFacet && req.facets.includes(LEGACY_ENTITY_FACET))
    return [...new Set(req.facets.map((f) => (f === LEGACY_ENTITY_FACET ? '_entityType' : f)))];
  return req.facets;
}

/**
 * DataHub's legacy name of the entity type facet. Its SearchService (a search or scroll across
 * entities) answers it after the others, with `_entityType`'s counts and the display name "Type",
 * when the request names no facet or names `entity` or `_entityType`; clients older than
 * `_entityType` read it (DataHub's web app: a tag's "Applied to" counts). With aggregates skipped
 * it counts the types of the page's hits, as DataHub's fallback does.
 */
export const LEGACY_ENTITY_FACET = 'entity';

export function withLegacyEntityFacet(req: SearchRequest, facets: Facet[], hits: readonly SearchHit[]): Facet[] {
  if (!req.legacyEntityFacet) return facets;
  const asked = req.facets ?? [];
  if (asked.length > 0 && !asked.includes(LEGACY_ENTITY_FACET) && !asked.includes('_entityType')) return facets;
  const typed = facets.find((f) => f.field === '_entityType');
  let values: FacetValue[];
  if (typed) {
    values = typed.values.map((v) => ({ ...v }));
  } else {
    const counts = new Map<string, number>();
    for (const h of hits) counts.set(h.entityType, (counts.get(h.entityType) ?? 0) + 1);
    values = [...counts]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .map(([value, count]) => ({ value, count }));
  }
  return [...facets, { field: LEGACY_ENTITY_FACET, displayName: 'Type', values }];
}

/**
 * Facets of the matches. A counted keyword field (most facets) comes from the index's counters when
 * the matches are every live document of the types (`*`, a word every document holds), else from
 * its facet columns in one pass over the matches' ids. Other fields and sub-aggregations are counted
 * on each match's keyword record, or its document when a field is not a keyword.
 */
export function countFacets(
  run: Run,
  matches: Matches,
  names: readonly string[],
  showRemoved: boolean,
  limit: number,
): Array<[string, Map<string, number>]> {
  const out: Array<[string, Map<string, number>]> = [];
  const stats = run.index.stats();
  const live = run.types.reduce((n, t) => n + (stats.types[t] ? stats.types[t]!.docs - stats.types[t]!.removed : 0), 0);
  // Matches are live documents of the types (soft-deleted ones only when asked for): as many as there are means all.
  const everyLive = !showRemoved && matches.size === live;
  // Most of them (a common word): the counters less what the live documents left out hold.
  const mostLive = !showRemoved && !everyLive && matches.size > live / 2;
  let sorted: Uint32Array | undefined;
  const ids = () => (sorted ??= matches.sortedIds(run.scratch));
  let rest: Uint32Array | undefined;
  const restIds = () => (rest ??= liveOutside(run, ids()));
  const codes = run.typeCodes();
  for (const name of names) {
    const parts = name.split(FACET_SEPARATOR).map(baseField);
    const p = parts[0]!;
    if (parts.length === 1 && p !== 'removed' && isKeywordField(p) && run.index.isCounted(p)) {
      // A field of one value every live document holds (one platform, one environment): every match holds it.
      const universal = () => {
        const counted = !showRemoved && run.index.valuesSeen(p) === 1 ? run.index.facetCounts(p, codes) : [];
        return counted.length === 1 && counted[0]![1] === live ? counted[0]![0] : undefined;
      };
      let value: string | undefined;
      if (everyLive) {
        out.push([name, new Map(run.index.facetCounts(p, codes))]);
      } else if ((value = universal()) !== undefined) {
        out.push([name, new Map(matches.size > 0 ? [[value, matches.size]] : [])]);
      } else if (mostLive) {
        const outside = new Map(run.index.countValues(p, restIds(), Number.POSITIVE_INFINITY));
        const counts = new Map<string, number>();
        for (const [value, n] of run.index.facetCounts(p, codes))
          if (n > (outside.get(value) ?? 0)) counts.set(value, n - (outside.get(value) ?? 0));
        out.push([name, counts]);
      } else {
        out.push([name, new Map(run.index.countValues(p, ids(), limit))]);
      }
      continue;
    }
    const counts = new Map<string, number>();
    for (let i = 0; i < matches.size; i++) {
      const values = run.docWith(matches.ids[i]!, parts)?.fields;
      if (!values) continue;
      let combos: string[] = [''];
      for (const [i, f] of parts.entries()) {
        const vs = f === 'removed' ? (values['removed'] ?? ['false']) : (values[f] ?? []);
        combos = combos.flatMap((c) => vs.map((v) => (i === 0 ? v : c + FACET_SEPARATOR + v)));
      }
      for (const c of new Set(combos)) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    out.push([name, counts]);
  }
  return out;
}

/** The live documents of the searched types that are not among `ids` (ascending): ascending. */
function liveOutside(run: Run, ids: Uint32Array): Uint32Array {
  const all = mergeAscending(run.types.map((t) => run.index.keywordIds('_entityType', t)));
  const removed = run.removed();
  const out = run.scratch.u32(Math.max(all.length - ids.length, 0) + removed.size);
  let size = 0;
  let j = 0;
  for (let i = 0; i < all.length; i++) {
    const id = all[i]!;
    while (j < ids.length && ids[j]! < id) j++;
    if ((j < ids.length && ids[j] === id) || removed.has(id)) continue;
    out[size++] = id;
  }
  return out.subarray(0, size);
}
