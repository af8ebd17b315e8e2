/**
 * The sample's own content, after the tutorials' entities: a small online shop's data, written in
 * DataHub's MCP file format with the aspect shapes DataHub's ingestion writes, so that every page of
 * the UI and every query (lineage, glossary, domains, products, structured properties, ML, incidents)
 * has something real to show.
 *
 * - Lineage across platforms: Kafka topics → Hive tables → Snowflake tables → Looker charts → a
 *   Looker dashboard, with Airflow jobs between them and column-level lineage.
 * - A glossary (Classification, Commerce) whose terms are applied to datasets and columns.
 * - Two domains, a data product, two structured properties, containers (database → schema → table).
 * - A feature table feeding an ML model; an open incident; a deprecated table; a query; a document.
 *
 * Every time is fixed: loading the sample twice writes nothing the second time.
 */
import { mcp } from './mcp.ts';

/** 2023-11-14 22:13:20 UTC, the time everything was "ingested". */
const T = 1_700_000_000_000;
const DAY = 86_400_000;
/** Midnight UTC of T's day, for the day's profiles and operations. */
const T_DAY = Math.floor(T / DAY) * DAY;

const platform = (name: string) => `urn:li:dataPlatform:${name}`;
const ds = (p: string, name: string) => `urn:li:dataset:(${platform(p)},${name},PROD)`;
const field = (dataset: string, path: string) => `urn:li:schemaField:(${dataset},${path})`;
const flow = (id: string) => `urn:li:dataFlow:(airflow,${id},prod)`;
const job = (flowId: string, id: string) => `urn:li:dataJob:(${flow(flowId)},${id})`;

export const SHOWCASE_URNS = {
  // people
  alice: 'urn:li:corpuser:alice.chen',
  omar: 'urn:li:corpuser:omar.haddad',
  priya: 'urn:li:corpuser:priya.raman',
  dataPlatform: 'urn:li:corpGroup:data-platform',
  analytics: 'urn:li:corpGroup:analytics',
  // tags
  pii: 'urn:li:tag:PII',
  tier1: 'urn:li:tag:Tier1',
  // glossary
  classification: 'urn:li:glossaryNode:Classification',
  sensitive: 'urn:li:glossaryTerm:Classification.Sensitive',
  public: 'urn:li:glossaryTerm:Classification.Public',
  commerce: 'urn:li:glossaryNode:Commerce',
  metrics: 'urn:li:glossaryNode:Commerce.Metrics',
  order: 'urn:li:glossaryTerm:Commerce.Order',
  customer: 'urn:li:glossaryTerm:Commerce.Customer',
  revenue: 'urn:li:glossaryTerm:Commerce.Metrics.Revenue',
  // domains, product, structured properties
  sales: 'urn:li:domain:sales',
  dataScience: 'urn:li:domain:data-science',
  salesReporting: 'urn:li:dataProduct:sales-reporting',
  retention: 'urn:li:structuredProperty:io.catalog.retentionDays',
  certification: 'urn:li:structuredProperty:io.catalog.certification',
  // containers
  analyticsDb: 'urn:li:container:snowflake.analytics',
  salesSchema: 'urn:li:container:snowflake.analytics.sales',
  rawDb: 'urn:li:container:hive.raw',
  // datasets, along the lineage chain
  ordersTopic: ds('kafka', 'shop.orders'),
  customersTopic: ds('kafka', 'shop.customers'),
  rawOrders: ds('hive', 'raw.orders'),
  rawCustomers: ds('hive', 'raw.customers'),
  rawOrdersV1: ds('hive', 'raw.orders_v1'),
  fctOrders: ds('snowflake', 'analytics.sales.fct_orders'),
  dailyRevenue: ds('snowflake', 'analytics.sales.daily_revenue'),
  // pipelines
  shopDaily: flow('shop_daily'),
  loadFctOrders: job('shop_daily', 'load_fct_orders'),
  buildDailyRevenue: job('shop_daily', 'build_daily_revenue'),
  mlTraining: flow('ml_training'),
  trainChurnModel: job('ml_training', 'train_churn_model'),
  // BI
  revenueChart: 'urn:li:chart:(looker,sales_overview.revenue_by_day)',
  countryChart: 'urn:li:chart:(looker,sales_overview.orders_by_country)',
  salesDashboard: 'urn:li:dashboard:(looker,sales_overview)',
  // ML
  featureTable: 'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,customer_features)',
  orderCount: 'urn:li:mlFeature:(customer_features,order_count_30d)',
  avgOrderValue: 'urn:li:mlFeature:(customer_features,avg_order_value_30d)',
  customerKey: 'urn:li:mlPrimaryKey:(customer_features,customer_id)',
  churnModels: 'urn:li:mlModelGroup:(urn:li:dataPlatform:mlflow,churn-prediction,PROD)',
  churnModel: 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,churn-prediction-v2,PROD)',
  // the rest
  lateRevenue: 'urn:li:incident:daily-revenue-late',
  topCustomers: 'urn:li:query:top-customers-by-revenue',
  revenueGuide: 'urn:li:document:how-we-count-revenue',
} as const;

