/**
 * Lineage traversal (docs/datahub/discovery.md §3): from one entity, every entity reachable UPSTREAM or
 * DOWNSTREAM over lineage edges, each with its degree (fewest hops), every degree it was reached at,
 * and the paths (source … entity) that reach it. Serves GraphQL `lineage`, `searchAcrossLineage`,
 * `scrollAcrossLineage` and `catalog lineage`.
 *
 * The edges come from the relationships index (src/model/relationships.ts): a lineage relationship
 * is one DataHub annotates `isLineage: true` (LINEAGE_RELATIONSHIPS below). Column-level lineage,
 * between schemaField urns, is read from `upstreamLineage.fineGrainedLineages`.
 */
import { BadRequestError, NotFoundError } from '../../errors.ts';
import { keyFieldsOf, validateUrn } from '../../model/registry.ts';
import { parseUrn } from '../../model/urn.ts';
import type { StoreView } from '../../store/store.ts';
import status from '../../model/aspects/status.ts';
import { upstreamLineage } from '../../model/aspects/storedAsGiven.ts';
import { aspectObjectByName, latestAspect } from '../core/resources.ts';

export type LineageDirection = 'UPSTREAM' | 'DOWNSTREAM';
export const LINEAGE_DIRECTIONS: readonly LineageDirection[] = ['UPSTREAM', 'DOWNSTREAM'];

/**
 * A relationship DataHub marks `isLineage: true` (`@Relationship` in the pegasus models, read from
 * the client's schema classes): an aspect of a `source` entity pointing at a `dest` entity. With
 * `upstream` (DataHub's default `isUpstream: true`) the destination is upstream of the source;
 * with `isUpstream: false` (Produces, UsedBy, MemberOf, DataProcessInstanceProduces) it is downstream.
 */
interface LineageRelationshipSpec {
  source: string;
  type: string;
  dest: readonly string[];
  upstream: boolean;
}

const RUNS = ['dataJob', 'dataProcessInstance'];

export const LINEAGE_RELATIONSHIPS: readonly LineageRelationshipSpec[] = [
  { source: 'dataset', type: 'DownstreamOf', dest: ['dataset'], upstream: true },
  { source: 'dataJob', type: 'Consumes', dest: ['dataset'], upstream: true },
  { source: 'dataJob', type: 'Produces', dest: ['dataset'], upstream: false },
  { source: 'dataJob', type: 'DownstreamOf', dest: ['dataJob'], upstream: true },
  { source: 'chart', type: 'Consumes', dest: ['dataset', 'chart'], upstream: true },
  { source: 'dashboard', type: 'Consumes', dest: ['dataset'], upstream: true },
  { source: 'dashboard', type: 'Contains', dest: ['chart'], upstream: true },
  { source: 'dashboard', type: 'DashboardContainsDashboard', dest: ['dashboard'], upstream: true },
  { source: 'dataProcess', type: 'Consumes', dest: ['dataset'], upstream: true },
  {
    source: 'dataProcessInstance',
    type: 'DataProcessInstanceConsumes',
    dest: ['dataset', 'mlModel', 'dataProcessInstance'],
    upstream: true,
  },
  {
    source: 'dataProcessInstance',
    type: 'DataProcessInstanceProduces',
    dest: ['dataset', 'mlModel', 'dataProcessInstance'],
    upstream: false,
  },
  { source: 'mlFeature', type: 'DerivedFrom', dest: ['dataset'], upstream: true },
  { source: 'mlPrimaryKey', type: 'DerivedFrom', dest: ['dataset'], upstream: true },
  { source: 'mlModel', type: 'Consumes', dest: ['mlFeature'], upstream: true },
  { source: 'mlModel', type: 'TrainedBy', dest: RUNS, upstream: true },
  { source: 'mlModel', type: 'UsedBy', dest: RUNS, upstream: false },
  { source: 'mlModel', type: 'MemberOf', dest: ['mlModelGroup'], upstream: false },
  { source: 'mlModelGroup', type: 'TrainedBy', dest: RUNS, upstream: true },
  { source: 'mlModelGroup', type: 'UsedBy', dest: RUNS, upstream: false },
];

/** Column-level lineage edges are DownstreamOf, as DataHub's graph names them. */
const FINE_GRAINED_TYPE = 'DownstreamOf';

