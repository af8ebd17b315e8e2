/**
 * Read models of a BI tool's charts and dashboards: the tool and id from the urn, the properties of
 * `chartInfo` / `dashboardInfo` with the catalog's defaults (the name falls back to the id, the URL to
 * the chart's or dashboard's own URL field, a chart type or access level DataHub does not know reads
 * as none), and the edited description.
 */
import {
  chartInfo,
  dashboardInfo,
  editableChartProperties,
  editableDashboardProperties,
} from '../../model/aspects/storedAsGiven.ts';
import type { DeclaredAspect } from '../../model/aspects/define.ts';
import { keyFieldsOf } from '../../model/registry.ts';
import type { StoreView } from '../../store/store.ts';
import { aspectOf, customPropertiesOf, stampOf, type CustomPropertyRead, type StampRead } from './common.ts';
import { readEditableDescription } from './glossary.ts';

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);
const oneOf = (values: ReadonlySet<string>, v: unknown): string | null =>
  typeof v === 'string' && values.has(v) ? v : null;
const props = (p: unknown): Record<string, string> | undefined =>
  p && typeof p === 'object' ? (p as Record<string, string>) : undefined;

/** DataHub's `ChartType` and `AccessLevel` values. */
const CHART_TYPES: ReadonlySet<string> = new Set([
  'BAR',
  'PIE',
  'SCATTER',
  'TABLE',
  'TEXT',
  'LINE',
  'AREA',
  'HISTOGRAM',
  'BOX_PLOT',
  'WORD_CLOUD',
  'COHORT',
]);
const ACCESS_LEVELS: ReadonlySet<string> = new Set(['PUBLIC', 'PRIVATE']);

export type BiKind = 'chart' | 'dashboard';

const ASPECTS = {
  chart: { info: chartInfo, editable: editableChartProperties, id: 'chartId', url: 'chartUrl' },
  dashboard: { info: dashboardInfo, editable: editableDashboardProperties, id: 'dashboardId', url: 'dashboardUrl' },
} as const satisfies Record<
  BiKind,
  { id: 'chartId' | 'dashboardId'; url: string; info: DeclaredAspect; editable: DeclaredAspect }
>;

export interface BiPropertiesRead {
  /** The title, else the id from the urn. */
  name: string;
  description: string | null;
  /** `externalUrl`, else the chart's `chartUrl` / the dashboard's `dashboardUrl`. */
  externalUrl: string | null;
  lastRefreshed: number | null;
  /** One of DataHub's chart types, else null. */
  type: string | null;
  access: string | null;
  created: StampRead;
  lastModified: StampRead;
  customProperties: CustomPropertyRead[];
}

export interface BiIdentityRead {
  /** The BI tool (`looker`, …), from the urn. */
  tool: string;
  /** The tool's id of the chart or dashboard, from the urn. */
  id: string;
  /** `urn:li:dataPlatform:<tool>`. */
  platformUrn: string;
}

/** What the urn of a chart or dashboard tells. */
export function readBiIdentity(kind: BiKind, urn: string): BiIdentityRead {
  const key = keyFieldsOf(urn);
  const tool = key['dashboardTool'] ?? '';
  return { tool, id: key[ASPECTS[kind].id] ?? '', platformUrn: `urn:li:dataPlatform:${tool}` };
}

/** The properties of a chart or dashboard; null when its info aspect is not stored. */
export function readBiProperties(view: StoreView, kind: BiKind, urn: string): BiPropertiesRead | null {
  const info = aspectOf(view, urn, ASPECTS[kind].info);
  if (!info) return null;
  const changes = info.lastModified ?? {};
  return {
    name: str(info['title']) ?? readBiIdentity(kind, urn).id,
    description: str(info['description']),
    // Either URL field, as the chart and dashboard models each have one.
    externalUrl: str(info['externalUrl']) ?? str(info['chartUrl']) ?? str(info['dashboardUrl']),
    lastRefreshed: num(info['lastRefreshed']),
    type: oneOf(CHART_TYPES, info['type']),
    access: oneOf(ACCESS_LEVELS, info['access']),
    created: stampOf(changes.created),
    lastModified: stampOf(changes.lastModified),
    customProperties: customPropertiesOf(props(info['customProperties'])),
  };
}

/** The edited description of a chart or dashboard; null when nothing was edited. */
export function readBiEditable(view: StoreView, kind: BiKind, urn: string): { description: string | null } | null {
  return readEditableDescription(view, urn, ASPECTS[kind].editable);
}
