/**
 * Timeseries aspects: events stamped with `timestampMillis` (operations, run events, profiles, usage),
 * kept as a series per entity instead of as versions of one value — as DataHub's entity registry
 * declares them. The store keeps them apart (src/store/store.ts, table `timeseries`).
 */
import { BadRequestError } from '../errors.ts';

/** Every timeseries aspect of DataHub's model (the `"type": "timeseries"` aspects of its schemas). */
const TIMESERIES = new Set([
  'operation',
  'datasetProfile',
  'datasetUsageStatistics',
  'chartUsageStatistics',
  'dashboardUsageStatistics',
  'documentUsageStatistics',
  'queryUsageStatistics',
  'dataProcessInstanceRunEvent',
  'assertionRunEvent',
  // stateful ingestion: a pipeline's checkpoint (what it saw last run) and its run summaries
  'datahubIngestionCheckpoint',
  'datahubIngestionRunSummary',
]);

export function isTimeseriesAspect(aspectName: string): boolean {
  return TIMESERIES.has(aspectName);
}

/** The event's time and partition (the two parts of its identity besides the entity and aspect). */
export function eventKey(aspectName: string, value: unknown): { timestampMillis: number; partition: string } {
  const record = value as { timestampMillis?: unknown; partitionSpec?: { partition?: unknown } | null };
  const time = record?.timestampMillis;
  if (typeof time !== 'number' || !Number.isSafeInteger(time)) {
    throw new BadRequestError(
      `${aspectName}.timestampMillis: a timeseries aspect needs its event time in epoch milliseconds, got ${JSON.stringify(time)}`,
    );
  }
  const partition = record.partitionSpec?.partition;
  return { timestampMillis: time, partition: typeof partition === 'string' ? partition : '' };
}
