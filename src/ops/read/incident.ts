/**
 * Read model of incidents (`urn:li:incident:<id>`, aspect incidentInfo): one incident as DataHub's
 * IncidentMapper reads it, and the incidents of an asset as its EntityIncidentsResolver lists them —
 * the incidents with an `IncidentOn` edge to the asset, newest raised first, filtered by state,
 * stage, priority and assignees, one page at a time.
 */
import incidentInfo, { type IncidentInfo } from '../../model/aspects/incidentInfo.ts';
import status from '../../model/aspects/status.ts';
import type { StoreView } from '../../store/store.ts';
import { paging } from '../core/paging.ts';
import { latestAspect, urnTypeOf } from '../core/resources.ts';
import { stampOf, type StampRead } from './common.ts';

export const INCIDENT_TYPE = 'incident';
export const INCIDENT_ON = 'IncidentOn';
/** EntityIncidentsResolver's page size when `count` is not given. */
export const DEFAULT_INCIDENTS_COUNT = 20;

/** DataHub's priority names, by the number IncidentInfo stores (0 is the most urgent). */
export const PRIORITY_NAMES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const;
export type PriorityName = (typeof PRIORITY_NAMES)[number];

/** The stored number of a priority name (CRITICAL 0 … LOW 3), as DataHub's IncidentUtils maps it. */
export function priorityNumber(name: PriorityName): number {
  return PRIORITY_NAMES.indexOf(name);
}

/** The name of a stored priority; null when none is stored or the number is not one of DataHub's four. */
export function priorityName(value: unknown): PriorityName | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < PRIORITY_NAMES.length
    ? PRIORITY_NAMES[value]!
    : null;
}

export interface IncidentStatusRead {
  state: string;
  stage: string | null;
  message: string | null;
  lastUpdated: StampRead;
}

export interface IncidentRead {
  urn: string;
  incidentType: string;
  customType: string | null;
  title: string | null;
  description: string | null;
  status: IncidentStatusRead;
  priority: PriorityName | null;
  /** Users and groups assigned to the incident. */
  assignees: string[];
  /** The assets the incident is on; the first is the one DataHub shows as its `entity`. */
  entities: string[];
  source: { type: string; sourceUrn: string | null } | null;
  startedAt: number | null;
  created: StampRead;
}

/** The incidentInfo of an incident, as stored; undefined when there is none (or the urn is not an incident's). */
export function incidentInfoOf(view: StoreView, urn: string): IncidentInfo | undefined {
  if (urnTypeOf(urn) !== INCIDENT_TYPE) return undefined;
  return latestAspect(view, urn, incidentInfo);
}

export function readIncident(view: StoreView, urn: string): IncidentRead | null {
  const info = incidentInfoOf(view, urn);
  return info ? incidentOf(urn, info) : null;
}

export function incidentOf(urn: string, info: IncidentInfo): IncidentRead {
  const status = info.status;
  return {
    urn,
    incidentType: info.type,
    customType: info.customType ?? null,
    title: info.title ?? null,
    description: info.description ?? null,
    status: {
      state: status.state,
      stage: status.stage ?? null,
      message: status.message ?? null,
      lastUpdated: stampOf(status.lastUpdated),
    },
    priority: priorityName(info.priority),
    assignees: (info.assignees ?? []).map((a) => a.actor),
    entities: [...info.entities],
    source: info.source ? { type: info.source.type, sourceUrn: info.source.sourceUrn ?? null } : null,
    startedAt: info.startedAt ?? null,
    created: stampOf(info.created),
  };
}

export interface EntityIncidentsQuery {
  state?: string | null;
  stage?: string | null;
  priority?: PriorityName | null;
  /** Incidents assigned to any of these users or groups. */
  assigneeUrns?: readonly string[] | null;
  start?: number | null;
  count?: number | null;
}

export interface IncidentsPage {
  start: number;
  count: number;
  total: number;
  incidents: IncidentRead[];
}

/**
 * Every incident on an asset (an `IncidentOn` edge to it), newest raised first. A soft-deleted
 * incident is left out, as DataHub's incident search leaves out removed entities.
 */
export function allIncidentsOn(view: StoreView, entityUrn: string): IncidentRead[] {
  const found = new Map<string, IncidentRead>();
  for (const edge of view.edges(entityUrn, 'INCOMING', [INCIDENT_ON])) {
    if (found.has(edge.urn)) continue;
    if (latestAspect(view, edge.urn, status)?.removed === true) continue;
    const incident = readIncident(view, edge.urn);
    if (incident) found.set(edge.urn, incident);
  }
  return [...found.values()].sort(
    (a, b) => b.created.time - a.created.time || (a.urn < b.urn ? -1 : a.urn > b.urn ? 1 : 0),
  );
}

/** `incidents(state, stage, priority, assigneeUrns, start, count)` of an asset: the filtered incidents, one page. */
export function entityIncidents(view: StoreView, entityUrn: string, q: EntityIncidentsQuery): IncidentsPage {
  const page = paging(q, DEFAULT_INCIDENTS_COUNT);
  const assignees = q.assigneeUrns && q.assigneeUrns.length > 0 ? new Set(q.assigneeUrns) : null;
  const matching = allIncidentsOn(view, entityUrn).filter(
    (i) =>
      (q.state == null || i.status.state === q.state) &&
      (q.stage == null || i.status.stage === q.stage) &&
      (q.priority == null || i.priority === q.priority) &&
      (assignees === null || i.assignees.some((a) => assignees.has(a))),
  );
  const incidents = matching.slice(page.start, page.start + page.count);
  return { start: page.start, count: incidents.length, total: matching.length, incidents };
}
