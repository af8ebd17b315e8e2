/**
 * Read models of a dataset's timeseries aspects: its operations (`operation`) and profiles
 * (`datasetProfile`), newest first, as src/ops/timeseries/timeseries.ts selects them. Events are
 * stored as given, so each field reads only when it has the expected type, with DataHub's defaults
 * (an operation of unknown type, a profile partition of type PARTITION).
 */
import type { StoreView, TimeseriesRow } from '../../store/store.ts';
import { readTimeseries, type TimeseriesQuery } from '../timeseries/timeseries.ts';
import { customPropertiesOf, timeWindowOf, type CustomPropertyRead } from './common.ts';

type Stored = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);
const props = (p: unknown): Record<string, string> | undefined =>
  p && typeof p === 'object' ? (p as Record<string, string>) : undefined;
/** A field of a stored value that may be anything: undefined unless the value is an object. */
export const fieldOf = (v: unknown, name: string): unknown =>
  v !== null && typeof v === 'object' ? (v as Stored)[name] : undefined;

/** One operation on a dataset (an insert, a drop, …) as it reported it. */
export interface OperationRead {
  timestampMillis: number;
  actor: string | null;
  /** DataHub's `OperationType` as stored; `UNKNOWN` when none is. */
  operationType: unknown;
  customOperationType: string | null;
  sourceType: unknown;
  numAffectedRows: number | null;
  /** The dataset urns it names, as stored; null when not a list. */
  affectedDatasets: unknown[] | null;
  /** When the data changed: the stored time, else the time the operation was reported. */
  lastUpdatedTimestamp: number;
  partition: string | null;
  customProperties: CustomPropertyRead[];
}

function operationOf(row: TimeseriesRow): OperationRead {
  const v = row.value;
  return {
    timestampMillis: row.timestampMillis,
    actor: str(v['actor']),
    operationType: v['operationType'] ?? 'UNKNOWN',
    customOperationType: str(v['customOperationType']),
    sourceType: v['sourceType'] ?? null,
    numAffectedRows: num(v['numAffectedRows']),
    affectedDatasets: Array.isArray(v['affectedDatasets']) ? v['affectedDatasets'] : null,
    lastUpdatedTimestamp: num(v['lastUpdatedTimestamp']) ?? row.timestampMillis,
    partition: str(fieldOf(v['partitionSpec'], 'partition')),
    customProperties: customPropertiesOf(props(v['customProperties'])),
  };
}

/** A dataset's operations in a time range, newest first. */
export function readOperations(view: StoreView, urn: string, query: TimeseriesQuery): OperationRead[] {
  return readTimeseries(view, urn, 'operation', query).map(operationOf);
}

/** The statistics of one column in a profile; min, max, mean, median and stdev as text. */
export interface FieldProfileRead {
  /** '' when none is stored. */
  fieldPath: string;
  uniqueCount: number | null;
  uniqueProportion: number | null;
  nullCount: number | null;
  nullProportion: number | null;
  min: string | null;
  max: string | null;
  mean: string | null;
  median: string | null;
  stdev: string | null;
  /** Each as text; null when not a list. */
  sampleValues: string[] | null;
  /** Quantile cutoffs (`quantile`, `value` as text), as stored; null when not a list. */
  quantiles: Array<{ quantile: string; value: string }> | null;
  /** Value counts of a low-cardinality column, as stored; null when not a list. */
  distinctValueFrequencies: Array<{ value: string; frequency: number }> | null;
}

export interface PartitionSpecRead {
  /** `PARTITION` unless stored otherwise (`FULL_TABLE`, `QUERY`). */
  type: unknown;
  partition: string | null;
  /** DataHub's stored window (start and length) as GraphQL's TimeWindow (start and duration); null without a start. */
  timePartition: { startTimeMillis: number; durationMillis: number } | null;
}

/** A dataset profile: its size and, when reported, its columns' statistics. */
export interface DatasetProfileRead {
  timestampMillis: number;
  rowCount: number | null;
  columnCount: number | null;
  sizeInBytes: number | null;
  partitionSpec: PartitionSpecRead | null;
  /** null when not a list. */
  fieldProfiles: FieldProfileRead[] | null;
}

/** A statistic stored as text or as a number, as text. */
const text = (v: unknown): string | null => (v === undefined || v === null ? null : String(v));

function profileOf(row: TimeseriesRow): DatasetProfileRead {
  const v = row.value;
  const spec = v['partitionSpec'];
  return {
    timestampMillis: row.timestampMillis,
    rowCount: num(v['rowCount']),
    columnCount: num(v['columnCount']),
    sizeInBytes: num(v['sizeInBytes']),
    partitionSpec: spec
      ? {
          type: fieldOf(spec, 'type') ?? 'PARTITION',
          partition: str(fieldOf(spec, 'partition')),
          timePartition: timeWindowOf(fieldOf(spec, 'timePartition')),
        }
      : null,
    fieldProfiles: Array.isArray(v['fieldProfiles'])
      ? (v['fieldProfiles'] as Stored[]).map((f) => ({
          fieldPath: str(f['fieldPath']) ?? '',
          uniqueCount: num(f['uniqueCount']),
          uniqueProportion: num(f['uniqueProportion']),
          nullCount: num(f['nullCount']),
          nullProportion: num(f['nullProportion']),
          min: text(f['min']),
          max: text(f['max']),
          mean: text(f['mean']),
          median: text(f['median']),
          stdev: text(f['stdev']),
          sampleValues: Array.isArray(f['sampleValues']) ? (f['sampleValues'] as unknown[]).map(String) : null,
          quantiles: Array.isArray(f['quantiles'])
            ? (f['quantiles'] as Stored[]).map((q) => ({
                quantile: text(q?.['quantile']) ?? '',
                value: text(q?.['value']) ?? '',
              }))
            : null,
          distinctValueFrequencies: Array.isArray(f['distinctValueFrequencies'])
            ? (f['distinctValueFrequencies'] as Stored[]).map((v) => ({
                value: text(v?.['value']) ?? '',
                frequency: num(v?.['frequency']) ?? 0,
              }))
            : null,
        }))
      : null,
  };
}

/** A dataset's profiles in a time range, newest first. */
export function readDatasetProfiles(view: StoreView, urn: string, query: TimeseriesQuery): DatasetProfileRead[] {
  return readTimeseries(view, urn, 'datasetProfile', query).map(profileOf);
}
