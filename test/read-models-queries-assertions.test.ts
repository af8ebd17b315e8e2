/**
 * The read models of queries, documents, version sets, ingestion sources and runs, and assertions
 * (src/ops/read/{query,document,versionSet,ingestionSource,assertion}.ts): one test per reading rule
 * — each fallback, default, filter and order — against the real store on a temp file. Values are
 * stored raw where a client could store them so (unchecked fields, odd enum values), bypassing the
 * write checks, to reach each rule.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { AssertionInfo } from '../src/model/aspects/assertionInfo.ts';
import { keyAspectOf } from '../src/model/registry.ts';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { writeAspect } from '../src/ops/core/writeAspect.ts';
import {
  assertionInfoOf,
  readAssertionActions,
  readAssertionDataset,
  readAssertionPlatform,
  readAssertionRunEvents,
  runEventOf,
  UNKNOWN_PLATFORM,
} from '../src/ops/read/assertion.ts';
import { windowMillis } from '../src/ops/read/common.ts';
import {
  DATAHUB_PLATFORM,
  readDocumentExists,
  readDocumentInfo,
  readDocumentPlatform,
  readDocumentSettings,
  readDocumentSubType,
  readSemanticText,
} from '../src/ops/read/document.ts';
import {
  DEFAULT_EXECUTOR_ID,
  ingestionSourceOf,
  readExecutionRequest,
  readExecutionSource,
  readIngestionSource,
} from '../src/ops/read/ingestionSource.ts';
import { querySubjectOf, readQueryPlatform, readQueryProperties, readQuerySubjects } from '../src/ops/read/query.ts';
import { readLatestVersion, readVersionProperties, searchVersions } from '../src/ops/read/versionSet.ts';
import type { Store, TimeseriesRow } from '../src/store/store.ts';
import { tempDataPath } from './helpers.ts';

const T = 1_700_000_000_000;
const ANN = 'urn:li:corpuser:ann';
const stamp = { time: T, actor: ANN };
const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;
const column = (dataset: string, path: string) => `urn:li:schemaField:(${dataset},${path})`;
const ORDERS = ds('orders');

let store: Store;

/** Stores `value` as it is, without the write checks (as an older or lenient client may have stored it). */
async function putRaw(urn: string, aspectName: string, value: unknown): Promise<void> {
  const key = keyAspectOf(urn);
  await store.write((txn) =>
    txn.putAspect({
      urn,
      entityType: key.entityType,
      aspectName,
      value,
      created: stamp,
      systemMetadata: null,
      key: { aspectName: key.aspectName, value: key.value },
    }),
  );
}

/** Stores `value` through writeAspect: checked, side effects run. */
async function put(urn: string, aspectName: string, value: unknown): Promise<void> {
  await store.write((txn) => writeAspect(txn, stamp, urn, aspectName, value));
}

before(() => {
  store = openCatalog(tempDataPath());
});
after(() => store.close());

