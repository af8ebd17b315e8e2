/**
 * updateLineage (lineage.graphql, DataHub's UpdateLineageResolver and LineageService): adds and
 * removes lineage edges `downstream ← upstream` by editing the aspect that holds them, all edges in
 * one transaction (docs/design.md §2.4). An edge both added and removed ends up removed.
 *
 *   downstream dataset   ← dataset: upstreamLineage.upstreams
 *   downstream dataset   ← dataJob: the job's dataJobInputOutput.outputDatasetEdges
 *   downstream chart     ← dataset or chart: chartInfo.inputEdges
 *   downstream dashboard ← chart: dashboardInfo.chartEdges; ← dataset: dashboardInfo.datasetEdges
 *   downstream dataJob   ← dataset: dataJobInputOutput.inputDatasetEdges; ← dataJob: inputDatajobEdges
 *
 * New edges carry the actor's created/modified stamps and `properties.source = UI`, as DataHub's do
 * (so they read back as `isManual`).
 */
import { BadRequestError } from '../../errors.ts';
import { validateUrn } from '../../model/registry.ts';
import { urnIn } from '../../model/relationships.ts';
import type { StoreTxn } from '../../store/store.ts';
import { nowOf, type OpContext } from '../core/context.ts';
import { chartInfo, dashboardInfo, dataJobInputOutput, upstreamLineage } from '../../model/aspects/storedAsGiven.ts';
import { readAspect } from '../core/resources.ts';
import { writeAspect, type WriteStamp } from '../core/writeAspect.ts';

export interface LineageEdgeInput {
  downstreamUrn: string;
  upstreamUrn: string;
}

type Obj = Record<string, unknown>;
/** The aspects that hold lineage edges: read typed, changed field by field as plain objects. */
type EdgeAspect = typeof upstreamLineage | typeof chartInfo | typeof dashboardInfo | typeof dataJobInputOutput;

/** Where an upstream of a given type is kept on a downstream's aspect: the edge array and the legacy urn array. */
interface Slot {
  aspect: EdgeAspect;
  edges: string;
  legacy: string;
}

/** Downstream type → upstream type → slot; the message when an upstream type is not allowed. */
const SLOTS: Record<
  string,
  { slots: Record<string, Slot>; wrongUpstream: (u: string) => string; infoRequired?: string }
> = {
  dataset: {
    slots: {},
    wrongUpstream: (u) =>
      `Tried to add lineage edge with non-dataset node when we expect a dataset. Upstream urn: ${u}`,
  },
  chart: {
    slots: {
      dataset: { aspect: chartInfo, edges: 'inputEdges', legacy: 'inputs' },
      chart: { aspect: chartInfo, edges: 'inputEdges', legacy: 'inputs' },
    },
    wrongUpstream: (u) => `Tried to add an upstream to a chart that isn't a chart or dataset. Upstream urn: ${u}`,
    infoRequired: 'chart info',
  },
  dashboard: {
    slots: {
      chart: { aspect: dashboardInfo, edges: 'chartEdges', legacy: 'charts' },
      dataset: { aspect: dashboardInfo, edges: 'datasetEdges', legacy: 'datasets' },
    },
    wrongUpstream: (u) => `Tried to add an upstream to a dashboard that isn't a chart or dataset. Upstream urn: ${u}`,
    infoRequired: 'dashboard info',
  },
  dataJob: {
    slots: {
      dataset: { aspect: dataJobInputOutput, edges: 'inputDatasetEdges', legacy: 'inputDatasets' },
      dataJob: { aspect: dataJobInputOutput, edges: 'inputDatajobEdges', legacy: 'inputDatajobs' },
    },
    wrongUpstream: (u) => `Tried to add an upstream to a dataJob that isn't a datJob or dataset. Upstream urn: ${u}`,
  },
};

const typeOf = (urn: string) => validateUrn(urn).entityType;

function checkEdges(edges: ReadonlyArray<LineageEdgeInput | null>, list: string): LineageEdgeInput[] {
  return edges.map((e, i) => {
    if (!e || typeof e.downstreamUrn !== 'string' || typeof e.upstreamUrn !== 'string') {
      throw new BadRequestError(`${list}[${i}]: expected {downstreamUrn, upstreamUrn}`);
    }
    validateUrn(e.downstreamUrn);
    validateUrn(e.upstreamUrn);
    return e;
  });
}

/** Applies the edges; true when done. Every added edge is validated before anything is written. */
export async function updateLineage(
  ctx: OpContext,
  edgesToAdd: ReadonlyArray<LineageEdgeInput | null>,
  edgesToRemove: ReadonlyArray<LineageEdgeInput | null>,
): Promise<true> {
  const adds = checkEdges(edgesToAdd ?? [], 'edgesToAdd');
  const removes = checkEdges(edgesToRemove ?? [], 'edgesToRemove');
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  await ctx.store.write((txn) => {
    for (const e of [...adds, ...removes]) checkDownstream(txn, e.downstreamUrn);
    for (const e of adds) checkUpstream(txn, e);
    const touched = new Map<string, { before: string; value: Obj }>();
    const aspectOf = (urn: string, aspect: EdgeAspect): Obj => {
      const key = `${urn}\u0000${aspect.name}`;
      if (!touched.has(key)) {
        const value: Obj = readAspect(txn, urn, aspect, {});
        touched.set(key, { before: JSON.stringify(value), value });
      }
      return touched.get(key)!.value;
    };
    for (const e of adds) addEdge(aspectOf, stamp, e);
    // Removals after additions: an edge in both lists is removed.
    for (const e of removes) if (txn.entityExists(holderOf(e))) removeEdge(aspectOf, e);
    for (const [key, { before, value }] of touched) {
      if (JSON.stringify(value) === before) continue;
      const [urn, aspectName] = key.split('\u0000') as [string, string];
      // DataHub still requires the job's two deprecated dataset lists; its LineageService sets them too.
      if (aspectName === dataJobInputOutput.name) {
        value['inputDatasets'] ??= [];
        value['outputDatasets'] ??= [];
      }
      writeAspect(txn, stamp, urn, aspectName, value);
    }
  });
  return true;
}

