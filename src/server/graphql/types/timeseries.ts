/**
 * GraphQL shapes of timeseries aspects — `Dataset.operations`, `datasetProfiles`, `usageStats`,
 * `statsSummary`, the runs of jobs and flows
 * (`DataJob.runs`, `DataFlow.runs`) and the run entity itself (DataProcessInstance) — read through
 * src/ops/read/timeseries.ts, src/ops/read/run.ts, src/ops/timeseries/runs.ts and usage.ts.
 */
import type { StoreView } from '../../../store/store.ts';
import { readDatasetProfiles, readOperations } from '../../../ops/read/timeseries.ts';
import { readRun, readRunEvents } from '../../../ops/read/run.ts';
import { runsOf } from '../../../ops/timeseries/runs.ts';
import { datasetStats, usageStats, type UsageRange, type UserCount } from '../../../ops/timeseries/usage.ts';
import type { TimeseriesQuery } from '../../../ops/timeseries/timeseries.ts';
import { criterionOf, type FacetFilterGql } from '../searchInput.ts';
import type * as G from '../schema.generated.ts';
import { trainingRunView } from './datasetPage.ts';
import {
  type EntityKind,
  type Shaped,
  asEnum,
  asStored,
  common,
  customPropertiesView,
  platformView,
  ref,
  refAs,
} from './shared.ts';

interface TimeArgs {
  startTimeMillis?: number | null;
  endTimeMillis?: number | null;
  limit?: number | null;
  filter?: { and: FacetFilterGql[] } | null;
}

/** The time range and limit of a field's arguments, its facet filter as criteria on the events' fields. */
const queryOf = (args: TimeArgs): TimeseriesQuery => ({
  ...args,
  filters: args.filter ? [args.filter.and.map(criterionOf)] : undefined,
});

/** `Dataset.operations(startTimeMillis, endTimeMillis, filter, limit)`. */
// Operations as read: their type and source type pass through as stored (see asStored).
export const operationsField =
  (view: StoreView, urn: string) =>
  (args: TimeArgs): G.Operation[] =>
    asStored<G.Operation[]>(readOperations(view, urn, queryOf(args)));

/** `runs(start, count)` of a job or flow. */
export const runsField =
  (view: StoreView, urn: string) =>
  (args: { start?: number | null; count?: number | null }): G.DataProcessInstanceResult => {
    const page = runsOf(view, urn, args);
    const runs = page.urns.map((u) => refAs<G.DataProcessInstance>(view, u));
    return { start: page.start, count: page.count, total: page.total, runs };
  };

export const dataProcessInstance: EntityKind = {
  typename: 'DataProcessInstance',
  enumValue: 'DATA_PROCESS_INSTANCE',
  build: (view, urn): Shaped<G.DataProcessInstance> => {
    const run = readRun(view, urn);
    const parent = run.parentTemplate;
    return Object.assign(common(view, urn, dataProcessInstance), {
      name: run.name,
      created: run.created,
      externalUrl: run.externalUrl,
      properties: run.properties && {
        ...run.properties,
        customProperties: customPropertiesView(run.properties.customProperties, urn),
      },
      parentTemplate: parent ? () => ref(view, parent) : null,
      platform: run.platformUrn ? platformView(view, run.platformUrn) : null,
      // Status and result type pass through as stored (see asStored); the enums' serializers check them.
      state: (args: TimeArgs) => asStored<G.DataProcessRunEvent[]>(readRunEvents(view, urn, args)),
      mlTrainingRunProperties: () => trainingRunView(view, urn),
    });
  },
};

/** `Dataset.datasetProfiles(startTimeMillis, endTimeMillis, filter, limit)`. */
// Profiles as read: their partition type and time window pass through as stored (see asStored).
export const datasetProfilesField =
  (view: StoreView, urn: string) =>
  (args: TimeArgs): G.DatasetProfile[] =>
    asStored<G.DatasetProfile[]>(readDatasetProfiles(view, urn, queryOf(args)));

const usersView = (view: StoreView, users: UserCount[]): G.UserUsageCounts[] =>
  users.map((u) => ({ user: refAs<G.CorpUser>(view, u.user), count: u.count, userEmail: u.userEmail }));

/** `Dataset.usageStats(range)`: the month before now when no range is given. */
export const usageStatsField =
  (view: StoreView, urn: string) =>
  (args: { range?: UsageRange | null }): G.UsageQueryResult => {
    const usage = usageStats(view, urn, args.range ?? 'MONTH', Date.now());
    return {
      buckets: usage.buckets.map((b) => ({
        bucket: b.bucket,
        duration: asEnum<G.WindowDuration>(b.duration),
        resource: urn,
        metrics: {
          uniqueUserCount: b.uniqueUserCount,
          users: usersView(view, b.users),
          totalSqlQueries: b.totalSqlQueries,
          topSqlQueries: b.topSqlQueries,
          fields: b.fields,
        },
      })),
      aggregations: { ...usage.aggregations, users: usersView(view, usage.aggregations.users) },
    };
  };

/** `Dataset.statsSummary`: null for a dataset that reported no usage, operation or profile. */
export const statsSummaryField = (view: StoreView, urn: string) => (): G.Maybe<G.DatasetStatsSummary> => {
  const stats = datasetStats(view, urn, Date.now());
  if (!stats) return null;
  const { topUsersLast30Days, ...counts } = stats;
  return { ...counts, topUsersLast30Days: topUsersLast30Days?.map((u) => refAs<G.CorpUser>(view, u)) ?? null };
};
