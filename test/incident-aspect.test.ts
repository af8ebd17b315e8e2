/**
 * incidentInfo, the aspect of DataHub's incident entity (`urn:li:incident:<id>`), declared once
 * (src/model/aspects/incidentInfo.ts): its shape is checked on every write, `entities` are
 * `IncidentOn` edges, DataHub's searchable fields are indexed, and the REST read names it by its
 * schema name, as DataHub's Python client decodes it. The sample's incident, written as DataHub
 * writes it, validates.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { validateAspect } from '../src/model/aspects.ts';
import { aspectFqn, keyAspectOf } from '../src/model/registry.ts';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { searchEntities } from '../src/ops/search/search.ts';
import type { FilterGroup } from '../src/ops/search/types.ts';
import { SHOWCASE_MCPS, SHOWCASE_URNS as U } from '../src/sample/showcase.ts';
import { startServer, type RunningServer } from '../src/server/server.ts';
import type { Store } from '../src/store/store.ts';
import { tempDataPath } from './helpers.ts';

const INCIDENT = 'urn:li:incident:orders-stalled';
const ORDERS = 'urn:li:dataset:(urn:li:dataPlatform:hive,shop.orders,PROD)';
const CHART = 'urn:li:chart:(looker,orders_by_day)';
const stamp = { time: 1_700_000_000_000, actor: 'urn:li:corpuser:ann' };

/** An incident as DataHub's SDK writes one: every field of the schema set. */
const INFO = {
  type: 'CUSTOM',
  customType: 'Late partner feed',
  title: 'Nightly orders load stalled',
  description: 'The partner export never arrived.',
  entities: [ORDERS, CHART],
  priority: 0,
  assignees: [
    { actor: 'urn:li:corpuser:ann', assignedAt: stamp },
    { actor: 'urn:li:corpGroup:data-eng', assignedAt: stamp },
  ],
  status: { state: 'ACTIVE', stage: 'TRIAGE', message: 'looking', lastUpdated: stamp },
  source: { type: 'ASSERTION_FAILURE', sourceUrn: 'urn:li:assertion:orders-fresh' },
  startedAt: 1_699_999_000_000,
  created: stamp,
};

const withOut = (v: Record<string, unknown>, field: string) =>
  Object.fromEntries(Object.entries(v).filter(([k]) => k !== field));

