/** Chart: a chart of a BI tool, with its properties, container and the datasets it reads. */
import { type EntityKind, chartLike } from './shared.ts';

export const chart: EntityKind = {
  typename: 'Chart',
  enumValue: 'CHART',
  build: (view, urn) => chartLike(view, urn, chart, 'chartInfo', 'editableChartProperties', 'chartId'),
};
