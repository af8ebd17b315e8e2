/**
 * The lineage fields (lineage.graphql): `lineage(input)` on every entity type that has it,
 * `searchAcrossLineage`, `scrollAcrossLineage` and `updateLineage`. Each parses its input, calls one
 * operation (src/ops/lineage/lineage.ts, lineageSearch.ts, updateLineage.ts) and shapes DataHub's types;
 * entities are resolved lazily, so a client selecting only urns reads nothing more.
 */
import { GraphQLObjectType, type GraphQLSchema } from 'graphql';
import { BadRequestError } from '../../errors.ts';
import { paging } from '../../ops/core/paging.ts';
import { lineageEdgeStamps, traverseLineage, type LineageEntity } from '../../ops/lineage/lineage.ts';
import { searchAcrossLineage, splitDegreeCriteria, type LineageSearchPage } from '../../ops/lineage/lineageSearch.ts';
import { updateLineage, type LineageEdgeInput } from '../../ops/lineage/updateLineage.ts';
import type { StoreView } from '../../store/store.ts';
import type { GraphqlContext } from './resolvers.ts';
import { facetsOf } from './search.ts';
import { searchRequestFromGraphql, urnTypeOfEnum, type SearchInputGql } from './searchInput.ts';
import { entityRef } from './types/registry.ts';
import type * as G from './schema.generated.ts';
import { lazy, ref } from './types/shared.ts';

type Args<T> = { input: T };

/** DataHub's page size of `lineage` when `count` is not given. */
const DEFAULT_LINEAGE_COUNT = 100;

const lazyEntity = (view: StoreView, urn: string) => () => entityRef(view, urn);

function pathsOf(view: StoreView, paths: readonly string[][]): G.EntityPath[] {
  return paths.map((p) => ({ path: () => p.map((u) => entityRef(view, u)) }));
}

// ---- lineage(input) on entities ----------------------------------------------------------------

interface LineageInputGql {
  direction: string;
  start?: number | null;
  count?: number | null;
  separateSiblings?: boolean | null;
  startTimeMillis?: number | null;
  endTimeMillis?: number | null;
  includeGhostEntities?: boolean | null;
}

function lineageRelationshipOf(view: StoreView, e: LineageEntity): G.LineageRelationship {
  const stamps = lazy(() => lineageEdgeStamps(view, e.edge));
  return {
    type: e.type,
    entity: lazyEntity(view, e.urn),
    degree: e.degree,
    createdOn: () => stamps().createdOn,
    createdActor: () => (stamps().createdActor ? entityRef(view, stamps().createdActor!) : null),
    updatedOn: () => stamps().updatedOn,
    updatedActor: () => (stamps().updatedActor ? entityRef(view, stamps().updatedActor!) : null),
    isManual: () => stamps().isManual,
    paths: pathsOf(view, e.paths),
  };
}

/**
 * One hop, as DataHub's `lineage` field answers: entities that are soft-deleted or not stored are
 * left out (and counted in `filtered`) unless `includeGhostEntities`.
 */
function lineageField(
  parent: { urn: string },
  { input }: Args<LineageInputGql>,
  ctx: GraphqlContext,
): G.EntityLineageResult {
  const ghosts = input.includeGhostEntities === true;
  const result = traverseLineage(ctx.store, {
    urn: parent.urn,
    direction: input.direction,
    maxHops: 1,
    includeGhosts: ghosts,
    includeSoftDeleted: ghosts,
  });
  const { start, count } = paging(input, DEFAULT_LINEAGE_COUNT);
  const page = result.entities.slice(start, start + count);
  return {
    start,
    count: page.length,
    total: result.entities.length,
    filtered: result.filtered,
    relationships: page.map((e) => lineageRelationshipOf(ctx.store, e)),
  };
}

/** `lineage` on every entity type that declares it: one resolver over the parent's urn. */
export function withLineageFields(built: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(built.getTypeMap())) {
    if (!(type instanceof GraphQLObjectType)) continue;
    const field = type.getFields()['lineage'];
    if (field && type.getInterfaces().some((i) => i.name === 'Entity')) field.resolve = lineageField as never;
  }
  return built;
}

// ---- searchAcrossLineage / scrollAcrossLineage -------------------------------------------------

interface LineageFlagsGql {
  entitiesExploredPerHopLimit?: number | null;
  startTimeMillis?: number | null;
  endTimeMillis?: number | null;
  ignoreAsHops?: Array<{ entityType: string; platforms?: string[] | null }> | null;
}

