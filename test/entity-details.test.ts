// mcp-server-datahub's `get_entities` tool (issue 13): the real entity_details.gql of the pinned
// package, transformed by the MCP client's own code exactly as it is for this server, runs against
// a real server over a temp data file and answers from the stored aspects — for every entity type
// the document covers. The features this catalog does not have (usage statistics, health, business
// attributes) answer "none" (null / empty), never made-up values.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ingestFile } from '../src/cli/commands/ingestRun.ts';
import { startSampleServer, type GqlServer } from './graphql-helpers.ts';
import { ROOT, runProcess, tempDir, writeTemp } from './helpers.ts';

// ---- the MCP server's document, from the interop virtualenv (scripts/interop-venv.sh) ----

const VENV = join(ROOT, '.venv-interop');
const PYTHON = join(VENV, 'bin', 'python');

function entityDetailsPath(): string | undefined {
  const lib = join(VENV, 'lib');
  if (!existsSync(lib)) return undefined;
  for (const py of readdirSync(lib)) {
    const path = join(lib, py, 'site-packages', 'mcp_server_datahub', 'gql', 'entity_details.gql');
    if (existsSync(path)) return path;
  }
  return undefined;
}

const DOCUMENT = entityDetailsPath();
const missing = !DOCUMENT || !existsSync(PYTHON);
if (missing)
  throw new Error(
    'ENTITY DETAILS SUITE cannot run: .venv-interop with mcp-server-datahub is missing; run scripts/setup.sh.',
  );

/**
 * Asks the MCP client's own code (graphql_helpers) what it sends to this server: whether it takes it
 * for DataHub Cloud (a `baseUrl` in /config), and the document after its #[CLOUD] / #[NEWER_GMS]
 * processing on the first attempt — plus the fully enabled variant a Cloud server would get.
 */
const TRANSFORM = `
import json, sys
from datahub.ingestion.graph.client import DataHubGraph, DatahubClientConfig
from mcp_server_datahub import graphql_helpers as h
graph = DataHubGraph(DatahubClientConfig(server=sys.argv[1]))
cloud = h._is_datahub_cloud(graph)
raw = (h.GQL_DIR / "entity_details.gql").read_text()
sent = h._enable_cloud_fields(raw) if cloud else h._disable_cloud_fields(raw)
sent = h._enable_newer_gms_fields(sent) if cloud else h._disable_newer_gms_fields(sent)
full = h._enable_newer_gms_fields(h._enable_cloud_fields(raw))
print(json.dumps({"cloud": cloud, "path": str(h.GQL_DIR / "entity_details.gql"), "sent": sent, "full": full}))
`;

// ---- the catalog under test ----

const T = 1_700_000_000_000;
const STAMP = { time: T, actor: 'urn:li:corpuser:jdoe' };
const CHANGES = { created: STAMP, lastModified: STAMP };
const U = {
  orders: 'urn:li:dataset:(urn:li:dataPlatform:snowflake,shop.orders,PROD)',
  customers: 'urn:li:dataset:(urn:li:dataPlatform:snowflake,shop.customers,PROD)',
  jdoe: 'urn:li:corpuser:jdoe',
  analysts: 'urn:li:corpGroup:analysts',
  pii: 'urn:li:tag:pii',
  revenue: 'urn:li:glossaryTerm:Revenue',
  finance: 'urn:li:glossaryNode:finance',
  sales: 'urn:li:domain:sales',
  product: 'urn:li:dataProduct:sales_kpis',
  chart: 'urn:li:chart:(looker,orders_by_day)',
  dashboard: 'urn:li:dashboard:(looker,sales_overview)',
  flow: 'urn:li:dataFlow:(airflow,etl,PROD)',
  job: 'urn:li:dataJob:(urn:li:dataFlow:(airflow,etl,PROD),load_orders)',
  retention: 'urn:li:structuredProperty:io.example.retentionDays',
  steward: 'urn:li:structuredProperty:io.example.steward',
  amountField: 'urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:snowflake,shop.orders,PROD),amount)',
  customerIdField: 'urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:snowflake,shop.orders,PROD),customer_id)',
  customersIdField: 'urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:snowflake,shop.customers,PROD),id)',
  database: 'urn:li:container:3f1c0b',
  featureTable: 'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,user_features)',
  feature: 'urn:li:mlFeature:(user_features,age)',
  primaryKey: 'urn:li:mlPrimaryKey:(user_features,user_id)',
  model: 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,churn,PROD)',
  modelGroup: 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,churn_models,PROD)',
};

