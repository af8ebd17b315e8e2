/** Dashboard: a dashboard of a BI tool, with its properties, container and charts. Shaped from src/ops/read/bi.ts. */
import { BiView } from './chart.ts';
import type * as G from '../schema.generated.ts';
import type { EntityKind } from './shared.ts';

class DashboardView extends BiView implements G.Dashboard {
  readonly __typename = 'Dashboard';
  readonly type = 'DASHBOARD';
  declare readonly dashboardId: string;
}

export const dashboard: EntityKind = {
  typename: 'Dashboard',
  enumValue: 'DASHBOARD',
  build: (view, urn) => new DashboardView(view, urn, 'dashboard'),
};
