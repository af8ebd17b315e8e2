/**
 * OpenAPI v3 entity writes as DataHub's Python SDK sends them (datahub-rest-cli.md §5.3; SDK mode
 * against a server advertising ≥ 1.0.1): `POST /openapi/v3/entity/{type}` upserts and `PATCH` the same
 * path applies JSON Patches, both with a list body `[{"urn", "<aspect>": {"value", "systemMetadata"?,
 * "headers"?}}]`; `DELETE /openapi/v3/entity/{type}/{urn}` removes an entity or some of its aspects.
 *
 * A request is validated whole before anything is written, then written in one store transaction
 * (DESIGN.md §2.4): a bad item writes nothing. Errors name the item and field, e.g.
 * `[2].globalTags.value: Invalid globalTags at tags[0].tag: …`. Every write gets a trace id, stamped on
 * the aspects it stores, which the trace API (ops/traceWrites.ts) answers for.
 */
import { BadRequestError, CatalogError, InvalidPatchError, locatedError } from '../../errors.ts';
import { validateAspect } from '../../model/aspects.ts';
import { describeJson, isJsonObject, type JsonObject } from '../../model/json.ts';
import { normalizeUnionKeys, type Proposal } from '../../model/mcp.ts';
import { parsePatch, type AspectPatch } from '../../model/patch.ts';
import { isKeyAspect, isKnownAspect, keyAspectName, keyAspectOf } from '../../model/registry.ts';
import { nowOf, type OpContext } from '../core/context.ts';
import { ingestProposals } from './ingestProposals.ts';
import { checkUrnOfType, type GenericAspectV3, type GenericEntityV3 } from '../entities/openapiEntities.ts';
import { newTraceId, TRACE_PROPERTY } from '../admin/traceWrites.ts';

/** POST upserts whole aspects; PATCH applies JSON Patches to the stored ones. */
export type WriteMode = 'UPSERT' | 'PATCH';

export interface EntityWrites {
  proposals: Proposal[];
  /** Where each proposal is in the body (`[i].<aspect>`), to name it when its write fails. */
  sources: string[];
}

export interface WrittenEntities {
  /** The trace id of this write (DataHub's `traceparent`), stamped on every aspect it stored. */
  traceId: string;
  /** DataHub's answer: one entry per urn, in request order, with the aspects written. */
  entities: GenericEntityV3[];
}

/** Per-aspect headers that ask for a conditional write, which we do not implement: refused, not ignored. */
const CONDITIONAL_HEADERS = ['If-Version-Match', 'If-Modified-Since', 'If-Unmodified-Since'];
const ASPECT_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/**
 * Checks a write body for entity type `entityType` (the path's) and turns it into proposals, in body
 * order. Throws the model's errors (BadRequestError, AspectValidationError, InvalidPatchError) with
 * the item index and field path in front of the message.
 */
export function parseEntityWrites(body: unknown, entityType: string, mode: WriteMode): EntityWrites {
  if (!Array.isArray(body)) {
    throw new BadRequestError(`Request body must be a JSON array of {"urn": …, "<aspect name>": {"value": …}} objects, got ${describeJson(body)}`);
  }
  const writes: EntityWrites = { proposals: [], sources: [] };
  body.forEach((item, i) => {
    if (!isJsonObject(item)) throw new BadRequestError(`[${i}]: expected an object {"urn": …, "<aspect name>": {"value": …}}, got ${describeJson(item)}`);
    const urn = itemUrn(item, i, entityType);
    for (const [aspectName, entry] of Object.entries(item)) {
      if (aspectName === 'urn') continue;
      const where = `[${i}].${aspectName}`;
      writes.proposals.push(parseAspect(urn, aspectName, entry, where, mode));
      writes.sources.push(where);
    }
  });
  return writes;
}

