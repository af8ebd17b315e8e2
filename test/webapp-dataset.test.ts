// What DataHub's web app reads on a dataset page (its Schema and Lineage tabs) and on a tag page (issue 48),
// asked with our own documents that select what the app's getDataset, getDatasetSchema, getBulkEntityLineageV2
// and getTag select, against the real server over the sample plus the aspects those fields are read from
// (siblings as DataHub's dbt source writes them, access roles, test results, a run, a chart's input columns …):
// each answer is checked for what it means, so a lost field or a field read from the wrong aspect fails here.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse, type OperationDefinitionNode } from 'graphql';
import { compileQuery, isCompiledQuery } from 'graphql-jit';
import { ingestFile } from '../src/cli/commands/ingestRun.ts';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { TUTORIAL_MCPS } from '../src/sample/sample.ts';
import { DEFAULT_LIMITS, WEB_APP_MAX_QUERY_COMPLEXITY } from '../src/server/defaultLimits.ts';
import { measureOperationCost } from '../src/server/graphql/limitRules.ts';
import { rootValue, type GraphqlContext } from '../src/server/graphql/resolvers.ts';
import { getSchema } from '../src/server/graphql/schema.ts';
import { startServer, type RunningServer } from '../src/server/server.ts';
import type { Store } from '../src/store/store.ts';
import { S, startSampleServer, type GqlServer } from './graphql-helpers.ts';
import { tempDataPath, tempDir } from './helpers.ts';

const T = 1_700_000_000_000;
const ROLE = 'urn:li:role:users_reader';
const PASSING = 'urn:li:test:has_owner';
const FAILING = 'urn:li:test:has_domain';
const RUN = 'urn:li:dataProcessInstance:load_users';
const CHART = 'urn:li:chart:(looker,users_per_day)';
const DOMAIN = 'urn:li:domain:growth';
const PRODUCT = 'urn:li:dataProduct:users';
const column = (dataset: string, path: string) => `urn:li:schemaField:(${dataset},${path})`;
const mcp = (entityUrn: string, aspectName: string, json: unknown) => ({
  entityType: entityUrn.split(':')[2],
  entityUrn,
  changeType: 'UPSERT',
  aspectName,
  aspect: { json },
});
const attribution = { time: T, actor: S.jdoe, source: S.usersDeleted, sourceDetail: { via: 'test' } };

