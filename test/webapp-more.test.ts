// More of what DataHub's web app reads beyond its five main pages (webappMore.graphql), asked with our own
// documents that select what the app's operations select (getTimeline, getVersionedDataset, …), against
// the real server over the sample: each answer is checked for what it means in DataHub.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ingestFile } from '../src/cli/commands/ingestRun.ts';
import { getTimeline } from '../src/ops/timeline/timeline.ts';
import { S, startSampleServer, type GqlServer } from './graphql-helpers.ts';
import { tempDir } from './helpers.ts';

const mcp = (entityUrn: string, aspectName: string, json: unknown) => ({
  entityType: entityUrn.split(':')[2],
  entityUrn,
  changeType: 'UPSERT',
  aspectName,
  aspect: { json },
});

async function ingest(srv: GqlServer, mcps: unknown[]): Promise<void> {
  const file = join(tempDir(), 'more.json');
  writeFileSync(file, JSON.stringify(mcps));
  await ingestFile(srv.store, file);
}

/** Waits for the clock to pass a millisecond: a write after it opens a transaction of its own. */
function nextMillisecond(): void {
  const now = Date.now();
  while (Date.now() === now);
}

const TIMELINE = `query($input: GetTimelineInput!) { getTimeline(input: $input) {
  skippedVersionCount
  changeTransactions { timestampMillis lastSemanticVersion versionStamp changeType actor
    changes { urn category operation modifier parameters { key value } auditStamp { actor time } description } } } }`;

const VERSIONED = `query($urn: String!, $versionStamp: String) { versionedDataset(urn: $urn, versionStamp: $versionStamp) {
  urn type name platform { urn }
  schema { fields { fieldPath jsonPath nullable description type nativeDataType recursive isPartOfKey isPartitioningKey } lastObserved }
  editableSchemaMetadata { editableSchemaFieldInfo { fieldPath description globalTags { tags { tag { urn } } } glossaryTerms { terms { term { urn } } } } } } }`;