function checkDownstream(txn: StoreTxn, urn: string): void {
  if (!txn.entityExists(urn)) throw new BadRequestError(`Cannot upsert lineage as downstream urn ${urn} doesn't exist`);
  const rules = SLOTS[typeOf(urn)];
  if (!rules)
    throw new BadRequestError(
      `Cannot update lineage of ${urn}: only datasets, charts, dashboards and data jobs have editable lineage`,
    );
  if (rules.infoRequired && !txn.getAspect(urn, infoAspect(typeOf(urn)))) {
    throw new BadRequestError(
      `Failed to update ${typeOf(urn)} lineage for urn ${urn} as ${rules.infoRequired} doesn't exist`,
    );
  }
}

const infoAspect = (type: string) => (type === 'chart' ? 'chartInfo' : 'dashboardInfo');

/** The entity whose aspect holds an edge: the job for dataset ← job, else the downstream. */
const holderOf = (e: LineageEdgeInput) =>
  typeOf(e.downstreamUrn) === 'dataset' && typeOf(e.upstreamUrn) === 'dataJob' ? e.upstreamUrn : e.downstreamUrn;

function checkUpstream(txn: StoreTxn, e: LineageEdgeInput): void {
  const down = typeOf(e.downstreamUrn);
  const up = typeOf(e.upstreamUrn);
  const allowed = down === 'dataset' ? ['dataset', 'dataJob'] : Object.keys(SLOTS[down]!.slots);
  if (!allowed.includes(up)) throw new BadRequestError(SLOTS[down]!.wrongUpstream(e.upstreamUrn));
  if (!txn.entityExists(e.upstreamUrn)) throw new BadRequestError(`Error: urn does not exist: ${e.upstreamUrn}`);
}

type AspectOf = (urn: string, aspect: EdgeAspect) => Obj;

function listOf(value: Obj, field: string): unknown[] {
  if (!Array.isArray(value[field])) value[field] = [];
  return value[field] as unknown[];
}

const destOf = (x: unknown) => (x && typeof x === 'object' ? (x as Obj)['destinationUrn'] : undefined);

function addEdge(aspectOf: AspectOf, stamp: WriteStamp, e: LineageEdgeInput): void {
  const down = typeOf(e.downstreamUrn);
  const up = typeOf(e.upstreamUrn);
  if (down === 'dataset' && up === 'dataset')
    return addUpstream(aspectOf(e.downstreamUrn, upstreamLineage), stamp, e.upstreamUrn);
  // A job upstream of a dataset is the job producing it: the edge lives on the job.
  const [holder, target, slot] =
    down === 'dataset'
      ? [
          e.upstreamUrn,
          e.downstreamUrn,
          { aspect: dataJobInputOutput, edges: 'outputDatasetEdges', legacy: 'outputDatasets' },
        ]
      : [e.downstreamUrn, e.upstreamUrn, SLOTS[down]!.slots[up]!];
  const value = aspectOf(holder, slot.aspect);
  // A legacy list may hold union members ({"string": urn}, chartInfo.inputs as the SDK writes it).
  if (
    listOf(value, slot.edges).some((x) => destOf(x) === target) ||
    (Array.isArray(value[slot.legacy]) && (value[slot.legacy] as unknown[]).some((x) => urnIn(x) === target))
  )
    return;
  listOf(value, slot.edges).push({
    destinationUrn: target,
    sourceUrn: holder,
    created: { ...stamp },
    lastModified: { ...stamp },
    properties: { source: 'UI' },
  });
}

function addUpstream(value: Obj, stamp: WriteStamp, upstream: string): void {
  const upstreams = listOf(value, 'upstreams');
  if (upstreams.some((u) => u && typeof u === 'object' && (u as Obj)['dataset'] === upstream)) return;
  upstreams.push({
    dataset: upstream,
    type: 'TRANSFORMED',
    auditStamp: { ...stamp },
    created: { ...stamp },
    properties: { source: 'UI' },
  });
}

function removeEdge(aspectOf: AspectOf, e: LineageEdgeInput): void {
  const down = typeOf(e.downstreamUrn);
  const up = typeOf(e.upstreamUrn);
  if (down === 'dataset' && up === 'dataset') {
    const value = aspectOf(e.downstreamUrn, upstreamLineage);
    value['upstreams'] = listOf(value, 'upstreams').filter(
      (u) => !(u && typeof u === 'object' && (u as Obj)['dataset'] === e.upstreamUrn),
    );
    return;
  }
  const [holder, target, slot] =
    down === 'dataset'
      ? [
          e.upstreamUrn,
          e.downstreamUrn,
          { aspect: dataJobInputOutput, edges: 'outputDatasetEdges', legacy: 'outputDatasets' },
        ]
      : [e.downstreamUrn, e.upstreamUrn, SLOTS[down]?.slots[up]];
  if (!slot) return;
  const value = aspectOf(holder, slot.aspect);
  value[slot.edges] = listOf(value, slot.edges).filter((x) => destOf(x) !== target);
  if (Array.isArray(value[slot.legacy]))
    value[slot.legacy] = (value[slot.legacy] as unknown[]).filter((x) => urnIn(x) !== target);
}
