/**
 * An entity's health (DataHub's `health` field) from its assertions: the latest completed run of each
 * assertion of the entity decides — any latest result other than SUCCESS fails the entity, naming the
 * failing assertions as causes; an entity whose assertions never ran has no health, as in DataHub's
 * EntityHealthResolver. Catalog keeps no incidents, so there is no INCIDENTS health (never a made-up
 * status).
 */
import type { StoreView } from '../../store/store.ts';
import { entityAssertions, RUN_EVENT } from './assertions.ts';
import { readTimeseries } from '../timeseries/timeseries.ts';

export interface Health {
  type: 'ASSERTIONS';
  status: 'PASS' | 'FAIL';
  message: string;
  causes: string[] | null;
  reportedAt: number;
}

/** DataHub reads at most this many assertions of an entity for its health. */
const MAX_ASSERTIONS = 500;

export function healthOf(view: StoreView, urn: string): Health[] {
  const assertions = entityAssertions(view, urn, { start: 0, count: MAX_ASSERTIONS }).urns;
  if (assertions.length === 0) return [];
  const failing: string[] = [];
  let ran = false;
  let reportedAt = 0;
  for (const assertion of assertions) {
    const latest = readTimeseries(view, assertion, RUN_EVENT, { filters: [[{ field: 'status', values: ['COMPLETE'], condition: 'EQUAL', negated: false }]], limit: 1 })[0];
    if (!latest) continue;
    ran = true;
    reportedAt = Math.max(reportedAt, latest.timestampMillis);
    if ((latest.value['result'] as { type?: unknown } | undefined)?.type !== 'SUCCESS') failing.push(assertion);
  }
  if (!ran) return [];
  return [
    failing.length > 0
      ? { type: 'ASSERTIONS', status: 'FAIL', message: `${failing.length} of ${assertions.length} assertions are failing`, causes: failing, reportedAt }
      : { type: 'ASSERTIONS', status: 'PASS', message: 'All assertions are passing', causes: null, reportedAt },
  ];
}