describe("DataHub's web app beyond the five pages, on the sample", () => {
  let srv: GqlServer;
  before(async () => {
    srv = await startSampleServer();
  });
  after(() => srv.close());

  describe('getTimeline and versionedDataset (the History sidebar and a past schema version)', () => {
    let firstStamp: string;
    before(async () => {
      // A second version of the schema, written in a later millisecond: one column removed, one added; and a column edit.
      const stored = srv.store.getAspect(S.usersDeleted, 'schemaMetadata')!.value as {
        fields: Array<{ fieldPath: string }>;
      };
      const fields = stored.fields.filter((f) => f.fieldPath !== 'deletion_reason');
      fields.push({ ...stored.fields[0]!, fieldPath: 'country' });
      nextMillisecond();
      await ingest(srv, [
        mcp(S.usersDeleted, 'schemaMetadata', { ...stored, fields }),
        mcp(S.usersDeleted, 'editableSchemaMetadata', {
          editableSchemaFieldInfo: [
            { fieldPath: 'country', description: 'Where the user lived', globalTags: { tags: [{ tag: S.legacy }] } },
          ],
        }),
      ]);
      // The stamps name versions as stored now (0 = latest): the first version's is read after the second is written.
      const list = (
        await srv.ok(
          `{ getSchemaVersionList(input: { datasetUrn: "${S.usersDeleted}" }) { semanticVersionList { semanticVersion versionStamp } } }`,
        )
      ).getSchemaVersionList.semanticVersionList;
      assert.equal(list[1].semanticVersion, '0.0.0');
      firstStamp = list[1].versionStamp;
    });

    it("answers the timeline `datahub timeline` computes, over the whole history, with DataHub's mapper constants", async () => {
      const got = (await srv.ok(TIMELINE, { input: { urn: S.usersDeleted, changeCategories: ['TECHNICAL_SCHEMA'] } }))
        .getTimeline;
      const expected = getTimeline(srv.store, {
        urn: S.usersDeleted,
        categories: ['TECHNICAL_SCHEMA'],
        startTime: 0,
        endTime: 0,
      });
      assert.equal(got.skippedVersionCount, 0);
      assert.equal(got.changeTransactions.length, 2);
      assert.deepEqual(
        got.changeTransactions.map((t: { timestampMillis: number; lastSemanticVersion: string; actor: string }) => [
          t.timestampMillis,
          t.lastSemanticVersion,
          t.actor,
        ]),
        expected.map((t) => [t.timestamp, t.semVer, t.actor]),
      );
      assert.equal(got.changeTransactions[0].lastSemanticVersion, '0.0.0-computed');
      for (const t of got.changeTransactions) {
        assert.equal(t.versionStamp, 'none');
        assert.equal(t.changeType, 'MODIFY');
      }
      const second = got.changeTransactions[1].changes;
      const byOperation = (op: string) =>
        second
          .filter((c: { operation: string }) => c.operation === op)
          .map((c: { modifier: string }) => c.modifier)
          .sort();
      const column = (path: string) => `urn:li:schemaField:(${S.usersDeleted},${path})`;
      assert.deepEqual(byOperation('ADD'), [column('country')]);
      assert.deepEqual(byOperation('REMOVE'), [column('deletion_reason')]);
      const added = second.find((c: { operation: string }) => c.operation === 'ADD');
      assert.equal(added.category, 'TECHNICAL_SCHEMA');
      assert.equal(added.urn, S.usersDeleted);
      assert.equal(added.auditStamp.time, got.changeTransactions[1].timestampMillis);
      assert.ok(added.description.includes('country'), added.description);
      const removed = expected[1]!.changeEvents.find((e) => e.operation === 'REMOVE')!;
      assert.deepEqual(
        second.find((c: { operation: string }) => c.operation === 'REMOVE').parameters,
        Object.entries(removed.parameters ?? {}).map(([key, value]) => ({
          key,
          value: typeof value === 'string' ? value : JSON.stringify(value),
        })),
      );
    });

    it('reads every category when none is given; a category not computed here matches no change', async () => {
      const all = (await srv.ok(TIMELINE, { input: { urn: S.usersDeleted } })).getTimeline.changeTransactions;
      const categories = new Set(
        all.flatMap((t: { changes: Array<{ category: string }> }) => t.changes.map((c) => c.category)),
      );
      assert.ok(
        categories.has('TECHNICAL_SCHEMA') && categories.has('DOCUMENTATION') && categories.has('TAG'),
        [...categories].join(),
      );
      const none = (
        await srv.ok(TIMELINE, { input: { urn: S.usersDeleted, changeCategories: ['PARENT', 'VERSIONING'] } })
      ).getTimeline;
      assert.deepEqual(none, { skippedVersionCount: 0, changeTransactions: [] });
    });

    it('includeVersionSet: the timelines of every version of the set, merged by time; a version whose timeline is not computed is counted as skipped', async () => {
      const VS = 'urn:li:versionSet:(users,dataset)';
      const V2 = 'urn:li:dataset:(urn:li:dataPlatform:hive,fct_users_deleted_v2,PROD)';
      const MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,users_model,PROD)';
      const version = (tag: string, sortId: string) => ({ versionSet: VS, version: { versionTag: tag }, sortId });
      nextMillisecond();
      await ingest(srv, [
        mcp(S.usersDeleted, 'versionProperties', version('1', 'AAAAAAAA')),
        mcp(V2, 'versionProperties', version('2', 'AAAAAAAB')),
      ]);
      nextMillisecond();
      await ingest(srv, [mcp(V2, 'globalTags', { tags: [{ tag: S.legacy }] })]);
      const input = { urn: S.usersDeleted, changeCategories: ['TECHNICAL_SCHEMA', 'TAG'], includeVersionSet: true };
      const merged = (await srv.ok(TIMELINE, { input })).getTimeline;
      const alone = (await srv.ok(TIMELINE, { input: { ...input, includeVersionSet: false } })).getTimeline;
      const ofV2 = (await srv.ok(TIMELINE, { input: { ...input, urn: V2, includeVersionSet: false } })).getTimeline;
      assert.equal(merged.skippedVersionCount, 0);
      assert.equal(ofV2.changeTransactions.length, 1);
      assert.equal(merged.changeTransactions.length, alone.changeTransactions.length + 1);
      const times = merged.changeTransactions.map((t: { timestampMillis: number }) => t.timestampMillis);
      assert.deepEqual(
        times,
        [...times].sort((a, b) => a - b),
      );
      assert.deepEqual(merged.changeTransactions.at(-1), ofV2.changeTransactions[0]);
      // An ML model in the set: its history is not computed here, so it is skipped and counted.
      await ingest(srv, [mcp(MODEL, 'versionProperties', version('3', 'AAAAAAAC'))]);
      const withModel = (await srv.ok(TIMELINE, { input })).getTimeline;
      assert.equal(withModel.skippedVersionCount, 1);
      assert.deepEqual(withModel.changeTransactions, merged.changeTransactions);
    });

    it('refuses an entity whose history is not computed, and one not stored', async () => {
      const [notComputed] = await srv.fails(TIMELINE, { input: { urn: S.legacy } });
      assert.equal(notComputed, 'Entity Type tag not supported: the timeline covers dataset entities');
      const missing = 'urn:li:dataset:(urn:li:dataPlatform:hive,no_such_table,PROD)';
      const [notFound] = await srv.fails(TIMELINE, { input: { urn: missing } });
      assert.equal(notFound, `Entity ${missing} not found`);
    });

    it('versionedDataset at the first version stamp: the schema as it was then, the edits not yet written', async () => {
      const old = (await srv.ok(VERSIONED, { urn: S.usersDeleted, versionStamp: firstStamp })).versionedDataset;
      assert.equal(old.urn, S.usersDeleted);
      assert.equal(old.type, 'DATASET');
      assert.equal(old.name, 'fct_users_deleted');
      assert.equal(old.platform.urn, 'urn:li:dataPlatform:hive');
      const firstVersion = srv.store.getAspect(S.usersDeleted, 'schemaMetadata', 1)!;
      assert.deepEqual(
        old.schema.fields.map((f: { fieldPath: string }) => f.fieldPath),
        (firstVersion.value as { fields: Array<{ fieldPath: string }> }).fields.map((f) => f.fieldPath),
      );
      assert.ok(old.schema.fields.some((f: { fieldPath: string }) => f.fieldPath === 'deletion_reason'));
      assert.equal(old.schema.lastObserved, firstVersion.systemMetadata?.['lastObserved']);
      // The first stamp names the aspects stored then: editableSchemaMetadata was not among them.
      assert.ok(!firstStamp.includes('editableSchemaMetadata'), firstStamp);
      assert.equal(old.editableSchemaMetadata, null);
    });

    it('versionedDataset without a stamp: the latest schema as stored and the column edits apart', async () => {
      const now = (await srv.ok(VERSIONED, { urn: S.usersDeleted })).versionedDataset;
      const paths = now.schema.fields.map((f: { fieldPath: string }) => f.fieldPath);
      assert.ok(paths.includes('country') && !paths.includes('deletion_reason'), paths.join());
      const country = now.schema.fields.find((f: { fieldPath: string }) => f.fieldPath === 'country');
      assert.notEqual(country.description, 'Where the user lived', 'the schema is read as stored: no edit merged');
      assert.deepEqual(now.editableSchemaMetadata.editableSchemaFieldInfo, [
        {
          fieldPath: 'country',
          description: 'Where the user lived',
          globalTags: { tags: [{ tag: { urn: S.legacy } }] },
          glossaryTerms: null,
        },
      ]);
      const latestStamp = (
        await srv.ok(
          `{ getSchemaVersionList(input: { datasetUrn: "${S.usersDeleted}" }) { latestVersion { versionStamp } } }`,
        )
      ).getSchemaVersionList.latestVersion.versionStamp;
      const atLatest = (await srv.ok(VERSIONED, { urn: S.usersDeleted, versionStamp: latestStamp })).versionedDataset;
      assert.deepEqual(atLatest.schema, now.schema);
      assert.deepEqual(atLatest.editableSchemaMetadata, now.editableSchemaMetadata);
    });

    it('versionedDataset: null for a dataset not stored; a stamp that cannot be parsed, or another urn, refused', async () => {
      const missing = 'urn:li:dataset:(urn:li:dataPlatform:hive,no_such_table,PROD)';
      assert.equal((await srv.ok(VERSIONED, { urn: missing })).versionedDataset, null);
      const [unparsed] = await srv.fails(VERSIONED, { urn: S.usersDeleted, versionStamp: 'schemaMetadata' });
      assert.equal(
        unparsed,
        'Invalid version stamp cannot be parsed: schemaMetadata (expected aspect:version pairs joined by ";")',
      );
      const [badVersion] = await srv.fails(VERSIONED, { urn: S.usersDeleted, versionStamp: 'schemaMetadata:x' });
      assert.equal(badVersion, 'Invalid value for aspect version: x in version stamp schemaMetadata:x');
      const [notDataset] = await srv.fails(VERSIONED, { urn: S.legacy });
      assert.equal(notDataset, `versionedDataset: ${S.legacy} is not a dataset urn`);
    });
  });

  describe('listings of the settings pages, the glossary and the home page (listUsers, listDomains, …)', () => {
    const ROBOT = 'urn:li:corpuser:robot';
    const GROWTH = 'urn:li:domain:growth';
    const ADS = 'urn:li:domain:ads';
    const ROOT_TERM = 'urn:li:glossaryTerm:revenue';
    const CHILD_TERM = 'urn:li:glossaryTerm:arr';
    const NODE = 'urn:li:glossaryNode:finance';
    const VIEW = 'urn:li:dataHubView:hive_only';
    const TYPES_ONLY = 'urn:li:dataHubView:datasets_only';
    const APP = 'urn:li:application:checkout';
    const RUN = 'urn:li:dataProcessInstance:load_users';
    before(async () => {
      await ingest(srv, [
        mcp(ROBOT, 'corpUserInfo', { active: true, displayName: 'Robot', email: 'robot@example.com' }),
        mcp(ROBOT, 'subTypes', { typeNames: ['SERVICE_ACCOUNT'] }),
        mcp(GROWTH, 'domainProperties', {
          name: 'Growth',
          description: 'Acquisition',
          customProperties: { team: 'growth' },
          created: { time: 1_600_000_000_000, actor: S.jdoe },
        }),
        mcp(ADS, 'domainProperties', { name: 'Ads', parentDomain: GROWTH }),
        mcp(NODE, 'glossaryNodeInfo', { definition: 'Money', name: 'Finance' }),
        mcp(ROOT_TERM, 'glossaryTermInfo', { definition: 'Income', name: 'Revenue', termSource: 'INTERNAL' }),
        mcp(CHILD_TERM, 'glossaryTermInfo', {
          definition: 'Annual recurring revenue',
          name: 'ARR',
          termSource: 'INTERNAL',
          parentNode: NODE,
        }),
        mcp(VIEW, 'dataHubViewInfo', {
          name: 'Hive only',
          type: 'GLOBAL',
          definition: {
            entityTypes: ['DATASET'],
            filter: {
              operator: 'AND',
              filters: [
                { field: 'platform', values: ['urn:li:dataPlatform:hive'], condition: 'EQUAL', negated: false },
              ],
            },
          },
          created: { time: 1, actor: S.datahub },
          lastModified: { time: 1, actor: S.datahub },
        }),
        mcp(TYPES_ONLY, 'dataHubViewInfo', {
          name: 'Datasets',
          type: 'GLOBAL',
          definition: { entityTypes: ['DATASET'], filter: { operator: 'AND', filters: [] } },
          created: { time: 1, actor: S.datahub },
          lastModified: { time: 1, actor: S.datahub },
        }),
        mcp(APP, 'applicationProperties', { name: 'Checkout', description: 'The checkout service' }),
        mcp(RUN, 'dataProcessInstanceProperties', { name: 'load users', created: { time: 1, actor: S.datahub } }),
      ]);
    });

    it('listUsers and searchUsers leave service accounts out; listGroups lists the groups', async () => {
      const users = (await srv.ok('{ listUsers(input: { start: 0, count: 50 }) { start count total users { urn } } }'))
        .listUsers;
      const urns = users.users.map((u: { urn: string }) => u.urn);
      assert.ok(urns.includes(S.jdoe) && urns.includes(S.datahub), urns.join());
      assert.ok(!urns.includes(ROBOT), 'a service account is not listed');
      assert.equal(users.total, urns.length);
      const found = (
        await srv.ok('{ searchUsers(input: { query: "Robot" }) { total searchResults { entity { urn } } } }')
      ).searchUsers;
      assert.equal(found.total, 0);
      const jdoe = (
        await srv.ok(
          '{ searchUsers(input: { query: "*", types: [DATASET] }) { searchResults { entity { urn type } } } }',
        )
      ).searchUsers.searchResults;
      assert.ok(jdoe.length > 0 && jdoe.every((r: { entity: { type: string } }) => r.entity.type === 'CORP_USER'));
      const groups = (await srv.ok('{ listGroups(input: {}) { total groups { urn } } }')).listGroups;
      assert.deepEqual(
        groups.groups.map((g: { urn: string }) => g.urn),
        [S.bfoo],
      );
    });

    it('listDomains: the top-level domains, or the children of a parent; with custom properties and createdOn', async () => {
      const DOMAINS = `query($parent: String) { listDomains(input: { parentDomain: $parent }) { total domains { urn
        properties { name customProperties { key value } createdOn { time actor { urn } } } } } }`;
      const top = (await srv.ok(DOMAINS)).listDomains;
      assert.deepEqual(
        top.domains.map((d: { urn: string }) => d.urn),
        [GROWTH],
      );
      assert.deepEqual(top.domains[0].properties, {
        name: 'Growth',
        customProperties: [{ key: 'team', value: 'growth' }],
        createdOn: { time: 1_600_000_000_000, actor: { urn: S.jdoe } },
      });
      const children = (await srv.ok(DOMAINS, { parent: GROWTH })).listDomains;
      assert.deepEqual(
        children.domains.map((d: { urn: string }) => d.urn),
        [ADS],
      );
      // No created stamp stored: when the domain's key aspect was written, as DataHub falls back to.
      const key = srv.store.getAspect(ADS, 'domainKey')!;
      assert.deepEqual(children.domains[0].properties.createdOn, {
        time: key.created.time,
        actor: { urn: key.created.actor },
      });
    });

    it('getRootGlossaryTerms: the terms in no term group; count is the page', async () => {
      const root = (
        await srv.ok('{ getRootGlossaryTerms(input: { start: 0, count: 10 }) { start count total terms { urn } } }')
      ).getRootGlossaryTerms;
      assert.deepEqual(root, { start: 0, count: 1, total: 1, terms: [{ urn: ROOT_TERM }] });
    });

    it("getEntityCounts: entities of each type, narrowed by a view's filter (not its types)", async () => {
      const COUNTS = `query($view: String) { getEntityCounts(input: { types: [DATASET, CORP_USER, DOMAIN], viewUrn: $view }) {
        counts { entityType count } } }`;
      const counts = (await srv.ok(COUNTS)).getEntityCounts.counts;
      const datasets = [...srv.store.eachUrnOfType('dataset')].length;
      assert.deepEqual(counts, [
        { entityType: 'DATASET', count: datasets },
        { entityType: 'CORP_USER', count: [...srv.store.eachUrnOfType('corpuser')].length },
        { entityType: 'DOMAIN', count: 2 },
      ]);
      const hive = (await srv.ok(COUNTS, { view: VIEW })).getEntityCounts.counts;
      const hiveDatasets = [...srv.store.eachUrnOfType('dataset')].filter((u) =>
        u.includes('dataPlatform:hive,'),
      ).length;
      assert.ok(hiveDatasets > 0 && hiveDatasets < datasets);
      assert.deepEqual(hive, [
        { entityType: 'DATASET', count: hiveDatasets },
        { entityType: 'CORP_USER', count: 0 },
        { entityType: 'DOMAIN', count: 0 },
      ]);
      // A view's entity types do not narrow the counts: only its filter does, as in DataHub.
      assert.deepEqual((await srv.ok(COUNTS, { view: TYPES_ONLY })).getEntityCounts.counts, counts);
    });

    it('view, application and dataProcessInstance by urn; isAnalyticsEnabled false (no analytics here)', async () => {
      const data = await srv.ok(`{ view(urn: "${VIEW}") { urn name viewType }
        application(urn: "${APP}") { urn properties { name description } }
        dataProcessInstance(urn: "${RUN}") { urn name }
        isAnalyticsEnabled }`);
      assert.deepEqual(data.view, { urn: VIEW, name: 'Hive only', viewType: 'GLOBAL' });
      assert.deepEqual(data.application, {
        urn: APP,
        properties: { name: 'Checkout', description: 'The checkout service' },
      });
      assert.deepEqual(data.dataProcessInstance, { urn: RUN, name: 'load users' });
      assert.equal(data.isAnalyticsEnabled, false);
    });
  });

  describe('entity pages: fields read from the same aspects as on a dataset (getChart, getDomain, getContainer, …)', () => {
    const CHART = 'urn:li:chart:(looker,orders_per_day)';
    const DASHBOARD = 'urn:li:dashboard:(looker,sales)';
    const CONTAINER = 'urn:li:container:warehouse';
    const DOMAIN = 'urn:li:domain:sales';
    const NODE = 'urn:li:glossaryNode:accounting';
    const MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,churn,PROD)';
    const ROLE = 'urn:li:role:warehouse_reader';
    const APP = 'urn:li:application:billing';
    const TEMPLATE = 'urn:li:dataHubPageTemplate:sales_summary';
    before(async () => {
      await ingest(srv, [
        mcp(CHART, 'chartInfo', {
          title: 'Orders per day',
          description: '',
          lastModified: { created: { time: 1, actor: S.datahub }, lastModified: { time: 1, actor: S.datahub } },
        }),
        mcp(CHART, 'embed', { renderUrl: 'https://example.com/embed/orders' }),
        mcp(CHART, 'applications', { applications: [APP] }),
        mcp(DASHBOARD, 'dashboardInfo', {
          title: 'Sales',
          description: '',
          lastModified: { created: { time: 1, actor: S.datahub }, lastModified: { time: 1, actor: S.datahub } },
        }),
        mcp(DASHBOARD, 'access', { roles: [{ urn: ROLE }] }),
        mcp(ROLE, 'roleProperties', { name: 'Warehouse reader', type: 'READ' }),
        mcp(CONTAINER, 'containerProperties', { name: 'Warehouse' }),
        mcp(CONTAINER, 'access', { roles: [{ urn: ROLE }] }),
        mcp(DOMAIN, 'domainProperties', { name: 'Sales' }),
        mcp(DOMAIN, 'assetSettings', { assetSummary: { templates: [{ template: TEMPLATE }] } }),
        mcp(NODE, 'glossaryNodeInfo', { definition: 'Books', name: 'Accounting' }),
        mcp(NODE, 'domains', { domains: [DOMAIN] }),
        mcp(MODEL, 'mlModelProperties', { name: 'churn' }),
        mcp(MODEL, 'globalTags', { tags: [{ tag: S.legacy }] }),
        mcp(S.jdoe, 'globalTags', { tags: [{ tag: S.legacy }] }),
      ]);
    });

    it('aspects: the stored aspects as JSON on a chart and a group, as on a dataset', async () => {
      const data =
        await srv.ok(`{ chart(urn: "${CHART}") { aspects(input: { aspectNames: ["embed"] }) { aspectName payload } }
        corpGroup(urn: "${S.bfoo}") { aspects { aspectName } } }`);
      assert.deepEqual(data.chart.aspects, [
        { aspectName: 'embed', payload: JSON.stringify(srv.store.getAspect(CHART, 'embed')!.value) },
      ]);
      assert.deepEqual(
        data.corpGroup.aspects.map((a: { aspectName: string }) => a.aspectName).sort(),
        srv.store.getEntity(S.bfoo)!.aspects.slice().sort(),
      );
    });

    it("embed, access, applications, settings, lastIngested, a node's domain and tags: each from its aspect", async () => {
      const data = await srv.ok(`{
        chart(urn: "${CHART}") { embed { renderUrl } applications { application { urn } associatedUrn } }
        dashboard(urn: "${DASHBOARD}") { embed { renderUrl } access { roles { role { urn properties { name } } associatedUrn } } }
        container(urn: "${CONTAINER}") { lastIngested access { roles { role { urn } } } applications { associatedUrn } }
        domain(urn: "${DOMAIN}") { settings { assetSummary { templates { template { urn } } } } }
        glossaryNode(urn: "${NODE}") { domain { domain { urn } } settings { assetSummary { templates { template { urn } } } } }
        mlModel(urn: "${MODEL}") { globalTags { tags { tag { urn } } } }
        corpUser(urn: "${S.jdoe}") { globalTags { tags { tag { urn } } } } }`);
      assert.deepEqual(data.chart, {
        embed: { renderUrl: 'https://example.com/embed/orders' },
        applications: [{ application: { urn: APP }, associatedUrn: CHART }],
      });
      assert.deepEqual(data.dashboard, {
        embed: null,
        access: {
          roles: [{ role: { urn: ROLE, properties: { name: 'Warehouse reader' } }, associatedUrn: DASHBOARD }],
        },
      });
      // The latest lastObserved among its aspects, as on a dataset.
      const observedTimes = srv.store
        .getEntity(CONTAINER)!
        .aspects.map((a) => srv.store.getAspect(CONTAINER, a)?.systemMetadata?.['lastObserved'] as number);
      assert.ok(observedTimes.every((t) => typeof t === 'number'));
      assert.deepEqual(data.container, {
        lastIngested: Math.max(...observedTimes),
        access: { roles: [{ role: { urn: ROLE } }] },
        applications: null,
      });
      // Page templates are not served here: the template the settings name reads null, as on a dataset.
      assert.deepEqual(data.domain, { settings: { assetSummary: { templates: [{ template: null }] } } });
      assert.deepEqual(data.glossaryNode, { domain: { domain: { urn: DOMAIN } }, settings: null });
      assert.deepEqual(data.mlModel, { globalTags: { tags: [{ tag: { urn: S.legacy } }] } });
      assert.deepEqual(data.corpUser, { globalTags: { tags: [{ tag: { urn: S.legacy } }] } });
    });
  });

  it("listOwnershipTypes: a custom type's created and lastModified stamps; none for the system types; an application's numAssets null, as DataHub never sets it", async () => {
    const STEWARD = 'urn:li:ownershipType:steward';
    const APP = 'urn:li:application:ledger';
    await ingest(srv, [
      mcp(STEWARD, 'ownershipTypeInfo', {
        name: 'Steward',
        created: { time: 10, actor: S.jdoe },
        lastModified: { time: 20, actor: S.datahub },
      }),
      mcp(APP, 'applicationProperties', { name: 'Ledger' }),
      mcp(S.hiveSample, 'applications', { applications: [APP] }),
    ]);
    const data =
      await srv.ok(`{ listOwnershipTypes(input: { count: 50 }) { ownershipTypes { urn info { name created { time actor } lastModified { time actor } } } }
      application(urn: "${APP}") { properties { name numAssets } } }`);
    const byUrn = new Map(
      data.listOwnershipTypes.ownershipTypes.map((t: { urn: string; info: unknown }) => [t.urn, t.info]),
    );
    assert.deepEqual(byUrn.get(STEWARD), {
      name: 'Steward',
      created: { time: 10, actor: S.jdoe },
      lastModified: { time: 20, actor: S.datahub },
    });
    assert.deepEqual(byUrn.get('urn:li:ownershipType:__system__technical_owner'), {
      name: 'Technical Owner',
      created: null,
      lastModified: null,
    });
    assert.deepEqual(data.application, { properties: { name: 'Ledger', numAssets: null } });
  });
});

