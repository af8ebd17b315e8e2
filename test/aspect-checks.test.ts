/**
 * DataHub's required fields and enums, checked on write for the aspects we interpret (issue 48 item
 * 5; the lineage aspects are in lineage-aspect-checks.test.ts). One refusal per aspect family, over
 * REST as DataHub's SDK sends a proposal: a 422 whose message names the aspect, the field path and
 * the problem, and nothing written. The whole sample, each of its aspects written through the same
 * checks, is stored. scripts/aspect-audit.ts lists what is checked against DataHub's schema
 * (test/aspect-audit.test.ts).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { SAMPLE_MCPS } from '../src/sample/sample.ts';
import { startServer, type RunningServer } from '../src/server/server.ts';
import type { Store } from '../src/store/store.ts';
import { ingestProposal, tempDataPath } from './helpers.ts';

const DS = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;
const STAMP = { time: 1, actor: 'urn:li:corpuser:datahub' };
const STAMPS = { created: STAMP, lastModified: STAMP };

/** [entity type, urn, aspect, value DataHub refuses, the message]. */
const CASES: Array<[string, string, string, unknown, string]> = [
  // labels: owners, tags, terms (of an entity and of a column)
  [
    'dataset',
    DS('owner_no_type'),
    'ownership',
    { owners: [{ owner: 'urn:li:corpuser:jdoe' }] },
    'Invalid ownership at owners[0].type: required field is missing',
  ],
  [
    'dataset',
    DS('owner_bad_type'),
    'ownership',
    { owners: [{ owner: 'urn:li:corpuser:jdoe', type: 'OWNER' }] },
    'Invalid ownership at owners[0].type: expected one of TECHNICAL_OWNER, BUSINESS_OWNER, DATA_STEWARD, NONE, CUSTOM, DEVELOPER, DATAOWNER, DELEGATE, PRODUCER, CONSUMER, STAKEHOLDER, got the string "OWNER"',
  ],
  [
    'dataset',
    DS('tag_attribution'),
    'globalTags',
    { tags: [{ tag: 'urn:li:tag:pii', attribution: { time: 1 } }] },
    'Invalid globalTags at tags[0].attribution.actor: required field is missing',
  ],
  [
    'dataset',
    DS('terms_no_stamp'),
    'glossaryTerms',
    { terms: [{ urn: 'urn:li:glossaryTerm:email' }] },
    'Invalid glossaryTerms at auditStamp: required field is missing',
  ],
  [
    'dataset',
    DS('column_terms_no_stamp'),
    'editableSchemaMetadata',
    { ...STAMPS, editableSchemaFieldInfo: [{ fieldPath: 'email', glossaryTerms: { terms: [] } }] },
    'Invalid editableSchemaMetadata at editableSchemaFieldInfo[0].glossaryTerms.auditStamp: required field is missing',
  ],
  [
    'dataset',
    DS('status_stamp'),
    'status',
    { removed: false, lifecycleLastUpdated: { actor: 'urn:li:corpuser:jdoe' } },
    'Invalid status at lifecycleLastUpdated.time: required field is missing',
  ],
  // entities' properties
  [
    'chart',
    'urn:li:chart:(looker,no_title)',
    'chartInfo',
    { description: '', lastModified: STAMPS },
    'Invalid chartInfo at title: required field is missing',
  ],
  [
    'chart',
    'urn:li:chart:(looker,bad_type)',
    'chartInfo',
    { title: 'Revenue', description: '', lastModified: STAMPS, type: 'BARS' },
    'Invalid chartInfo at type: expected one of BAR, PIE, SCATTER, TABLE, TEXT, LINE, AREA, HISTOGRAM, BOX_PLOT, WORD_CLOUD, COHORT, got the string "BARS"',
  ],
  [
    'dashboard',
    'urn:li:dashboard:(looker,bad_access)',
    'dashboardInfo',
    { title: 'Sales', description: '', lastModified: STAMPS, access: 'SECRET' },
    'Invalid dashboardInfo at access: expected one of PUBLIC, PRIVATE, got the string "SECRET"',
  ],
  [
    'dashboard',
    'urn:li:dashboard:(looker,edge_stamp)',
    'dashboardInfo',
    {
      title: 'Sales',
      description: '',
      lastModified: STAMPS,
      chartEdges: [{ destinationUrn: 'urn:li:chart:(looker,a)', created: { time: 1 } }],
    },
    'Invalid dashboardInfo at chartEdges[0].created.actor: required field is missing',
  ],
  [
    'dataFlow',
    'urn:li:dataFlow:(airflow,bad_env,prod)',
    'dataFlowInfo',
    { name: 'nightly', env: 'PRODUCTION' },
    'Invalid dataFlowInfo at env: expected one of DEV, TEST, QA, UAT, EI, PRE, STG, NON_PROD, PROD, CORP, RVW, PRD, TST, SIT, SBX, SANDBOX, CERT, got the string "PRODUCTION"',
  ],
  [
    'dataJob',
    'urn:li:dataJob:(urn:li:dataFlow:(airflow,nightly,prod),no_type)',
    'dataJobInfo',
    { name: 'load' },
    'Invalid dataJobInfo at type: required field is missing',
  ],
  [
    'container',
    'urn:li:container:no_name',
    'containerProperties',
    { description: 'a schema' },
    'Invalid containerProperties at name: required field is missing',
  ],
  ['dataset', DS('in_container'), 'container', {}, 'Invalid container at container: required field is missing'],
  [
    'dataset',
    DS('sub_types'),
    'subTypes',
    { typeName: ['View'] },
    'Invalid subTypes at typeNames: required field is missing',
  ],
  [
    'dataset',
    DS('browse'),
    'browsePathsV2',
    { path: [{ urn: 'urn:li:container:a' }] },
    'Invalid browsePathsV2 at path[0].id: required field is missing',
  ],
  [
    'dataset',
    DS('platform_instance'),
    'dataPlatformInstance',
    { instance: 'urn:li:dataPlatformInstance:(urn:li:dataPlatform:hive,eu)' },
    'Invalid dataPlatformInstance at platform: required field is missing',
  ],
  [
    'dataset',
    DS('view'),
    'viewProperties',
    { materialized: false, viewLogic: 'select 1' },
    'Invalid viewProperties at viewLanguage: required field is missing',
  ],
  [
    'dataset',
    DS('deprecated'),
    'datasetDeprecation',
    { deprecated: true },
    'Invalid datasetDeprecation at note: required field is missing',
  ],
  [
    'dataset',
    DS('siblings'),
    'siblings',
    { siblings: [DS('other')] },
    'Invalid siblings at primary: required field is missing',
  ],
  [
    'dataset',
    DS('editable'),
    'editableDatasetProperties',
    { description: 'x', created: STAMP, lastModified: { time: 1 } },
    'Invalid editableDatasetProperties at lastModified.actor: required field is missing',
  ],
  [
    'chart',
    'urn:li:chart:(looker,editable)',
    'editableChartProperties',
    { description: 'x', deleted: { actor: 'urn:li:corpuser:jdoe' } },
    'Invalid editableChartProperties at deleted.time: required field is missing',
  ],
  [
    'dataProcessInstance',
    'urn:li:dataProcessInstance:run1',
    'dataProcessInstanceProperties',
    { name: 'run 1' },
    'Invalid dataProcessInstanceProperties at created: required field is missing',
  ],
  [
    'dataPlatform',
    'urn:li:dataPlatform:warehouse',
    'dataPlatformInfo',
    { name: 'warehouse', type: 'WAREHOUSE', datasetNameDelimiter: '.' },
    'Invalid dataPlatformInfo at type: expected one of FILE_SYSTEM, KEY_VALUE_STORE, MESSAGE_BROKER, OBJECT_STORE, OLAP_DATASTORE, OTHERS, QUERY_ENGINE, RELATIONAL_DB, SEARCH_ENGINE, got the string "WAREHOUSE"',
  ],
  // domains, glossary, groups
  [
    'dataset',
    DS('domains'),
    'domains',
    { domainAssociations: [{ domain: 'urn:li:domain:sales' }] },
    'Invalid domains at domains: required field is missing',
  ],
  [
    'domain',
    'urn:li:domain:no_name',
    'domainProperties',
    { description: 'Sales' },
    'Invalid domainProperties at name: required field is missing',
  ],
  [
    'glossaryTerm',
    'urn:li:glossaryTerm:no_source',
    'glossaryTermInfo',
    { name: 'Email', definition: 'An address' },
    'Invalid glossaryTermInfo at termSource: required field is missing',
  ],
  [
    'glossaryNode',
    'urn:li:glossaryNode:no_definition',
    'glossaryNodeInfo',
    { name: 'PII' },
    'Invalid glossaryNodeInfo at definition: required field is missing',
  ],
  [
    'corpGroup',
    'urn:li:corpGroup:no_lists',
    'corpGroupInfo',
    { displayName: 'Data', members: [], groups: [] },
    'Invalid corpGroupInfo at admins: required field is missing',
  ],
  // aspects our own operations write (each writer writes what DataHub requires)
  [
    'assertion',
    'urn:li:assertion:freshness_no_schedule',
    'assertionInfo',
    { type: 'FRESHNESS', freshnessAssertion: { type: 'DATASET_CHANGE', entity: DS('orders') } },
    'Invalid assertionInfo at freshnessAssertion.schedule: required field is missing',
  ],
  [
    'assertion',
    'urn:li:assertion:volume_operator',
    'assertionInfo',
    {
      type: 'VOLUME',
      volumeAssertion: {
        type: 'ROW_COUNT_TOTAL',
        entity: DS('orders'),
        rowCountTotal: { operator: 'MORE_THAN', parameters: { value: { value: '10', type: 'NUMBER' } } },
      },
    },
    'Invalid assertionInfo at volumeAssertion.rowCountTotal.operator: expected one of BETWEEN, LESS_THAN, LESS_THAN_OR_EQUAL_TO, GREATER_THAN, GREATER_THAN_OR_EQUAL_TO, EQUAL_TO, NOT_EQUAL_TO, NULL, NOT_NULL, CONTAIN, END_WITH, START_WITH, REGEX_MATCH, IN, NOT_IN, IS_TRUE, IS_FALSE, _NATIVE_, got the string "MORE_THAN"',
  ],
  [
    'assertion',
    'urn:li:assertion:schema_half',
    'assertionInfo',
    { type: 'DATA_SCHEMA', schemaAssertion: { entity: DS('orders'), schema: { fields: [] } } },
    'Invalid assertionInfo at schemaAssertion.schema.schemaName: required field is missing',
  ],
  [
    'assertion',
    'urn:li:assertion:custom_parameter',
    'assertionInfo',
    {
      type: 'CUSTOM',
      customAssertion: { type: 'T', entity: DS('orders'), parameters: { value: { value: '1' } } },
    },
    'Invalid assertionInfo at customAssertion.parameters.value.type: required field is missing',
  ],
  [
    'dataHubIngestionSource',
    'urn:li:dataHubIngestionSource:no_zone',
    'dataHubIngestionSourceInfo',
    { name: 'mysql', type: 'mysql', schedule: { interval: '0 * * * *' }, config: { recipe: '{}' } },
    'Invalid dataHubIngestionSourceInfo at schedule.timezone: required field is missing',
  ],
  [
    'dataHubExecutionRequest',
    'urn:li:dataHubExecutionRequest:no_time',
    'dataHubExecutionRequestInput',
    { task: 'CLI Ingestion', args: {}, executorId: '__datahub_cli_', source: { type: 'CLI_INGESTION_SOURCE' } },
    'Invalid dataHubExecutionRequestInput at requestedAt: required field is missing',
  ],
  [
    'assertion',
    'urn:li:assertion:bad_status',
    'assertionRunSummary',
    { lastPassedAtMillis: 1, assertionStatus: 'PASSED' },
    'Invalid assertionRunSummary at assertionStatus: expected one of PASSING, FAILING, ERROR, INIT, got the string "PASSED"',
  ],
  [
    'ownershipType',
    'urn:li:ownershipType:no_stamps',
    'ownershipTypeInfo',
    { name: 'Reviewer', created: STAMP },
    'Invalid ownershipTypeInfo at lastModified: required field is missing',
  ],
  [
    'dataHubView',
    'urn:li:dataHubView:bad_type',
    'dataHubViewInfo',
    { name: 'Mine', type: 'SHARED', definition: { entityTypes: [], filter: {} }, ...STAMPS },
    'Invalid dataHubViewInfo at type: expected one of PERSONAL, GLOBAL, got the string "SHARED"',
  ],
  [
    'dataHubView',
    'urn:li:dataHubView:bad_condition',
    'dataHubViewInfo',
    {
      name: 'Mine',
      type: 'PERSONAL',
      definition: { entityTypes: [], filter: { or: [{ and: [{ field: 'platform', condition: 'EQUALS' }] }] } },
      ...STAMPS,
    },
    'Invalid dataHubViewInfo at definition.filter.or[0].and[0].condition: expected one of CONTAIN, END_WITH, EQUAL, IEQUAL, IS_NULL, EXISTS, GREATER_THAN, GREATER_THAN_OR_EQUAL_TO, IN, LESS_THAN, LESS_THAN_OR_EQUAL_TO, START_WITH, DESCENDANTS_INCL, ANCESTORS_INCL, RELATED_INCL, got the string "EQUALS"',
  ],
  [
    'structuredProperty',
    'urn:li:structuredProperty:no_types',
    'propertyDefinition',
    { qualifiedName: 'io.acme.retention', valueType: 'urn:li:dataType:datahub.number' },
    'Invalid propertyDefinition at entityTypes: required field is missing',
  ],
  [
    'structuredProperty',
    'urn:li:structuredProperty:bad_cardinality',
    'propertyDefinition',
    {
      qualifiedName: 'io.acme.retention',
      valueType: 'urn:li:dataType:datahub.number',
      entityTypes: ['urn:li:entityType:datahub.dataset'],
      cardinality: 'MANY',
    },
    'Invalid propertyDefinition at cardinality: expected one of SINGLE, MULTIPLE, got the string "MANY"',
  ],
  [
    'structuredProperty',
    'urn:li:structuredProperty:settings_stamp',
    'structuredPropertySettings',
    { isHidden: false, lastModified: { time: 1 } },
    'Invalid structuredPropertySettings at lastModified.actor: required field is missing',
  ],
  [
    'dataset',
    DS('property_values'),
    'structuredProperties',
    { properties: [{ propertyUrn: 'urn:li:structuredProperty:io.acme.retention' }] },
    'Invalid structuredProperties at properties[0].values: required field is missing',
  ],
  [
    'dataset',
    DS('documentation'),
    'documentation',
    { documentations: [{ attribution: STAMP }] },
    'Invalid documentation at documentations[0].documentation: required field is missing',
  ],
  // aspects only clients write (DataHub's SDK, sources and web app)
  [
    'globalSettings',
    'urn:li:globalSettings:0',
    'globalSettingsInfo',
    { sso: { oidcSettings: { enabled: true } } },
    'Invalid globalSettingsInfo at sso.baseUrl: required field is missing',
  ],
  [
    'dataHubStepState',
    'urn:li:dataHubStepState:urn:li:corpuser:jdoe-tour',
    'dataHubStepStateProperties',
    { properties: { seen: 'true' } },
    'Invalid dataHubStepStateProperties at lastModified: required field is missing',
  ],
  [
    'dataHubExecutionRequest',
    'urn:li:dataHubExecutionRequest:no_status',
    'dataHubExecutionRequestResult',
    { startTimeMs: 1, durationMs: 2 },
    'Invalid dataHubExecutionRequestResult at status: required field is missing',
  ],
  [
    'corpuser',
    'urn:li:corpuser:settings_sink',
    'corpUserSettings',
    { appearance: {}, notificationSettings: { sinkTypes: ['PAGER'] } },
    'Invalid corpUserSettings at notificationSettings.sinkTypes[0]: expected one of SLACK, EMAIL, TEAMS, got the string "PAGER"',
  ],
  [
    'assertion',
    'urn:li:assertion:actions',
    'assertionActions',
    { onFailure: [{ type: 'OPEN_INCIDENT' }] },
    'Invalid assertionActions at onFailure[0].type: expected one of RAISE_INCIDENT, RESOLVE_INCIDENT, got the string "OPEN_INCIDENT"',
  ],
  ['dataset', DS('access'), 'access', { roles: [{}] }, 'Invalid access at roles[0].urn: required field is missing'],
  [
    'role',
    'urn:li:role:reader',
    'actors',
    { users: [{ user: 'urn:li:corpuser:jdoe' }], groups: [{}] },
    'Invalid actors at groups[0].group: required field is missing',
  ],
  [
    'dataset',
    DS('applications'),
    'applications',
    {},
    'Invalid applications at applications: required field is missing',
  ],
  [
    'dataset',
    DS('asset_settings'),
    'assetSettings',
    { assetSummary: { templates: [{}] } },
    'Invalid assetSettings at assetSummary.templates[0].template: required field is missing',
  ],
  [
    'dataType',
    'urn:li:dataType:io.acme.money',
    'dataTypeInfo',
    { displayName: 'Money' },
    'Invalid dataTypeInfo at qualifiedName: required field is missing',
  ],
  [
    'entityType',
    'urn:li:entityType:io.acme.thing',
    'entityTypeInfo',
    { displayName: 'Thing' },
    'Invalid entityTypeInfo at qualifiedName: required field is missing',
  ],
  [
    'domain',
    'urn:li:domain:icon',
    'displayProperties',
    { icon: { iconLibrary: 'FONT_AWESOME', name: 'star', style: 'solid' } },
    'Invalid displayProperties at icon.iconLibrary: expected one of MATERIAL, PHOSPHOR, got the string "FONT_AWESOME"',
  ],
  [
    'chart',
    'urn:li:chart:(looker,input_fields)',
    'inputFields',
    { fields: [{ schemaField: { fieldPath: 'id' } }] },
    'Invalid inputFields at fields[0].schemaFieldUrn: required field is missing',
  ],
  [
    'dataset',
    DS('logical_parent'),
    'logicalParent',
    { parent: { sourceUrn: DS('logical_parent') } },
    'Invalid logicalParent at parent.destinationUrn: required field is missing',
  ],
  [
    'mlFeature',
    'urn:li:mlFeature:(ns,bad_type)',
    'mlFeatureProperties',
    { dataType: 'INTEGER' },
    'Invalid mlFeatureProperties at dataType: expected one of USELESS, NOMINAL, ORDINAL, BINARY, COUNT, TIME, INTERVAL, IMAGE, VIDEO, AUDIO, TEXT, MAP, SEQUENCE, SET, CONTINUOUS, BYTE, UNKNOWN, got the string "INTEGER"',
  ],
  [
    'mlModelGroup',
    'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,stamp,PROD)',
    'mlModelGroupProperties',
    { created: { actor: 'urn:li:corpuser:jdoe' } },
    'Invalid mlModelGroupProperties at created.time: required field is missing',
  ],
  [
    'mlModel',
    'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,param,PROD)',
    'mlModelProperties',
    { hyperParams: [{ value: '6' }] },
    'Invalid mlModelProperties at hyperParams[0].name: required field is missing',
  ],
  [
    'mlPrimaryKey',
    'urn:li:mlPrimaryKey:(ns,no_sources)',
    'mlPrimaryKeyProperties',
    { dataType: 'TEXT' },
    'Invalid mlPrimaryKeyProperties at sources: required field is missing',
  ],
  [
    'dataProcessInstance',
    'urn:li:dataProcessInstance:training',
    'mlTrainingRunProperties',
    { trainingMetrics: [{ value: '0.9' }] },
    'Invalid mlTrainingRunProperties at trainingMetrics[0].name: required field is missing',
  ],
  [
    'dataset',
    DS('origin'),
    'origin',
    { type: 'IMPORTED' },
    'Invalid origin at type: expected one of NATIVE, EXTERNAL, got the string "IMPORTED"',
  ],
  [
    'role',
    'urn:li:role:no_type',
    'roleProperties',
    { name: 'Reader' },
    'Invalid roleProperties at type: required field is missing',
  ],
  [
    'test',
    'urn:li:test:no_definition',
    'testInfo',
    { name: 'Has owners', category: 'Governance' },
    'Invalid testInfo at definition: required field is missing',
  ],
  [
    'dataset',
    DS('test_results'),
    'testResults',
    { passing: [], failing: [{ test: 'urn:li:test:owners', type: 'FAILED' }] },
    'Invalid testResults at failing[0].type: expected one of SUCCESS, FAILURE, got the string "FAILED"',
  ],
  // timeseries aspects (the event time is checked by the store of events)
  [
    'dataset',
    DS('profile_histogram'),
    'datasetProfile',
    { timestampMillis: 1, rowCount: 3, fieldProfiles: [{ fieldPath: 'id', histogram: { boundaries: ['0', '10'] } }] },
    'Invalid datasetProfile at fieldProfiles[0].histogram.heights: required field is missing',
  ],
  [
    'dataset',
    DS('usage_granularity'),
    'datasetUsageStatistics',
    { timestampMillis: 1, eventGranularity: { unit: 'FORTNIGHT' }, uniqueUserCount: 1 },
    'Invalid datasetUsageStatistics at eventGranularity.unit: expected one of SECOND, MINUTE, HOUR, DAY, WEEK, MONTH, QUARTER, YEAR, got the string "FORTNIGHT"',
  ],
  [
    'dataset',
    DS('usage_partition'),
    'datasetUsageStatistics',
    { timestampMillis: 1, partitionSpec: { partition: 'p1', type: 'DAILY' } },
    'Invalid datasetUsageStatistics at partitionSpec.type: expected one of FULL_TABLE, QUERY, PARTITION, got the string "DAILY"',
  ],
];