const U = SHOWCASE_URNS;

const stamp = (actor: string = U.alice, time = T) => ({ time, actor });
const changes = (actor: string = U.alice) => ({ created: stamp(actor), lastModified: stamp(actor) });

// ---------------------------------------------------------------------------------------------
// Shared aspects

type OwnerType = 'TECHNICAL_OWNER' | 'BUSINESS_OWNER' | 'DATA_STEWARD';

function ownership(urn: string, owners: Array<[owner: string, type: OwnerType]>) {
  return mcp(urn, 'ownership', {
    owners: owners.map(([owner, type]) => ({ owner, type, source: { type: 'MANUAL' } })),
    ownerTypes: {},
    lastModified: stamp(),
  });
}

const tags = (urn: string, ...tagUrns: string[]) => mcp(urn, 'globalTags', { tags: tagUrns.map((tag) => ({ tag })) });
const terms = (urn: string, ...termUrns: string[]) =>
  mcp(urn, 'glossaryTerms', { terms: termUrns.map((t) => ({ urn: t })), auditStamp: stamp() });
const domain = (urn: string, d: string) => mcp(urn, 'domains', { domains: [d] });
const subTypes = (urn: string, ...typeNames: string[]) => mcp(urn, 'subTypes', { typeNames });
const inContainer = (urn: string, ...path: string[]) => [
  mcp(urn, 'container', { container: path[path.length - 1]! }),
  mcp(urn, 'browsePathsV2', { path: path.map((c) => ({ id: c, urn: c })) }),
];

// ---------------------------------------------------------------------------------------------
// People, tags

function people() {
  const user = (urn: string, first: string, last: string, title: string, department: string) =>
    mcp(urn, 'corpUserInfo', {
      customProperties: {},
      active: true,
      displayName: `${first} ${last}`,
      email: `${urn.slice('urn:li:corpuser:'.length)}@example.com`,
      title,
      departmentName: department,
      firstName: first,
      lastName: last,
      fullName: `${first} ${last}`,
    });
  return [
    user(U.alice, 'Alice', 'Chen', 'Data Engineer', 'Data Platform'),
    mcp(U.alice, 'corpUserEditableInfo', {
      aboutMe: 'I look after the pipelines that load the warehouse.',
      teams: ['Data Platform'],
      skills: ['Airflow', 'Snowflake', 'Kafka'],
      slack: '@alice',
    }),
    mcp(U.omar, 'corpUserInfo', {
      customProperties: {},
      active: true,
      displayName: 'Omar Haddad',
      email: 'omar.haddad@example.com',
      title: 'Analytics Lead',
      managerUrn: U.alice,
      departmentName: 'Sales',
      firstName: 'Omar',
      lastName: 'Haddad',
      fullName: 'Omar Haddad',
    }),
    user(U.priya, 'Priya', 'Raman', 'ML Engineer', 'Data Science'),
    mcp(U.dataPlatform, 'corpGroupInfo', {
      displayName: 'Data Platform',
      email: 'data-platform@example.com',
      description: 'Runs the pipelines, the warehouse and the ML platform',
      admins: [U.alice],
      members: [U.alice, U.priya],
      groups: [],
      slack: '#data-platform',
    }),
    mcp(U.analytics, 'corpGroupInfo', {
      displayName: 'Analytics',
      email: 'analytics@example.com',
      description: 'Sales reporting and dashboards',
      admins: [U.omar],
      members: [U.omar],
      groups: [],
    }),
    mcp(U.alice, 'groupMembership', { groups: [U.dataPlatform] }),
    mcp(U.priya, 'groupMembership', { groups: [U.dataPlatform] }),
    mcp(U.omar, 'groupMembership', { groups: [U.analytics] }),
    mcp(U.pii, 'tagProperties', {
      name: 'PII',
      description: 'Personally identifiable information',
      colorHex: '#D64545',
    }),
    mcp(U.tier1, 'tagProperties', {
      name: 'Tier 1',
      description: 'Business-critical: monitored, on call',
      colorHex: '#2F80ED',
    }),
  ];
}

// ---------------------------------------------------------------------------------------------
// Glossary, domains, structured properties

function glossary() {
  const node = (urn: string, name: string, definition: string, parentNode?: string) =>
    mcp(urn, 'glossaryNodeInfo', { name, definition, ...(parentNode && { parentNode }) });
  const term = (urn: string, name: string, definition: string, parentNode: string) =>
    mcp(urn, 'glossaryTermInfo', { name, definition, parentNode, termSource: 'INTERNAL', customProperties: {} });
  return [
    node(U.classification, 'Classification', 'How carefully a piece of data must be handled'),
    term(U.sensitive, 'Sensitive', 'Personal or confidential data: access is restricted and audited', U.classification),
    term(U.public, 'Public', 'Data that may be shared outside the company', U.classification),
    ownership(U.classification, [[U.dataPlatform, 'DATA_STEWARD']]),
    ownership(U.sensitive, [[U.dataPlatform, 'DATA_STEWARD']]),
    node(U.commerce, 'Commerce', 'What the shop sells, to whom, and for how much'),
    node(U.metrics, 'Metrics', 'Numbers the business reports on', U.commerce),
    term(U.order, 'Order', "A customer's purchase of one or more products, paid or not", U.commerce),
    term(U.customer, 'Customer', 'A person or company that has placed at least one order', U.commerce),
    term(U.revenue, 'Revenue', 'Sum of paid order amounts in US dollars, net of refunds', U.metrics),
    mcp(U.revenue, 'glossaryRelatedTerms', { isRelatedTerms: [U.order] }),
    ownership(U.revenue, [[U.omar, 'BUSINESS_OWNER']]),
  ];
}

