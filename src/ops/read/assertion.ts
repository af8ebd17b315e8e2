/**
 * Read model of assertions (`urn:li:assertion:<id>`): the definition in assertionInfo and the run
 * events, as DataHub's AssertionMapper and AssertionRunEventMapper read them. Definitions and events
 * arrive from any client (dbt, Great Expectations, the SDK …) and many of their fields are stored
 * unchecked, so every field is read only when it has the type it should, an enum only when it holds
 * one of DataHub's values; the rest reads as DataHub's default for it (named at each field below).
 * Which assertions an asset has, and the run events' counts, are in ../quality/assertions.ts.
 */
import assertionInfo, {
  assertedEntityOf,
  DATASET_SCOPES,
  STD_AGGREGATIONS,
  STD_OPERATORS,
  type AssertionInfo,
} from '../../model/aspects/assertionInfo.ts';
import { assertionActions } from '../../model/aspects/readAsGiven.ts';
import { dataPlatformInstance } from '../../model/aspects/storedAsGiven.ts';
import type { JsonObject } from '../../model/json.ts';
import type { SchemaFieldValue, SchemaMetadata } from '../../model/aspects/schemaMetadata.ts';
import { parseUrn, partValue } from '../../model/urn.ts';
import type { StoreView, TimeseriesRow } from '../../store/store.ts';
import { urnTypeOf } from '../core/resources.ts';
import { assertionRunEvents, type RunEventsQuery } from '../quality/assertions.ts';
import {
  aspectOf,
  customPropertiesOf,
  stampOf,
  timeWindowOf,
  type CustomPropertyRead,
  type StampRead,
} from './common.ts';
import { fieldType, schemaReadOf, type SchemaRead } from './dataset.ts';

const set = (...values: string[]): ReadonlySet<string> => new Set(values);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);
const rec = (v: unknown): JsonObject | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as JsonObject) : undefined;
const bool = (v: unknown, fallback: boolean) => (typeof v === 'boolean' ? v : fallback);
const oneOf = (values: ReadonlySet<string>, v: unknown): string | null =>
  typeof v === 'string' && values.has(v) ? v : null;
const props = (p: unknown): Record<string, string> | undefined =>
  p && typeof p === 'object' ? (p as Record<string, string>) : undefined;

// DataHub's enums of the assertion model (AssertionStdOperator …): a stored value outside them reads as the fallback of its field.
export const ASSERTION_SCOPES: ReadonlySet<string> = new Set(DATASET_SCOPES);
export const ASSERTION_AGGREGATIONS: ReadonlySet<string> = new Set(STD_AGGREGATIONS);
export const ASSERTION_OPERATORS: ReadonlySet<string> = new Set(STD_OPERATORS);
const PARAMETER_TYPES = set('STRING', 'NUMBER', 'LIST', 'SET', 'SQL', 'UNKNOWN');
const DATE_INTERVALS = set('SECOND', 'MINUTE', 'HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR');
const SCHEDULE_TYPES = set('CRON', 'FIXED_INTERVAL', 'SINCE_THE_LAST_CHECK');
const COMPATIBILITIES = set('EXACT_MATCH', 'SUPERSET', 'SUBSET');
const SOURCE_TYPES = set('NATIVE', 'EXTERNAL', 'INFERRED');
const PARTITION_TYPES = set('FULL_TABLE', 'QUERY', 'PARTITION');
const RESULT_TYPES = set('INIT', 'SUCCESS', 'FAILURE', 'ERROR');
const SEVERITIES = set('LOW', 'MEDIUM', 'HIGH');
const ERROR_TYPES = set(
  'SOURCE_CONNECTION_ERROR',
  'SOURCE_QUERY_FAILED',
  'INSUFFICIENT_DATA',
  'INVALID_PARAMETERS',
  'INVALID_SOURCE_TYPE',
  'UNSUPPORTED_PLATFORM',
  'CUSTOM_SQL_ERROR',
  'FIELD_ASSERTION_ERROR',
  'UNKNOWN_ERROR',
);

