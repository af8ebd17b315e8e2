// Timeseries aspects (issue 13): operations reported on datasets, profiles and run events sent as
// MCPs, kept as a series per entity — read newest first through GraphQL (`Dataset.operations`,
// `DataJob.runs`, `DataProcessInstance.state`) and REST (`getTimeseriesAspectValues`), deleted with
// their entity — never versioned, never creating an entity.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { S, startSampleServer, type GqlServer } from './graphql-helpers.ts';

const JOB = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,nightly,prod),load_users)';
const FLOW = 'urn:li:dataFlow:(airflow,nightly,prod)';
const run = (id: string) => `urn:li:dataProcessInstance:${id}`;

describe('timeseries aspects', () => {
  let s: GqlServer;
  let base: string;
  before(async () => {
    s = await startSampleServer();
    base = s.server.url;
  });
  after(() => s.close());

  const ok = (query: string, variables?: Record<string, unknown>) => s.ok(query, variables);
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-RestLi-Protocol-Version': '2.0.0' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const proposal = (urn: string, aspectName: string, value: unknown) => ({
    entityType: urn.split(':')[2],
    entityUrn: urn,
    changeType: 'UPSERT',
    aspectName,
    aspect: { value: JSON.stringify(value), contentType: 'application/json' },
  });
  const ingest = async (...proposals: unknown[]) => {
    const r = await post('/aspects?action=ingestProposalBatch', { proposals });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  };
  const series = (urn: string, aspect: string, extra: Record<string, unknown> = {}) =>
    post('/aspects?action=getTimeseriesAspectValues', { urn, entity: urn.split(':')[2], aspect, ...extra });

  const REPORT = `mutation report($urn: String!, $type: OperationType!, $time: Long, $partition: String, $props: [StringMapEntryInput!]) {
    reportOperation(input: { urn: $urn, operationType: $type, sourceType: DATA_PROCESS, timestampMillis: $time, partition: $partition, numAffectedRows: 7, customProperties: $props })
  }`;
  const OPERATIONS = `query ops($urn: String!, $start: Long, $end: Long, $limit: Int, $filter: FilterInput) {
    dataset(urn: $urn) { operations(startTimeMillis: $start, endTimeMillis: $end, limit: $limit, filter: $filter) {
      timestampMillis actor operationType sourceType numAffectedRows partition lastUpdatedTimestamp customProperties { key value } } }
  }`;

  it('reportOperation stores operations that Dataset.operations lists newest first, by time range, limit and filter', async () => {
    const before = s.store.getEntity(S.usersCreated);
    assert.deepEqual(
      await ok(REPORT, { urn: S.usersCreated, type: 'INSERT', time: 1000, props: [{ key: 'job', value: 'nightly' }] }),
      { reportOperation: true },
    );
    await ok(REPORT, { urn: S.usersCreated, type: 'UPDATE', time: 2000, partition: '2026-11-01' });
    await ok(REPORT, { urn: S.usersCreated, type: 'INSERT', time: 3000 });
    const all = (await ok(OPERATIONS, { urn: S.usersCreated })).dataset.operations;
    assert.deepEqual(
      all.map((o: any) => [o.timestampMillis, o.operationType]),
      [
        [3000, 'INSERT'],
        [2000, 'UPDATE'],
        [1000, 'INSERT'],
      ],
    );
    assert.deepEqual(all[2], {
      timestampMillis: 1000,
      actor: S.datahub,
      operationType: 'INSERT',
      sourceType: 'DATA_PROCESS',
      numAffectedRows: 7,
      partition: null,
      lastUpdatedTimestamp: 1000,
      customProperties: [{ key: 'job', value: 'nightly' }],
    });
    assert.equal(all[1].partition, '2026-11-01');
    const times = async (vars: Record<string, unknown>) =>
      (await ok(OPERATIONS, { urn: S.usersCreated, ...vars })).dataset.operations.map((o: any) => o.timestampMillis);
    assert.deepEqual(await times({ start: 1500, end: 3000 }), [3000, 2000]);
    assert.deepEqual(await times({ limit: 1 }), [3000]);
    assert.deepEqual(await times({ filter: { and: [{ field: 'operationType', values: ['INSERT'] }] } }), [3000, 1000]);
    assert.deepEqual(
      await times({ filter: { and: [{ field: 'operationType', values: ['INSERT'], negated: true }] } }),
      [2000],
    );
    // An event is no aspect version: the entity record and the versioned aspects are as they were.
    assert.deepEqual(s.store.getEntity(S.usersCreated), before);
    assert.equal(s.store.getAspect(S.usersCreated, 'operation'), undefined);
  });

  it("reportOperation refuses entity types other than datasets with DataHub's message, and writes nothing", async () => {
    const chart = 'urn:li:chart:(looker,c1)';
    const r = await s.gql(REPORT, { urn: chart, type: 'INSERT' });
    assert.equal(r.body.errors[0].message, 'Unable to report operation. Invalid entity type chart provided.');
    assert.equal(r.body.errors[0].extensions.code, 400);
    assert.deepEqual(s.store.timeseriesAspects(chart), []);
  });

  it('an operation at the same time and partition replaces the one there', async () => {
    await ok(REPORT, { urn: S.usersDeleted, type: 'INSERT', time: 5000, partition: 'p1' });
    await ok(REPORT, { urn: S.usersDeleted, type: 'DELETE', time: 5000, partition: 'p1' });
    await ok(REPORT, { urn: S.usersDeleted, type: 'UPDATE', time: 5000, partition: 'p2' });
    const ops = (await ok(OPERATIONS, { urn: S.usersDeleted })).dataset.operations;
    assert.deepEqual(ops.map((o: any) => [o.partition, o.operationType]).sort(), [
      ['p1', 'DELETE'],
      ['p2', 'UPDATE'],
    ]);
  });

  it('REST: a profile sent as an MCP is an event, read back through getTimeseriesAspectValues, not GET /aspects', async () => {
    const urn = S.kafkaSample;
    await ingest(
      proposal(urn, 'datasetProfile', { timestampMillis: 100, rowCount: 10, columnCount: 2 }),
      proposal(urn, 'datasetProfile', { timestampMillis: 200, rowCount: 12, columnCount: 2 }),
      proposal(urn, 'datasetProfile', {
        timestampMillis: 300,
        rowCount: 15,
        columnCount: 2,
        partitionSpec: { type: 'PARTITION', partition: 'a' },
      }),
    );
    const r = await series(urn, 'datasetProfile');
    assert.equal(r.status, 200);
    assert.equal(r.body.value.entityName, 'dataset');
    assert.equal(r.body.value.aspectName, 'datasetProfile');
    assert.deepEqual(
      r.body.value.values.map((v: any) => [v.aspect.contentType, JSON.parse(v.aspect.value).rowCount]),
      [
        ['application/json', 15],
        ['application/json', 12],
        ['application/json', 10],
      ],
    );
    assert.equal(r.body.value.values[0].systemMetadata.lastObserved > 0, true);
    const rows = async (extra: Record<string, unknown>) =>
      (await series(urn, 'datasetProfile', extra)).body.value.values.map(
        (v: any) => JSON.parse(v.aspect.value).rowCount,
      );
    assert.deepEqual(await rows({ limit: 1 }), [15]);
    assert.deepEqual(await rows({ startTimeMillis: 150, endTimeMillis: 250 }), [12]);
    assert.deepEqual(await rows({ latestValue: true }), [15, 12], 'the newest of each partition');
    assert.deepEqual(
      await rows({ filter: { or: [{ and: [{ field: 'partitionSpec.partition', value: 'a', condition: 'EQUAL' }] }] } }),
      [15],
    );
    const versioned = await fetch(`${base}/aspects/${encodeURIComponent(urn)}?aspect=datasetProfile&version=0`);
    assert.equal(versioned.status, 404);
  });

  it('REST: an event needs its time; a bad one is a 400 naming the field, and nothing of the batch is written', async () => {
    const r = await post('/aspects?action=ingestProposalBatch', {
      proposals: [
        proposal(S.kafkaSample, 'datasetProfile', { timestampMillis: 900, rowCount: 1 }),
        proposal(S.kafkaSample, 'datasetProfile', { rowCount: 1 }),
      ],
    });
    assert.equal(r.status, 400);
    assert.match(r.body.message, /datasetProfile\.timestampMillis/);
    assert.equal(
      s.store.timeseries(S.kafkaSample, 'datasetProfile', { startTimeMillis: 900, endTimeMillis: 900 }).length,
      0,
    );
    const malformed = await post('/aspects?action=getTimeseriesAspectValues', {
      urn: 'not-a-urn',
      entity: 'dataset',
      aspect: 'datasetProfile',
    });
    assert.equal(malformed.status, 400);
    assert.match(malformed.body.message, /not-a-urn/);
    const bad = await series(S.kafkaSample, 'datasetProperties');
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /datasetProperties is not a timeseries aspect/);
  });

  it('an event for an entity that does not exist does not create it', async () => {
    const ghost = 'urn:li:dataset:(urn:li:dataPlatform:hive,ghost,PROD)';
    await ingest(proposal(ghost, 'datasetProfile', { timestampMillis: 1, rowCount: 0 }));
    assert.equal(s.store.entityExists(ghost), false);
    assert.equal((await series(ghost, 'datasetProfile')).body.value.values.length, 1);
  });

  it('runs of a job: those that reported events, newest first, with their state; the run is a DataProcessInstance', async () => {
    await ingest(
      proposal(JOB, 'dataJobInfo', { name: 'load_users', type: { string: 'COMMAND' }, customProperties: {} }),
    );
    for (const [id, created] of [
      ['r1', 1000],
      ['r2', 2000],
      ['r3', 3000],
    ] as const) {
      await ingest(
        proposal(run(id), 'dataProcessInstanceProperties', {
          name: id,
          type: 'BATCH_SCHEDULED',
          created: { time: created, actor: S.datahub },
          customProperties: { try: '1' },
        }),
        proposal(run(id), 'dataProcessInstanceRelationships', { parentTemplate: JOB, upstreamInstances: [] }),
      );
    }
    // r3 never reported an event: DataHub does not list it.
    await ingest(
      proposal(run('r1'), 'dataProcessInstanceRunEvent', { timestampMillis: 1000, status: 'STARTED', attempt: 1 }),
      proposal(run('r1'), 'dataProcessInstanceRunEvent', {
        timestampMillis: 1500,
        status: 'COMPLETE',
        attempt: 1,
        result: { type: 'SUCCESS', nativeResultType: 'airflow' },
        durationMillis: 500,
      }),
      proposal(run('r2'), 'dataProcessInstanceRunEvent', { timestampMillis: 2000, status: 'STARTED', attempt: 1 }),
    );
    const d =
      await ok(`{ dataJob(urn: "${JOB}") { runs(start: 0, count: 10) { start count total runs { urn created { time actor } parentTemplate { urn }
      properties { name customProperties { key value } } state(limit: 5) { timestampMillis status attempt durationMillis result { resultType nativeResultType } } } } } }`);
    const runs = d.dataJob.runs;
    assert.equal(runs.total, 2);
    assert.deepEqual(
      runs.runs.map((r: any) => [r.urn, r.created.time]),
      [
        [run('r2'), 2000],
        [run('r1'), 1000],
      ],
    );
    assert.deepEqual(runs.runs[1].state, [
      {
        timestampMillis: 1500,
        status: 'COMPLETE',
        attempt: 1,
        durationMillis: 500,
        result: { resultType: 'SUCCESS', nativeResultType: 'airflow' },
      },
      { timestampMillis: 1000, status: 'STARTED', attempt: 1, durationMillis: null, result: null },
    ]);
    assert.deepEqual(runs.runs[0].parentTemplate, { urn: JOB });
    assert.deepEqual(runs.runs[0].properties.customProperties, [{ key: 'try', value: '1' }]);
    const page = await ok(`{ dataJob(urn: "${JOB}") { runs(start: 1, count: 1) { start count total runs { urn } } } }`);
    assert.deepEqual(page.dataJob.runs, { start: 1, count: 1, total: 2, runs: [{ urn: run('r1') }] });
    const generic = await ok(
      `{ entity(urn: "${run('r3')}") { __typename urn type ... on DataProcessInstance { name } } }`,
    );
    assert.deepEqual(generic.entity, {
      __typename: 'DataProcessInstance',
      urn: run('r3'),
      type: 'DATA_PROCESS_INSTANCE',
      name: 'r3',
    });
    const related = await ok(
      `{ dataJob(urn: "${JOB}") { relationships(input: { types: ["InstanceOf"], direction: INCOMING }) { total } } }`,
    );
    assert.equal(related.dataJob.relationships.total, 3);
    // Runs are searchable by name and by the job they are runs of.
    const found = await ok(`{ searchAcrossEntities(input: { types: [DATA_PROCESS_INSTANCE], query: "*", count: 10,
      orFilters: [{ and: [{ field: "parentTemplate", values: ["${JOB}"] }] }] }) { total searchResults { entity { urn } } } }`);
    assert.equal(found.searchAcrossEntities.total, 3);
    const named = await ok(
      `{ searchAcrossEntities(input: { types: [DATA_PROCESS_INSTANCE], query: "r2" }) { searchResults { entity { urn } } } }`,
    );
    assert.deepEqual(
      named.searchAcrossEntities.searchResults.map((r: any) => r.entity.urn),
      [run('r2')],
    );
    // Runs of the job are not runs of its flow.
    await ingest(proposal(FLOW, 'dataFlowInfo', { name: 'nightly', customProperties: {} }));
    assert.deepEqual((await ok(`{ dataFlow(urn: "${FLOW}") { runs { total runs { urn } } } }`)).dataFlow, {
      runs: { total: 0, runs: [] },
    });
  });

  it('a run that read one dataset and wrote another is lineage between them: searchAcrossLineage walks through it', async () => {
    const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;
    const r = run('lineage_run');
    await ingest(
      proposal(ds('run_in'), 'datasetProperties', { name: 'run_in', customProperties: {} }),
      proposal(ds('run_out'), 'datasetProperties', { name: 'run_out', customProperties: {} }),
      proposal(r, 'dataProcessInstanceProperties', {
        name: 'lineage_run',
        created: { time: 1, actor: S.datahub },
        customProperties: {},
      }),
      proposal(r, 'dataProcessInstanceInput', { inputs: [], inputEdges: [{ destinationUrn: ds('run_in') }] }),
      proposal(r, 'dataProcessInstanceOutput', { outputs: [], outputEdges: [{ destinationUrn: ds('run_out') }] }),
    );
    const q = `query($i: SearchAcrossLineageInput!) { searchAcrossLineage(input: $i) { searchResults { entity { urn } degree } } }`;
    const reached = async (types?: string[]) =>
      (
        await ok(q, { i: { urn: ds('run_out'), direction: 'UPSTREAM', count: 20, ...(types ? { types } : {}) } })
      ).searchAcrossLineage.searchResults.map((x: any) => `${x.entity.urn}@${x.degree}`);
    assert.deepEqual(await reached(['DATASET']), [`${ds('run_in')}@2`]);
    assert.deepEqual(await reached(['DATA_PROCESS_INSTANCE']), [`${r}@1`]);
  });

  it('usage buckets roll up in usageStats and statsSummary; profiles list newest first; a dataset without events has no summary', async () => {
    const urn = S.hdfsSample;
    const day = 86_400_000;
    const now = Date.now();
    const usage = (time: number, queries: number, users: Array<[string, number]>, fields: Array<[string, number]>) =>
      proposal(urn, 'datasetUsageStatistics', {
        timestampMillis: time,
        eventGranularity: { unit: 'DAY', multiple: 1 },
        totalSqlQueries: queries,
        uniqueUserCount: users.length,
        topSqlQueries: ['select 1'],
        userCounts: users.map(([user, count]) => ({ user, count })),
        fieldCounts: fields.map(([fieldPath, count]) => ({ fieldPath, count })),
      });
    await ingest(
      usage(now - 40 * day, 100, [[S.jdoe, 100]], [['field_foo', 100]]),
      usage(
        now - 3 * day,
        10,
        [
          [S.jdoe, 4],
          [S.datahub, 6],
        ],
        [
          ['field_foo', 7],
          ['field_bar', 3],
        ],
      ),
      usage(now - 1 * day, 5, [[S.jdoe, 5]], [['field_bar', 5]]),
      proposal(urn, 'datasetProfile', {
        timestampMillis: now - 2 * day,
        rowCount: 90,
        columnCount: 2,
        sizeInBytes: 1000,
      }),
      proposal(urn, 'datasetProfile', {
        timestampMillis: now - day,
        rowCount: 100,
        columnCount: 2,
        sizeInBytes: 1200,
        fieldProfiles: [
          { fieldPath: 'field_foo', nullCount: 0, uniqueCount: 100, min: 1, max: 9, sampleValues: ['1', '2'] },
        ],
      }),
    );
    await ok(REPORT, { urn, type: 'INSERT', time: now - day });
    await ok(REPORT, { urn, type: 'INSERT', time: now - 45 * day });
    const d = (
      await ok(`{ dataset(urn: "${urn}") {
      statsSummary { queryCountLast30Days uniqueUserCountLast30Days updateCountLast30Days rowCount sizeInBytes queryCountPercentileLast30Days topUsersLast30Days { urn } }
      month: usageStats(range: MONTH) { buckets { bucket duration resource metrics { totalSqlQueries uniqueUserCount topSqlQueries } }
        aggregations { totalSqlQueries uniqueUserCount users { user { urn } count } fields { fieldName count } } }
      all: usageStats(range: ALL) { aggregations { totalSqlQueries uniqueUserCount } }
      datasetProfiles(limit: 5) { timestampMillis rowCount sizeInBytes fieldProfiles { fieldPath nullCount uniqueCount min max sampleValues } }
    } }`)
    ).dataset;
    assert.deepEqual(d.statsSummary, {
      queryCountLast30Days: 15,
      uniqueUserCountLast30Days: 2,
      updateCountLast30Days: 1,
      rowCount: 100,
      sizeInBytes: 1200,
      queryCountPercentileLast30Days: null,
      topUsersLast30Days: [{ urn: S.jdoe }, { urn: S.datahub }],
    });
    assert.deepEqual(
      d.month.buckets.map((b: any) => [
        b.bucket,
        b.duration,
        b.resource,
        b.metrics.totalSqlQueries,
        b.metrics.uniqueUserCount,
      ]),
      [
        [now - 3 * day, 'DAY', urn, 10, 2],
        [now - day, 'DAY', urn, 5, 1],
      ],
    );
    assert.deepEqual(d.month.aggregations, {
      totalSqlQueries: 15,
      uniqueUserCount: 2,
      users: [
        { user: { urn: S.jdoe }, count: 9 },
        { user: { urn: S.datahub }, count: 6 },
      ],
      fields: [
        { fieldName: 'field_bar', count: 8 },
        { fieldName: 'field_foo', count: 7 },
      ],
    });
    assert.deepEqual(d.all.aggregations, { totalSqlQueries: 115, uniqueUserCount: 2 });
    assert.deepEqual(
      d.datasetProfiles.map((p: any) => p.rowCount),
      [100, 90],
    );
    assert.deepEqual(d.datasetProfiles[0].fieldProfiles, [
      { fieldPath: 'field_foo', nullCount: 0, uniqueCount: 100, min: '1', max: '9', sampleValues: ['1', '2'] },
    ]);
    const quiet = await ok(
      `{ dataset(urn: "${S.hiveSample}") { statsSummary { queryCountLast30Days } usageStats { buckets { bucket } aggregations { totalSqlQueries users { count } } } datasetProfiles { rowCount } } }`,
    );
    assert.deepEqual(quiet.dataset, {
      statsSummary: null,
      usageStats: { buckets: [], aggregations: { totalSqlQueries: 0, users: [] } },
      datasetProfiles: [],
    });
  });

  it("a hard delete removes the entity's events and counts them; deleting one timeseries aspect can take a time range", async () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,events_only,PROD)';
    await ingest(
      proposal(urn, 'datasetProperties', { name: 'events_only', customProperties: {} }),
      proposal(urn, 'datasetProfile', { timestampMillis: 10, rowCount: 1 }),
      proposal(urn, 'datasetProfile', { timestampMillis: 20, rowCount: 2 }),
      proposal(urn, 'datasetProfile', { timestampMillis: 30, rowCount: 3 }),
      proposal(urn, 'operation', { timestampMillis: 40, operationType: 'INSERT', lastUpdatedTimestamp: 40 }),
    );
    const ranged = await post('/entities?action=delete', {
      urn,
      aspectName: 'datasetProfile',
      startTimeMillis: 15,
      endTimeMillis: 25,
    });
    assert.deepEqual(ranged.body.value, { urn, rows: 0, timeseriesRows: 1 });
    const whole = await post('/entities?action=delete', { urn });
    assert.deepEqual(whole.body.value, { urn, rows: 2, timeseriesRows: 3 });
    assert.deepEqual(s.store.timeseriesAspects(urn), []);
  });
});
