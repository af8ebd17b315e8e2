/**
 * The shared GraphQL types DataHub's clients select on every fragment (issue 36 item 3), checked
 * field by field against DataHub's schema: names, types and nullability are facts written in our
 * own table below (read from datahub-graphql-core/src/main/resources/entity.graphql and
 * properties.graphql of datahub-project/datahub, and docs/datahub/graphql.md §2.11), and each field
 * is answered from our aspects through the real server. One unknown or differently typed field fails
 * a client's whole document, so a type marked `complete` may not have a field DataHub lacks either.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { GraphQLObjectType } from 'graphql';
import { getSchema } from '../src/server/graphql/schema.ts';
import { startSampleServer, type GqlServer } from './graphql-helpers.ts';

interface DataHubType {
  /** Field → type as DataHub's SDL writes it. */
  fields: Record<string, string>;
  /** Our type has exactly these fields (else: at least these, the type has more DataHub has that we do not serve). */
  complete: boolean;
}

const DATAHUB: Record<string, DataHubType> = {
  DataPlatform: {
    complete: true,
    fields: {
      urn: 'String!',
      type: 'EntityType!',
      lastIngested: 'Long',
      name: 'String!',
      properties: 'DataPlatformProperties',
      displayName: 'String',
      info: 'DataPlatformInfo',
      relationships: 'EntityRelationshipsResult',
    },
  },
  DataPlatformProperties: {
    complete: true,
    fields: {
      type: 'PlatformType!',
      displayName: 'String',
      datasetNameDelimiter: 'String!',
      logoUrl: 'String',
      logical: 'Boolean',
    },
  },
  DataPlatformInfo: {
    complete: true,
    fields: { type: 'PlatformType!', displayName: 'String', datasetNameDelimiter: 'String!', logoUrl: 'String' },
  },
  Owner: {
    complete: true,
    fields: {
      owner: 'OwnerType!',
      type: 'OwnershipType',
      ownershipType: 'OwnershipTypeEntity',
      source: 'OwnershipSource',
      associatedUrn: 'String!',
      attribution: 'MetadataAttribution',
    },
  },
  TagAssociation: {
    complete: true,
    fields: { tag: 'Tag!', associatedUrn: 'String!', context: 'String', attribution: 'MetadataAttribution' },
  },
  GlossaryTermAssociation: {
    complete: true,
    fields: {
      term: 'GlossaryTerm!',
      actor: 'CorpUser',
      context: 'String',
      associatedUrn: 'String!',
      attribution: 'MetadataAttribution',
    },
  },
  DocumentationAssociation: {
    complete: true,
    fields: { documentation: 'String!', attribution: 'MetadataAttribution' },
  },
  MetadataAttribution: {
    complete: true,
    fields: { time: 'Long!', actor: 'Entity!', source: 'Entity', sourceDetail: '[StringMapEntry!]' },
  },
  Deprecation: {
    complete: true,
    fields: {
      deprecated: 'Boolean!',
      decommissionTime: 'Long',
      note: 'String',
      actor: 'String',
      actorEntity: 'Entity',
      replacement: 'Entity',
    },
  },
  Tag: {
    complete: false,
    fields: {
      urn: 'String!',
      type: 'EntityType!',
      name: 'String!',
      properties: 'TagProperties',
      ownership: 'Ownership',
      description: 'String',
      deprecation: 'Deprecation',
      relationships: 'EntityRelationshipsResult',
    },
  },
  GlossaryTerm: {
    complete: false,
    fields: {
      urn: 'String!',
      type: 'EntityType!',
      name: 'String!',
      hierarchicalName: 'String!',
      properties: 'GlossaryTermProperties',
      ownership: 'Ownership',
      domain: 'DomainAssociation',
      deprecation: 'Deprecation',
      institutionalMemory: 'InstitutionalMemory',
      parentNodes: 'ParentNodesResult',
      structuredProperties: 'StructuredProperties',
      exists: 'Boolean',
      displayProperties: 'DisplayProperties',
    },
  },
  DisplayProperties: {
    complete: true,
    fields: { colorHex: 'String', icon: 'IconProperties' },
  },
  StructuredPropertyDefinition: {
    complete: true,
    fields: {
      qualifiedName: 'String!',
      displayName: 'String',
      description: 'String',
      cardinality: 'PropertyCardinality',
      allowedValues: '[AllowedValue!]',
      valueType: 'DataTypeEntity!',
      typeQualifier: 'TypeQualifier',
      entityTypes: '[EntityTypeEntity!]!',
      allowedPlatforms: '[DataPlatform!]',
      immutable: 'Boolean!',
      created: 'ResolvedAuditStamp',
      lastModified: 'ResolvedAuditStamp',
      filterStatus: 'StructuredPropertyFilterStatus!',
    },
  },
  StructuredPropertySettings: {
    complete: true,
    fields: {
      isHidden: 'Boolean!',
      showInSearchFilters: 'Boolean!',
      showInAssetSummary: 'Boolean!',
      hideInAssetSummaryWhenEmpty: 'Boolean!',
      showAsAssetBadge: 'Boolean!',
      showInColumnsTable: 'Boolean!',
    },
  },
  VersionTag: { complete: true, fields: { versionTag: 'String' } },
  MLModelProperties: {
    complete: false,
    fields: { description: 'String', date: 'Long', version: 'String', type: 'String', externalUrl: 'String' },
  },
  MLModelGroupProperties: {
    complete: false,
    fields: { description: 'String', createdAt: 'Long', version: 'VersionTag' },
  },
  MLFeatureProperties: {
    complete: false,
    fields: { description: 'String', dataType: 'MLFeatureDataType', version: 'VersionTag' },
  },
  MLPrimaryKeyProperties: {
    complete: false,
    fields: { description: 'String', dataType: 'MLFeatureDataType', version: 'VersionTag' },
  },
  ChangeAuditStamps: {
    complete: true,
    fields: { created: 'AuditStamp!', lastModified: 'AuditStamp!', deleted: 'AuditStamp' },
  },
};