/** The edge of the index an entity was reached by: `source`'s aspect `aspectName` names `dest`. */
export interface LineageEdgeRef {
  type: string;
  source: string;
  dest: string;
  aspectName: string;
}

interface Neighbor {
  urn: string;
  edge: LineageEdgeRef;
}

/** One entity reached from the source. */
export interface LineageEntity {
  urn: string;
  entityType: string;
  /** The fewest hops from the source. */
  degree: number;
  /** Every hop count it was reached at, ascending. */
  degrees: number[];
  /** Relationship of the edge it was first reached by. */
  type: string;
  /** The edge it was first reached by (its stamps are read on demand: `lineageEdgeStamps`). */
  edge: LineageEdgeRef;
  /** Entity paths source … this entity, shortest first. */
  paths: string[][];
  /** Whether something is stored for it (for a column: for its dataset). */
  exists: boolean;
  /** Soft-deleted (`status.removed`; for a column, its dataset's). */
  removed: boolean;
  /** An entity the request asked not to count as a hop (its neighbors are at its own degree). */
  ignoredAsHop: boolean;
}

/** Entities of `entityType` (on `platforms`, every platform when empty) do not count as a hop. */
export interface IgnoreAsHop {
  entityType: string;
  platforms?: readonly string[];
}

export interface LineageQuery {
  urn: string;
  direction: string;
  /** Most hops to walk; null or absent = no limit. */
  maxHops?: number | null;
  /** Keep soft-deleted entities in the answer (they are always walked through). */
  includeSoftDeleted?: boolean;
  /** Keep entities nothing is stored for (DataHub's "ghost" entities). */
  includeGhosts?: boolean;
  ignoreAsHops?: readonly IgnoreAsHop[];
  /** Fail when nothing is stored for the source (for a column: for its dataset). */
  requireSource?: boolean;
}

export interface LineageResult {
  source: string;
  direction: LineageDirection;
  maxHops: number | null;
  /** Reached entities, by degree then urn. */
  entities: LineageEntity[];
  /** Reached entities left out because they are soft-deleted or not stored. */
  filtered: number;
}

/**
 * More paths than this to one entity are not kept: in a dense graph the number of paths grows
 * exponentially with the hops, while a reader needs a few to see how an entity is reached.
 */
export const MAX_PATHS_PER_ENTITY = 100;

/** Checks a direction as the CLI and GraphQL give it (either case). */
export function parseLineageDirection(value: string): LineageDirection {
  const upper = typeof value === 'string' ? value.toUpperCase() : '';
  if (!(LINEAGE_DIRECTIONS as readonly string[]).includes(upper)) {
    throw new BadRequestError(`direction: expected UPSTREAM or DOWNSTREAM, got ${JSON.stringify(value)}`);
  }
  return upper as LineageDirection;
}

function checkMaxHops(value: number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (!Number.isInteger(value) || value < 1)
    throw new BadRequestError(`hops: expected a positive integer, got ${JSON.stringify(value)}`);
  return value;
}

const typeOfUrn = (urn: string): string => parseUrn(urn).entityType;

/** Every entity reachable from `q.urn` in `q.direction`, up to `q.maxHops` hops. */
export function traverseLineage(view: StoreView, q: LineageQuery): LineageResult {
  validateUrn(q.urn);
  const direction = parseLineageDirection(q.direction);
  const maxHops = checkMaxHops(q.maxHops);
  if (q.requireSource && !entityState(view, q.urn).exists) throw new NotFoundError(`urn ${q.urn} not found`);
  const ignored = ignoreAsHopTest(q.ignoreAsHops ?? []);
  const reached = walk(view, q.urn, direction, maxHops, ignored);
  const entities: LineageEntity[] = [];
  let filtered = 0;
  for (const e of reached.values()) {
    if ((!e.exists && !q.includeGhosts) || (e.removed && !q.includeSoftDeleted)) filtered++;
    else entities.push(e);
  }
  entities.sort((a, b) => a.degree - b.degree || (a.urn < b.urn ? -1 : a.urn > b.urn ? 1 : 0));
  return { source: q.urn, direction, maxHops, entities, filtered };
}

/**
 * Breadth-first, one level per hop. Each entity is expanded once, at its fewest hops, so cycles end
 * the walk; reaching it again later only adds a degree and the longer paths. A neighbor that does
 * not count as a hop is expanded within the same level.
 */
