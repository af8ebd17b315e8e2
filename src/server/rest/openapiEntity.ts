/**
 * `/openapi/v3/entity`: DataHub's OpenAPI v3 entity resource, as the 1.7 client reads it
 * (`DataHubGraph.get_entities`) and the SDK writes it (SDK mode, against a server advertising
 * ≥ 1.0.1). An entity on the wire is `{"urn", "<aspect>": {"value", "systemMetadata"?, "auditStamp"?}}`;
 * DataHub's v3 aspects carry no `version` field, so neither do ours.
 *
 * - `POST /openapi/v3/entity/{type}/batchGet?systemMetadata=`: a list of `{urn, <aspect>: {}}`; an
 *   aspect may ask for an older version with `{"headers": {"If-Version-Match": "<version>"}}`, as
 *   DataHub's EntityController reads it.
 * - `GET /openapi/v3/entity/{type}/{urn}?aspects=&systemMetadata=`: one entity.
 * - `GET /openapi/v3/entity/{type}?query=&count=&scrollId=&aspects=`: the scroll.
 * - `POST|PATCH /openapi/v3/entity/{type}?async=&systemMetadata=`: a list of `{urn, <aspect>: {value…}}`;
 *   answers the entities written with a `traceparent` header. Our writes are done when we answer, so
 *   `async=true` is accepted and answered like `async=false` (200 with the body, where DataHub's
 *   asynchronous path answers 202).
 * - `DELETE /openapi/v3/entity/{type}/{urn}?aspects=&clear=`: 200 with no body, as DataHub's void handler.
 *
 * Errors name the item and field, e.g. `[2].globalTags.value: Invalid globalTags at tags[0].tag: …`.
 */
import type { IncomingMessage } from 'node:http';
import { BadRequestError, InvalidPatchError, locatedError, WriteRefusedError } from '../../errors.ts';
import { validateAspect } from '../../model/aspects.ts';
import { describeJson, isJsonObject, type JsonObject } from '../../model/json.ts';
import { normalizeUnionKeys, preconditionsOf, type Preconditions, type Proposal } from '../../model/mcp.ts';
import { parsePatch, type AspectPatch } from '../../model/patch.ts';
import { isKeyAspect, isKnownAspect, keyAspectName, keyAspectOf } from '../../model/registry.ts';
import {
  batchGetEntities,
  checkUrnOfType,
  getEntityV3,
  type EntityRecords,
  type EntityRequest,
} from '../../ops/entities/openapiEntities.ts';
import { scrollEntitiesV3 } from '../../ops/entities/openapiScroll.ts';
import { deleteEntityV3, writeEntities, type WrittenEntities } from '../../ops/ingest/openapiWrites.ts';
import type { AspectRecord, AuditStamp } from '../../store/store.ts';
import { actorOf } from '../context.ts';
import { readBody, readJsonBody } from '../http.ts';
import { checkValueLimits } from '../limits.ts';
import { located } from './errors.ts';
import { boolParam, listParam, pageParam, urnFromPath } from './params.ts';
import { json, route, type RestCall, type Route } from './route.ts';
import { traceparentOf } from './trace.ts';

/** The batchGet header naming the aspect version to read (0 = latest). */
export const VERSION_HEADER = 'If-Version-Match';
/** The conditional-write headers an OpenAPI write honours, sent as HTTP headers or per aspect. */
const CONDITIONAL_HEADERS = ['If-Version-Match', 'If-None-Match', 'If-Modified-Since', 'If-Unmodified-Since'];
const ASPECT_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

export interface GenericAspectV3 {
  value: unknown;
  systemMetadata?: Record<string, unknown>;
  auditStamp?: AuditStamp;
}

/** `{"urn": …}` plus one key per aspect. */
export type GenericEntityV3 = { urn: string } & { [aspectName: string]: GenericAspectV3 | string };

// ---- reads ----------------------------------------------------------------------------------------

/**
 * Checks a batchGet body and returns its items in request order, a URN asked for twice merged into
 * its first item (as DataHub does). Every failure is a BadRequestError naming the field path, e.g.
 * `[2].urn: required string is missing`. `entityType` is the path's type; each URN must be of it.
 */
