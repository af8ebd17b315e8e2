/**
 * An entity's health (DataHub's `health` field), as DataHub's EntityHealthResolver computes it: first
 * from its incidents — any ACTIVE incident on the entity fails it, naming how many and the one updated
 * last (an entity with none has no incidents health) — then from its assertions: the latest completed
 * run of each assertion of the entity decides — any latest result other than SUCCESS fails the entity,
 * naming the failing assertions as causes; an entity whose assertions never ran has no assertions health.
 */
import type { StoreView } from '../../store/store.ts';
import { entityAssertions, RUN_EVENT } from './assertions.ts';
import { readTimeseries } from '../timeseries/timeseries.ts';
import { allIncidentsOn } from '../read/incident.ts';

export interface ActiveIncidentHealthDetails {
  latestIncidentUrn: string;
  latestIncidentTitle: string | null;
  lastActivityAt: number;
  count: number;
}

export interface Health {
  type: 'ASSERTIONS' | 'INCIDENTS';
  status: 'PASS' | 'FAIL';
  message: string;
  causes: string[] | null;
  reportedAt: number;
  activeIncidentHealthDetails: ActiveIncidentHealthDetails | null;
}

/** DataHub reads at most this many assertions of an entity for its health. */
const MAX_ASSERTIONS = 500;

export function healthOf(view: StoreView, urn: string): Health[] {
  const incidents = incidentsHealth(view, urn);
  return incidents ? [incidents, ...assertionsHealth(view, urn)] : assertionsHealth(view, urn);
}

/** FAIL when an incident on the entity is ACTIVE, with the latest updated of them; none when there is no active incident. */
function incidentsHealth(view: StoreView, urn: string): Health | null {
  const active = allIncidentsOn(view, urn).filter((i) => i.status.state === 'ACTIVE');
  if (active.length === 0) return null;
  const latest = active.reduce((a, b) => (b.status.lastUpdated.time > a.status.lastUpdated.time ? b : a));
  const at = latest.status.lastUpdated.time;
  return {
    type: 'INCIDENTS',
    status: 'FAIL',
    message: `${active.length} active incident${active.length > 1 ? 's' : ''}`,
    causes: null,
    reportedAt: at,
    activeIncidentHealthDetails: {
      latestIncidentUrn: latest.urn,
      latestIncidentTitle: latest.title,
      lastActivityAt: at,
      count: active.length,
    },
  };
}

function assertionsHealth(view: StoreView, urn: string): Health[] {
  const assertions = entityAssertions(view, urn, { start: 0, count: MAX_ASSERTIONS }).urns;
  if (assertions.length === 0) return [];
  const failing: string[] = [];
  let ran = false;
  let reportedAt = 0;
  for (const assertion of assertions) {
    const latest = readTimeseries(view, assertion, RUN_EVENT, {
      filters: [[{ field: 'status', values: ['COMPLETE'], condition: 'EQUAL', negated: false }]],
      limit: 1,
    })[0];
    if (!latest) continue;
    ran = true;
    reportedAt = Math.max(reportedAt, latest.timestampMillis);
    if ((latest.value['result'] as { type?: unknown } | undefined)?.type !== 'SUCCESS') failing.push(assertion);
  }
  if (!ran) return [];
  return [
    failing.length > 0
      ? {
          type: 'ASSERTIONS',
          status: 'FAIL',
          message: `${failing.length} of ${assertions.length} assertions are failing`,
          causes: failing,
          reportedAt,
          activeIncidentHealthDetails: null,
        }
      : {
          type: 'ASSERTIONS',
          status: 'PASS',
          message: 'All assertions are passing',
          causes: null,
          reportedAt,
          activeIncidentHealthDetails: null,
        },
  ];
}