describe('query read model', () => {
  it('a statement without a language reads as SQL; a stored language is kept', async () => {
    await putRaw('urn:li:query:q1', 'queryProperties', {
      statement: { value: 'select 1' },
      source: 'MANUAL',
      created: stamp,
      lastModified: stamp,
    });
    await putRaw('urn:li:query:q2', 'queryProperties', {
      statement: { value: 'x', language: 'UNKNOWN' },
      source: 'SYSTEM',
      created: stamp,
      lastModified: stamp,
    });
    assert.deepEqual(readQueryProperties(store, 'urn:li:query:q1')?.statement, { value: 'select 1', language: 'SQL' });
    assert.deepEqual(readQueryProperties(store, 'urn:li:query:q2')?.statement, { value: 'x', language: 'UNKNOWN' });
  });

  it('a statement stored without its text reads as empty', async () => {
    await putRaw('urn:li:query:q3', 'queryProperties', { source: 'MANUAL', created: stamp, lastModified: stamp });
    assert.deepEqual(readQueryProperties(store, 'urn:li:query:q3')?.statement, { value: '', language: 'SQL' });
  });

  it('stamps without a time or an actor read time 0 and no actor; no name, description or origin read as null', async () => {
    await putRaw('urn:li:query:q4', 'queryProperties', {
      statement: { value: 's' },
      source: 'MANUAL',
      created: { actor: ANN },
      lastModified: { time: 5 },
    });
    const p = readQueryProperties(store, 'urn:li:query:q4')!;
    assert.deepEqual(
      [p.created, p.lastModified],
      [
        { time: 0, actor: ANN },
        { time: 5, actor: null },
      ],
    );
    assert.deepEqual([p.name, p.description, p.origin, p.customProperties], [null, null, null, []]);
    assert.equal(readQueryProperties(store, 'urn:li:query:none'), null);
  });

  it('a dataset subject is the dataset; a column subject is its dataset plus the column', () => {
    assert.deepEqual(querySubjectOf(ORDERS), { dataset: ORDERS, schemaField: null });
    assert.deepEqual(querySubjectOf(column(ORDERS, 'id')), { dataset: ORDERS, schemaField: column(ORDERS, 'id') });
  });

  it('a subject of another type, or a column of something other than a dataset, is left out, in stored order otherwise', async () => {
    const chartColumn = column('urn:li:chart:(looker,c1)', 'x');
    assert.equal(querySubjectOf('urn:li:chart:(looker,c1)'), null);
    assert.equal(querySubjectOf(chartColumn), null);
    await putRaw('urn:li:query:q5', 'querySubjects', {
      subjects: [
        { entity: column(ORDERS, 'b') },
        { entity: 'urn:li:chart:(looker,c1)' },
        { entity: ds('users') },
        { entity: chartColumn },
      ],
    });
    assert.deepEqual(readQuerySubjects(store, 'urn:li:query:q5'), [
      { dataset: ORDERS, schemaField: column(ORDERS, 'b') },
      { dataset: ds('users'), schemaField: null },
    ]);
    assert.equal(readQuerySubjects(store, 'urn:li:query:q1'), null);
  });

  it('the platform is the stored dataPlatformInstance one, else none', async () => {
    await putRaw('urn:li:query:q5', 'dataPlatformInstance', { platform: 'urn:li:dataPlatform:snowflake' });
    assert.equal(readQueryPlatform(store, 'urn:li:query:q5'), 'urn:li:dataPlatform:snowflake');
    assert.equal(readQueryPlatform(store, 'urn:li:query:q1'), null);
  });
});

describe('document read model', () => {
  const DOC = 'urn:li:document:guide';
  const info = {
    title: 'Guide',
    status: { state: 'PUBLISHED' },
    contents: { text: 'hello' },
    created: stamp,
    lastModified: stamp,
  };

  it('contents stored without text read as empty; absent source fields read as null', async () => {
    await putRaw('urn:li:document:bare', 'documentInfo', {
      status: { state: 'PUBLISHED' },
      source: { sourceType: 'EXTERNAL' },
      created: stamp,
      lastModified: stamp,
    });
    const read = readDocumentInfo(store, 'urn:li:document:bare')!;
    assert.equal(read.text, '');
    assert.deepEqual(read.source, { sourceType: 'EXTERNAL', externalUrl: null, externalId: null });
    assert.deepEqual(
      [read.title, read.relatedAssets, read.relatedDocuments, read.parentDocument],
      [null, null, null, null],
    );
  });

  it('custom properties read as null when the stored map is empty, as entries when it has some', async () => {
    await put(DOC, 'documentInfo', { ...info, customProperties: {} });
    assert.equal(readDocumentInfo(store, DOC)!.customProperties, null);
    await put(DOC, 'documentInfo', {
      ...info,
      customProperties: { team: 'core' },
      parentDocument: { document: 'urn:li:document:root' },
    });
    const read = readDocumentInfo(store, DOC)!;
    assert.deepEqual(read.customProperties, [{ key: 'team', value: 'core' }]);
    assert.equal(read.parentDocument, 'urn:li:document:root');
  });

  it('a document is shown in the global context unless its settings say false; no settings read as null', async () => {
    assert.equal(readDocumentSettings(store, DOC), null);
    await putRaw(DOC, 'documentSettings', {});
    assert.deepEqual(readDocumentSettings(store, DOC), { showInGlobalContext: true });
    await putRaw(DOC, 'documentSettings', { showInGlobalContext: false });
    assert.deepEqual(readDocumentSettings(store, DOC), { showInGlobalContext: false });
  });

  it('the sub-type is the first stored type name; the semantic text only a stored string', async () => {
    assert.equal(readDocumentSubType(store, DOC), null);
    await putRaw(DOC, 'subTypes', { typeNames: ['Runbook', 'FAQ'] });
    assert.equal(readDocumentSubType(store, DOC), 'Runbook');
    assert.equal(readSemanticText(store, DOC), null);
    await putRaw(DOC, 'semanticText', { text: 7 });
    assert.equal(readSemanticText(store, DOC), null);
    await putRaw(DOC, 'semanticText', { text: 'vectors' });
    assert.equal(readSemanticText(store, DOC), 'vectors');
  });

  it("a document without a dataPlatformInstance is on DataHub's platform; a stored one and its instance are read", async () => {
    assert.deepEqual(readDocumentPlatform(store, DOC), { platform: DATAHUB_PLATFORM, instance: null });
    await putRaw(DOC, 'dataPlatformInstance', {
      platform: 'urn:li:dataPlatform:notion',
      instance: 'urn:li:dataPlatformInstance:(urn:li:dataPlatform:notion,eu)',
    });
    assert.deepEqual(readDocumentPlatform(store, DOC), {
      platform: 'urn:li:dataPlatform:notion',
      instance: 'urn:li:dataPlatformInstance:(urn:li:dataPlatform:notion,eu)',
    });
  });

  it('a soft-deleted document does not exist, nor one never stored', async () => {
    assert.equal(readDocumentExists(store, DOC), true);
    assert.equal(readDocumentExists(store, 'urn:li:document:never'), false);
    await put(DOC, 'status', { removed: true });
    assert.equal(readDocumentExists(store, DOC), false);
    await put(DOC, 'status', { removed: false });
    assert.equal(readDocumentExists(store, DOC), true);
  });
});