/** The sentence a person reads for each evaluation error (DataHub's AssertionErrorMessageUtils says the same things). */
export const ERROR_MESSAGES: Readonly<Record<string, string>> = {
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

/** DataHub's placeholder platform when an assertion names none. */
export const UNKNOWN_PLATFORM = 'urn:li:dataPlatform:unknown';

/** A stored string map as entries, values as stored. */
export interface EntryRead {
  key: string;
  value: string;
}

const entries = (map: unknown): EntryRead[] => Object.entries(props(map) ?? {}).map(([key, value]) => ({ key, value }));

export interface ParameterRead {
  value: string;
  /** One of DataHub's parameter types, else UNKNOWN. */
  type: string;
}

export interface ParametersRead {
  value: ParameterRead | null;
  minValue: ParameterRead | null;
  maxValue: ParameterRead | null;
}

/** A parameter without a string value is none. */
function parameterOf(p: unknown): ParameterRead | null {
  const r = rec(p);
  const value = str(r?.['value']);
  return value === null ? null : { value, type: oneOf(PARAMETER_TYPES, r!['type']) ?? 'UNKNOWN' };
}

function parametersOf(p: unknown): ParametersRead | null {
  const r = rec(p);
  return r
    ? { value: parameterOf(r['value']), minValue: parameterOf(r['minValue']), maxValue: parameterOf(r['maxValue']) }
    : null;
}

/** What a definition with required parameters reads when none are stored. */
const noParameters = (): ParametersRead => ({ value: null, minValue: null, maxValue: null });

/** A column by its schema field urn, and its path (the urn's second part). */
export interface FieldRefRead {
  urn: string;
  path: string;
}

/** A stored column urn as a reference; null when it is not a well-formed schema field urn. */
export function fieldRefOf(urn: unknown): FieldRefRead | null {
  if (typeof urn !== 'string' || urnTypeOf(urn) !== 'schemaField') return null;
  try {
    return { urn, path: partValue(parseUrn(urn), 1) };
  } catch {
    return null;
  }
}

const fieldRefs = (urns: unknown) =>
  Array.isArray(urns) ? urns.map(fieldRefOf).filter((f): f is FieldRefRead => f !== null) : [];

/** A column as a field assertion names it: empty strings for what is not stored. */
export interface FieldSpecRead {
  path: string;
  type: string;
  nativeType: string;
}

function fieldSpecOf(f: unknown): FieldSpecRead {
  const r = rec(f);
  return { path: str(r?.['path']) ?? '', type: str(r?.['type']) ?? '', nativeType: str(r?.['nativeType']) ?? '' };
}

/** A row filter: always SQL (DataHub's only filter type). */
export interface FilterRead {
  type: 'SQL';
  sql: string | null;
}

function filterOf(f: unknown): FilterRead | null {
  return rec(f) ? { type: 'SQL', sql: str(rec(f)!['sql']) } : null;
}

/** An operator outside DataHub's reads as `_NATIVE_` (the platform's own). */
const operatorOf = (v: unknown) => oneOf(ASSERTION_OPERATORS, v) ?? '_NATIVE_';
const changeTypeOf = (v: unknown) => (v === 'PERCENTAGE' ? 'PERCENTAGE' : 'ABSOLUTE');

export interface DatasetAssertionRead {
  datasetUrn: string;
  scope: string;
  fields: FieldRefRead[];
  aggregation: string | null;
  operator: string;
  parameters: ParametersRead | null;
  nativeType: string | null;
  nativeParameters: EntryRead[];
  logic: string | null;
}

function datasetAssertionOf(d: JsonObject): DatasetAssertionRead {
  return {
    datasetUrn: str(d['dataset']) ?? '',
    scope: oneOf(ASSERTION_SCOPES, d['scope']) ?? 'UNKNOWN',
    fields: fieldRefs(d['fields']),
    aggregation: oneOf(ASSERTION_AGGREGATIONS, d['aggregation']),
    operator: operatorOf(d['operator']),
    parameters: parametersOf(d['parameters']),
    nativeType: str(d['nativeType']),
    nativeParameters: entries(d['nativeParameters']),
    logic: str(d['logic']),
  };
}

export interface FreshnessAssertionRead {
  entityUrn: string;
  /** DATA_JOB_RUN, else DATASET_CHANGE. */
  type: string;
  schedule: {
    /** One of DataHub's schedule types, else SINCE_THE_LAST_CHECK. */
    type: string;
    cron: { cron: string; timezone: string; windowStartOffsetMs: number | null } | null;
    /** null unless its unit is one DataHub knows; the multiple is 1 when not stored. */
    fixedInterval: { unit: string; multiple: number } | null;
  };
  filter: FilterRead | null;
}

function freshnessOf(d: JsonObject): FreshnessAssertionRead {
  const schedule = rec(d['schedule']);
  const cron = rec(schedule?.['cron']);
  const fixed = rec(schedule?.['fixedInterval']);
  const unit = oneOf(DATE_INTERVALS, fixed?.['unit']);
  return {
    entityUrn: str(d['entity']) ?? '',
    type: str(d['type']) === 'DATA_JOB_RUN' ? 'DATA_JOB_RUN' : 'DATASET_CHANGE',
    schedule: {
      type: oneOf(SCHEDULE_TYPES, schedule?.['type']) ?? 'SINCE_THE_LAST_CHECK',
      cron: cron
        ? {
            cron: str(cron['cron']) ?? '',
            timezone: str(cron['timezone']) ?? '',
            windowStartOffsetMs: num(cron['windowStartOffsetMs']),
          }
        : null,
      fixedInterval: fixed && unit ? { unit, multiple: num(fixed['multiple']) ?? 1 } : null,
    },
    filter: filterOf(d['filter']),
  };
}

export interface RowCountRead {
  operator: string;
  parameters: ParametersRead;
}

export interface RowCountChangeRead extends RowCountRead {
  /** PERCENTAGE, else ABSOLUTE. */
  type: string;
}

export interface SegmentRead {
  field: FieldSpecRead;
  /** The transformer's type is NATIVE when not stored. */
  transformer: { type: string; nativeType: string | null } | null;
}

export interface VolumeAssertionRead {
  entityUrn: string;
  /** As stored, ROW_COUNT_TOTAL when not. */
  type: string;
  rowCountTotal: RowCountRead | null;
  rowCountChange: RowCountChangeRead | null;
  incrementingSegmentRowCountTotal: (RowCountRead & { segment: SegmentRead }) | null;
  incrementingSegmentRowCountChange: (RowCountChangeRead & { segment: SegmentRead }) | null;
  filter: FilterRead | null;
}

function rowCountOf(o: JsonObject): RowCountRead {
  return { operator: operatorOf(o['operator']), parameters: parametersOf(o['parameters']) ?? noParameters() };
}

function rowCountChangeOf(o: JsonObject): RowCountChangeRead {
  return { type: changeTypeOf(o['type']), ...rowCountOf(o) };
}

function segmentOf(o: JsonObject): SegmentRead {
  const segment = rec(o['segment']);
  const transformer = rec(segment?.['transformer']);
  return {
    field: fieldSpecOf(segment?.['field']),
    transformer: transformer
      ? { type: str(transformer['type']) ?? 'NATIVE', nativeType: str(transformer['nativeType']) }
      : null,
  };
}

/** A sub-record read by `read`; null when it is not stored (or not a record). */
function optional<T>(v: unknown, read: (o: JsonObject) => T): T | null {
  const o = rec(v);
  return o ? read(o) : null;
}

function volumeOf(d: JsonObject): VolumeAssertionRead {
  return {
    entityUrn: str(d['entity']) ?? '',
    type: str(d['type']) ?? 'ROW_COUNT_TOTAL',
    rowCountTotal: optional(d['rowCountTotal'], rowCountOf),
    rowCountChange: optional(d['rowCountChange'], rowCountChangeOf),
    incrementingSegmentRowCountTotal: optional(d['incrementingSegmentRowCountTotal'], (o) => ({
      ...rowCountOf(o),
      segment: segmentOf(o),
    })),
    incrementingSegmentRowCountChange: optional(d['incrementingSegmentRowCountChange'], (o) => ({
      ...rowCountChangeOf(o),
      segment: segmentOf(o),
    })),
    filter: filterOf(d['filter']),
  };
}

export interface SqlAssertionRead {
  /** METRIC_CHANGE, else METRIC. */
  type: string;
  entityUrn: string;
  statement: string;
  /** PERCENTAGE or ABSOLUTE when stored; null when not. */
  changeType: string | null;
  operator: string;
  parameters: ParametersRead;
}

function sqlOf(d: JsonObject): SqlAssertionRead {
  return {
    type: str(d['type']) === 'METRIC_CHANGE' ? 'METRIC_CHANGE' : 'METRIC',
    entityUrn: str(d['entity']) ?? '',
    statement: str(d['statement']) ?? '',
    changeType: d['changeType'] != null ? changeTypeOf(d['changeType']) : null,
    operator: operatorOf(d['operator']),
    parameters: parametersOf(d['parameters']) ?? noParameters(),
  };
}

export interface FieldAssertionRead {
  /** FIELD_METRIC, else FIELD_VALUES. */
  type: string;
  entityUrn: string;
  fieldValuesAssertion: {
    field: FieldSpecRead;
    /** LENGTH whenever a transform is stored (DataHub's only one). */
    transform: { type: 'LENGTH' } | null;
    operator: string;
    parameters: ParametersRead | null;
    /** PERCENTAGE, else COUNT; value 0 when not stored. */
    failThreshold: { type: string; value: number };
    /** true unless stored false. */
    excludeNulls: boolean;
  } | null;
  fieldMetricAssertion: {
    field: FieldSpecRead;
    metric: string | null;
    operator: string;
    parameters: ParametersRead | null;
  } | null;
  filter: FilterRead | null;
}

function fieldAssertionOf(d: JsonObject): FieldAssertionRead {
  const values = rec(d['fieldValuesAssertion']);
  const metric = rec(d['fieldMetricAssertion']);
  const threshold = rec(values?.['failThreshold']);
  return {
    type: str(d['type']) === 'FIELD_METRIC' ? 'FIELD_METRIC' : 'FIELD_VALUES',
    entityUrn: str(d['entity']) ?? '',
    fieldValuesAssertion: values
      ? {
          field: fieldSpecOf(values['field']),
          transform: rec(values['transform']) ? { type: 'LENGTH' } : null,
          operator: operatorOf(values['operator']),
          parameters: parametersOf(values['parameters']),
          failThreshold: {
            type: threshold?.['type'] === 'PERCENTAGE' ? 'PERCENTAGE' : 'COUNT',
            value: num(threshold?.['value']) ?? 0,
          },
          excludeNulls: bool(values['excludeNulls'], true),
        }
      : null,
    fieldMetricAssertion: metric
      ? {
          field: fieldSpecOf(metric['field']),
          metric: str(metric['metric']),
          operator: operatorOf(metric['operator']),
          parameters: parametersOf(metric['parameters']),
        }
      : null,
    filter: filterOf(d['filter']),
  };
}

export interface SchemaAssertionRead {
  entityUrn: string;
  /** The expected columns, each with DataHub's field type for its stored type. */
  fields: Array<{ path: string; type: string; nativeType: string | null }>;
  /** One of DataHub's compatibilities, else EXACT_MATCH. */
  compatibility: string;
  /**
   * The expected schema as a schema read (version 0, columns with no path left out, as DataHub's
   * mapper); null when none is stored or it lacks a name, platform or version.
   */
  schema: SchemaRead | null;
  /** The dataset the stored schema names (its `dataset`), if any. */
  schemaDatasetUrn: string | null;
}

function schemaAssertionOf(d: JsonObject): SchemaAssertionRead {
  const stored = rec(d['schema']);
  const fields = (stored?.['fields'] ?? []) as SchemaFieldValue[];
  // Only a schema with what DataHub's SchemaMetadata requires (a name, a platform, a version) can be
  // shown as one; DataHub refuses an assertion without them, so no value is made up for them here.
  const complete =
    stored &&
    typeof stored['schemaName'] === 'string' &&
    typeof stored['platform'] === 'string' &&
    typeof stored['version'] === 'number';
  const schema = complete ? schemaReadOf(stored as unknown as SchemaMetadata) : null;
  if (schema) schema.fields = schema.fields.filter((f) => typeof f.fieldPath === 'string' && f.fieldPath !== '');
  return {
    entityUrn: str(d['entity']) ?? '',
    fields: Array.isArray(fields)
      ? fields.map((f) => ({ path: f.fieldPath, type: fieldType(f), nativeType: str(f.nativeDataType) }))
      : [],
    compatibility: oneOf(COMPATIBILITIES, d['compatibility']) ?? 'EXACT_MATCH',
    schema,
    schemaDatasetUrn: str(stored?.['dataset']),
  };
}

export interface CustomAssertionRead {
  type: string;
  entityUrn: string;
  /** The single column: `field` when stored, else the only one of `fields`. */
  field: FieldRefRead | null;
  /** Every column: `field` first when `fields` does not have it, then `fields`. */
  fields: FieldRefRead[];
  scope: string | null;
  aggregation: string | null;
  operator: string | null;
  parameters: ParametersRead | null;
  nativeType: string | null;
  nativeParameters: EntryRead[] | null;
  logic: string | null;
}

function customAssertionOf(d: JsonObject): CustomAssertionRead {
  const single = fieldRefOf(d['field']);
  const many = fieldRefs(d['fields']);
  const fields = single && !many.some((f) => f.urn === single.urn) ? [single, ...many] : many;
  return {
    type: str(d['type']) ?? '',
    entityUrn: str(d['entity']) ?? '',
    field: single ?? (many.length === 1 ? many[0]! : null),
    fields,
    scope: oneOf(ASSERTION_SCOPES, d['scope']),
    aggregation: oneOf(ASSERTION_AGGREGATIONS, d['aggregation']),
    operator: oneOf(ASSERTION_OPERATORS, d['operator']),
    parameters: parametersOf(d['parameters']),
    nativeType: str(d['nativeType']),
    nativeParameters: d['nativeParameters'] ? entries(d['nativeParameters']) : null,
    logic: str(d['logic']),
  };
}

export interface AssertionInfoRead {
  type: string;
  datasetAssertion: DatasetAssertionRead | null;
  freshnessAssertion: FreshnessAssertionRead | null;
  volumeAssertion: VolumeAssertionRead | null;
  sqlAssertion: SqlAssertionRead | null;
  fieldAssertion: FieldAssertionRead | null;
  schemaAssertion: SchemaAssertionRead | null;
  customAssertion: CustomAssertionRead | null;
  /** Where it comes from: one of DataHub's source types, else EXTERNAL. */
  source: { type: string; created: StampRead | null } | null;
  lastUpdated: StampRead | null;
  description: string | null;
  /** The (deprecated) note's text. */
  note: string | null;
  externalUrl: string | null;
  customProperties: CustomPropertyRead[];
  /** The checked entity: `entityUrn` when stored, else the one its definition names. */
  entityUrn: string | null;
}

/** An assertionInfo as read. */
export function assertionInfoOf(info: AssertionInfo): AssertionInfoRead {
  const source = rec(info.source);
  return {
    type: info.type,
    datasetAssertion: optional(info['datasetAssertion'], datasetAssertionOf),
    freshnessAssertion: optional(info['freshnessAssertion'], freshnessOf),
    volumeAssertion: optional(info['volumeAssertion'], volumeOf),
    sqlAssertion: optional(info['sqlAssertion'], sqlOf),
    fieldAssertion: optional(info['fieldAssertion'], fieldAssertionOf),
    schemaAssertion: optional(info['schemaAssertion'], schemaAssertionOf),
    customAssertion: optional(info['customAssertion'], customAssertionOf),
    source: source
      ? {
          type: oneOf(SOURCE_TYPES, source['type']) ?? 'EXTERNAL',
          created: source['created'] ? stampOf(source['created'] as JsonObject) : null,
        }
      : null,
    lastUpdated: info.lastUpdated ? stampOf(info.lastUpdated) : null,
    description: str(info.description),
    note: str(rec(info.note)?.['content']),
    externalUrl: str(info.externalUrl),
    customProperties: customPropertiesOf(props(info.customProperties)),
    entityUrn: assertedEntityOf(info) ?? null,
  };
}

/** An assertion's definition; null when assertionInfo is not stored. */
export function readAssertionInfo(view: StoreView, urn: string): AssertionInfoRead | null {
  const info = aspectOf(view, urn, assertionInfo);
  return info ? assertionInfoOf(info) : null;
}

/** The platform that runs the assertion: the stored one, else UNKNOWN_PLATFORM. */
export function readAssertionPlatform(view: StoreView, urn: string): string {
  return str(aspectOf(view, urn, dataPlatformInstance)?.platform) ?? UNKNOWN_PLATFORM;
}

/** The dataset the assertion checks; null when it checks something else (a data job) or nothing. */
export function readAssertionDataset(view: StoreView, urn: string): string | null {
  const checked = assertedEntityOf(aspectOf(view, urn, assertionInfo));
  return checked && urnTypeOf(checked) === 'dataset' ? checked : null;
}

export interface AssertionActionsRead {
  onSuccess: Array<{ type: string }>;
  onFailure: Array<{ type: string }>;
}

/** What runs after a result (assertionActions), actions without a type left out; null when none are stored. */
export function readAssertionActions(view: StoreView, urn: string): AssertionActionsRead | null {
  const a = aspectOf(view, urn, assertionActions);
  if (!a) return null;
  const list = (v: unknown) =>
    Array.isArray(v)
      ? v
          .map(rec)
          .filter((x): x is JsonObject => x !== undefined && typeof x['type'] === 'string')
          .map((x) => ({ type: x['type'] as string }))
      : [];
  return { onSuccess: list(a.onSuccess), onFailure: list(a.onFailure) };
}

export interface PartitionRead {
  /** One of DataHub's partition types, else PARTITION. */
  type: string;
  partition: string | null;
  timePartition: { startTimeMillis: number; durationMillis: number } | null;
}

function partitionOf(r: JsonObject): PartitionRead {
  return {
    type: oneOf(PARTITION_TYPES, r['type']) ?? 'PARTITION',
    partition: str(r['partition']),
    timePartition: timeWindowOf(r['timePartition']),
  };
}

export interface RunResultRead {
  /** One of DataHub's result types, else INIT. */
  type: string;
  severity: string | null;
  rowCount: number | null;
  missingCount: number | null;
  unexpectedCount: number | null;
  actualAggValue: number | null;
  externalUrl: string | null;
  nativeResults: EntryRead[] | null;
  /** An evaluation error: its type (UNKNOWN_ERROR when not one of DataHub's) and the sentence a person reads for it. */
  error: { type: string; properties: EntryRead[] | null; displayMessage: string | null } | null;
}

function resultOf(r: JsonObject): RunResultRead {
  const error = rec(r['error']);
  const errorType = oneOf(ERROR_TYPES, error?.['type']) ?? 'UNKNOWN_ERROR';
  return {
    type: oneOf(RESULT_TYPES, r['type']) ?? 'INIT',
    severity: oneOf(SEVERITIES, r['severity']),
    rowCount: num(r['rowCount']),
    missingCount: num(r['missingCount']),
    unexpectedCount: num(r['unexpectedCount']),
    actualAggValue: num(r['actualAggValue']),
    externalUrl: str(r['externalUrl']),
    nativeResults: r['nativeResults'] ? entries(r['nativeResults']) : null,
    error: error
      ? {
          type: errorType,
          properties: error['properties'] ? entries(error['properties']) : null,
          displayMessage: ERROR_MESSAGES[errorType] ?? null,
        }
      : null,
  };
}

export interface RunEventRead {
  timestampMillis: number;
  /** When the event was last written (its system metadata's lastObserved). */
  lastObservedMillis: number | null;
  runId: string;
  assertionUrn: string;
  asserteeUrn: string;
  partitionSpec: PartitionRead | null;
  batchSpec: {
    nativeBatchId: string | null;
    query: string | null;
    limit: number | null;
    customProperties: EntryRead[];
  } | null;
  /** Always COMPLETE, the one run status DataHub's model has. */
  status: 'COMPLETE';
  result: RunResultRead | null;
  runtimeContext: EntryRead[] | null;
}

export function runEventOf(row: TimeseriesRow): RunEventRead {
  const v = row.value;
  const batch = rec(v['batchSpec']);
  return {
    timestampMillis: row.timestampMillis,
    lastObservedMillis: num(row.systemMetadata?.['lastObserved']),
    runId: str(v['runId']) ?? '',
    assertionUrn: str(v['assertionUrn']) ?? '',
    asserteeUrn: str(v['asserteeUrn']) ?? '',
    partitionSpec: optional(v['partitionSpec'], partitionOf),
    batchSpec: batch
      ? {
          nativeBatchId: str(batch['nativeBatchId']),
          query: str(batch['query']),
          limit: num(batch['limit']),
          customProperties: entries(batch['customProperties']),
        }
      : null,
    status: 'COMPLETE',
    result: optional(v['result'], resultOf),
    runtimeContext: v['runtimeContext'] ? entries(v['runtimeContext']) : null,
  };
}

export interface RunEventsRead {
  total: number;
  failed: number;
  succeeded: number;
  errored: number;
  initializing: number;
  /** Newest first. */
  runEvents: RunEventRead[];
}

/** An assertion's run events in a window, filtered, newest first, with how many completed with each result. */
export function readAssertionRunEvents(view: StoreView, urn: string, q: RunEventsQuery): RunEventsRead {
  const r = assertionRunEvents(view, urn, q);
  return {
    total: r.total,
    failed: r.failed,
    succeeded: r.succeeded,
    errored: r.errored,
    initializing: r.initializing,
    runEvents: r.events.map(runEventOf),
  };
}
