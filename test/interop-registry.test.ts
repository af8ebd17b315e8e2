// DataHub's Python client reads aspects back by the schema name its classes carry
// (docs/datahub/rest-cli.md §2.2, §7.3): `DataHubGraph.get_aspect(urn, <class>)` against a real
// `catalog serve`, for a sample of the aspects whose names the registry used to guess or get wrong —
// keys outside com.linkedin.metadata.key, ML model aspects whose record names differ from their
// aspect names, and aspects Catalog only stores. Each is written with the client's own class, so its
// schema checks the value, and must read back equal.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DATAHUB_ASPECT_FQNS } from './fixtures/datahub-registry.ts';
import { requirePython, startInterop, type Interop } from './interop/setup.ts';

requirePython('REGISTRY INTEROP SUITE');

const PROPERTY = 'urn:li:structuredProperty:io.catalog.interopLabel';
const PRODUCT = 'urn:li:dataProduct:interop-labels';
const DATA_TYPE = 'urn:li:dataType:datahub.string';
const ENTITY_TYPE = 'urn:li:entityType:datahub.dataset';
const APP = 'urn:li:application:interop-app';
const MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,churn,PROD)';
const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,interop_labels,PROD)';
const JOB = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,nightly,prod),load_orders)';
const CHART = 'urn:li:chart:(looker,orders_by_day)';
const NOTEBOOK = 'urn:li:notebook:(querybook,42)';
const FIELD = `urn:li:schemaField:(${DATASET},day)`;

interface Case {
  urn: string;
  write: Array<[string, unknown]>;
  read: string;
  /** The value a key aspect reads as (it follows from the urn); other aspects read as written. */
  key?: Record<string, string>;
}

const CASES: Case[] = [
  {
    urn: PROPERTY,
    write: [
      [
        'propertyDefinition',
        { qualifiedName: 'io.catalog.interopLabel', valueType: DATA_TYPE, entityTypes: [ENTITY_TYPE] },
      ],
    ],
    read: 'structuredPropertyKey',
    key: { id: 'io.catalog.interopLabel' },
  },
  {
    urn: PROPERTY,
    write: [
      [
        'propertyDefinition',
        { qualifiedName: 'io.catalog.interopLabel', valueType: DATA_TYPE, entityTypes: [ENTITY_TYPE] },
      ],
    ],
    read: 'propertyDefinition',
  },
  {
    urn: PRODUCT,
    write: [['dataProductProperties', { name: 'Interop labels', assets: [] }]],
    read: 'dataProductKey',
    key: { id: 'interop-labels' },
  },
  {
    urn: DATA_TYPE,
    write: [['dataTypeInfo', { qualifiedName: 'datahub.string' }]],
    read: 'dataTypeKey',
    key: { id: 'datahub.string' },
  },
  {
    urn: ENTITY_TYPE,
    write: [['entityTypeInfo', { qualifiedName: 'datahub.dataset' }]],
    read: 'entityTypeKey',
    key: { id: 'datahub.dataset' },
  },
  {
    urn: APP,
    write: [['applicationProperties', { name: 'Interop app' }]],
    read: 'applicationKey',
    key: { id: 'interop-app' },
  },
  {
    urn: MODEL,
    write: [['mlModelMetrics', { performanceMeasures: ['auc'], decisionThreshold: ['0.5'] }]],
    read: 'mlModelMetrics',
  },
  {
    urn: MODEL,
    write: [['intendedUse', { primaryUses: ['churn scoring'], primaryUsers: ['ENTERPRISE'], outOfScopeUses: [] }]],
    read: 'intendedUse',
  },
  {
    urn: MODEL,
    write: [
      [
        'sourceCode',
        { sourceCode: [{ type: 'ML_MODEL_SOURCE_CODE', sourceCodeUrl: 'https://git.example.com/churn' }] },
      ],
    ],
    read: 'sourceCode',
  },
  {
    urn: DATASET,
    write: [['testResults', { failing: [], passing: [{ test: 'urn:li:test:fresh', type: 'SUCCESS' }] }]],
    read: 'testResults',
  },
  { urn: DATASET, write: [['access', { roles: [{ urn: 'urn:li:role:reader' }] }]], read: 'access' },
  { urn: DATASET, write: [['forms', { incompleteForms: [], completedForms: [] }]], read: 'forms' },
  { urn: JOB, write: [['versionInfo', { version: '1.4.0', versionType: 'git' }]], read: 'versionInfo' },
  {
    urn: JOB,
    write: [['dataTransformLogic', { transforms: [{ queryStatement: { value: 'select 1', language: 'SQL' } }] }]],
    read: 'dataTransformLogic',
  },
  {
    urn: CHART,
    write: [['chartQuery', { rawQuery: 'select day, count(*) from orders group by day', type: 'SQL' }]],
    read: 'chartQuery',
  },
  { urn: CHART, write: [['inputFields', { fields: [{ schemaFieldUrn: FIELD }] }]], read: 'inputFields' },
  { urn: NOTEBOOK, write: [['notebookContent', { cells: [] }]], read: 'notebookContent' },
  { urn: FIELD, write: [['schemafieldInfo', { name: 'day' }]], read: 'schemafieldInfo' },
];

describe("DataHubGraph.get_aspect finds each aspect under its class's schema name", () => {
  let interop: Interop;
  let rows: any[];
  before(async () => {
    interop = await startInterop();
    rows = await interop.py('registry_reads.py', [JSON.stringify(CASES)]);
  });
  after(() => interop?.server.stop());

  it('every class names the schema our registry holds for its aspect', () => {
    assert.deepEqual(
      rows.map((r) => [r.aspect, r.schema]),
      CASES.map((c) => [c.read, DATAHUB_ASPECT_FQNS[c.read]]),
    );
  });

  for (const [i, c] of CASES.entries()) {
    it(`${c.read} of ${c.urn.split(':')[2]} reads back${c.key ? ' from its urn' : ' as written'}`, () => {
      const r = rows[i];
      assert.equal(r.error, undefined);
      assert.notEqual(r.value, null);
      assert.deepEqual(r.value, c.key ?? r.written);
    });
  }
});
