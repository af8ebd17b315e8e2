/**
 * `POST /openapi/v1/trace/write/{traceId}?onlyIncludeErrors=&detailed=&skipCache=`: DataHub's trace
 * API, answering for the aspects a traced write stored. The body maps urns to aspect names.
 */
import { parseTraceId, parseTraceRequest, traceWrites } from '../../ops/admin/traceWrites.ts';
import { readJsonBody } from '../http.ts';
import { checkValueLimits } from '../limits.ts';
import { boolParam, urnFromPath } from './params.ts';
import { json, route, type Route } from './route.ts';

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
