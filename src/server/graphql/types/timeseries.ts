/**
 * GraphQL shapes of timeseries aspects — `Dataset.operations`, `datasetProfiles`, `usageStats`,
 * `statsSummary`, the runs of jobs and flows
 * (`DataJob.runs`, `DataFlow.runs`) and the run entity itself (DataProcessInstance) — read through
 * src/ops/timeseries/timeseries.ts and src/ops/timeseries/runs.ts.
 */
import type { StoreView, TimeseriesRow } from '../../../store/store.ts';
import { readTimeseries } from '../../../ops/timeseries/timeseries.ts';
import { RUN_EVENT, runsOf } from '../../../ops/timeseries/runs.ts';
import { datasetStats, usageStats, type UsageRange, type UserCount } from '../../../ops/timeseries/usage.ts';
import { criterionOf, type FacetFilterGql } from '../searchInput.ts';
import { aspect, common, customProperties, platformView, props, ref, str, type EntityKind, type Obj } from './shared.ts';

interface TimeArgs {
  startTimeMillis?: number | null;
  endTimeMillis?: number | null;
  limit?: number | null;
  filter?: { and: FacetFilterGql[] } | null;
}

const entries = (map: unknown) => Object.entries(props(map) ?? {}).map(([key, value]) => ({ key, value }));

function operationView(row: TimeseriesRow): Obj {
  const v = row.value;
  return {
    timestampMillis: row.timestampMillis,
    actor: str(v['actor']),
    operationType: v['operationType'] ?? 'UNKNOWN',
    customOperationType: str(v['customOperationType']),
    sourceType: v['sourceType'] ?? null,
    numAffectedRows: typeof v['numAffectedRows'] === 'number' ? v['numAffectedRows'] : null,
    affectedDatasets: Array.isArray(v['affectedDatasets']) ? v['affectedDatasets'] : null,
    lastUpdatedTimestamp: typeof v['lastUpdatedTimestamp'] === 'number' ? v['lastUpdatedTimestamp'] : row.timestampMillis,
    partition: str((v['partitionSpec'] as Obj | undefined)?.['partition']),
    customProperties: entries(v['customProperties']),
  };
}

/** `Dataset.operations(startTimeMillis, endTimeMillis, filter, limit)`. */
export const operationsField = (view: StoreView, urn: string) => (args: TimeArgs) =>
  readTimeseries(view, urn, 'operation', { ...args, filters: args.filter ? [args.filter.and.map(criterionOf)] : undefined }).map(operationView);

/** `runs(start, count)` of a job or flow. */
export const runsField = (view: StoreView, urn: string) => (args: { start?: number | null; count?: number | null }) => {
  const page = runsOf(view, urn, args);
  return { start: page.start, count: page.count, total: page.total, runs: page.urns.map((u) => ref(view, u)) };
};

function runEventView(row: TimeseriesRow): Obj {
  const v = row.value;
  const result = v['result'] as Obj | undefined;
  return {
    timestampMillis: row.timestampMillis,
    status: v['status'] ?? null,
    attempt: typeof v['attempt'] === 'number' ? v['attempt'] : null,
    durationMillis: typeof v['durationMillis'] === 'number' ? v['durationMillis'] : null,
    result: result ? { resultType: result['type'] ?? null, nativeResultType: str(result['nativeResultType']) } : null,
  };
}