/** The aspects the new fields are read from, on the sample's entities. */
const PAGE_MCPS = [
  // As DataHub's dbt source writes them: the warehouse table is the primary, the other names it back.
  mcp(S.hiveSample, 'siblings', { siblings: [S.hdfsSample], primary: true }),
  mcp(S.hdfsSample, 'siblings', { siblings: [S.hiveSample], primary: false }),
  mcp(S.kafkaSample, 'datasetProperties', {
    name: 'SampleKafkaDataset',
    description: 'This is a sample kafka dataset',
    uri: 'kafka://broker/SampleKafkaDataset',
    customProperties: {},
    tags: [],
  }),
  mcp(S.usersCreated, 'access', { roles: [{ urn: ROLE }] }),
  mcp(ROLE, 'roleProperties', { name: 'Users reader', description: 'Reads the users tables', type: 'READ' }),
  mcp(ROLE, 'actors', { users: [{ user: S.jdoe }] }),
  mcp(S.usersCreated, 'embed', { renderUrl: 'https://example.com/embed/users' }),
  mcp(S.usersCreated, 'assetSettings', {
    assetSummary: { templates: [{ template: 'urn:li:dataHubPageTemplate:users_summary' }] },
  }),
  mcp(S.usersCreated, 'logicalParent', { parent: { destinationUrn: S.usersDeleted } }),
  mcp(S.usersCreated, 'testResults', {
    passing: [{ test: PASSING, type: 'SUCCESS' }],
    failing: [{ test: FAILING, type: 'FAILURE' }],
  }),
  mcp(PASSING, 'testInfo', {
    name: 'Has an owner',
    category: 'Ownership',
    definition: { type: 'JSON', json: '{"rules":[]}' },
  }),
  mcp(S.usersCreated, 'domains', { domains: [DOMAIN], domainAssociations: [{ domain: DOMAIN, attribution }] }),
  mcp(DOMAIN, 'domainProperties', { name: 'Growth' }),
  mcp(S.usersCreated, 'applications', { applications: ['urn:li:application:signup'] }),
  // A data product holding one dataset as an output port, and the sibling of another.
  mcp(PRODUCT, 'dataProductProperties', {
    name: 'Users',
    assets: [{ destinationUrn: S.usersCreated, outputPort: true }, { destinationUrn: S.hdfsSample }],
  }),
  mcp(column(S.usersCreated, 'user_id'), 'globalTags', { tags: [{ tag: S.legacy }] }),
  mcp(column(S.usersCreated, 'user_id'), 'aiContext', { synonyms: ['uid'], instructions: 'The key of a user' }),
  mcp(column(S.usersCreated, 'user_id'), 'logicalParent', {
    parent: { destinationUrn: column(S.usersDeleted, 'user_id') },
  }),
  mcp(RUN, 'dataProcessInstanceProperties', { name: 'load users', created: { time: T, actor: S.datahub } }),
  mcp(RUN, 'dataProcessInstanceInput', {
    inputs: [S.usersDeleted],
    inputEdges: [{ destinationUrn: S.usersDeleted }],
  }),
  mcp(RUN, 'dataProcessInstanceOutput', {
    outputs: [S.usersCreated],
    outputEdges: [{ destinationUrn: S.usersCreated }],
  }),
  mcp(RUN, 'mlTrainingRunProperties', {
    id: 'train-1',
    hyperParams: [{ name: 'depth', value: '6' }],
    trainingMetrics: [{ name: 'auc', value: '0.91' }],
  }),
  mcp(CHART, 'chartInfo', { title: 'Users per day', description: '', lastModified: {} }),
  mcp(CHART, 'inputFields', {
    fields: [
      {
        schemaFieldUrn: column(S.usersCreated, 'user_id'),
        schemaField: {
          fieldPath: 'user_id',
          nullable: false,
          description: 'Id of the user created',
          type: { type: { 'com.linkedin.schema.StringType': {} } },
          nativeDataType: 'string',
          recursive: false,
        },
      },
    ],
  }),
  mcp(S.usersCreated, 'datasetProfile', {
    timestampMillis: T,
    rowCount: 10,
    columnCount: 5,
    fieldProfiles: [
      {
        fieldPath: 'timestamp',
        quantiles: [{ quantile: '0.5', value: '1700000000' }],
        distinctValueFrequencies: [{ value: '1700000000', frequency: 3 }],
      },
    ],
  }),
];

/** The dataset page's fields this work added, as the app's getDataset selects them. */
const DATASET_PAGE = `query($urn: String!) {
  dataset(urn: $urn) {
    urn
    uri
    platformNativeType
    embed { renderUrl }
    siblings { isPrimary siblings { urn type ... on Dataset { name platform { name } } } }
    siblingsSearch(input: { query: "*", count: 5 }) { count total searchResults { entity { urn type } } }
    access { roles { associatedUrn role { urn type id isAssignedToMe properties { name description type } actors { users { user { urn } } } } } }
    autoRenderAspects: aspects(input: { autoRenderOnly: true }) { aspectName payload renderSpec { displayType displayName key } }
    runs: runs(start: 0, count: 20, direction: OUTGOING) { count start total runs { urn } }
    readBy: runs(start: 0, count: 20, direction: INCOMING) { total }
    testResults { passing { type test { urn name category description definition { json } } } failing { type test { urn name } } }
    logicalParent { urn type }
    domain { domain { urn } attribution { time actor { urn } source { urn } sourceDetail { key value } } }
    applications { associatedUrn application { urn } }
    institutionalMemory { elements { url settings { showInAssetPreview } } }
    datasetProfiles(limit: 1) { fieldProfiles { fieldPath quantiles { quantile value } distinctValueFrequencies { value frequency } } }
    settings { assetSummary { templates { template { urn } } } }
  }
}`;