describe('version set read model', () => {
  const VS = 'urn:li:versionSet:(orders,dataset)';
  const version = (tag: string, sortId: string, versionSet = VS) => ({
    versionSet,
    version: { versionTag: tag },
    sortId,
  });

  it('a set without properties has no latest version', () => {
    assert.equal(readLatestVersion(store, VS), null);
  });

  it('versionProperties: isLatest only when true, no aliases read as empty, absent stamps as null, a tag without text as null', async () => {
    const RAW = 'urn:li:versionSet:(raw,dataset)';
    await putRaw(ds('v0'), 'versionProperties', {
      versionSet: RAW,
      version: {},
      sortId: 'A',
      isLatest: 'yes',
      sourceCreatedTimestamp: { actor: ANN },
    });
    assert.deepEqual(readVersionProperties(store, ds('v0')), {
      versionSet: RAW,
      version: { versionTag: null },
      aliases: [],
      comment: null,
      isLatest: false,
      created: null,
      createdInSource: { time: 0, actor: ANN },
    });
    assert.equal(readVersionProperties(store, ds('unversioned')), null);
  });

  it('searchVersions finds only the versions of the set, newest (highest sortId) first', async () => {
    await put(ds('v1'), 'versionProperties', version('1', 'AAAAAAAA'));
    await put(ds('v3'), 'versionProperties', version('3', 'AAAAAAAC'));
    await put(ds('v2'), 'versionProperties', version('2', 'AAAAAAAB'));
    await put(ds('other'), 'versionProperties', version('9', 'AAAAAAAZ', 'urn:li:versionSet:(other,dataset)'));
    assert.equal(readLatestVersion(store, VS), ds('v3'));
    assert.equal(readVersionProperties(store, ds('v1'))!.createdInSource, null);
    const page = searchVersions(store, VS, { query: '*' });
    assert.deepEqual(
      page.hits.map((h) => h.urn),
      [ds('v3'), ds('v2'), ds('v1')],
    );
  });

  it("searchVersions keeps the set's restriction in every filter group given", () => {
    const anyOf = {
      field: 'versionSet',
      values: [VS, 'urn:li:versionSet:(other,dataset)'],
      condition: 'EQUAL' as const,
      negated: false,
    };
    const page = searchVersions(store, VS, { query: '*', filters: [[anyOf]] });
    assert.deepEqual(
      page.hits.map((h) => h.urn),
      [ds('v3'), ds('v2'), ds('v1')],
    );
  });

  it("searchVersions searches the set's own entity type when no types are given", async () => {
    const model = 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,churn,PROD)';
    await put(model, 'versionProperties', version('m', 'AAAAAAAD'));
    assert.deepEqual(
      searchVersions(store, VS, { query: '*' }).hits.map((h) => h.urn),
      [ds('v3'), ds('v2'), ds('v1')],
    );
    assert.deepEqual(
      searchVersions(store, VS, { query: '*', types: ['mlModel'] }).hits.map((h) => h.urn),
      [model],
    );
  });
});

