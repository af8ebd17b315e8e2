// Assertions (issue 13): data quality checks on datasets and the results of their runs, as DataHub's
// GraphQL has them — upsertCustomAssertion, reportAssertionResult, deleteAssertion, Query.assertion,
// Dataset.assertions with run event counts, and assertions found by search (`types: [ASSERTION]`,
// filtered on the asserted entity, type, status, column) the way mcp-server-datahub's assertion tool
// asks. Assertions ingested by other tools (dbt, Great Expectations) read the same way.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { S, startSampleServer, type GqlServer } from './graphql-helpers.ts';

const D = S.usersCreated;
const D2 = S.usersDeleted;

const UPSERT = `mutation upsert($urn: String, $entityUrn: String!, $type: String!, $description: String!, $fieldPath: String, $fieldPaths: [String!],
    $platformName: String, $platformUrn: String, $externalUrl: String, $logic: String, $scope: DatasetAssertionScope,
    $aggregation: AssertionStdAggregation, $operator: AssertionStdOperator, $parameters: AssertionStdParametersInput,
    $nativeType: String, $nativeParameters: [StringMapEntryInput!]) {
  upsertCustomAssertion(urn: $urn, input: { entityUrn: $entityUrn, type: $type, description: $description, fieldPath: $fieldPath,
      fieldPaths: $fieldPaths, platform: { urn: $platformUrn, name: $platformName }, externalUrl: $externalUrl, logic: $logic,
      scope: $scope, aggregation: $aggregation, operator: $operator, parameters: $parameters, nativeType: $nativeType,
      nativeParameters: $nativeParameters }) {
    urn type platform { urn name }
  }
}`;

const REPORT = `mutation report($urn: String!, $time: Long, $type: AssertionResultType!, $properties: [StringMapEntryInput!], $externalUrl: String,
    $error: AssertionResultErrorInput, $severity: AssertionResultSeverity) {
  reportAssertionResult(urn: $urn, result: { timestampMillis: $time, type: $type, properties: $properties, externalUrl: $externalUrl, error: $error, severity: $severity })
}`;

const ASSERTION = `query one($urn: String!) {
  assertion(urn: $urn) {
    urn type platform { urn name properties { displayName } } dataPlatformInstance { urn }
    info {
      type description note externalUrl entityUrn lastUpdated { time actor } source { type created { time actor } }
      customAssertion { type entityUrn field { urn path } fields { urn path } scope aggregation operator
        parameters { value { value type } minValue { value type } maxValue { value type } } nativeType nativeParameters { key value } logic }
    }
    dataset { urn }
    relationships(input: { types: ["Asserts"], direction: OUTGOING }) { total relationships { entity { urn } } }
  }
}`;

/** The document of acryl-datahub's datahub/api/graphql/assertion.py, with runEvents' counts. */
const DATASET_ASSERTIONS = `query dataset($urn: String!, $start: Int, $count: Int, $status: AssertionRunStatus, $limit: Int, $startTimeMillis: Long,
    $endTimeMillis: Long, $filter: FilterInput, $includeSoftDeleted: Boolean) {
  dataset(urn: $urn) {
    assertions(start: $start, count: $count, includeSoftDeleted: $includeSoftDeleted) {
      start count total
      assertions {
        urn
        runEvents(status: $status, limit: $limit, startTimeMillis: $startTimeMillis, endTimeMillis: $endTimeMillis, filter: $filter) {
          total failed succeeded errored initializing
          runEvents {
            timestampMillis runId status assertionUrn asserteeUrn
            partitionSpec { type partition timePartition { startTimeMillis durationMillis } }
            result { type severity rowCount actualAggValue externalUrl nativeResults { key value } error { type properties { key value } displayMessage } }
          }
        }
      }
    }
  }
}`;

/** What mcp-server-datahub's get_dataset_assertions searches with (tools/assertions.py), trimmed. */
const SEARCH = `query search($query: String!, $orFilters: [AndFilterInput!], $types: [EntityType!]) {
  searchAcrossEntities(input: { query: $query, types: $types, orFilters: $orFilters, start: 0, count: 20 }) {
    total searchResults { entity { urn ... on Assertion { info { type entityUrn } } } }
  }
}`;

