/**
 * Runs of data jobs and flows (dataProcessInstance entities): the instances whose
 * `dataProcessInstanceRelationships.parentTemplate` names the job or flow (the InstanceOf edge), as
 * DataHub lists them — only runs that reported at least one run event, newest first.
 */
import type { StoreView } from '../../store/store.ts';
import { pageOf, paging } from '../core/paging.ts';
import { dataProcessInstanceProperties } from '../../model/aspects/storedAsGiven.ts';
import { latestAspect } from '../core/resources.ts';

export const RUN_EVENT = 'dataProcessInstanceRunEvent';

export interface RunsPage {
  start: number;
  count: number;
  total: number;
  urns: string[];
}

export function runsOf(
  store: StoreView,
  templateUrn: string,
  input: { start?: number | null; count?: number | null } = {},
): RunsPage {
  const runs = store
    .edges(templateUrn, 'INCOMING', ['InstanceOf'])
    .map((e) => e.urn)
    .filter((urn) => store.timeseriesAspects(urn).includes(RUN_EVENT))
    .map((urn) => ({ urn, created: createdTime(store, urn) }))
    .sort((a, b) => b.created - a.created || (a.urn < b.urn ? -1 : a.urn > b.urn ? 1 : 0));
  const page = pageOf(runs, paging(input, 20));
  return { start: page.start, count: page.count, total: page.total, urns: page.items.map((r) => r.urn) };
}

/** When the run was created (its properties), else when it first reported. */
function createdTime(store: StoreView, urn: string): number {
  const created = latestAspect(store, urn, dataProcessInstanceProperties)?.created?.time;
  return typeof created === 'number' ? created : (store.timeseries(urn, RUN_EVENT)[0]?.timestampMillis ?? 0);
}

/**
 * `Dataset.runs`: the runs (dataProcessInstance entities) whose `dataProcessInstanceInput.inputs`
 * (direction INCOMING) or `dataProcessInstanceOutput.outputs` (OUTGOING) name the dataset, newest
 * created first, as DataHub's search of the runs' `inputs` and `outputs` fields lists them (whether
 * or not they reported a run event).
 */
export function datasetRunsOf(
  store: StoreView,
  datasetUrn: string,
  input: { start?: number | null; count?: number | null; direction: 'INCOMING' | 'OUTGOING' },
): RunsPage {
  const edge = input.direction === 'INCOMING' ? 'Consumes' : 'Produces';
  const runs = [
    ...new Set(
      store
        .edges(datasetUrn, 'INCOMING', [edge])
        .map((e) => e.urn)
        .filter((urn) => urn.startsWith('urn:li:dataProcessInstance:')),
    ),
  ]
    .map((urn) => ({ urn, created: createdTime(store, urn) }))
    .sort((a, b) => b.created - a.created || (a.urn < b.urn ? -1 : a.urn > b.urn ? 1 : 0));
  const page = pageOf(runs, paging(input, 20));
  return { start: page.start, count: page.count, total: page.total, urns: page.items.map((r) => r.urn) };
}
