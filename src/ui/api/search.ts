/** Search, facets and suggestions, over GraphQL's searchAcrossEntities, aggregateAcrossEntities and autoCompleteForMultiple. */
import type { SearchFilter } from '../routes.ts';
import { gql } from './client.ts';
import { SUMMARY_SELECTION, toView, type EntityView, type RawEntity } from './entities.ts';

export const PAGE_SIZE = 10;

/** The facets the search page shows, in order, with their names for people. */
export const FACETS: Array<{ field: string; label: string }> = [
  { field: '_entityType', label: 'Type' },
  { field: 'platform', label: 'Platform' },
  { field: 'tags', label: 'Tag' },
  { field: 'owners', label: 'Owner' },
  { field: 'glossaryTerms', label: 'Glossary term' },
  { field: 'domains', label: 'Domain' },
  { field: 'origin', label: 'Environment' },
  { field: 'deprecated', label: 'Deprecated' },
];

const FACET_ENTITY = `entity { ${SUMMARY_SELECTION} }`;

export const SEARCH = `query uiSearch($input: SearchAcrossEntitiesInput!) {
  searchAcrossEntities(input: $input) {
    start count total
    searchResults { entity { ${SUMMARY_SELECTION} } matchedFields { name value } }
    facets { field displayName aggregations { value count displayName ${FACET_ENTITY} } }
  }
}`;

export const AGGREGATE = `query uiAggregate($input: AggregateAcrossEntitiesInput!) {
  aggregateAcrossEntities(input: $input) { facets { field displayName aggregations { value count displayName ${FACET_ENTITY} } } }
}`;

export const RECENT = `query uiRecent($input: SearchAcrossEntitiesInput!) {
  searchAcrossEntities(input: $input) { searchResults { entity { ${SUMMARY_SELECTION} } extraProperties { name value } } }
}`;

export const AUTOCOMPLETE = `query uiAutoComplete($input: AutoCompleteMultipleInput!) {
  autoCompleteForMultiple(input: $input) { query suggestions { type suggestions entities { ${SUMMARY_SELECTION} } } }
}`;

export interface FacetValue {
  value: string;
  count: number;
  /** A person's name for the value (a tag's name for its urn, `Dataset` for DATASET). */
  label: string;
  entity?: EntityView;
}

export interface Facet {
  field: string;
  label: string;
  values: FacetValue[];
}

export interface SearchPage {
  total: number;
  start: number;
  results: Array<{ entity: EntityView; matchedFields: Array<{ name: string; value: string }> }>;
  facets: Facet[];
}

interface RawFacet {
  field: string;
  displayName?: string | null;
  aggregations: Array<{ value: string; count: number; displayName?: string | null; entity?: RawEntity | null }>;
}

function facetsOf(raw: RawFacet[] | null | undefined): Facet[] {
  const byField = new Map((raw ?? []).map((f) => [f.field, f]));
  return FACETS.flatMap(({ field, label }) => {
    const f = byField.get(field);
    if (!f) return [];
    const values = f.aggregations
      .filter((a) => a.count > 0)
      .map((a) => {
        const entity = a.entity ? toView(a.entity) : undefined;
        const text =
          field === '_entityType'
            ? kindLabel(a.value)
            : field === 'deprecated'
              ? a.value === 'true'
                ? 'Deprecated'
                : 'Not deprecated'
              : (entity?.name ?? a.displayName ?? a.value);
        return { value: a.value, count: a.count, label: text, ...(entity ? { entity } : {}) };
      });
    return [{ field, label, values }];
  });
}

function kindLabel(type: string): string {
  const names: Record<string, string> = {
    CORP_USER: 'Users',
    CORP_GROUP: 'Groups',
    DATASET: 'Datasets',
    TAG: 'Tags',
    GLOSSARY_TERM: 'Glossary terms',
    GLOSSARY_NODE: 'Term groups',
    DOMAIN: 'Domains',
    CONTAINER: 'Containers',
    CHART: 'Charts',
    DASHBOARD: 'Dashboards',
    DATA_FLOW: 'Pipelines',
    DATA_JOB: 'Tasks',
    DATA_PRODUCT: 'Data products',
    MLMODEL: 'ML models',
    MLFEATURE: 'ML features',
    MLFEATURE_TABLE: 'Feature tables',
    MLMODEL_GROUP: 'ML model groups',
    MLPRIMARY_KEY: 'ML primary keys',
    NOTEBOOK: 'Notebooks',
    DOCUMENT: 'Documents',
    QUERY: 'Queries',
    APPLICATION: 'Applications',
  };
  return names[type] ?? type.charAt(0) + type.slice(1).toLowerCase().replace(/_/g, ' ');
}

