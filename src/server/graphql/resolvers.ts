/**
 * Root resolvers: each one parses its arguments, calls one operation, and returns the result.
 * Business rules live in src/ops; the shapes returned come from the entity types in ./types/.
 */
import type { Store } from '../../store/store.ts';
import type * as G from './schema.generated.ts';
import type { OpContext } from '../../ops/core/context.ts';
import { batchUpdateDeprecation, updateDeprecation } from '../../ops/labels/deprecation.ts';
import { updateDescription, type DescriptionUpdate } from '../../ops/labels/descriptions.ts';
import { addLink, removeLink } from '../../ops/labels/links.ts';
import { addOwners, batchAddOwners, batchRemoveOwners, removeOwner, type OwnerInput } from '../../ops/labels/owners.ts';
import type { ResourceRef } from '../../ops/core/resources.ts';
import { batchUpdateSoftDeleted } from '../../ops/entities/softDelete.ts';
import { createTag, deleteTag, setTagColor, updateTag } from '../../ops/labels/tagEntity.ts';
import { addTags, removeTag, removeTags } from '../../ops/labels/tags.ts';
import {
  createAccessToken,
  listAccessTokens,
  revokeAccessToken,
  type TokenMetadata,
} from '../../ops/identity/tokens.ts';
import { updateDatasets, type DatasetUpdate } from '../../ops/entities/updateDataset.ts';
import {
  createDataProduct,
  batchSetDataProduct,
  type CreateDataProductInput,
} from '../../ops/glossary/dataProducts.ts';
import {
  batchSetDomain,
  createDomain,
  deleteDomain,
  setDomain,
  unsetDomain,
  type CreateDomainInput,
} from '../../ops/glossary/domains.ts';
import { entityExists } from '../../ops/entities/entities.ts';
import { listOwnershipTypes } from '../../ops/labels/ownershipTypes.ts';
import {
  createGlossaryEntity,
  deleteGlossaryEntity,
  updateParentNode,
  type CreateGlossaryEntityInput,
} from '../../ops/glossary/glossary.ts';
import { addLabels, removeLabel, removeLabels, TERMS } from '../../ops/labels/labels.ts';
import {
  createStructuredProperty,
  removeStructuredProperties,
  upsertStructuredProperties,
  type CreateStructuredPropertyInput,
  type PropertyValueInput,
} from '../../ops/labels/structuredProperties.ts';
import { updateName } from '../../ops/glossary/updateName.ts';
import { listQueries, type ListQueriesInput } from '../../ops/knowledge/queries.ts';
import { datasetView } from './types/dataset.ts';
import { globalViewsSettings, meView } from './types/me.ts';
// Fills the entity types' table (types/registry.ts) every lookup below uses.
import './types/index.ts';
import { entityRef, getEntitiesByUrn, getEntityByUrn, getTypedEntity } from './types/registry.ts';
import { refAs, structuredPropertiesOf, typed } from './types/shared.ts';
import { tagView } from './types/tag.ts';
import { searchRoots } from './search.ts';
import { lineageRoots } from './lineage.ts';
import { timeseriesRoots } from './timeseries.ts';
import { assertionRoots } from './assertions.ts';
import { incidentRoots } from './incidents.ts';
import { formRoots } from './forms.ts';
import { adminRoots } from './admin.ts';
import { versioningRoots } from './versioning.ts';
import { ingestionRoots } from './ingestion.ts';
import { webappRoots } from './webapp.ts';
import { datasetPageRoots } from './datasetPage.ts';
import { webappMoreRoots } from './webappMore.ts';

/** Per-request context handed to every resolver. */
export interface GraphqlContext extends Record<PropertyKey, unknown> {
  store: Store;
  actor: string;
  /** Whether the server requires an access token; unset for documents run in process (MCP). */
  authEnabled?: boolean;
}

type Args<T> = { input: T };

const op = (ctx: GraphqlContext): OpContext => ({ store: ctx.store, actor: ctx.actor });

