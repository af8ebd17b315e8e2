/**
 * Root resolvers of webappMore.graphql: more of what DataHub's web app reads beyond its five main
 * pages, each parsing its input, calling one read model of src/ops/read and shaping DataHub's result
 * types (the constants DataHub's mappers put in, such as a transaction's `versionStamp`, are set here).
 */
import { GraphQLObjectType, type GraphQLSchema } from 'graphql';
import { appConfig } from '../../ops/admin/appConfig.ts';
import { readTags } from '../../ops/read/common.ts';
import { readSchemaMetadata } from '../../ops/read/dataset.ts';
import { readEmbed } from '../../ops/read/datasetPage.ts';
import {
  entityCounts,
  listDomains,
  listGroups,
  listRootGlossaryTerms,
  listUsers,
  searchUsers,
  type ListingPage,
} from '../../ops/read/listings.ts';
import { readEntityTimeline } from '../../ops/read/timeline.ts';
import { readVersionedDataset } from '../../ops/read/versionedDataset.ts';
import type { StoreView } from '../../store/store.ts';
import { VERSION } from '../../version.ts';
import type { GraphqlContext } from './resolvers.ts';
import { searchResults } from './search.ts';
import { searchRequestFromGraphql, urnTypeOfEnum } from './searchInput.ts';
import type * as G from './schema.generated.ts';
import { inputFieldsView } from './types/chart.ts';
import { assetSettingsView } from './types/dataset.ts';
import { editableSchemaView, schemaMetadataView } from './types/schemaMetadata.ts';
import { accessView, rawAspectsView } from './types/datasetPage.ts';
import { getTypedEntity } from './types/registry.ts';
import { asEnum, platformView, refAs, tagsView } from './types/shared.ts';

/** A listing's page with its entities, typed as the GraphQL type the listing holds. */
function pageOf<T extends G.Entity>(ctx: GraphqlContext, page: ListingPage) {
  return {
    start: page.start,
    count: page.count,
    total: page.total,
    items: page.urns.map((u) => refAs<T>(ctx.store, u)),
  };
}

/** A root `<field>(urn)` read by the entity read model of `urnType` (DataHub's messages for a wrong urn). */
const byUrn =
  <T extends G.Entity>(urnType: string) =>
  ({ urn }: { urn: string }, ctx: GraphqlContext): T =>
    getTypedEntity(ctx.store, urn, urnType) as T;

/** A timeline parameter as DataHub's mapper gives it: the value's text. */
const parameterText = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

export const webappMoreRoots = {
  getTimeline: ({ input }: G.QuerygetTimelineArgs, ctx: GraphqlContext): G.GetTimelineResult => {
    const read = readEntityTimeline(ctx.store, {
      urn: input.urn,
      categories: input.changeCategories,
      includeVersionSet: input.includeVersionSet,
    });
    return {
      changeTransactions: read.transactions.map((t) => ({
        timestampMillis: t.timestamp,
        lastSemanticVersion: t.semVer,
        // DataHub's ChangeTransactionMapper puts these two constants in every transaction.
        versionStamp: 'none',
        changeType: 'MODIFY',
        actor: t.actor,
        changes: t.changeEvents.map((e) => ({
          urn: e.entityUrn,
          category: asEnum<G.ChangeCategoryType>(e.category),
          operation: e.operation,
          modifier: e.modifier ?? null,
          parameters: e.parameters
            ? Object.entries(e.parameters).map(([key, value]) => ({ key, value: parameterText(value) }))
            : null,
          auditStamp: { time: e.auditStamp.time, actor: e.auditStamp.actor },
          description: e.description,
        })),
      })),
      skippedVersionCount: read.skippedVersionCount,
    };
  },
  versionedDataset: ({ urn, versionStamp }: G.QueryversionedDatasetArgs, ctx: GraphqlContext) => {
    const read = readVersionedDataset(ctx.store, urn, versionStamp);
    if (!read) return null;
    const sm = read.schema && schemaMetadataView(ctx.store, urn, read.schema);
    return {
      __typename: 'VersionedDataset',
      urn,
      type: 'DATASET',
      name: read.name,
      platform: platformView(ctx.store, read.platformUrn),
      schema: sm && {
        datasetUrn: sm.datasetUrn,
        name: sm.name,
        platformUrn: sm.platformUrn,
        version: sm.version,
        cluster: sm.cluster,
        hash: sm.hash,
        platformSchema: sm.platformSchema,
        fields: sm.fields,
        primaryKeys: sm.primaryKeys,
        createdAt: sm.createdAt,
        lastObserved: read.schema!.lastObserved,
      },
      editableSchemaMetadata: editableSchemaView(ctx.store, urn, read.editableSchema),
      relationships: null,
    } satisfies G.VersionedDataset;
  },
  isAnalyticsEnabled: (_: unknown, ctx: GraphqlContext) =>
    appConfig(VERSION, ctx.authEnabled === true).analyticsConfig.enabled,
  view: byUrn<G.DataHubView>('dataHubView'),
  application: byUrn<G.Application>('application'),
  dataProcessInstance: byUrn<G.DataProcessInstance>('dataProcessInstance'),
  listUsers: ({ input }: G.QuerylistUsersArgs, ctx: GraphqlContext) => {
    const { items, ...page } = pageOf<G.CorpUser>(ctx, listUsers(ctx.store, input));
    return { ...page, users: items };
  },
  listGroups: ({ input }: G.QuerylistGroupsArgs, ctx: GraphqlContext) => {
    const { items, ...page } = pageOf<G.CorpGroup>(ctx, listGroups(ctx.store, input));
    return { ...page, groups: items };
  },
  listDomains: ({ input }: G.QuerylistDomainsArgs, ctx: GraphqlContext) => {
    const { items, ...page } = pageOf<G.Domain>(ctx, listDomains(ctx.store, input));
    return { ...page, domains: items };
  },
  getRootGlossaryTerms: ({ input }: G.QuerygetRootGlossaryTermsArgs, ctx: GraphqlContext) => {
    const { items, ...page } = pageOf<G.GlossaryTerm>(ctx, listRootGlossaryTerms(ctx.store, input));
    return { ...page, terms: items };
  },
  searchUsers: ({ input }: G.QuerysearchUsersArgs, ctx: GraphqlContext) =>
    searchResults(ctx.store, searchUsers(ctx.store, searchRequestFromGraphql(input))),
  getEntityCounts: ({ input }: G.QuerygetEntityCountsArgs, ctx: GraphqlContext) => {
    const types = input?.types ?? [];
    const counts = entityCounts(ctx.store, types.map(urnTypeOfEnum), input?.viewUrn);
    return { counts: counts.map((c, i) => ({ entityType: types[i]!, count: c.count })) };
  },
} satisfies Partial<G.QueryRoots<GraphqlContext>>;

