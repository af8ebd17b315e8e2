/**
 * The Rest.li search actions of /entities (docs/datahub/discovery.md §7.3): `search`,
 * `searchAcrossEntities`, `scrollAcrossEntities`, `listUrns` and `list`, over the same search
 * operation as GraphQL. Python's DataHubGraph calls `search` to find a domain or data product by
 * name and `listUrns` to list every urn of a type.
 */
import { isJsonObject, type JsonObject } from '../../model/json.ts';
import { listUrns } from '../../ops/entities/entities.ts';
import { pageNumber } from '../../ops/core/paging.ts';
import { searchAcrossEntities, searchEntities } from '../../ops/search/search.ts';
import {
  searchTypeOf,
  type Condition,
  type Criterion,
  type FilterGroup,
  type SearchPage,
  type SortCriterion,
} from '../../ops/search/types.ts';
import type { StoreView } from '../../store/store.ts';
import { HttpError } from '../http.ts';

/** A paging field of a Rest.li body (a long: a number or its text), or `fallback` when absent. */
function optionalInt(input: JsonObject, name: string, fallback: number): number {
  return pageNumber(input[name], name) ?? fallback;
}

function criterionOf(raw: unknown, where: string): Criterion {
  if (!isJsonObject(raw) || typeof raw['field'] !== 'string')
    throw new HttpError(400, `${where}: expected a criterion {field, values, condition?, negated?}`);
  const values = Array.isArray(raw['values'])
    ? raw['values'].map(String)
    : typeof raw['value'] === 'string'
      ? [raw['value']]
      : [];
  return {
    field: raw['field'],
    values,
    condition: (typeof raw['condition'] === 'string' ? raw['condition'] : 'EQUAL') as Condition,
    negated: raw['negated'] === true,
  };
}

/** Rest.li `Filter`: `{or: [{and: [criteria]}]}`, or the older `{criteria: [...]}`. */
export function filterOf(raw: unknown): FilterGroup[] {
  if (raw === undefined || raw === null) return [];
  if (!isJsonObject(raw)) throw new HttpError(400, 'filter: expected an object {"or": [{"and": [...]}]}');
  if (Array.isArray(raw['or'])) {
    return raw['or'].map((g, i) => {
      const and = isJsonObject(g) ? g['and'] : undefined;
      if (!Array.isArray(and)) throw new HttpError(400, `filter.or[${i}].and: expected an array of criteria`);
      return and.map((c, j) => criterionOf(c, `filter.or[${i}].and[${j}]`));
    });
  }
  if (Array.isArray(raw['criteria'])) return [raw['criteria'].map((c, j) => criterionOf(c, `filter.criteria[${j}]`))];
  return [];
}

function sortOf(input: JsonObject): SortCriterion[] {
  const list = Array.isArray(input['sortCriteria'])
    ? input['sortCriteria']
    : isJsonObject(input['sort'])
      ? [input['sort']]
      : [];
  return list.flatMap((c) =>
    isJsonObject(c) && typeof c['field'] === 'string'
      ? [{ field: c['field'], order: c['order'] === 'DESCENDING' ? 'DESCENDING' : 'ASCENDING' } as SortCriterion]
      : [],
  );
}

function typesOf(input: JsonObject): string[] {
  if (typeof input['entity'] === 'string') return [searchTypeOf(input['entity'])];
  if (Array.isArray(input['entities'])) return input['entities'].map((e) => searchTypeOf(String(e)));
  return [];
}

/** Rest.li `SearchResult` / `ScrollResult` from a search page. */
function searchResultOf(page: SearchPage): JsonObject {
  return {
    entities: page.hits.map((h) => ({
      entity: h.urn,
      matchedFields: h.matchedFields.map((m) => ({ name: m.name, value: m.value })),
      features: {},
    })),
    metadata: {
      aggregations: page.facets.map((f) => ({
        name: f.field,
        displayName: f.displayName,
        aggregations: Object.fromEntries(f.values.map((v) => [v.value, v.count])),
        filterValues: f.values.map((v) => ({
          value: v.value,
          facetCount: v.count,
          ...(v.value.startsWith('urn:li:') ? { entity: v.value } : {}),
        })),
      })),
    },
    from: page.start,
    pageSize: page.count,
    numEntities: page.total,
  };
}

export function restSearch(view: StoreView, action: string, input: JsonObject): JsonObject {
  const flags = isJsonObject(input['searchFlags']) ? input['searchFlags'] : {};
  // `search` is one type's index; the actions across entities add DataHub's legacy `entity` facet.
  const page = (action === 'search' ? searchEntities : searchAcrossEntities)(view, {
    query: typeof input['input'] === 'string' ? input['input'] : '*',
    types: typesOf(input),
    filters: filterOf(input['filter']),
    start: action === 'scrollAcrossEntities' ? 0 : optionalInt(input, 'start', 0),
    count: optionalInt(input, 'count', 10),
    scrollId: typeof input['scrollId'] === 'string' ? input['scrollId'] : null,
    sort: sortOf(input),
    includeSoftDeleted: flags['includeSoftDeleted'] === true,
    skipAggregates: flags['skipAggregates'] === true,
    skipHighlighting: flags['skipHighlighting'] === true,
    maxAggValues: typeof flags['maxAggValues'] === 'number' ? flags['maxAggValues'] : undefined,
  });
  const result = searchResultOf(page);
  if (action === 'scrollAcrossEntities')
    return { ...result, ...(page.nextScrollId ? { scrollId: page.nextScrollId } : {}) };
  return result;
}

/** `listUrns` / `list`: every urn of one entity type, a page at a time. */
export function restListUrns(view: StoreView, input: JsonObject): JsonObject {
  if (typeof input['entity'] !== 'string') throw new HttpError(400, 'entity: required string is missing');
  return {
    ...listUrns(view, searchTypeOf(input['entity']), optionalInt(input, 'start', 0), optionalInt(input, 'count', 10)),
  };
}
