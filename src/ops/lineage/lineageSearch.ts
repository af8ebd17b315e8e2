/**
 * Search across lineage (docs/datahub/discovery.md §3.1): the entities a lineage walk reaches, filtered,
 * ranked and faceted like a search, with each one's degree and paths. Serves `searchAcrossLineage`
 * and `scrollAcrossLineage`.
 *
 * The `degree` criterion is lineage's own: its values (`1`, `2`, `3+`) set how far the walk goes
 * and which hop counts are kept; every other criterion goes to the search. Like DataHub, columns
 * reached by column-level lineage stand for their dataset unless the request groups columns as
 * columns (what DataHub's SDK asks for column lineage).
 */
import { BadRequestError } from '../../errors.ts';
import { paging } from '../core/paging.ts';
import type { StoreView } from '../../store/store.ts';
import { schemaFieldParent, traverseLineage, platformOf, type IgnoreAsHop, type LineageEntity } from './lineage.ts';
import { baseField, MAX_PAGE, SEARCHABLE_TYPES, searchEntities } from '../search/search.ts';
import type { Criterion, Facet, FilterGroup, MatchedField, SearchRequest } from '../search/types.ts';
import { decodeScrollId, encodeScrollId, requestHash } from '../../search/scrollId.ts';

export const DEGREE_FIELD = 'degree';
const DEGREE_VALUES = ['1', '2', '3+'] as const;

export interface LineageSearchRequest {
  urn: string;
  direction: string;
  /** Values of every `degree` criterion of the request, pooled; empty = no degree criterion. */
  degrees: readonly string[];
  /**
   * The search part: query, types, filters without the degree criteria, sort, flags. Its
   * start/count/scrollId are ignored: paging is this request's own.
   */
  search: SearchRequest;
  /** Keep reached columns as columns (grouping SCHEMA_FIELD → SCHEMA_FIELD); else they stand for their dataset. */
  keepColumns?: boolean;
  ignoreAsHops?: readonly IgnoreAsHop[];
  start?: number | null;
  count?: number | null;
  scrollId?: string | null;
}

export interface LineageSearchHit {
  urn: string;
  entityType: string;
  degree: number;
  degrees: number[];
  paths: string[][];
  matchedFields: MatchedField[];
  ignoredAsHop: boolean;
}

export interface LineageSearchPage {
  start: number;
  count: number;
  total: number;
  hits: LineageSearchHit[];
  /** The degree facet first, then the search's. */
  facets: Facet[];
  nextScrollId: string | null;
  /** LIGHTNING when answered from the walk alone (reached columns nothing indexes), else TORTOISE. */
  path: 'LIGHTNING' | 'TORTOISE';
  /** More entities matched than one lineage search returns (search's page limit). */
  partial: boolean;
}

const DEFAULT_COUNT = 10;

/** DataHub's hop limit from the degree values: `3+` anywhere is no limit, else the largest of 2 and 1. */
export function maxHopsOf(degrees: readonly string[]): number | null {
  for (const d of degrees) {
    if (!(DEGREE_VALUES as readonly string[]).includes(d))
      throw new BadRequestError(`${d} is not a valid filter value for degree filters`);
  }
  if (degrees.includes('3+')) return null;
  if (degrees.includes('2')) return 2;
  if (degrees.includes('1')) return 1;
  return null;
}

/** Keeps hop counts the degree values name (`3+` = three or more); no values keep every count. */
function degreeTest(degrees: readonly string[]): (degree: number) => boolean {
  if (degrees.length === 0) return () => true;
  return (n) =>
    (degrees.includes('1') && n === 1) || (degrees.includes('2') && n === 2) || (degrees.includes('3+') && n > 2);
}

/** Splits the degree criteria off a request's filter groups: their pooled values, and the groups without them. */
export function splitDegreeCriteria<
  C extends { field: string; values?: readonly string[] | null; value?: string | null },
>(groups: ReadonlyArray<ReadonlyArray<C>>): { degrees: string[]; rest: C[][] } {
  const degrees: string[] = [];
  const rest = groups.map((g) => g.filter((c) => baseField(c.field) !== DEGREE_FIELD));
  for (const c of groups.flat()) {
    if (baseField(c.field) !== DEGREE_FIELD) continue;
    for (const v of c.values ?? (c.value != null ? [c.value] : [])) if (!degrees.includes(v)) degrees.push(v);
  }
  return { degrees, rest };
}