describe('assertions', () => {
  let s: GqlServer;
  let custom = '';
  before(async () => {
    s = await startSampleServer();
  });
  after(() => s.close());

  const ok = async (query: string, variables?: Record<string, unknown>) => {
    const r = await s.gql(query, variables);
    assert.equal(r.body.errors, undefined, JSON.stringify(r.body.errors));
    return r.body.data;
  };
  const fails = async (query: string, variables: Record<string, unknown>) => {
    const r = await s.gql(query, variables);
    assert.ok(r.body.errors?.length, `expected an error, got ${JSON.stringify(r.body)}`);
    return r.body.errors[0];
  };
  const ingest = async (urn: string, aspectName: string, value: unknown) => {
    const res = await fetch(`${s.server.url}/aspects?action=ingestProposal`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-RestLi-Protocol-Version': '2.0.0' },
      body: JSON.stringify({
        proposal: {
          entityType: 'assertion',
          entityUrn: urn,
          changeType: 'UPSERT',
          aspectName,
          aspect: { value: JSON.stringify(value), contentType: 'application/json' },
        },
      }),
    });
    assert.equal(res.status, 200, await res.text());
  };
  const search = async (and: Array<{ field: string; values: string[] }>, types: string[] | null = ['ASSERTION']) =>
    (await ok(SEARCH, { query: '*', types, orFilters: [{ and }] })).searchAcrossEntities;
  const found = async (and: Array<{ field: string; values: string[] }>) =>
    (await search(and)).searchResults.map((r: any) => r.entity.urn).sort();

  it('upsertCustomAssertion creates an assertion (a new urn when none is given) that Query.assertion reads back', async () => {
    const r = await ok(UPSERT, {
      entityUrn: D,
      type: 'Data Quality',
      description: 'No null user ids',
      fieldPath: 'user_id',
      platformName: 'great-expectations',
      externalUrl: 'https://ge.example/checks/1',
      logic: 'SELECT COUNT(*) FROM users WHERE user_id IS NULL',
      scope: 'DATASET_COLUMN',
      aggregation: 'NULL_COUNT',
      operator: 'EQUAL_TO',
      parameters: { value: { value: '0', type: 'NUMBER' } },
      nativeType: 'expect_column_values_to_not_be_null',
      nativeParameters: [{ key: 'mostly', value: '1.0' }],
    });
    custom = r.upsertCustomAssertion.urn;
    assert.match(custom, /^urn:li:assertion:[0-9a-f-]{36}$/);
    assert.deepEqual(r.upsertCustomAssertion, {
      urn: custom,
      type: 'ASSERTION',
      platform: { urn: 'urn:li:dataPlatform:great-expectations', name: 'great-expectations' },
    });

    const a = (await ok(ASSERTION, { urn: custom })).assertion;
    const column = `urn:li:schemaField:(${D},user_id)`;
    assert.deepEqual(a.info.customAssertion, {
      type: 'Data Quality',
      entityUrn: D,
      field: { urn: column, path: 'user_id' },
      fields: [{ urn: column, path: 'user_id' }],
      scope: 'DATASET_COLUMN',
      aggregation: 'NULL_COUNT',
      operator: 'EQUAL_TO',
      parameters: { value: { value: '0', type: 'NUMBER' }, minValue: null, maxValue: null },
      nativeType: 'expect_column_values_to_not_be_null',
      nativeParameters: [{ key: 'mostly', value: '1.0' }],
      logic: 'SELECT COUNT(*) FROM users WHERE user_id IS NULL',
    });
    assert.equal(a.info.type, 'CUSTOM');
    assert.equal(a.info.description, 'No null user ids');
    assert.equal(a.info.externalUrl, 'https://ge.example/checks/1');
    assert.equal(a.info.entityUrn, D);
    assert.equal(a.info.note, null);
    assert.equal(a.info.source.type, 'EXTERNAL');
    assert.equal(a.info.source.created.actor, S.datahub);
    assert.equal(a.info.lastUpdated.actor, S.datahub);
    assert.equal(a.dataset.urn, D);
    // DataHub's Asserts relationships: to the dataset and to the column.
    assert.deepEqual(a.relationships.relationships.map((x: any) => x.entity.urn).sort(), [column, D].sort());
    // The aspects DataHub writes, readable over REST as stored.
    assert.deepEqual(s.store.getAspect(custom, 'dataPlatformInstance')?.value, {
      platform: 'urn:li:dataPlatform:great-expectations',
    });
    assert.equal((s.store.getAspect(custom, 'assertionInfo')!.value as any).entityUrn, D);
  });

  it('an upsert with the urn replaces the whole definition: what it leaves out is cleared', async () => {
    await ok(UPSERT, {
      urn: custom,
      entityUrn: D,
      type: 'Data Quality',
      description: 'Ids and emails are set',
      fieldPaths: ['user_id', 'email'],
      platformUrn: 'urn:li:dataPlatform:dbt',
    });
    const a = (await ok(ASSERTION, { urn: custom })).assertion;
    assert.deepEqual(
      a.info.customAssertion.fields.map((f: any) => f.path),
      ['user_id', 'email'],
    );
    assert.equal(a.info.customAssertion.field, null);
    assert.equal(a.info.customAssertion.logic, null);
    assert.equal(a.info.customAssertion.nativeParameters, null);
    assert.equal(a.info.externalUrl, null);
    assert.equal(a.platform.urn, 'urn:li:dataPlatform:dbt');
    assert.equal(a.relationships.total, 3);
  });

  it('reportAssertionResult records run events; Dataset.assertions lists them newest first with their counts', async () => {
    assert.deepEqual(
      await ok(REPORT, {
        urn: custom,
        time: 1000,
        type: 'SUCCESS',
        properties: [{ key: 'observed', value: '0' }],
        severity: 'HIGH',
      }),
      { reportAssertionResult: true },
    );
    await ok(REPORT, {
      urn: custom,
      time: 2000,
      type: 'FAILURE',
      severity: 'HIGH',
      externalUrl: 'https://ge.example/runs/2',
    });
    await ok(REPORT, {
      urn: custom,
      time: 3000,
      type: 'ERROR',
      error: { type: 'SOURCE_CONNECTION_ERROR', message: 'timeout' },
    });
    const page = (await ok(DATASET_ASSERTIONS, { urn: D })).dataset.assertions;
    assert.deepEqual([page.start, page.count, page.total], [0, 1, 1]);
    const runs = page.assertions[0].runEvents;
    assert.deepEqual([runs.total, runs.failed, runs.succeeded, runs.errored, runs.initializing], [3, 1, 1, 1, 0]);
    assert.deepEqual(
      runs.runEvents.map((e: any) => [e.timestampMillis, e.result.type]),
      [
        [3000, 'ERROR'],
        [2000, 'FAILURE'],
        [1000, 'SUCCESS'],
      ],
    );
    const [error, failure, success] = runs.runEvents;
    assert.deepEqual(success, {
      timestampMillis: 1000,
      runId: '1000',
      status: 'COMPLETE',
      assertionUrn: custom,
      asserteeUrn: D,
      partitionSpec: { type: 'FULL_TABLE', partition: 'FULL_TABLE_SNAPSHOT', timePartition: null },
      // DataHub keeps a severity for failures only.
      result: {
        type: 'SUCCESS',
        severity: null,
        rowCount: null,
        actualAggValue: null,
        externalUrl: null,
        nativeResults: [{ key: 'observed', value: '0' }],
        error: null,
      },
    });
    assert.equal(failure.result.severity, 'HIGH');
    assert.equal(failure.result.externalUrl, 'https://ge.example/runs/2');
    assert.deepEqual(error.result.error, {
      type: 'SOURCE_CONNECTION_ERROR',
      properties: [{ key: 'message', value: 'timeout' }],
      displayMessage: "Can't connect to your data source.",
    });

    const times = async (vars: Record<string, unknown>) =>
      (await ok(DATASET_ASSERTIONS, { urn: D, ...vars })).dataset.assertions.assertions[0].runEvents.runEvents.map(
        (e: any) => e.timestampMillis,
      );
    assert.deepEqual(await times({ status: 'COMPLETE', limit: 1 }), [3000]);
    assert.deepEqual(await times({ startTimeMillis: 1500, endTimeMillis: 2500 }), [2000]);
    assert.deepEqual(
      await times({ filter: { and: [{ field: 'result.type', values: ['SUCCESS', 'FAILURE'] }] } }),
      [2000, 1000],
    );
    // The run summary DataHub's hook keeps: the latest result of each kind, and the status of the newest.
    assert.deepEqual(s.store.getAspect(custom, 'assertionRunSummary')?.value, {
      lastPassedAtMillis: 1000,
      lastFailedAtMillis: 2000,
      lastErroredAtMillis: 3000,
      assertionStatus: 'ERROR',
    });
  });

  it('a result without a time is stamped now; an older result does not move the status', async () => {
    const before = Date.now();
    await ok(REPORT, { urn: custom, type: 'SUCCESS' });
    const summary = s.store.getAspect(custom, 'assertionRunSummary')?.value as any;
    assert.ok(summary.lastPassedAtMillis >= before);
    assert.equal(summary.assertionStatus, 'PASSING');
    await ok(REPORT, { urn: custom, time: 500, type: 'FAILURE' });
    assert.equal((s.store.getAspect(custom, 'assertionRunSummary')!.value as any).assertionStatus, 'PASSING');
  });

  it('search finds assertions by type ASSERTION, by asserted entity, type, status and source, as the MCP assertion tool filters', async () => {
    // Two more on another dataset, ingested as dbt and Great Expectations send them (no entityUrn, no upsert).
    const field = 'urn:li:assertion:ge-field-check';
    await ingest(field, 'assertionInfo', {
      type: 'FIELD',
      fieldAssertion: {
        type: 'FIELD_METRIC',
        entity: D2,
        fieldMetricAssertion: {
          field: { path: 'email', type: 'STRING', nativeType: 'varchar' },
          metric: 'NULL_COUNT',
          operator: 'EQUAL_TO',
          parameters: { value: { value: '0', type: 'NUMBER' } },
        },
      },
      source: { type: 'NATIVE' },
      description: 'Emails are never null',
    });
    const volume = 'urn:li:assertion:dbt-row-count';
    await ingest(volume, 'assertionInfo', {
      type: 'VOLUME',
      volumeAssertion: {
        type: 'ROW_COUNT_TOTAL',
        entity: D2,
        rowCountTotal: { operator: 'GREATER_THAN', parameters: { value: { value: '10', type: 'NUMBER' } } },
      },
    });
    await ok(REPORT, { urn: volume, time: 5000, type: 'FAILURE' });
    // A run event ingested as an aspect moves the run summary as a reported one does (DataHub's hook runs on every write).
    await ingest(field, 'assertionRunEvent', {
      timestampMillis: 6000,
      runId: 'ge-1',
      assertionUrn: field,
      asserteeUrn: D2,
      status: 'COMPLETE',
      result: { type: 'SUCCESS' },
    });

    assert.deepEqual(await found([{ field: 'entity', values: [D] }]), [custom]);
    assert.deepEqual(await found([{ field: 'entity', values: [D2] }]), [volume, field].sort());
    assert.deepEqual(
      await found([
        { field: 'entity', values: [D2] },
        { field: 'fieldPath', values: ['email'] },
      ]),
      [field],
    );
    assert.deepEqual(
      await found([
        { field: 'entity', values: [D2] },
        { field: 'assertionType', values: ['VOLUME'] },
      ]),
      [volume],
    );
    assert.deepEqual(await found([{ field: 'assertionStatus', values: ['FAILING'] }]), [volume]);
    assert.deepEqual(await found([{ field: 'assertionStatus', values: ['PASSING'] }]), [custom, field].sort());
    assert.deepEqual(await found([{ field: 'sourceType', values: ['EXTERNAL'] }]), [custom]);
    // The checked entity of an ingested assertion comes from its definition.
    const hit = (
      await search([
        { field: 'entity', values: [D2] },
        { field: 'assertionType', values: ['FIELD'] },
      ])
    ).searchResults[0].entity;
    assert.deepEqual(hit.info, { type: 'FIELD', entityUrn: D2 });
    // The words of a description find it; a search of every type does not return assertions (not in DataHub's default set).
    assert.deepEqual(
      (await ok(SEARCH, { query: 'never', types: ['ASSERTION'] })).searchAcrossEntities.searchResults.map(
        (r: any) => r.entity.urn,
      ),
      [field],
    );
    assert.equal(
      (await ok(SEARCH, { query: '*', types: null, orFilters: [{ and: [{ field: 'entity', values: [D2] }] }] }))
        .searchAcrossEntities.total,
      0,
    );
    // And the dataset lists them too, through the Asserts relationships.
    const page = (await ok(DATASET_ASSERTIONS, { urn: D2, count: 1 })).dataset.assertions;
    assert.deepEqual([page.count, page.total], [1, 2]);
  });

  it('Query.assertion shapes ingested definitions of every kind', async () => {
    const urn = 'urn:li:assertion:freshness';
    await ingest(urn, 'assertionInfo', {
      type: 'FRESHNESS',
      freshnessAssertion: {
        type: 'DATASET_CHANGE',
        entity: D2,
        schedule: { type: 'FIXED_INTERVAL', fixedInterval: { unit: 'HOUR', multiple: 6 } },
      },
      note: { content: 'Page the on-call', lastModified: { time: 1, actor: S.datahub } },
    });
    const q = `query f($urn: String!) { assertion(urn: $urn) { platform { urn } info { note entityUrn
      freshnessAssertion { entityUrn type schedule { type cron { cron } fixedInterval { unit multiple } } filter { sql } } } } }`;
    const a = (await ok(q, { urn })).assertion;
    assert.equal(a.platform.urn, 'urn:li:dataPlatform:unknown');
    assert.deepEqual(a.info, {
      note: 'Page the on-call',
      entityUrn: D2,
      freshnessAssertion: {
        entityUrn: D2,
        type: 'DATASET_CHANGE',
        schedule: { type: 'FIXED_INTERVAL', cron: null, fixedInterval: { unit: 'HOUR', multiple: 6 } },
        filter: null,
      },
    });
  });

  it('a soft-deleted assertion is listed only with includeSoftDeleted', async () => {
    const urn = 'urn:li:assertion:freshness';
    await ingest(urn, 'status', { removed: true });
    const urns = async (includeSoftDeleted: boolean) =>
      (await ok(DATASET_ASSERTIONS, { urn: D2, includeSoftDeleted })).dataset.assertions.assertions.map(
        (a: any) => a.urn,
      );
    assert.ok(!(await urns(false)).includes(urn));
    assert.ok((await urns(true)).includes(urn));
  });

  it("DataHub's messages: a missing entity, platform or assertion is a 400, a missing assertion read is NOT_FOUND", async () => {
    const missing = 'urn:li:dataset:(urn:li:dataPlatform:hive,nope,PROD)';
    let e = await fails(UPSERT, {
      urn: 'urn:li:assertion:x',
      entityUrn: missing,
      type: 'T',
      description: 'd',
      platformName: 'dbt',
    });
    assert.equal(
      e.message,
      `Failed to upsert Custom Assertion with urn urn:li:assertion:x. Entity ${missing} does not exist.`,
    );
    assert.equal(e.extensions.code, 400);
    e = await fails(UPSERT, { entityUrn: D, type: 'T', description: 'd' });
    assert.equal(e.message, 'Failed to upsert Custom Assertion. Platform Name or Platform Urn must be specified.');
    e = await fails(UPSERT, {
      entityUrn: D,
      type: 'T',
      description: 'd',
      platformName: 'dbt',
      fieldPath: `urn:li:schemaField:(${D},user_id)`,
    });
    assert.match(e.message, /fieldPath must be a column name of the entity, not an urn/);
    // Our input's SQL parameter type is none of DataHub's AssertionStdParameterType: refused on write.
    e = await fails(UPSERT, {
      urn: 'urn:li:assertion:sql_parameter',
      entityUrn: D,
      type: 'T',
      description: 'd',
      platformName: 'dbt',
      parameters: { value: { value: 'select 1', type: 'SQL' } },
    });
    assert.equal(
      e.message,
      'Invalid assertionInfo at customAssertion.parameters.value.type: expected one of STRING, NUMBER, LIST, SET, UNKNOWN, got the string "SQL"',
    );
    assert.equal(e.extensions.code, 400);
    assert.equal(s.store.entityExists('urn:li:assertion:sql_parameter'), false);
    e = await fails(UPSERT, {
      entityUrn: 'urn:li:chart:(looker,c1)',
      type: 'T',
      description: 'd',
      platformName: 'dbt',
    });
    assert.equal(e.extensions.code, 400);
    e = await fails(REPORT, { urn: 'urn:li:assertion:nope', type: 'SUCCESS' });
    assert.equal(
      e.message,
      'Failed to report Assertion Run Event. Assertion with urn urn:li:assertion:nope does not exist or is not associated with any entity.',
    );
    assert.equal(e.extensions.code, 400);
    assert.equal(s.store.entityExists('urn:li:assertion:nope'), false);
    e = await fails(`query { assertion(urn: "urn:li:assertion:nope") { urn } }`, {});
    assert.deepEqual([e.message, e.extensions.code], ['Assertion urn:li:assertion:nope does not exist.', 404]);
    e = await fails(`mutation { deleteAssertion(urn: "urn:li:assertion:nope") }`, {});
    assert.deepEqual(
      [e.message, e.extensions.code],
      ['Failed to perform delete against assertion with urn urn:li:assertion:nope. Assertion does not exist.', 400],
    );
  });

  it("running assertions is DataHub Cloud's: the schema has no runAssertion mutations, as DataHub's open-source one", async () => {
    const e = await fails(`mutation { runAssertion(urn: "${custom}") { type } }`, {});
    assert.equal(e.message, 'Cannot query field "runAssertion" on type "Mutation".');
  });

  it("an entity's health follows the latest completed run of each of its assertions, with DataHub's messages", async () => {
    const hiveHealth = async () =>
      (await ok(`{ dataset(urn: "${S.hdfsSample}") { health { type status message causes } } }`)).dataset.health;
    const upsert = async (description: string) =>
      (await ok(UPSERT, { entityUrn: S.hdfsSample, type: 'volume', description, platformName: 'dbt' }))
        .upsertCustomAssertion.urn as string;
    const rows = await upsert('rows');
    const nulls = await upsert('nulls');
    assert.deepEqual(await hiveHealth(), [], 'assertions that never ran give no health');
    await ok(REPORT, { urn: rows, type: 'SUCCESS', time: 1000 });
    await ok(REPORT, { urn: nulls, type: 'FAILURE', time: 1000 });
    assert.deepEqual(await hiveHealth(), [
      { type: 'ASSERTIONS', status: 'FAIL', message: '1 of 2 assertions are failing', causes: [nulls] },
    ]);
    await ok(REPORT, { urn: nulls, type: 'SUCCESS', time: 2000 });
    assert.deepEqual(await hiveHealth(), [
      { type: 'ASSERTIONS', status: 'PASS', message: 'All assertions are passing', causes: null },
    ]);
    // An older failure reported late does not change the latest result.
    await ok(REPORT, { urn: nulls, type: 'FAILURE', time: 1500 });
    assert.equal((await hiveHealth())[0].status, 'PASS');
  });

  it('deleteAssertion removes the assertion, its run events, its edges and its search entry', async () => {
    assert.deepEqual(await ok(`mutation d($urn: String!) { deleteAssertion(urn: $urn) }`, { urn: custom }), {
      deleteAssertion: true,
    });
    assert.equal(s.store.entityExists(custom), false);
    assert.deepEqual(s.store.timeseriesAspects(custom), []);
    assert.equal((await ok(DATASET_ASSERTIONS, { urn: D })).dataset.assertions.total, 0);
    assert.deepEqual(await found([{ field: 'entity', values: [D] }]), []);
    const e = await fails(REPORT, { urn: custom, type: 'SUCCESS' });
    assert.match(e.message, /^Failed to report Assertion Run Event/);
  });
});
