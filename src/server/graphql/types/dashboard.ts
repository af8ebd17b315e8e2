/** Dashboard: a dashboard of a BI tool, with its properties, container and charts. */
import { type EntityKind, chartLike } from './shared.ts';

export const dashboard: EntityKind = {
  typename: 'Dashboard',
  enumValue: 'DASHBOARD',
  build: (view, urn) => chartLike(view, urn, dashboard, 'dashboardInfo', 'editableDashboardProperties', 'dashboardId'),
};