function domains() {
  return [
    mcp(U.sales, 'domainProperties', {
      name: 'Sales',
      description: 'Orders, customers and revenue reporting',
      created: stamp(U.omar),
    }),
    ownership(U.sales, [[U.omar, 'BUSINESS_OWNER']]),
    mcp(U.dataScience, 'domainProperties', {
      name: 'Data Science',
      description: 'Features and models',
      created: stamp(U.priya),
    }),
    ownership(U.dataScience, [[U.priya, 'TECHNICAL_OWNER']]),
    mcp(U.salesReporting, 'dataProductProperties', {
      name: 'Sales Reporting',
      description: 'The tables and dashboard the weekly sales review reads',
      customProperties: { sla: 'daily by 06:00 UTC' },
      assets: [U.fctOrders, U.dailyRevenue, U.salesDashboard].map((destinationUrn) => ({
        destinationUrn,
        created: stamp(U.omar),
      })),
    }),
    domain(U.salesReporting, U.sales),
    ownership(U.salesReporting, [
      [U.analytics, 'BUSINESS_OWNER'],
      [U.alice, 'TECHNICAL_OWNER'],
    ]),
  ];
}

function structuredProperties() {
  const datasets = 'urn:li:entityType:datahub.dataset';
  return [
    mcp(U.retention, 'propertyDefinition', {
      qualifiedName: 'io.catalog.retentionDays',
      displayName: 'Retention (days)',
      description: 'How long rows are kept before they are deleted',
      valueType: 'urn:li:dataType:datahub.number',
      cardinality: 'SINGLE',
      entityTypes: [datasets],
      immutable: false,
      created: stamp(),
      lastModified: stamp(),
    }),
    mcp(U.retention, 'structuredPropertySettings', {
      isHidden: false,
      showInSearchFilters: true,
      showInAssetSummary: true,
      showAsAssetBadge: false,
      showInColumnsTable: false,
    }),
    mcp(U.certification, 'propertyDefinition', {
      qualifiedName: 'io.catalog.certification',
      displayName: 'Certification',
      description: 'How far an asset can be trusted for reporting',
      valueType: 'urn:li:dataType:datahub.string',
      cardinality: 'SINGLE',
      allowedValues: [
        { value: { string: 'Gold' }, description: 'Reviewed, tested and monitored' },
        { value: { string: 'Silver' }, description: 'Tested' },
        { value: { string: 'Bronze' }, description: 'Raw: use with care' },
      ],
      entityTypes: [datasets, 'urn:li:entityType:datahub.dashboard'],
      immutable: false,
      created: stamp(),
      lastModified: stamp(),
    }),
    mcp(U.certification, 'structuredPropertySettings', {
      isHidden: false,
      showInSearchFilters: true,
      showInAssetSummary: true,
      showAsAssetBadge: true,
      showInColumnsTable: false,
    }),
  ];
}

const propertyValues = (
  urn: string,
  values: Array<[property: string, value: { string: string } | { double: number }]>,
) =>
  mcp(urn, 'structuredProperties', {
    properties: values.map(([propertyUrn, value]) => ({ propertyUrn, values: [value] })),
  });

// ---------------------------------------------------------------------------------------------
// Containers and datasets

function containers() {
  const container = (
    urn: string,
    name: string,
    p: string,
    type: string,
    description: string,
    qualifiedName: string,
  ) => [
    mcp(urn, 'containerProperties', { name, description, qualifiedName, customProperties: { platform: p } }),
    subTypes(urn, type),
    mcp(urn, 'dataPlatformInstance', { platform: platform(p) }),
  ];
  return [
    ...container(
      U.analyticsDb,
      'ANALYTICS',
      'snowflake',
      'Database',
      'The warehouse: modelled tables for reporting',
      'ANALYTICS',
    ),
    ownership(U.analyticsDb, [[U.dataPlatform, 'TECHNICAL_OWNER']]),
    domain(U.analyticsDb, U.sales),
    ...container(
      U.salesSchema,
      'SALES',
      'snowflake',
      'Schema',
      'Orders and revenue, one row per order or per day',
      'ANALYTICS.SALES',
    ),
    ...inContainer(U.salesSchema, U.analyticsDb),
    domain(U.salesSchema, U.sales),
    ...container(
      U.rawDb,
      'raw',
      'hive',
      'Database',
      "Raw copies of the shop's event streams, partitioned by day",
      'raw',
    ),
    ownership(U.rawDb, [[U.dataPlatform, 'TECHNICAL_OWNER']]),
  ];
}