/** Filters as GraphQL's orFilters: one AND group; the values of one field are OR-ed by `values`. */
export function orFilters(filters: SearchFilter[]): Array<{ and: Array<Record<string, unknown>> }> {
  if (filters.length === 0) return [];
  return [
    {
      and: filters.map((f) => ({
        field: f.field,
        values: f.values,
        condition: 'EQUAL',
        ...(f.negated ? { negated: true } : {}),
      })),
    },
  ];
}

export interface SearchOptions {
  types?: string[];
  count?: number;
  /** Skip counting facets (lists that show none). */
  noFacets?: boolean;
  /** Groups of filters any of which may hold, instead of `filters` (e.g. tagged, or a column tagged). */
  anyOf?: SearchFilter[][];
}

export async function search(
  query: string,
  filters: SearchFilter[],
  page: number,
  options: SearchOptions = {},
): Promise<SearchPage> {
  const count = options.count ?? PAGE_SIZE;
  const input = {
    query: query.trim() === '' ? '*' : query,
    start: (page - 1) * count,
    count,
    orFilters: options.anyOf ? options.anyOf.flatMap(orFilters) : orFilters(filters),
    ...(options.types ? { types: options.types } : {}),
    searchFlags: options.noFacets ? { skipAggregates: true, skipHighlighting: true } : { maxAggValues: 20 },
  };
  const data = await gql<{
    searchAcrossEntities: {
      start: number;
      total: number;
      searchResults: Array<{ entity: RawEntity; matchedFields: Array<{ name: string; value: string }> }>;
      facets: RawFacet[];
    };
  }>(SEARCH, { input });
  const r = data.searchAcrossEntities;
  return {
    total: r.total,
    start: r.start,
    results: r.searchResults.map((s) => ({ entity: toView(s.entity), matchedFields: s.matchedFields })),
    facets: facetsOf(r.facets),
  };
}

export async function aggregate(facets: string[], filters: SearchFilter[] = []): Promise<Facet[]> {
  const data = await gql<{ aggregateAcrossEntities: { facets: RawFacet[] } }>(AGGREGATE, {
    input: { query: '*', facets, orFilters: orFilters(filters), searchFlags: { maxAggValues: 50 } },
  });
  return facetsOf(data.aggregateAcrossEntities.facets);
}

/** The entities changed last, newest first, each with when (epoch ms): the index walks its lastModifiedAt order. */
export async function recentlyChanged(count = 8): Promise<Array<{ entity: EntityView; changed: number | null }>> {
  const input = {
    query: '*',
    count,
    sortInput: { sortCriteria: [{ field: 'lastModifiedAt', sortOrder: 'DESCENDING' }] },
    searchFlags: { skipAggregates: true, skipHighlighting: true, fetchExtraFields: ['lastModifiedAt'] },
  };
  const data = await gql<{
    searchAcrossEntities: {
      searchResults: Array<{ entity: RawEntity; extraProperties: Array<{ name: string; value: string }> | null }>;
    };
  }>(RECENT, { input });
  return data.searchAcrossEntities.searchResults.map((r) => {
    const raw = r.extraProperties?.find((p) => p.name === 'lastModifiedAt')?.value;
    const changed = raw === undefined ? null : Number(JSON.parse(raw));
    return { entity: toView(r.entity), changed: Number.isFinite(changed) ? changed : null };
  });
}

/** Entities whose name starts with `text`, across types (or within `types`), best first. */
export async function suggest(text: string, types?: string[], limit = 8): Promise<EntityView[]> {
  const data = await gql<{ autoCompleteForMultiple: { suggestions: Array<{ type: string; entities: RawEntity[] }> } }>(
    AUTOCOMPLETE,
    {
      input: { query: text, limit, ...(types ? { types } : {}) },
    },
  );
  return data.autoCompleteForMultiple.suggestions.flatMap((s) => s.entities.map(toView)).slice(0, limit);
}

/**
 * Entities for a picker: names starting with `text` first (autocomplete), then other matches of its
 * words (search); everything of the types when `text` is empty.
 */
export async function find(text: string, types: string[], count = 8): Promise<EntityView[]> {
  const [prefixed, page] = await Promise.all([
    text ? suggest(text, types, count) : Promise.resolve([]),
    search(text === '' ? '*' : text, [], 1, { types, count, noFacets: true }),
  ]);
  const seen = new Set<string>();
  return [...prefixed, ...page.results.map((r) => r.entity)]
    .filter((e) => !seen.has(e.urn) && seen.add(e.urn))
    .slice(0, count);
}