function walk(
  view: StoreView,
  source: string,
  direction: LineageDirection,
  maxHops: number | null,
  ignored: (urn: string) => boolean,
): Map<string, LineageEntity> {
  const reached = new Map<string, LineageEntity>();
  const sourcePaths = [[source]];
  let frontier = [source];
  for (let level = 1; frontier.length > 0 && (maxHops === null || level <= maxHops); level++) {
    const next: string[] = [];
    // The queue grows while it is walked: entities that are no hop are expanded at this level too.
    const queue = [...frontier];
    for (let i = 0; i < queue.length; i++) {
      const from = queue[i]!;
      const fromPaths = from === source ? sourcePaths : reached.get(from)!.paths;
      for (const n of lineageNeighbors(view, from, direction)) {
        if (n.urn === source) continue;
        const skip = ignored(n.urn);
        const known = reached.get(n.urn);
        const extended = extendPaths(fromPaths, n.urn);
        if (!known) {
          reached.set(n.urn, newEntity(view, n, level, extended, skip));
          (skip ? queue : next).push(n.urn);
        } else if (extended.length > 0) {
          // Reached again over a path without a loop: one more degree, more paths. A loop back adds nothing.
          if (!known.degrees.includes(level)) known.degrees = [...known.degrees, level].sort((a, b) => a - b);
          addPaths(known, extended);
        }
      }
    }
    frontier = next;
  }
  return reached;
}

function newEntity(
  view: StoreView,
  n: Neighbor,
  degree: number,
  paths: string[][],
  ignoredAsHop: boolean,
): LineageEntity {
  const { exists, removed } = entityState(view, n.urn);
  return {
    urn: n.urn,
    entityType: typeOfUrn(n.urn),
    degree,
    degrees: [degree],
    type: n.edge.type,
    edge: n.edge,
    paths: paths.slice(0, MAX_PATHS_PER_ENTITY),
    exists,
    removed,
    ignoredAsHop,
  };
}

/** The paths to a parent, each extended by `child`; a path already through `child` is a cycle and dropped. */
function extendPaths(parentPaths: readonly string[][], child: string): string[][] {
  const out: string[][] = [];
  for (const p of parentPaths) if (!p.includes(child)) out.push([...p, child]);
  return out;
}

function addPaths(e: LineageEntity, paths: string[][]): void {
  for (const p of paths) {
    if (e.paths.length >= MAX_PATHS_PER_ENTITY) return;
    if (!e.paths.some((q) => q.length === p.length && q.every((u, i) => u === p[i]))) e.paths.push(p);
  }
}

/** Whether an entity is stored and whether it is soft-deleted; a column answers for its dataset. */
function entityState(view: StoreView, urn: string): { exists: boolean; removed: boolean } {
  const holder = view.entityExists(urn) ? urn : (schemaFieldParent(urn) ?? urn);
  const exists = view.entityExists(holder);
  const removed = exists && latestAspect(view, holder, status)?.removed === true;
  return { exists, removed };
}

/** The dataset (or other entity) a schemaField urn belongs to, or undefined for any other urn. */
export function schemaFieldParent(urn: string): string | undefined {
  if (!urn.startsWith('urn:li:schemaField:')) return undefined;
  try {
    return keyFieldsOf(urn)['parent'];
  } catch {
    return undefined;
  }
}

// ---- one hop ---------------------------------------------------------------------------------

const specsFrom = (sourceType: string) => LINEAGE_RELATIONSHIPS.filter((s) => s.source === sourceType);
const specsInto = (destType: string) => LINEAGE_RELATIONSHIPS.filter((s) => s.dest.includes(destType));
const distinctTypes = (specs: readonly LineageRelationshipSpec[]) => [...new Set(specs.map((s) => s.type))];

/** The entities one lineage edge away from `urn` in `direction`, each once (its first edge). */
export function lineageNeighbors(view: StoreView, urn: string, direction: LineageDirection): Neighbor[] {
  const type = typeOfUrn(urn);
  const found =
    type === 'schemaField' ? columnNeighbors(view, urn, direction) : entityNeighbors(view, urn, type, direction);
  const seen = new Set<string>();
  return found.filter((n) => !seen.has(n.urn) && seen.add(n.urn));
}

