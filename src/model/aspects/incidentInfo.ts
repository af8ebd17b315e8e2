/**
 * incidentInfo (com.linkedin.incident.IncidentInfo): an incident raised on one or more assets — its
 * type, title and description, the assets it is on, its priority, assignees, status (state and
 * lifecycle stage), where it comes from and when it started. DataHub declares `entities` as
 * `IncidentOn` relationships, which is how an asset finds its incidents, and indexes the fields its
 * incident lists filter on (`entities`, `state`, `stage`, `priority`, `assignees`, `type`).
 */
import { anyUrn, arr, auditStamp, defineAspect, num, rec, str, urnOf, type AspectValue } from './define.ts';

export const INCIDENT_TYPES = ['FRESHNESS', 'VOLUME', 'FIELD', 'SQL', 'DATA_SCHEMA', 'OPERATIONAL', 'CUSTOM'] as const;
export const INCIDENT_STATES = ['ACTIVE', 'RESOLVED'] as const;
export const INCIDENT_STAGES = ['TRIAGE', 'INVESTIGATION', 'WORK_IN_PROGRESS', 'FIXED', 'NO_ACTION_REQUIRED'] as const;
export const INCIDENT_SOURCE_TYPES = ['MANUAL', 'ASSERTION_FAILURE'] as const;

/** The entity types an incident may be on (DataHub's `IncidentOn` relationship annotation). */
export const INCIDENT_ENTITY_TYPES = ['dataset', 'chart', 'dashboard', 'dataFlow', 'dataJob', 'schemaField'] as const;

const incidentInfo = defineAspect({
  name: 'incidentInfo',
  fqn: 'com.linkedin.incident.IncidentInfo',
  fields: {
    type: { enum: INCIDENT_TYPES },
    /** Set only when `type` is CUSTOM. */
    'customType?': str,
    'title?': str,
    'description?': str,
    entities: arr(urnOf(...INCIDENT_ENTITY_TYPES)),
    /** 0 critical, 1 high, 2 medium, 3 low. */
    'priority?': num,
    'assignees?': arr(rec({ actor: anyUrn, assignedAt: auditStamp })),
    status: rec({
      state: { enum: INCIDENT_STATES },
      /** Absent until a stage is assigned. */
      'stage?': { enum: INCIDENT_STAGES },
      'message?': str,
      lastUpdated: auditStamp,
    }),
    'source?': rec({ type: { enum: INCIDENT_SOURCE_TYPES }, 'sourceUrn?': anyUrn }),
    /** When the incident actually started (epoch ms), which may be before it was raised. */
    'startedAt?': num,
    created: auditStamp,
  },
  relationships: [{ name: 'IncidentOn', path: 'entities[]' }],
  // IncidentInfo's @Searchable fields. Title and description are not among them: DataHub finds
  // incidents by these filters, not by their text. Left out: the times DataHub indexes as numbers
  // (created, startedAt, status.lastUpdated), for which search has no kind, and source.type, whose
  // index name in DataHub would be `type`, the incident type's.
  searchable: [
    { path: 'type', field: 'type', kind: 'keyword' },
    { path: 'customType', field: 'customType', kind: 'keyword' },
    { path: 'entities[]', field: 'entities', kind: 'urn' },
    { path: 'priority', field: 'priority', kind: 'keyword' },
    { path: 'assignees[].actor', field: 'assignees', kind: 'urn' },
    { path: 'status.state', field: 'state', kind: 'keyword' },
    { path: 'status.stage', field: 'stage', kind: 'keyword' },
    { path: 'source.sourceUrn', field: 'sourceUrn', kind: 'urn' },
  ],
});
export default incidentInfo;

export type IncidentInfo = AspectValue<typeof incidentInfo>;
