/**
 * Usage and size of a dataset from its timeseries events: DataHub's `usageStats` (the
 * datasetUsageStatistics buckets in a time range, rolled up), `statsSummary` (the last 30 days) and
 * the latest profile. Ingestion sources (Snowflake, BigQuery, Redshift usage …) send the buckets;
 * nothing here estimates what they did not send.
 */
import { datasetProfile, datasetUsageStatistics } from '../../model/aspects/readAsGiven.ts';
import type { StoreView } from '../../store/store.ts';
import { readDeclaredTimeseries, readTimeseries, type DeclaredTimeseriesRow } from './timeseries.ts';

export type UsageRange = 'DAY' | 'WEEK' | 'MONTH' | 'QUARTER' | 'YEAR' | 'ALL';

const DAY_MS = 86_400_000;
const RANGE_DAYS: Record<UsageRange, number | null> = { DAY: 1, WEEK: 7, MONTH: 30, QUARTER: 90, YEAR: 365, ALL: null };

export interface UserCount {
  user: string;
  count: number;
  userEmail: string | null;
}

export interface UsageTotals {
  uniqueUserCount: number;
  totalSqlQueries: number;
  users: UserCount[];
  fields: Array<{ fieldName: string; count: number }>;
}

export interface UsageBucket extends UsageTotals {
  bucket: number;
  duration: string;
  topSqlQueries: string[];
}

export interface UsageSummary {
  buckets: UsageBucket[];
  aggregations: UsageTotals;
}

type UsageRow = DeclaredTimeseriesRow<typeof datasetUsageStatistics>;

/** The buckets in `range` before `now`, oldest first, and their roll-up. */
export function usageStats(store: StoreView, urn: string, range: UsageRange, now: number): UsageSummary {
  const days = RANGE_DAYS[range];
  const rows = readDeclaredTimeseries(store, urn, datasetUsageStatistics, {
    startTimeMillis: days === null ? null : now - days * DAY_MS,
    endTimeMillis: now,
  }).reverse();
  const buckets = rows.map(bucketOf);
  return { buckets, aggregations: rollUp(rows) };
}

function bucketOf(row: UsageRow): UsageBucket {
  const e = row.value;
  const totals = rollUp([row]);
  return {
    bucket: row.timestampMillis,
    duration: e.eventGranularity?.unit ?? 'DAY',
    ...totals,
    uniqueUserCount: typeof e.uniqueUserCount === 'number' ? e.uniqueUserCount : totals.uniqueUserCount,
    topSqlQueries: e.topSqlQueries ?? [],
  };
}

/** Sums over buckets: queries added, users and fields counted once each with their summed counts, most used first. */
function rollUp(rows: readonly UsageRow[]): UsageTotals {
  let totalSqlQueries = 0;
  const users = new Map<string, UserCount>();
  const fields = new Map<string, number>();
  for (const row of rows) {
    const e = row.value;
    totalSqlQueries += typeof e.totalSqlQueries === 'number' ? e.totalSqlQueries : 0;
    for (const u of e.userCounts ?? []) {
      if (typeof u.user !== 'string') continue;
      const seen = users.get(u.user) ?? { user: u.user, count: 0, userEmail: u.userEmail ?? null };
      seen.count += u.count ?? 0;
      users.set(u.user, seen);
    }
    for (const f of e.fieldCounts ?? [])
      if (typeof f.fieldPath === 'string') fields.set(f.fieldPath, (fields.get(f.fieldPath) ?? 0) + (f.count ?? 0));
  }
  const byCount = <T extends { count: number }>(a: T, b: T, ka: string, kb: string) =>
    b.count - a.count || (ka < kb ? -1 : ka > kb ? 1 : 0);
  return {
    uniqueUserCount: users.size,
    totalSqlQueries,
    users: [...users.values()].sort((a, b) => byCount(a, b, a.user, b.user)),
    fields: [...fields]
      .map(([fieldName, count]) => ({ fieldName, count }))
      .sort((a, b) => byCount(a, b, a.fieldName, b.fieldName)),
  };
}

/** How many users DataHub's summary names. */
export const TOP_USERS = 5;

export interface DatasetStats {
  queryCountLast30Days: number | null;
  uniqueUserCountLast30Days: number | null;
  updateCountLast30Days: number | null;
  topUsersLast30Days: string[] | null;
  rowCount: number | null;
  sizeInBytes: number | null;
}