/** The Schema tab, as the app's getDatasetSchema selects it (the columns' own entities and the siblings' schemas). */
const SCHEMA_TAB = `query($urn: String!) {
  dataset(urn: $urn) {
    uri
    platformNativeType
    schemaMetadata { fields { fieldPath description schemaFieldEntity { urn tags { tags { tag { urn } } } glossaryTerms { terms { term { urn } } }
      aiContext { synonyms instructions examples customInstructions } logicalParent { urn } } } }
    siblings { isPrimary siblings { urn ... on Dataset { schemaMetadata { fields { fieldPath } } } } }
    siblingsSearch(input: { query: "*", count: 5 }) { total searchResults { entity { urn ... on Dataset { schemaMetadata { fields { fieldPath } } } } } }
  }
}`;

describe("DataHub's web app: the dataset page (Schema and Lineage tabs) and the tag page", () => {
  let srv: GqlServer;

  before(async () => {
    srv = await startSampleServer();
    const file = join(tempDir(), 'page-aspects.json');
    writeFileSync(file, JSON.stringify(PAGE_MCPS));
    await ingestFile(srv.store, file);
  });
  after(() => srv.close());

  it('siblings come from the siblings aspect, and siblingsSearch finds the entities whose siblings aspect names the dataset', async () => {
    const hive = (await srv.ok(DATASET_PAGE, { urn: S.hiveSample })).dataset;
    assert.deepEqual(hive.siblings, {
      isPrimary: true,
      siblings: [{ urn: S.hdfsSample, type: 'DATASET', name: 'SampleHdfsDataset', platform: { name: 'hdfs' } }],
    });
    // `count` is the page size asked for, as scrollAcrossEntities answers it.
    assert.deepEqual(hive.siblingsSearch, {
      count: 5,
      total: 1,
      searchResults: [{ entity: { urn: S.hdfsSample, type: 'DATASET' } }],
    });
    const hdfs = (await srv.ok(DATASET_PAGE, { urn: S.hdfsSample })).dataset;
    assert.equal(hdfs.siblings.isPrimary, false);
    assert.deepEqual(hdfs.siblingsSearch.searchResults, [{ entity: { urn: S.hiveSample, type: 'DATASET' } }]);
    // A dataset no siblings aspect names: no siblings, and a search over none.
    const kafka = (await srv.ok(DATASET_PAGE, { urn: S.kafkaSample })).dataset;
    assert.equal(kafka.siblings, null);
    assert.deepEqual(kafka.siblingsSearch, { count: 5, total: 0, searchResults: [] });
  });

  it('uri is the datasetProperties one; platformNativeType is null, as DataHub never sets it; embed from its aspect', async () => {
    const kafka = (await srv.ok(DATASET_PAGE, { urn: S.kafkaSample })).dataset;
    assert.equal(kafka.uri, 'kafka://broker/SampleKafkaDataset');
    assert.equal(kafka.platformNativeType, null);
    assert.equal(kafka.embed, null);
    const users = (await srv.ok(DATASET_PAGE, { urn: S.usersCreated })).dataset;
    assert.equal(users.uri, null);
    assert.deepEqual(users.embed, { renderUrl: 'https://example.com/embed/users' });
  });

  it('access names the roles of the access aspect, each read from its roleProperties and actors; isAssignedToMe is for the caller', async () => {
    const asJdoe = (await srv.ok(DATASET_PAGE, { urn: S.usersCreated }, { 'X-DataHub-Actor': S.jdoe })).dataset;
    assert.deepEqual(asJdoe.access, {
      roles: [
        {
          associatedUrn: S.usersCreated,
          role: {
            urn: ROLE,
            type: 'ROLE',
            id: 'users_reader',
            isAssignedToMe: true,
            properties: { name: 'Users reader', description: 'Reads the users tables', type: 'READ' },
            actors: { users: [{ user: { urn: S.jdoe } }] },
          },
        },
      ],
    });
    const asDatahub = (await srv.ok(DATASET_PAGE, { urn: S.usersCreated }, { 'X-DataHub-Actor': S.datahub })).dataset;
    assert.equal(asDatahub.access.roles[0].role.isAssignedToMe, false);
    assert.equal((await srv.ok(DATASET_PAGE, { urn: S.kafkaSample })).dataset.access, null);
  });

  it('runs are the runs that wrote (OUTGOING) or read (INCOMING) the dataset; tests, logical parent, domain attribution, applications', async () => {
    const users = (await srv.ok(DATASET_PAGE, { urn: S.usersCreated })).dataset;
    assert.deepEqual(users.runs, { count: 1, start: 0, total: 1, runs: [{ urn: RUN }] });
    assert.equal(users.readBy.total, 0);
    const deleted = (await srv.ok(DATASET_PAGE, { urn: S.usersDeleted })).dataset;
    assert.equal(deleted.readBy.total, 1);
    assert.equal(deleted.runs.total, 0);
    assert.deepEqual(users.testResults, {
      passing: [
        {
          type: 'SUCCESS',
          test: {
            urn: PASSING,
            name: 'Has an owner',
            category: 'Ownership',
            description: null,
            definition: { json: '{"rules":[]}' },
          },
        },
      ],
      // A test with no testInfo stored: named by its id.
      failing: [{ type: 'FAILURE', test: { urn: FAILING, name: 'has_domain' } }],
    });
    assert.deepEqual(users.logicalParent, { urn: S.usersDeleted, type: 'DATASET' });
    // The summary's page template is named, but page templates are not served here: null, as for any entity not served.
    assert.deepEqual(users.settings, { assetSummary: { templates: [{ template: null }] } });
    assert.deepEqual(users.domain, {
      domain: { urn: DOMAIN },
      attribution: {
        time: T,
        actor: { urn: S.jdoe },
        source: { urn: S.usersDeleted },
        sourceDetail: [{ key: 'via', value: 'test' }],
      },
    });
    assert.deepEqual(users.applications, [
      { associatedUrn: S.usersCreated, application: { urn: 'urn:li:application:signup' } },
    ]);
    assert.deepEqual(users.datasetProfiles[0].fieldProfiles, [
      {
        fieldPath: 'timestamp',
        quantiles: [{ quantile: '0.5', value: '1700000000' }],
        distinctValueFrequencies: [{ value: '1700000000', frequency: 3 }],
      },
    ]);
    // The sample's link has no settings: none, not DataHub's default.
    const hive = (await srv.ok(DATASET_PAGE, { urn: S.hiveSample })).dataset;
    assert.deepEqual(hive.institutionalMemory.elements, [{ url: 'https://www.linkedin.com', settings: null }]);
    assert.equal(hive.testResults, null);
  });

  it('aspects are the stored aspects as JSON: none with autoRenderOnly, as in DataHub; only those named with aspectNames', async () => {
    const users = (await srv.ok(DATASET_PAGE, { urn: S.usersCreated })).dataset;
    assert.deepEqual(users.autoRenderAspects, []);
    const all = (
      await srv.ok(
        `query($urn: String!) { dataset(urn: $urn) { aspects { aspectName payload renderSpec { key } } } }`,
        {
          urn: S.usersCreated,
        },
      )
    ).dataset.aspects as Array<{ aspectName: string; payload: string; renderSpec: unknown }>;
    const names = all.map((a) => a.aspectName);
    for (const name of ['datasetKey', 'datasetProperties', 'schemaMetadata', 'ownership', 'access'])
      assert.ok(names.includes(name), `${name} in ${names.join(', ')}`);
    assert.ok(!names.includes('datasetProfile'), 'a timeseries aspect is not among the versioned aspects');
    for (const a of all) {
      assert.equal(a.renderSpec, null);
      if (a.aspectName === 'datasetKey') continue;
      assert.deepEqual(JSON.parse(a.payload), srv.store.getAspect(S.usersCreated, a.aspectName)?.value, a.aspectName);
    }
    assert.deepEqual(JSON.parse(all.find((a) => a.aspectName === 'datasetKey')!.payload), {
      platform: 'urn:li:dataPlatform:hive',
      name: 'fct_users_created',
      origin: 'PROD',
    });
    const some = (
      await srv.ok(
        `query($urn: String!) { dataset(urn: $urn) { aspects(input: { aspectNames: ["access", "embed", "nothing"] }) { aspectName } } }`,
        { urn: S.usersCreated },
      )
    ).dataset.aspects;
    assert.deepEqual(some, [{ aspectName: 'access' }, { aspectName: 'embed' }]);
  });

  it("the Schema tab: each column's own entity carries its tags; the siblings' schemas are read too", async () => {
    const users = (await srv.ok(SCHEMA_TAB, { urn: S.usersCreated })).dataset;
    const userId = users.schemaMetadata.fields.find((f: { fieldPath: string }) => f.fieldPath === 'user_id');
    assert.deepEqual(userId.schemaFieldEntity, {
      urn: column(S.usersCreated, 'user_id'),
      tags: { tags: [{ tag: { urn: S.legacy } }] },
      glossaryTerms: null,
      aiContext: { synonyms: ['uid'], instructions: 'The key of a user', examples: null, customInstructions: null },
      logicalParent: { urn: column(S.usersDeleted, 'user_id') },
    });
    const other = users.schemaMetadata.fields.find((f: { fieldPath: string }) => f.fieldPath === 'user_name');
    assert.equal(other.schemaFieldEntity.tags, null);
    assert.equal(other.schemaFieldEntity.aiContext, null);
    assert.equal(other.schemaFieldEntity.logicalParent, null);
    const hive = (await srv.ok(SCHEMA_TAB, { urn: S.hiveSample })).dataset;
    assert.deepEqual(hive.siblings.siblings[0].schemaMetadata.fields, [
      { fieldPath: 'shipment_info' },
      { fieldPath: 'shipment_info.date' },
    ]);
    assert.deepEqual(
      hive.siblingsSearch.searchResults[0].entity.schemaMetadata,
      hive.siblings.siblings[0].schemaMetadata,
    );
  });

  it("the Lineage tab: a chart's input columns, a run's lineage and training properties, entities read in bulk", async () => {
    const data = await srv.ok(
      `query($urns: [String!]!) {
        entities(urns: $urns) {
          urn
          ... on Chart { inputFields { fields { schemaFieldUrn schemaField { fieldPath type nativeDataType description } } } }
          ... on DataProcessInstance {
            mlTrainingRunProperties { id outputUrls hyperParams { name value } trainingMetrics { name value } }
            upstream: lineage(input: { direction: UPSTREAM }) { total relationships { type entity { urn } } }
            downstream: lineage(input: { direction: DOWNSTREAM }) { total relationships { type entity { urn } } }
          }
          ... on Dataset { siblingsSearch(input: { query: "*", count: 5 }) { total } }
        }
      }`,
      { urns: [CHART, RUN, S.hiveSample] },
    );
    const [chart, run, hive] = data.entities;
    assert.deepEqual(chart.inputFields, {
      fields: [
        {
          schemaFieldUrn: column(S.usersCreated, 'user_id'),
          schemaField: {
            fieldPath: 'user_id',
            type: 'STRING',
            nativeDataType: 'string',
            description: 'Id of the user created',
          },
        },
      ],
    });
    assert.deepEqual(run.mlTrainingRunProperties, {
      id: 'train-1',
      outputUrls: null,
      hyperParams: [{ name: 'depth', value: '6' }],
      trainingMetrics: [{ name: 'auc', value: '0.91' }],
    });
    assert.deepEqual(run.upstream.relationships, [
      { type: 'DataProcessInstanceConsumes', entity: { urn: S.usersDeleted } },
    ]);
    assert.deepEqual(run.downstream.relationships, [
      { type: 'DataProcessInstanceProduces', entity: { urn: S.usersCreated } },
    ]);
    assert.equal(hive.siblingsSearch.total, 1);
  });

  it('the Lineage tab: the data products that hold each entity or one of its siblings, and whether as an output port', async () => {
    const BULK = `query($urns: [String!]!) { bulkEntityDataProducts(input: { urns: $urns }) {
      entities { urn dataProductAssociations { isOutputPort dataProduct { urn type properties { name } } } } } }`;
    const data = await srv.ok(BULK, { urns: [S.usersCreated, S.hiveSample, S.kafkaSample] });
    const product = { urn: PRODUCT, type: 'DATA_PRODUCT', properties: { name: 'Users' } };
    assert.deepEqual(data.bulkEntityDataProducts.entities, [
      { urn: S.usersCreated, dataProductAssociations: [{ isOutputPort: true, dataProduct: product }] },
      // Through its sibling, which the product holds (not as an output port).
      { urn: S.hiveSample, dataProductAssociations: [{ isOutputPort: false, dataProduct: product }] },
      { urn: S.kafkaSample, dataProductAssociations: [] },
    ]);
    const many = Array.from({ length: 101 }, (_, i) => `urn:li:dataset:(urn:li:dataPlatform:hive,t${i},PROD)`);
    assert.deepEqual(await srv.fails(BULK, { urns: many }), [
      'Cannot fetch data products for more than 100 entities at once',
      400,
    ]);
  });

  it("the tag page: the tag's stored aspects as JSON, none with autoRenderOnly", async () => {
    const tag = (
      await srv.ok(
        `query($urn: String!) { tag(urn: $urn) { urn name properties { name description colorHex }
          autoRenderAspects: aspects(input: { autoRenderOnly: true }) { aspectName payload }
          aspects(input: { aspectNames: ["tagProperties"] }) { aspectName payload } } }`,
        { urn: S.legacy },
      )
    ).tag;
    assert.deepEqual(tag.autoRenderAspects, []);
    assert.equal(tag.aspects.length, 1);
    assert.deepEqual(JSON.parse(tag.aspects[0].payload), srv.store.getAspect(S.legacy, 'tagProperties')?.value);
  });

  it("the Schema tab's versions: the schema's history newest first; each column's last change at a version", async () => {
    const VERSIONS = `query($urn: String!) { getSchemaVersionList(input: { datasetUrn: $urn }) {
      latestVersion { semanticVersion semanticVersionTimestamp versionStamp }
      semanticVersionList { semanticVersion semanticVersionTimestamp versionStamp } } }`;
    const BLAME = `query($urn: String!, $version: String) { getSchemaBlame(input: { datasetUrn: $urn, version: $version }) {
      version { semanticVersion }
      schemaFieldBlameList { fieldPath schemaFieldChange { lastSemanticVersion lastSchemaFieldChange changeType versionStamp } } } }`;
    const first = (await srv.ok(VERSIONS, { urn: S.usersDeleted })).getSchemaVersionList;
    assert.equal(first.semanticVersionList.length, 1);
    assert.equal(first.latestVersion.semanticVersion, '0.0.0');
    // A second version of the schema, written in a later millisecond: one column removed, one added.
    const stored = srv.store.getAspect(S.usersDeleted, 'schemaMetadata')!.value as {
      fields: Array<{ fieldPath: string }>;
    };
    const fields = stored.fields.filter((f) => f.fieldPath !== 'deletion_reason');
    fields.push({ ...stored.fields[0]!, fieldPath: 'country' });
    const written = Date.now();
    while (Date.now() === written);
    const file = join(tempDir(), 'schema-v2.json');
    writeFileSync(file, JSON.stringify([mcp(S.usersDeleted, 'schemaMetadata', { ...stored, fields })]));
    await ingestFile(srv.store, file);

    const list = (await srv.ok(VERSIONS, { urn: S.usersDeleted })).getSchemaVersionList;
    assert.equal(list.semanticVersionList.length, 2);
    assert.deepEqual(list.latestVersion, list.semanticVersionList[0]);
    assert.equal(list.semanticVersionList[1].semanticVersion, '0.0.0');
    const latest = list.latestVersion.semanticVersion;
    assert.notEqual(latest, '0.0.0');
    assert.ok(
      list.semanticVersionList[0].semanticVersionTimestamp > list.semanticVersionList[1].semanticVersionTimestamp,
    );

    const blame = (await srv.ok(BLAME, { urn: S.usersDeleted })).getSchemaBlame;
    assert.equal(blame.version.semanticVersion, latest);
    const byPath = new Map(
      blame.schemaFieldBlameList.map((b: { fieldPath: string; schemaFieldChange: unknown }) => [
        b.fieldPath,
        b.schemaFieldChange,
      ]),
    );
    assert.deepEqual(
      [...byPath.keys()].sort(),
      ['browser_id', 'country', 'session_id', 'timestamp', 'user_id', 'user_name'],
      'the removed column is left out',
    );
    assert.deepEqual(byPath.get('country'), {
      lastSemanticVersion: latest,
      lastSchemaFieldChange: `Added in v${latest}`,
      changeType: 'ADD',
      versionStamp: list.latestVersion.versionStamp,
    });
    assert.equal((byPath.get('user_id') as { lastSchemaFieldChange: string }).lastSchemaFieldChange, 'Added in v0.0.0');
    // At the first version: the columns as they were, the one removed since among them.
    const before = (await srv.ok(BLAME, { urn: S.usersDeleted, version: '0.0.0' })).getSchemaBlame;
    assert.deepEqual(before.schemaFieldBlameList.map((b: { fieldPath: string }) => b.fieldPath).sort(), [
      'browser_id',
      'deletion_reason',
      'session_id',
      'timestamp',
      'user_id',
      'user_name',
    ]);
    // No history: a dataset never written; a version that is not x.y.z.
    const nothing = `urn:li:dataset:(urn:li:dataPlatform:hive,nothing_here,PROD)`;
    assert.equal((await srv.ok(VERSIONS, { urn: nothing })).getSchemaVersionList, null);
    assert.deepEqual((await srv.ok(BLAME, { urn: S.usersDeleted, version: 'latest' })).getSchemaBlame, {
      version: null,
      schemaFieldBlameList: null,
    });
  });
});

