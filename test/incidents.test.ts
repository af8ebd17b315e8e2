/**
 * Incidents through GraphQL on the real server (issue 36 item 1): DataHub's own documents — the
 * Incidents API tutorial's raiseIncident / getAssetIncidents / updateIncidentStatus, the variables
 * form DataHub's agent tools send, mcp-server-datahub's `... on Incident` entity fragment and its
 * incident-parent query — what each mutation writes (DataHub's defaults: ACTIVE, MANUAL, stamps, a
 * generated id), the `incidents` filters and paging on every asset type that has the field,
 * incident(urn) / entity(urn), search over incidents, and every error message.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSampleServer, S, type GqlServer } from './graphql-helpers.ts';
import { ingestProposal } from './helpers.ts';

const D = S.usersCreated;
const OTHER = S.usersDeleted;
const CHART = 'urn:li:chart:(looker,incident_chart)';
const DASHBOARD = 'urn:li:dashboard:(looker,incident_dashboard)';
const FLOW = 'urn:li:dataFlow:(airflow,incident_flow,PROD)';
const JOB = `urn:li:dataJob:(${FLOW},load)`;
const CONTAINER = 'urn:li:container:incident-db';

// DataHub's Incidents API tutorial (docs/api/tutorials/incidents.md), with our dataset's urn.
const TUTORIAL_RAISE = `mutation raiseIncident {
  raiseIncident(
    input: {
      resourceUrn: "${D}"
      type: OPERATIONAL
      title: "Data is Delayed"
      description: "Data is delayed on May 15, 2024 because of downtime in the Spark Cluster."
    }
  )
}`;
const TUTORIAL_LIST = `query getAssetIncidents {
  dataset(urn: "${D}") {
    incidents(state: ACTIVE, start: 0, count: 20) {
      start
      count
      total
      incidents {
        urn
        incidentType
        title
        description
        status {
          state
          lastUpdated {
            time
            actor
          }
        }
      }
    }
  }
}`;
const TUTORIAL_RESOLVE = (urn: string) => `mutation updateIncidentStatus {
  updateIncidentStatus(
    urn: "${urn}"
    input: {
      state: RESOLVED
      message: "The delayed data issue was resolved at 4:55pm on May 15."
    }
  )
}`;
// The documents of DataHub's agent tools (mcp-server-datahub's tools/incidents.py, raise_incident and
// update_incident_status; newer than the 0.8.0 the interop suites pin), sent with variables.
const RAISE = 'mutation raiseIncident($input: RaiseIncidentInput!) { raiseIncident(input: $input) }';
const STATUS =
  'mutation updateIncidentStatus($urn: String!, $input: IncidentStatusInput!) { updateIncidentStatus(urn: $urn, input: $input) }';
const UPDATE =
  'mutation updateIncident($urn: String!, $input: UpdateIncidentInput!) { updateIncident(urn: $urn, input: $input) }';
// mcp-server-datahub's sub_entity_urls.py: the asset an incident is on.
const INCIDENT_PARENT =
  'query GetIncidentParent($urn: String!) { entity(urn: $urn) { ... on Incident { entity { urn } } } }';
// mcp-server-datahub's entity_details.gql, its `... on Incident` part.
const ENTITY_INCIDENT = `query GetEntity($urn: String!) { entity(urn: $urn) { urn ... on Incident {
  urn type incidentType customType title description priority startedAt
  created { time actor }
  assignees { ... on CorpUser { urn username properties { displayName } } ... on CorpGroup { urn name } }
  entity { urn type ... on Dataset { name properties { name } } ... on Chart { properties { name } } }
  source { type source { urn type } }
  tags { tags { tag { urn } } }
  incidentStatus { state stage message lastUpdated { time actor } }
} } }`;
const LIST = `query list($urn: String!, $state: IncidentState, $stage: IncidentStage, $priority: IncidentPriority, $assigneeUrns: [String!], $start: Int, $count: Int) {
  dataset(urn: $urn) { incidents(state: $state, stage: $stage, priority: $priority, assigneeUrns: $assigneeUrns, start: $start, count: $count) {
    start count total incidents { urn title priority incidentStatus { state stage } }
  } }
}`;

describe('incidents through GraphQL', () => {
  let t: GqlServer;
  const put = async (urn: string, entityType: string, aspectName: string, value: unknown) => {
    const r = await ingestProposal(t.server.url, entityType, urn, aspectName, value);
    assert.equal(r.status, 200, JSON.stringify(r.body));
  };
  const stored = async (urn: string) => {
    const res = await fetch(`${t.server.url}/aspects/${encodeURIComponent(urn)}?aspect=incidentInfo`);
    assert.equal(res.status, 200);
    const body = (await res.json()) as any;
    return body.aspect['com.linkedin.incident.IncidentInfo'];
  };
  const raise = async (input: Record<string, unknown>) => (await t.ok(RAISE, { input })).raiseIncident as string;

  before(async () => {
    t = await startSampleServer();
    await put(CHART, 'chart', 'chartInfo', {
      title: 'Incident chart',
      description: '',
      lastModified: { created: { time: 0, actor: S.datahub }, lastModified: { time: 0, actor: S.datahub } },
    });
    await put(DASHBOARD, 'dashboard', 'dashboardInfo', {
      title: 'Incident dashboard',
      description: '',
      lastModified: { created: { time: 0, actor: S.datahub }, lastModified: { time: 0, actor: S.datahub } },
    });
    await put(FLOW, 'dataFlow', 'dataFlowInfo', { name: 'incident_flow' });
    await put(JOB, 'dataJob', 'dataJobInfo', { name: 'load', type: { string: 'COMMAND' } });
    await put(CONTAINER, 'container', 'containerProperties', { name: 'incident-db' });
  });
  after(async () => {
    await t?.close();
  });

  let tutorial: string;
  it("the tutorial's raiseIncident makes an ACTIVE, MANUAL incident with a generated id, stamped by the actor", async () => {
    const before = Date.now();
    tutorial = (await t.ok(TUTORIAL_RAISE)).raiseIncident;
    assert.match(tutorial, /^urn:li:incident:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const info = await stored(tutorial);
    const stamp = info.created;
    assert.ok(stamp.time >= before && stamp.time <= Date.now());
    assert.match(stamp.actor, /^urn:li:corpuser:/);
    assert.deepEqual(info, {
      type: 'OPERATIONAL',
      title: 'Data is Delayed',
      description: 'Data is delayed on May 15, 2024 because of downtime in the Spark Cluster.',
      entities: [D],
      status: { state: 'ACTIVE', lastUpdated: stamp },
      source: { type: 'MANUAL' },
      created: stamp,
    });
  });

  it("the tutorial's getAssetIncidents lists it on the dataset", async () => {
    const { incidents } = (await t.ok(TUTORIAL_LIST)).dataset;
    assert.equal(incidents.start, 0);
    assert.equal(incidents.count, 1);
    assert.equal(incidents.total, 1);
    const [i] = incidents.incidents;
    assert.equal(i.urn, tutorial);
    assert.equal(i.incidentType, 'OPERATIONAL');
    assert.equal(i.title, 'Data is Delayed');
    assert.equal(i.status.state, 'ACTIVE');
    assert.equal(typeof i.status.lastUpdated.time, 'number');
  });

  it("the tutorial's updateIncidentStatus resolves it with the message; the stage is kept", async () => {
    await t.ok(STATUS, { urn: tutorial, input: { state: 'ACTIVE', stage: 'INVESTIGATION' } });
    assert.deepEqual(await t.ok(TUTORIAL_RESOLVE(tutorial)), { updateIncidentStatus: true });
    const info = await stored(tutorial);
    assert.equal(info.status.state, 'RESOLVED');
    assert.equal(info.status.stage, 'INVESTIGATION');
    assert.equal(info.status.message, 'The delayed data issue was resolved at 4:55pm on May 15.');
    assert.equal((await t.ok(TUTORIAL_LIST)).dataset.incidents.total, 0);
    const resolved = await t.ok(LIST, { urn: D, state: 'RESOLVED' });
    assert.deepEqual(
      resolved.dataset.incidents.incidents.map((i: any) => i.urn),
      [tutorial],
    );
  });

  it('raiseIncident with every input field: several assets, status, priority, assignees, start time, custom type', async () => {
    const urn = await raise({
      type: 'CUSTOM',
      customType: 'Late partner feed',
      title: 'Orders stalled',
      description: 'The partner export never arrived.',
      resourceUrns: [D, CHART],
      startedAt: 1_700_000_000_000,
      source: { type: 'ASSERTION_FAILURE' },
      status: { state: 'ACTIVE', stage: 'TRIAGE', message: 'looking' },
      priority: 'CRITICAL',
      assigneeUrns: [S.jdoe, S.bfoo],
    });
    const info = await stored(urn);
    const stamp = info.created;
    assert.deepEqual(info, {
      type: 'CUSTOM',
      customType: 'Late partner feed',
      title: 'Orders stalled',
      description: 'The partner export never arrived.',
      entities: [D, CHART],
      startedAt: 1_700_000_000_000,
      source: { type: 'ASSERTION_FAILURE' },
      status: { state: 'ACTIVE', stage: 'TRIAGE', message: 'looking', lastUpdated: stamp },
      priority: 0,
      assignees: [
        { actor: S.jdoe, assignedAt: stamp },
        { actor: S.bfoo, assignedAt: stamp },
      ],
      created: stamp,
    });
    const e = (await t.ok(ENTITY_INCIDENT, { urn })).entity;
    assert.equal(e.type, 'INCIDENT');
    assert.equal(e.incidentType, 'CUSTOM');
    assert.equal(e.customType, 'Late partner feed');
    assert.equal(e.priority, 'CRITICAL');
    assert.equal(e.startedAt, 1_700_000_000_000);
    assert.deepEqual(e.created, stamp);
    assert.deepEqual(
      e.assignees.map((a: any) => a.urn),
      [S.jdoe, S.bfoo],
    );
    assert.equal(e.assignees[0].properties.displayName, 'John Doe');
    assert.equal(e.entity.urn, D);
    assert.equal(e.entity.name, 'fct_users_created');
    assert.deepEqual(e.source, { type: 'ASSERTION_FAILURE', source: null });
    assert.equal(e.tags, null);
    assert.deepEqual(e.incidentStatus, { state: 'ACTIVE', stage: 'TRIAGE', message: 'looking', lastUpdated: stamp });
    assert.deepEqual(await t.ok(INCIDENT_PARENT, { urn }), { entity: { entity: { urn: D } } });
    const chart = await t.ok(`{ chart(urn: "${CHART}") { incidents { total incidents { urn } } } }`);
    assert.deepEqual(chart.chart.incidents, { total: 1, incidents: [{ urn }] });
  });

  it("raise_incident's column form: an incident on a column (schemaField) of a stored dataset, as the agent tool's example raises it", async () => {
    const column = `urn:li:schemaField:(${D},user_name)`;
    const urn = await raise({
      resourceUrn: column,
      type: 'FIELD',
      title: 'user_name is 40% null after the latest load',
      description: 'Null rate moved from 0.1% to 40% between runs.',
    });
    const info = await stored(urn);
    assert.deepEqual([info.type, info.entities], ['FIELD', [column]]);
    assert.deepEqual(await t.ok(INCIDENT_PARENT, { urn }), { entity: { entity: { urn: column } } });
    const gone = `urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,nope,PROD),user_name)`;
    assert.deepEqual(await t.fails(RAISE, { input: { resourceUrn: gone, type: 'FIELD', title: 'x' } }), [
      `Failed to raise incident. Entity ${gone} does not exist.`,
      400,
    ]);
    // update_incident_status's RESOLVED with a message, as the tool sends it.
    assert.deepEqual(
      await t.ok(STATUS, {
        urn,
        input: { state: 'RESOLVED', message: 'Backfilled missing partitions; upstream job fixed.' },
      }),
      { updateIncidentStatus: true },
    );
    assert.equal((await stored(urn)).status.message, 'Backfilled missing partitions; upstream job fixed.');
  });

  it('every asset type DataHub gives `incidents` has it: dashboards, data flows and data jobs too', async () => {
    for (const [root, urn] of [
      ['dashboard', DASHBOARD],
      ['dataFlow', FLOW],
      ['dataJob', JOB],
    ] as const) {
      const raised = await raise({ type: 'OPERATIONAL', resourceUrn: urn, title: `${root} broke` });
      const data = await t.ok(
        `{ ${root}(urn: "${urn}") { incidents(state: ACTIVE) { start count total incidents { urn title entity { urn } } } } }`,
      );
      assert.deepEqual(
        data[root].incidents,
        { start: 0, count: 1, total: 1, incidents: [{ urn: raised, title: `${root} broke`, entity: { urn } }] },
        root,
      );
    }
  });

  it('incidents filters by stage, priority and assignees, pages, and lists the newest raised first', async () => {
    const a = await raise({
      type: 'VOLUME',
      resourceUrn: OTHER,
      title: 'a',
      priority: 'LOW',
      status: { state: 'ACTIVE', stage: 'TRIAGE' },
    });
    const b = await raise({ type: 'VOLUME', resourceUrn: OTHER, title: 'b', priority: 'HIGH', assigneeUrns: [S.jdoe] });
    const c = await raise({
      type: 'VOLUME',
      resourceUrn: OTHER,
      title: 'c',
      priority: 'HIGH',
      status: { state: 'ACTIVE', stage: 'TRIAGE' },
      assigneeUrns: [S.bfoo],
    });
    const list = async (vars: Record<string, unknown>) => (await t.ok(LIST, { urn: OTHER, ...vars })).dataset.incidents;
    const titles = async (vars: Record<string, unknown>) => (await list(vars)).incidents.map((i: any) => i.title);
    assert.deepEqual(new Set(await titles({})), new Set(['a', 'b', 'c']));
    assert.deepEqual((await titles({})).length, 3);
    assert.deepEqual(new Set(await titles({ stage: 'TRIAGE' })), new Set(['a', 'c']));
    assert.deepEqual(new Set(await titles({ priority: 'HIGH' })), new Set(['b', 'c']));
    assert.deepEqual(await titles({ priority: 'HIGH', stage: 'TRIAGE' }), ['c']);
    assert.deepEqual(await titles({ assigneeUrns: [S.jdoe] }), ['b']);
    assert.deepEqual(new Set(await titles({ assigneeUrns: [S.jdoe, S.bfoo] })), new Set(['b', 'c']));
    const all = await list({});
    const page = await list({ start: 1, count: 1 });
    assert.deepEqual([page.start, page.count, page.total], [1, 1, 3]);
    assert.deepEqual(page.incidents, [all.incidents[1]]);
    const times = await Promise.all(all.incidents.map(async (i: any) => (await stored(i.urn)).created.time));
    assert.deepEqual(
      times,
      [...times].sort((x, y) => y - x),
    );
    assert.ok([a, b, c].every((u) => all.incidents.some((i: any) => i.urn === u)));
    assert.deepEqual(await list({ start: 5 }), { start: 5, count: 0, total: 3, incidents: [] });
  });

  it('updateIncident changes the fields it names and leaves the others; it can move the incident to other assets', async () => {
    const urn = await raise({
      type: 'SQL',
      resourceUrn: D,
      title: 'before',
      description: 'kept',
      priority: 'LOW',
      assigneeUrns: [S.jdoe],
      status: { state: 'ACTIVE', stage: 'TRIAGE', message: 'm' },
    });
    const was = await stored(urn);
    assert.deepEqual(await t.ok(UPDATE, { urn, input: { title: 'after', priority: 'MEDIUM' } }), {
      updateIncident: true,
    });
    let now = await stored(urn);
    assert.deepEqual(now, { ...was, title: 'after', priority: 2 });
    await t.ok(UPDATE, {
      urn,
      input: {
        resourceUrns: [CHART],
        assigneeUrns: [S.bfoo],
        startedAt: 5,
        status: { state: 'RESOLVED', stage: 'FIXED' },
      },
    });
    now = await stored(urn);
    assert.deepEqual(now.entities, [CHART]);
    assert.deepEqual(
      now.assignees.map((a: any) => a.actor),
      [S.bfoo],
    );
    assert.equal(now.startedAt, 5);
    assert.deepEqual([now.status.state, now.status.stage, now.status.message], ['RESOLVED', 'FIXED', undefined]);
    assert.equal(now.description, 'kept');
    const onDataset = (await t.ok(LIST, { urn: D })).dataset.incidents.incidents.map((i: any) => i.urn);
    assert.ok(!onDataset.includes(urn));
    await t.ok(UPDATE, { urn, input: { assigneeUrns: [] } });
    assert.equal((await stored(urn)).assignees, undefined);
  });

  it('incident(urn) and entity(urn) answer an incident; a missing one is NOT_FOUND and null', async () => {
    const data = await t.ok(`{ incident(urn: "${tutorial}") { urn type title status { state } entity { urn } } }`);
    assert.deepEqual(data.incident, {
      urn: tutorial,
      type: 'INCIDENT',
      title: 'Data is Delayed',
      status: { state: 'RESOLVED' },
      entity: { urn: D },
    });
    assert.deepEqual(await t.fails('{ incident(urn: "urn:li:incident:nope") { urn } }'), [
      'Incident urn:li:incident:nope does not exist.',
      404,
    ]);
    assert.deepEqual(await t.fails(`{ incident(urn: "${D}") { urn } }`), [
      `${D} is not a incident urn (expected urn:li:incident:…)`,
      400,
    ]);
    assert.deepEqual(await t.ok('{ entity(urn: "urn:li:incident:nope") { urn } }'), { entity: null });
  });

  it('search finds incidents by type INCIDENT, filtered by state', async () => {
    const q = `query s($state: String!) { searchAcrossEntities(input: { types: [INCIDENT], query: "*", count: 50, filters: [{ field: "state", values: [$state] }] }) {
      total searchResults { entity { urn type ... on Incident { incidentStatus { state } } } } } }`;
    const active = (await t.ok(q, { state: 'ACTIVE' })).searchAcrossEntities;
    const resolved = (await t.ok(q, { state: 'RESOLVED' })).searchAcrossEntities;
    assert.ok(active.total >= 6);
    assert.ok(
      active.searchResults.every(
        (r: any) => r.entity.type === 'INCIDENT' && r.entity.incidentStatus.state === 'ACTIVE',
      ),
    );
    assert.ok(resolved.searchResults.some((r: any) => r.entity.urn === tutorial));
    assert.ok(!active.searchResults.some((r: any) => r.entity.urn === tutorial));
    const by = async (filters: Array<{ field: string; values: string[] }>) =>
      (
        await t.ok(
          'query s($f: [FacetFilterInput!]) { searchAcrossEntities(input: { types: [INCIDENT], query: "*", count: 50, filters: $f }) { searchResults { entity { urn } } } }',
          { f: filters },
        )
      ).searchAcrossEntities.searchResults.map((r: any) => r.entity.urn);
    const onChart = await by([{ field: 'entities', values: [CHART] }]);
    assert.ok(onChart.length >= 1);
    for (const urn of onChart) assert.ok((await stored(urn)).entities.includes(CHART));
    const critical = await by([{ field: 'priority', values: ['0'] }]);
    assert.ok(critical.length >= 1);
    for (const urn of critical) assert.equal((await stored(urn)).priority, 0);
    const jdoe = await by([
      { field: 'assignees', values: [S.jdoe] },
      { field: 'stage', values: ['TRIAGE'] },
    ]);
    assert.ok(jdoe.length >= 1);
    for (const urn of jdoe) {
      const info = await stored(urn);
      assert.ok(info.assignees.some((a: any) => a.actor === S.jdoe) && info.status.stage === 'TRIAGE');
    }
  });

  it("an asset's health fails while an incident on it is ACTIVE, naming the latest updated, and passes again when all are resolved", async () => {
    const health = async () =>
      (
        await t.ok(
          `{ dataset(urn: "${OTHER}") { health { type status message causes reportedAt activeIncidentHealthDetails { latestIncidentUrn latestIncidentTitle lastActivityAt count } } } }`,
        )
      ).dataset.health;
    const active = (await t.ok(LIST, { urn: OTHER, state: 'ACTIVE' })).dataset.incidents.incidents;
    assert.equal(active.length, 3);
    const last = active[1].urn;
    await t.ok(STATUS, { urn: last, input: { state: 'ACTIVE', stage: 'WORK_IN_PROGRESS' } });
    const at = (await stored(last)).status.lastUpdated.time;
    assert.deepEqual(await health(), [
      {
        type: 'INCIDENTS',
        status: 'FAIL',
        message: '3 active incidents',
        causes: null,
        reportedAt: at,
        activeIncidentHealthDetails: {
          latestIncidentUrn: last,
          latestIncidentTitle: active[1].title,
          lastActivityAt: at,
          count: 3,
        },
      },
    ]);
    for (const i of active.slice(1)) await t.ok(STATUS, { urn: i.urn, input: { state: 'RESOLVED' } });
    assert.equal((await health())[0].message, '1 active incident');
    await t.ok(STATUS, { urn: active[0].urn, input: { state: 'RESOLVED' } });
    assert.deepEqual(await health(), []);
  });

  it("a soft-deleted incident is left out of the asset's incidents and health", async () => {
    const urn = await raise({ type: 'SQL', resourceUrn: DASHBOARD, title: 'to be removed' });
    const list = async () =>
      (await t.ok(`{ dashboard(urn: "${DASHBOARD}") { incidents { total incidents { urn } } health { type } } }`))
        .dashboard;
    assert.ok((await list()).incidents.incidents.some((i: any) => i.urn === urn));
    const before = (await list()).incidents.total;
    await put(urn, 'incident', 'status', { removed: true });
    const after = await list();
    assert.equal(after.incidents.total, before - 1);
    assert.ok(!after.incidents.incidents.some((i: any) => i.urn === urn));
    await put(urn, 'incident', 'status', { removed: false });
    assert.equal((await list()).incidents.total, before);
  });

  describe('errors: what and where, and nothing written', () => {
    const count = async () =>
      (await t.ok('{ searchAcrossEntities(input: { types: [INCIDENT], query: "*", count: 0 }) { total } }'))
        .searchAcrossEntities.total;

    it('raiseIncident on an asset that does not exist', async () => {
      const n = await count();
      const missing = 'urn:li:dataset:(urn:li:dataPlatform:hive,nope,PROD)';
      assert.deepEqual(await t.fails(RAISE, { input: { type: 'OPERATIONAL', resourceUrn: missing } }), [
        `Failed to raise incident. Entity ${missing} does not exist.`,
        400,
      ]);
      assert.deepEqual(await t.fails(RAISE, { input: { type: 'OPERATIONAL', resourceUrns: [D, missing] } }), [
        `Failed to raise incident. Entity ${missing} does not exist.`,
        400,
      ]);
      assert.equal(await count(), n);
    });

    it('raiseIncident on an entity incidents cannot be on', async () => {
      assert.deepEqual(await t.fails(RAISE, { input: { type: 'OPERATIONAL', resourceUrn: CONTAINER } }), [
        `Failed to raise incident. Incidents can be raised on datasets, charts, dashboards, data flows, data jobs and schema fields, not on container ${CONTAINER}.`,
        400,
      ]);
    });

    it('raiseIncident with no asset, or a malformed urn', async () => {
      assert.deepEqual(await t.fails(RAISE, { input: { type: 'OPERATIONAL', title: 'x' } }), [
        'Failed to raise incident. resourceUrn or resourceUrns must name the asset the incident is on.',
        400,
      ]);
      assert.deepEqual(await t.fails(RAISE, { input: { type: 'OPERATIONAL', resourceUrns: [] } }), [
        'Failed to raise incident. resourceUrn or resourceUrns must name the asset the incident is on.',
        400,
      ]);
      const [message, code] = await t.fails(RAISE, { input: { type: 'OPERATIONAL', resourceUrn: 'not-an-urn' } });
      assert.match(message, /not-an-urn/);
      assert.equal(code, 400);
    });

    it('raiseIncident with an assignee that is not a user or group', async () => {
      assert.deepEqual(
        await t.fails(RAISE, { input: { type: 'OPERATIONAL', resourceUrn: D, assigneeUrns: [S.legacy] } }),
        [`Failed to raise incident. Assignee ${S.legacy} is not a user or group urn.`, 400],
      );
    });

    it('a missing required field or an unknown enum value is refused before anything runs', async () => {
      const missingType = await t.gql(RAISE, { input: { resourceUrn: D } });
      assert.match(
        missingType.body.errors[0].message,
        /Field value\.type of required type IncidentType! was not provided/,
      );
      const badState = await t.gql(STATUS, { urn: tutorial, input: { state: 'DONE' } });
      assert.match(badState.body.errors[0].message, /got invalid value "DONE"; Expected type IncidentState/);
      const badStage = await t.gql(LIST, { urn: D, stage: 'SOMEDAY' });
      assert.match(badStage.body.errors[0].message, /got invalid value "SOMEDAY"; Expected type IncidentStage/);
    });

    it('updateIncidentStatus and updateIncident of an incident that does not exist are NOT_FOUND', async () => {
      const missing = 'urn:li:incident:does-not-exist';
      assert.deepEqual(await t.fails(STATUS, { urn: missing, input: { state: 'RESOLVED' } }), [
        'Failed to update incident. Incident does not exist.',
        404,
      ]);
      assert.deepEqual(await t.fails(UPDATE, { urn: missing, input: { title: 'x' } }), [
        'Failed to update incident. Incident does not exist.',
        404,
      ]);
      assert.deepEqual(await t.fails(STATUS, { urn: D, input: { state: 'RESOLVED' } }), [
        'Failed to update incident. Incident does not exist.',
        404,
      ]);
    });

    it('updateIncident with no assets, an unknown asset or a bad assignee changes nothing', async () => {
      const was = await stored(tutorial);
      assert.deepEqual(await t.fails(UPDATE, { urn: tutorial, input: { title: 'changed', resourceUrns: [] } }), [
        'resourceUrns cannot be empty if provided',
        400,
      ]);
      const missing = 'urn:li:chart:(looker,nope)';
      assert.deepEqual(await t.fails(UPDATE, { urn: tutorial, input: { title: 'changed', resourceUrns: [missing] } }), [
        `Failed to update incident. Entity ${missing} does not exist.`,
        400,
      ]);
      assert.deepEqual(await t.fails(UPDATE, { urn: tutorial, input: { title: 'changed', assigneeUrns: [D] } }), [
        `Failed to update incident. Assignee ${D} is not a user or group urn.`,
        400,
      ]);
      assert.deepEqual(await stored(tutorial), was);
    });

    it('a negative page is refused with the argument named', async () => {
      assert.deepEqual(await t.fails(LIST, { urn: D, start: -1 }), [
        'start: expected a non-negative integer, got -1',
        400,
      ]);
    });
  });
});
