/**
 * Assertion: a data quality check, its definition (assertionInfo) and its run events, shaped as
 * DataHub's AssertionMapper and AssertionRunEventMapper shape them; and `Dataset.assertions`.
 * Stored values come as written by any client, so enum fields read only values the GraphQL enums have.
 */
import { assertedEntityOf, type AssertionInfo, type AssertionStdParameters } from '../../../model/aspects/assertionInfo.ts';
import type { SchemaFieldValue } from '../../../model/aspects/schemaMetadata.ts';
import { parseUrn, partValue } from '../../../model/urn.ts';
import { assertionRunEvents, entityAssertions, type RunEventsQuery } from '../../../ops/quality/assertions.ts';
import type { StoreView, TimeseriesRow } from '../../../store/store.ts';
import { criterionOf, type FacetFilterGql } from '../searchInput.ts';
import { fieldType } from './dataset.ts';
import { aspect, auditStamp, common, customProperties, isUrnOf, num, oneOf, platformView, props, ref, str, type EntityKind, type Obj } from './shared.ts';

const set = (...values: string[]) => new Set(values);
const SCOPES = set('DATASET_COLUMN', 'DATASET_ROWS', 'DATASET_STORAGE_SIZE', 'DATASET_SCHEMA', 'UNKNOWN');
const AGGREGATIONS = set(
  'IDENTITY', 'MEAN', 'MEDIAN', 'UNIQUE_COUNT', 'UNIQUE_PROPORTION', 'UNIQUE_PROPOTION', 'NULL_COUNT', 'NULL_PROPORTION', 'STDDEV',
  'MIN', 'MAX', 'SUM', 'COLUMNS', 'COLUMN_COUNT', 'ROW_COUNT', '_NATIVE_',
);
const OPERATORS = set(
  'BETWEEN', 'LESS_THAN', 'LESS_THAN_OR_EQUAL_TO', 'GREATER_THAN', 'GREATER_THAN_OR_EQUAL_TO', 'EQUAL_TO', 'NOT_EQUAL_TO', 'NULL',
  'NOT_NULL', 'CONTAIN', 'END_WITH', 'START_WITH', 'REGEX_MATCH', 'IN', 'NOT_IN', 'IS_TRUE', 'IS_FALSE', '_NATIVE_',
);
const PARAMETER_TYPES = set('STRING', 'NUMBER', 'LIST', 'SET', 'SQL', 'UNKNOWN');
const DATE_INTERVALS = set('SECOND', 'MINUTE', 'HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR');
const ERROR_TYPES = set(
  'SOURCE_CONNECTION_ERROR', 'SOURCE_QUERY_FAILED', 'INSUFFICIENT_DATA', 'INVALID_PARAMETERS', 'INVALID_SOURCE_TYPE', 'UNSUPPORTED_PLATFORM',
  'CUSTOM_SQL_ERROR', 'FIELD_ASSERTION_ERROR', 'UNKNOWN_ERROR',
);

/** DataHub's AssertionErrorMessageUtils: the sentence a person reads for each evaluation error. */
const ERROR_MESSAGES: Record<string, string> = {
  SOURCE_CONNECTION_ERROR: "Can't connect to your data source.",
  SOURCE_QUERY_FAILED: 'The query to your data source failed.',
  INSUFFICIENT_DATA: 'Not enough data available to evaluate.',
  INVALID_PARAMETERS: 'This assertion is missing required settings.',
  INVALID_SOURCE_TYPE: "This data source type isn't supported for your assertion.",
  UNSUPPORTED_PLATFORM: "This platform doesn't support this assertion type.",
  CUSTOM_SQL_ERROR: "Your custom SQL query didn't return the expected format.",
  FIELD_ASSERTION_ERROR: 'Field metrics query returned unexpected data.',
  UNKNOWN_ERROR: 'Something unexpected happened during evaluation.',
};

const entries = (map: unknown) => Object.entries(props(map) ?? {}).map(([key, value]) => ({ key, value }));
const rec = (v: unknown): Obj | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined);
const bool = (v: unknown, fallback: boolean) => (typeof v === 'boolean' ? v : fallback);

function parameterView(p: unknown): Obj | null {
  const r = rec(p);
  const value = str(r?.['value']);
  return value === null ? null : { value, type: oneOf(PARAMETER_TYPES, r!['type']) ?? 'UNKNOWN' };
}

function parametersView(p: AssertionStdParameters | unknown): Obj | null {
  const r = rec(p);
  return r ? { value: parameterView(r['value']), minValue: parameterView(r['minValue']), maxValue: parameterView(r['maxValue']) } : null;
}

