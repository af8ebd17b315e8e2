/** Chart: a chart of a BI tool, with its properties, container and the datasets it reads. Shaped from src/ops/read/bi.ts. */
import { readBiEditable, readBiIdentity, readBiProperties, type BiKind } from '../../../ops/read/bi.ts';
import type * as G from '../schema.generated.ts';
import { readInputFields } from '../../../ops/read/datasetPage.ts';
import { keyFieldsOf } from '../../../model/registry.ts';
import { schemaFieldView } from './schemaMetadata.ts';
import { type EntityKind, asEnum, customPropertiesView, EntityView, platformView, stampView } from './shared.ts';

/** The properties of a chart or a dashboard (a dashboard's have no `type`; GraphQL does not read it there). */
type BiProperties = Omit<G.ChartProperties, '__typename'> & Omit<G.DashboardProperties, '__typename'>;

/** The fields charts and dashboards share, shaped from their read model. */
export abstract class BiView extends EntityView {
  readonly #kind: BiKind;
  readonly tool: string;
  constructor(view: EntityView['view'], urn: string, kind: BiKind) {
    super(view, urn);
    this.#kind = kind;
    const identity = readBiIdentity(kind, urn);
    this.tool = identity.tool;
    // `chartId` or `dashboardId`: an own property of the object, as the subclass declares it.
    (this as unknown as Record<string, string>)[kind === 'chart' ? 'chartId' : 'dashboardId'] = identity.id;
  }
  get platform(): G.DataPlatform {
    return platformView(this.view, readBiIdentity(this.#kind, this.urn).platformUrn);
  }
  get properties(): G.Maybe<BiProperties> {
    const p = readBiProperties(this.view, this.#kind, this.urn);
    return (
      p && {
        ...p,
        type: asEnum<G.ChartType>(p.type),
        access: asEnum<G.AccessLevel>(p.access),
        created: stampView(p.created),
        lastModified: stampView(p.lastModified),
        customProperties: customPropertiesView(p.customProperties, this.urn),
      }
    );
  }
  get editableProperties(): G.Maybe<{ description?: G.Maybe<string> }> {
    return readBiEditable(this.view, this.#kind, this.urn);
  }
}

/** The dataset a column urn (`urn:li:schemaField:(<dataset>,<path>)`) belongs to; '' when it names none. */
function columnParent(schemaFieldUrn: string | null): string {
  if (!schemaFieldUrn) return '';
  try {
    return keyFieldsOf(schemaFieldUrn)['parent'] ?? '';
  } catch {
    return '';
  }
}

/**
 * The columns a chart or dashboard reads (its `inputFields` aspect), each shaped as the column of
 * its dataset, as DataHub's InputFieldsMapper does for both.
 */
export function inputFieldsView(view: EntityView['view'], urn: string): G.Maybe<G.InputFields> {
  const stored = readInputFields(view, urn);
  return (
    stored && {
      fields: stored.fields.map((f) => ({
        schemaFieldUrn: f.schemaFieldUrn,
        schemaField: f.schemaField && schemaFieldView(view, f.schemaField, columnParent(f.schemaFieldUrn)),
      })),
    }
  );
}

class ChartView extends BiView implements G.Chart {
  readonly __typename = 'Chart';
  readonly type = 'CHART';
  /** DataHub computes no chart usage (its resolver answers null). */
  readonly statsSummary = null;
  declare readonly chartId: string;
  /** The columns the chart reads (its `inputFields` aspect), each shaped as the column of its dataset. */
  get inputFields(): G.Maybe<G.InputFields> {
    return inputFieldsView(this.view, this.urn);
  }
}

export const chart: EntityKind = {
  typename: 'Chart',
  enumValue: 'CHART',
  build: (view, urn) => new ChartView(view, urn, 'chart'),
};