function itemUrn(item: JsonObject, i: number, entityType: string): string {
  const urn = item['urn'];
  if (urn === undefined || urn === null) throw new BadRequestError(`[${i}].urn: required string is missing`);
  if (typeof urn !== 'string') throw new BadRequestError(`[${i}].urn: expected a string, got ${describeJson(urn)}`);
  checkUrnOfType(urn, entityType, `[${i}].urn`);
  return urn;
}

function parseAspect(urn: string, aspectName: string, entry: unknown, where: string, mode: WriteMode): Proposal {
  const entityType = keyAspectOf(urn).entityType;
  checkAspectName(entityType, aspectName, where);
  if (!isJsonObject(entry)) {
    throw new BadRequestError(`${where}: expected {"value": …, "systemMetadata"?: {…}, "headers"?: {…}}, got ${describeJson(entry)}`);
  }
  const systemMetadata = parseSystemMetadata(entry['systemMetadata'], `${where}.systemMetadata`);
  checkHeaders(entry['headers'], `${where}.headers`);
  const value = entry['value'];
  if (value === undefined || value === null) throw new BadRequestError(`${where}.value: required object is missing`);
  const base = { entityType, entityUrn: urn, aspectName, ...(systemMetadata && { systemMetadata }) };
  if (mode === 'PATCH') return { ...base, changeType: 'PATCH', patch: located(`${where}.value`, () => patchOf(aspectName, value)) };
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
    throw new BadRequestError(`${where}: unknown aspect ${JSON.stringify(aspectName)} for entity type ${entityType}: an aspect name is a plain identifier`);
  }
  if (/Key$/.test(aspectName) && isKnownAspect(aspectName) && !isKeyAspect(entityType, aspectName)) {
    throw new BadRequestError(`${where}: unknown aspect ${aspectName} for entity type ${entityType}: it is the key aspect of another entity type (${entityType}'s is ${keyAspectName(entityType)})`);
  }
}

