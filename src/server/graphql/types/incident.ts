/**
 * Incident: an issue raised on assets, shaped as DataHub's IncidentMapper shapes it; and the
 * `incidents(…)` field of the asset types that have it (Dataset, Chart, Dashboard, DataFlow, DataJob).
 */
import { urnTypeOf } from '../../../ops/core/resources.ts';
import {
  entityIncidents,
  readIncident,
  type EntityIncidentsQuery,
  type IncidentRead,
} from '../../../ops/read/incident.ts';
import type { StoreView } from '../../../store/store.ts';
import type * as G from '../schema.generated.ts';
import { asEnum, common, nullInNonNull, refAs, stampView, type EntityKind, type Shaped, withFields } from './shared.ts';

/** The urn entity types whose GraphQL type has `incidents` (DataHub's incident.graphql). */
export const INCIDENT_HOLDERS: ReadonlySet<string> = new Set(['dataset', 'chart', 'dashboard', 'dataFlow', 'dataJob']);

const ASSIGNEE_TYPES = new Set(['corpuser', 'corpGroup']);

/** The fields of a stored incident (`common` gives the rest). */
type IncidentFields = Omit<Shaped<G.Incident>, 'urn' | 'type' | 'tags'>;

function incidentFields(view: StoreView, i: IncidentRead): IncidentFields {
  const status: G.IncidentStatus = {
    state: asEnum<G.IncidentState>(i.status.state),
    stage: asEnum<G.IncidentStage>(i.status.stage),
    message: i.status.message,
    lastUpdated: stampView(i.status.lastUpdated),
  };
  const first = i.entities[0];
  return {
    incidentType: asEnum<G.IncidentType>(i.incidentType),
    customType: i.customType,
    title: i.title,
    description: i.description,
    incidentStatus: status,
    status,
    priority: i.priority,
    // Assignees are an OwnerType (a user or a group); a stored actor of another type is left out.
    assignees: () =>
      i.assignees.filter((a) => ASSIGNEE_TYPES.has(urnTypeOf(a))).map((a) => refAs<G.OwnerType>(view, a)),
    // Null when the incident names no entity (see nullInNonNull).
    entity: () => nullInNonNull(first ? refAs<G.Entity>(view, first) : null),
    source: i.source
      ? { type: asEnum<G.IncidentSourceType>(i.source.type), source: () => sourceOf(view, i.source!.sourceUrn) }
      : null,
    startedAt: i.startedAt,
    created: stampView(i.created),
  };
}

/** The entity that raised the incident (an assertion, for ASSERTION_FAILURE); null when none or not a valid urn. */
function sourceOf(view: StoreView, sourceUrn: string | null): G.Maybe<G.Entity> {
  return sourceUrn && urnTypeOf(sourceUrn) ? refAs<G.Entity>(view, sourceUrn) : null;
}

export const incident: EntityKind = {
  typename: 'Incident',
  enumValue: 'INCIDENT',
  build: (view, urn) => {
    const base = common(view, urn, incident);
    const read = readIncident(view, urn);
    // An incident urn with no incidentInfo (only referenced, or only tagged) has none of the fields.
    return read
      ? Object.assign(base, incidentFields(view, read))
      : Object.assign(base, { status: null, incidentStatus: null });
  },
};

/** `EntityIncidentsResult` with incidents as the record read models hold them (see Shaped). */
type IncidentsPage = Omit<G.EntityIncidentsResult, 'incidents'> & { incidents: Shaped<G.Incident>[] };

/** The same entity kind, its read model carrying `incidents(state, stage, priority, assigneeUrns, start, count)`. */
export function withIncidents(kind: EntityKind): EntityKind {
  return withFields(kind, (view, urn) => ({
    incidents: (args: EntityIncidentsQuery): IncidentsPage => {
      const page = entityIncidents(view, urn, args);
      const incidents = page.incidents.map((i) =>
        Object.assign(common(view, i.urn, incident), incidentFields(view, i)),
      );
      return { start: page.start, count: page.count, total: page.total, incidents };
    },
  }));
}
