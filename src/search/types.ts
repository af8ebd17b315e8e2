/**
 * The search use case's request and answer (issue 14), independent of GraphQL/REST/CLI: the
 * adapters turn their inputs into a SearchRequest and format a SearchPage.
 */
import { BadRequestError } from '../errors.ts';

/** Entity types searched when a request names none (DataHub's searchable set, as we store them). */
export const SEARCHABLE_TYPES = [
  'dataset',
  'dashboard',
  'chart',
  'mlModel',
  'mlModelGroup',
  'mlFeatureTable',
  'mlFeature',
  'mlPrimaryKey',
  'dataFlow',
  'dataJob',
  'glossaryTerm',
  'glossaryNode',
  'tag',
  'corpuser',
  'corpGroup',
  'container',
  'domain',
  'dataProduct',
  'notebook',
  'schemaField',
  'dataPlatformInstance',
  'document',
] as const;

/** DataHub's filter conditions (docs/datahub/discovery.md §2.3). */
export const FILTER_CONDITIONS = [
  'EQUAL',
  'IEQUAL',
  'IN',
  'CONTAIN',
  'START_WITH',
  'END_WITH',
  'EXISTS',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL_TO',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL_TO',
  'DESCENDANTS_INCL',
  'ANCESTORS_INCL',
  'RELATED_INCL',
] as const;

export type Condition = (typeof FILTER_CONDITIONS)[number];

const CONDITION_SET: ReadonlySet<string> = new Set(FILTER_CONDITIONS);

/** Whether `value` names one of DataHub's filter conditions. */
export const isCondition = (value: string): value is Condition => CONDITION_SET.has(value);

/** One criterion: `field` (suffixes like `.keyword` already stripped) holds one of `values`. */
export interface Criterion {
  field: string;
  values: string[];
  condition: Condition;
  negated: boolean;
}

/** Criteria that must all hold. A request's groups are OR-ed; no groups = no filter. */
export type FilterGroup = Criterion[];

export interface SortCriterion {
  field: string;
  order: 'ASCENDING' | 'DESCENDING';
}

export interface SearchRequest {
  /** The query text; `*` or blank matches everything. */
  query: string;
  /** Entity types (registry names such as `dataset`, `corpuser`); absent or empty = the searchable set. */
  types?: readonly string[];
  filters?: readonly FilterGroup[];
  start?: number;
  count?: number;
  /** Opaque position from a previous page's `nextScrollId`; replaces `start`. */
  scrollId?: string | null;
  sort?: readonly SortCriterion[];
  includeSoftDeleted?: boolean;
  skipAggregates?: boolean;
  skipHighlighting?: boolean;
  maxAggValues?: number;
  /** Facets to count; absent or empty = the default facets of the searched types. */
  facets?: readonly string[];
  /**
   * Answer DataHub's legacy `entity` facet beside `_entityType`, as its SearchService does for a
   * search across entities (facets.ts, legacyEntityFacet).
   */
  legacyEntityFacet?: boolean;
  /** Restricts the search to these urns (lineage searches pass the reachable set). */
  within?: ReadonlySet<string>;
  /** Index fields to return with each hit (DataHub's fetchExtraFields). */
  extraFields?: readonly string[];
  /** A saved view (dataHubView) whose entity types and filter narrow the search (views.ts). */
  viewUrn?: string | null;
  /** Refuse a filter on a field the index does not know (our CLI: a typo); else it matches nothing, as in DataHub. */
  strictFields?: boolean;
}

export interface MatchedField {
  name: string;
  value: string;
}

export interface SearchHit {
  urn: string;
  entityType: string;
  score: number;
  matchedFields: MatchedField[];
  /** The fields of `extraFields` the document holds, each value as JSON (one value, or a list). */
  extraProperties?: Array<{ name: string; value: string }>;
}

export interface FacetValue {
  value: string;
  count: number;
}

export interface Facet {
  field: string;
  displayName: string;
  values: FacetValue[];
}

export interface SearchPage {
  start: number;
  /** The page size asked for. */
  count: number;
  total: number;
  hits: SearchHit[];
  facets: Facet[];
  /** Set when more results follow this page. */
  nextScrollId: string | null;
}

/**
 * An entity type as a user names it: the urn entity type (`dataset`, `corpuser`) in any case, or
 * DataHub's enum spelling (`DATASET`, `CORP_USER`, `DATA_FLOW`).
 */
export function searchTypeOf(name: string): string {
  const key = name.replace(/_/g, '').toLowerCase();
  const known = [
    ...SEARCHABLE_TYPES,
    'dataPlatform',
    'query',
    'structuredProperty',
    'dataProcessInstance',
    'assertion',
    'incident',
    'form',
  ];
  const found = known.find((t) => t.toLowerCase() === key);
  if (found) return found;
  throw new BadRequestError(`Unknown entity type "${name}"`);
}