/** One page of the entities reached from `req.urn` that match the search. */
export function searchAcrossLineage(view: StoreView, req: LineageSearchRequest): LineageSearchPage {
  const maxHops = maxHopsOf(req.degrees);
  const walked = traverseLineage(view, {
    urn: req.urn,
    direction: req.direction,
    maxHops,
    includeSoftDeleted: true,
    includeGhosts: true,
    ignoreAsHops: req.ignoreAsHops,
  });
  const grouped = req.keepColumns ? walked.entities : columnsAsDatasets(walked.entities);
  const types = new Set<string>(req.search.types?.length ? req.search.types : SEARCHABLE_TYPES);
  const keepDegree = degreeTest(req.degrees);
  const candidates = new Map(
    grouped.filter((e) => types.has(e.entityType) && keepDegree(e.degree)).map((e) => [e.urn, e]),
  );
  const matched = canUseWalkAlone(view, req.search, candidates)
    ? matchFromWalk(req.search, candidates)
    : matchBySearch(view, req.search, candidates);
  return pageOf(matched, candidates, req);
}

interface Matched {
  urns: string[];
  matchedFields: Map<string, MatchedField[]>;
  facets: Facet[];
  path: 'LIGHTNING' | 'TORTOISE';
  partial: boolean;
}

/** A column stands for its dataset: one entry per dataset, at the fewest hops, with every path. */
function columnsAsDatasets(entities: readonly LineageEntity[]): LineageEntity[] {
  const out = new Map<string, LineageEntity>();
  for (const e of entities) {
    const parent = schemaFieldParent(e.urn);
    const as = parent ? { ...e, urn: parent, entityType: parent.split(':')[2] ?? e.entityType } : e;
    const known = out.get(as.urn);
    if (!known) {
      out.set(as.urn, { ...as, degrees: [...as.degrees], paths: [...as.paths] });
      continue;
    }
    known.degree = Math.min(known.degree, as.degree);
    known.degrees = [...new Set([...known.degrees, ...as.degrees])].sort((a, b) => a - b);
    known.paths.push(...as.paths);
  }
  return [...out.values()].sort((a, b) => a.degree - b.degree || (a.urn < b.urn ? -1 : a.urn > b.urn ? 1 : 0));
}

// ---- answered by the search index (DataHub's "tortoise" path) ----------------------------------

function matchBySearch(view: StoreView, search: SearchRequest, candidates: Map<string, LineageEntity>): Matched {
  if (candidates.size === 0)
    return { urns: [], matchedFields: new Map(), facets: [], path: 'TORTOISE', partial: false };
  const page = searchEntities(view, {
    ...search,
    skipHighlighting: search.skipHighlighting ?? true,
    within: new Set(candidates.keys()),
    start: 0,
    count: Math.min(candidates.size, MAX_PAGE),
    scrollId: null,
  });
  return {
    urns: page.hits.map((h) => h.urn),
    matchedFields: new Map(page.hits.map((h) => [h.urn, h.matchedFields])),
    facets: page.facets,
    path: 'TORTOISE',
    partial: page.total > page.hits.length,
  };
}

// ---- answered from the walk alone (DataHub's "lightning" path) ---------------------------------

/** Criteria the walk can answer from a urn and its status alone. */
const WALK_FIELDS = new Set(['platform', 'origin', 'parent', 'removed', '_entityType']);

/**
 * Columns reached by column-level lineage are usually not entities of their own (DataHub calls them
 * ghosts): the index has nothing for them. When the request needs nothing but the urns (no query,
 * no sort, filters on urn-derived fields), it is answered from the walk, as DataHub's lightning
 * path does, so such columns are found.
 */
function canUseWalkAlone(view: StoreView, search: SearchRequest, candidates: Map<string, LineageEntity>): boolean {
  const q = search.query.trim();
  if (q !== '' && q !== '*') return false;
  if (search.sort?.length) return false;
  if (!(search.filters ?? []).every((g) => g.every((c) => WALK_FIELDS.has(baseField(c.field))))) return false;
  // The index holds a document for every stored entity: what is not stored, it cannot answer for.
  for (const urn of candidates.keys()) if (!view.entityExists(urn)) return true;
  return false;
}

function walkValues(e: LineageEntity, field: string): string[] {
  switch (field) {
    case 'platform':
      return [platformOf(e.urn)].filter((v): v is string => !!v);
    case 'origin': {
      const dataset = e.entityType === 'dataset' ? e.urn : schemaFieldParent(e.urn);
      const env = dataset?.startsWith('urn:li:dataset:') ? /,([^,()]+)\)$/.exec(dataset)?.[1] : undefined;
      return env ? [env] : [];
    }
    case 'parent':
      return [schemaFieldParent(e.urn)].filter((v): v is string => !!v);
    case 'removed':
      return [String(e.removed)];
    default:
      return [e.entityType];
  }
}