export const dataProcessInstance: EntityKind = {
  typename: 'DataProcessInstance',
  enumValue: 'DATA_PROCESS_INSTANCE',
  build: (view, urn) => {
    const info = aspect<Obj>(view, urn, 'dataProcessInstanceProperties');
    const parent = str(aspect<Obj>(view, urn, 'dataProcessInstanceRelationships')?.['parentTemplate']);
    const created = info?.['created'] as { time?: number; actor?: string } | undefined;
    const stamp = created && typeof created.time === 'number' ? { time: created.time, actor: created.actor ?? null } : null;
    const platform = str(aspect<Obj>(view, urn, 'dataPlatformInstance')?.['platform']);
    return Object.assign(common(view, urn, dataProcessInstance), {
      name: str(info?.['name']),
      created: stamp,
      externalUrl: str(info?.['externalUrl']),
      properties: info
        ? { name: str(info['name']) ?? '', externalUrl: str(info['externalUrl']), created: stamp ?? { time: 0, actor: null }, customProperties: customProperties(props(info['customProperties']), urn) }
        : null,
      parentTemplate: parent ? () => ref(view, parent) : null,
      platform: platform ? platformView(view, platform) : null,
      state: (args: TimeArgs) => readTimeseries(view, urn, RUN_EVENT, args).map(runEventView),
    });
  },
};

const long = (v: unknown): number | null => (typeof v === 'number' ? v : null);
const text = (v: unknown): string | null => (v === undefined || v === null ? null : String(v));

function profileView(row: TimeseriesRow): Obj {
  const v = row.value;
  const spec = v['partitionSpec'] as Obj | undefined;
  return {
    timestampMillis: row.timestampMillis,
    rowCount: long(v['rowCount']),
    columnCount: long(v['columnCount']),
    sizeInBytes: long(v['sizeInBytes']),
    partitionSpec: spec ? { type: spec['type'] ?? 'PARTITION', partition: str(spec['partition']), timePartition: spec['timePartition'] ?? null } : null,
    fieldProfiles: Array.isArray(v['fieldProfiles'])
      ? (v['fieldProfiles'] as Obj[]).map((f) => ({
          fieldPath: str(f['fieldPath']) ?? '',
          uniqueCount: long(f['uniqueCount']),
          uniqueProportion: long(f['uniqueProportion']),
          nullCount: long(f['nullCount']),
          nullProportion: long(f['nullProportion']),
          min: text(f['min']),
          max: text(f['max']),
          mean: text(f['mean']),
          median: text(f['median']),
          stdev: text(f['stdev']),
          sampleValues: Array.isArray(f['sampleValues']) ? (f['sampleValues'] as unknown[]).map(String) : null,
        }))
      : null,
  };
}

/** `Dataset.datasetProfiles(startTimeMillis, endTimeMillis, filter, limit)`. */
export const datasetProfilesField = (view: StoreView, urn: string) => (args: TimeArgs) =>
  readTimeseries(view, urn, 'datasetProfile', { ...args, filters: args.filter ? [args.filter.and.map(criterionOf)] : undefined }).map(profileView);

const usersView = (view: StoreView, users: UserCount[]) => users.map((u) => ({ user: ref(view, u.user), count: u.count, userEmail: u.userEmail }));

/** `Dataset.usageStats(range)`: the month before now when no range is given. */
export const usageStatsField = (view: StoreView, urn: string) => (args: { range?: UsageRange | null }) => {
  const usage = usageStats(view, urn, args.range ?? 'MONTH', Date.now());
  return {
    buckets: usage.buckets.map((b) => ({
      bucket: b.bucket,
      duration: b.duration,
      resource: urn,
      metrics: { uniqueUserCount: b.uniqueUserCount, users: usersView(view, b.users), totalSqlQueries: b.totalSqlQueries, topSqlQueries: b.topSqlQueries, fields: b.fields },
    })),
    aggregations: { ...usage.aggregations, users: usersView(view, usage.aggregations.users) },
  };
};

/** `Dataset.statsSummary`: null for a dataset that reported no usage, operation or profile. */
export const statsSummaryField = (view: StoreView, urn: string) => () => {
  const stats = datasetStats(view, urn, Date.now());
  if (!stats) return null;
  const { topUsersLast30Days, ...counts } = stats;
  return { ...counts, topUsersLast30Days: topUsersLast30Days?.map((u) => ref(view, u)) ?? null };
};
