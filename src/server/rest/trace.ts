/**
 * `POST /openapi/v1/trace/write/{traceId}?onlyIncludeErrors=&detailed=&skipCache=`: DataHub's trace
 * API, answering for the aspects a traced write stored. The body maps urns to aspect names.
 */
import { randomBytes } from 'node:crypto';
import { BadRequestError } from '../../errors.ts';
import { parseTraceRequest, traceWrites } from '../../ops/admin/traceWrites.ts';
import { readJsonBody } from '../http.ts';
import { checkValueLimits } from '../limits.ts';
import { boolParam, urnFromPath } from './params.ts';
import { json, route, type Route } from './route.ts';

/** The W3C `traceparent` header carrying a trace id (version 00, a random span id, sampled). */
export function traceparentOf(traceId: string): string {
  return `00-${traceId}-${randomBytes(8).toString('hex')}-01`;
}

/** The trace id of a path segment: a bare 32-hex id, or a whole `traceparent` value (DataHub accepts both). */
export function parseTraceId(input: string): string {
  const text = input.trim();
  const id = text.includes('-') ? (text.split('-')[1] ?? '') : text;
  if (!/^[0-9a-f]{32}$/i.test(id)) {
    throw new BadRequestError(
      `traceId: expected 32 hex digits or a traceparent header value (00-<trace id>-<span id>-01), got ${JSON.stringify(input)}`,
    );
  }
  return id.toLowerCase();
}

export const traceRoutes: Route[] = [
  route({
    method: 'POST',
    path: '/openapi/v1/trace/write/{traceId}',
    async handle({ req, query, params, deps }) {
      const onlyIncludeErrors = boolParam(query, 'onlyIncludeErrors', true);
      // `detailed` adds exception details to failed writes and `skipCache` bypasses a Kafka offset
      // cache in DataHub; we have neither, so both are only checked.
      boolParam(query, 'detailed');
      boolParam(query, 'skipCache');
      const body = await readJsonBody(req, deps.limits.maxBodyBytes);
      checkValueLimits(body, deps.limits, 'request body');
      const traceId = parseTraceId(urnFromPath(params['traceId']!));
      deps.store.refresh();
      return json(traceWrites(deps.store, traceId, parseTraceRequest(body), onlyIncludeErrors));
    },
  }),
];
