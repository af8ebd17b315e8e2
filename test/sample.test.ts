/**
 * The sample `catalog serve --sample` and `catalog ingest --sample` load (issue 36 item 6): the
 * tutorials' entities unchanged, and every page type and every lineage, glossary, domain, product
 * and structured-property query answering something real. The sample goes through the same ingest
 * `--sample` runs (ingestFile with no file), into a real server on an ephemeral port.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { ingestFile } from '../src/cli/commands/ingestRun.ts';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { traverseLineage } from '../src/ops/lineage/lineage.ts';
import { SAMPLE_MCPS, SAMPLE_URNS as S, TUTORIAL_MCPS } from '../src/sample/sample.ts';
import { SHOWCASE_MCPS, SHOWCASE_URNS as U } from '../src/sample/showcase.ts';
import { startServer, type RunningServer } from '../src/server/server.ts';
import type { Store } from '../src/store/store.ts';
import { tempDataPath } from './helpers.ts';

/** The sample's tutorial entities as committed before the showcase was added (issue 36 item 6). */
const TUTORIAL_BEFORE = JSON.parse(
  readFileSync(new URL('./fixtures/sample-tutorial-mcps.json', import.meta.url), 'utf8'),
) as Array<Record<string, any>>;

const field = (dataset: string, path: string) => `urn:li:schemaField:(${dataset},${path})`;
const urns = (list: Array<{ urn: string }> | undefined | null) => (list ?? []).map((e) => e.urn).sort();
const sorted = (...list: string[]) => [...list].sort();

