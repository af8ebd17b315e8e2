/**
 * Read models of the entities an administrator or a user defines for the catalog itself: saved search
 * views (`dataHubView`) and ownership types. Their info aspects are stored as given, so a field reads
 * only when it has the expected type.
 */
import { browsePaths, dataHubStepStateProperties, dataHubViewInfo } from '../../model/aspects/readAsGiven.ts';
import { ownershipTypeInfo } from '../../model/aspects/storedAsGiven.ts';
import type { StoreView } from '../../store/store.ts';
import { parseUrn } from '../../model/urn.ts';
import { validateUrn } from '../../model/registry.ts';
import { ownershipTypeName } from '../labels/ownershipTypes.ts';
import { paging } from '../core/paging.ts';
import { aspectOf, stampOf, type StampRead } from './common.ts';
import type { Stamp } from '../../model/aspects/define.ts';

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** A saved search view (`dataHubViewInfo`); it reads whether or not its info is stored. */
export interface DataHubViewRead {
  /** `PERSONAL` (the owner's own) unless stored otherwise, e.g. `GLOBAL` (the organization's). */
  viewType: string;
  /** The stored name, else the id from the urn. */
  name: string;
  description: string | null;
  /** What the view selects; no type and no filter (everything) when none is stored. */
  definition: DataHubViewDefinitionRead;
}

/** A view's definition as DataHub's web app reads it: entity types as stored (`dataset` or `DATASET`), one operator over flat filters. */
export interface DataHubViewDefinitionRead {
  entityTypes: string[];
  filter: { operator: 'AND' | 'OR'; filters: ViewFilterRead[] };
}

export interface ViewFilterRead {
  field: string;
  values: string[];
  condition: string;
  negated: boolean;
}

export function readDataHubView(view: StoreView, urn: string): DataHubViewRead {
  const info = aspectOf(view, urn, dataHubViewInfo);
  return {
    viewType: str(info?.type) ?? 'PERSONAL',
    name: str(info?.name) ?? parseUrn(urn).rawKey,
    description: str(info?.description),
    definition: viewDefinitionOf(info?.definition),
  };
}

/**
 * A stored definition as DataHub maps it: Rest.li's `{or: [{and}]}` is AND over its one group, else OR
 * over groups of one criterion each (a group of more is malformed: no filters); the `{operator, filters}`
 * of DataHub's view input reads as given. A criterion's field loses its `.keyword` suffix, as there.
 */
function viewDefinitionOf(raw: unknown): DataHubViewDefinitionRead {
  const d = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const types = Array.isArray(d['entityTypes'])
    ? d['entityTypes'].filter((t): t is string => typeof t === 'string')
    : [];
  const f = d['filter'] !== null && typeof d['filter'] === 'object' ? (d['filter'] as Record<string, unknown>) : {};
  const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
  let filter: DataHubViewDefinitionRead['filter'];
  if (Array.isArray(f['or'])) {
    const groups = f['or'].map((g) => list((g as { and?: unknown } | null)?.and));
    if (groups.length === 1) filter = { operator: 'AND', filters: groups[0]!.flatMap(viewFilterOf) };
    else if (groups.some((g) => g.length > 1)) filter = { operator: 'OR', filters: [] };
    else filter = { operator: 'OR', filters: groups.flatMap((g) => g.flatMap(viewFilterOf)) };
  } else {
    filter = { operator: f['operator'] === 'OR' ? 'OR' : 'AND', filters: list(f['filters']).flatMap(viewFilterOf) };
  }
  return { entityTypes: types, filter };
}

function viewFilterOf(raw: unknown): ViewFilterRead[] {
  if (raw === null || typeof raw !== 'object') return [];
  const c = raw as Record<string, unknown>;
  const field = str(c['field']);
  if (field === null) return [];
  const values = Array.isArray(c['values'])
    ? c['values'].map(String)
    : typeof c['value'] === 'string'
      ? [c['value']]
      : [];
  return [
    {
      field: field.replace(/\.keyword$/, ''),
      values,
      condition: str(c['condition']) ?? 'EQUAL',
      negated: c['negated'] === true,
    },
  ];
}

