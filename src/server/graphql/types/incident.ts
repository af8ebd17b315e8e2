/**
 * Incident: an issue raised on assets, shaped as DataHub's IncidentMapper shapes it; and the
 * `incidents(…)` field of the asset types that have it (Dataset, Chart, Dashboard, DataFlow, DataJob).
 */
import { urnTypeOf } from '../../../ops/core/resources.ts';
import { entityIncidents, readIncident, type EntityIncidentsQuery, type IncidentRead } from '../../../ops/read/incident.ts';
import type { StoreView } from '../../../store/store.ts';
import { common, ref, stampView, type EntityKind, type Obj } from './shared.ts';

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
    // Assignees are an OwnerType (a user or a group); a stored actor of another type is left out.
    assignees: () => i.assignees.filter((a) => ASSIGNEE_TYPES.has(urnTypeOf(a))).map((a) => ref(view, a)),
    entity: () => (first ? ref(view, first) : null),
    source: i.source ? { type: i.source.type, source: () => sourceOf(view, i.source!.sourceUrn) } : null,
    startedAt: i.startedAt,
    created: stampView(i.created),
  };
}

/** The entity that raised the incident (an assertion, for ASSERTION_FAILURE); null when none or not a valid urn. */
function sourceOf(view: StoreView, sourceUrn: string | null): Obj | null {
  return sourceUrn && urnTypeOf(sourceUrn) ? ref(view, sourceUrn) : null;
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