describe('the sample', () => {
  let store: Store;
  let server: RunningServer;
  const gql = async (query: string): Promise<any> => {
    const res = await fetch(`${server.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables: {} }),
    });
    const body = (await res.json()) as any;
    assert.equal(body.errors, undefined, JSON.stringify(body.errors));
    return body.data;
  };

  before(async () => {
    store = openCatalog(tempDataPath());
    const summary = await ingestFile(store, undefined);
    assert.equal(summary.records, SAMPLE_MCPS.length);
    server = await startServer({ store, port: 0 });
  });
  after(async () => {
    await server.close();
    await store.close();
  });

  describe('the tutorials’ entities are unchanged', () => {
    it('their MCPs are the ones committed before, first in the sample', () => {
      assert.deepEqual(TUTORIAL_MCPS, TUTORIAL_BEFORE);
      assert.deepEqual(SAMPLE_MCPS.slice(0, TUTORIAL_MCPS.length), TUTORIAL_BEFORE);
      assert.equal(SAMPLE_MCPS.length, TUTORIAL_MCPS.length + SHOWCASE_MCPS.length);
    });

    it('nothing else in the sample writes to them or points at them', () => {
      const tutorial = new Set(TUTORIAL_BEFORE.map((m) => m['entityUrn'] as string));
      assert.equal(tutorial.size, 9);
      const text = JSON.stringify(SHOWCASE_MCPS);
      for (const urn of tutorial) assert.ok(!text.includes(urn), `the showcase mentions ${urn}`);
    });

    it('are stored exactly as given, and answer the tutorials’ query', async () => {
      for (const m of TUTORIAL_BEFORE) {
        assert.deepEqual(
          store.getAspect(m['entityUrn'], m['aspectName'])?.value,
          m['aspect'].json,
          `${m['entityUrn']} ${m['aspectName']}`,
        );
      }
      const d = await gql(
        `{ dataset(urn: "${S.usersDeleted}") { properties { description } schemaMetadata { fields { fieldPath } } } }`,
      );
      assert.equal(d.dataset.properties.description, 'table containing all the users deleted on a single day');
      assert.equal(d.dataset.schemaMetadata.fields.length, 6);
    });
  });

  describe('every page type has content', () => {
    it('datasets: schema, owners of both kinds, tags with colours, terms, container, domain, profile, operation, view logic', async () => {
      const d = await gql(`{ dataset(urn: "${U.fctOrders}") {
        properties { name description }
        schemaMetadata { fields { fieldPath } }
        editableSchemaMetadata { editableSchemaFieldInfo { fieldPath glossaryTerms { terms { term { urn } } } } }
        ownership { owners { owner { ... on CorpUser { urn } ... on CorpGroup { urn } } type } }
        tags { tags { tag { urn properties { colorHex } } } }
        glossaryTerms { terms { term { urn } } }
        container { urn } parentContainers { containers { urn } }
        domain { domain { urn } }
        subTypes { typeNames }
        institutionalMemory { elements { url } }
        datasetProfiles(limit: 1) { rowCount fieldProfiles { fieldPath } }
        operations(limit: 1) { operationType numAffectedRows }
      } }`);
      const x = d.dataset;
      assert.equal(x.properties.name, 'fct_orders');
      assert.equal(x.schemaMetadata.fields.length, 6);
      assert.deepEqual(
        x.editableSchemaMetadata.editableSchemaFieldInfo.find((f: any) => f.fieldPath === 'customer_email')
          .glossaryTerms.terms,
        [{ term: { urn: U.sensitive } }],
      );
      assert.deepEqual(
        x.ownership.owners.map((o: any) => `${o.owner.urn} ${o.type}`),
        [`${U.alice} TECHNICAL_OWNER`, `${U.analytics} BUSINESS_OWNER`, `${U.omar} DATA_STEWARD`],
      );
      assert.deepEqual(x.tags.tags, [{ tag: { urn: U.tier1, properties: { colorHex: '#2F80ED' } } }]);
      assert.deepEqual(x.glossaryTerms.terms, [{ term: { urn: U.order } }]);
      assert.deepEqual(x.container, { urn: U.salesSchema });
      assert.deepEqual(urns(x.parentContainers.containers), sorted(U.salesSchema, U.analyticsDb));
      assert.equal(x.domain.domain.urn, U.sales);
      assert.deepEqual(x.subTypes.typeNames, ['Table']);
      assert.equal(x.institutionalMemory.elements.length, 1);
      assert.equal(x.datasetProfiles[0].rowCount, 1_284_311);
      assert.equal(x.datasetProfiles[0].fieldProfiles.length, 3);
      assert.deepEqual(x.operations, [{ operationType: 'INSERT', numAffectedRows: 4127 }]);
      const v = await gql(`{ dataset(urn: "${U.dailyRevenue}") { viewProperties { logic } subTypes { typeNames } } }`);
      assert.match(v.dataset.viewProperties.logic, /SUM\(amount_usd\)/);
      assert.deepEqual(v.dataset.subTypes.typeNames, ['View']);
    });

    it('a deprecated dataset, with its replacement', async () => {
      const d = await gql(`{ dataset(urn: "${U.rawOrdersV1}") { deprecation { deprecated note decommissionTime } } }`);
      assert.equal(d.dataset.deprecation.deprecated, true);
      assert.match(d.dataset.deprecation.note, /Replaced by raw\.orders/);
      assert.equal(d.dataset.deprecation.decommissionTime, Date.UTC(2024, 2, 31));
      assert.equal((store.getAspect(U.rawOrdersV1, 'deprecation')!.value as any).replacement, U.rawOrders);
    });

    it('charts and a dashboard', async () => {
      const c = await gql(
        `{ chart(urn: "${U.revenueChart}") { platform { urn } properties { name description } ownership { owners { type } } domain { domain { urn } } } }`,
      );
      assert.deepEqual(c.chart.platform, { urn: 'urn:li:dataPlatform:looker' });
      assert.equal(c.chart.properties.name, 'Revenue by day');
      assert.equal(c.chart.ownership.owners.length, 2);
      const d =
        await gql(`{ dashboard(urn: "${U.salesDashboard}") { properties { name description } tags { tags { tag { urn } } }
        relationships(input: { types: ["Contains"], direction: OUTGOING }) { total relationships { entity { urn } } } } }`);
      assert.equal(d.dashboard.properties.name, 'Sales Overview');
      assert.deepEqual(
        urns(d.dashboard.relationships.relationships.map((r: any) => r.entity)),
        sorted(U.revenueChart, U.countryChart),
      );
    });

    it('pipelines: a flow and its jobs, with their inputs and outputs', async () => {
      const f = await gql(
        `{ dataFlow(urn: "${U.shopDaily}") { properties { name description } ownership { owners { type } } } }`,
      );
      assert.equal(f.dataFlow.properties.name, 'shop_daily');
      const j = await gql(`{ dataJob(urn: "${U.loadFctOrders}") { dataFlow { urn } properties { name }
        inputOutput { inputDatasets { urn } outputDatasets { urn } } } }`);
      assert.equal(j.dataJob.dataFlow.urn, U.shopDaily);
      assert.equal(j.dataJob.properties.name, 'load_fct_orders');
      assert.deepEqual(urns(j.dataJob.inputOutput.inputDatasets), sorted(U.rawOrders, U.rawCustomers));
      assert.deepEqual(urns(j.dataJob.inputOutput.outputDatasets), [U.fctOrders]);
    });

    it('containers: database → schema → tables', async () => {
      const c =
        await gql(`{ container(urn: "${U.salesSchema}") { properties { name } subTypes { typeNames } platform { urn } container { urn }
        relationships(input: { types: ["IsPartOf"], direction: INCOMING }) { relationships { entity { urn } } } } }`);
      assert.equal(c.container.properties.name, 'SALES');
      assert.deepEqual(c.container.subTypes.typeNames, ['Schema']);
      assert.deepEqual(c.container.platform, { urn: 'urn:li:dataPlatform:snowflake' });
      assert.deepEqual(c.container.container, { urn: U.analyticsDb });
      assert.deepEqual(
        urns(c.container.relationships.relationships.map((r: any) => r.entity)),
        sorted(U.fctOrders, U.dailyRevenue),
      );
      const s = await gql(
        `{ searchAcrossEntities(input: { query: "*", count: 50, orFilters: [{ and: [{ field: "container", values: ["${U.rawDb}"] }] }] }) { total } }`,
      );
      assert.equal(s.searchAcrossEntities.total, 3);
    });

    it('domains and a data product with its assets', async () => {
      const d = await gql(
        `{ domain(urn: "${U.sales}") { properties { name description } ownership { owners { type } } entities(input: { count: 50 }) { total searchResults { entity { urn } } } } }`,
      );
      assert.equal(d.domain.properties.name, 'Sales');
      const inSales = d.domain.entities.searchResults.map((r: any) => r.entity.urn);
      for (const u of [
        U.ordersTopic,
        U.rawOrders,
        U.fctOrders,
        U.dailyRevenue,
        U.revenueChart,
        U.salesDashboard,
        U.shopDaily,
        U.salesReporting,
      ]) {
        assert.ok(inSales.includes(u), `${u} is in the Sales domain`);
      }
      const ds = await gql(`{ domain(urn: "${U.dataScience}") { properties { name } entities { total } } }`);
      assert.equal(ds.domain.properties.name, 'Data Science');
      assert.ok(ds.domain.entities.total >= 6, JSON.stringify(ds));
      const p =
        await gql(`{ dataProduct(urn: "${U.salesReporting}") { properties { name numAssets } domain { domain { urn } } ownership { owners { type } }
        entities { total searchResults { entity { urn } } } } }`);
      assert.equal(p.dataProduct.properties.name, 'Sales Reporting');
      assert.equal(p.dataProduct.properties.numAssets, 3);
      assert.equal(p.dataProduct.domain.domain.urn, U.sales);
      assert.deepEqual(
        urns(p.dataProduct.entities.searchResults.map((r: any) => r.entity)),
        sorted(U.fctOrders, U.dailyRevenue, U.salesDashboard),
      );
    });

    it('a glossary: nodes, nested nodes and terms', async () => {
      const t = await gql(
        `{ glossaryTerm(urn: "${U.sensitive}") { name hierarchicalName properties { name definition } parentNodes { nodes { urn } } ownership { owners { type } } } }`,
      );
      assert.equal(t.glossaryTerm.properties.name, 'Sensitive');
      assert.ok(t.glossaryTerm.properties.definition);
      assert.deepEqual(t.glossaryTerm.parentNodes.nodes, [{ urn: U.classification }]);
      const r = await gql(`{ glossaryTerm(urn: "${U.revenue}") { parentNodes { count nodes { urn } } } }`);
      assert.deepEqual(r.glossaryTerm.parentNodes, { count: 2, nodes: [{ urn: U.metrics }, { urn: U.commerce }] });
      const n = await gql(`{ glossaryNode(urn: "${U.classification}") { properties { name description }
        relationships(input: { types: ["IsPartOf"], direction: INCOMING }) { relationships { entity { urn } } } } }`);
      assert.equal(n.glossaryNode.properties.name, 'Classification');
      assert.deepEqual(
        urns(n.glossaryNode.relationships.relationships.map((x: any) => x.entity)),
        sorted(U.sensitive, U.public),
      );
      const nodes = await gql(
        '{ searchAcrossEntities(input: { types: [GLOSSARY_NODE], query: "*" }) { searchResults { entity { urn } } } }',
      );
      assert.deepEqual(
        urns(nodes.searchAcrossEntities.searchResults.map((x: any) => x.entity)),
        sorted(U.classification, U.commerce, U.metrics),
      );
      const terms = await gql('{ searchAcrossEntities(input: { types: [GLOSSARY_TERM], query: "*" }) { total } }');
      assert.equal(terms.searchAcrossEntities.total, 5);
    });

    it('tags, users and groups', async () => {
      const t = await gql(`{ tag(urn: "${U.pii}") { name properties { name colorHex description } } }`);
      assert.deepEqual(t.tag.properties, {
        name: 'PII',
        colorHex: '#D64545',
        description: 'Personally identifiable information',
      });
      const u =
        await gql(`{ corpUser(urn: "${U.omar}") { username info { displayName title email manager { urn } } editableProperties { aboutMe }
        relationships(input: { types: ["IsMemberOfGroup"], direction: OUTGOING }) { relationships { entity { urn } } } } }`);
      assert.equal(u.corpUser.info.displayName, 'Omar Haddad');
      assert.deepEqual(u.corpUser.info.manager, { urn: U.alice });
      assert.deepEqual(u.corpUser.relationships.relationships, [{ entity: { urn: U.analytics } }]);
      const a = await gql(`{ corpUser(urn: "${U.alice}") { editableProperties { aboutMe skills } } }`);
      assert.deepEqual(a.corpUser.editableProperties.skills, ['Airflow', 'Snowflake', 'Kafka']);
      const g =
        await gql(`{ corpGroup(urn: "${U.dataPlatform}") { properties { displayName description email } info { members { urn } admins { urn } }
        relationships(input: { types: ["IsMemberOfGroup"], direction: INCOMING }) { total } } }`);
      assert.equal(g.corpGroup.properties.displayName, 'Data Platform');
      assert.deepEqual(urns(g.corpGroup.info.members), sorted(U.alice, U.priya));
      assert.equal(g.corpGroup.relationships.total, 2);
    });

    it('machine learning: a model in a group, fed by the features of a feature table with a primary key', async () => {
      const m =
        await gql(`{ mlModel(urn: "${U.churnModel}") { name platform { urn } properties { name description type groups { urn } }
        domain { domain { urn } } lineage(input: { direction: UPSTREAM }) { relationships { entity { urn } } } } }`);
      const p = m.mlModel.properties;
      assert.equal(m.mlModel.platform.urn, 'urn:li:dataPlatform:mlflow');
      assert.equal(p.name, 'churn-prediction-v2');
      assert.deepEqual(p.groups, [{ urn: U.churnModels }]);
      assert.equal(m.mlModel.domain.domain.urn, U.dataScience);
      assert.deepEqual(
        urns(m.mlModel.lineage.relationships.map((r: any) => r.entity)),
        sorted(U.orderCount, U.avgOrderValue, U.trainChurnModel),
      );
      // Hyper-parameters and metrics are stored as DataHub writes them (our MLModelProperties does not serve them yet).
      const stored = store.getAspect(U.churnModel, 'mlModelProperties')?.value as any;
      assert.deepEqual(stored.trainingMetrics[0], { name: 'auc', value: '0.87' });
      assert.equal(stored.hyperParams.length, 2);
      const g = await gql(`{ mlModelGroup(urn: "${U.churnModels}") { name properties { description } } }`);
      assert.ok(g.mlModelGroup.properties.description);
      const t = await gql(`{ mlFeatureTable(urn: "${U.featureTable}") { name platform { urn } properties { description
        mlFeatures { urn } mlPrimaryKeys { urn } } } }`);
      assert.equal(t.mlFeatureTable.platform.urn, 'urn:li:dataPlatform:feast');
      assert.deepEqual(urns(t.mlFeatureTable.properties.mlFeatures), sorted(U.orderCount, U.avgOrderValue));
      assert.deepEqual(urns(t.mlFeatureTable.properties.mlPrimaryKeys), [U.customerKey]);
      const f = await gql(`{ mlFeature(urn: "${U.orderCount}") { name properties { description dataType }
        lineage(input: { direction: UPSTREAM }) { relationships { type entity { urn } } } } }`);
      assert.equal(f.mlFeature.properties.dataType, 'COUNT');
      assert.deepEqual(f.mlFeature.lineage.relationships, [{ type: 'DerivedFrom', entity: { urn: U.fctOrders } }]);
      const k = await gql(`{ mlPrimaryKey(urn: "${U.customerKey}") { name properties { description } } }`);
      assert.ok(k.mlPrimaryKey.properties.description);
    });

    it('a query and a document on the warehouse tables', async () => {
      const q = await gql(
        `{ listQueries(input: { datasetUrn: "${U.fctOrders}" }) { total queries { urn properties { name statement { value } } } } }`,
      );
      assert.equal(q.listQueries.total, 1);
      assert.equal(q.listQueries.queries[0].urn, U.topCustomers);
      assert.match(q.listQueries.queries[0].properties.statement.value, /FROM analytics\.sales\.fct_orders/);
      const d = await gql(
        `{ document(urn: "${U.revenueGuide}") { info { title contents { text } relatedAssets { asset { urn } } } } }`,
      );
      assert.equal(d.document.info.title, 'How we count revenue');
      assert.match(d.document.info.contents.text, /^# How we count revenue/);
      assert.deepEqual(
        urns(d.document.info.relatedAssets.map((r: any) => r.asset)),
        sorted(U.dailyRevenue, U.fctOrders, U.revenue),
      );
    });

    it('structured properties: two definitions, with values on datasets and a dashboard', async () => {
      const p =
        await gql(`{ structuredProperty(urn: "${U.certification}") { definition { qualifiedName displayName cardinality
        allowedValues { value { ... on StringValue { stringValue } } } entityTypes { urn } } settings { showInSearchFilters } } }`);
      const def = p.structuredProperty.definition;
      assert.equal(def.qualifiedName, 'io.catalog.certification');
      assert.deepEqual(
        def.allowedValues.map((v: any) => v.value.stringValue),
        ['Gold', 'Silver', 'Bronze'],
      );
      assert.equal(def.entityTypes.length, 2);
      assert.equal(p.structuredProperty.settings.showInSearchFilters, true);
      const d =
        await gql(`{ dataset(urn: "${U.fctOrders}") { structuredProperties { properties { structuredProperty { urn }
        values { ... on StringValue { stringValue } ... on NumberValue { numberValue } } } } } }`);
      assert.deepEqual(d.dataset.structuredProperties.properties, [
        { structuredProperty: { urn: U.retention }, values: [{ numberValue: 730 }] },
        { structuredProperty: { urn: U.certification }, values: [{ stringValue: 'Gold' }] },
      ]);
      const s = await gql(
        `{ searchAcrossEntities(input: { query: "*", orFilters: [{ and: [{ field: "structuredProperties", values: ["${U.certification}"] }] }] }) { searchResults { entity { urn } } } }`,
      );
      assert.deepEqual(
        urns(s.searchAcrossEntities.searchResults.map((r: any) => r.entity)),
        sorted(U.fctOrders, U.dailyRevenue, U.salesDashboard),
      );
    });

    it('an open incident on daily_revenue, validated as incidentInfo and linked to the table by IncidentOn (GraphQL for incidents is still to come)', () => {
      const info = store.getAspect(U.lateRevenue, 'incidentInfo')?.value as any;
      assert.deepEqual(
        store.edges(U.lateRevenue, 'OUTGOING', ['IncidentOn']).map((e) => e.urn),
        [U.dailyRevenue],
      );
      assert.equal(info.status.state, 'ACTIVE');
      assert.deepEqual(info.entities, [U.dailyRevenue]);
      assert.equal(info.type, 'FRESHNESS');
      assert.equal(info.priority, 1);
      assert.deepEqual(info.source, { type: 'MANUAL' });
      assert.ok(info.title && info.description && info.created.time && info.status.lastUpdated.time);
    });
  });

  describe('every lineage query answers across platforms', () => {
    const path = (r: any) => r.paths[0].path.map((e: any) => e.urn);

    it('a dataset’s lineage, both ways, across to the jobs, charts and dashboard', async () => {
      const up = await gql(
        `{ dataset(urn: "${U.fctOrders}") { lineage(input: { direction: UPSTREAM }) { total relationships { type entity { urn } } } } }`,
      );
      assert.deepEqual(
        urns(up.dataset.lineage.relationships.map((r: any) => r.entity)),
        sorted(U.rawOrders, U.rawCustomers, U.loadFctOrders),
      );
      const down = await gql(
        `{ dataset(urn: "${U.dailyRevenue}") { lineage(input: { direction: DOWNSTREAM }) { relationships { type entity { urn } } } } }`,
      );
      assert.deepEqual(
        down.dataset.lineage.relationships.map((r: any) => `${r.type} ${r.entity.urn}`),
        [`Consumes ${U.revenueChart}`],
      );
      const chart = await gql(
        `{ chart(urn: "${U.revenueChart}") { lineage(input: { direction: DOWNSTREAM }) { relationships { entity { urn } } } } }`,
      );
      assert.deepEqual(chart.chart.lineage.relationships, [{ entity: { urn: U.salesDashboard } }]);
      const dash = await gql(
        `{ dashboard(urn: "${U.salesDashboard}") { lineage(input: { direction: UPSTREAM }) { relationships { entity { urn } } } } }`,
      );
      assert.deepEqual(
        urns(dash.dashboard.lineage.relationships.map((r: any) => r.entity)),
        sorted(U.revenueChart, U.countryChart),
      );
    });

    it('searchAcrossLineage from the Kafka topic reaches the dashboard, through Hive, Snowflake and a chart', async () => {
      const s =
        await gql(`{ searchAcrossLineage(input: { urn: "${U.ordersTopic}", direction: DOWNSTREAM, query: "*", count: 100,
        orFilters: [{ and: [{ field: "degree", values: ["1", "2", "3+"] }] }] }) { total searchResults { degree entity { urn type } paths { path { urn } } } } }`);
      const byUrn = new Map(s.searchAcrossLineage.searchResults.map((r: any) => [r.entity.urn, r]));
      for (const u of [
        U.rawOrders,
        U.fctOrders,
        U.dailyRevenue,
        U.loadFctOrders,
        U.revenueChart,
        U.countryChart,
        U.salesDashboard,
        U.orderCount,
        U.churnModel,
      ]) {
        assert.ok(byUrn.has(u), `${u} is downstream of the topic`);
      }
      const dashboard: any = byUrn.get(U.salesDashboard);
      assert.equal(dashboard.entity.type, 'DASHBOARD');
      // The shortest way: the country chart reads fct_orders through its inputs' union form ({"string": urn}).
      assert.deepEqual(path(dashboard), [U.ordersTopic, U.rawOrders, U.fctOrders, U.countryChart, U.salesDashboard]);
      const up = await gql(`{ searchAcrossLineage(input: { urn: "${U.churnModel}", direction: UPSTREAM, query: "*",
        orFilters: [{ and: [{ field: "degree", values: ["1", "2", "3+"] }] }] }) { searchResults { entity { urn } } } }`);
      const upstream = up.searchAcrossLineage.searchResults.map((r: any) => r.entity.urn);
      for (const u of [U.orderCount, U.trainChurnModel, U.fctOrders, U.ordersTopic])
        assert.ok(upstream.includes(u), `${u} is upstream of the model`);
    });

    it('column-level lineage, as `catalog lineage --column` walks it', () => {
      const up = traverseLineage(store, {
        urn: field(U.dailyRevenue, 'revenue_usd'),
        direction: 'UPSTREAM',
        requireSource: true,
      });
      assert.deepEqual(
        up.entities.map((e) => `${e.degree} ${e.urn}`),
        [
          `1 ${field(U.fctOrders, 'amount_usd')}`,
          `2 ${field(U.rawOrders, 'amount')}`,
          `2 ${field(U.rawOrders, 'currency')}`,
          `3 ${field(U.ordersTopic, 'amount')}`,
          `3 ${field(U.ordersTopic, 'currency')}`,
        ],
      );
      const down = traverseLineage(store, {
        urn: field(U.customersTopic, 'email'),
        direction: 'DOWNSTREAM',
        requireSource: true,
      });
      assert.deepEqual(
        down.entities.map((e) => e.urn),
        [field(U.rawCustomers, 'email'), field(U.fctOrders, 'customer_email')],
      );
      // Stored in DataHub's shape (read back through GraphQL's fineGrainedLineages by issue 36 item 2).
      const fgl = (store.getAspect(U.fctOrders, 'upstreamLineage')!.value as any).fineGrainedLineages;
      assert.equal(fgl.length, 6);
      assert.deepEqual(
        fgl.find((l: any) => l.downstreams[0] === field(U.fctOrders, 'amount_usd')),
        {
          upstreamType: 'FIELD_SET',
          upstreams: [field(U.rawOrders, 'amount'), field(U.rawOrders, 'currency')],
          downstreamType: 'FIELD',
          downstreams: [field(U.fctOrders, 'amount_usd')],
          transformOperation: 'TRANSFORM',
          confidenceScore: 1,
        },
      );
      assert.equal(
        (store.getAspect(U.loadFctOrders, 'dataJobInputOutput')!.value as any).fineGrainedLineages.length,
        2,
      );
    });

    it('a chart’s inputs in DataHub’s union form are stored as given (their edge is issue 36 item 2)', () => {
      assert.deepEqual((store.getAspect(U.countryChart, 'chartInfo')!.value as any).inputs, [{ string: U.fctOrders }]);
    });
  });

  describe('glossary terms applied to columns are found by search', () => {
    it('a glossaryTerms filter finds the datasets whose columns carry Classification.Sensitive', async () => {
      const s =
        await gql(`{ searchAcrossEntities(input: { query: "*", count: 50, orFilters: [{ and: [{ field: "glossaryTerms", values: ["${U.sensitive}"] }] }] }) {
        total searchResults { entity { urn } } } }`);
      assert.deepEqual(
        urns(s.searchAcrossEntities.searchResults.map((r: any) => r.entity)),
        sorted(U.ordersTopic, U.customersTopic, U.rawOrders, U.rawCustomers, U.fctOrders),
      );
      const edited = await gql(
        `{ searchAcrossEntities(input: { query: "*", orFilters: [{ and: [{ field: "fieldGlossaryTerms", values: ["${U.revenue}"] }] }] }) { searchResults { entity { urn } } } }`,
      );
      assert.deepEqual(
        urns(edited.searchAcrossEntities.searchResults.map((r: any) => r.entity)),
        sorted(U.fctOrders, U.dailyRevenue),
      );
    });

    it('the term’s related entities list the columns’ datasets', async () => {
      const t = await gql(
        `{ glossaryTerm(urn: "${U.sensitive}") { relationships(input: { types: ["SchemaFieldWithGlossaryTerm", "EditableSchemaFieldWithGlossaryTerm"], direction: INCOMING }) { total } } }`,
      );
      assert.ok(t.glossaryTerm.relationships.total >= 5, JSON.stringify(t));
    });
  });

  it('loading the sample again changes nothing', async () => {
    const again = await ingestFile(store, undefined);
    const timeseries = SHOWCASE_MCPS.filter((m) =>
      ['datasetProfile', 'operation'].includes(m['aspectName'] as string),
    ).length;
    // Timeseries events at the same time replace themselves; every other aspect is unchanged.
    assert.equal(again.unchanged, SAMPLE_MCPS.length - timeseries);
  });
});