/** A column by schema field urn, with its path (the urn's second part). */
function fieldRef(urn: unknown): Obj | null {
  if (!isUrnOf(urn, 'schemaField')) return null;
  try {
    return { urn, path: partValue(parseUrn(urn), 1) };
  } catch {
    return null;
  }
}

const fieldRefs = (urns: unknown) => (Array.isArray(urns) ? urns.map(fieldRef).filter((f): f is Obj => f !== null) : []);

function fieldSpec(f: unknown): Obj {
  const r = rec(f);
  return { path: str(r?.['path']) ?? '', type: str(r?.['type']) ?? '', nativeType: str(r?.['nativeType']) ?? '' };
}

function filterView(f: unknown): Obj | null {
  const r = rec(f);
  return r ? { type: 'SQL', sql: str(r['sql']) } : null;
}

const operatorOf = (v: unknown) => oneOf(OPERATORS, v) ?? '_NATIVE_';
const emptyParameters = { value: null, minValue: null, maxValue: null };

function datasetAssertionView(d: Obj): Obj {
  return {
    datasetUrn: str(d['dataset']) ?? '',
    scope: oneOf(SCOPES, d['scope']) ?? 'UNKNOWN',
    fields: fieldRefs(d['fields']),
    aggregation: oneOf(AGGREGATIONS, d['aggregation']),
    operator: operatorOf(d['operator']),
    parameters: parametersView(d['parameters']),
    nativeType: str(d['nativeType']),
    nativeParameters: entries(d['nativeParameters']),
    logic: str(d['logic']),
  };
}

function freshnessView(d: Obj): Obj {
  const schedule = rec(d['schedule']);
  const cron = rec(schedule?.['cron']);
  const fixed = rec(schedule?.['fixedInterval']);
  const unit = oneOf(DATE_INTERVALS, fixed?.['unit']);
  return {
    entityUrn: str(d['entity']) ?? '',
    type: str(d['type']) === 'DATA_JOB_RUN' ? 'DATA_JOB_RUN' : 'DATASET_CHANGE',
    schedule: {
      type: oneOf(set('CRON', 'FIXED_INTERVAL', 'SINCE_THE_LAST_CHECK'), schedule?.['type']) ?? 'SINCE_THE_LAST_CHECK',
      cron: cron ? { cron: str(cron['cron']) ?? '', timezone: str(cron['timezone']) ?? '', windowStartOffsetMs: num(cron['windowStartOffsetMs']) } : null,
      fixedInterval: fixed && unit ? { unit, multiple: num(fixed['multiple']) ?? 1 } : null,
    },
    filter: filterView(d['filter']),
  };
}

const changeTypeOf = (v: unknown) => (v === 'PERCENTAGE' ? 'PERCENTAGE' : 'ABSOLUTE');

function rowCountView(r: unknown, withType: boolean): Obj | null {
  const o = rec(r);
  if (!o) return null;
  return { ...(withType && { type: changeTypeOf(o['type']) }), operator: operatorOf(o['operator']), parameters: parametersView(o['parameters']) ?? emptyParameters };
}

function segmentView(r: unknown, withType: boolean): Obj | null {
  const o = rec(r);
  if (!o) return null;
  const segment = rec(o['segment']);
  const transformer = rec(segment?.['transformer']);
  return {
    ...rowCountView(o, withType),
    segment: {
      field: fieldSpec(segment?.['field']),
      transformer: transformer ? { type: str(transformer['type']) ?? 'NATIVE', nativeType: str(transformer['nativeType']) } : null,
    },
  };
}

function volumeView(d: Obj): Obj {
  return {
    entityUrn: str(d['entity']) ?? '',
    type: str(d['type']) ?? 'ROW_COUNT_TOTAL',
    rowCountTotal: rowCountView(d['rowCountTotal'], false),
    rowCountChange: rowCountView(d['rowCountChange'], true),
    incrementingSegmentRowCountTotal: segmentView(d['incrementingSegmentRowCountTotal'], false),
    incrementingSegmentRowCountChange: segmentView(d['incrementingSegmentRowCountChange'], true),
    filter: filterView(d['filter']),
  };
}

function sqlView(d: Obj): Obj {
  return {
    type: str(d['type']) === 'METRIC_CHANGE' ? 'METRIC_CHANGE' : 'METRIC',
    entityUrn: str(d['entity']) ?? '',
    statement: str(d['statement']) ?? '',
    changeType: d['changeType'] != null ? changeTypeOf(d['changeType']) : null,
    operator: operatorOf(d['operator']),
    parameters: parametersView(d['parameters']) ?? emptyParameters,
  };
}

