/** Dashboard: a dashboard of a BI tool, with its properties, container and charts. Shaped from src/ops/read/bi.ts. */
import { dashboardStats } from '../../../ops/timeseries/usage.ts';
import { BiView } from './chart.ts';
import type * as G from '../schema.generated.ts';
import { refAs, type EntityKind } from './shared.ts';

class DashboardView extends BiView implements G.Dashboard {
  readonly __typename = 'Dashboard';
  readonly type = 'DASHBOARD';
  declare readonly dashboardId: string;
  /** Usage from the dashboardUsageStatistics events (src/ops/timeseries/usage.ts), as DataHub's summary. */
  get statsSummary(): G.DashboardStatsSummary {
    const s = dashboardStats(this.view, this.urn, Date.now());
    return {
      viewCount: s.viewCount,
      viewCountLast30Days: null,
      uniqueUserCountLast30Days: s.uniqueUserCountLast30Days,
      topUsersLast30Days: s.topUsersLast30Days?.map((u) => refAs<G.CorpUser>(this.view, u)) ?? null,
    };
  }
}

export const dashboard: EntityKind = {
  typename: 'Dashboard',
  enumValue: 'DASHBOARD',
  build: (view, urn) => new DashboardView(view, urn, 'dashboard'),
};