interface GroupingGql {
  groupingCriteria?: Array<{ baseEntityType?: string | null; groupingEntityType: string }> | null;
}

interface LineageSearchInputGql extends SearchInputGql {
  urn?: string | null;
  direction: string;
  keepAlive?: string | null;
  lineageFlags?: LineageFlagsGql | null;
  searchFlags?: (NonNullable<SearchInputGql['searchFlags']> & { groupingSpec?: GroupingGql | null }) | null;
  viewUrn?: string | null;
}

/**
 * Reached columns stand for their dataset unless the request groups columns as columns
 * (`groupingCriteria` SCHEMA_FIELD → SCHEMA_FIELD, what DataHub's SDK sends for column lineage).
 */
function keepsColumns(grouping: GroupingGql | null | undefined): boolean {
  const criteria = grouping?.groupingCriteria ?? [];
  if (criteria.length === 0) return false;
  return !criteria.some(
    (c) => (c.baseEntityType ?? 'SCHEMA_FIELD') === 'SCHEMA_FIELD' && c.groupingEntityType === 'DATASET',
  );
}

function runLineageSearch(
  ctx: GraphqlContext,
  input: LineageSearchInputGql,
  paging: { start?: number | null; scrollId?: string | null },
): LineageSearchPage {
  if (!input.urn)
    throw new BadRequestError(
      'Failed to execute search across lineage: input.urn, the urn of the source entity, is required',
    );
  const search = searchRequestFromGraphql({
    ...input,
    query: input.query && input.query.trim() !== '' ? input.query : '*',
  });
  const { degrees, rest } = splitDegreeCriteria(search.filters ?? []);
  return searchAcrossLineage(ctx.store, {
    urn: input.urn,
    direction: input.direction,
    degrees,
    search: { ...search, filters: rest },
    keepColumns: keepsColumns(input.searchFlags?.groupingSpec),
    ignoreAsHops: (input.lineageFlags?.ignoreAsHops ?? []).map((r) => ({
      entityType: urnTypeOfEnum(r.entityType),
      platforms: r.platforms ?? [],
    })),
    start: paging.start,
    count: input.count,
    scrollId: paging.scrollId,
  });
}

function lineageResultsOf(view: StoreView, page: LineageSearchPage): G.SearchAcrossLineageResult[] {
  return page.hits.map((h) => ({
    entity: () => ref(view, h.urn),
    insights: [],
    matchedFields: h.matchedFields.map((m) => ({
      name: m.name,
      value: m.value,
      entity: m.value.startsWith('urn:li:') ? lazyEntity(view, m.value) : null,
    })),
    paths: pathsOf(view, h.paths),
    degree: h.degree,
    degrees: h.degrees,
    // Every reached entity is explored: no per-hop limit cuts the walk short.
    explored: true,
    truncatedChildren: false,
    ignoredAsHop: h.ignoredAsHop,
  }));
}

/** Answers come from the data file as of this request: nothing is cached. */
const FRESHNESS = { cached: false, systemFreshness: [] };

export const lineageRoots = {
  searchAcrossLineage: ({ input }: Args<LineageSearchInputGql>, ctx: GraphqlContext) => {
    const page = runLineageSearch(ctx, input, { start: input.start });
    return {
      start: page.start,
      count: page.count,
      total: page.total,
      searchResults: lineageResultsOf(ctx.store, page),
      facets: facetsOf(ctx.store, page.facets),
      freshness: FRESHNESS,
      lineageSearchPath: page.path,
      isPartial: page.partial,
    };
  },

  scrollAcrossLineage: ({ input }: Args<LineageSearchInputGql>, ctx: GraphqlContext) => {
    const page = runLineageSearch(ctx, input, { scrollId: input.scrollId });
    return {
      nextScrollId: page.nextScrollId,
      count: page.count,
      total: page.total,
      searchResults: lineageResultsOf(ctx.store, page),
      facets: facetsOf(ctx.store, page.facets),
      freshness: FRESHNESS,
      isPartial: page.partial,
    };
  },

  updateLineage: (
    { input }: Args<{ edgesToAdd: Array<LineageEdgeInput | null>; edgesToRemove: Array<LineageEdgeInput | null> }>,
    ctx: GraphqlContext,
  ) => updateLineage({ store: ctx.store, actor: ctx.actor }, input.edgesToAdd, input.edgesToRemove),
} satisfies Partial<G.QueryRoots<GraphqlContext> & G.MutationRoots<GraphqlContext>>;
