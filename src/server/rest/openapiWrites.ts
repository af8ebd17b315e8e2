/**
 * The OpenAPI write routes of DataHub's SDK (datahub-rest-cli.md §5.3) and its trace API: each parses
 * the path, query and body, calls one operation and answers as DataHub's controllers do.
 *
 * - `POST|PATCH /openapi/v3/entity/{type}?async=&systemMetadata=`: a list of `{urn, <aspect>: {value…}}`;
 *   answers the entities written with a `traceparent` header. Our writes are done when we answer, so
 *   `async=true` is accepted and answered like `async=false` (200 with the body, where DataHub's
 *   asynchronous path answers 202).
 * - `DELETE /openapi/v3/entity/{type}/{urn}?aspects=&clear=`: 200 with no body, as DataHub's void handler.
 * - `POST /openapi/v1/trace/write/{traceId}?onlyIncludeErrors=&detailed=&skipCache=`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { deleteEntityV3, parseEntityWrites, writeEntities, type WriteMode } from '../../ops/ingest/openapiWrites.ts';
import { parseTraceId, parseTraceRequest, traceparentOf, traceWrites } from '../../ops/admin/traceWrites.ts';
import { actorOf, type ServerDeps } from '../context.ts';
import { readBody, readJsonBody, sendJson } from '../http.ts';
import { checkValueLimits } from '../limits.ts';
import { asRestError } from './errors.ts';
import { boolParam, listParam, urnFromPath } from './params.ts';

export interface OpenapiWriteRoutes {
  write(req: IncomingMessage, res: ServerResponse, entityType: string, query: URLSearchParams, mode: WriteMode): Promise<void>;
  delete(req: IncomingMessage, res: ServerResponse, entityType: string, urn: string, query: URLSearchParams): Promise<void>;
  trace(req: IncomingMessage, res: ServerResponse, traceId: string, query: URLSearchParams): Promise<void>;
}

export function openapiWriteRoutes(deps: ServerDeps): OpenapiWriteRoutes {
  const { store, limits } = deps;
  return {
    async write(req, res, entityTypeSegment, query, mode) {
      // Parameters first: a bad one costs no body read. `async` is checked, then needs nothing.
      boolParam(query, 'async', true);
      const withSystemMetadata = boolParam(query, 'systemMetadata');
      const entityType = urnFromPath(entityTypeSegment);
      const body = await readJsonBody(req, limits.maxBodyBytes);
      checkValueLimits(body, limits, 'request body');
      let written;
      try {
        const writes = parseEntityWrites(body, entityType, mode);
        written = await writeEntities({ store, actor: actorOf(req) }, writes, withSystemMetadata);
      } catch (e) {
        return asRestError(e);
      }
      sendJson(res, 200, written.entities, { traceparent: traceparentOf(written.traceId) });
    },

    async delete(req, res, entityTypeSegment, urnSegment, query) {
      const aspects = listParam(query, 'aspects');
      const clear = boolParam(query, 'clear');
      // DataHub's client sends an empty list as the body of a DELETE: read and ignore it.
      await readBody(req, limits.maxBodyBytes);
      try {
        await deleteEntityV3({ store, actor: actorOf(req) }, urnFromPath(entityTypeSegment), urnFromPath(urnSegment), { aspects, clear });
      } catch (e) {
        return asRestError(e);
      }
      res.writeHead(200, { 'content-length': 0 });
      res.end();
    },

    async trace(req, res, traceIdSegment, query) {
      const onlyIncludeErrors = boolParam(query, 'onlyIncludeErrors', true);
      // `detailed` adds exception details to failed writes and `skipCache` bypasses a Kafka offset
      // cache in DataHub; we have neither, so both are only checked.
      boolParam(query, 'detailed');
      boolParam(query, 'skipCache');
      const body = await readJsonBody(req, limits.maxBodyBytes);
      checkValueLimits(body, limits, 'request body');
      try {
        const traceId = parseTraceId(urnFromPath(traceIdSegment));
        store.refresh();
        sendJson(res, 200, traceWrites(store, traceId, parseTraceRequest(body), onlyIncludeErrors));
      } catch (e) {
        asRestError(e);
      }
    },
  };
}