/** The entity types webappMore.graphql gives `aspects` (Dataset and Tag answer it from their own classes). */
const RAW_ASPECT_TYPES = [
  'Document',
  'GlossaryTerm',
  'GlossaryNode',
  'Container',
  'CorpUser',
  'CorpGroup',
  'Notebook',
  'Dashboard',
  'Chart',
  'DataFlow',
  'DataJob',
  'Assertion',
  'MLModel',
  'MLModelGroup',
  'MLFeature',
  'MLPrimaryKey',
  'MLFeatureTable',
  'Domain',
  'DataHubRole',
  'DataProduct',
  'Application',
];

/**
 * Fields webappMore.graphql adds to entity types whose objects do not carry them, each read from the
 * same aspect as on Dataset, over the parent's urn: by field, the shaping and the types given it.
 */
const URN_FIELDS: Record<string, { types: string[]; read: (view: StoreView, urn: string, args: never) => unknown }> = {
  aspects: {
    types: RAW_ASPECT_TYPES,
    read: (view, urn, args: { input?: G.Maybe<G.AspectParams> }) => rawAspectsView(view, urn, args),
  },
  settings: { types: ['GlossaryTerm', 'GlossaryNode', 'Domain', 'DataProduct'], read: assetSettingsView },
  access: { types: ['Container', 'Dashboard'], read: accessView },
  embed: { types: ['Chart', 'Dashboard'], read: readEmbed },
  inputFields: { types: ['Dashboard'], read: inputFieldsView },
  schemaMetadata: {
    types: ['GlossaryTerm'],
    read: (view, urn, args: { version?: G.Maybe<number> }) => {
      const sm = readSchemaMetadata(view, urn, args.version);
      return sm ? schemaMetadataView(view, urn, sm) : null;
    },
  },
  globalTags: { types: ['CorpUser'], read: (view, urn) => tagsView(view, readTags(view, urn), urn) },
};

/** The resolvers of URN_FIELDS, on the schema built from the SDL. */
export function withUrnFields(built: GraphQLSchema): GraphQLSchema {
  for (const [name, { types, read }] of Object.entries(URN_FIELDS)) {
    for (const typeName of types) {
      const type = built.getType(typeName);
      const field = type instanceof GraphQLObjectType ? type.getFields()[name] : undefined;
      if (!field) throw new Error(`webappMore.graphql: ${typeName} has no ${name} field`);
      field.resolve = (parent: { urn: string }, args: unknown, ctx: GraphqlContext) =>
        read(ctx.store, parent.urn, args as never);
    }
  }
  return built;
}
