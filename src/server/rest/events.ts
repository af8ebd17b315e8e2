/**
 * `GET /openapi/v1/events/poll?topic=PlatformEvent_v1&offsetId=&limit=&pollTimeoutSeconds=&lookbackWindowDays=`:
 * DataHub's events API (its ExternalEventsController), which DataHub's Actions framework polls without
 * Kafka. Each event is answered as DataHub's PlatformEvent (`entityChangeEvent`) wrapping the
 * EntityChangeEvent, both as JSON text, as DataHub answers them.
 */
import { pollEvents, type LoggedEvent } from '../../ops/events/poll.ts';
import { HttpError } from '../http.ts';
import { json, route, type Route } from './route.ts';

const JSON_TYPE = 'application/json';

/** An optional whole-number query parameter. */
function intParam(query: URLSearchParams, name: string): number | undefined {
  const text = query.get(name);
  if (text === null || text === '') return undefined;
  const n = Number(text);
  if (!/^-?\d+$/.test(text.trim()) || !Number.isSafeInteger(n))
    throw new HttpError(400, `${name}: expected a whole number, got "${text}"`);
  return n;
}

/** One event as DataHub's poll answers it: a PlatformEvent as JSON text. */
function platformEvent(e: LoggedEvent): { contentType: string; value: string } {
  return {
    contentType: JSON_TYPE,
    value: JSON.stringify({
      header: { timestampMillis: e.time },
      name: 'entityChangeEvent',
      payload: { contentType: JSON_TYPE, value: JSON.stringify(e.event) },
    }),
  };
}

export const eventRoutes: Route[] = [
  route({
    method: 'GET',
    path: '/openapi/v1/events/poll',
    async handle({ query, deps }) {
      const topic = query.get('topic');
      if (topic === null || topic === '') throw new HttpError(400, 'topic: the query parameter is required');
      const page = await pollEvents(deps.store, {
        topic,
        offsetId: query.get('offsetId') ?? undefined,
        limit: intParam(query, 'limit'),
        pollTimeoutSeconds: intParam(query, 'pollTimeoutSeconds'),
        lookbackWindowDays: intParam(query, 'lookbackWindowDays'),
      });
      return json({ offsetId: page.offsetId, count: page.count, events: page.events.map(platformEvent) });
    },
  }),
];
