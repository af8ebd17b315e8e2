/**
 * The root fields DataHub's web app asks for before it draws a page: the server's configuration
 * (`appConfig`) and the caller's privileges (`getGrantedPrivileges`, and `privileges` on every entity
 * type that has it), each answered by one operation.
 */
import { GraphQLObjectType, type GraphQLSchema } from 'graphql';
import { appConfig } from '../../ops/admin/appConfig.ts';
import { entityPrivilegesOf, grantedPrivileges } from '../../ops/identity/privileges.ts';
import { listDataHubViews, readBrowsePaths, readStepStates, type ListViewsQuery } from '../../ops/read/admin.ts';
import { quickFilters } from '../../ops/search/quickFilters.ts';
import { listRecommendations } from '../../ops/search/recommendations.ts';
import { VERSION } from '../../version.ts';
import type { GraphqlContext } from './resolvers.ts';
import type * as G from './schema.generated.ts';
import { facetValueForGraphql } from './searchInput.ts';
import { ref, refAs } from './types/shared.ts';

export const webappRoots = {
  appConfig: (_: unknown, ctx: GraphqlContext) => appConfig(VERSION, ctx.authEnabled === true),
  // Page templates are not served here: the app then shows its own default home page.
  globalHomePageSettings: () => ({ defaultTemplate: null }),
  // Announcements come from DataHub's site; with the feature off (appConfig's showProductUpdates), DataHub answers null.
  latestProductUpdate: () => null,
  getGrantedPrivileges: ({ input }: { input: G.GetGrantedPrivilegesInput }) => grantedPrivileges(input.actorUrn),
  listRecommendations: ({ input }: { input: G.ListRecommendationsInput }, ctx: GraphqlContext) => ({
    modules: listRecommendations(ctx.store, {
      scenario: input.requestContext?.scenario ?? null,
      viewUrn: input.viewUrn,
      limit: input.limit,
    }).map((m) => ({
      ...m,
      content: m.content.map((c) => ({
        value: c.value,
        entity: () => ref(ctx.store, c.value),
        params: {
          searchParams: { types: null, query: '', filters: [{ ...c.filter, condition: 'EQUAL', negated: false }] },
          entityProfileParams: null,
          contentParams: { count: c.count },
        },
      })),
    })),
  }),
  getQuickFilters: ({ input }: { input: G.GetQuickFiltersInput }, ctx: GraphqlContext) => ({
    quickFilters: quickFilters(ctx.store, input.viewUrn).map((f) => ({
      field: f.field,
      value: facetValueForGraphql(f.field, f.value),
      entity: f.field === 'platform' ? () => ref(ctx.store, f.value) : null,
    })),
  }),
  // Posts are not kept here: DataHub's answer with none posted.
  listPosts: ({ input }: { input: G.ListPostsInput }) => ({ start: input.start ?? 0, count: 0, total: 0, posts: [] }),
  batchGetStepStates: ({ input }: { input: G.BatchGetStepStatesInput }, ctx: GraphqlContext) => ({
    results: readStepStates(ctx.store, input.ids),
  }),
  browsePaths: ({ input }: { input: G.BrowsePathsInput }, ctx: GraphqlContext) =>
    readBrowsePaths(ctx.store, input.urn).map((path) => ({ path })),
  listMyViews: ({ input }: { input: G.ListMyViewsInput }, ctx: GraphqlContext) =>
    viewsPage(ctx, { ...input, createdBy: ctx.actor }),
  listGlobalViews: ({ input }: { input: G.ListGlobalViewsInput }, ctx: GraphqlContext) =>
    viewsPage(ctx, { ...input, viewType: 'GLOBAL' }),
} satisfies Partial<G.QueryRoots<GraphqlContext>>;

function viewsPage(ctx: GraphqlContext, q: ListViewsQuery) {
  const page = listDataHubViews(ctx.store, q);
  return { ...page, views: page.urns.map((u) => refAs<G.DataHubView>(ctx.store, u)) };
}

/** `privileges` on every entity type that has it: one resolver over the parent's urn. */
export function withPrivilegesFields(built: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(built.getTypeMap())) {
    if (!(type instanceof GraphQLObjectType)) continue;
    const field = type.getFields()['privileges'];
    if (field && type.getInterfaces().some((i) => i.name === 'Entity'))
      field.resolve = (parent: { urn: string }) => entityPrivilegesOf(parent.urn);
  }
  return built;
}