/**
 * An edge S --R--> D puts D upstream of S when R is upstream, downstream otherwise (§3.2). So from
 * `urn` the outgoing edges of upstream relationships and the incoming edges of the others lead
 * upstream, and the reverse leads downstream. Only pairs of entity types DataHub declares count.
 */
function entityNeighbors(view: StoreView, urn: string, type: string, direction: LineageDirection): Neighbor[] {
  const wantUpstream = direction === 'UPSTREAM';
  const out: Neighbor[] = [];
  const outgoing = specsFrom(type);
  if (outgoing.length > 0) {
    for (const e of view.edges(urn, 'OUTGOING', distinctTypes(outgoing))) {
      const destType = typeOfUrn(e.urn);
      const spec = outgoing.find((s) => s.type === e.type && s.dest.includes(destType));
      if (spec && spec.upstream === wantUpstream)
        out.push({ urn: e.urn, edge: { type: e.type, source: urn, dest: e.urn, aspectName: e.aspectName } });
    }
  }
  const incoming = specsInto(type);
  if (incoming.length > 0) {
    for (const e of view.edges(urn, 'INCOMING', distinctTypes(incoming))) {
      const sourceType = typeOfUrn(e.urn);
      const spec = incoming.find((s) => s.type === e.type && s.source === sourceType);
      if (spec && spec.upstream !== wantUpstream)
        out.push({ urn: e.urn, edge: { type: e.type, source: e.urn, dest: urn, aspectName: e.aspectName } });
    }
  }
  return out;
}

interface FineGrainedLineage {
  upstreams?: string[];
  downstreams?: string[];
}

function fineGrainedOf(view: StoreView, datasetUrn: string): FineGrainedLineage[] {
  const value = latestAspect(view, datasetUrn, upstreamLineage);
  return Array.isArray(value?.fineGrainedLineages) ? value.fineGrainedLineages : [];
}

/**
 * Column lineage lives on the downstream dataset: each `fineGrainedLineages` entry says its
 * `downstreams` columns are computed from its `upstreams` (columns, or whole datasets). Upstream of
 * a column: the entries of its dataset naming it downstream. Downstream of a column: the datasets
 * whose entries name it upstream (the index holds those edges), then those entries' downstreams.
 */
function columnNeighbors(view: StoreView, urn: string, direction: LineageDirection): Neighbor[] {
  const out: Neighbor[] = [];
  const holders =
    direction === 'UPSTREAM' ? [schemaFieldParent(urn)].filter((u): u is string => !!u) : downstreamHolders(view, urn);
  for (const holder of holders) {
    for (const fgl of fineGrainedOf(view, holder)) {
      const [near, far] =
        direction === 'UPSTREAM' ? [fgl.downstreams, fgl.upstreams] : [fgl.upstreams, fgl.downstreams];
      if (!Array.isArray(near) || !Array.isArray(far) || !near.includes(urn)) continue;
      for (const other of far) {
        if (typeof other !== 'string' || other === urn) continue;
        const [down, up] = direction === 'UPSTREAM' ? [urn, other] : [other, urn];
        out.push({
          urn: other,
          edge: { type: FINE_GRAINED_TYPE, source: down, dest: up, aspectName: 'upstreamLineage' },
        });
      }
    }
  }
  return out;
}

function downstreamHolders(view: StoreView, columnUrn: string): string[] {
  return view
    .edges(columnUrn, 'INCOMING', [FINE_GRAINED_TYPE])
    .filter((e) => e.aspectName === 'upstreamLineage')
    .map((e) => e.urn);
}

// ---- entities that are no hop ------------------------------------------------------------------

/** The platform urn of an entity, for `ignoreAsHops` platforms; undefined when it has none. */
export function platformOf(urn: string): string | undefined {
  try {
    const v = keyFieldsOf(urn);
    switch (parseUrn(urn).entityType) {
      case 'dataset':
      case 'mlModel':
      case 'mlModelGroup':
      case 'mlFeatureTable':
        return v['platform'];
      case 'chart':
      case 'dashboard':
        return `urn:li:dataPlatform:${v['dashboardTool']}`;
      case 'dataFlow':
        return `urn:li:dataPlatform:${v['orchestrator']}`;
      case 'dataJob':
        return v['flow'] ? platformOf(v['flow']) : undefined;
      case 'schemaField':
        return v['parent'] ? platformOf(v['parent']) : undefined;
      default:
        return undefined;
    }
  } catch {
    return undefined;
  }
}