interface Col {
  path: string;
  native: string;
  type: 'StringType' | 'NumberType' | 'DateType' | 'TimeType' | 'BooleanType';
  description: string;
  key?: boolean;
  tags?: string[];
  terms?: string[];
}
const col = (path: string, native: string, type: Col['type'], description: string, extra: Partial<Col> = {}): Col => ({
  path,
  native,
  type,
  description,
  ...extra,
});

function schema(urn: string, p: string, schemaName: string, cols: Col[], platformSchema: Record<string, unknown>) {
  return mcp(urn, 'schemaMetadata', {
    schemaName,
    platform: platform(p),
    version: 0,
    created: stamp(),
    lastModified: stamp(),
    hash: '',
    platformSchema,
    fields: cols.map((c) => ({
      fieldPath: c.path,
      nullable: !c.key,
      description: c.description,
      type: { type: { [`com.linkedin.schema.${c.type}`]: {} } },
      nativeDataType: c.native,
      recursive: false,
      isPartOfKey: c.key ?? false,
      ...(c.tags && { globalTags: { tags: c.tags.map((tag) => ({ tag })) } }),
      ...(c.terms && { glossaryTerms: { terms: c.terms.map((t) => ({ urn: t })), auditStamp: stamp() } }),
    })),
    ...(cols.some((c) => c.key) && { primaryKeys: cols.filter((c) => c.key).map((c) => c.path) }),
  });
}

const kafkaSchema = (record: string) => ({
  'com.linkedin.schema.KafkaSchema': {
    documentSchema: `{"type":"record","name":"${record}","namespace":"shop"}`,
    documentSchemaType: 'AVRO',
  },
});
const ddl = (sql: string) => ({ 'com.linkedin.schema.MySqlDDL': { tableSchema: sql } });

function properties(
  urn: string,
  name: string,
  qualifiedName: string,
  description: string,
  custom: Record<string, string> = {},
) {
  return mcp(urn, 'datasetProperties', {
    customProperties: custom,
    name,
    qualifiedName,
    description,
    tags: [],
    created: { time: T },
  });
}

/** Table-level lineage; `columns` maps each downstream column to the upstream columns it is computed from. */
function upstreams(
  urn: string,
  type: 'COPY' | 'TRANSFORMED' | 'VIEW',
  from: string[],
  columns: Array<[downstream: string, upstream: string[], op: string]>,
) {
  return mcp(urn, 'upstreamLineage', {
    upstreams: from.map((dataset) => ({ auditStamp: stamp(), created: stamp(), dataset, type })),
    fineGrainedLineages: fineGrained(urn, columns),
  });
}

function fineGrained(urn: string, columns: Array<[downstream: string, upstream: string[], op: string]>) {
  return columns.map(([down, ups, transformOperation]) => ({
    upstreamType: 'FIELD_SET',
    upstreams: ups,
    downstreamType: 'FIELD',
    downstreams: [field(urn, down)],
    transformOperation,
    confidenceScore: 1.0,
  }));
}

