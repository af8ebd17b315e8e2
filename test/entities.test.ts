// Generic entities (issue 13, docs/datahub/discovery.md §1.1, §4.1): `entity(urn)`, `entities(urns)` and
// the typed root queries over every served entity type, with the aspects DataHub shows on them.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { proposalFromMcp } from '../src/model/mcp.ts';
import { ingestProposals } from '../src/ops/ingest/ingestProposals.ts';
import { servedEntityTypes } from '../src/server/graphql/types/registry.ts';
import { expectedError, S, startSampleServer, type GqlServer } from './graphql-helpers.ts';
import { mcp } from './helpers.ts';

const TERM = 'urn:li:glossaryTerm:Classification.PII';
const NODE = 'urn:li:glossaryNode:Classification';
const ROOT_NODE = 'urn:li:glossaryNode:Root';
const DOMAIN = 'urn:li:domain:marketing';
const PARENT_DOMAIN = 'urn:li:domain:business';
const DB = 'urn:li:container:db1';
const SCHEMA = 'urn:li:container:schema1';
const CHART = 'urn:li:chart:(looker,c1)';
const FLOW = 'urn:li:dataFlow:(airflow,daily,prod)';
const JOB = `urn:li:dataJob:(${FLOW},load)`;
const PROP = 'urn:li:structuredProperty:io.acryl.retention';
const FEATURE_TABLE = 'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,users)';
const FIELD = `urn:li:schemaField:(${S.usersDeleted},user_name)`;

