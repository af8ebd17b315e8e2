/** DataJob: a task of a data flow, with the datasets it reads and writes. Shaped from src/ops/read/pipeline.ts. */
import { readDataJobInputOutput } from '../../../ops/read/lineage.ts';
import { readDataJobIdentity, readDataJobProperties, readPipelineEditable } from '../../../ops/read/pipeline.ts';
import { type EntityKind, type Obj, customPropertiesView, EntityView, platformView, ref } from './shared.ts';
import { runsField } from './timeseries.ts';

class DataJobView extends EntityView {
  readonly __typename = 'DataJob';
  readonly type = 'DATA_JOB';
  readonly jobId: string;
  readonly runs: unknown;
  constructor(view: EntityView['view'], urn: string) {
    super(view, urn);
    this.jobId = readDataJobIdentity(urn).jobId;
    this.runs = runsField(view, urn);
  }
  get dataFlow(): Obj | null {
    const flow = readDataJobIdentity(this.urn).flowUrn;
    return flow ? ref(this.view, flow) : null;
  }
  get platform(): Obj {
    return platformView(this.view, readDataJobIdentity(this.urn).platformUrn);
  }
  get properties(): Obj | null {
    const p = readDataJobProperties(this.view, this.urn);
    return p && { ...p, customProperties: customPropertiesView(p.customProperties, this.urn) };
  }
  get editableProperties(): Obj | null {
    return readPipelineEditable(this.view, this.urn, 'dataJob');
  }
  get inputOutput(): Obj | null {
    const io = readDataJobInputOutput(this.view, this.urn);
    if (!io) return null;
    const refs = (list: string[]) => list.map((u) => ref(this.view, u));
    return { inputDatasets: refs(io.inputDatasets), outputDatasets: refs(io.outputDatasets), inputDatajobs: refs(io.inputDatajobs), fineGrainedLineages: io.fineGrainedLineages };
  }
}

export const dataJob: EntityKind = {
  typename: 'DataJob',
  enumValue: 'DATA_JOB',
  build: (view, urn) => new DataJobView(view, urn),
};