function datasets() {
  const email = (source: string) =>
    col('customer_email', 'string', 'StringType', `E-mail address the customer ordered with (${source})`, {
      tags: [U.pii],
      terms: [U.sensitive],
    });
  const topicOrders = [
    col('order_id', 'string', 'StringType', 'Order id, unique across the shop', { key: true }),
    col('customer_id', 'string', 'StringType', 'Id of the customer who ordered'),
    email('as typed at checkout'),
    col('amount', 'double', 'NumberType', "Order total in the order's currency"),
    col('currency', 'string', 'StringType', 'ISO 4217 currency code'),
    col('created_at', 'long', 'TimeType', 'When the order was placed (epoch milliseconds)'),
  ];
  const topicCustomers = [
    col('customer_id', 'string', 'StringType', 'Customer id', { key: true }),
    col('email', 'string', 'StringType', "Customer's e-mail address", { tags: [U.pii], terms: [U.sensitive] }),
    col('country', 'string', 'StringType', 'ISO 3166 country code of the billing address'),
    col('signup_date', 'string', 'DateType', 'Day the customer signed up'),
  ];
  const O = U.ordersTopic;
  const C = U.customersTopic;
  const RO = U.rawOrders;
  const RC = U.rawCustomers;
  const F = U.fctOrders;
  const copy = (from: string, cols: Col[]) =>
    cols.map((c): [string, string[], string] => [c.path, [field(from, c.path)], 'IDENTITY']);
  return [
    // Kafka topics: where orders and customers arrive.
    properties(O, 'shop.orders', 'shop.orders', 'Every order placed in the web shop, one event per order', {
      'retention.ms': '604800000',
      partitions: '12',
    }),
    schema(O, 'kafka', 'shop.orders', topicOrders, kafkaSchema('Order')),
    subTypes(O, 'Topic'),
    ownership(O, [
      [U.alice, 'TECHNICAL_OWNER'],
      [U.dataPlatform, 'TECHNICAL_OWNER'],
    ]),
    domain(O, U.sales),
    properties(C, 'shop.customers', 'shop.customers', 'Sign-ups and profile changes of customers', {
      'retention.ms': '604800000',
      partitions: '6',
    }),
    schema(C, 'kafka', 'shop.customers', topicCustomers, kafkaSchema('Customer')),
    subTypes(C, 'Topic'),
    ownership(C, [[U.alice, 'TECHNICAL_OWNER']]),
    domain(C, U.sales),

    // Hive: raw copies of the topics.
    properties(RO, 'orders', 'raw.orders', 'Raw orders copied from the shop.orders topic, partitioned by day', {
      table_type: 'EXTERNAL_TABLE',
      partition_keys: 'ds',
    }),
    schema(
      RO,
      'hive',
      'raw.orders',
      [...topicOrders, col('ds', 'string', 'StringType', 'Partition: day of created_at')],
      ddl('CREATE EXTERNAL TABLE raw.orders (…) PARTITIONED BY (ds string)'),
    ),
    subTypes(RO, 'Table'),
    ...inContainer(RO, U.rawDb),
    upstreams(RO, 'COPY', [O], copy(O, topicOrders)),
    ownership(RO, [[U.dataPlatform, 'TECHNICAL_OWNER']]),
    domain(RO, U.sales),
    terms(RO, U.order),
    properties(RC, 'customers', 'raw.customers', 'Raw customers copied from the shop.customers topic', {
      table_type: 'EXTERNAL_TABLE',
    }),
    schema(RC, 'hive', 'raw.customers', topicCustomers, ddl('CREATE EXTERNAL TABLE raw.customers (…)')),
    subTypes(RC, 'Table'),
    ...inContainer(RC, U.rawDb),
    upstreams(RC, 'COPY', [C], copy(C, topicCustomers)),
    ownership(RC, [[U.dataPlatform, 'TECHNICAL_OWNER']]),
    domain(RC, U.sales),
    terms(RC, U.customer),

    // The table raw.orders replaced: deprecated, still there.
    properties(U.rawOrdersV1, 'orders_v1', 'raw.orders_v1', 'Orders in the first event format (before currencies)', {
      table_type: 'EXTERNAL_TABLE',
    }),
    schema(
      U.rawOrdersV1,
      'hive',
      'raw.orders_v1',
      [
        col('order_id', 'string', 'StringType', 'Order id', { key: true }),
        col('amount_usd', 'double', 'NumberType', 'Order total in US dollars'),
      ],
      ddl('CREATE EXTERNAL TABLE raw.orders_v1 (…)'),
    ),
    subTypes(U.rawOrdersV1, 'Table'),
    ...inContainer(U.rawOrdersV1, U.rawDb),
    mcp(U.rawOrdersV1, 'deprecation', {
      deprecated: true,
      decommissionTime: Date.UTC(2024, 2, 31),
      note: "Replaced by raw.orders, which keeps each order's currency. Dropped after 2024-03-31.",
      actor: U.alice,
      replacement: RO,
    }),
    ownership(U.rawOrdersV1, [[U.alice, 'TECHNICAL_OWNER']]),

    // Snowflake: the warehouse, in ANALYTICS.SALES.
    properties(
      F,
      'fct_orders',
      'ANALYTICS.SALES.FCT_ORDERS',
      "One row per paid order, with the customer's country and the amount in US dollars",
      {
        clustering_key: 'order_date',
      },
    ),
    schema(
      F,
      'snowflake',
      'analytics.sales.fct_orders',
      [
        col('order_id', 'VARCHAR(36)', 'StringType', 'Order id', { key: true }),
        col('customer_id', 'VARCHAR(36)', 'StringType', 'Customer id'),
        col('customer_email', 'VARCHAR(320)', 'StringType', "Customer's e-mail address"),
        col('country', 'VARCHAR(2)', 'StringType', 'Billing country'),
        col('amount_usd', 'NUMBER(12,2)', 'NumberType', "Order total converted to US dollars at the day's rate"),
        col('order_date', 'DATE', 'DateType', 'Day the order was placed (UTC)'),
      ],
      ddl('CREATE TABLE fct_orders (order_id VARCHAR(36) PRIMARY KEY, …)'),
    ),
    mcp(F, 'editableSchemaMetadata', {
      created: stamp(U.omar),
      lastModified: stamp(U.omar),
      editableSchemaFieldInfo: [
        {
          fieldPath: 'customer_email',
          globalTags: { tags: [{ tag: U.pii }] },
          glossaryTerms: { terms: [{ urn: U.sensitive }], auditStamp: stamp(U.omar) },
        },
        {
          fieldPath: 'amount_usd',
          description: 'Order total in US dollars; refunds are negative rows',
          glossaryTerms: { terms: [{ urn: U.revenue }], auditStamp: stamp(U.omar) },
        },
      ],
    }),
    subTypes(F, 'Table'),
    ...inContainer(F, U.analyticsDb, U.salesSchema),
    upstreams(
      F,
      'TRANSFORMED',
      [RO, RC],
      [
        ['order_id', [field(RO, 'order_id')], 'IDENTITY'],
        ['customer_id', [field(RO, 'customer_id')], 'IDENTITY'],
        ['customer_email', [field(RC, 'email')], 'IDENTITY'],
        ['country', [field(RC, 'country')], 'IDENTITY'],
        ['amount_usd', [field(RO, 'amount'), field(RO, 'currency')], 'TRANSFORM'],
        ['order_date', [field(RO, 'created_at')], 'TRANSFORM'],
      ],
    ),
    ownership(F, [
      [U.alice, 'TECHNICAL_OWNER'],
      [U.analytics, 'BUSINESS_OWNER'],
      [U.omar, 'DATA_STEWARD'],
    ]),
    tags(F, U.tier1),
    terms(F, U.order),
    domain(F, U.sales),
    propertyValues(F, [
      [U.retention, { double: 730 }],
      [U.certification, { string: 'Gold' }],
    ]),
    mcp(F, 'institutionalMemory', {
      elements: [
        {
          url: 'https://wiki.example.com/sales/fct_orders',
          description: 'How orders are converted to US dollars',
          createStamp: stamp(U.omar),
        },
      ],
    }),

    properties(
      U.dailyRevenue,
      'daily_revenue',
      'ANALYTICS.SALES.DAILY_REVENUE',
      'Revenue and order count per day and country',
      {},
    ),
    schema(
      U.dailyRevenue,
      'snowflake',
      'analytics.sales.daily_revenue',
      [
        col('order_date', 'DATE', 'DateType', 'Day (UTC)', { key: true }),
        col('country', 'VARCHAR(2)', 'StringType', 'Billing country', { key: true }),
        col('revenue_usd', 'NUMBER(14,2)', 'NumberType', 'Revenue of the day in US dollars', { terms: [U.revenue] }),
        col('order_count', 'NUMBER(10,0)', 'NumberType', 'Paid orders of the day'),
      ],
      ddl('CREATE VIEW daily_revenue AS …'),
    ),
    mcp(U.dailyRevenue, 'viewProperties', {
      materialized: false,
      viewLogic:
        'SELECT order_date, country, SUM(amount_usd) AS revenue_usd, COUNT(order_id) AS order_count FROM analytics.sales.fct_orders GROUP BY 1, 2',
      viewLanguage: 'SQL',
    }),
    subTypes(U.dailyRevenue, 'View'),
    ...inContainer(U.dailyRevenue, U.analyticsDb, U.salesSchema),
    upstreams(
      U.dailyRevenue,
      'VIEW',
      [F],
      [
        ['order_date', [field(F, 'order_date')], 'IDENTITY'],
        ['country', [field(F, 'country')], 'IDENTITY'],
        ['revenue_usd', [field(F, 'amount_usd')], 'SUM'],
        ['order_count', [field(F, 'order_id')], 'COUNT'],
      ],
    ),
    ownership(U.dailyRevenue, [
      [U.omar, 'BUSINESS_OWNER'],
      [U.alice, 'TECHNICAL_OWNER'],
    ]),
    tags(U.dailyRevenue, U.tier1),
    domain(U.dailyRevenue, U.sales),
    propertyValues(U.dailyRevenue, [
      [U.retention, { double: 1825 }],
      [U.certification, { string: 'Silver' }],
    ]),
  ];
}