const mcp = (entityUrn: string, aspectName: string, json: Record<string, unknown>) => ({
  entityType: entityUrn.split(':')[2],
  entityUrn,
  changeType: 'UPSERT',
  aspectName,
  aspect: { json },
});

const column = (fieldPath: string, type: string, nativeDataType: string, extra: Record<string, unknown> = {}) => ({
  fieldPath,
  nullable: false,
  type: { type: { [`com.linkedin.schema.${type}`]: {} } },
  nativeDataType,
  recursive: false,
  isPartOfKey: fieldPath === 'id',
  ...extra,
});

const attribution = { time: T, actor: U.jdoe, sourceDetail: { origin: 'dbt docs' } };

const CATALOG = [
  // people and labels
  mcp(U.jdoe, 'corpUserInfo', {
    active: true,
    displayName: 'John Doe',
    email: 'jdoe@example.com',
    title: 'Data Engineer',
  }),
  mcp(U.jdoe, 'groupMembership', { groups: [U.analysts] }),
  mcp(U.jdoe, 'structuredProperties', { properties: [{ propertyUrn: U.retention, values: [{ double: 30 }] }] }),
  mcp(U.analysts, 'corpGroupInfo', {
    displayName: 'Analysts',
    description: 'Sales analytics',
    email: 'analysts@example.com',
    admins: [U.jdoe],
    members: [U.jdoe],
    groups: [],
  }),
  mcp(U.analysts, 'structuredProperties', { properties: [{ propertyUrn: U.steward, values: [{ string: U.jdoe }] }] }),
  mcp(U.retention, 'propertyDefinition', {
    qualifiedName: 'io.example.retentionDays',
    displayName: 'Retention (days)',
    valueType: 'urn:li:dataType:datahub.number',
    cardinality: 'SINGLE',
    entityTypes: ['urn:li:entityType:datahub.corpuser'],
    immutable: false,
  }),
  mcp(U.steward, 'propertyDefinition', {
    qualifiedName: 'io.example.steward',
    displayName: 'Steward',
    valueType: 'urn:li:dataType:datahub.urn',
    typeQualifier: { allowedTypes: ['urn:li:entityType:datahub.corpuser'] },
    cardinality: 'SINGLE',
    entityTypes: ['urn:li:entityType:datahub.corpGroup'],
    immutable: false,
  }),
  mcp(U.pii, 'tagProperties', { name: 'PII', description: 'Personal data' }),
  mcp(U.finance, 'glossaryNodeInfo', { name: 'Finance', definition: 'Money matters' }),
  mcp(U.finance, 'displayProperties', {
    colorHex: '#0B7A3E',
    icon: { iconLibrary: 'MATERIAL', name: 'Savings', style: 'Outlined' },
  }),
  mcp(U.revenue, 'glossaryTermInfo', {
    name: 'Revenue',
    definition: 'Money earned',
    termSource: 'INTERNAL',
    parentNode: U.finance,
    customProperties: {},
  }),
  // the domain and its data product
  mcp(U.sales, 'domainProperties', { name: 'Sales', description: 'Everything sold' }),
  mcp(U.sales, 'displayProperties', {
    colorHex: '#1F6FEB',
    icon: { iconLibrary: 'MATERIAL', name: 'Storefront', style: 'Filled' },
  }),
  mcp(U.product, 'dataProductProperties', {
    name: 'Sales KPIs',
    description: 'Daily sales figures',
    assets: [{ destinationUrn: U.orders }, { destinationUrn: U.chart }],
    customProperties: { tier: 'gold' },
  }),
  mcp(U.product, 'domains', { domains: [U.sales] }),
  // the datasets
  mcp(U.customers, 'datasetProperties', { name: 'customers', description: 'Who buys', customProperties: {} }),
  mcp(U.customers, 'schemaMetadata', {
    schemaName: 'customers',
    platform: 'urn:li:dataPlatform:snowflake',
    version: 0,
    ...CHANGES,
    hash: '',
    platformSchema: { 'com.linkedin.schema.MySqlDDL': { tableSchema: '' } },
    fields: [column('id', 'NumberType', 'NUMBER')],
  }),
  mcp(U.orders, 'datasetProperties', {
    name: 'orders',
    qualifiedName: 'SHOP.PUBLIC.ORDERS',
    description: 'One row per order',
    customProperties: { team: 'sales' },
  }),
  mcp(U.orders, 'schemaMetadata', {
    schemaName: 'orders',
    platform: 'urn:li:dataPlatform:snowflake',
    version: 0,
    ...CHANGES,
    hash: '',
    platformSchema: { 'com.linkedin.schema.MySqlDDL': { tableSchema: 'CREATE VIEW orders AS SELECT 1' } },
    fields: [
      column('id', 'NumberType', 'NUMBER'),
      column('customer_id', 'NumberType', 'NUMBER', { description: 'The buyer' }),
      column('amount', 'NumberType', 'DECIMAL(10,2)', {
        description: 'Order total',
        globalTags: { tags: [{ tag: U.pii }] },
        glossaryTerms: { terms: [{ urn: U.revenue }], auditStamp: STAMP },
      }),
    ],
    primaryKeys: ['id'],
    foreignKeys: [
      {
        name: 'fk_customer',
        foreignFields: [U.customersIdField],
        sourceFields: [U.customerIdField],
        foreignDataset: U.customers,
      },
    ],
  }),
  mcp(U.orders, 'editableSchemaMetadata', {
    ...CHANGES,
    editableSchemaFieldInfo: [{ fieldPath: 'amount', description: 'Order total in EUR' }],
  }),
  mcp(U.orders, 'globalTags', { tags: [{ tag: U.pii }] }),
  mcp(U.orders, 'glossaryTerms', { terms: [{ urn: U.revenue }], auditStamp: STAMP }),
  mcp(U.orders, 'ownership', {
    owners: [
      { owner: U.jdoe, type: 'TECHNICAL_OWNER' },
      { owner: U.analysts, type: 'BUSINESS_OWNER' },
    ],
    lastModified: STAMP,
  }),
  mcp(U.orders, 'domains', { domains: [U.sales] }),
  mcp(U.orders, 'deprecation', {
    deprecated: true,
    note: 'Use orders_v2',
    actor: U.jdoe,
    decommissionTime: T + 86_400_000,
  }),
  mcp(U.orders, 'subTypes', { typeNames: ['View'] }),
  mcp(U.orders, 'viewProperties', { materialized: false, viewLogic: 'SELECT * FROM raw.orders', viewLanguage: 'SQL' }),
  mcp(U.amountField, 'documentation', {
    documentations: [{ documentation: 'Gross amount, taxes included', attribution }],
  }),
  // BI and pipelines
  mcp(U.chart, 'chartInfo', {
    title: 'Orders by day',
    description: 'Daily order count',
    lastModified: CHANGES,
    inputs: [U.orders],
    type: 'BAR',
    access: 'PUBLIC',
    customProperties: { refresh: 'hourly' },
  }),
  mcp(U.chart, 'domains', { domains: [U.sales] }),
  mcp(U.chart, 'documentation', { documentations: [{ documentation: 'Counts orders per calendar day' }] }),
  mcp(U.dashboard, 'dashboardInfo', {
    title: 'Sales overview',
    description: 'The sales team board',
    charts: [U.chart],
    datasets: [],
    lastModified: CHANGES,
    access: 'PRIVATE',
    customProperties: {},
  }),
  mcp(U.flow, 'dataFlowInfo', { name: 'etl', description: 'Nightly loads', project: 'shop', customProperties: {} }),
  mcp(U.flow, 'ownership', { owners: [{ owner: U.jdoe, type: 'TECHNICAL_OWNER' }], lastModified: STAMP }),
  mcp(U.flow, 'documentation', { documentations: [{ documentation: 'Runs at 02:00 UTC', attribution }] }),
  mcp(U.job, 'dataJobInfo', {
    name: 'load_orders',
    description: 'Loads the orders',
    type: { string: 'COMMAND' },
    customProperties: {},
  }),
  mcp(U.job, 'dataJobInputOutput', { inputDatasets: [U.customers], outputDatasets: [U.orders] }),
  // a container, and ML entities
  mcp(U.database, 'containerProperties', {
    name: 'shop',
    description: 'The shop database',
    customProperties: { engine: 'snowflake' },
  }),
  mcp(U.database, 'subTypes', { typeNames: ['Database'] }),
  mcp(U.database, 'dataPlatformInstance', { platform: 'urn:li:dataPlatform:snowflake' }),
  mcp(U.database, 'ownership', { owners: [{ owner: U.analysts, type: 'BUSINESS_OWNER' }], lastModified: STAMP }),
  mcp(U.database, 'browsePathsV2', { path: [{ id: 'snowflake' }] }),
  mcp(U.orders, 'container', { container: U.database }),
  mcp(U.featureTable, 'mlFeatureTableProperties', {
    description: 'Features of users',
    mlFeatures: [U.feature],
    mlPrimaryKeys: [U.primaryKey],
    customProperties: { store: 'redis' },
  }),
  mcp(U.feature, 'mlFeatureProperties', { description: 'Age in years', dataType: 'CONTINUOUS', customProperties: {} }),
  mcp(U.primaryKey, 'mlPrimaryKeyProperties', {
    description: 'The user',
    dataType: 'ORDINAL',
    sources: [],
    customProperties: {},
  }),
  mcp(U.model, 'mlModelProperties', {
    description: 'Predicts churn',
    customProperties: { framework: 'xgboost' },
    groups: [U.modelGroup],
  }),
  mcp(U.model, 'globalTags', { tags: [{ tag: U.pii }] }),
  mcp(U.modelGroup, 'mlModelGroupProperties', { description: 'Churn models', customProperties: {} }),
];