/**
 * A dataset read the way DataHub's app reads one: the same selection once per alias, and fragments on
 * entity types the value is not, so the operation selects far more fields than graphql-jit can
 * compile in reasonable time (DataHub's getDataset: 13 372). Over the compile threshold.
 */
const WIDE_PAGE = `query($urn: String!) {
  ${Array.from(
    { length: 80 },
    (_, i) => `a${i}: entity(urn: $urn) {
    urn type
    ... on Dataset {
      name
      properties { name description customProperties { key value } }
      schemaMetadata { fields { fieldPath description nativeDataType type tags { tags { tag { urn properties { name } } } } } }
      ownership { owners { owner { ... on CorpUser { urn username } ... on CorpGroup { urn name } } } }
    }
    ... on Chart { properties { name description } }
    ... on Dashboard { properties { name description } }
    ... on DataJob { properties { name description } }
  }`,
  ).join('\n  ')}
}`;

describe("a document as wide as the web app's, over the compile threshold", () => {
  let store: Store;
  let server: RunningServer;
  before(async () => {
    store = openCatalog(tempDataPath());
    const file = join(tempDir(), 'wide.json');
    writeFileSync(file, JSON.stringify([...TUTORIAL_MCPS, ...PAGE_MCPS]));
    await ingestFile(store, file);
    server = await startServer({ store, port: 0, limits: { maxQueryComplexity: WEB_APP_MAX_QUERY_COMPLEXITY } });
  });
  after(async () => {
    await server?.close();
    await store?.close();
  });

  it('is answered by graphql-js with what graphql-jit would answer', async () => {
    const schema = getSchema();
    const document = parse(WIDE_PAGE);
    const operation = document.definitions[0] as OperationDefinitionNode;
    const fields = measureOperationCost(schema, document, operation).fields;
    assert.ok(fields > DEFAULT_LIMITS.maxQueryComplexity, `${fields} fields: over the threshold`);
    const res = await fetch(`${server.url}/api/v2/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: WIDE_PAGE, variables: { urn: S.usersCreated } }),
    });
    const body = (await res.json()) as { data: Record<string, { urn: string; schemaMetadata: unknown }> };
    assert.equal(body.data['a79']!.urn, S.usersCreated);
    assert.ok(body.data['a0']!.schemaMetadata, 'the columns are answered');
    const compiled = compileQuery(schema, document);
    assert.ok(isCompiledQuery(compiled));
    const context: GraphqlContext = { store, actor: 'urn:li:corpuser:datahub', authEnabled: false };
    const jit = await compiled.query(rootValue, context, { urn: S.usersCreated });
    assert.deepEqual(body, { ...JSON.parse(JSON.stringify(jit)), extensions: {} });
  });
});