/** A profile and an operation for each warehouse table: what the Stats and Queries tabs show. */
function timeseries() {
  const profile = (urn: string, rowCount: number, columnCount: number, fieldProfiles: Array<Record<string, unknown>>) =>
    mcp(urn, 'datasetProfile', {
      timestampMillis: T_DAY + 6 * 3_600_000,
      rowCount,
      columnCount,
      sizeInBytes: rowCount * 96,
      fieldProfiles,
    });
  const operation = (urn: string, rows: number) =>
    mcp(urn, 'operation', {
      timestampMillis: T_DAY + 5 * 3_600_000,
      lastUpdatedTimestamp: T_DAY + 5 * 3_600_000,
      actor: U.alice,
      operationType: 'INSERT',
      sourceType: 'DATA_PROCESS',
      numAffectedRows: rows,
      customProperties: { job: 'shop_daily' },
    });
  return [
    profile(U.fctOrders, 1_284_311, 6, [
      { fieldPath: 'order_id', uniqueCount: 1_284_311, uniqueProportion: 1, nullCount: 0, nullProportion: 0 },
      {
        fieldPath: 'country',
        uniqueCount: 41,
        uniqueProportion: 0.00003,
        nullCount: 0,
        nullProportion: 0,
        sampleValues: ['US', 'FR', 'DE'],
      },
      {
        fieldPath: 'amount_usd',
        nullCount: 0,
        nullProportion: 0,
        min: '0.99',
        max: '4820.00',
        mean: '63.17',
        median: '42.50',
        stdev: '71.4',
      },
    ]),
    operation(U.fctOrders, 4_127),
    profile(U.dailyRevenue, 14_678, 4, [
      {
        fieldPath: 'revenue_usd',
        nullCount: 0,
        nullProportion: 0,
        min: '12.00',
        max: '98211.40',
        mean: '5528.70',
        median: '3120.00',
      },
    ]),
  ];
}