export function parseBatchGetRequest(body: unknown, entityType: string): EntityRequest[] {
  if (!Array.isArray(body)) {
    throw new BadRequestError(`Request body must be a JSON array of {"urn": …} objects, got ${describeJson(body)}`);
  }
  const byUrn = new Map<string, EntityRequest>();
  body.forEach((item, i) => {
    if (!isJsonObject(item))
      throw new BadRequestError(`[${i}]: expected an object with a urn, got ${describeJson(item)}`);
    const urn = item['urn'];
    if (urn === undefined || urn === null) throw new BadRequestError(`[${i}].urn: required string is missing`);
    if (typeof urn !== 'string') throw new BadRequestError(`[${i}].urn: expected a string, got ${describeJson(urn)}`);
    checkUrnOfType(urn, entityType, `[${i}].urn`);
    const request = byUrn.get(urn) ?? { urn, aspects: [] };
    byUrn.set(urn, request);
    for (const [name, spec] of Object.entries(item)) {
      if (name === 'urn') continue;
      const version = requestedVersion(spec, `[${i}].${name}`);
      const at = request.aspects.findIndex((a) => a.name === name);
      if (at >= 0) request.aspects[at] = { name, version };
      else request.aspects.push({ name, version });
    }
  });
  return [...byUrn.values()];
}

/** The version a batchGet aspect entry asks for: `{}` = latest, `{"headers": {"If-Version-Match": "n"}}` = version n. */
function requestedVersion(spec: unknown, where: string): number {
  if (!isJsonObject(spec))
    throw new BadRequestError(
      `${where}: expected an object ({} or {"headers": {"${VERSION_HEADER}": "<version>"}}), got ${describeJson(spec)}`,
    );
  const headers = spec['headers'];
  if (headers === undefined || headers === null) return 0;
  if (!isJsonObject(headers))
    throw new BadRequestError(
      `${where}.headers: expected an object of header names to strings, got ${describeJson(headers)}`,
    );
  const text = headers[VERSION_HEADER];
  if (text === undefined || text === null) return 0;
  const version = typeof text === 'string' && /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!Number.isSafeInteger(version)) {
    throw new BadRequestError(
      `${where}.headers.${VERSION_HEADER}: expected a non-negative integer version, got ${JSON.stringify(text)}`,
    );
  }
  return version;
}

/**
 * An entity on the wire. System metadata and the audit stamp are sent only when asked for; the
 * scroll sends the audit stamp as stored, the entity reads as `{time, actor}`.
 */
function entityV3(entity: EntityRecords, withSystemMetadata: boolean, stampAsStored = false): GenericEntityV3 {
  const out: GenericEntityV3 = { urn: entity.urn };
  for (const { name, record } of entity.aspects) out[name] = aspectV3(record, withSystemMetadata, stampAsStored);
  return out;
}

export function aspectV3(record: AspectRecord, withSystemMetadata: boolean, stampAsStored: boolean): GenericAspectV3 {
  if (!withSystemMetadata) return { value: record.value };
  return {
    value: record.value,
    ...(record.systemMetadata && { systemMetadata: record.systemMetadata }),
    auditStamp: stampAsStored ? { ...record.created } : { time: record.created.time, actor: record.created.actor },
  };
}

// ---- writes ---------------------------------------------------------------------------------------

/** POST upserts whole aspects; PATCH applies JSON Patches to the stored ones. */
export type WriteMode = 'UPSERT' | 'PATCH';

export interface EntityWrites {
  proposals: Proposal[];
  /** Where each proposal is in the body (`[i].<aspect>`), to name it when its write fails. */
  sources: string[];
}

/**
 * Checks a write body for entity type `entityType` (the path's) and turns it into proposals, in body
 * order. Throws the model's errors (BadRequestError, AspectValidationError, InvalidPatchError)
 * located at the item (`itemPath`: `[i].` by default) and field path.
 */
export function parseEntityWrites(
  body: unknown,
  entityType: string,
  mode: WriteMode,
  request?: Preconditions,
  itemPath: (i: number) => string = (i) => `[${i}].`,
): EntityWrites {
  if (!Array.isArray(body)) {
    throw new BadRequestError(
      `Request body must be a JSON array of {"urn": …, "<aspect name>": {"value": …}} objects, got ${describeJson(body)}`,
    );
  }
  const writes: EntityWrites = { proposals: [], sources: [] };
  body.forEach((item, i) => {
    if (!isJsonObject(item))
      throw new BadRequestError(
        `[${i}]: expected an object {"urn": …, "<aspect name>": {"value": …}}, got ${describeJson(item)}`,
      );
    const urn = itemUrn(item, itemPath(i), entityType);
    for (const [aspectName, entry] of Object.entries(item)) {
      if (aspectName === 'urn') continue;
      const where = `${itemPath(i)}${aspectName}`;
      writes.proposals.push(parseAspect(urn, aspectName, entry, where, mode, request));
      writes.sources.push(where);
    }
  });
  return writes;
}

