/**
 * Incident: an issue raised on assets, shaped as DataHub's IncidentMapper shapes it; and the
 * `incidents(…)` field of the asset types that have it (Dataset, Chart, Dashboard, DataFlow, DataJob).
 */
import { entityIncidents, readIncident, type EntityIncidentsQuery, type IncidentRead } from '../../../ops/read/incident.ts';
import type { StoreView } from '../../../store/store.ts';
import { common, ref, stampView, typeOf, type EntityKind, type Obj } from './shared.ts';

/** The urn entity types whose GraphQL type has `incidents` (DataHub's incident.graphql). */
export const INCIDENT_HOLDERS: ReadonlySet<string> = new Set(['dataset', 'chart', 'dashboard', 'dataFlow', 'dataJob']);

const ASSIGNEE_TYPES = new Set(['corpuser', 'corpGroup']);

function incidentFields(view: StoreView, i: IncidentRead): Obj {
  const status = { state: i.status.state, stage: i.status.stage, message: i.status.message, lastUpdated: stampView(i.status.lastUpdated) };
  const first = i.entities[0];
  return {
    incidentType: i.incidentType,
    customType: i.customType,
    title: i.title,
    description: i.description,
    incidentStatus: status,
    status,
    priority: i.priority,
    assignees: () => i.assignees.filter((a) => ASSIGNEE_TYPES.has(safeType(a))).map((a) => ref(view, a)),
    entity: () => (first ? ref(view, first) : null),
    source: i.source ? { type: i.source.type, source: () => (i.source!.sourceUrn && safeType(i.source!.sourceUrn) ? ref(view, i.source!.sourceUrn) : null) } : null,
    startedAt: i.startedAt,
    created: stampView(i.created),
  };
}

function safeType(urn: string): string {
  try {
    return typeOf(urn);
  } catch {
    return '';
  }
}

export const incident: EntityKind = {
  typename: 'Incident',
  enumValue: 'INCIDENT',
  build: (view, urn) => {
    const base = common(view, urn, incident);
    const read = readIncident(view, urn);
    // An incident urn with no incidentInfo (only referenced, or only tagged) has none of the fields.
    return read ? Object.assign(base, incidentFields(view, read)) : Object.assign(base, { status: null, incidentStatus: null });
  },
};

/** The same entity kind, its read model carrying `incidents(state, stage, priority, assigneeUrns, start, count)`. */
export function withIncidents(kind: EntityKind): EntityKind {
  return {
    ...kind,
    build: (view, urn) => {
      const o = kind.build(view, urn);
      o['incidents'] = (args: EntityIncidentsQuery) => {
        const page = entityIncidents(view, urn, args);
        return { start: page.start, count: page.count, total: page.total, incidents: page.incidents.map((i) => Object.assign(common(view, i.urn, incident), incidentFields(view, i))) };
      };
      return o;
    },
  };
}