// ---------------------------------------------------------------------------------------------
// Pipelines, BI, ML

function pipelines() {
  const flowInfo = (urn: string, name: string, description: string) =>
    mcp(urn, 'dataFlowInfo', {
      name,
      description,
      externalUrl: `https://airflow.example.com/dags/${name}/grid`,
      customProperties: { schedule: '0 4 * * *' },
    });
  const jobInfo = (urn: string, flowUrn: string, name: string, description: string) =>
    mcp(urn, 'dataJobInfo', {
      name,
      description,
      type: { string: 'COMMAND' },
      flowUrn,
      customProperties: { operator: 'SnowflakeOperator' },
    });
  return [
    flowInfo(U.shopDaily, 'shop_daily', "Loads the day's orders into the warehouse and refreshes the reporting views"),
    ownership(U.shopDaily, [[U.alice, 'TECHNICAL_OWNER']]),
    domain(U.shopDaily, U.sales),
    jobInfo(
      U.loadFctOrders,
      U.shopDaily,
      'load_fct_orders',
      'Joins raw orders with customers and converts amounts to US dollars',
    ),
    mcp(U.loadFctOrders, 'dataJobInputOutput', {
      inputDatasets: [U.rawOrders, U.rawCustomers],
      outputDatasets: [U.fctOrders],
      inputDatajobs: [],
      fineGrainedLineages: fineGrained(U.fctOrders, [
        ['customer_email', [field(U.rawCustomers, 'email')], 'IDENTITY'],
        ['amount_usd', [field(U.rawOrders, 'amount'), field(U.rawOrders, 'currency')], 'TRANSFORM'],
      ]),
    }),
    ownership(U.loadFctOrders, [[U.alice, 'TECHNICAL_OWNER']]),
    jobInfo(U.buildDailyRevenue, U.shopDaily, 'build_daily_revenue', 'Checks the daily_revenue view after the load'),
    mcp(U.buildDailyRevenue, 'dataJobInputOutput', {
      inputDatasets: [U.fctOrders],
      outputDatasets: [U.dailyRevenue],
      inputDatajobs: [U.loadFctOrders],
    }),
    ownership(U.buildDailyRevenue, [[U.alice, 'TECHNICAL_OWNER']]),

    flowInfo(U.mlTraining, 'ml_training', 'Retrains the churn model every week'),
    ownership(U.mlTraining, [[U.priya, 'TECHNICAL_OWNER']]),
    domain(U.mlTraining, U.dataScience),
    jobInfo(U.trainChurnModel, U.mlTraining, 'train_churn_model', 'Trains the churn model on the customer features'),
    mcp(U.trainChurnModel, 'dataJobInputOutput', {
      inputDatasets: [U.fctOrders],
      outputDatasets: [],
      inputDatajobs: [],
    }),
    ownership(U.trainChurnModel, [[U.priya, 'TECHNICAL_OWNER']]),
  ];
}

function bi() {
  const D = U.salesDashboard;
  return [
    // Chart inputs in both of DataHub's forms: edges (what the SDK writes today) and the older
    // `inputs` list, whose items are the union `{"string": urn}` in DataHub's JSON.
    mcp(U.revenueChart, 'chartInfo', {
      title: 'Revenue by day',
      description: 'Daily revenue in US dollars, last 90 days',
      customProperties: { explore: 'daily_revenue' },
      chartUrl: 'https://looker.example.com/looks/41',
      lastModified: changes(U.omar),
      type: 'LINE',
      access: 'PUBLIC',
      inputEdges: [{ destinationUrn: U.dailyRevenue, created: stamp(U.omar), lastModified: stamp(U.omar) }],
    }),
    mcp(U.countryChart, 'chartInfo', {
      title: 'Orders by country',
      description: 'Paid orders per billing country, this month',
      customProperties: { explore: 'fct_orders' },
      chartUrl: 'https://looker.example.com/looks/42',
      lastModified: changes(U.omar),
      type: 'BAR',
      access: 'PUBLIC',
      inputs: [{ string: U.fctOrders }],
    }),
    mcp(D, 'dashboardInfo', {
      title: 'Sales Overview',
      description: 'Revenue and orders for the weekly sales review',
      customProperties: { folder: 'Sales' },
      dashboardUrl: 'https://looker.example.com/dashboards/7',
      charts: [U.revenueChart, U.countryChart],
      datasets: [],
      lastModified: changes(U.omar),
      access: 'PUBLIC',
    }),
    ...[U.revenueChart, U.countryChart, D].flatMap((urn) => [
      ownership(urn, [
        [U.omar, 'BUSINESS_OWNER'],
        [U.analytics, 'TECHNICAL_OWNER'],
      ]),
      domain(urn, U.sales),
    ]),
    tags(D, U.tier1),
    propertyValues(D, [[U.certification, { string: 'Gold' }]]),
  ];
}

