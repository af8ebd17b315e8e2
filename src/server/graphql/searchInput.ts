/**
 * GraphQL search inputs → the search use case's request (src/ops/search/types.ts), with DataHub's
 * input rules (docs/datahub/discovery.md §2.2-§2.3): `orFilters` wins over `filters`, a criterion's
 * deprecated `value` is used when `values` is null, `condition` null is EQUAL, EntityType enum
 * values name urn entity types.
 */
import { BadRequestError } from '../../errors.ts';
import {
  type Criterion,
  type FilterGroup,
  isCondition,
  type SearchRequest,
  type SortCriterion,
} from '../../ops/search/types.ts';
import { FACET_SEPARATOR } from '../../ops/search/search.ts';
import { kinds, urnTypeOfEnumValue } from './types/registry.ts';

export interface FacetFilterGql {
  field: string;
  values?: string[] | null;
  value?: string | null;
  negated?: boolean | null;
  condition?: string | null;
}

export interface AndFilterGql {
  and?: FacetFilterGql[] | null;
}

export interface SearchFlagsGql {
  skipHighlighting?: boolean | null;
  skipAggregates?: boolean | null;
  maxAggValues?: number | null;
  includeSoftDeleted?: boolean | null;
  fulltext?: boolean | null;
  fetchExtraFields?: string[] | null;
}

export interface SortInputGql {
  sortCriterion?: { field: string; sortOrder: 'ASCENDING' | 'DESCENDING' } | null;
  sortCriteria?: Array<{ field: string; sortOrder: 'ASCENDING' | 'DESCENDING' }> | null;
}

export interface SearchInputGql {
  type?: string | null;
  types?: string[] | null;
  query?: string | null;
  start?: number | null;
  count?: number | null;
  scrollId?: string | null;
  filters?: FacetFilterGql[] | null;
  orFilters?: AndFilterGql[] | null;
  searchFlags?: SearchFlagsGql | null;
  sortInput?: SortInputGql | null;
  facets?: Array<string | null> | null;
  viewUrn?: string | null;
}

/** An EntityType enum value (DATASET) → the urn entity type (dataset). */
export function urnTypeOfEnum(value: string): string {
  const t = urnTypeOfEnumValue(value);
  if (!t) throw new BadRequestError(`Entity type ${value} is not searchable on this server`);
  return t;
}

/** The urn entity type (dataset) → its EntityType enum value (DATASET); unknown types pass through. */
export function enumOfUrnType(urnType: string): string {
  return kinds()[urnType]?.enumValue ?? urnType.toUpperCase();
}

/**
 * A `_entityType` facet value as DataHub answers it: the enum value (first ␞ segment only); the
 * legacy `entity` facet's values (entity types, not the urns of an assertion's `entity` field) too.
 */
export function facetValueForGraphql(field: string, value: string): string {
  if (field === 'entity' && !value.startsWith('urn:')) return enumOfUrnType(value);
  if (!field.startsWith('_entityType')) return value;
  const [first, ...rest] = value.split(FACET_SEPARATOR);
  return [enumOfUrnType(first!), ...rest].join(FACET_SEPARATOR);
}

export function criterionOf(f: FacetFilterGql): Criterion {
  const condition = f.condition ?? 'EQUAL';
  if (!isCondition(condition)) throw new BadRequestError(`Unknown filter condition ${f.condition}`);
  return {
    field: f.field,
    values: f.values ?? (f.value != null ? [f.value] : []),
    condition,
    negated: f.negated === true,
  };
}

/** `orFilters` when it has groups, else `filters` as one AND group (DataHub ignores `filters` beside `orFilters`). */
export function filterGroupsOf(input: {
  filters?: FacetFilterGql[] | null;
  orFilters?: AndFilterGql[] | null;
}): FilterGroup[] {
  if (input.orFilters && input.orFilters.length > 0) return input.orFilters.map((g) => (g.and ?? []).map(criterionOf));
  if (input.filters && input.filters.length > 0) return [input.filters.map(criterionOf)];
  return [];
}

function sortOf(sort: SortInputGql | null | undefined): SortCriterion[] {
  const list =
    sort?.sortCriteria && sort.sortCriteria.length > 0
      ? sort.sortCriteria
      : sort?.sortCriterion
        ? [sort.sortCriterion]
        : [];
  return list.map((c) => ({ field: c.field, order: c.sortOrder }));
}

/** The urn entity types of a `types`/`type` input; none = the searchable set. */
export function typesOf(input: { type?: string | null; types?: string[] | null }): string[] | undefined {
  const list = input.types && input.types.length > 0 ? input.types : input.type ? [input.type] : [];
  return list.length > 0 ? list.map(urnTypeOfEnum) : undefined;
}

export function searchRequestFromGraphql(input: SearchInputGql): SearchRequest {
  const flags = input.searchFlags ?? {};
  return {
    query: input.query ?? '*',
    types: typesOf(input),
    filters: filterGroupsOf(input),
    start: input.start ?? 0,
    count: input.count ?? 10,
    scrollId: input.scrollId ?? null,
    sort: sortOf(input.sortInput),
    includeSoftDeleted: flags.includeSoftDeleted === true,
    skipAggregates: flags.skipAggregates === true,
    skipHighlighting: flags.skipHighlighting === true,
    maxAggValues: flags.maxAggValues ?? undefined,
    facets: input.facets?.filter((f): f is string => typeof f === 'string' && f !== '') ?? undefined,
    extraFields: flags.fetchExtraFields ?? undefined,
    viewUrn: input.viewUrn ?? null,
  };
}