function itemUrn(item: JsonObject, at: string, entityType: string): string {
  const urn = item['urn'];
  if (urn === undefined || urn === null) throw new BadRequestError(`${at}urn: required string is missing`);
  if (typeof urn !== 'string') throw new BadRequestError(`${at}urn: expected a string, got ${describeJson(urn)}`);
  checkUrnOfType(urn, entityType, `${at}urn`);
  return urn;
}

function parseAspect(
  urn: string,
  aspectName: string,
  entry: unknown,
  where: string,
  mode: WriteMode,
  request: Preconditions | undefined,
): Proposal {
  const entityType = keyAspectOf(urn).entityType;
  checkAspectName(entityType, aspectName, where);
  if (!isJsonObject(entry)) {
    throw new BadRequestError(
      `${where}: expected {"value": …, "systemMetadata"?: {…}, "headers"?: {…}}, got ${describeJson(entry)}`,
    );
  }
  const systemMetadata = parseSystemMetadata(entry['systemMetadata'], `${where}.systemMetadata`);
  checkHeaders(entry['headers'], `${where}.headers`);
  const own = preconditionsOf(entry['headers'], `${where}.headers`);
  const preconditions = request || own ? { ...request, ...own } : undefined;
  const value = entry['value'];
  if (value === undefined || value === null) throw new BadRequestError(`${where}.value: required object is missing`);
  const base = {
    entityType,
    entityUrn: urn,
    aspectName,
    ...(systemMetadata && { systemMetadata }),
    ...(preconditions && { preconditions }),
  };
  if (mode === 'PATCH')
    return { ...base, changeType: 'PATCH', patch: located(`${where}.value`, () => patchOf(aspectName, value)) };
  // validateAspect refuses a value that is not an object, so the cast below holds once it passed.
  const normalized = normalizeUnionKeys(value);
  located(`${where}.value`, () => validateAspect(entityType, aspectName, normalized));
  return { ...base, changeType: 'UPSERT', value: normalized as JsonObject };
}

/**
 * An aspect name must be a plain identifier, and a key aspect only its own entity's (its value follows
 * from the urn). Other names are stored as given, as DataHub's SDK writes aspects of every entity type.
 */
function checkAspectName(entityType: string, aspectName: string, where: string): void {
  if (!ASPECT_NAME.test(aspectName)) {
    throw new BadRequestError(
      `${where}: unknown aspect ${JSON.stringify(aspectName)} for entity type ${entityType}: an aspect name is a plain identifier`,
    );
  }
  if (/Key$/.test(aspectName) && isKnownAspect(aspectName) && !isKeyAspect(entityType, aspectName)) {
    throw new BadRequestError(
      `${where}: unknown aspect ${aspectName} for entity type ${entityType}: it is the key aspect of another entity type (${entityType}'s is ${keyAspectName(entityType)})`,
    );
  }
}

/** A PATCH value is `{"patch": [operations], "arrayPrimaryKeys"?: {…}}`, as DataHub's v3 controller requires. */
function patchOf(aspectName: string, value: unknown): AspectPatch {
  if (!isJsonObject(value) || !('patch' in value)) {
    throw new InvalidPatchError(
      aspectName,
      `Missing \`patch\` field: a PATCH value is {"patch": [operations], "arrayPrimaryKeys"?: {…}}, got ${describeJson(value)}`,
    );
  }
  return parsePatch(aspectName, normalizeUnionKeys(value));
}

function parseSystemMetadata(raw: unknown, where: string): JsonObject | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!isJsonObject(raw)) throw new BadRequestError(`${where}: expected an object, got ${describeJson(raw)}`);
  const properties = raw['properties'];
  if (properties !== undefined && properties !== null && !isJsonObject(properties)) {
    throw new BadRequestError(`${where}.properties: expected an object of strings, got ${describeJson(properties)}`);
  }
  return raw;
}

/**
 * Headers are strings. `X-DataHub-Sync-Index-Update` (SYNC_WAIT) needs nothing: our indexes are
 * written in the write's own transaction. The conditional ones are read by preconditionsOf.
 */