/** A PATCH value is `{"patch": [operations], "arrayPrimaryKeys"?: {…}}`, as DataHub's v3 controller requires. */
function patchOf(aspectName: string, value: unknown): AspectPatch {
  if (!isJsonObject(value) || !('patch' in value)) {
    throw new InvalidPatchError(aspectName, `Missing \`patch\` field: a PATCH value is {"patch": [operations], "arrayPrimaryKeys"?: {…}}, got ${describeJson(value)}`);
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
 * written in the write's own transaction. Conditional writes are refused rather than done unchecked.
 */
function checkHeaders(raw: unknown, where: string): void {
  if (raw === undefined || raw === null) return;
  if (!isJsonObject(raw)) throw new BadRequestError(`${where}: expected an object of header names to strings, got ${describeJson(raw)}`);
  for (const [name, value] of Object.entries(raw)) {
    if (typeof value !== 'string') throw new BadRequestError(`${where}.${name}: expected a string, got ${describeJson(value)}`);
    const conditional = CONDITIONAL_HEADERS.find((h) => h.toLowerCase() === name.toLowerCase());
    if (conditional) throw new BadRequestError(`${where}.${name}: conditional writes (${CONDITIONAL_HEADERS.join(', ')}) are not supported`);
  }
}

/** Runs `check`; a model error it throws is located at `where` (class kept for the adapters). */
function located<T>(where: string, check: () => T): T {
  try {
    return check();
  } catch (e) {
    throw e instanceof CatalogError ? locatedError(e, { path: where }) : e;
  }
}

/**
 * Writes every proposal in one transaction under a new trace id, and returns DataHub's answer.
 * `withSystemMetadata` adds each aspect's system metadata and audit stamp, as DataHub's
 * `systemMetadata=true` does. A patch that cannot apply to the stored value writes nothing either.
 */
export async function writeEntities(ctx: OpContext, writes: EntityWrites, withSystemMetadata: boolean): Promise<WrittenEntities> {
  const now = nowOf(ctx);
  const traceId = newTraceId(now);
  const proposals = writes.proposals.map((p) => ({ ...p, systemMetadata: withTrace(p.systemMetadata, traceId) }));
  try {
    await ingestProposals({ ...ctx, now: () => now }, proposals);
  } catch (e) {
    const index = e instanceof InvalidPatchError ? e.location?.index : undefined;
    throw index !== undefined ? locatedError(e as InvalidPatchError, { path: `${writes.sources[index]}.value` }) : e;
  }
  const stamp = { time: now, actor: ctx.actor };
  return { traceId, entities: answerOf(proposals, stamp, withSystemMetadata, (urn, aspect) => ctx.store.getAspect(urn, aspect)?.systemMetadata ?? undefined) };
}

function withTrace(systemMetadata: JsonObject | undefined, traceId: string): JsonObject {
  const properties = isJsonObject(systemMetadata?.['properties']) ? systemMetadata['properties'] : {};
  return { ...systemMetadata, properties: { ...properties, [TRACE_PROPERTY]: traceId } };
}

/**
 * One entity per urn in request order, each aspect as written: an upsert's value (a key aspect's as
 * derived from the urn), a patch as sent (DataHub answers a PATCH with the patch, not the result).
 */
function answerOf(
  proposals: readonly Proposal[],
  stamp: { time: number; actor: string },
  withSystemMetadata: boolean,
  stored: (urn: string, aspect: string) => Record<string, unknown> | undefined,
): GenericEntityV3[] {
  const byUrn = new Map<string, GenericEntityV3>();
  for (const p of proposals) {
    const entity = byUrn.get(p.entityUrn) ?? { urn: p.entityUrn };
    byUrn.set(p.entityUrn, entity);
    const value = p.changeType === 'PATCH' ? patchBodyOf(p.patch!) : isKeyAspect(p.entityType, p.aspectName) ? keyAspectOf(p.entityUrn).value : p.value;
    const aspect: GenericAspectV3 = { value };
    if (withSystemMetadata) {
      // What the store kept: the client's, the trace id, lastObserved and the version it assigned.
      aspect.systemMetadata = (stored(p.entityUrn, p.aspectName) as JsonObject | undefined) ?? { ...p.systemMetadata, lastObserved: stamp.time };
      aspect.auditStamp = stamp;
    }
    entity[p.aspectName] = aspect;
  }
  return [...byUrn.values()];
}

function patchBodyOf(patch: AspectPatch): JsonObject {
  return { patch: patch.ops, ...(patch.arrayPrimaryKeys && { arrayPrimaryKeys: patch.arrayPrimaryKeys }) };
}

export interface DeleteRequest {
  /** Aspects to delete; empty (or naming the key aspect) deletes the whole entity. */
  aspects: readonly string[];
  /** Delete every aspect but the key aspect: the entity stays, empty. */
  clear: boolean;
}

/**
 * `DELETE /openapi/v3/entity/{type}/{urn}` with DataHub's `aspects` and `clear` parameters, in one
 * transaction. Deleting what is not there is not an error (DataHub answers it the same way); an
 * aspect name neither known nor stored on the entity is, so a typo does not pass for a delete.
 * Returns the number of rows removed.
 */
export async function deleteEntityV3(ctx: OpContext, entityType: string, urn: string, request: DeleteRequest): Promise<number> {
  checkUrnOfType(urn, entityType, 'urn');
  const key = keyAspectOf(urn).aspectName;
  return ctx.store.write((txn) => {
    const stored = txn.getEntity(urn)?.aspects ?? [];
    if (request.clear) return stored.filter((a) => a !== key).reduce((rows, a) => rows + txn.deleteAspect(urn, a), 0);
    if (request.aspects.length === 0 || request.aspects.includes(key)) return txn.deleteEntity(urn);
    for (const aspect of request.aspects) {
      if (!isKnownAspect(aspect) && !stored.includes(aspect)) {
        throw new BadRequestError(`aspects: unknown aspect ${JSON.stringify(aspect)}: ${urn} has no such aspect (it has ${stored.join(', ') || 'none'})`);
      }
    }
    return request.aspects.reduce((rows, a) => rows + txn.deleteAspect(urn, a), 0);
  });
}