/** The last 30 days of usage and operations and the latest profile; null when the dataset has none of them. */
export function datasetStats(store: StoreView, urn: string, now: number): DatasetStats | null {
  const kinds = store.timeseriesAspects(urn);
  const hasUsage = kinds.includes('datasetUsageStatistics');
  const hasOperations = kinds.includes('operation');
  const hasProfile = kinds.includes('datasetProfile');
  if (!hasUsage && !hasOperations && !hasProfile) return null;
  const usage = hasUsage ? usageStats(store, urn, 'MONTH', now).aggregations : null;
  const profile = hasProfile ? readDeclaredTimeseries(store, urn, datasetProfile, { limit: 1 })[0]?.value : undefined;
  return {
    queryCountLast30Days: usage ? usage.totalSqlQueries : null,
    uniqueUserCountLast30Days: usage ? usage.uniqueUserCount : null,
    topUsersLast30Days: usage ? usage.users.slice(0, TOP_USERS).map((u) => u.user) : null,
    updateCountLast30Days: hasOperations
      ? readTimeseries(store, urn, 'operation', { startTimeMillis: now - 30 * DAY_MS, endTimeMillis: now }).length
      : null,
    rowCount: typeof profile?.rowCount === 'number' ? profile.rowCount : null,
    sizeInBytes: typeof profile?.sizeInBytes === 'number' ? profile.sizeInBytes : null,
  };
}

export interface DashboardStats {
  /** `viewsCount` of the newest snapshot (an event without `eventGranularity`); null when none says. */
  viewCount: number | null;
  /** Distinct users of the windowed events of the last 31 days; null when there are none. */
  uniqueUserCountLast30Days: number | null;
  /** Up to five users of those events, most `usageCount` first; null when they name nobody. */
  topUsersLast30Days: string[] | null;
}

/** How far back DataHub's dashboard summary looks: 31 days and a millisecond, as its `timeMinusOneMonth`. */
const DASHBOARD_WINDOW_MS = 31 * DAY_MS + 1;

/**
 * DataHub's `Dashboard.statsSummary` from the dashboard's `dashboardUsageStatistics` events, as its
 * default (batched) resolver computes it: the view count of the newest snapshot, and over the windowed
 * events (those with an `eventGranularity`) of the last month, the distinct users and the top five by
 * summed `usageCount`. A dashboard that reported nothing gets every figure null (DataHub's answer: a
 * summary with no values, not no summary).
 */
export function dashboardStats(store: StoreView, urn: string, now: number): DashboardStats {
  const stats: DashboardStats = { viewCount: null, uniqueUserCountLast30Days: null, topUsersLast30Days: null };
  if (!store.timeseriesAspects(urn).includes('dashboardUsageStatistics')) return stats;
  // Newest first, read lazily: the walk stops at the newest snapshot.
  for (const row of store.timeseriesNewestFirst(urn, 'dashboardUsageStatistics')) {
    if (row.value['eventGranularity'] != null) continue;
    const views = row.value['viewsCount'];
    stats.viewCount = typeof views === 'number' ? views : null;
    break;
  }
  const windowed = readTimeseries(store, urn, 'dashboardUsageStatistics', {
    startTimeMillis: now - DASHBOARD_WINDOW_MS,
    endTimeMillis: now,
  }).filter((row) => row.value['eventGranularity'] != null);
  if (windowed.length === 0) return stats;
  const usage = new Map<string, number>();
  for (const row of windowed) {
    const counts = row.value['userCounts'];
    if (!Array.isArray(counts)) continue;
    for (const c of counts as Array<Record<string, unknown>>) {
      const user = c?.['user'];
      if (typeof user !== 'string') continue;
      const n = c['usageCount'];
      usage.set(user, (usage.get(user) ?? 0) + (typeof n === 'number' ? n : 0));
    }
  }
  stats.uniqueUserCountLast30Days = usage.size;
  if (usage.size > 0)
    stats.topUsersLast30Days = [...usage]
      .sort(([ua, a], [ub, b]) => b - a || (ua < ub ? -1 : ua > ub ? 1 : 0))
      .slice(0, TOP_USERS)
      .map(([user]) => user);
  return stats;
}
