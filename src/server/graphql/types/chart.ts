/** Chart: a chart of a BI tool, with its properties, container and the datasets it reads. Shaped from src/ops/read/bi.ts. */
import { readBiEditable, readBiIdentity, readBiProperties, type BiKind } from '../../../ops/read/bi.ts';
import { type EntityKind, type Obj, customPropertiesView, EntityView, platformView, stampView } from './shared.ts';

/** The fields charts and dashboards share, shaped from their read model. */
export class BiView extends EntityView {
  readonly #kind: BiKind;
  readonly tool: string;
  constructor(view: EntityView['view'], urn: string, kind: BiKind) {
    super(view, urn);
    this.#kind = kind;
    const identity = readBiIdentity(kind, urn);
    this.tool = identity.tool;
    this[kind === 'chart' ? 'chartId' : 'dashboardId'] = identity.id;
  }
  get platform(): Obj {
    return platformView(this.view, readBiIdentity(this.#kind, this.urn).platformUrn);
  }
  get properties(): Obj | null {
    const p = readBiProperties(this.view, this.#kind, this.urn);
    return p && { ...p, created: stampView(p.created), lastModified: stampView(p.lastModified), customProperties: customPropertiesView(p.customProperties, this.urn) };
  }
  get editableProperties(): Obj | null {
    return readBiEditable(this.view, this.#kind, this.urn);
  }
}

class ChartView extends BiView {
  readonly __typename = 'Chart';
  readonly type = 'CHART';
}

export const chart: EntityKind = {
  typename: 'Chart',
  enumValue: 'CHART',
  build: (view, urn) => new ChartView(view, urn, 'chart'),
};
