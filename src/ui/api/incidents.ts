/**
 * Incidents of an asset: the active ones its page shows in a banner, and the two edits a person makes
 * there, raising one and resolving one — the same GraphQL documents DataHub's clients send
 * (raiseIncident, updateIncidentStatus, and the asset's `incidents(state: ACTIVE)`).
 */
import { gql } from './client.ts';

/** The GraphQL types that have `incidents` (DataHub gives it to these five asset types). */
export const INCIDENT_TYPENAMES: ReadonlySet<string> = new Set([
  'Dataset',
  'Chart',
  'Dashboard',
  'DataFlow',
  'DataJob',
]);

export const INCIDENT_TYPES = ['OPERATIONAL', 'FRESHNESS', 'VOLUME', 'FIELD', 'SQL', 'DATA_SCHEMA', 'CUSTOM'] as const;
export const INCIDENT_PRIORITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const;

export interface ActiveIncident {
  urn: string;
  incidentType: string;
  customType: string | null;
  title: string | null;
  description: string | null;
  priority: string | null;
  incidentStatus: { stage: string | null; message: string | null; lastUpdated: { time: number; actor: string | null } };
  created: { time: number; actor: string | null };
}

export const ACTIVE_INCIDENTS_QUERY = `query activeIncidents($urn: String!) {
  entity(urn: $urn) {
    urn
    ... on Dataset { incidents(state: ACTIVE, start: 0, count: 20) { ...incidentPage } }
    ... on Chart { incidents(state: ACTIVE, start: 0, count: 20) { ...incidentPage } }
    ... on Dashboard { incidents(state: ACTIVE, start: 0, count: 20) { ...incidentPage } }
    ... on DataFlow { incidents(state: ACTIVE, start: 0, count: 20) { ...incidentPage } }
    ... on DataJob { incidents(state: ACTIVE, start: 0, count: 20) { ...incidentPage } }
  }
}
fragment incidentPage on EntityIncidentsResult {
  total
  incidents {
    urn incidentType customType title description priority
    incidentStatus { stage message lastUpdated { time actor } }
    created { time actor }
  }
}`;

export const RAISE_INCIDENT = 'mutation raiseIncident($input: RaiseIncidentInput!) { raiseIncident(input: $input) }';
export const UPDATE_INCIDENT_STATUS =
  'mutation updateIncidentStatus($urn: String!, $input: IncidentStatusInput!) { updateIncidentStatus(urn: $urn, input: $input) }';

export async function activeIncidents(urn: string): Promise<{ total: number; incidents: ActiveIncident[] }> {
  const data = await gql<{ entity: { incidents?: { total: number; incidents: ActiveIncident[] } | null } | null }>(
    ACTIVE_INCIDENTS_QUERY,
    { urn },
  );
  return data.entity?.incidents ?? { total: 0, incidents: [] };
}

export interface RaiseInput {
  type: string;
  customType?: string;
  title: string;
  description?: string;
  priority?: string;
}

/** Raises an incident on the asset; resolves with its urn. */
export async function raiseIncident(resourceUrn: string, input: RaiseInput): Promise<string> {
  const data = await gql<{ raiseIncident: string }>(RAISE_INCIDENT, { input: { resourceUrn, ...input } });
  return data.raiseIncident;
}

export async function setIncidentState(urn: string, state: 'ACTIVE' | 'RESOLVED', message?: string): Promise<void> {
  await gql(UPDATE_INCIDENT_STATUS, { urn, input: message ? { state, message } : { state } });
}
