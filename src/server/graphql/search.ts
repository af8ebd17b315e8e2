/**
 * The search root fields (search.graphql): each turns its input into a search request, runs one
 * search operation and shapes DataHub's result types. Entities are resolved lazily, so a client
 * that selects only `urn` reads nothing more.
 */
import { semanticSearch } from '../../ops/search/semantic.ts';
import { autoComplete, browse } from '../../ops/search/browse.ts';
import { searchAcrossEntities, searchEntities } from '../../ops/search/search.ts';
import type { Facet, MatchedField, SearchPage } from '../../ops/search/types.ts';
import type { StoreView } from '../../store/store.ts';
import type { GraphqlContext } from './resolvers.ts';
import {
  enumOfUrnType,
  facetValueForGraphql,
  filterGroupsOf,
  searchRequestFromGraphql,
  typesOf,
  type SearchInputGql,
} from './searchInput.ts';
import type * as G from './schema.generated.ts';
import { asEnum, ref } from './types/shared.ts';

type Args<T> = { input: T };

const lazyEntity = (view: StoreView, urn: string) => () => ref(view, urn);

const isUrn = (v: string) => v.startsWith('urn:li:');

function matchedFieldsOf(view: StoreView, fields: MatchedField[]): G.MatchedField[] {
  return fields.map((m) => ({
    name: m.name,
    value: m.value,
    entity: isUrn(m.value) ? lazyEntity(view, m.value) : null,
  }));
}

export function facetsOf(view: StoreView, facets: Facet[]): G.FacetMetadata[] {
  return facets.map((f) => ({
    field: f.field,
    displayName: f.displayName,
    entity: null,
    aggregations: f.values.map((v) => {
      const value = facetValueForGraphql(f.field, v.value);
      const last = value.split('\u241e').pop()!;
      return { value, count: v.count, entity: isUrn(last) ? lazyEntity(view, last) : null, displayName: null };
    }),
  }));
}

export function searchResultsOf(view: StoreView, page: SearchPage): G.SearchResult[] {
  return page.hits.map((h) => ({
    entity: lazyEntity(view, h.urn),
    insights: [],
    matchedFields: matchedFieldsOf(view, h.matchedFields),
    extraProperties: h.extraProperties ?? [],
    score: h.score,
  }));
}

/** DataHub's `SearchResults` of one search page (also answers `Domain.entities` and `DataProduct.entities`). */
export function searchResults(view: StoreView, page: SearchPage): G.SearchResults {
  return {
    start: page.start,
    count: page.count,
    total: page.total,
    searchResults: searchResultsOf(view, page),
    facets: facetsOf(view, page.facets),
    suggestions: [],
  };
}

/** A scroll's page as DataHub's `ScrollResults`. */
export function scrollResultsOf(view: StoreView, page: SearchPage): G.ScrollResults {
  return {
    nextScrollId: page.nextScrollId,
    count: page.count,
    total: page.total,
    searchResults: searchResultsOf(view, page),
    facets: facetsOf(view, page.facets),
  };
}

export const searchRoots = {
  search: ({ input }: Args<SearchInputGql>, ctx: GraphqlContext) =>
    searchResults(ctx.store, searchEntities(ctx.store, searchRequestFromGraphql(input))),

  searchAcrossEntities: ({ input }: Args<SearchInputGql>, ctx: GraphqlContext) =>
    searchResults(ctx.store, searchAcrossEntities(ctx.store, searchRequestFromGraphql(input))),

  semanticSearch: () => semanticSearch(),
  semanticSearchAcrossEntities: () => semanticSearch(),

  scrollAcrossEntities: ({ input }: Args<SearchInputGql>, ctx: GraphqlContext) =>
    scrollResultsOf(ctx.store, searchAcrossEntities(ctx.store, { ...searchRequestFromGraphql(input), start: 0 })),

  aggregateAcrossEntities: ({ input }: Args<SearchInputGql>, ctx: GraphqlContext) => {
    const page = searchAcrossEntities(ctx.store, {
      ...searchRequestFromGraphql(input),
      count: 0,
      skipAggregates: false,
    });
    return { facets: facetsOf(ctx.store, page.facets) };
  },

  autoComplete: ({ input }: G.QueryautoCompleteArgs, ctx: GraphqlContext) => {
    const answer = autoComplete(ctx.store, {
      query: input.query ?? '',
      types: typesOf(input),
      field: input.field,
      limit: input.limit,
      filters: filterGroupsOf(input),
    });
    const entities = () => answer.hits.map((h) => ref(ctx.store, h.urn));
    return { query: input.query, suggestions: answer.suggestions, entities };
  },

  autoCompleteForMultiple: ({ input }: G.QueryautoCompleteForMultipleArgs, ctx: GraphqlContext) => {
    const answer = autoComplete(ctx.store, {
      query: input.query ?? '',
      types: typesOf(input),
      field: input.field,
      limit: input.limit,
      filters: filterGroupsOf(input),
    });
    // One entry per entity type that has completions, in the order of the best completion of each.
    const byType = new Map<string, { suggestions: string[]; urns: string[] }>();
    answer.hits.forEach((h) => {
      const entry = byType.get(h.entityType) ?? { suggestions: [], urns: [] };
      if (!entry.suggestions.includes(h.suggestion)) entry.suggestions.push(h.suggestion);
      entry.urns.push(h.urn);
      byType.set(h.entityType, entry);
    });
    return {
      query: input.query,
      suggestions: [...byType.entries()].map(([type, e]) => ({
        type: asEnum<G.EntityType>(enumOfUrnType(type)),
        suggestions: e.suggestions,
        entities: () => e.urns.map((u) => ref(ctx.store, u)),
      })),
    };
  },

  browseV2: ({ input }: Args<SearchInputGql & { path?: string[] | null }>, ctx: GraphqlContext) => {
    const answer = browse(ctx.store, {
      types: typesOf(input),
      path: input.path ?? [],
      query: input.query,
      filters: filterGroupsOf(input),
      start: input.start ?? 0,
      count: input.count ?? 10,
      includeSoftDeleted: input.searchFlags?.includeSoftDeleted === true,
    });
    return {
      groups: answer.groups.map((g) => ({
        name: g.name,
        entity: g.urn ? lazyEntity(ctx.store, g.urn) : null,
        count: g.count,
        hasSubGroups: g.hasSubGroups,
      })),
      start: answer.start,
      count: answer.count,
      total: answer.total,
      metadata: { path: answer.path, totalNumEntities: answer.totalNumEntities },
    };
  },
} satisfies Partial<G.QueryRoots<GraphqlContext>>;
