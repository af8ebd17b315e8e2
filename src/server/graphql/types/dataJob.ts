/** DataJob: a task of a data flow, with the datasets it reads and writes. Shaped from src/ops/read/pipeline.ts. */
import { readDataJobInputOutput } from '../../../ops/read/lineage.ts';
import { readDataJobIdentity, readDataJobProperties, readPipelineEditable } from '../../../ops/read/pipeline.ts';
import type * as G from '../schema.generated.ts';
import { type EntityKind, customPropertiesView, EntityView, platformView, refAs } from './shared.ts';
import { runsField } from './timeseries.ts';

class DataJobView extends EntityView implements G.DataJob {
  readonly __typename = 'DataJob';
  readonly type = 'DATA_JOB';
  readonly jobId: string;
  readonly runs: ReturnType<typeof runsField>;
  constructor(view: EntityView['view'], urn: string) {
    super(view, urn);
    this.jobId = readDataJobIdentity(urn).jobId;
    this.runs = runsField(view, urn);
  }
  get dataFlow(): G.Maybe<G.DataFlow> {
    const flow = readDataJobIdentity(this.urn).flowUrn;
    return flow ? refAs<G.DataFlow>(this.view, flow) : null;
  }
  get platform(): G.DataPlatform {
    return platformView(this.view, readDataJobIdentity(this.urn).platformUrn);
  }
  get properties(): G.Maybe<G.DataJobProperties> {
    const p = readDataJobProperties(this.view, this.urn);
    return p && { ...p, customProperties: customPropertiesView(p.customProperties, this.urn) };
  }
  get editableProperties(): G.Maybe<G.DataJobEditableProperties> {
    return readPipelineEditable(this.view, this.urn, 'dataJob');
  }
  get inputOutput(): G.Maybe<G.DataJobInputOutput> {
    const io = readDataJobInputOutput(this.view, this.urn);
    if (!io) return null;
    const refs = <T extends G.Entity>(list: string[]) => list.map((u) => refAs<T>(this.view, u));
    return {
      inputDatasets: refs<G.Dataset>(io.inputDatasets),
      outputDatasets: refs<G.Dataset>(io.outputDatasets),
      inputDatajobs: refs<G.DataJob>(io.inputDatajobs),
      fineGrainedLineages: io.fineGrainedLineages,
    };
  }
}

export const dataJob: EntityKind = {
  typename: 'DataJob',
  enumValue: 'DATA_JOB',
  build: (view, urn) => new DataJobView(view, urn),
};