describe("DataHub's web app: a dashboard's input columns and a glossary term's schema (getDashboard, getGlossaryTerm)", () => {
  let srv: GqlServer;
  before(async () => {
    srv = await startSampleServer();
  });
  after(() => srv.close());

  const DASHBOARD = 'urn:li:dashboard:(looker,shop_overview)';
  const TERM = 'urn:li:glossaryTerm:Shop.Order';
  const column = (dataset: string, path: string) => `urn:li:schemaField:(${dataset},${path})`;

  it("Dashboard.inputFields: the columns its inputFields aspect names, each shaped as its dataset's column; null without one", async () => {
    await ingest(srv, [
      mcp(DASHBOARD, 'dashboardInfo', { title: 'Shop overview', description: '', lastModified: {} }),
      mcp(DASHBOARD, 'inputFields', {
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
          { schemaFieldUrn: column(S.usersCreated, 'created_at') },
        ],
      }),
      mcp('urn:li:dashboard:(looker,bare)', 'dashboardInfo', { title: 'Bare', description: '', lastModified: {} }),
    ]);
    const select = (urn: string) =>
      `dashboard(urn: "${urn}") { inputFields { fields { schemaFieldUrn schemaField { fieldPath type nativeDataType description } } } }`;
    const data = await srv.ok(`{ a: ${select(DASHBOARD)} b: ${select('urn:li:dashboard:(looker,bare)')} }`);
    assert.deepEqual(data.a.inputFields, {
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
        { schemaFieldUrn: column(S.usersCreated, 'created_at'), schemaField: null },
      ],
    });
    assert.equal(data.b.inputFields, null);
  });

  it('GlossaryTerm.schemaMetadata: the schema stored on the term, the latest or at a version; null without one', async () => {
    const stored = srv.store.getAspect(S.usersCreated, 'schemaMetadata')!.value as {
      fields: Array<{ fieldPath: string }>;
    };
    await ingest(srv, [
      mcp(TERM, 'glossaryTermInfo', { name: 'Order', definition: 'A placed order', termSource: 'INTERNAL' }),
      mcp(TERM, 'schemaMetadata', { ...stored, schemaName: 'order', fields: stored.fields.slice(0, 1) }),
    ]);
    nextMillisecond();
    await ingest(srv, [mcp(TERM, 'schemaMetadata', { ...stored, schemaName: 'order' })]);
    const data = await srv.ok(`{ glossaryTerm(urn: "${TERM}") {
      latest: schemaMetadata { name fields { fieldPath } }
      first: schemaMetadata(version: 1) { fields { fieldPath } }
      none: schemaMetadata(version: 7) { name } } }`);
    const paths = (fields: Array<{ fieldPath: string }>) => fields.map((f) => f.fieldPath);
    assert.equal(data.glossaryTerm.latest.name, 'order');
    assert.deepEqual(paths(data.glossaryTerm.latest.fields), paths(stored.fields));
    assert.deepEqual(paths(data.glossaryTerm.first.fields), [stored.fields[0]!.fieldPath]);
    assert.equal(data.glossaryTerm.none, null);
    const BARE = 'urn:li:glossaryTerm:Shop.Customer';
    await ingest(srv, [
      mcp(BARE, 'glossaryTermInfo', { name: 'Customer', definition: 'Who orders', termSource: 'INTERNAL' }),
    ]);
    assert.deepEqual(await srv.ok(`{ glossaryTerm(urn: "${BARE}") { schemaMetadata { name } } }`), {
      glossaryTerm: { schemaMetadata: null },
    });
  });
});