describe('generic entities over GraphQL', () => {
  let s: GqlServer;
  before(async () => {
    s = await startSampleServer();
    const records = [
      mcp(ROOT_NODE, 'glossaryNodeInfo', { name: 'Root', definition: 'top' }),
      mcp(NODE, 'glossaryNodeInfo', {
        name: 'Classification',
        definition: 'How sensitive data is',
        parentNode: ROOT_NODE,
      }),
      mcp(TERM, 'glossaryTermInfo', {
        name: 'PII',
        definition: 'Personal data',
        termSource: 'INTERNAL',
        parentNode: NODE,
        customProperties: { level: 'high' },
      }),
      mcp(PARENT_DOMAIN, 'domainProperties', { name: 'Business' }),
      mcp(DOMAIN, 'domainProperties', { name: 'Marketing', description: 'Campaigns', parentDomain: PARENT_DOMAIN }),
      mcp(DB, 'containerProperties', { name: 'db1', customProperties: {} }),
      mcp(DB, 'dataPlatformInstance', { platform: 'urn:li:dataPlatform:postgres' }),
      mcp(SCHEMA, 'containerProperties', { name: 'schema1', description: 'A schema', customProperties: {} }),
      mcp(SCHEMA, 'container', { container: DB }),
      mcp(SCHEMA, 'subTypes', { typeNames: ['Schema'] }),
      mcp(CHART, 'chartInfo', {
        title: 'Signups',
        description: 'Daily signups',
        customProperties: { k: 'v' },
        lastModified: { created: { time: 1, actor: S.jdoe }, lastModified: { time: 2, actor: S.jdoe } },
      }),
      mcp(CHART, 'container', { container: SCHEMA }),
      mcp(CHART, 'domains', { domains: [DOMAIN] }),
      mcp(CHART, 'glossaryTerms', { terms: [{ urn: TERM }], auditStamp: { time: 3, actor: S.jdoe } }),
      mcp(CHART, 'globalTags', { tags: [{ tag: S.legacy }] }),
      mcp(CHART, 'deprecation', { deprecated: true, note: 'old chart', actor: S.jdoe }),
      mcp(FLOW, 'dataFlowInfo', { name: 'Daily', customProperties: {} }),
      mcp(JOB, 'dataJobInfo', { name: 'Load', type: 'COMMAND', customProperties: {} }),
      mcp(JOB, 'dataJobInputOutput', { inputDatasets: [S.usersCreated], outputDatasets: [S.usersDeleted] }),
      mcp(PROP, 'propertyDefinition', {
        qualifiedName: 'io.acryl.retention',
        displayName: 'Retention',
        valueType: 'urn:li:dataType:datahub.number',
        entityTypes: ['urn:li:entityType:datahub.dataset'],
        cardinality: 'SINGLE',
        allowedValues: [{ value: { double: 30 }, description: 'a month' }],
      }),
      mcp(S.hiveSample, 'structuredProperties', { properties: [{ propertyUrn: PROP, values: [{ double: 30 }] }] }),
      mcp(S.hiveSample, 'domains', { domains: [DOMAIN] }),
      mcp(FEATURE_TABLE, 'mlFeatureTableProperties', {
        description: 'User features',
        customProperties: {},
        mlFeatures: ['urn:li:mlFeature:(users,age)'],
      }),
      mcp(FIELD, 'deprecation', { deprecated: true, note: 'use user_id', actor: S.jdoe }),
    ];
    await ingestProposals(
      { store: s.store, actor: S.datahub },
      records.map((r) => proposalFromMcp(r)),
    );
  });
  after(() => s.close());

  const ok = async (query: string) => {
    const r = await s.gql(query);
    assert.equal(r.body.errors, undefined, JSON.stringify(r.body.errors));
    return r.body.data;
  };

  it('serves every entity type the issue names', () => {
    for (const t of [
      'dataset',
      'corpuser',
      'corpGroup',
      'tag',
      'glossaryTerm',
      'glossaryNode',
      'domain',
      'container',
      'dataPlatform',
      'dataPlatformInstance',
      'chart',
      'dashboard',
      'dataFlow',
      'dataJob',
      'dataProduct',
      'mlModel',
      'mlModelGroup',
      'mlFeature',
      'mlFeatureTable',
      'mlPrimaryKey',
      'notebook',
      'schemaField',
      'structuredProperty',
      'ownershipType',
    ]) {
      assert.ok(servedEntityTypes().includes(t), t);
    }
  });

  it('entity(urn) types the result by the urn: a chart with its container path, domain, terms, tags and deprecation', async () => {
    const d = await ok(`{ entity(urn: "${CHART}") {
      urn type __typename
      ... on Chart {
        tool chartId platform { name }
        properties { name description created { time actor } customProperties { key value } }
        container { urn properties { name } }
        parentContainers { count containers { urn subTypes { typeNames } platform { name } } }
        domain { associatedUrn domain { urn properties { name description } parentDomains { count domains { urn } } } }
        glossaryTerms { terms { term { urn name properties { name definition } parentNodes { count nodes { urn properties { name } } } } } }
        tags { tags { tag { urn name } } }
        deprecation { deprecated note }
        exists
      }
    } }`);
    assert.deepEqual(d.entity, {
      urn: CHART,
      type: 'CHART',
      __typename: 'Chart',
      tool: 'looker',
      chartId: 'c1',
      platform: { name: 'looker' },
      properties: {
        name: 'Signups',
        description: 'Daily signups',
        created: { time: 1, actor: S.jdoe },
        customProperties: [{ key: 'k', value: 'v' }],
      },
      container: { urn: SCHEMA, properties: { name: 'schema1' } },
      parentContainers: {
        count: 2,
        containers: [
          { urn: SCHEMA, subTypes: { typeNames: ['Schema'] }, platform: { name: 'unknown' } },
          { urn: DB, subTypes: null, platform: { name: 'postgres' } },
        ],
      },
      domain: {
        associatedUrn: CHART,
        domain: {
          urn: DOMAIN,
          properties: { name: 'Marketing', description: 'Campaigns' },
          parentDomains: { count: 1, domains: [{ urn: PARENT_DOMAIN }] },
        },
      },
      glossaryTerms: {
        terms: [
          {
            term: {
              urn: TERM,
              name: 'Classification.PII',
              properties: { name: 'PII', definition: 'Personal data' },
              parentNodes: {
                count: 2,
                nodes: [
                  { urn: NODE, properties: { name: 'Classification' } },
                  { urn: ROOT_NODE, properties: { name: 'Root' } },
                ],
              },
            },
          },
        ],
      },
      tags: { tags: [{ tag: { urn: S.legacy, name: 'Legacy' } }] },
      deprecation: { deprecated: true, note: 'old chart' },
      exists: true,
    });
  });

  it('entities(urns): input order, several types at once, null in the slot of an unknown urn', async () => {
    const d =
      await ok(`{ entities(urns: ["${JOB}", "urn:li:glossaryTerm:nope", "${S.hiveSample}", "${FIELD}", "${FEATURE_TABLE}"]) {
      urn type
      ... on DataJob { jobId dataFlow { urn properties { name } } properties { name } inputOutput { inputDatasets { urn } outputDatasets { name } } }
      ... on Dataset { name domain { domain { urn } } structuredProperties { properties { structuredProperty { urn definition { displayName valueType { urn info { type } } entityTypes { info { type } } allowedValues { value { ... on NumberValue { numberValue } } description } } } values { ... on NumberValue { numberValue } } } } }
      ... on SchemaFieldEntity { fieldPath parent { urn } deprecation { note } }
      ... on MLFeatureTable { name platform { name } properties { description mlFeatures { urn } } }
    } }`);
    assert.deepEqual(d.entities, [
      {
        urn: JOB,
        type: 'DATA_JOB',
        jobId: 'load',
        dataFlow: { urn: FLOW, properties: { name: 'Daily' } },
        properties: { name: 'Load' },
        inputOutput: { inputDatasets: [{ urn: S.usersCreated }], outputDatasets: [{ name: 'fct_users_deleted' }] },
      },
      null,
      {
        urn: S.hiveSample,
        type: 'DATASET',
        name: 'SampleHiveDataset',
        domain: { domain: { urn: DOMAIN } },
        structuredProperties: {
          properties: [
            {
              structuredProperty: {
                urn: PROP,
                definition: {
                  displayName: 'Retention',
                  valueType: { urn: 'urn:li:dataType:datahub.number', info: { type: 'NUMBER' } },
                  entityTypes: [{ info: { type: 'DATASET' } }],
                  allowedValues: [{ value: { numberValue: 30 }, description: 'a month' }],
                },
              },
              values: [{ numberValue: 30 }],
            },
          ],
        },
      },
      {
        urn: FIELD,
        type: 'SCHEMA_FIELD',
        fieldPath: 'user_name',
        parent: { urn: S.usersDeleted },
        deprecation: { note: 'use user_id' },
      },
      {
        urn: FEATURE_TABLE,
        type: 'MLFEATURE_TABLE',
        name: 'users',
        platform: { name: 'feast' },
        properties: { description: 'User features', mlFeatures: [{ urn: 'urn:li:mlFeature:(users,age)' }] },
      },
    ]);
  });

  it('entities(urns, checkForExistence: true): an urn with nothing stored has no slot, as DataHub leaves it out', async () => {
    // DataHub's web app asks so for the entities a search filters on (a tag's "Applied to" link).
    const urns = `["${JOB}", "urn:li:glossaryTerm:nope", "${S.hiveSample}"]`;
    const checked = await ok(`{ entities(urns: ${urns}, checkForExistence: true) { urn } }`);
    assert.deepEqual(checked.entities, [{ urn: JOB }, { urn: S.hiveSample }]);
    const unchecked = await ok(`{ entities(urns: ${urns}, checkForExistence: false) { urn } }`);
    assert.deepEqual(unchecked.entities, [{ urn: JOB }, null, { urn: S.hiveSample }]);
  });

  it('typed root queries: glossary, domain, container, data flow; a missing one is NOT_FOUND, a wrong type BAD_REQUEST', async () => {
    const d = await ok(`{
      glossaryNode(urn: "${NODE}") { properties { name description } parentNodes { nodes { urn } } }
      domain(urn: "${DOMAIN}") { id properties { name } }
      container(urn: "${DB}") { properties { name } platform { name } }
      dataFlow(urn: "${FLOW}") { orchestrator flowId cluster properties { name } }
      structuredProperty(urn: "${PROP}") { definition { qualifiedName cardinality immutable } }
    }`);
    assert.deepEqual(d, {
      glossaryNode: {
        properties: { name: 'Classification', description: 'How sensitive data is' },
        parentNodes: { nodes: [{ urn: ROOT_NODE }] },
      },
      domain: { id: 'marketing', properties: { name: 'Marketing' } },
      container: { properties: { name: 'db1' }, platform: { name: 'postgres' } },
      dataFlow: { orchestrator: 'airflow', flowId: 'daily', cluster: 'prod', properties: { name: 'Daily' } },
      structuredProperty: {
        definition: { qualifiedName: 'io.acryl.retention', cardinality: 'SINGLE', immutable: false },
      },
    });
    const missing = await s.gql('{ glossaryTerm(urn: "urn:li:glossaryTerm:nope") { urn } }');
    assert.deepEqual(missing.body.errors, [
      {
        ...expectedError('GlossaryTerm urn:li:glossaryTerm:nope does not exist.', 'glossaryTerm', 404),
        locations: [{ line: 1, column: 3 }],
      },
    ]);
    const wrong = await s.gql(`{ chart(urn: "${DOMAIN}") { urn } }`);
    assert.equal(wrong.body.errors[0].message, `${DOMAIN} is not a chart urn (expected urn:li:chart:…)`);
    assert.equal(wrong.body.errors[0].extensions.code, 400);
  });

  it('entity(urn) of a malformed urn is a BAD_REQUEST; of a valid urn with nothing stored, null without error', async () => {
    const bad = await s.gql('{ entity(urn: "urn:li:nope") { urn } }');
    assert.equal(bad.body.errors[0].extensions.code, 400);
    assert.deepEqual(await ok('{ entity(urn: "urn:li:dashboard:(looker,none)") { urn } }'), { entity: null });
  });

  it('view settings the clients read first: no default view until one is set (docs/datahub/discovery.md §5)', async () => {
    const q =
      '{ globalViewsSettings { defaultView } me { corpUser { settings { appearance { showSimplifiedHomepage } views { defaultView { urn name viewType } } } } } }';
    assert.deepEqual(await ok(q), {
      globalViewsSettings: { defaultView: null },
      me: { corpUser: { settings: { appearance: { showSimplifiedHomepage: false }, views: null } } },
    });
    const VIEW = 'urn:li:dataHubView:mine';
    await ingestProposals(
      { store: s.store, actor: S.datahub },
      [
        mcp(VIEW, 'dataHubViewInfo', {
          name: 'My datasets',
          type: 'PERSONAL',
          definition: { entityTypes: ['DATASET'], filter: { operator: 'AND', filters: [] } },
          created: { time: 1, actor: S.datahub },
          lastModified: { time: 1, actor: S.datahub },
        }),
        mcp(S.datahub, 'corpUserSettings', {
          appearance: { showSimplifiedHomepage: true },
          views: { defaultView: VIEW },
        }),
        mcp('urn:li:globalSettings:0', 'globalSettingsInfo', { views: { defaultView: VIEW } }),
      ].map((r) => proposalFromMcp(r)),
    );
    assert.deepEqual(await ok(q), {
      globalViewsSettings: { defaultView: VIEW },
      me: {
        corpUser: {
          settings: {
            appearance: { showSimplifiedHomepage: true },
            views: { defaultView: { urn: VIEW, name: 'My datasets', viewType: 'PERSONAL' } },
          },
        },
      },
    });
  });

  it('listOwnershipTypes: the system types and custom ones, found by name', async () => {
    await ingestProposals({ store: s.store, actor: S.datahub }, [
      proposalFromMcp(
        mcp('urn:li:ownershipType:steward-2', 'ownershipTypeInfo', {
          name: 'Backup owner',
          created: { time: 0, actor: S.datahub },
          lastModified: { time: 0, actor: S.datahub },
        }),
      ),
    ]);
    const all = await ok(
      '{ listOwnershipTypes(input: { start: 0, count: 10 }) { start count total ownershipTypes { urn info { name } } } }',
    );
    assert.deepEqual(
      all.listOwnershipTypes.ownershipTypes.map((t: any) => t.info.name),
      ['Technical Owner', 'Business Owner', 'Data Steward', 'None', 'Backup owner'],
    );
    const found = await ok(
      '{ listOwnershipTypes(input: { start: 0, count: 1000, query: "OWNER" }) { total ownershipTypes { urn } } }',
    );
    assert.deepEqual(found.listOwnershipTypes, {
      total: 3,
      ownershipTypes: [
        { urn: 'urn:li:ownershipType:__system__technical_owner' },
        { urn: 'urn:li:ownershipType:__system__business_owner' },
        { urn: 'urn:li:ownershipType:steward-2' },
      ],
    });
  });
});
