// Incidents through DataHub's own clients against a real `catalog serve` (issue 36): the SDK examples
// incident_create.py and incident_update_status.py (IncidentInfoClass emitted over REST, read back by
// DataHubGraph.get_aspect, which decodes it by its schema name com.linkedin.incident.IncidentInfo),
// the Incidents API tutorial's GraphQL through DataHubGraph.execute_graphql, and mcp-server-datahub's
// get_entities tool and sub-entity resolver on an incident (test/interop/py/incidents.py); then
// `catalog search --type incident` and `catalog get` on the same file while the server runs.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SAMPLE_URNS as S } from '../src/sample/sample.ts';
import { runCli, tempDir } from './helpers.ts';
import { hasPython, requirePython, startInterop, type Interop } from './interop/setup.ts';

requirePython('INCIDENTS INTEROP SUITE');

const D = S.usersCreated;

describe("incidents through DataHub's clients", { skip: !hasPython && 'python3 missing' }, () => {
  let t: Interop;
  let out: any;
  const data = join(tempDir(), 'catalog.lmdb');
  before(async () => {
    t = await startInterop(data);
    out = await t.py('incidents.py', [D]);
  });
  after(async () => {
    await t?.server.stop();
  });

  it('incident_create.py emits an incident that get_aspect reads back as IncidentInfoClass, field for field', () => {
    assert.match(out.created, /^urn:li:incident:[0-9a-f-]{36}$/);
    const stamp = out.createdRead.created;
    assert.deepEqual(out.createdRead, {
      type: 'FRESHNESS',
      title: 'Sales data not updated in 48 hours',
      description: 'The table has not been refreshed since 2023-10-15.',
      entities: [D],
      priority: 0,
      status: {
        state: 'ACTIVE',
        stage: 'TRIAGE',
        message: 'Investigating potential pipeline failure',
        lastUpdated: stamp,
      },
      source: { type: 'MANUAL' },
      created: stamp,
    });
    assert.equal(stamp.actor, 'urn:li:corpuser:datahub');
  });

  it('incident_update_status.py changes the status, priority and assignees and keeps the rest', () => {
    const stamp = out.updated.status.lastUpdated;
    assert.equal(stamp.actor, 'urn:li:corpuser:jdoe');
    assert.deepEqual(out.updated, {
      ...out.createdRead,
      priority: 1,
      assignees: [
        { actor: 'urn:li:corpuser:jdoe', assignedAt: stamp },
        { actor: 'urn:li:corpuser:asmith', assignedAt: stamp },
      ],
      status: {
        state: 'ACTIVE',
        stage: 'WORK_IN_PROGRESS',
        message: 'Pipeline has been restarted. Monitoring for successful completion.',
        lastUpdated: stamp,
      },
    });
  });

  it("the tutorial's raiseIncident through execute_graphql writes DataHub's defaults", () => {
    assert.match(out.raised, /^urn:li:incident:[0-9a-f-]{36}$/);
    const created = out.raisedRead.created;
    assert.equal(created.actor, 'urn:li:corpuser:datahub');
    assert.deepEqual(out.raisedRead, {
      type: 'OPERATIONAL',
      title: 'Data is Delayed',
      description: 'Data is delayed on May 15, 2024 because of downtime in the Spark Cluster.',
      entities: [D],
      priority: 1,
      source: { type: 'MANUAL' },
      created,
      // Resolved afterwards by updateIncidentStatus (below): the state and message changed, nothing else.
      status: {
        state: 'RESOLVED',
        message: 'The delayed data issue was resolved at 4:55pm on May 15.',
        lastUpdated: out.raisedRead.status.lastUpdated,
      },
    });
    assert.ok(out.raisedRead.status.lastUpdated.time >= created.time);
  });

  it("the dataset's incidents list both while active; after updateIncidentStatus the resolved one moves to RESOLVED", () => {
    const urns = (page: any) => page.incidents.map((i: any) => i.urn).sort();
    assert.deepEqual([out.activeBefore.start, out.activeBefore.count, out.activeBefore.total], [0, 2, 2]);
    assert.deepEqual(urns(out.activeBefore), [out.created, out.raised].sort());
    const raised = out.activeBefore.incidents.find((i: any) => i.urn === out.raised);
    assert.deepEqual(
      { ...raised, status: { ...raised.status, lastUpdated: null } },
      {
        urn: out.raised,
        incidentType: 'OPERATIONAL',
        title: 'Data is Delayed',
        description: 'Data is delayed on May 15, 2024 because of downtime in the Spark Cluster.',
        priority: 'HIGH',
        status: { state: 'ACTIVE', stage: null, message: null, lastUpdated: null },
      },
    );
    assert.equal(out.resolved, true);
    assert.deepEqual(urns(out.activeAfter), [out.created]);
    assert.equal(out.activeAfter.incidents[0].status.stage, 'WORK_IN_PROGRESS');
    assert.deepEqual(urns(out.resolvedList), [out.raised]);
    assert.equal(
      out.resolvedList.incidents[0].status.message,
      'The delayed data issue was resolved at 4:55pm on May 15.',
    );
  });

  it("updateIncidentStatus of a missing incident fails with DataHub's message and NOT_FOUND", () => {
    assert.match(out.missingError, /Failed to update incident\. Incident does not exist\./);
    assert.match(out.missingError, /'code': 404, 'type': 'NOT_FOUND'/);
  });

  it("mcp-server-datahub's get_entities shows the incident, and its sub-entity resolver finds the dataset it is on", () => {
    const e = out.toolEntity;
    assert.equal(e.urn, out.created);
    assert.equal(e.type, 'INCIDENT');
    assert.equal(e.incidentType, 'FRESHNESS');
    assert.equal(e.priority, 'HIGH');
    assert.deepEqual(
      e.assignees.map((a: any) => a.urn),
      ['urn:li:corpuser:jdoe', 'urn:li:corpuser:asmith'],
    );
    assert.equal(e.assignees[0].properties.displayName, 'John Doe');
    assert.equal(e.entity.urn, D);
    assert.equal(e.entity.name, 'fct_users_created');
    assert.deepEqual(e.source, { type: 'MANUAL' });
    assert.equal(out.parent, D);
  });

  it('catalog search finds incidents by type and state, and catalog get reads one, while the server runs', async () => {
    const search = (state: string) =>
      runCli(['search', '*', '--type', 'incident', '--filter', `state=${state}`, '--json', '--data', data]);
    const [active, resolved, get] = await Promise.all([
      search('ACTIVE'),
      search('RESOLVED'),
      runCli(['get', '--urn', out.raised, '--aspect', 'incidentInfo', '--data', data]),
    ]);
    for (const r of [active, resolved, get]) assert.equal(r.code, 0, r.stderr);
    const urns = (r: { stdout: string }) => JSON.parse(r.stdout).results.map((x: any) => x.urn);
    assert.deepEqual(urns(active), [out.created]);
    assert.deepEqual(urns(resolved), [out.raised]);
    assert.deepEqual(JSON.parse(get.stdout).incidentInfo, out.raisedRead);
  });
});
