/** DataFlow: a pipeline of an orchestrator (Airflow DAG, …). Shaped from src/ops/read/pipeline.ts. */
import { readDataFlowIdentity, readDataFlowProperties, readPipelineEditable } from '../../../ops/read/pipeline.ts';
import type * as G from '../schema.generated.ts';
import { type EntityKind, customPropertiesView, EntityView, platformView } from './shared.ts';
import { runsField } from './timeseries.ts';

class DataFlowView extends EntityView implements G.DataFlow {
  readonly __typename = 'DataFlow';
  readonly type = 'DATA_FLOW';
  readonly orchestrator: string;
  readonly flowId: string;
  readonly cluster: string;
  readonly runs: ReturnType<typeof runsField>;
  constructor(view: EntityView['view'], urn: string) {
    super(view, urn);
    ({ orchestrator: this.orchestrator, flowId: this.flowId, cluster: this.cluster } = readDataFlowIdentity(urn));
    this.runs = runsField(view, urn);
  }
  get platform(): G.DataPlatform {
    return platformView(this.view, readDataFlowIdentity(this.urn).platformUrn);
  }
  get properties(): G.Maybe<G.DataFlowProperties> {
    const p = readDataFlowProperties(this.view, this.urn);
    return p && { ...p, customProperties: customPropertiesView(p.customProperties, this.urn) };
  }
  get editableProperties(): G.Maybe<G.DataFlowEditableProperties> {
    return readPipelineEditable(this.view, this.urn, 'dataFlow');
  }
}

export const dataFlow: EntityKind = {
  typename: 'DataFlow',
  enumValue: 'DATA_FLOW',
  build: (view, urn) => new DataFlowView(view, urn),
};