describe('incidentInfo', () => {
  let store: Store;
  let server: RunningServer;
  const enc = encodeURIComponent;
  const ingest = async (urn: string, value: unknown) => {
    const res = await fetch(`${server.url}/aspects?action=ingestProposal`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-RestLi-Protocol-Version': '2.0.0' },
      body: JSON.stringify({
        proposal: {
          entityType: 'incident',
          entityUrn: urn,
          changeType: 'UPSERT',
          aspectName: 'incidentInfo',
          aspect: { value: JSON.stringify(value), contentType: 'application/json' },
        },
      }),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const search = (query: string, filter: FilterGroup = []) =>
    searchEntities(store, {
      query,
      types: ['incident'],
      filters: filter.length ? [filter] : [],
      count: 10,
      skipAggregates: true,
    }).hits.map((h) => h.urn);
  const eq = (field: string, value: string): FilterGroup => [
    { field, values: [value], condition: 'EQUAL', negated: false },
  ];

  before(async () => {
    store = openCatalog(tempDataPath());
    server = await startServer({ store, port: 0 });
  });
  after(async () => {
    await server.close();
    await store.close();
  });

  it('the sample’s incident, written as DataHub writes it, validates', () => {
    const sample = SHOWCASE_MCPS.filter((m) => m['aspectName'] === 'incidentInfo');
    assert.equal(sample.length, 1);
    const m = sample[0]!;
    assert.equal(m['entityUrn'], U.lateRevenue);
    assert.doesNotThrow(() => validateAspect('incident', 'incidentInfo', (m['aspect'] as { json: unknown }).json));
  });

  it('a full incident is stored and read back exactly, under com.linkedin.incident.IncidentInfo', async () => {
    assert.deepEqual(await ingest(INCIDENT, INFO), { status: 200, body: { value: 'success' } });
    const res = await fetch(`${server.url}/aspects/${enc(INCIDENT)}?aspect=incidentInfo`);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { aspect: { 'com.linkedin.incident.IncidentInfo': INFO }, version: 0 });
  });

  it('the incident entity’s key aspect is incidentKey {id}, com.linkedin.metadata.key.IncidentKey', async () => {
    assert.deepEqual(keyAspectOf(INCIDENT), {
      entityType: 'incident',
      aspectName: 'incidentKey',
      value: { id: 'orders-stalled' },
    });
    assert.equal(aspectFqn('incidentKey'), 'com.linkedin.metadata.key.IncidentKey');
    const res = await fetch(`${server.url}/aspects/${enc(INCIDENT)}?aspect=incidentKey`);
    assert.deepEqual(await res.json(), {
      aspect: { 'com.linkedin.metadata.key.IncidentKey': { id: 'orders-stalled' } },
      version: 0,
    });
  });

  it('a wrong enum value or a missing required field is refused with the field path, and nothing is written', async () => {
    const cases: Array<[string, unknown, string]> = [
      [
        'urn:li:incident:bad-type',
        { ...INFO, type: 'LATE' },
        'Invalid incidentInfo at type: expected one of FRESHNESS, VOLUME, FIELD, SQL, DATA_SCHEMA, OPERATIONAL, CUSTOM, got the string "LATE"',
      ],
      [
        'urn:li:incident:bad-stage',
        { ...INFO, status: { ...INFO.status, stage: 'DONE' } },
        'Invalid incidentInfo at status.stage: expected one of TRIAGE, INVESTIGATION, WORK_IN_PROGRESS, FIXED, NO_ACTION_REQUIRED, got the string "DONE"',
      ],
      [
        'urn:li:incident:bad-source',
        { ...INFO, source: { type: 'PAGER' } },
        'Invalid incidentInfo at source.type: expected one of MANUAL, ASSERTION_FAILURE, got the string "PAGER"',
      ],
      [
        'urn:li:incident:no-status',
        withOut(INFO, 'status'),
        'Invalid incidentInfo at status: required field is missing',
      ],
      [
        'urn:li:incident:no-created',
        withOut(INFO, 'created'),
        'Invalid incidentInfo at created: required field is missing',
      ],
      [
        'urn:li:incident:no-entities',
        withOut(INFO, 'entities'),
        'Invalid incidentInfo at entities: required field is missing',
      ],
      [
        'urn:li:incident:no-assigned-at',
        { ...INFO, assignees: [{ actor: 'urn:li:corpuser:ann' }] },
        'Invalid incidentInfo at assignees[0].assignedAt: required field is missing',
      ],
      [
        'urn:li:incident:on-a-tag',
        { ...INFO, entities: ['urn:li:tag:pii'] },
        'Invalid incidentInfo at entities[0]: expected a urn:li:dataset or urn:li:chart or urn:li:dashboard or urn:li:dataFlow or urn:li:dataJob or urn:li:schemaField urn, got "urn:li:tag:pii"',
      ],
    ];
    for (const [urn, value, message] of cases) {
      const r = await ingest(urn, value);
      assert.equal(r.status, 422, urn);
      assert.equal(r.body.message, `proposal: ${message}`, urn);
      assert.equal(store.getAspect(urn, 'incidentInfo'), undefined, `${urn}: nothing written`);
      assert.equal((await fetch(`${server.url}/aspects/${enc(urn)}?aspect=incidentInfo`)).status, 404, urn);
    }
  });

  it('each entity of the incident is an IncidentOn edge from the incident, found from the entity', () => {
    const out = store.edges(INCIDENT, 'OUTGOING', ['IncidentOn']).map((e) => `${e.type} ${e.urn} ${e.aspectName}`);
    assert.deepEqual(out.sort(), [`IncidentOn ${CHART} incidentInfo`, `IncidentOn ${ORDERS} incidentInfo`].sort());
    assert.deepEqual(
      store.edges(ORDERS, 'INCOMING', ['IncidentOn']).map((e) => e.urn),
      [INCIDENT],
    );
    assert.deepEqual(
      store.edges('urn:li:assertion:orders-fresh', 'INCOMING').map((e) => e.urn),
      [],
      'sourceUrn carries no relationship',
    );
  });

  it('search finds the incident by the fields DataHub indexes, not by its title', () => {
    assert.deepEqual(search('*', eq('entities', ORDERS)), [INCIDENT]);
    assert.deepEqual(search('*', eq('state', 'ACTIVE')), [INCIDENT]);
    assert.deepEqual(search('*', eq('stage', 'TRIAGE')), [INCIDENT]);
    assert.deepEqual(search('*', eq('type', 'CUSTOM')), [INCIDENT]);
    assert.deepEqual(search('*', eq('customType', 'Late partner feed')), [INCIDENT]);
    assert.deepEqual(search('*', eq('priority', '0')), [INCIDENT]);
    assert.deepEqual(search('*', eq('assignees', 'urn:li:corpGroup:data-eng')), [INCIDENT]);
    assert.deepEqual(search('*', eq('sourceUrn', 'urn:li:assertion:orders-fresh')), [INCIDENT]);
    assert.deepEqual(search('*', eq('state', 'RESOLVED')), []);
    assert.deepEqual(search('*', eq('entities', 'urn:li:dataset:(urn:li:dataPlatform:hive,other,PROD)')), []);
    // Title and description are not @Searchable in DataHub's IncidentInfo.
    assert.deepEqual(search('nightly'), []);
    assert.deepEqual(search('export'), []);
    assert.deepEqual(search('orders'), [INCIDENT], 'the words of its urn and of its entities match');
  });

  it('resolving the incident moves it from state ACTIVE to RESOLVED in the index', async () => {
    const resolved = {
      ...INFO,
      status: { state: 'RESOLVED', stage: 'FIXED', lastUpdated: { ...stamp, time: stamp.time + 1 } },
    };
    assert.equal((await ingest(INCIDENT, resolved)).status, 200);
    assert.deepEqual(search('*', eq('state', 'ACTIVE')), []);
    assert.deepEqual(search('*', eq('state', 'RESOLVED')), [INCIDENT]);
    assert.deepEqual(search('*', eq('stage', 'FIXED')), [INCIDENT]);
  });
});
