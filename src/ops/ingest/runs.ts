/**
 * The ingestion runs the catalog knows of, as DataHub's `/runs` actions `list` and `describe` answer
 * them: from the `runId` each aspect's latest version carries in its system metadata (the run ids the
 * catalog keeps; DataHub keeps the same per aspect in its system-metadata index). A run's rows are the
 * aspects whose latest version it wrote, its time the latest `lastObserved` among them. An aspect of
 * an entity soft-deleted (`status.removed`) is a removed row: left out unless `includeSoft` (and a
 * run with only removed rows is left out of the list). Aspects written without a run id, and
 * timeseries events, belong to no run here.
 */
import status from '../../model/aspects/status.ts';
import { isKeyAspect } from '../../model/registry.ts';
import type { AspectRecord, StoreView } from '../../store/store.ts';
import { latestAspect } from '../core/resources.ts';

export interface RunSummary {
  runId: string;
  /** The latest time one of its rows was written or observed again (epoch ms). */
  timestamp: number;
  /** The aspects whose latest version the run wrote. */
  rows: number;
}

export interface RunRow {
  runId: string;
  urn: string;
  aspectName: string;
  /** When the row was last written or observed again (epoch ms). */
  timestamp: number;
  keyAspect: boolean;
  /** The aspect's latest value, when asked for. */
  aspect?: unknown;
}

function timestampOf(record: AspectRecord): number {
  const observed = record.systemMetadata?.['lastObserved'];
  return typeof observed === 'number' ? observed : record.created.time;
}

/** Every latest aspect version that carries a run id, entity by entity in key order. */
function* runRows(view: StoreView): Generator<RunRow & { removed: boolean }> {
  for (const entityType of view.entityTypes()) {
    for (const urn of view.eachUrnOfType(entityType)) {
      const entity = view.getEntity(urn);
      if (!entity) continue;
      const removed = latestAspect(view, urn, status)?.removed === true;
      for (const aspectName of [...entity.aspects].sort()) {
        const record = view.getAspect(urn, aspectName);
        const runId = record?.systemMetadata?.['runId'];
        if (!record || typeof runId !== 'string' || runId === '') continue;
        const keyAspect = isKeyAspect(entity.entityType, aspectName);
        yield { runId, urn, aspectName, timestamp: timestampOf(record), keyAspect, removed };
      }
    }
  }
}

export interface ListRunsRequest {
  pageOffset: number;
  pageSize: number;
  includeSoft: boolean;
}

/** `list`: the runs, most recent first, one page. */
export function listRuns(view: StoreView, request: ListRunsRequest): RunSummary[] {
  const runs = new Map<string, RunSummary & { live: number }>();
  for (const row of runRows(view)) {
    let run = runs.get(row.runId);
    if (!run) runs.set(row.runId, (run = { runId: row.runId, timestamp: row.timestamp, rows: 0, live: 0 }));
    run.rows++;
    if (!row.removed) run.live++;
    if (row.timestamp > run.timestamp) run.timestamp = row.timestamp;
  }
  return [...runs.values()]
    .filter((r) => request.includeSoft || r.live > 0)
    .sort((a, b) => b.timestamp - a.timestamp || (a.runId < b.runId ? -1 : a.runId > b.runId ? 1 : 0))
    .slice(request.pageOffset, request.pageOffset + request.pageSize)
    .map(({ runId, timestamp, rows }) => ({ runId, timestamp, rows }));
}

export interface DescribeRunRequest {
  runId: string;
  start: number;
  count: number;
  includeSoft: boolean;
  includeAspect: boolean;
}

/** `describe`: the run's rows, by entity then aspect, one page; with `includeAspect`, each with its value. */
export function describeRun(view: StoreView, request: DescribeRunRequest): RunRow[] {
  const rows: RunRow[] = [];
  let skipped = 0;
  for (const { removed, ...row } of runRows(view)) {
    if (row.runId !== request.runId || (removed && !request.includeSoft)) continue;
    if (skipped++ < request.start) continue;
    if (rows.length >= request.count) break;
    rows.push(request.includeAspect ? { ...row, aspect: view.getAspect(row.urn, row.aspectName)?.value } : row);
  }
  return rows;
}
