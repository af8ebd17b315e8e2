/** Dashboard: a dashboard of a BI tool, with its properties, container and charts. Shaped from src/ops/read/bi.ts. */
import { BiView } from './chart.ts';
import type { EntityKind } from './shared.ts';

class DashboardView extends BiView {
  readonly __typename = 'Dashboard';
  readonly type = 'DASHBOARD';
}

export const dashboard: EntityKind = {
  typename: 'Dashboard',
  enumValue: 'DASHBOARD',
  build: (view, urn) => new DashboardView(view, urn, 'dashboard'),
};