export interface ListViewsQuery {
  /** Only the views this user created (listMyViews); absent = anyone's (listGlobalViews). */
  createdBy?: string;
  viewType?: string | null;
  query?: string | null;
  start?: number | null;
  count?: number | null;
}

/**
 * Saved views as DataHub lists them (listMyViews, listGlobalViews): the creator's and/or of a type,
 * matching the query in name or description, newest first (created time), 20 a page by default.
 */
export function listDataHubViews(
  view: StoreView,
  q: ListViewsQuery,
): { start: number; count: number; total: number; urns: string[] } {
  const { start, count } = paging(q, 20);
  const text = (q.query ?? '').trim().toLowerCase();
  const rows: Array<{ urn: string; createdAt: number }> = [];
  for (const urn of view.urnsOfType('dataHubView')) {
    const info = aspectOf(view, urn, dataHubViewInfo);
    if (!info) continue;
    const created = (info as { created?: { time?: unknown; actor?: unknown } }).created;
    if (q.createdBy !== undefined && created?.actor !== q.createdBy) continue;
    const read = readDataHubView(view, urn);
    if (q.viewType && read.viewType !== q.viewType) continue;
    if (text && text !== '*' && !`${read.name}\n${read.description ?? ''}`.toLowerCase().includes(text)) continue;
    rows.push({ urn, createdAt: typeof created?.time === 'number' ? created.time : 0 });
  }
  rows.sort((a, b) => b.createdAt - a.createdAt || (a.urn < b.urn ? -1 : a.urn > b.urn ? 1 : 0));
  const urns = rows.slice(start, start + count).map((r) => r.urn);
  return { start, count: urns.length, total: rows.length, urns };
}

/** An ownership type (system or custom); it reads whether or not its info is stored. */
export interface OwnershipTypeRead {
  /** The stored name, else the words of the id from the urn (`__system__data_steward` → `Data Steward`). */
  name: string;
  description: string | null;
  /** `ownershipTypeInfo.created` and `lastModified`; null when not stored (the system types keep no info here). */
  created: StampRead | null;
  lastModified: StampRead | null;
}

export function readOwnershipType(view: StoreView, urn: string): OwnershipTypeRead {
  const info = aspectOf(view, urn, ownershipTypeInfo);
  const stamp = (s: unknown): StampRead | null =>
    s && typeof s === 'object' && typeof (s as Stamp).time === 'number' ? stampOf(s as Stamp) : null;
  return {
    name: ownershipTypeName(view, urn),
    description: str(info?.description),
    created: stamp(info?.['created']),
    lastModified: stamp(info?.['lastModified']),
  };
}

/** A step state the web app keeps (`dataHubStepStateProperties` of `urn:li:dataHubStepState:<id>`). */
export interface StepStateRead {
  id: string;
  properties: Array<{ key: string; value: string }>;
}

/** The step states stored among `ids`, in the order asked; an id with nothing stored is left out, as DataHub does. */
export function readStepStates(view: StoreView, ids: readonly string[]): StepStateRead[] {
  const out: StepStateRead[] = [];
  for (const id of ids) {
    const props = aspectOf(view, `urn:li:dataHubStepState:${id}`, dataHubStepStateProperties)?.properties;
    if (props === undefined || props === null || typeof props !== 'object' || Array.isArray(props)) continue;
    out.push({
      id,
      properties: Object.entries(props as Record<string, unknown>)
        .filter((e): e is [string, string] => typeof e[1] === 'string')
        .map(([key, value]) => ({ key, value })),
    });
  }
  return out;
}

/** An entity's v1 browse paths (`browsePaths`), each split on `/` with the empty parts left out; none when not stored. */
export function readBrowsePaths(view: StoreView, urn: string): string[][] {
  validateUrn(urn);
  const paths = aspectOf(view, urn, browsePaths)?.paths ?? [];
  return paths.map((p) => p.split('/').filter((part) => part !== ''));
}