/** AccessTokenMetadata as DataHub shapes it. */
const tokenMetadata = (t: TokenMetadata) => ({
  urn: `urn:li:dataHubAccessToken:${t.id}`,
  type: 'ACCESS_TOKEN' as const,
  id: t.id,
  name: t.name,
  description: t.description ?? null,
  actorUrn: t.actorUrn,
  ownerUrn: t.ownerUrn,
  createdAt: t.createdAt,
  expiresAt: t.expiresAt,
});

/** A root query `<field>(urn)` answered by the read model of `urnType`, as the GraphQL type `T` it maps to. */
const typedRoot =
  <T extends G.Entity>(urnType: string) =>
  ({ urn }: { urn: string }, ctx: GraphqlContext): T =>
    typed<T>(getTypedEntity(ctx.store, urn, urnType));

/**
 * Every root field of the schema (Query and Mutation), each typed by the generated QueryRoots and
 * MutationRoots: tsc rejects a missing root, arguments the schema does not give, and a result of
 * another type than the field's.
 */
export const rootValue = {
  // ---- queries ----
  dataset: ({ urn }: { urn: string }, ctx: GraphqlContext) =>
    typed<G.Dataset>(getTypedEntity(ctx.store, urn, 'dataset')),
  entity: ({ urn }: { urn: string }, ctx: GraphqlContext) => getEntityByUrn(ctx.store, urn),
  entities: ({ urns, checkForExistence }: G.QueryentitiesArgs, ctx: GraphqlContext) =>
    getEntitiesByUrn(ctx.store, urns, checkForExistence === true),
  ...searchRoots,
  ...lineageRoots,
  ...timeseriesRoots,
  ...assertionRoots,
  ...incidentRoots,
  ...formRoots,
  ...adminRoots,
  ...versioningRoots,
  ...ingestionRoots,
  ...webappRoots,
  ...datasetPageRoots,
  ...webappMoreRoots,
  // Root queries `<field>(urn)` answered by the generic entity read models.
  glossaryTerm: typedRoot<G.GlossaryTerm>('glossaryTerm'),
  glossaryNode: typedRoot<G.GlossaryNode>('glossaryNode'),
  domain: typedRoot<G.Domain>('domain'),
  container: typedRoot<G.Container>('container'),
  chart: typedRoot<G.Chart>('chart'),
  dashboard: typedRoot<G.Dashboard>('dashboard'),
  dataFlow: typedRoot<G.DataFlow>('dataFlow'),
  dataJob: typedRoot<G.DataJob>('dataJob'),
  dataProduct: typedRoot<G.DataProduct>('dataProduct'),
  dataPlatform: typedRoot<G.DataPlatform>('dataPlatform'),
  dataPlatformInstance: typedRoot<G.DataPlatformInstance>('dataPlatformInstance'),
  mlModel: typedRoot<G.MLModel>('mlModel'),
  mlModelGroup: typedRoot<G.MLModelGroup>('mlModelGroup'),
  mlFeature: typedRoot<G.MLFeature>('mlFeature'),
  mlFeatureTable: typedRoot<G.MLFeatureTable>('mlFeatureTable'),
  mlPrimaryKey: typedRoot<G.MLPrimaryKey>('mlPrimaryKey'),
  notebook: typedRoot<G.Notebook>('notebook'),
  structuredProperty: typedRoot<G.StructuredPropertyEntity>('structuredProperty'),
  document: typedRoot<G.Document>('document'),
  tag: ({ urn }: { urn: string }, ctx: GraphqlContext) => typed<G.Tag>(getTypedEntity(ctx.store, urn, 'tag')),
  corpUser: ({ urn }: { urn: string }, ctx: GraphqlContext) =>
    typed<G.CorpUser>(getTypedEntity(ctx.store, urn, 'corpuser')),
  corpGroup: ({ urn }: { urn: string }, ctx: GraphqlContext) =>
    typed<G.CorpGroup>(getTypedEntity(ctx.store, urn, 'corpGroup')),
  entityExists: ({ urn }: { urn: string }, ctx: GraphqlContext) => entityExists(ctx.store, urn),
  me: (_: unknown, ctx: GraphqlContext) => meView(ctx.store, ctx.actor),
  globalViewsSettings: (_: unknown, ctx: GraphqlContext) => globalViewsSettings(ctx.store),
  listOwnershipTypes: (
    { input }: Args<{ start?: number | null; count?: number | null; query?: string | null }>,
    ctx: GraphqlContext,
  ) => {
    const page = listOwnershipTypes(ctx.store, input);
    const ownershipTypes = page.urns.map((u) => refAs<G.OwnershipTypeEntity>(ctx.store, u));
    return { start: page.start, count: page.count, total: page.total, ownershipTypes };
  },
  listQueries: ({ input }: Args<ListQueriesInput>, ctx: GraphqlContext) => {
    const page = listQueries(ctx.store, input);
    const queries = page.urns.map((u) => refAs<G.QueryEntity>(ctx.store, u));
    return { start: page.start, count: page.count, total: page.total, queries };
  },
  listAccessTokens: (
    {
      input,
    }: Args<{
      start?: number | null;
      count?: number | null;
      filters?: Array<{ field: string; values?: string[] | null; value?: string | null }> | null;
    }>,
    ctx: GraphqlContext,
  ) => {
    const filters = (input.filters ?? []).map((f) => ({
      field: f.field,
      values: f.values ?? (f.value != null ? [f.value] : []),
    }));
    const page = listAccessTokens(op(ctx), { start: input.start, count: input.count, filters });
    return { start: page.start, count: page.count, total: page.total, tokens: page.tokens.map(tokenMetadata) };
  },

  // ---- datasets and descriptions ----
  updateDataset: async ({ urn, input }: { urn: string; input: DatasetUpdate }, ctx: GraphqlContext) => {
    await updateDatasets(op(ctx), [{ urn, update: input }]);
    return datasetView(ctx.store, urn);
  },
  updateDatasets: async ({ input }: Args<Array<{ urn: string; update: DatasetUpdate }>>, ctx: GraphqlContext) => {
    const urns = await updateDatasets(op(ctx), input);
    return urns.map((u) => datasetView(ctx.store, u));
  },
  updateDescription: ({ input }: Args<DescriptionUpdate>, ctx: GraphqlContext) => updateDescription(op(ctx), input),

  // ---- owners ----
  addOwner: ({ input }: Args<OwnerInput & { resourceUrn: string }>, ctx: GraphqlContext) =>
    addOwners(op(ctx), input.resourceUrn, [input]),
  addOwners: ({ input }: Args<{ owners: OwnerInput[]; resourceUrn: string }>, ctx: GraphqlContext) =>
    addOwners(op(ctx), input.resourceUrn, input.owners),
  removeOwner: (
    { input }: Args<{ ownerUrn: string; ownershipTypeUrn?: string | null; resourceUrn: string }>,
    ctx: GraphqlContext,
  ) => removeOwner(op(ctx), input.resourceUrn, input.ownerUrn, input.ownershipTypeUrn),
  batchAddOwners: ({ input }: Args<{ owners: OwnerInput[]; resources: (ResourceRef | null)[] }>, ctx: GraphqlContext) =>
    batchAddOwners(op(ctx), input.owners, input.resources),
  batchRemoveOwners: (
    { input }: Args<{ ownerUrns: string[]; ownershipTypeUrn?: string | null; resources: (ResourceRef | null)[] }>,
    ctx: GraphqlContext,
  ) => batchRemoveOwners(op(ctx), input.ownerUrns, input.resources, input.ownershipTypeUrn),

  // ---- tag entities ----
  createTag: (
    { input }: Args<{ id?: string | null; name: string; description?: string | null }>,
    ctx: GraphqlContext,
  ) => createTag(op(ctx), input),
  updateTag: async (
    { urn, input }: { urn: string; input: { name: string; description?: string | null } },
    ctx: GraphqlContext,
  ) => {
    await updateTag(op(ctx), urn, input);
    return tagView(ctx.store, urn);
  },
  deleteTag: ({ urn }: { urn: string }, ctx: GraphqlContext) => deleteTag(op(ctx), urn),
  setTagColor: ({ urn, colorHex }: { urn: string; colorHex: string }, ctx: GraphqlContext) =>
    setTagColor(op(ctx), urn, colorHex),

  // ---- tag associations ----
  addTag: ({ input }: Args<ResourceRef & { tagUrn: string }>, ctx: GraphqlContext) =>
    addTags(op(ctx), [input.tagUrn], [input]),
  addTags: ({ input }: Args<ResourceRef & { tagUrns: string[] }>, ctx: GraphqlContext) =>
    addTags(op(ctx), input.tagUrns, [input]),
  batchAddTags: ({ input }: Args<{ tagUrns: string[]; resources: ResourceRef[] }>, ctx: GraphqlContext) =>
    addTags(op(ctx), input.tagUrns, input.resources),
  removeTag: ({ input }: Args<ResourceRef & { tagUrn: string }>, ctx: GraphqlContext) =>
    removeTag(op(ctx), input.tagUrn, input),
  batchRemoveTags: ({ input }: Args<{ tagUrns: string[]; resources: (ResourceRef | null)[] }>, ctx: GraphqlContext) =>
    removeTags(op(ctx), input.tagUrns, input.resources),

  // ---- glossary terms on entities and columns ----
  addTerm: ({ input }: Args<ResourceRef & { termUrn: string }>, ctx: GraphqlContext) =>
    addLabels(op(ctx), TERMS, [input.termUrn], [input]),
  addTerms: ({ input }: Args<ResourceRef & { termUrns: string[] }>, ctx: GraphqlContext) =>
    addLabels(op(ctx), TERMS, input.termUrns, [input]),
  batchAddTerms: ({ input }: Args<{ termUrns: string[]; resources: (ResourceRef | null)[] }>, ctx: GraphqlContext) =>
    addLabels(op(ctx), TERMS, input.termUrns, input.resources),
  removeTerm: ({ input }: Args<ResourceRef & { termUrn: string }>, ctx: GraphqlContext) =>
    removeLabel(op(ctx), TERMS, input.termUrn, input),
  batchRemoveTerms: ({ input }: Args<{ termUrns: string[]; resources: (ResourceRef | null)[] }>, ctx: GraphqlContext) =>
    removeLabels(op(ctx), TERMS, input.termUrns, input.resources),

  // ---- glossary, names, domains ----
  createGlossaryTerm: ({ input }: Args<CreateGlossaryEntityInput>, ctx: GraphqlContext) =>
    createGlossaryEntity(op(ctx), 'glossaryTerm', input),
  createGlossaryNode: ({ input }: Args<CreateGlossaryEntityInput>, ctx: GraphqlContext) =>
    createGlossaryEntity(op(ctx), 'glossaryNode', input),
  updateParentNode: ({ input }: Args<{ parentNode?: string | null; resourceUrn: string }>, ctx: GraphqlContext) =>
    updateParentNode(op(ctx), input.resourceUrn, input.parentNode),
  deleteGlossaryEntity: ({ urn }: { urn: string }, ctx: GraphqlContext) => deleteGlossaryEntity(op(ctx), urn),
  updateName: ({ input }: Args<{ name: string; urn: string }>, ctx: GraphqlContext) =>
    updateName(op(ctx), input.urn, input.name),
  createDomain: ({ input }: Args<CreateDomainInput>, ctx: GraphqlContext) => createDomain(op(ctx), input),
  setDomain: ({ entityUrn, domainUrn }: { entityUrn: string; domainUrn: string }, ctx: GraphqlContext) =>
    setDomain(op(ctx), entityUrn, domainUrn),
  unsetDomain: ({ entityUrn }: { entityUrn: string }, ctx: GraphqlContext) => unsetDomain(op(ctx), entityUrn),
  batchSetDomain: ({ input }: Args<{ domainUrn?: string | null; resources: ResourceRef[] }>, ctx: GraphqlContext) =>
    batchSetDomain(op(ctx), input.domainUrn, input.resources),
  deleteDomain: ({ urn }: { urn: string }, ctx: GraphqlContext) => deleteDomain(op(ctx), urn),

  // ---- structured properties and data products ----
  createStructuredProperty: async ({ input }: Args<CreateStructuredPropertyInput>, ctx: GraphqlContext) =>
    refAs<G.StructuredPropertyEntity>(ctx.store, await createStructuredProperty(op(ctx), input)),
  upsertStructuredProperties: async (
    {
      input,
    }: Args<{
      assetUrn: string;
      structuredPropertyInputParams: Array<{ structuredPropertyUrn: string; values: PropertyValueInput[] }>;
    }>,
    ctx: GraphqlContext,
  ) => {
    await upsertStructuredProperties(op(ctx), input.assetUrn, input.structuredPropertyInputParams);
    return structuredPropertiesOf(ctx.store, input.assetUrn);
  },
  removeStructuredProperties: async (
    { input }: Args<{ assetUrn: string; structuredPropertyUrns: string[] }>,
    ctx: GraphqlContext,
  ) => {
    await removeStructuredProperties(op(ctx), input.assetUrn, input.structuredPropertyUrns);
    return structuredPropertiesOf(ctx.store, input.assetUrn);
  },
  createDataProduct: async ({ input }: Args<CreateDataProductInput>, ctx: GraphqlContext) =>
    entityRef(ctx.store, await createDataProduct(op(ctx), input)),
  batchSetDataProduct: (
    { input }: Args<{ dataProductUrn?: string | null; resourceUrns: string[] }>,
    ctx: GraphqlContext,
  ) => batchSetDataProduct(op(ctx), input.dataProductUrn, input.resourceUrns),

  // ---- deprecation ----
  updateDeprecation: (
    {
      input,
    }: Args<{
      urn: string;
      deprecated: boolean;
      decommissionTime?: number | null;
      note?: string | null;
      replacement?: string | null;
    }>,
    ctx: GraphqlContext,
  ) => updateDeprecation(op(ctx), input.urn, input),
  batchUpdateDeprecation: async (
    {
      input,
    }: Args<{
      deprecated: boolean;
      decommissionTime?: number | null;
      note?: string | null;
      replacement?: string | null;
      resources: (ResourceRef | null)[];
    }>,
    ctx: GraphqlContext,
  ) => {
    await batchUpdateDeprecation(op(ctx), input.resources, input);
    return true;
  },

  // ---- links and status ----
  addLink: ({ input }: Args<{ linkUrl: string; label: string; resourceUrn: string }>, ctx: GraphqlContext) =>
    addLink(op(ctx), input.resourceUrn, input.linkUrl, input.label),
  removeLink: ({ input }: Args<{ linkUrl: string; label?: string | null; resourceUrn: string }>, ctx: GraphqlContext) =>
    removeLink(op(ctx), input.resourceUrn, input.linkUrl, input.label),
  batchUpdateSoftDeleted: ({ input }: Args<{ urns: string[]; deleted: boolean }>, ctx: GraphqlContext) =>
    batchUpdateSoftDeleted(op(ctx), input.urns, input.deleted),

  // ---- access tokens ----
  createAccessToken: async (
    { input }: Args<{ actorUrn: string; duration: string; name: string; description?: string | null }>,
    ctx: GraphqlContext,
  ) => {
    const { token, metadata } = await createAccessToken(op(ctx), input);
    return { accessToken: token, metadata: tokenMetadata(metadata) };
  },
  revokeAccessToken: ({ tokenId }: { tokenId: string }, ctx: GraphqlContext) => revokeAccessToken(op(ctx), tokenId),
} satisfies G.QueryRoots<GraphqlContext> & G.MutationRoots<GraphqlContext>;