describe('DataHub’s enums and required fields, checked on write for every aspect family we interpret', () => {
  let store: Store;
  let server: RunningServer;
  const ingest = (entityType: string, urn: string, aspectName: string, value: unknown) =>
    ingestProposal(server.url, entityType, urn, aspectName, value);

  before(async () => {
    store = openCatalog(tempDataPath());
    server = await startServer({ store, port: 0 });
  });
  after(async () => {
    await server.close();
    await store.close();
  });

  it('a value DataHub refuses is refused with the aspect, the field path and the problem; nothing is written', async () => {
    for (const [type, urn, aspect, value, message] of CASES) {
      const r = await ingest(type, urn, aspect, value);
      assert.equal(r.status, 422, `${urn} ${aspect}: ${JSON.stringify(r.body)}`);
      assert.equal(r.body.message, `proposal: ${message}`);
      assert.equal(store.getAspect(urn, aspect), undefined, `${urn} ${aspect}: nothing written`);
      assert.equal(store.entityExists(urn), false, `${urn}: no entity made`);
    }
  });

  it('the same values, completed as DataHub requires, are stored', async () => {
    const fixed: Record<string, unknown> = {
      ownership: { owners: [{ owner: 'urn:li:corpuser:jdoe', type: 'TECHNICAL_OWNER' }] },
      glossaryTerms: { terms: [{ urn: 'urn:li:glossaryTerm:email' }], auditStamp: STAMP },
      chartInfo: { title: 'Revenue', description: '', lastModified: STAMPS, type: 'BAR', access: 'PUBLIC' },
      dataJobInfo: { name: 'load', type: { string: 'COMMAND' }, status: 'COMPLETED' },
      siblings: { siblings: [DS('other')], primary: true },
      corpGroupInfo: { displayName: 'Data', admins: [], members: [], groups: [] },
      dataHubIngestionSourceInfo: {
        name: 'mysql',
        type: 'mysql',
        schedule: { interval: '0 * * * *', timezone: 'UTC' },
        config: { recipe: '{}' },
      },
      ownershipTypeInfo: { name: 'Reviewer', ...STAMPS },
      assertionInfo: {
        type: 'FRESHNESS',
        freshnessAssertion: {
          type: 'DATASET_CHANGE',
          entity: DS('orders'),
          schedule: { type: 'CRON', cron: { cron: '0 * * * *', timezone: 'UTC' } },
        },
      },
      structuredProperties: {
        properties: [{ propertyUrn: 'urn:li:structuredProperty:io.acme.retention', values: [{ double: 30 }] }],
      },
      documentation: { documentations: [{ documentation: 'How orders are counted', attribution: STAMP }] },
    };
    for (const [type, urn, aspect] of CASES) {
      if (!(aspect in fixed)) continue;
      const r = await ingest(type, urn, aspect, fixed[aspect]);
      assert.equal(r.status, 200, `${urn} ${aspect}: ${JSON.stringify(r.body)}`);
      assert.deepEqual(store.getAspect(urn, aspect)?.value, fixed[aspect]);
    }
  });

  it('every aspect of the sample passes the checks', async () => {
    type Mcp = { entityType: string; entityUrn: string; aspectName: string; aspect: { json: unknown } };
    const mcps = SAMPLE_MCPS as readonly Mcp[];
    assert.ok(mcps.length > 100);
    // One batch (one transaction: a write each would take a commit each); only when it is refused is
    // each aspect sent alone, to name every one refused.
    const res = await fetch(`${server.url}/aspects?action=ingestProposalBatch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-RestLi-Protocol-Version': '2.0.0' },
      body: JSON.stringify({
        proposals: mcps.map((m) => ({
          entityType: m.entityType,
          entityUrn: m.entityUrn,
          changeType: 'UPSERT',
          aspectName: m.aspectName,
          aspect: { value: JSON.stringify(m.aspect.json), contentType: 'application/json' },
        })),
      }),
    });
    if (res.status === 200) return;
    const refused: string[] = [];
    for (const m of mcps) {
      const r = await ingest(m.entityType, m.entityUrn, m.aspectName, m.aspect.json);
      if (r.status !== 200) refused.push(`${m.entityUrn} ${m.aspectName}: ${r.body.message}`);
    }
    assert.fail(`the sample's batch was refused (${res.status}: ${await res.text()}); alone: ${refused.join('; ')}`);
  });
});
