/** DataJob: a task of a data flow, with the datasets it reads and writes. */
import { readDataJobInputOutput } from '../../../ops/read/lineage.ts';
import { type EntityKind, common, customProperties, described, keyOf, platformView, props, ref, str } from './shared.ts';
import { runsField } from './timeseries.ts';

export const dataJob: EntityKind = {
  typename: 'DataJob',
  enumValue: 'DATA_JOB',
  build: (view, urn) => {
      const key = keyOf(urn);
      const flow = key['flow'] ?? '';
      const orchestrator = flow ? (keyOf(flow)['orchestrator'] ?? '') : '';
      const { info, editable } = described(view, urn, 'dataJobInfo', 'editableDataJobProperties');
      return Object.assign(common(view, urn, dataJob), {
        runs: runsField(view, urn),
        dataFlow: flow ? () => ref(view, flow) : null,
        jobId: key['jobId'] ?? '',
        platform: platformView(`urn:li:dataPlatform:${orchestrator}`),
        properties: info
          ? { name: str(info['name']) ?? key['jobId'] ?? '', description: str(info['description']), externalUrl: str(info['externalUrl']), customProperties: customProperties(props(info['customProperties']), urn) }
          : null,
        editableProperties: editable,
        inputOutput: () => {
          const io = readDataJobInputOutput(view, urn);
          if (!io) return null;
          const refs = (list: string[]) => list.map((u) => ref(view, u));
          return { inputDatasets: refs(io.inputDatasets), outputDatasets: refs(io.outputDatasets), inputDatajobs: refs(io.inputDatajobs), fineGrainedLineages: io.fineGrainedLineages };
        },
      });
    },
};
