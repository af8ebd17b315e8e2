/**
 * Reading timeseries aspects (operations, run events, profiles …): the events of one aspect of an
 * entity, newest first, in a time range, filtered on the event's own fields — what DataHub's
 * `getTimeseriesAspectValues` and the GraphQL timeseries fields (`Dataset.operations`,
 * `DataProcessInstance.state`, `Assertion.runEvents`) answer.
 */
import type { AspectValue, DeclaredAspect } from '../../model/aspects/define.ts';
import { isTimeseriesAspect } from '../../model/timeseries.ts';
import { BadRequestError } from '../../errors.ts';
import type { StoreView, TimeRange, TimeseriesRow } from '../../store/store.ts';
import { criterionHolds } from '../../search/filters.ts';
import type { FilterGroup } from '../search/types.ts';

/** DataHub's default when a client gives no limit. */
export const DEFAULT_TIMESERIES_LIMIT = 10_000;

export interface TimeseriesQuery extends TimeRange {
  limit?: number | null;
  /** Criteria on the event's fields (dot paths, e.g. `partitionSpec.partition`); groups are OR-ed. */
  filters?: FilterGroup[];
  /** Only the newest event of each partition. */
  latestValue?: boolean;
}

/** The events, newest first. */
export function readTimeseries(
  store: StoreView,
  urn: string,
  aspectName: string,
  query: TimeseriesQuery = {},
): TimeseriesRow[] {
  if (!isTimeseriesAspect(aspectName)) throw new BadRequestError(`${aspectName} is not a timeseries aspect`);
  const limit = query.limit ?? DEFAULT_TIMESERIES_LIMIT;
  if (!Number.isInteger(limit) || limit < 0)
    throw new BadRequestError(`limit: expected a non-negative integer, got ${limit}`);
  const out: TimeseriesRow[] = [];
  if (limit === 0) return out;
  const partitions = new Set<string>();
  // Newest first, read lazily: the latest event (a profile, a checkpoint, a run's state) reads one row.
  for (const row of store.timeseriesNewestFirst(urn, aspectName, query)) {
    if (
      query.filters &&
      query.filters.length > 0 &&
      !query.filters.some((group) => group.every((c) => criterionHolds(fieldValues(row.value, c.field), c)))
    )
      continue;
    if (query.latestValue) {
      const partition = partitionOf(row.value);
      if (partitions.has(partition)) continue;
      partitions.add(partition);
    }
    out.push(row);
    if (out.length >= limit) break;
  }
  return out;
}

/** An event of a declared timeseries aspect, typed by its declaration. */
export type DeclaredTimeseriesRow<D extends DeclaredAspect> = Omit<TimeseriesRow, 'value'> & { value: AspectValue<D> };

/**
 * readTimeseries of a declared aspect, each event typed by its declaration: events were checked
 * against it when written (writeAspect), and those declared `asGiven` type what is read, not what
 * was checked (a reader keeps its guards).
 */
export function readDeclaredTimeseries<D extends DeclaredAspect>(
  store: StoreView,
  urn: string,
  aspect: D,
  query: TimeseriesQuery = {},
): DeclaredTimeseriesRow<D>[] {
  return readTimeseries(store, urn, aspect.name, query) as DeclaredTimeseriesRow<D>[];
}

const partitionOf = (value: Record<string, unknown>) =>
  String((value['partitionSpec'] as { partition?: unknown } | undefined)?.partition ?? '');

/** The values at a dot path of an event (arrays fan out), as strings. */
function fieldValues(value: unknown, path: string): string[] {
  let current: unknown[] = [value];
  for (const part of path.split('.')) {
    current = current.flatMap((v) => {
      const next = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined;
      return next === undefined || next === null ? [] : Array.isArray(next) ? next : [next];
    });
  }
  return current.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v)));
}