function checkHeaders(raw: unknown, where: string): void {
  if (raw === undefined || raw === null) return;
  if (!isJsonObject(raw))
    throw new BadRequestError(`${where}: expected an object of header names to strings, got ${describeJson(raw)}`);
  for (const [name, value] of Object.entries(raw)) {
    if (typeof value !== 'string')
      throw new BadRequestError(`${where}.${name}: expected a string, got ${describeJson(value)}`);
  }
}

/** The conditional-write HTTP headers of a request, for every aspect it writes. */
export function requestPreconditions(req: IncomingMessage): Preconditions | undefined {
  const sent: Record<string, string> = {};
  for (const name of CONDITIONAL_HEADERS) {
    const v = req.headers[name.toLowerCase()];
    if (typeof v === 'string') sent[name] = v;
  }
  return preconditionsOf(sent, 'headers');
}

/**
 * DataHub's OpenAPI answer to a refused write: 412 `{"error":"Precondition Error", …}` when a
 * precondition failed, else 400 `{"error":"Validation Error", …}`.
 */
export function refusedAnswer(e: WriteRefusedError) {
  return e.precondition
    ? { status: 412, body: { error: 'Precondition Error', message: e.message } }
    : { status: 400, body: { error: 'Validation Error', message: e.message } };
}

/**
 * DataHub's answer to a write: one entity per urn in request order, each aspect as written: an
 * upsert's value (a key aspect's as derived from the urn), a patch as sent (DataHub answers a PATCH
 * with the patch, not the result). `withSystemMetadata` adds each aspect's system metadata as the
 * store kept it and the write's audit stamp, as DataHub's `systemMetadata=true` does.
 */
export function writtenEntitiesV3(written: WrittenEntities, withSystemMetadata: boolean): GenericEntityV3[] {
  const byUrn = new Map<string, GenericEntityV3>();
  for (const { proposal: p, storedSystemMetadata } of written.aspects) {
    const entity = byUrn.get(p.entityUrn) ?? { urn: p.entityUrn };
    byUrn.set(p.entityUrn, entity);
    const value =
      p.changeType === 'PATCH'
        ? patchBodyOf(p.patch!)
        : isKeyAspect(p.entityType, p.aspectName)
          ? keyAspectOf(p.entityUrn).value
          : p.value;
    const aspect: GenericAspectV3 = { value };
    if (withSystemMetadata) {
      aspect.systemMetadata = storedSystemMetadata ?? { ...p.systemMetadata, lastObserved: written.stamp.time };
      aspect.auditStamp = written.stamp;
    }
    entity[p.aspectName] = aspect;
  }
  return [...byUrn.values()];
}

function patchBodyOf(patch: AspectPatch): JsonObject {
  return { patch: patch.ops, ...(patch.arrayPrimaryKeys && { arrayPrimaryKeys: patch.arrayPrimaryKeys }) };
}

// ---- routes ---------------------------------------------------------------------------------------

/** An optional list of names in a request body; absent = empty. */
function stringList(raw: unknown, where: string): string[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || !raw.every((x) => typeof x === 'string'))
    throw new BadRequestError(`${where}: expected an array of strings, got ${describeJson(raw)}`);
  return raw;
}

async function write({ req, query, params, deps }: RestCall, mode: WriteMode) {
  // Parameters first: a bad one costs no body read. `async` is checked, then needs nothing.
  boolParam(query, 'async', true);
  const withSystemMetadata = boolParam(query, 'systemMetadata');
  const entityType = urnFromPath(params['entityType']!);
  const body = await readJsonBody(req, deps.limits.maxBodyBytes);
  checkValueLimits(body, deps.limits, 'request body');
  const writes = parseEntityWrites(body, entityType, mode, requestPreconditions(req));
  const written = await writeEntities({ store: deps.store, actor: actorOf(req) }, writes.proposals).catch(
    (e: unknown) => {
      if (e instanceof WriteRefusedError) return e;
      // A patch that does not apply to the stored value: named by where it was in the body.
      const index = e instanceof InvalidPatchError ? e.location?.index : undefined;
      throw index !== undefined ? locatedError(e as InvalidPatchError, { path: `${writes.sources[index]}.value` }) : e;
    },
  );
  if (written instanceof WriteRefusedError) return refusedAnswer(written);
  return json(writtenEntitiesV3(written, withSystemMetadata), { traceparent: traceparentOf(written.traceId) });
}