function fieldAssertionView(d: Obj): Obj {
  const values = rec(d['fieldValuesAssertion']);
  const metric = rec(d['fieldMetricAssertion']);
  const threshold = rec(values?.['failThreshold']);
  const transform = rec(values?.['transform']);
  return {
    type: str(d['type']) === 'FIELD_METRIC' ? 'FIELD_METRIC' : 'FIELD_VALUES',
    entityUrn: str(d['entity']) ?? '',
    fieldValuesAssertion: values
      ? {
          field: fieldSpec(values['field']),
          transform: transform ? { type: 'LENGTH' } : null,
          operator: operatorOf(values['operator']),
          parameters: parametersView(values['parameters']),
          failThreshold: { type: threshold?.['type'] === 'PERCENTAGE' ? 'PERCENTAGE' : 'COUNT', value: num(threshold?.['value']) ?? 0 },
          excludeNulls: bool(values['excludeNulls'], true),
        }
      : null,
    fieldMetricAssertion: metric
      ? { field: fieldSpec(metric['field']), metric: str(metric['metric']), operator: operatorOf(metric['operator']), parameters: parametersView(metric['parameters']) }
      : null,
    filter: filterView(d['filter']),
  };
}

function schemaAssertionView(d: Obj): Obj {
  const fields = (rec(d['schema'])?.['fields'] ?? []) as SchemaFieldValue[];
  return {
    entityUrn: str(d['entity']) ?? '',
    fields: Array.isArray(fields) ? fields.map((f) => ({ path: f.fieldPath, type: fieldType(f), nativeType: str(f.nativeDataType) })) : [],
    compatibility: oneOf(set('EXACT_MATCH', 'SUPERSET', 'SUBSET'), d['compatibility']) ?? 'EXACT_MATCH',
  };
}

function customAssertionView(d: Obj): Obj {
  const single = fieldRef(d['field']);
  const many = fieldRefs(d['fields']);
  const fields = single && !many.some((f) => f['urn'] === single['urn']) ? [single, ...many] : many;
  return {
    type: str(d['type']) ?? '',
    entityUrn: str(d['entity']) ?? '',
    field: single ?? (many.length === 1 ? many[0] : null),
    fields,
    scope: oneOf(SCOPES, d['scope']),
    aggregation: oneOf(AGGREGATIONS, d['aggregation']),
    operator: oneOf(OPERATORS, d['operator']),
    parameters: parametersView(d['parameters']),
    nativeType: str(d['nativeType']),
    nativeParameters: d['nativeParameters'] ? entries(d['nativeParameters']) : null,
    logic: str(d['logic']),
  };
}

/** A definition record through its view, or null when the aspect has none. */
const sub = (info: Obj, field: string, view: (d: Obj) => Obj) => {
  const d = rec(info[field]);
  return d ? view(d) : null;
};

export function assertionInfoView(urn: string, info: AssertionInfo): Obj {
  const i = info as Obj;
  const source = rec(info.source);
  return {
    type: info.type,
    datasetAssertion: sub(i, 'datasetAssertion', datasetAssertionView),
    freshnessAssertion: sub(i, 'freshnessAssertion', freshnessView),
    volumeAssertion: sub(i, 'volumeAssertion', volumeView),
    sqlAssertion: sub(i, 'sqlAssertion', sqlView),
    fieldAssertion: sub(i, 'fieldAssertion', fieldAssertionView),
    schemaAssertion: sub(i, 'schemaAssertion', schemaAssertionView),
    customAssertion: sub(i, 'customAssertion', customAssertionView),
    source: source ? { type: oneOf(set('NATIVE', 'EXTERNAL', 'INFERRED'), source['type']) ?? 'EXTERNAL', created: source['created'] ? auditStamp(source['created'] as Obj) : null } : null,
    lastUpdated: info.lastUpdated ? auditStamp(info.lastUpdated) : null,
    description: str(info.description),
    note: str(rec(info.note)?.['content']),
    externalUrl: str(info.externalUrl),
    customProperties: customProperties(props(info.customProperties), urn),
    entityUrn: assertedEntityOf(info) ?? null,
  };
}

const UNIT_MILLIS: Record<string, number> = { SECOND: 1000, MINUTE: 60_000, HOUR: 3_600_000, DAY: 86_400_000, WEEK: 604_800_000 };
const CALENDAR_MONTHS: Record<string, number> = { MONTH: 1, QUARTER: 3, YEAR: 12 };

/** A time window's length in milliseconds: fixed units multiply, calendar units count from its start (UTC). */
function durationOf(start: number, length: Obj | undefined): number {
  const unit = str(length?.['unit']) ?? 'DAY';
  const multiple = num(length?.['multiple']) ?? 1;
  const months = CALENDAR_MONTHS[unit];
  if (months === undefined) return (UNIT_MILLIS[unit] ?? UNIT_MILLIS['DAY']!) * multiple;
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + months * multiple);
  return end.getTime() - start;
}

