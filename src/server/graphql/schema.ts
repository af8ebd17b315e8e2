/**
 * The executable schema, built once from the SDL files below (each embedded as an asset in the single
 * executable). The SDL is split by area so a new area (search, documents …) adds a file and
 * `extend type Query` / `extend type Mutation` instead of growing one file.
 */
import { readFileSync } from 'node:fs';
import * as sea from 'node:sea';
import { buildSchema, defaultFieldResolver, GraphQLObjectType, type GraphQLSchema } from 'graphql';
import { listRelationships } from '../../ops/entities/relationships.ts';
import { entityRef } from './types/registry.ts';
import { withLineageFields } from './lineage.ts';
import { withPrivilegesFields } from './webapp.ts';
import { withUrnFields } from './webappMore.ts';
import type { GraphqlContext } from './resolvers.ts';

let schema: GraphQLSchema | undefined;

/** The SDL files, in load order; build.sh embeds each under its own name. */
export const SDL_FILES = [
  'schema.graphql',
  'search.graphql',
  'documents.graphql',
  'queries.graphql',
  'app.graphql',
  'lineage.graphql',
  'details.graphql',
  'timeseries.graphql',
  'assertions.graphql',
  'admin.graphql',
  'ingestion.graphql',
  'versioning.graphql',
  'incidents.graphql',
  'privileges.graphql',
  'webapp.graphql',
  'datasetPage.graphql',
  'forms.graphql',
  'webappMore.graphql',
] as const;

export function loadSdl(): string {
  return SDL_FILES.map((name) =>
    sea.isSea() ? sea.getAsset(name, 'utf8') : readFileSync(new URL(`./${name}`, import.meta.url), 'utf8'),
  ).join('\n');
}

export function getSchema(): GraphQLSchema {
  schema ??= withDefaultResolvers(
    withUrnFields(withPrivilegesFields(withLineageFields(withFieldResolvers(buildSchema(loadSdl()))))),
  );
  return schema;
}

/**
 * The GraphQL types whose objects are plain data or classes with getters (src/server/graphql/types):
 * every field of theirs without arguments is a property, read directly by the compiled executor
 * (no resolver call, which dominated the cost of a dataset page when every field had one); a field
 * with arguments is a method, called by graphql-js's default resolver. An object of one of these types
 * must hold no function where a field without arguments is read.
 */
export const PLAIN_TYPES: ReadonlySet<string> = new Set([
  'Dataset',
  'DatasetProperties',
  'DatasetEditableProperties',
  'SchemaMetadata',
  'SchemaField',
  'KeyValueSchema',
  'TableSchema',
  'EditableSchemaMetadata',
  'ViewProperties',
  'GlobalTags',
  'TagAssociation',
  'GlossaryTerms',
  'GlossaryTermAssociation',
  'Ownership',
  'Owner',
  'OwnershipSource',
  'Deprecation',
  'Status',
  'InstitutionalMemory',
  'InstitutionalMemoryMetadata',
  'AuditStamp',
  'CustomPropertiesEntry',
  'DataPlatform',
  'DataPlatformProperties',
  'Tag',
  'TagProperties',
  'CorpUser',
  'CorpGroup',
  'Origin',
  'GlossaryTerm',
  'GlossaryTermProperties',
  'GlossaryNode',
  'GlossaryNodeProperties',
  'ParentNodesResult',
  'Domain',
  'DomainProperties',
  'ParentDomainsResult',
  'Container',
  'ContainerProperties',
  'ContainerEditableProperties',
]);

/**
 * The compiled executor (graphql-jit, see handler.ts) reads a field that has no resolver as a plain
 * property, where graphql-js calls a function found there: the read models of the types not in
 * PLAIN_TYPES compute their costly parts lazily, as such functions. Every such field left without a
 * resolver gets graphql-js's default one (and so does every field with arguments), so both executors
 * give the same answers.
 */
function withDefaultResolvers(built: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(built.getTypeMap())) {
    if (!(type instanceof GraphQLObjectType) || type.name.startsWith('__')) continue;
    const plain = PLAIN_TYPES.has(type.name);
    for (const field of Object.values(type.getFields()))
      if (!plain || field.args.length > 0) field.resolve ??= defaultFieldResolver;
  }
  return built;
}

interface RelationshipsArgs {
  input: {
    types: string[];
    direction: string;
    start?: number | null;
    count?: number | null;
    includeSoftDelete?: boolean | null;
    relatedEntityTypes?: string[] | null;
  };
}

/** `relationships` on every entity type: one resolver over the parent's urn. */
function withFieldResolvers(built: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(built.getTypeMap())) {
    if (!(type instanceof GraphQLObjectType)) continue;
    const field = type.getFields()['relationships'];
    if (!field || !type.getInterfaces().some((i) => i.name === 'Entity')) continue;
    // A dataset at a past version: DataHub answers no relationships (a static null), not today's edges.
    if (type.name === 'VersionedDataset') {
      field.resolve = () => null;
      continue;
    }
    field.resolve = (parent: { urn: string }, { input }: RelationshipsArgs, ctx: GraphqlContext) => {
      const page = listRelationships(ctx.store, { urn: parent.urn, ...input });
      return {
        start: page.start,
        count: page.count,
        total: page.total,
        relationships: page.relationships.map((r) => ({
          type: r.type,
          direction: r.direction,
          entity: () => entityRef(ctx.store, r.urn),
          created: null,
        })),
      };
    };
  }
  return built;
}