describe('mcp-server-datahub get_entities (entity_details.gql) against a real server', {
  skip: missing && 'interop virtualenv missing',
}, () => {
  let s: GqlServer;
  let sent: string;
  let full: string;

  before(async () => {
    s = await startSampleServer({ sample: false });
    const summary = await ingestFile(s.store, writeTemp('entity-details.json', JSON.stringify(CATALOG)));
    assert.equal(summary.written, CATALOG.length, 'every aspect of the fixture is stored');
    const r = await runProcess(PYTHON, ['-c', TRANSFORM, s.server.url], {
      env: {
        DATAHUB_TELEMETRY_ENABLED: 'false',
        HOME: tempDir('catalog-entity-details-home-'),
        PYTHONWARNINGS: 'ignore',
        DATAHUB_GMS_TOKEN: '',
      },
    });
    assert.equal(r.code, 0, r.stderr);
    const t = JSON.parse(r.stdout.trim().split('\n').pop()!) as {
      cloud: boolean;
      path: string;
      sent: string;
      full: string;
    };
    assert.equal(t.cloud, false, 'our /config has no baseUrl: the MCP client treats this server as DataHub Core');
    assert.equal(
      readFileSync(t.path, 'utf8'),
      readFileSync(DOCUMENT!, 'utf8'),
      'the document the client reads is the one this test loaded',
    );
    sent = t.sent;
    full = t.full;
  });
  after(() => s?.close());

  /** Runs GetEntity as the client does: the whole document, operationName GetEntity, variables {urn}. */
  async function getEntity(urn: string, document = sent): Promise<any> {
    const res = await fetch(s.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: document, operationName: 'GetEntity', variables: { urn } }),
    });
    assert.equal(res.status, 200);
    const body = (await res.json()) as any;
    assert.equal(body.errors, undefined, JSON.stringify(body.errors));
    assert.ok(body.data.entity, `entity ${urn}`);
    return body.data.entity;
  }

  it('the client comments out the #[CLOUD] and #[NEWER_GMS] lines for this server, and the rest is what it sends', () => {
    assert.match(sent, /^# +documentation \{ +#\[CLOUD\]/m);
    assert.match(sent, /^# +statsSummary \{ +#\[CLOUD\]/m);
    assert.match(sent, /^# +\.\.\. on Document \{ +#\[NEWER_GMS\]/m);
    assert.doesNotMatch(full, /^# .*#\[(CLOUD|NEWER_GMS)\]/m);
  });

  it('a dataset: properties, schema with column tags, terms, edits, foreign keys and column documentation', async () => {
    const e = await getEntity(U.orders);
    assert.equal(e.urn, U.orders);
    assert.equal(e.name, 'shop.orders');
    assert.deepEqual(e.platform, {
      urn: 'urn:li:dataPlatform:snowflake',
      name: 'snowflake',
      __typename: 'DataPlatform',
    });
    assert.equal(e.properties.name, 'orders');
    assert.equal(e.properties.description, 'One row per order');
    assert.deepEqual(e.properties.customProperties, [{ key: 'team', value: 'sales' }]);
    assert.deepEqual(e.subTypes.typeNames, ['View']);
    assert.deepEqual(e.viewProperties, { materialized: false, logic: 'SELECT * FROM raw.orders', language: 'SQL' });

    const sm = e.schemaMetadata;
    assert.equal(sm.name, 'orders');
    assert.equal(sm.datasetUrn, U.orders);
    assert.deepEqual(sm.primaryKeys, ['id']);
    assert.deepEqual(sm.platformSchema, { schema: 'CREATE VIEW orders AS SELECT 1' });
    assert.deepEqual(
      sm.fields.map((f: any) => f.fieldPath),
      ['id', 'customer_id', 'amount'],
    );
    const amount = sm.fields[2];
    assert.equal(amount.description, 'Order total in EUR', 'the edited description is the one a person sees');
    assert.equal(amount.nativeDataType, 'DECIMAL(10,2)');
    assert.deepEqual(
      amount.tags.tags.map((t: any) => t.tag.properties.name),
      ['PII'],
    );
    assert.deepEqual(
      amount.glossaryTerms.terms.map((t: any) => t.term.properties.name),
      ['Revenue'],
    );
    assert.deepEqual(amount.schemaFieldEntity.documentation.documentations, [
      {
        documentation: 'Gross amount, taxes included',
        attribution: { sourceDetail: [{ key: 'origin', value: 'dbt docs' }] },
      },
    ]);
    assert.equal(amount.schemaFieldEntity.businessAttributes, null, 'business attributes are not interpreted');
    assert.equal(sm.fields[0].schemaFieldEntity.documentation, null, 'a column without documentation');
    assert.deepEqual(
      sm.foreignKeys.map((fk: any) => ({
        name: fk.name,
        source: fk.sourceFields.map((f: any) => f.fieldPath),
        foreign: fk.foreignFields.map((f: any) => f.fieldPath),
        dataset: fk.foreignDataset.urn,
      })),
      [{ name: 'fk_customer', source: ['customer_id'], foreign: ['id'], dataset: U.customers }],
    );
    assert.equal(sm.foreignKeys[0].foreignDataset.properties.description, 'Who buys');
    assert.deepEqual(
      e.editableSchemaMetadata.editableSchemaFieldInfo.map((f: any) => [f.fieldPath, f.description]),
      [['amount', 'Order total in EUR']],
    );
  });

  it('a dataset: owners, tags, terms with their glossary node, domain with its entity counts, data product, deprecation', async () => {
    const e = await getEntity(U.orders);
    const owners = e.ownership.owners.map((o: any) => [o.owner.urn, o.type, o.owner.properties?.displayName]);
    assert.deepEqual(owners, [
      [U.jdoe, 'TECHNICAL_OWNER', 'John Doe'],
      [U.analysts, 'BUSINESS_OWNER', 'Analysts'],
    ]);
    const group = e.ownership.owners[1].owner;
    assert.deepEqual(
      group.info.members.map((m: any) => m.urn),
      [U.jdoe],
    );
    assert.deepEqual(
      e.tags.tags.map((t: any) => [t.tag.urn, t.tag.properties.name, t.tag.properties.description]),
      [[U.pii, 'PII', 'Personal data']],
    );
    const term = e.glossaryTerms.terms[0].term;
    assert.equal(term.properties.name, 'Revenue');
    assert.equal(term.parentNodes.count, 1);
    assert.equal(term.parentNodes.nodes[0].properties.name, 'Finance');
    assert.deepEqual(term.parentNodes.nodes[0].displayProperties.icon, {
      name: 'Savings',
      style: 'Outlined',
      iconLibrary: 'MATERIAL',
      __typename: 'IconProperties',
    });

    const d = e.domain.domain;
    assert.equal(d.urn, U.sales);
    assert.equal(d.properties.name, 'Sales');
    assert.equal(
      d.entities.total,
      2,
      'the domain holds the dataset and the chart (data products and domains left out)',
    );
    assert.equal(d.dataProducts.total, 1);
    assert.equal(d.children.total, 0);
    assert.equal(d.displayProperties.icon.name, 'Storefront');

    const product = e.dataProduct.relationships.map((r: any) => [
      r.type,
      r.entity.urn,
      r.entity.properties.name,
      r.entity.domain.domain.urn,
    ]);
    assert.deepEqual(product, [['DataProductContains', U.product, 'Sales KPIs', U.sales]]);

    assert.equal(e.deprecation.deprecated, true);
    assert.equal(e.deprecation.note, 'Use orders_v2');
    assert.equal(e.deprecation.decommissionTime, T + 86_400_000);
    assert.equal(e.deprecation.actor, U.jdoe);
    assert.equal(e.deprecation.actorEntity.urn, U.jdoe);
    assert.equal(e.deprecation.actorEntity.properties.displayName, 'John Doe');
  });

  it('a dataset: no health signal and no usage statistics — features this catalog does not have answer none', async () => {
    const e = await getEntity(U.orders);
    assert.deepEqual(e.health, []);
    assert.equal('statsSummary' in e, false, 'statsSummary is a #[CLOUD] field: not sent to this server');
    const cloud = await getEntity(U.orders, full);
    assert.equal(cloud.statsSummary, null);
    assert.deepEqual(cloud.health, []);
  });

  it('a chart and a dashboard: properties with type and access, platform, domain', async () => {
    const c = await getEntity(U.chart);
    assert.equal(c.tool, 'looker');
    assert.equal(c.chartId, 'orders_by_day');
    assert.equal(c.platform.name, 'looker');
    assert.equal(c.properties.name, 'Orders by day');
    assert.equal(c.properties.type, 'BAR');
    assert.equal(c.properties.access, 'PUBLIC');
    assert.equal(c.properties.lastModified.time, T);
    assert.deepEqual(c.properties.customProperties, [{ key: 'refresh', value: 'hourly' }]);
    assert.equal(c.domain.domain.urn, U.sales);
    assert.deepEqual(c.health, []);
    assert.equal(c.dataProduct.relationships[0].entity.urn, U.product);

    const b = await getEntity(U.dashboard);
    assert.equal(b.dashboardId, 'sales_overview');
    assert.equal(b.properties.name, 'Sales overview');
    assert.equal(b.properties.access, 'PRIVATE');
    assert.equal(b.domain, null);
  });

  it('a data flow and its job: properties, owners, inputs and outputs; the flow documentation for a Cloud client', async () => {
    const f = await getEntity(U.flow);
    assert.equal(f.orchestrator, 'airflow');
    assert.equal(f.properties.name, 'etl');
    assert.equal(f.properties.project, 'shop');
    assert.equal(f.ownership.owners[0].owner.urn, U.jdoe);
    assert.equal('documentation' in f, false);
    const job = await getEntity(U.job);
    assert.equal(job.jobId, 'load_orders');
    assert.equal(job.properties.name, 'load_orders');
    assert.equal(job.dataFlow.urn, U.flow);
    assert.equal(job.dataFlow.flowId, 'etl');
    assert.deepEqual(
      job.inputOutput.inputDatasets.map((d: any) => [d.urn, d.properties.name]),
      [[U.customers, 'customers']],
    );
    assert.deepEqual(
      job.inputOutput.outputDatasets.map((d: any) => d.urn),
      [U.orders],
    );

    const cloudJob = await getEntity(U.job, full);
    assert.deepEqual(cloudJob.dataFlow.documentation.documentations, [
      { documentation: 'Runs at 02:00 UTC', attribution: { sourceDetail: [{ key: 'origin', value: 'dbt docs' }] } },
    ]);
  });

  it("a glossary term and its node (the node's display properties are read through the dataset's terms, above)", async () => {
    const t = await getEntity(U.revenue);
    assert.equal(t.hierarchicalName, 'Revenue');
    assert.equal(t.properties.description, 'Money earned');
    assert.equal(t.properties.termSource, 'INTERNAL');
    assert.deepEqual(t.properties.customProperties, []);
    assert.equal(t.deprecation, null);
    const n = await getEntity(U.finance);
    assert.equal(n.properties.name, 'Finance');
    assert.equal(n.properties.description, 'Money matters');
  });

  it('a domain: the entities in it and its data products, by search', async () => {
    const d = await getEntity(U.sales);
    assert.equal(d.properties.name, 'Sales');
    assert.equal(d.properties.description, 'Everything sold');
    assert.deepEqual(d.displayProperties, {
      icon: { name: 'Storefront', style: 'Filled', iconLibrary: 'MATERIAL', __typename: 'IconProperties' },
      __typename: 'DisplayProperties',
    });
    assert.equal(d.entities.total, 2);
    assert.equal(d.dataProducts.total, 1);
    assert.equal(d.parentDomains.count, 0);
  });

  it('a data product: its assets, by search', async () => {
    const p = await getEntity(U.product);
    assert.equal(p.properties.name, 'Sales KPIs');
    assert.deepEqual(p.properties.customProperties, [{ key: 'tier', value: 'gold' }]);
    assert.equal(p.entities.total, 2);
    const assets = p.entities.searchResults.map((r: any) => [r.entity.urn, r.entity.properties.name]).sort();
    assert.deepEqual(
      assets,
      [
        [U.chart, 'Orders by day'],
        [U.orders, 'orders'],
      ].sort(),
    );
  });

  it('a user and a group: profile, structured properties, group members', async () => {
    const u = await getEntity(U.jdoe);
    assert.equal(u.properties.displayName, 'John Doe');
    assert.equal(u.properties.email, 'jdoe@example.com');
    const [prop] = u.structuredProperties.properties;
    assert.equal(prop.structuredProperty.urn, U.retention);
    assert.equal(prop.structuredProperty.definition.displayName, 'Retention (days)');
    assert.deepEqual(prop.values, [{ numberValue: 30 }]);

    const g = await getEntity(U.analysts);
    assert.equal(g.name, 'analysts');
    assert.equal(g.properties.displayName, 'Analysts');
    assert.equal(g.memberCount.total, 1);
    const [steward] = g.structuredProperties.properties;
    assert.deepEqual(steward.values, [{ stringValue: U.jdoe }]);
    assert.equal(steward.valueEntities[0].urn, U.jdoe);
    assert.equal(steward.valueEntities[0].properties.displayName, 'John Doe');
  });

  it('a container: properties, sub-types, platform, owners, browse path', async () => {
    const c = await getEntity(U.database);
    assert.equal(c.properties.name, 'shop');
    assert.equal(c.properties.description, 'The shop database');
    assert.deepEqual(c.properties.customProperties, [{ key: 'engine', value: 'snowflake' }]);
    assert.deepEqual(c.subTypes.typeNames, ['Database']);
    assert.equal(c.platform.name, 'snowflake');
    assert.equal(c.ownership.owners[0].owner.urn, U.analysts);
    assert.deepEqual(c.browsePathV2.path, [{ entity: null }]);
    assert.equal(c.editableProperties, null);
  });

  it('ML entities: a feature table with its features and keys, a feature, a model and its group', async () => {
    const t = await getEntity(U.featureTable);
    assert.equal(t.name, 'user_features');
    assert.equal(t.description, 'Features of users');
    assert.deepEqual(t.properties.customProperties, [{ key: 'store', value: 'redis' }]);
    assert.deepEqual(t.featureTableProperties, {
      description: 'Features of users',
      mlFeatures: [{ urn: U.feature }],
      mlPrimaryKeys: [{ urn: U.primaryKey }],
    });
    assert.equal(t.platform.name, 'feast');
    const f = await getEntity(U.feature);
    assert.equal(f.name, 'age');
    assert.equal(f.description, 'Age in years');
    const m = await getEntity(U.model);
    assert.equal(m.name, 'churn');
    assert.equal(m.origin, 'PROD');
    assert.equal(m.description, 'Predicts churn');
    assert.deepEqual(m.properties.customProperties, [{ key: 'framework', value: 'xgboost' }]);
    assert.deepEqual(
      m.tags.tags.map((x: any) => x.tag.urn),
      [U.pii],
    );
    const g = await getEntity(U.modelGroup);
    assert.equal(g.name, 'churn_models');
    assert.equal(g.description, 'Churn models');
  });

  it("the same document's GetEntityLineage (the get_lineage tool) previews what is upstream of the dataset", async () => {
    const input = {
      urn: U.orders,
      direction: 'UPSTREAM',
      query: '*',
      start: 0,
      count: 10,
      orFilters: [{ and: [{ field: 'degree', condition: 'EQUAL', values: ['1', '2'] }] }],
    };
    const res = await fetch(s.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: sent, operationName: 'GetEntityLineage', variables: { input } }),
    });
    const body = (await res.json()) as any;
    assert.equal(body.errors, undefined, JSON.stringify(body.errors));
    const found = body.data.searchAcrossLineage.searchResults.map((r: any) => [
      r.entity.urn,
      r.degree,
      r.entity.properties?.name,
    ]);
    assert.deepEqual(found, [
      [U.job, 1, 'load_orders'],
      [U.customers, 2, 'customers'],
    ]);
  });

  it('a tag', async () => {
    const t = await getEntity(U.pii);
    assert.deepEqual(t.properties, { name: 'PII', description: 'Personal data' });
    assert.equal(t.ownership, null);
  });

  it('a structured property: its definition with the entity types an urn value may name', async () => {
    const p = await getEntity(U.steward);
    assert.equal(p.definition.qualifiedName, 'io.example.steward');
    assert.equal(p.definition.valueType.urn, 'urn:li:dataType:datahub.urn');
    assert.deepEqual(
      p.definition.typeQualifier.allowedTypes.map((t: any) => [t.urn, t.info.type]),
      [['urn:li:entityType:datahub.corpuser', 'CORP_USER']],
    );
    assert.deepEqual(
      p.definition.entityTypes.map((t: any) => t.urn),
      ['urn:li:entityType:datahub.corpGroup'],
    );
    const r = await getEntity(U.retention);
    assert.equal(r.definition.typeQualifier, null);
  });
});