export const openapiEntityRoutes: Route[] = [
  route({
    method: 'POST',
    path: '/openapi/v3/entity/{entityType}/batchGet',
    async handle({ req, query, params, deps }) {
      const withSystemMetadata = boolParam(query, 'systemMetadata');
      const input = await readJsonBody(req, deps.limits.maxBodyBytes);
      checkValueLimits(input, deps.limits, 'request body');
      const requests = parseBatchGetRequest(input, urnFromPath(params['entityType']!));
      return json(batchGetEntities(deps.store, requests).map((e) => entityV3(e, withSystemMetadata)));
    },
  }),
  route({
    // The scroll across types (the SDK's OpenApiAPI.scroll_entities); before the write route, whose
    // path would take `scroll` for an entity type.
    method: 'POST',
    path: '/openapi/v3/entity/scroll',
    async handle({ req, query, deps }) {
      const count = pageParam(query, 'count');
      const withSystemMetadata = boolParam(query, 'systemMetadata');
      const includeSoftDeleted = boolParam(query, 'includeSoftDelete');
      const body = await readJsonBody(req, deps.limits.maxBodyBytes);
      const input = body === undefined || body === null ? {} : body;
      if (!isJsonObject(input))
        throw new BadRequestError(
          `Request body must be a JSON object {"entities": [types], "aspects": [names]}, got ${describeJson(input)}`,
        );
      const types = stringList(input['entities'], 'entities');
      const aspects = stringList(input['aspects'], 'aspects');
      const page = scrollEntitiesV3(deps.store, {
        entityType: '',
        types,
        query: query.get('query'),
        count,
        scrollId: query.get('scrollId'),
        aspects,
        includeSoftDeleted,
      });
      return json({
        scrollId: page.scrollId,
        entities: page.entities.map((e) => entityV3(e, withSystemMetadata, true)),
      });
    },
  }),
  route({ method: 'POST', path: '/openapi/v3/entity/{entityType}/?', handle: (call) => write(call, 'UPSERT') }),
  route({ method: 'PATCH', path: '/openapi/v3/entity/{entityType}/?', handle: (call) => write(call, 'PATCH') }),
  route({
    // The v3 scroll (OpenAPIGraphClient.scroll_urns_by_filter, PlatformResource.search_by_key).
    method: 'GET',
    path: '/openapi/v3/entity/{entityType}/?',
    async handle({ query, params, deps }) {
      const entityType = urnFromPath(params['entityType']!);
      const count = pageParam(query, 'count');
      const aspects = listParam(query, 'aspects', 'aspectNames');
      const withSystemMetadata = boolParam(query, 'systemMetadata');
      const includeSoftDeleted = boolParam(query, 'includeSoftDelete');
      const page = scrollEntitiesV3(deps.store, {
        entityType,
        query: query.get('query'),
        count,
        scrollId: query.get('scrollId'),
        aspects,
        includeSoftDeleted,
      });
      return json({
        scrollId: page.scrollId,
        entities: page.entities.map((e) => entityV3(e, withSystemMetadata, true)),
      });
    },
  }),
  route({
    // DataHub's client puts the raw urn in the path here; an encoded one works too.
    method: 'DELETE',
    path: '/openapi/v3/entity/{entityType}/{urn:urn}',
    ignoreCase: true,
    async handle({ req, query, params, deps }) {
      const aspects = listParam(query, 'aspects');
      const clear = boolParam(query, 'clear');
      // DataHub's client sends an empty list as the body of a DELETE: read and ignore it.
      await readBody(req, deps.limits.maxBodyBytes);
      await deleteEntityV3(
        { store: deps.store, actor: actorOf(req) },
        urnFromPath(params['entityType']!),
        urnFromPath(params['urn']!),
        { aspects, clear },
      );
      return { empty: true };
    },
  }),
  route({
    // The urn may come encoded or raw (DataHub's route takes `urn:li:.+`, slashes included).
    method: 'GET',
    path: '/openapi/v3/entity/{entityType}/{urn:urn}',
    ignoreCase: true,
    async handle({ query, params, deps }) {
      const entityType = urnFromPath(params['entityType']!);
      const urn = urnFromPath(params['urn']!);
      const aspects = listParam(query, 'aspects', 'aspectNames');
      const withSystemMetadata = boolParam(query, 'systemMetadata');
      const entity = getEntityV3(deps.store, entityType, urn, aspects);
      return json(entityV3(entity, withSystemMetadata));
    },
  }),
];