describe("GraphQL: the shared types have DataHub's fields, names, types and nullability", () => {
  const schema = getSchema();
  for (const [name, dh] of Object.entries(DATAHUB)) {
    it(`${name}${dh.complete ? " has exactly DataHub's fields" : " has DataHub's fields it serves"}`, () => {
      const type = schema.getType(name);
      assert.ok(type instanceof GraphQLObjectType, `${name} is not an object type of our schema`);
      const ours = Object.fromEntries(Object.values(type.getFields()).map((f) => [f.name, f.type.toString()]));
      const expected = dh.complete
        ? dh.fields
        : Object.fromEntries(
            Object.keys(ours)
              .filter((f) => f in dh.fields)
              .map((f) => [f, dh.fields[f]!]),
          );
      // Every field DataHub has that the table lists is served, with DataHub's type.
      assert.deepEqual(Object.fromEntries(Object.keys(dh.fields).map((f) => [f, ours[f] ?? 'missing'])), dh.fields);
      if (dh.complete) assert.deepEqual(ours, expected);
    });
  }
});

describe('GraphQL: the shared fields answer from the stored aspects', () => {
  let s: GqlServer;
  const PLATFORM = 'urn:li:dataPlatform:snowflake';
  const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,shop.orders,PROD)';
  const OLD = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,shop.orders_v1,PROD)';
  const TAG = 'urn:li:tag:Legacy';
  const TERM = 'urn:li:glossaryTerm:Classification.Sensitive';
  const PROPERTY = 'urn:li:structuredProperty:io.catalog.tier';
  const MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,churn,PROD)';
  const GROUP = 'urn:li:mlModelGroup:(urn:li:dataPlatform:mlflow,churn_models,PROD)';
  const FEATURE = 'urn:li:mlFeature:(orders,amount)';
  const NOTEBOOK = 'urn:li:notebook:(querybook,42)';
  const ann = 'urn:li:corpuser:ann';
  const stamp = (time: number) => ({ time, actor: ann });
  const attribution = {
    time: 1_700_000_000_000,
    actor: ann,
    source: 'urn:li:dataHubAction:propagation',
    sourceDetail: { propagated: 'true' },
  };

  async function emit(urn: string, aspectName: string, value: unknown): Promise<void> {
    const proposal = {
      entityType: urn.split(':')[2],
      entityUrn: urn,
      changeType: 'UPSERT',
      aspectName,
      aspect: { value: JSON.stringify(value), contentType: 'application/json' },
    };
    const res = await fetch(`${s.server.url}/aspects?action=ingestProposal`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ proposal }),
    });
    assert.equal(res.status, 200, await res.text());
  }

  before(async () => {
    s = await startSampleServer({ sample: false });
    await emit(PLATFORM, 'dataPlatformInfo', {
      name: 'snowflake',
      displayName: 'Snowflake',
      type: 'RELATIONAL_DB',
      datasetNameDelimiter: '.',
      logoUrl: 'https://example.com/snowflake.svg',
      logical: false,
    });
    await emit(DATASET, 'ownership', {
      owners: [
        { owner: ann, type: 'TECHNICAL_OWNER', attribution },
        { owner: 'urn:li:corpGroup:data', type: 'BUSINESS_OWNER' },
      ],
      lastModified: stamp(1),
    });
    await emit(DATASET, 'globalTags', { tags: [{ tag: TAG, attribution }] });
    await emit(DATASET, 'glossaryTerms', { terms: [{ urn: TERM, attribution }], auditStamp: stamp(1) });
    await emit(OLD, 'deprecation', { deprecated: true, note: 'use shop.orders', actor: ann, replacement: DATASET });
    await emit(TAG, 'tagProperties', { name: 'Legacy' });
    await emit(TAG, 'deprecation', { deprecated: true, note: 'tag retired', actor: ann });
    await emit(TERM, 'glossaryTermInfo', { name: 'Sensitive', definition: 'Handle with care', termSource: 'INTERNAL' });
    await emit(TERM, 'displayProperties', { colorHex: '#d32f2f' });
    await emit(PROPERTY, 'propertyDefinition', {
      qualifiedName: 'io.catalog.tier',
      valueType: 'urn:li:dataType:datahub.string',
      entityTypes: ['urn:li:entityType:datahub.dataset'],
      allowedPlatforms: [PLATFORM],
    });
    await emit(PROPERTY, 'structuredPropertySettings', {
      isHidden: false,
      showInSearchFilters: true,
      showInAssetSummary: true,
      hideInAssetSummaryWhenEmpty: true,
      showAsAssetBadge: false,
      showInColumnsTable: false,
    });
    await emit(MODEL, 'mlModelProperties', { name: 'churn', version: { versionTag: '7' } });
    await emit(GROUP, 'mlModelGroupProperties', { name: 'churn models', version: { versionTag: '3' } });
    await emit(FEATURE, 'mlFeatureProperties', { description: 'Order amount', version: { versionTag: '2' } });
    await emit(NOTEBOOK, 'notebookInfo', {
      title: 'Orders',
      changeAuditStamps: { created: stamp(1), lastModified: stamp(2), deleted: stamp(3) },
    });
  });
  after(() => s.close());

  it('a platform is read from its stored dataPlatformInfo: properties, info, logo, logical and when it was last written', async () => {
    const d = await s.ok(
      `{ dataPlatform(urn: "${PLATFORM}") { name displayName lastIngested properties { type displayName datasetNameDelimiter logoUrl logical } info { type displayName logoUrl } } }`,
    );
    assert.equal(typeof d.dataPlatform.lastIngested, 'number');
    assert.deepEqual(
      { ...d.dataPlatform, lastIngested: undefined },
      {
        name: 'snowflake',
        displayName: 'Snowflake',
        lastIngested: undefined,
        properties: {
          type: 'RELATIONAL_DB',
          displayName: 'Snowflake',
          datasetNameDelimiter: '.',
          logoUrl: 'https://example.com/snowflake.svg',
          logical: false,
        },
        info: { type: 'RELATIONAL_DB', displayName: 'Snowflake', logoUrl: 'https://example.com/snowflake.svg' },
      },
    );
    // The dataset's platform is the same read.
    const ds = await s.ok(`{ dataset(urn: "${DATASET}") { platform { properties { logoUrl } } } }`);
    assert.equal(ds.dataset.platform.properties.logoUrl, 'https://example.com/snowflake.svg');
  });

  it('a platform with nothing stored is named by its urn: no info, no logo, never ingested', async () => {
    const hive = 'urn:li:dataset:(urn:li:dataPlatform:hive,shop.raw_orders,PROD)';
    await emit(hive, 'status', { removed: false });
    const d = await s.ok(
      `{ dataset(urn: "${hive}") { platform { name lastIngested properties { type displayName datasetNameDelimiter logoUrl logical } info { type } } } }`,
    );
    assert.deepEqual(d.dataset.platform, {
      name: 'hive',
      lastIngested: null,
      properties: { type: 'OTHERS', displayName: 'hive', datasetNameDelimiter: '.', logoUrl: null, logical: null },
      info: null,
    });
  });

  it('owners, tags and terms carry their attribution; without one it is null', async () => {
    const attr = '{ time actor { urn } source { urn } sourceDetail { key value } }';
    const d = await s.ok(
      `{ dataset(urn: "${DATASET}") { ownership { owners { attribution ${attr} } } tags { tags { attribution ${attr} } } glossaryTerms { terms { attribution ${attr} } } } }`,
    );
    const expected = {
      time: 1_700_000_000_000,
      actor: { urn: ann },
      source: null,
      sourceDetail: [{ key: 'propagated', value: 'true' }],
    };
    // dataHubAction is not an entity type this catalog serves: the source reads null, as an unserved entity does everywhere.
    assert.deepEqual(
      d.dataset.ownership.owners.map((o: any) => o.attribution),
      [expected, null],
    );
    assert.deepEqual(d.dataset.tags.tags[0].attribution, expected);
    assert.deepEqual(d.dataset.glossaryTerms.terms[0].attribution, expected);
  });

  it("a deprecation's replacement is the entity it names", async () => {
    const d = await s.ok(
      `{ dataset(urn: "${OLD}") { deprecation { deprecated note replacement { __typename urn } } } }`,
    );
    assert.deepEqual(d.dataset.deprecation, {
      deprecated: true,
      note: 'use shop.orders',
      replacement: { __typename: 'Dataset', urn: DATASET },
    });
  });

  it("a tag's deprecation and a term's display properties", async () => {
    const d = await s.ok(
      `{ tag(urn: "${TAG}") { deprecation { deprecated note replacement { urn } } } glossaryTerm(urn: "${TERM}") { displayProperties { colorHex } } }`,
    );
    assert.deepEqual(d, {
      tag: { deprecation: { deprecated: true, note: 'tag retired', replacement: null } },
      glossaryTerm: { displayProperties: { colorHex: '#d32f2f' } },
    });
  });

  it("a structured property's allowed platforms, filter status and hideInAssetSummaryWhenEmpty", async () => {
    const d = await s.ok(
      `{ structuredProperty(urn: "${PROPERTY}") { definition { allowedPlatforms { urn name } filterStatus } settings { hideInAssetSummaryWhenEmpty showInSearchFilters } } }`,
    );
    assert.deepEqual(d.structuredProperty, {
      definition: { allowedPlatforms: [{ urn: PLATFORM, name: 'snowflake' }], filterStatus: 'ENABLED' },
      settings: { hideInAssetSummaryWhenEmpty: true, showInSearchFilters: true },
    });
  });

  it("ML versions are VersionTags, but a model's is its tag as a string, as DataHub answers", async () => {
    const d =
      await s.ok(`{ mlModel(urn: "${MODEL}") { properties { version } } mlModelGroup(urn: "${GROUP}") { properties { version { versionTag } } }
      mlFeature(urn: "${FEATURE}") { properties { version { versionTag } } } }`);
    assert.deepEqual(d, {
      mlModel: { properties: { version: '7' } },
      mlModelGroup: { properties: { version: { versionTag: '3' } } },
      mlFeature: { properties: { version: { versionTag: '2' } } },
    });
  });

  it("a notebook's changeAuditStamps.deleted is the stored one", async () => {
    const d = await s.ok(`{ notebook(urn: "${NOTEBOOK}") { info { changeAuditStamps { deleted { time actor } } } } }`);
    assert.deepEqual(d.notebook.info.changeAuditStamps.deleted, { time: 3, actor: ann });
  });
});