function partitionView(p: unknown): Obj | null {
  const r = rec(p);
  if (!r) return null;
  const window = rec(r['timePartition']);
  const start = num(window?.['startTimeMillis']);
  return {
    type: oneOf(set('FULL_TABLE', 'QUERY', 'PARTITION'), r['type']) ?? 'PARTITION',
    partition: str(r['partition']),
    timePartition: window && start !== null ? { startTimeMillis: start, durationMillis: durationOf(start, rec(window['length'])) } : null,
  };
}

function resultView(r: Obj | undefined): Obj | null {
  if (!r) return null;
  const error = rec(r['error']);
  const errorType = oneOf(ERROR_TYPES, error?.['type']) ?? 'UNKNOWN_ERROR';
  return {
    type: oneOf(set('INIT', 'SUCCESS', 'FAILURE', 'ERROR'), r['type']) ?? 'INIT',
    severity: oneOf(set('LOW', 'MEDIUM', 'HIGH'), r['severity']),
    rowCount: num(r['rowCount']),
    missingCount: num(r['missingCount']),
    unexpectedCount: num(r['unexpectedCount']),
    actualAggValue: num(r['actualAggValue']),
    externalUrl: str(r['externalUrl']),
    nativeResults: r['nativeResults'] ? entries(r['nativeResults']) : null,
    error: error ? { type: errorType, properties: error['properties'] ? entries(error['properties']) : null, displayMessage: ERROR_MESSAGES[errorType] ?? null } : null,
  };
}

export function runEventView(row: TimeseriesRow): Obj {
  const v = row.value;
  const batch = rec(v['batchSpec']);
  return {
    timestampMillis: row.timestampMillis,
    lastObservedMillis: num(row.systemMetadata?.['lastObserved']),
    runId: str(v['runId']) ?? '',
    assertionUrn: str(v['assertionUrn']) ?? '',
    asserteeUrn: str(v['asserteeUrn']) ?? '',
    partitionSpec: partitionView(v['partitionSpec']),
    batchSpec: batch
      ? { nativeBatchId: str(batch['nativeBatchId']), query: str(batch['query']), limit: num(batch['limit']), customProperties: entries(batch['customProperties']) }
      : null,
    status: 'COMPLETE',
    result: resultView(rec(v['result'])),
    runtimeContext: v['runtimeContext'] ? entries(v['runtimeContext']) : null,
  };
}

interface RunEventsArgs extends Omit<RunEventsQuery, 'filter'> {
  filter?: { and?: FacetFilterGql[] | null } | null;
}

/** `Assertion.runEvents(status, startTimeMillis, endTimeMillis, filter, limit)`. */
const runEventsField = (view: StoreView, urn: string) => (args: RunEventsArgs) => {
  const r = assertionRunEvents(view, urn, { ...args, filter: (args.filter?.and ?? []).map(criterionOf) });
  return { total: r.total, failed: r.failed, succeeded: r.succeeded, errored: r.errored, initializing: r.initializing, runEvents: r.events.map(runEventView) };
};

function actionsView(a: Obj | undefined): Obj | null {
  if (!a) return null;
  const list = (v: unknown) => (Array.isArray(v) ? v.map(rec).filter((x): x is Obj => x !== undefined && typeof x['type'] === 'string').map((x) => ({ type: x['type'] })) : []);
  return { onSuccess: list(a['onSuccess']), onFailure: list(a['onFailure']) };
}

/** DataHub's placeholder platform when an assertion names none. */
const UNKNOWN_PLATFORM = 'urn:li:dataPlatform:unknown';

export const assertion: EntityKind = {
  typename: 'Assertion',
  enumValue: 'ASSERTION',
  build: (view, urn) => {
    const info = aspect<AssertionInfo>(view, urn, 'assertionInfo');
    const platform = str(aspect(view, urn, 'dataPlatformInstance')?.['platform']);
    const checked = assertedEntityOf(info);
    return Object.assign(common(view, urn, assertion), {
      platform: platformView(view, platform ?? UNKNOWN_PLATFORM),
      info: info ? assertionInfoView(urn, info) : null,
      runEvents: runEventsField(view, urn),
      dataset: () => (checked && isUrnOf(checked, 'dataset') ? ref(view, checked) : null),
      actions: () => actionsView(aspect(view, urn, 'assertionActions')),
    });
  },
};

/** `Dataset.assertions(start, count, includeSoftDeleted)`. */
export const assertionsField = (view: StoreView, urn: string) => (args: { start?: number | null; count?: number | null; includeSoftDeleted?: boolean | null }) => {
  const page = entityAssertions(view, urn, args);
  return { start: page.start, count: page.count, total: page.total, assertions: page.urns.map((u) => assertion.build(view, u)) };
};