function ignoreAsHopTest(rules: readonly IgnoreAsHop[]): (urn: string) => boolean {
  if (rules.length === 0) return () => false;
  return (urn) => {
    const type = typeOfUrn(urn);
    return rules.some(
      (r) => r.entityType === type && (!r.platforms?.length || r.platforms.includes(platformOf(urn) ?? '')),
    );
  };
}

// ---- edge details ------------------------------------------------------------------------------

export interface LineageEdgeStamps {
  createdOn: number | null;
  createdActor: string | null;
  updatedOn: number | null;
  updatedActor: string | null;
  /** Drawn by hand in DataHub's UI (edge property `source: UI`). */
  isManual: boolean;
}

/**
 * Where each lineage relationship keeps its stamps (the `createdOn`/`updatedOn` paths of DataHub's
 * annotations): the array, the field naming the destination, and the created/updated stamp fields.
 */
const STAMPED: Record<string, Record<string, { arrays: string[]; dest: string; created: string; updated: string }>> = {
  upstreamLineage: {
    DownstreamOf: { arrays: ['upstreams'], dest: 'dataset', created: 'created', updated: 'auditStamp' },
  },
  dataJobInputOutput: {
    Consumes: { arrays: ['inputDatasetEdges'], dest: 'destinationUrn', created: 'created', updated: 'lastModified' },
    Produces: { arrays: ['outputDatasetEdges'], dest: 'destinationUrn', created: 'created', updated: 'lastModified' },
    DownstreamOf: {
      arrays: ['inputDatajobEdges'],
      dest: 'destinationUrn',
      created: 'created',
      updated: 'lastModified',
    },
  },
  chartInfo: {
    Consumes: { arrays: ['inputEdges'], dest: 'destinationUrn', created: 'created', updated: 'lastModified' },
  },
  dataProcessInstanceInput: {
    DataProcessInstanceConsumes: {
      arrays: ['inputEdges'],
      dest: 'destinationUrn',
      created: 'created',
      updated: 'lastModified',
    },
  },
  dataProcessInstanceOutput: {
    DataProcessInstanceProduces: {
      arrays: ['outputEdges'],
      dest: 'destinationUrn',
      created: 'created',
      updated: 'lastModified',
    },
  },
  dashboardInfo: {
    Consumes: { arrays: ['datasetEdges'], dest: 'destinationUrn', created: 'created', updated: 'lastModified' },
    Contains: { arrays: ['chartEdges'], dest: 'destinationUrn', created: 'created', updated: 'lastModified' },
    DashboardContainsDashboard: {
      arrays: ['dashboards'],
      dest: 'destinationUrn',
      created: 'created',
      updated: 'lastModified',
    },
  },
};

type Stamp = { time?: unknown; actor?: unknown } | undefined;
const timeOf = (s: Stamp) => (typeof s?.time === 'number' ? s.time : null);
const actorOf = (s: Stamp) => (typeof s?.actor === 'string' ? s.actor : null);

/** The created/updated stamps and manual flag of the edge an entity was reached by. */
export function lineageEdgeStamps(view: StoreView, edge: LineageEdgeRef): LineageEdgeStamps {
  const none = { createdOn: null, createdActor: null, updatedOn: null, updatedActor: null, isManual: false };
  const where = STAMPED[edge.aspectName]?.[edge.type];
  // The aspect is the one the edge was found in (a name from the index, no declaration).
  const value = aspectObjectByName(view, edge.source, edge.aspectName);
  if (!where || !value) return none;
  for (const field of where.arrays) {
    const list = value[field];
    if (!Array.isArray(list)) continue;
    const item = list.find(
      (x) => x && typeof x === 'object' && (x as Record<string, unknown>)[where.dest] === edge.dest,
    ) as Record<string, unknown> | undefined;
    if (!item) continue;
    const created = item[where.created] as Stamp;
    const updated = item[where.updated] as Stamp;
    const props = item['properties'] as Record<string, unknown> | undefined;
    return {
      createdOn: timeOf(created),
      createdActor: actorOf(created),
      updatedOn: timeOf(updated),
      updatedActor: actorOf(updated),
      isManual: props?.['source'] === 'UI',
    };
  }
  return none;
}