function holds(e: LineageEntity, c: Criterion): boolean {
  const field = baseField(c.field);
  const values = walkValues(e, field);
  const norm = (v: string) => (field === '_entityType' ? v.replace(/_/g, '').toLowerCase() : v);
  let ok: boolean;
  if (c.condition === 'EXISTS') ok = values.length > 0;
  else if (c.values.length === 0) return true;
  else if (c.condition === 'CONTAIN')
    ok = values.some((v) => c.values.some((w) => v.toLowerCase().includes(w.toLowerCase())));
  else if (c.condition === 'IEQUAL')
    ok = values.some((v) => c.values.some((w) => norm(v).toLowerCase() === norm(w).toLowerCase()));
  else ok = values.some((v) => c.values.some((w) => norm(v) === norm(w)));
  return c.negated ? !ok : ok;
}

function matchFromWalk(search: SearchRequest, candidates: Map<string, LineageEntity>): Matched {
  const groups: readonly FilterGroup[] = search.filters ?? [];
  const filtersOnRemoved = groups.some((g) => g.some((c) => baseField(c.field) === 'removed'));
  const urns = [...candidates.values()]
    .filter((e) => e.exists && (search.includeSoftDeleted || filtersOnRemoved || !e.removed))
    .filter((e) => groups.length === 0 || groups.some((g) => g.every((c) => holds(e, c))))
    .map((e) => e.urn);
  const facets = search.skipAggregates
    ? []
    : walkFacets(
        urns.map((u) => candidates.get(u)!),
        search.maxAggValues ?? 20,
      );
  return { urns, matchedFields: new Map(), facets, path: 'LIGHTNING', partial: false };
}

/** The facets DataHub's lightning path counts: entity type, platform and environment. */
function walkFacets(entities: readonly LineageEntity[], max: number): Facet[] {
  const facet = (field: string, displayName: string): Facet | null => {
    const counts = new Map<string, number>();
    for (const e of entities) for (const v of walkValues(e, field)) counts.set(v, (counts.get(v) ?? 0) + 1);
    if (counts.size === 0) return null;
    const values = [...counts]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, max)
      .map(([value, count]) => ({ value, count }));
    return { field, displayName, values };
  };
  return [facet('_entityType', 'Type'), facet('platform', 'Platform'), facet('origin', 'Environment')].filter(
    (f): f is Facet => f !== null,
  );
}

// ---- paging ------------------------------------------------------------------------------------

/** DataHub's degree facet ("Degree of Dependencies"), counted over everything matched. */
function degreeFacet(urns: readonly string[], candidates: Map<string, LineageEntity>): Facet {
  const counts = new Map<string, number>(DEGREE_VALUES.map((v) => [v, 0]));
  for (const u of urns) {
    const d = candidates.get(u)!.degree;
    const key = d >= 3 ? '3+' : String(d);
    counts.set(key, counts.get(key)! + 1);
  }
  return {
    field: DEGREE_FIELD,
    displayName: 'Degree of Dependencies',
    values: DEGREE_VALUES.map((v) => ({ value: v, count: counts.get(v)! })),
  };
}

function fingerprint(req: LineageSearchRequest): string {
  const s = req.search;
  return requestHash(
    [
      req.urn,
      req.direction,
      [...req.degrees].sort(),
      s.query.trim(),
      [...(s.types ?? [])].sort(),
      s.filters ?? [],
      s.sort ?? [],
      s.includeSoftDeleted ?? false,
      req.keepColumns ?? false,
    ],
    'lineage-',
  );
}

function pageOf(m: Matched, candidates: Map<string, LineageEntity>, req: LineageSearchRequest): LineageSearchPage {
  const asked = paging(req, DEFAULT_COUNT, MAX_PAGE);
  const count = asked.count;
  const hash = fingerprint(req);
  let start = asked.start;
  if (req.scrollId) {
    const pos = decodeScrollId(req.scrollId, hash, 'lineage query');
    // Resume right after the last result handed out; if it is gone, after as many as were handed out.
    const at = m.urns.indexOf(pos.u);
    start = at >= 0 ? at + 1 : Math.min(pos.n, m.urns.length);
  }
  const urns = m.urns.slice(start, start + count);
  const end = start + urns.length;
  const hits = urns.map((urn) => {
    const e = candidates.get(urn)!;
    return {
      urn,
      entityType: e.entityType,
      degree: e.degree,
      degrees: e.degrees,
      paths: e.paths,
      matchedFields: m.matchedFields.get(urn) ?? [],
      ignoredAsHop: e.ignoredAsHop,
    };
  });
  const last = urns[urns.length - 1];
  return {
    start,
    count,
    total: m.urns.length,
    hits,
    facets: req.search.skipAggregates ? [] : [degreeFacet(m.urns, candidates), ...m.facets],
    nextScrollId: end < m.urns.length && last ? encodeScrollId({ v: 1, h: hash, n: end, u: last }) : null,
    path: m.path,
    partial: m.partial,
  };
}