describe('ingestion source read model', () => {
  const SRC = 'urn:li:dataHubIngestionSource:nightly';
  const RUN = 'urn:li:dataHubExecutionRequest:run-1';

  it(`a config without an executor runs on "${DEFAULT_EXECUTOR_ID}"; a stored one is kept`, () => {
    const info = { name: 'n', type: 'mysql', config: { recipe: '{}' } };
    assert.equal(ingestionSourceOf(SRC, info).config.executorId, 'default');
    assert.equal(
      ingestionSourceOf(SRC, { ...info, config: { recipe: '{}', executorId: 'remote' } }).config.executorId,
      'remote',
    );
  });

  it('a schedule without a time zone reads it as null; absent config fields read as null', () => {
    // As a data file written before the time zone was checked on write may hold it.
    const storedBeforeChecks = { interval: '0 * * * *' } as { interval: string; timezone: string };
    const read = ingestionSourceOf(SRC, {
      name: 'n',
      type: 'mysql',
      schedule: storedBeforeChecks,
      config: { recipe: '{}' },
    });
    assert.deepEqual(read.schedule, { interval: '0 * * * *', timezone: null });
    assert.deepEqual(read.config, {
      recipe: '{}',
      executorId: 'default',
      version: null,
      debugMode: null,
      extraArgs: null,
    });
  });

  it('the platform is read only when it is a data platform urn', () => {
    const info = { name: 'n', type: 'mysql', config: { recipe: '{}' } };
    assert.equal(
      ingestionSourceOf(SRC, { ...info, platform: 'urn:li:dataPlatform:mysql' }).platform,
      'urn:li:dataPlatform:mysql',
    );
    assert.equal(ingestionSourceOf(SRC, { ...info, platform: 'urn:li:corpuser:ann' as never }).platform, null);
    assert.equal(ingestionSourceOf(SRC, { ...info, platform: 'not a urn' as never }).platform, null);
  });

  it('extra arguments read as entries, a value that is not a string as null', () => {
    const read = ingestionSourceOf(SRC, {
      name: 'n',
      type: 'mysql',
      config: { recipe: '{}', extraArgs: { a: 'x', b: 3 as never } },
    });
    assert.deepEqual(read.config.extraArgs, [
      { key: 'a', value: 'x' },
      { key: 'b', value: null },
    ]);
  });

  it('a source is read from its stored info; none without', async () => {
    assert.equal(readIngestionSource(store, SRC), null);
    await put(SRC, 'dataHubIngestionSourceInfo', { name: 'Nightly', type: 'mysql', config: { recipe: '{}' } });
    assert.equal(readIngestionSource(store, SRC)?.name, 'Nightly');
  });

  it('a run: its id from the urn; absent or mistyped input fields read as DataHub defaults; an actor only when a user', async () => {
    await putRaw(RUN, 'dataHubExecutionRequestInput', {
      task: 5,
      requestedAt: 'soon',
      actorUrn: 'urn:li:corpGroup:eng',
      source: { type: 'CLI_INGESTION_SOURCE', ingestionSource: 7 },
      args: { k: 'v' },
    });
    const run = readExecutionRequest(store, RUN);
    assert.equal(run.id, 'run-1');
    assert.deepEqual(run.input, {
      task: '',
      source: { type: 'CLI_INGESTION_SOURCE', ingestionSource: null },
      arguments: [{ key: 'k', value: 'v' }],
      requestedAt: 0,
      actorUrn: null,
      executorId: null,
    });
    assert.equal(run.result, null);
    await putRaw(RUN, 'dataHubExecutionRequestInput', {
      task: 'RUN_INGEST',
      requestedAt: T,
      actorUrn: ANN,
      source: { ingestionSource: SRC },
    });
    assert.equal(readExecutionRequest(store, RUN).input?.actorUrn, ANN);
  });

  it('a run result: absent status reads empty, a structured report its missing parts empty', async () => {
    await putRaw(RUN, 'dataHubExecutionRequestResult', { durationMs: 12, structuredReport: { type: 'CLI_INGEST' } });
    assert.deepEqual(readExecutionRequest(store, RUN).result, {
      status: '',
      startTimeMs: null,
      durationMs: 12,
      report: null,
      structuredReport: { type: 'CLI_INGEST', serializedValue: '', contentType: '' },
    });
  });

  it('the source of a run is the one its input names only when that source is stored', async () => {
    assert.equal(readExecutionSource(store, RUN), SRC);
    await putRaw(RUN, 'dataHubExecutionRequestInput', {
      source: { ingestionSource: 'urn:li:dataHubIngestionSource:gone' },
    });
    assert.equal(readExecutionSource(store, RUN), null);
    await putRaw(RUN, 'dataHubExecutionRequestInput', { source: { ingestionSource: ANN } });
    assert.equal(readExecutionSource(store, RUN), null);
  });
});

