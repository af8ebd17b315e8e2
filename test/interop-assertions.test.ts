// Assertions through DataHub's own clients against a real `catalog serve` (issue 13): acryl-datahub's
// DataHubGraph.upsert_custom_assertion / report_assertion_result (what data quality tools call), a
// column check and its run emitted as aspects (Great Expectations' DataHub action), the Airflow
// circuit breaker's Assertion API, and mcp-server-datahub's get_dataset_assertions tool with its
// filters and its sub-entity url resolver (test/interop/py/assertions.py). run_assertion is DataHub
// Cloud's: it fails as it does against DataHub's open-source server.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SAMPLE_URNS as S } from '../src/sample/sample.ts';
import { hasPython, requirePython, startInterop, type Interop } from './interop/setup.ts';

requirePython('ASSERTIONS INTEROP SUITE');

const D = S.usersCreated;
const FIELD_CHECK = 'urn:li:assertion:ge-email-not-null';

describe("assertions through DataHub's clients", { skip: !hasPython && 'python3 missing' }, () => {
  let t: Interop;
  let out: any;
  before(async () => {
    t = await startInterop();
    out = await t.py('assertions.py', [D]);
  });
  after(async () => {
    await t?.server.stop();
  });

  it('upsert_custom_assertion creates the assertion; get_aspect reads it back as DataHub writes it', () => {
    assert.match(out.urn, /^urn:li:assertion:[0-9a-f-]{36}$/);
    const column = `urn:li:schemaField:(${D},user_id)`;
    assert.equal(out.info.type, 'CUSTOM');
    assert.equal(out.info.entityUrn, D);
    assert.equal(out.info.description, 'No null user ids');
    assert.equal(out.info.externalUrl, 'https://ge.example/checks/1');
    assert.equal(out.info.source.type, 'EXTERNAL');
    assert.deepEqual(out.info.customAssertion, {
      type: 'Data Quality',
      entity: D,
      field: column,
      fields: [column],
      scope: 'DATASET_COLUMN',
      aggregation: 'NULL_COUNT',
      operator: 'EQUAL_TO',
      parameters: { value: { value: '0', type: 'NUMBER' } },
      nativeType: 'expect_column_values_to_not_be_null',
      nativeParameters: { mostly: '1.0' },
      logic: 'SELECT COUNT(*) FROM t WHERE user_id IS NULL',
    });
    assert.equal(out.platform, 'urn:li:dataPlatform:great-expectations');
  });

  it("report_assertion_result stores run events; a missing assertion fails with DataHub's message", () => {
    assert.deepEqual(out.reported, [true, true, true, true]);
    assert.deepEqual(out.latest, {
      timestampMillis: 4000,
      runId: '4000',
      asserteeUrn: D,
      status: 'COMPLETE',
      result: { type: 'SUCCESS' },
      assertionUrn: out.urn,
      partitionSpec: { partition: 'FULL_TABLE_SNAPSHOT', type: 'FULL_TABLE' },
    });
    assert.match(
      out.missingReport,
      /Failed to report Assertion Run Event\. Assertion with urn urn:li:assertion:missing does not exist or is not associated with any entity\./,
    );
  });

  it("the Assertion API (datahub.api.graphql) reads the dataset's assertions with their run events", () => {
    assert.equal(out.breaker.length, 2);
    const custom = out.breaker.find((a: any) => a.runEvents.runEvents[0].assertionUrn === out.urn);
    assert.deepEqual([custom.runEvents.total, custom.runEvents.failed, custom.runEvents.succeeded], [4, 1, 2]);
    const [latest, error, failure, first] = custom.runEvents.runEvents;
    assert.equal(latest.result.type, 'SUCCESS');
    assert.deepEqual(error.result.error, { type: 'SOURCE_QUERY_FAILED', properties: [{ value: 'syntax error' }] });
    assert.equal(failure.result.severity, 'HIGH');
    assert.equal(failure.result.externalUrl, 'https://ge.example/runs/2');
    assert.deepEqual(first.result.nativeResults, [{ value: '0' }]);
    const emitted = out.breaker.find((a: any) => a !== custom);
    assert.deepEqual(
      emitted.runEvents.runEvents.map((e: any) => [e.timestampMillis, e.result.type, e.result.actualAggValue]),
      [[5000, 'FAILURE', 3]],
    );
  });

  it("mcp-server-datahub's get_dataset_assertions finds them, filtered by column, type and status", () => {
    const all = out.toolAll.data;
    assert.equal(all.total, 2);
    const custom = all.assertions.find((a: any) => a.urn === out.urn);
    assert.equal(custom.type, 'CUSTOM');
    assert.equal(custom.platform, 'great-expectations');
    assert.equal(custom.sourceType, 'EXTERNAL');
    assert.equal(custom.column, 'user_id');
    assert.equal(custom.latestResultType, 'SUCCESS');
    assert.deepEqual(custom.runSummary, { total: 3, succeeded: 1, failed: 1 });
    assert.deepEqual(custom.runHistory[1], {
      timestampMillis: 3000,
      resultType: 'ERROR',
      error: 'The query to your data source failed.',
    });
    assert.deepEqual(
      out.toolColumn.data.assertions.map((a: any) => [a.urn, a.column, a.latestResultType]),
      [[FIELD_CHECK, 'email', 'FAILURE']],
    );
    assert.deepEqual(
      out.toolPassing.data.assertions.map((a: any) => a.urn),
      [out.urn],
    );
    assert.deepEqual(
      out.toolFailing.data.assertions.map((a: any) => a.urn),
      [FIELD_CHECK],
    );
  });

  it("the MCP server's sub-entity resolver finds the dataset an assertion belongs to", () => {
    assert.equal(out.parent, D);
  });

  it("run_assertion fails as against DataHub's open-source server: the mutation is DataHub Cloud's", () => {
    assert.match(out.run, /Cannot query field "runAssertion" on type "Mutation"\./);
  });
});
