/**
 * Queries: DataHub's `query` entity (`urn:li:query:<id>`; aspects queryProperties, querySubjects) —
 * SQL seen on or written against datasets. `listQueries` answers the MCP server's
 * `get_dataset_queries` tool: the queries whose subjects include a dataset or column, newest first.
 */
import { BadRequestError } from '../../errors.ts';
import queryProperties, { type QueryProperties } from '../../model/aspects/queryProperties.ts';
import querySubjects from '../../model/aspects/querySubjects.ts';
import status from '../../model/aspects/status.ts';
import { dataPlatformInstance } from '../../model/aspects/storedAsGiven.ts';
import { validateUrn } from '../../model/registry.ts';
import type { StoreView } from '../../store/store.ts';
import { pageOf, paging } from '../core/paging.ts';
import { latestAspect } from '../core/resources.ts';

/** ListQueriesResolver's page size when `count` is not given. */
export const DEFAULT_QUERIES_COUNT = 100;

/** One criterion of `orFilters` (DataHub's FacetFilterInput). */
export interface QueryFilter {
  field: string;
  values?: readonly string[] | null;
  /** Deprecated single value, used only when `values` is null. */
  value?: string | null;
  condition?: string | null;
  negated?: boolean | null;
}

export interface ListQueriesInput {
  start?: number | null;
  count?: number | null;
  /** Words that must all appear in the name, description or statement; empty or `*` = every query. */
  query?: string | null;
  source?: string | null;
  /** Only queries with this urn (a dataset or a column) among their subjects. */
  datasetUrn?: string | null;
  /** Groups of criteria that must all hold; a query matches when any group does. */
  orFilters?: ReadonlyArray<{ and?: readonly QueryFilter[] | null }> | null;
  sortInput?: { sortCriterion: { field: string; sortOrder: string } } | null;
}

export interface QueriesPage {
  start: number;
  count: number;
  total: number;
  urns: string[];
}

/** What a query is filtered and sorted on, read once per query. */
interface QueryRecord {
  urn: string;
  props: QueryProperties | undefined;
  subjects: string[];
  platform: string | undefined;
  removed: boolean;
}

/** The fields `orFilters` may name (DataHub's search field names of the query entity) and their values. */
const FILTER_FIELDS: Record<string, (q: QueryRecord) => string[]> = {
  entities: (q) => q.subjects,
  source: (q) => (q.props?.source ? [q.props.source] : []),
  origin: (q) => (q.props?.origin ? [q.props.origin] : []),
  platform: (q) => (q.platform ? [q.platform] : []),
  // The SDK's compile_filters adds `removed != true` to every filter it builds.
  removed: (q) => [String(q.removed)],
};

const SORT_FIELDS: Record<string, (q: QueryRecord) => number | string> = {
  createdAt: (q) => q.props?.created?.time ?? 0,
  lastModifiedAt: (q) => q.props?.lastModified?.time ?? 0,
  name: (q) => q.props?.name ?? '',
};

function readQuery(view: StoreView, urn: string): QueryRecord {
  const subjects = latestAspect(view, urn, querySubjects)?.subjects ?? [];
  const platform = latestAspect(view, urn, dataPlatformInstance)?.platform;
  const removed = latestAspect(view, urn, status)?.removed === true;
  const props = latestAspect(view, urn, queryProperties);
  return { urn, props, subjects: subjects.map((s) => s.entity), platform, removed };
}

/** Checks one criterion up front, so a bad filter is a 400 even when no query is stored. */
function checkFilter(f: QueryFilter): void {
  if (!Object.hasOwn(FILTER_FIELDS, f.field)) {
    throw new BadRequestError(
      `Cannot filter queries by field "${f.field}". Filterable fields: ${Object.keys(FILTER_FIELDS).join(', ')}.`,
    );
  }
  const condition = f.condition ?? 'EQUAL';
  if (!['EQUAL', 'IN', 'EXISTS'].includes(condition)) {
    throw new BadRequestError(
      `Cannot filter queries with condition ${condition}. Supported conditions: EQUAL, IN, EXISTS.`,
    );
  }
}

function holds(f: QueryFilter, q: QueryRecord): boolean {
  const have = FILTER_FIELDS[f.field]!(q);
  const wanted = f.values ?? (f.value != null ? [f.value] : []);
  const hit = (f.condition ?? 'EQUAL') === 'EXISTS' ? have.length > 0 : have.some((v) => wanted.includes(v));
  return f.negated ? !hit : hit;
}

function textMatches(words: string[], q: QueryRecord): boolean {
  if (words.length === 0) return true;
  const text = [q.props?.name, q.props?.description, q.props?.statement?.value]
    .filter(Boolean)
    .join('\n')
    .toLowerCase();
  return words.every((w) => text.includes(w));
}

function sorter(input: ListQueriesInput): (a: QueryRecord, b: QueryRecord) => number {
  const criterion = input.sortInput?.sortCriterion ?? { field: 'createdAt', sortOrder: 'DESCENDING' };
  const key = Object.hasOwn(SORT_FIELDS, criterion.field) ? SORT_FIELDS[criterion.field] : undefined;
  if (!key)
    throw new BadRequestError(
      `Cannot sort queries by field "${criterion.field}". Sortable fields: ${Object.keys(SORT_FIELDS).join(', ')}.`,
    );
  const sign = criterion.sortOrder === 'ASCENDING' ? 1 : -1;
  const order = (x: number | string, y: number | string) => (x < y ? -1 : x > y ? 1 : 0);
  return (a, b) => sign * order(key(a), key(b)) || order(a.urn, b.urn);
}

/**
 * One page of the stored queries that match: `source`, `datasetUrn` and every `orFilters` group
 * combined as DataHub combines them (AND of the fixed fields, OR of the groups), soft-deleted
 * queries left out. DataHub declares no relationship from a query to its subjects, so the queries
 * are read one by one (a page of keys at a time) rather than through the relationships index.
 */
export function listQueries(view: StoreView, input: ListQueriesInput): QueriesPage {
  const page = paging(input, DEFAULT_QUERIES_COUNT);
  if (input.datasetUrn) validateUrn(input.datasetUrn);
  const groups = (input.orFilters ?? []).map((g) => g.and ?? []);
  for (const g of groups) g.forEach(checkFilter);
  const order = sorter(input);
  const raw = (input.query ?? '').trim();
  const words = raw === '*' ? [] : raw.toLowerCase().split(/\s+/).filter(Boolean);
  const found: QueryRecord[] = [];
  for (const urn of view.eachUrnOfType('query')) {
    const q = readQuery(view, urn);
    if (q.removed) continue;
    if (input.source && q.props?.source !== input.source) continue;
    if (input.datasetUrn && !q.subjects.includes(input.datasetUrn)) continue;
    if (groups.length > 0 && !groups.some((g) => g.every((f) => holds(f, q)))) continue;
    if (!textMatches(words, q)) continue;
    found.push(q);
  }
  found.sort(order);
  const { start, count, total, items } = pageOf(found, page);
  return { start, count, total, urns: items.map((q) => q.urn) };
}