function ml() {
  const owned = (urn: string) => [
    ownership(urn, [
      [U.priya, 'TECHNICAL_OWNER'],
      [U.dataPlatform, 'TECHNICAL_OWNER'],
    ]),
    domain(urn, U.dataScience),
  ];
  return [
    mcp(U.featureTable, 'mlFeatureTableProperties', {
      description: 'Per-customer order behaviour over the last 30 days, keyed by customer',
      customProperties: { online_store: 'redis' },
      mlFeatures: [U.orderCount, U.avgOrderValue],
      mlPrimaryKeys: [U.customerKey],
    }),
    ...owned(U.featureTable),
    mcp(U.orderCount, 'mlFeatureProperties', {
      description: 'Paid orders in the last 30 days',
      dataType: 'COUNT',
      sources: [U.fctOrders],
    }),
    mcp(U.avgOrderValue, 'mlFeatureProperties', {
      description: 'Mean order total in US dollars over the last 30 days',
      dataType: 'CONTINUOUS',
      sources: [U.fctOrders],
    }),
    mcp(U.customerKey, 'mlPrimaryKeyProperties', {
      description: 'Customer id',
      dataType: 'TEXT',
      sources: [U.fctOrders],
    }),
    ...[U.orderCount, U.avgOrderValue, U.customerKey].flatMap(owned),
    mcp(U.churnModels, 'mlModelGroupProperties', {
      name: 'churn-prediction',
      description: 'Models that predict which customers stop ordering within 60 days',
      created: stamp(U.priya),
      customProperties: {},
      trainingJobs: [U.trainChurnModel],
    }),
    ...owned(U.churnModels),
    mcp(U.churnModel, 'mlModelProperties', {
      name: 'churn-prediction-v2',
      description: 'Gradient-boosted trees on the customer features',
      date: T,
      version: { versionTag: '2' },
      type: 'gradient boosted trees',
      customProperties: { framework: 'xgboost' },
      hyperParams: [
        { name: 'max_depth', value: '6' },
        { name: 'learning_rate', value: '0.1' },
      ],
      trainingMetrics: [
        { name: 'auc', value: '0.87' },
        { name: 'log_loss', value: '0.31' },
      ],
      mlFeatures: [U.orderCount, U.avgOrderValue],
      groups: [U.churnModels],
      trainingJobs: [U.trainChurnModel],
      tags: [],
    }),
    ...owned(U.churnModel),
  ];
}

// ---------------------------------------------------------------------------------------------
// An incident, a query, a document

function incident() {
  return [
    mcp(U.lateRevenue, 'incidentInfo', {
      type: 'FRESHNESS',
      title: 'daily_revenue is a day late',
      description:
        'The shop_daily load failed on a currency-rate timeout; daily_revenue stops at the day before yesterday.',
      entities: [U.dailyRevenue],
      priority: 1,
      status: {
        state: 'ACTIVE',
        stage: 'INVESTIGATION',
        message: 'Re-running load_fct_orders',
        lastUpdated: stamp(U.alice, T + 3_600_000),
      },
      source: { type: 'MANUAL' },
      created: stamp(U.omar),
    }),
  ];
}

function knowledge() {
  return [
    mcp(U.topCustomers, 'queryProperties', {
      statement: {
        value:
          'SELECT customer_id, SUM(amount_usd) AS revenue_usd\nFROM analytics.sales.fct_orders\nGROUP BY customer_id\nORDER BY revenue_usd DESC\nLIMIT 10',
        language: 'SQL',
      },
      source: 'MANUAL',
      name: 'Top customers by revenue',
      description: 'The ten customers who spent the most, all time',
      created: stamp(U.omar),
      lastModified: stamp(U.omar),
    }),
    mcp(U.topCustomers, 'querySubjects', {
      subjects: [
        { entity: U.fctOrders },
        { entity: field(U.fctOrders, 'customer_id') },
        { entity: field(U.fctOrders, 'amount_usd') },
      ],
    }),
    mcp(U.revenueGuide, 'documentInfo', {
      title: 'How we count revenue',
      source: { sourceType: 'NATIVE' },
      status: { state: 'PUBLISHED' },
      contents: {
        text:
          "# How we count revenue\n\nRevenue is the sum of **paid** order amounts, converted to US dollars at the day's rate, " +
          'net of refunds (negative rows in `fct_orders`).\n\n- Daily figures: `ANALYTICS.SALES.DAILY_REVENUE`\n- Dashboard: Sales Overview',
      },
      created: stamp(U.omar),
      lastModified: stamp(U.omar),
      relatedAssets: [{ asset: U.dailyRevenue }, { asset: U.fctOrders }, { asset: U.revenue }],
    }),
    mcp(U.revenueGuide, 'documentSettings', { showInGlobalContext: true }),
  ];
}

export const SHOWCASE_MCPS: ReadonlyArray<Record<string, unknown>> = [
  ...people(),
  ...glossary(),
  ...domains(),
  ...structuredProperties(),
  ...containers(),
  ...datasets(),
  ...timeseries(),
  ...pipelines(),
  ...bi(),
  ...ml(),
  ...incident(),
  ...knowledge(),
];