describe('assertion read model', () => {
  const info = (fields: Record<string, unknown>) =>
    assertionInfoOf({ type: 'DATASET', ...fields } as unknown as AssertionInfo);
  const COL = column(ORDERS, 'id');

  it("a dataset assertion: a scope outside DataHub's reads UNKNOWN, an aggregation null, an operator _NATIVE_", () => {
    const d = info({ datasetAssertion: { dataset: ORDERS, scope: 'TABLE', aggregation: 'AVG', operator: 'LIKE' } })
      .datasetAssertion!;
    assert.deepEqual([d.scope, d.aggregation, d.operator], ['UNKNOWN', null, '_NATIVE_']);
    const ok = info({
      datasetAssertion: { dataset: ORDERS, scope: 'DATASET_ROWS', aggregation: 'ROW_COUNT', operator: 'BETWEEN' },
    }).datasetAssertion!;
    assert.deepEqual([ok.scope, ok.aggregation, ok.operator], ['DATASET_ROWS', 'ROW_COUNT', 'BETWEEN']);
  });

  it('a parameter without a string value is none; a parameter type outside the enum reads UNKNOWN', () => {
    const d = info({
      datasetAssertion: {
        dataset: ORDERS,
        parameters: {
          value: { value: 5, type: 'NUMBER' },
          minValue: { value: '1', type: 'INT' },
          maxValue: { value: '9', type: 'NUMBER' },
        },
      },
    });
    assert.deepEqual(d.datasetAssertion!.parameters, {
      value: null,
      minValue: { value: '1', type: 'UNKNOWN' },
      maxValue: { value: '9', type: 'NUMBER' },
    });
  });

  it('columns are schema field urns with their path; anything else is left out', () => {
    const d = info({ datasetAssertion: { dataset: ORDERS, fields: [COL, ORDERS, 'urn:li:schemaField:broken', 4] } })
      .datasetAssertion!;
    assert.deepEqual(d.fields, [{ urn: COL, path: 'id' }]);
  });

  it('a freshness assertion: DATASET_CHANGE, SINCE_THE_LAST_CHECK and a fixed interval of 1 by default; an unknown unit has no interval', () => {
    const f = info({
      type: 'FRESHNESS',
      freshnessAssertion: {
        entity: ORDERS,
        type: 'OTHER',
        schedule: { type: 'HOURLY', fixedInterval: { unit: 'HOUR' } },
      },
    }).freshnessAssertion!;
    assert.deepEqual(
      [f.type, f.schedule.type, f.schedule.fixedInterval],
      ['DATASET_CHANGE', 'SINCE_THE_LAST_CHECK', { unit: 'HOUR', multiple: 1 }],
    );
    const unknown = info({
      type: 'FRESHNESS',
      freshnessAssertion: {
        entity: ORDERS,
        schedule: { type: 'FIXED_INTERVAL', fixedInterval: { unit: 'FORTNIGHT', multiple: 2 } },
      },
    }).freshnessAssertion!;
    assert.deepEqual([unknown.schedule.type, unknown.schedule.fixedInterval], ['FIXED_INTERVAL', null]);
    const cron = info({
      type: 'FRESHNESS',
      freshnessAssertion: { entity: ORDERS, type: 'DATA_JOB_RUN', schedule: { type: 'CRON', cron: {} } },
    }).freshnessAssertion!;
    assert.deepEqual(
      [cron.type, cron.schedule.cron],
      ['DATA_JOB_RUN', { cron: '', timezone: '', windowStartOffsetMs: null }],
    );
  });

  it('a volume assertion: ROW_COUNT_TOTAL by default, a change ABSOLUTE unless PERCENTAGE, parameters empty when none, a segment transformer NATIVE', () => {
    const v = info({
      type: 'VOLUME',
      volumeAssertion: {
        entity: ORDERS,
        rowCountChange: { type: 'RATIO', operator: 'GREATER_THAN' },
        incrementingSegmentRowCountTotal: { operator: 'X', segment: { field: { path: 'day' }, transformer: {} } },
      },
    }).volumeAssertion!;
    assert.equal(v.type, 'ROW_COUNT_TOTAL');
    assert.deepEqual(v.rowCountChange, {
      type: 'ABSOLUTE',
      operator: 'GREATER_THAN',
      parameters: { value: null, minValue: null, maxValue: null },
    });
    assert.deepEqual(v.incrementingSegmentRowCountTotal, {
      operator: '_NATIVE_',
      parameters: { value: null, minValue: null, maxValue: null },
      segment: { field: { path: 'day', type: '', nativeType: '' }, transformer: { type: 'NATIVE', nativeType: null } },
    });
    assert.equal(v.rowCountTotal, null);
    const pct = info({
      type: 'VOLUME',
      volumeAssertion: { entity: ORDERS, type: 'ROW_COUNT_CHANGE', rowCountChange: { type: 'PERCENTAGE' } },
    }).volumeAssertion!;
    assert.deepEqual([pct.type, pct.rowCountChange!.type], ['ROW_COUNT_CHANGE', 'PERCENTAGE']);
  });

  it('a SQL assertion: METRIC unless METRIC_CHANGE; a change type only when stored, ABSOLUTE unless PERCENTAGE', () => {
    const s = info({ type: 'SQL', sqlAssertion: { entity: ORDERS, type: 'OTHER' } }).sqlAssertion!;
    assert.deepEqual([s.type, s.changeType, s.statement], ['METRIC', null, '']);
    const change = info({
      type: 'SQL',
      sqlAssertion: { entity: ORDERS, type: 'METRIC_CHANGE', changeType: 'RELATIVE' },
    }).sqlAssertion!;
    assert.deepEqual([change.type, change.changeType], ['METRIC_CHANGE', 'ABSOLUTE']);
  });

  it('a field assertion: FIELD_VALUES unless FIELD_METRIC, a COUNT threshold of 0, nulls excluded, any transform LENGTH', () => {
    const f = info({
      type: 'FIELD',
      fieldAssertion: {
        entity: ORDERS,
        fieldValuesAssertion: { field: { path: 'id' }, transform: { type: 'UPPER' }, failThreshold: { type: 'RATIO' } },
      },
    }).fieldAssertion!;
    assert.equal(f.type, 'FIELD_VALUES');
    assert.deepEqual(
      [f.fieldValuesAssertion!.transform, f.fieldValuesAssertion!.failThreshold, f.fieldValuesAssertion!.excludeNulls],
      [{ type: 'LENGTH' }, { type: 'COUNT', value: 0 }, true],
    );
    const g = info({
      type: 'FIELD',
      fieldAssertion: {
        entity: ORDERS,
        type: 'FIELD_METRIC',
        fieldValuesAssertion: { excludeNulls: false, failThreshold: { type: 'PERCENTAGE', value: 5 } },
      },
    }).fieldAssertion!;
    assert.deepEqual(
      [
        g.type,
        g.fieldValuesAssertion!.excludeNulls,
        g.fieldValuesAssertion!.failThreshold,
        g.fieldValuesAssertion!.transform,
      ],
      ['FIELD_METRIC', false, { type: 'PERCENTAGE', value: 5 }, null],
    );
  });

  it("a schema assertion: EXACT_MATCH unless one of DataHub's compatibilities; column types as DataHub's field types", () => {
    const s = info({
      type: 'DATA_SCHEMA',
      schemaAssertion: {
        entity: ORDERS,
        compatibility: 'LOOSE',
        schema: {
          fields: [
            { fieldPath: 'id', nativeDataType: 'int', type: { type: { 'com.linkedin.schema.NumberType': {} } } },
          ],
        },
      },
    }).schemaAssertion!;
    assert.equal(s.compatibility, 'EXACT_MATCH');
    assert.deepEqual(s.fields, [{ path: 'id', type: 'NUMBER', nativeType: 'int' }]);
    assert.equal(
      info({ type: 'DATA_SCHEMA', schemaAssertion: { entity: ORDERS, compatibility: 'SUBSET' } }).schemaAssertion!
        .compatibility,
      'SUBSET',
    );
  });

  it('a custom assertion: `field` first among the columns when `fields` lacks it; the one of `fields` as `field`; enums null when unknown', () => {
    const other = column(ORDERS, 'name');
    const c = info({
      type: 'CUSTOM',
      customAssertion: { type: 'x', entity: ORDERS, field: COL, fields: [other], operator: 'LIKE', scope: 'TABLE' },
    }).customAssertion!;
    assert.deepEqual(
      c.fields.map((f) => f.path),
      ['id', 'name'],
    );
    assert.equal(c.field?.path, 'id');
    assert.deepEqual([c.operator, c.scope, c.nativeParameters], [null, null, null]);
    const same = info({
      type: 'CUSTOM',
      customAssertion: { type: 'x', entity: ORDERS, field: COL, fields: [COL, other] },
    }).customAssertion!;
    assert.deepEqual(
      same.fields.map((f) => f.path),
      ['id', 'name'],
    );
    const one = info({ type: 'CUSTOM', customAssertion: { type: 'x', entity: ORDERS, fields: [other] } })
      .customAssertion!;
    assert.equal(one.field?.path, 'name');
    assert.equal(
      info({ type: 'CUSTOM', customAssertion: { type: 'x', entity: ORDERS, fields: [COL, other] } }).customAssertion!
        .field,
      null,
    );
  });

  it("the source type reads EXTERNAL unless one of DataHub's; the checked entity from the definition when entityUrn is not stored", () => {
    const a = info({
      datasetAssertion: { dataset: ORDERS },
      source: { type: 'MANUAL', created: { time: 3 } },
      note: { content: 'n' },
    });
    assert.deepEqual(a.source, { type: 'EXTERNAL', created: { time: 3, actor: null } });
    assert.equal(a.entityUrn, ORDERS);
    assert.equal(a.note, 'n');
    assert.equal(info({ datasetAssertion: { dataset: ORDERS }, entityUrn: ds('users') }).entityUrn, ds('users'));
    assert.equal(info({ source: { type: 'INFERRED' } }).source!.type, 'INFERRED');
  });

  it("the platform is the stored one, else DataHub's unknown platform", async () => {
    assert.equal(readAssertionPlatform(store, 'urn:li:assertion:a1'), UNKNOWN_PLATFORM);
    await putRaw('urn:li:assertion:a1', 'dataPlatformInstance', { platform: 'urn:li:dataPlatform:dbt' });
    assert.equal(readAssertionPlatform(store, 'urn:li:assertion:a1'), 'urn:li:dataPlatform:dbt');
  });

  it('the dataset is the checked entity only when it is a dataset', async () => {
    await putRaw('urn:li:assertion:a1', 'assertionInfo', {
      type: 'FRESHNESS',
      freshnessAssertion: { entity: 'urn:li:dataJob:(urn:li:dataFlow:(airflow,f,PROD),j)' },
    });
    assert.equal(readAssertionDataset(store, 'urn:li:assertion:a1'), null);
    await putRaw('urn:li:assertion:a1', 'assertionInfo', { type: 'FRESHNESS', freshnessAssertion: { entity: ORDERS } });
    assert.equal(readAssertionDataset(store, 'urn:li:assertion:a1'), ORDERS);
  });

  it('actions without a string type are left out; none stored reads null', async () => {
    assert.equal(readAssertionActions(store, 'urn:li:assertion:a1'), null);
    await putRaw('urn:li:assertion:a1', 'assertionActions', {
      onSuccess: [{ type: 'RESOLVE_INCIDENT' }, { type: 3 }, 'x'],
      onFailure: 'nope',
    });
    assert.deepEqual(readAssertionActions(store, 'urn:li:assertion:a1'), {
      onSuccess: [{ type: 'RESOLVE_INCIDENT' }],
      onFailure: [],
    });
  });

  const event = (
    value: Record<string, unknown>,
    systemMetadata: Record<string, unknown> | null = null,
  ): TimeseriesRow => ({ timestampMillis: T, value, systemMetadata, created: stamp });

  it('a run event: missing ids read empty, status always COMPLETE, a partition type PARTITION unless known', () => {
    const e = runEventOf(
      event({ status: 'RUNNING', partitionSpec: { type: 'DAILY', partition: 'p1' } }, { lastObserved: 9 }),
    );
    assert.deepEqual(
      [e.runId, e.assertionUrn, e.asserteeUrn, e.status, e.lastObservedMillis],
      ['', '', '', 'COMPLETE', 9],
    );
    assert.deepEqual(e.partitionSpec, { type: 'PARTITION', partition: 'p1', timePartition: null });
    assert.equal(runEventOf(event({ partitionSpec: { type: 'FULL_TABLE' } })).partitionSpec!.type, 'FULL_TABLE');
  });

  it('a time partition lasts its fixed units, or its calendar months from its start (UTC); a day when the unit is unknown', () => {
    const jan31 = Date.UTC(2024, 0, 31);
    assert.equal(windowMillis(jan31, { unit: 'WEEK', multiple: 2 }), 14 * 86_400_000);
    assert.equal(windowMillis(Date.UTC(2024, 1, 1), { unit: 'MONTH' }), 29 * 86_400_000);
    assert.equal(windowMillis(Date.UTC(2023, 1, 1), { unit: 'MONTH' }), 28 * 86_400_000);
    assert.equal(windowMillis(Date.UTC(2024, 0, 1), { unit: 'QUARTER' }), 91 * 86_400_000);
    assert.equal(windowMillis(jan31, { unit: 'EON', multiple: 3 }), 3 * 86_400_000);
    assert.equal(windowMillis(jan31, undefined), 86_400_000);
    const e = runEventOf(
      event({
        partitionSpec: {
          type: 'PARTITION',
          timePartition: { startTimeMillis: Date.UTC(2024, 1, 1), length: { unit: 'MONTH', multiple: 1 } },
        },
      }),
    );
    assert.deepEqual(e.partitionSpec!.timePartition, {
      startTimeMillis: Date.UTC(2024, 1, 1),
      durationMillis: 29 * 86_400_000,
    });
  });

  it('a result: INIT unless a known type, severity only a known one, an unknown error type UNKNOWN_ERROR with the sentence for it', () => {
    const r = runEventOf(event({ result: { type: 'PASSED', severity: 'SEVERE', error: { type: 'DISK_FULL' } } }))
      .result!;
    assert.deepEqual([r.type, r.severity], ['INIT', null]);
    assert.deepEqual(r.error, {
      type: 'UNKNOWN_ERROR',
      properties: null,
      displayMessage: 'Something unexpected happened during evaluation.',
    });
    const known = runEventOf(
      event({
        result: {
          type: 'ERROR',
          severity: 'HIGH',
          error: { type: 'SOURCE_QUERY_FAILED', properties: { message: 'm' } },
        },
      }),
    ).result!;
    assert.deepEqual([known.type, known.severity], ['ERROR', 'HIGH']);
    assert.deepEqual(known.error, {
      type: 'SOURCE_QUERY_FAILED',
      properties: [{ key: 'message', value: 'm' }],
      displayMessage: 'The query to your data source failed.',
    });
  });

  it('run events read newest first with the counts of each result', async () => {
    const A = 'urn:li:assertion:a1';
    for (const [i, type] of ['SUCCESS', 'FAILURE', 'SUCCESS'].entries()) {
      await put(A, 'assertionRunEvent', {
        timestampMillis: T + i,
        runId: `r${i}`,
        assertionUrn: A,
        asserteeUrn: ORDERS,
        status: 'COMPLETE',
        result: { type },
      });
    }
    const r = readAssertionRunEvents(store, A, {});
    assert.deepEqual([r.total, r.succeeded, r.failed, r.errored, r.initializing], [3, 2, 1, 0, 0]);
    assert.deepEqual(
      r.runEvents.map((e) => e.runId),
      ['r2', 'r1', 'r0'],
    );
  });
});
