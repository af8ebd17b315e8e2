/**
 * The Rest.li endpoints DataHub's Python CLI and SDK call (datahub-rest-cli.md §0, §2, §3), the
 * OpenAPI reads of the 1.7 client: relationships, v3 entities and the timeline (datahub-discovery.md
 * §7.2, §7.4, §7.5), and the SDK's OpenAPI v3 writes and write tracing (datahub-rest-cli.md §5.3, in
 * openapiWrites.ts). Each route parses its input, calls one operation and formats the answer
 * (`{"value": …}` for Rest.li actions). Client mistakes are 4xx with `{status, message}` — never
 * 5xx, which the client retries.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { InvalidPatchError } from '../../errors.ts';
import { proposalFromMcp, proposalsFromRecord, type Proposal } from '../../model/mcp.ts';
import { hardDelete, deleteReferencesTo } from '../../ops/entities/deleteEntity.ts';
import { getEntitySnapshot } from '../../ops/entities/entitySnapshot.ts';
import { ingestProposals } from '../../ops/ingest/ingestProposals.ts';
import { batchGetEntities, getEntityV3, parseBatchGetRequest } from '../../ops/entities/openapiEntities.ts';
import { scrollEntitiesV3 } from '../../ops/entities/openapiScroll.ts';
import { getEntityResponse, getVersionedAspect } from '../../ops/entities/readAspects.ts';
import { listRelationships } from '../../ops/entities/relationships.ts';
import { getTimeline } from '../../ops/timeline/timeline.ts';
import { DEFAULT_TIMESERIES_LIMIT, readTimeseries } from '../../ops/timeseries/timeseries.ts';
import { validateUrn } from '../../model/registry.ts';
import { isJsonObject } from '../../model/json.ts';
import { actorOf, type ServerDeps } from '../context.ts';
import { HttpError, readJsonBody, sendJson } from '../http.ts';
import { checkValueLimits } from '../limits.ts';
import type { Handler } from '../server.ts';
import { serverConfig } from './config.ts';
import { asRestError } from './errors.ts';
import { openapiWriteRoutes } from './openapiWrites.ts';
import { filterOf, restListUrns, restSearch } from './search.ts';
import { aspectList, boolParam, intParam, listParam, optionalMillis, timeParam, urnFromPath, urnParam } from './params.ts';

function toProposals(raw: unknown[], where: (i: number) => string): Proposal[] {
  return raw.map((p, i) => {
    try {
      return proposalFromMcp(p);
    } catch (e) {
      return asRestError(e, where(i));
    }
  });
}

export function createRestHandler(deps: ServerDeps): Handler {
  const { store } = deps;
  const body = (req: IncomingMessage) => readJsonBody(req, deps.limits.maxBodyBytes);
  const ctx = (req: IncomingMessage) => ({ store, actor: actorOf(req) });
  /** Aspect values are checked after parsing: `aspect.value` arrives as one JSON string. */
  const checked = (proposals: Proposal[], where: (i: number) => string): Proposal[] => {
    if (proposals.length > deps.limits.maxBatchItems) checkValueLimits(proposals, deps.limits, 'proposals');
    proposals.forEach((p, i) => checkValueLimits(p.value ?? p.patch, deps.limits, `${where(i)}.aspect`));
    return proposals;
  };

  async function aspectsAction(req: IncomingMessage, res: ServerResponse, action: string | null): Promise<void> {
    const input = await body(req);
    if (!isJsonObject(input)) throw new HttpError(400, 'Request body must be a JSON object');
    switch (action) {
      case 'ingestProposal': {
        const [proposal] = checked(toProposals([input['proposal']], () => 'proposal'), () => 'proposal');
        await ingestProposals(ctx(req), [proposal!]).catch((e: unknown) => (e instanceof InvalidPatchError ? asRestError(e, 'proposal') : Promise.reject(e)));
        return sendJson(res, 200, { value: 'success' });
      }
      case 'ingestProposalBatch': {
        const list = input['proposals'];
        if (!Array.isArray(list)) throw new HttpError(400, 'proposals: expected an array of metadata change proposals');
        if (list.length > deps.limits.maxBatchItems) checkValueLimits(list, deps.limits, 'proposals');
        await ingestProposals(ctx(req), checked(toProposals(list, (i) => `proposals[${i}]`), (i) => `proposals[${i}]`)).catch((e: unknown) =>
          e instanceof InvalidPatchError ? asRestError(e, `proposals[${e.location?.index ?? 0}]`) : Promise.reject(e),
        );
        return sendJson(res, 200, { value: 'success' });
      }
      case 'getTimeseriesAspectValues': {
        const urn = input['urn'];
        const aspectName = input['aspect'];
        if (typeof urn !== 'string') throw new HttpError(400, 'urn: required string is missing');
        if (typeof aspectName !== 'string') throw new HttpError(400, 'aspect: required string is missing');
        const urnType = validateUrn(urn).entityType;
        const entityName = typeof input['entity'] === 'string' ? input['entity'] : urnType;
        const limit = input['limit'] === undefined || input['limit'] === null ? undefined : Number(input['limit']);
        const rows = readTimeseries(deps.store, urn, aspectName, {
          startTimeMillis: optionalMillis(input, 'startTimeMillis'),
          endTimeMillis: optionalMillis(input, 'endTimeMillis'),
          limit,
          filters: input['filter'] === undefined || input['filter'] === null ? undefined : filterOf(input['filter']),
          latestValue: input['latestValue'] === true,
        });
        const values = rows.map((r) => ({ aspect: { value: JSON.stringify(r.value), contentType: 'application/json' }, systemMetadata: r.systemMetadata }));
        return sendJson(res, 200, { value: { entityName, aspectName, limit: limit ?? DEFAULT_TIMESERIES_LIMIT, values } });
      }
      default:
        throw new HttpError(400, `Unknown action "${action}" on /aspects; supported: ingestProposal, ingestProposalBatch, getTimeseriesAspectValues`);
    }
  }

  async function entitiesAction(req: IncomingMessage, res: ServerResponse, action: string | null): Promise<void> {
    const input = await body(req);
    if (!isJsonObject(input)) throw new HttpError(400, 'Request body must be a JSON object');
    switch (action) {
      case 'delete': {
        const urn = input['urn'];
        if (typeof urn !== 'string') throw new HttpError(400, 'urn: required string is missing');
        const aspectName = typeof input['aspectName'] === 'string' ? input['aspectName'] : undefined;
        const range = { startTimeMillis: optionalMillis(input, 'startTimeMillis'), endTimeMillis: optionalMillis(input, 'endTimeMillis') };
        return sendJson(res, 200, { value: await hardDelete(ctx(req), urn, aspectName, range) });
      }
      case 'deleteReferences': {
        const urn = input['urn'];
        if (typeof urn !== 'string') throw new HttpError(400, 'urn: required string is missing');
        const dryRun = input['dryRun'] === true || input['dryRun'] === 'true';
        return sendJson(res, 200, { value: await deleteReferencesTo(ctx(req), urn, dryRun) });
      }
      case 'ingest':
      case 'batchIngest': {
        const entities = action === 'ingest' ? [input['entity']] : input['entities'];
        if (!Array.isArray(entities)) throw new HttpError(400, 'entities: expected an array of snapshots');
        const proposals = entities.flatMap((e, i) => {
          const snapshot = isJsonObject(e) && isJsonObject(e['value']) ? e['value'] : e;
          try {
            return proposalsFromRecord({ proposedSnapshot: snapshot, systemMetadata: input['systemMetadata'] });
          } catch (err) {
            return asRestError(err, action === 'ingest' ? 'entity' : `entities[${i}]`);
          }
        });
        await ingestProposals(ctx(req), proposals);
        return sendJson(res, 200, {});
      }
      case 'search':
      case 'searchAcrossEntities':
      case 'scrollAcrossEntities':
        return sendJson(res, 200, { value: restSearch(store, action, input) });
      case 'listUrns':
      case 'list':
        return sendJson(res, 200, { value: restListUrns(store, input) });
      default:
        throw new HttpError(400, `Unknown action "${action}" on /entities; supported: delete, deleteReferences, ingest, batchIngest, search, searchAcrossEntities, scrollAcrossEntities, listUrns, list`);
    }
  }

  const openapiWrites = openapiWriteRoutes(deps);

  return async (req, res, path, query) => {
    const method = req.method ?? 'GET';
    const action = query.get('action');
    if (path === '/config' && method === 'GET') return sendJson(res, 200, serverConfig());
    if ((path === '/aspects' || path === '/aspects/') && method === 'POST') return aspectsAction(req, res, action);
    if ((path === '/entities' || path === '/entities/') && method === 'POST') return entitiesAction(req, res, action);

    const aspectMatch = /^\/aspects\/([^/]+)$/.exec(path);
    if (aspectMatch && method === 'GET') {
      const urn = urnFromPath(aspectMatch[1]!);
      const aspect = query.get('aspect');
      if (!aspect) throw new HttpError(400, 'aspect: the query parameter is required');
      const versionText = query.get('version') ?? '0';
      const version = Number(versionText);
      if (!Number.isInteger(version) || version < 0) throw new HttpError(400, `version: expected a non-negative integer, got "${versionText}"`);
      const found = getVersionedAspect(store, urn, aspect, version);
      if (!found) throw new HttpError(404, `Aspect ${aspect} (version ${version}) of ${urn} not found`);
      return sendJson(res, 200, found);
    }
    if (path === '/relationships' && method === 'GET') {
      // Rest.li: types=List(A,B); the result record is the body.
      const page = listRelationships(store, {
        urn: urnParam(query),
        direction: query.get('direction') ?? '',
        types: aspectList(query, 'types') ?? [],
        start: intParam(query, 'start'),
        count: intParam(query, 'count'),
      });
      return sendJson(res, 200, { start: page.start, count: page.count, total: page.total, relationships: page.relationships.map((r) => ({ type: r.type, entity: r.urn })) });
    }
    if ((path === '/openapi/relationships/v1' || path === '/openapi/relationships/v1/') && method === 'GET') {
      // The 1.7 client's get_related_entities: relationshipTypes repeated; it pages until a page has count 0.
      const page = listRelationships(store, {
        urn: urnParam(query),
        direction: query.get('direction') ?? '',
        types: query.getAll('relationshipTypes').flatMap((t) => t.split(',')).filter(Boolean),
        start: intParam(query, 'start'),
        count: intParam(query, 'count'),
      });
      return sendJson(res, 200, { start: page.start, count: page.count, total: page.total, entities: page.relationships.map((r) => ({ urn: r.urn, relationshipType: r.type })) });
    }
    const entityMatch = /^\/entitiesV2\/([^/]+)$/.exec(path);
    if (entityMatch && method === 'GET') {
      const urn = urnFromPath(entityMatch[1]!);
      return sendJson(res, 200, getEntityResponse(store, urn, aspectList(query)));
    }
    const snapshotMatch = /^\/entities\/([^/]+)$/.exec(path);
    if (snapshotMatch && method === 'GET') {
      // Rest.li: the Entity record is the body; `value` is its snapshot union.
      const snapshot = getEntitySnapshot(store, urnFromPath(snapshotMatch[1]!), aspectList(query));
      const aspects = snapshot.aspects.map((a) => ({ [a.fqn]: a.value }));
      return sendJson(res, 200, { value: { [snapshot.fqn]: { urn: snapshot.urn, aspects } } });
    }
    const batchGetMatch = /^\/openapi\/v3\/entity\/([^/]+)\/batchGet$/.exec(path);
    if (batchGetMatch && method === 'POST') {
      const withSystemMetadata = boolParam(query, 'systemMetadata');
      const input = await body(req);
      checkValueLimits(input, deps.limits, 'request body');
      const requests = parseBatchGetRequest(input, urnFromPath(batchGetMatch[1]!));
      return sendJson(res, 200, batchGetEntities(store, requests, withSystemMetadata));
    }
    const openapiWriteMatch = /^\/openapi\/v3\/entity\/([^/]+)\/?$/.exec(path);
    if (openapiWriteMatch && (method === 'POST' || method === 'PATCH')) {
      return openapiWrites.write(req, res, openapiWriteMatch[1]!, query, method === 'POST' ? 'UPSERT' : 'PATCH');
    }
    if (openapiWriteMatch && method === 'GET') {
      // The v3 scroll (OpenAPIGraphClient.scroll_urns_by_filter, PlatformResource.search_by_key).
      return sendJson(res, 200, scrollEntitiesV3(store, {
        entityType: urnFromPath(openapiWriteMatch[1]!),
        query: query.get('query'),
        count: intParam(query, 'count'),
        scrollId: query.get('scrollId'),
        aspects: listParam(query, 'aspects', 'aspectNames'),
        withSystemMetadata: boolParam(query, 'systemMetadata'),
        includeSoftDeleted: boolParam(query, 'includeSoftDelete'),
      }));
    }
    const openapiEntityMatch = /^\/openapi\/v3\/entity\/([^/]+)\/(urn(?::|%3A).+)$/i.exec(path);
    if (openapiEntityMatch && method === 'DELETE') {
      // DataHub's client puts the raw urn in the path here; an encoded one works too.
      return openapiWrites.delete(req, res, openapiEntityMatch[1]!, openapiEntityMatch[2]!, query);
    }
    const traceMatch = /^\/openapi\/v1\/trace\/write\/([^/]+)$/.exec(path);
    if (traceMatch && method === 'POST') return openapiWrites.trace(req, res, traceMatch[1]!, query);
    if (openapiEntityMatch && method === 'GET') {
      // The urn may come encoded or raw (DataHub's route takes `urn:li:.+`, slashes included).
      const entity = getEntityV3(store, urnFromPath(openapiEntityMatch[1]!), urnFromPath(openapiEntityMatch[2]!), listParam(query, 'aspects', 'aspectNames'), boolParam(query, 'systemMetadata'));
      return sendJson(res, 200, entity);
    }
    const timelineMatch = /^\/openapi\/v2\/timeline\/v1\/(.+)$/.exec(path);
    if (timelineMatch && method === 'GET') {
      const timeline = getTimeline(store, {
        urn: urnFromPath(timelineMatch[1]!),
        categories: listParam(query, 'categories'),
        startTime: timeParam(query, 'startTime'),
        endTime: timeParam(query, 'endTime'),
        raw: boolParam(query, 'raw'),
      });
      return sendJson(res, 200, timeline);
    }
    throw new HttpError(404, `No route for ${method} ${path}`);
  };
}
