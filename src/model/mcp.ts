/**
 * DataHub's metadata change proposals (MCPs) and events (MCEs) as they arrive on the wire or in a
 * file, normalised into one `Proposal` shape. MCE snapshots are split into one proposal per aspect,
 * as DataHub's ingestion does.
 */
import { BadRequestError } from '../errors.ts';
import { aspectNameOfFqn, entityTypeOfSnapshot, validateUrn } from './registry.ts';
import { validateAspect } from './aspects.ts';
import { isJsonObject, type JsonObject } from './json.ts';
import { parsePatch, type AspectPatch } from './patch.ts';

export const CHANGE_TYPES = ['UPSERT', 'CREATE', 'CREATE_ENTITY', 'UPDATE', 'DELETE', 'PATCH', 'RESTATE'] as const;

export interface Proposal {
  entityType: string;
  entityUrn: string;
  changeType: 'UPSERT' | 'DELETE' | 'PATCH';
  aspectName: string;
  /** The aspect value; only for UPSERT. */
  value?: Record<string, unknown>;
  /** The JSON Patch; only for PATCH (applied to the stored value when the proposal is written). */
  patch?: AspectPatch;
  systemMetadata?: Record<string, unknown>;
  /**
   * The change type as sent when it is not plain UPSERT/DELETE/PATCH: CREATE and CREATE_ENTITY write
   * only what does not exist yet, RESTATE skips the preconditions (UPDATE writes as UPSERT does).
   */
  requested?: 'CREATE' | 'CREATE_ENTITY' | 'RESTATE';
  /** DataHub's preconditions, from the MCP's `headers` (or an OpenAPI request's), as plain data. */
  preconditions?: Preconditions;
}

/** The conditional-write headers of one proposal. Times are epoch milliseconds. */
export interface Preconditions {
  /** `If-Version-Match`: the version the aspect must have now (`-1`: absent). */
  ifVersionMatch?: string;
  /** `If-None-Match: *`: a CREATE / CREATE_ENTITY of what exists is dropped instead of refused. */
  ifNoneMatch?: boolean;
  /** `If-Modified-Since` (ISO-8601 on the wire). */
  ifModifiedSince?: number;
  /** `If-Unmodified-Since` (ISO-8601 on the wire). */
  ifUnmodifiedSince?: number;
}

/**
 * Reads DataHub's conditional-write headers (case-insensitive names) into plain data; undefined
 * when none is there. A time that is not ISO-8601 is a BadRequestError naming the header.
 */
export function preconditionsOf(headers: unknown, where = 'headers'): Preconditions | undefined {
  if (headers === undefined || headers === null) return undefined;
  if (!isJsonObject(headers)) throw new BadRequestError(`${where}: expected an object of header names to strings`);
  const out: Preconditions = {};
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value !== 'string') throw new BadRequestError(`${where}.${name}: expected a string`);
    switch (name.toLowerCase()) {
      case 'if-version-match':
        out.ifVersionMatch = value;
        break;
      case 'if-none-match':
        out.ifNoneMatch = value === '*';
        break;
      case 'if-modified-since':
        out.ifModifiedSince = isoMillis(value, `${where}.${name}`);
        break;
      case 'if-unmodified-since':
        out.ifUnmodifiedSince = isoMillis(value, `${where}.${name}`);
        break;
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function isoMillis(value: string, where: string): number {
  // DataHub parses these with Instant.parse: an ISO-8601 instant such as 2026-01-31T12:00:00Z.
  const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)
    ? Date.parse(value)
    : NaN;
  if (Number.isNaN(ms))
    throw new BadRequestError(
      `${where}: expected an ISO-8601 instant such as 2026-01-31T12:00:00Z, got ${JSON.stringify(value)}`,
    );
  return ms;
}

type Json = JsonObject;

/**
 * Turns one raw record (an MCP, or an MCE with `proposedSnapshot`) into validated proposals.
 * Throws `BadRequestError` whose message names the field at fault.
 */
export function proposalsFromRecord(raw: unknown): Proposal[] {
  if (!isJsonObject(raw))
    throw new BadRequestError(`expected a JSON object, got ${Array.isArray(raw) ? 'an array' : JSON.stringify(raw)}`);
  if ('proposedSnapshot' in raw) return proposalsFromMce(raw);
  return [proposalFromMcp(raw)];
}

/** Normalises and validates one MCP (`{entityType, entityUrn, changeType, aspectName, aspect}`). */
export function proposalFromMcp(raw: unknown): Proposal {
  if (!isJsonObject(raw)) throw new BadRequestError('proposal: expected a JSON object');
  const entityUrn = raw['entityUrn'];
  if (typeof entityUrn !== 'string') throw new BadRequestError('entityUrn: required string is missing');
  const urn = validateUrn(entityUrn);
  const entityType = raw['entityType'] ?? urn.entityType;
  if (typeof entityType !== 'string') throw new BadRequestError('entityType: expected a string');
  if (entityType.toLowerCase() !== urn.entityType.toLowerCase()) {
    throw new BadRequestError(
      `entityType: "${entityType}" does not match the entity type "${urn.entityType}" of urn ${entityUrn}`,
    );
  }
  const changeType = raw['changeType'] ?? 'UPSERT';
  if (typeof changeType !== 'string' || !(CHANGE_TYPES as readonly string[]).includes(changeType)) {
    throw new BadRequestError(
      `changeType: expected one of ${CHANGE_TYPES.join(', ')}, got ${JSON.stringify(changeType)}`,
    );
  }
  const aspectName = raw['aspectName'];
  if (typeof aspectName !== 'string' || aspectName === '')
    throw new BadRequestError('aspectName: required string is missing');
  const systemMetadata = parseSystemMetadata(raw['systemMetadata']);
  const preconditions = preconditionsOf(raw['headers']);
  const extra = { ...(systemMetadata && { systemMetadata }), ...(preconditions && { preconditions }) };
  if (changeType === 'DELETE') {
    return { entityType: urn.entityType, entityUrn, changeType: 'DELETE', aspectName, ...extra };
  }
  if (changeType === 'PATCH') {
    const patch = parsePatch(aspectName, normalizeUnionKeys(patchBody(raw['aspect'], aspectName)));
    return { entityType: urn.entityType, entityUrn, changeType: 'PATCH', aspectName, patch, ...extra };
  }
  const value = normalizeUnionKeys(aspectValue(raw['aspect'], aspectName));
  validateAspect(urn.entityType, aspectName, value);
  const requested =
    changeType === 'CREATE' || changeType === 'CREATE_ENTITY' || changeType === 'RESTATE' ? changeType : undefined;
  return {
    entityType: urn.entityType,
    entityUrn,
    changeType: 'UPSERT',
    aspectName,
    value,
    ...(requested && { requested }),
    ...extra,
  };
}

/** `aspect` is `{json: {...}}` (file format), `{value: "<json>", contentType}` (REST), or the bare value. */
function aspectValue(aspect: unknown, aspectName: string): Json {
  if (!isJsonObject(aspect)) throw new BadRequestError(`aspect: required object is missing for aspect ${aspectName}`);
  if ('json' in aspect) {
    if (!isJsonObject(aspect['json'])) throw new BadRequestError('aspect.json: expected a JSON object');
    return aspect['json'];
  }
  if ('value' in aspect) {
    const ct = aspect['contentType'] ?? 'application/json';
    if (typeof ct !== 'string' || !ct.startsWith('application/json')) {
      throw new BadRequestError(`aspect.contentType: only application/json is supported, got ${JSON.stringify(ct)}`);
    }
    const v = aspect['value'];
    if (typeof v === 'string') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(v);
      } catch (e) {
        throw new BadRequestError(`aspect.value: not valid JSON (${(e as Error).message})`);
      }
      if (!isJsonObject(parsed)) throw new BadRequestError('aspect.value: expected a JSON object');
      return parsed;
    }
    if (isJsonObject(v)) return v;
    throw new BadRequestError('aspect.value: expected a JSON string');
  }
  return aspect;
}

/**
 * The body of a PATCH: `{value: "<json>", contentType: "application/json-patch+json"}` on the wire,
 * `{json: …}` in a file; either holds an operation list or `{arrayPrimaryKeys?, patch}`.
 */
function patchBody(aspect: unknown, aspectName: string): unknown {
  if (!isJsonObject(aspect))
    throw new BadRequestError(`aspect: required object is missing for the patch of ${aspectName}`);
  if ('json' in aspect) return aspect['json'];
  if (!('value' in aspect)) throw new BadRequestError('aspect: a patch needs "value" (a JSON string) or "json"');
  const ct = aspect['contentType'] ?? 'application/json-patch+json';
  if (typeof ct !== 'string' || !/^application\/json(-patch\+json)?\b/.test(ct)) {
    throw new BadRequestError(`aspect.contentType: a patch is application/json-patch+json, got ${JSON.stringify(ct)}`);
  }
  const v = aspect['value'];
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch (e) {
    throw new BadRequestError(`aspect.value: Invalid JSON Patch: not valid JSON (${(e as Error).message})`);
  }
}

function parseSystemMetadata(sm: unknown): Json | undefined {
  if (sm === undefined || sm === null) return undefined;
  if (typeof sm === 'string') {
    try {
      const parsed: unknown = JSON.parse(sm);
      if (isJsonObject(parsed)) return parsed;
    } catch {
      // fall through to the error below
    }
    throw new BadRequestError('systemMetadata: expected a JSON object');
  }
  if (!isJsonObject(sm)) throw new BadRequestError('systemMetadata: expected a JSON object');
  return sm;
}

/** Splits an MCE (`{proposedSnapshot: {"<…Snapshot FQN>": {urn, aspects: [{"<FQN>": value}]}}}`). */
function proposalsFromMce(raw: Json): Proposal[] {
  const snapshot = raw['proposedSnapshot'];
  if (!isJsonObject(snapshot) || Object.keys(snapshot).length !== 1) {
    throw new BadRequestError('proposedSnapshot: expected an object with exactly one snapshot type key');
  }
  const [fqn, body] = Object.entries(snapshot)[0]!;
  const snapshotType = entityTypeOfSnapshot(fqn);
  if (!snapshotType) throw new BadRequestError(`proposedSnapshot: "${fqn}" is not a snapshot type`);
  if (!isJsonObject(body)) throw new BadRequestError(`proposedSnapshot.${fqn}: expected an object`);
  const urnStr = body['urn'];
  if (typeof urnStr !== 'string') throw new BadRequestError(`proposedSnapshot.${fqn}.urn: required string is missing`);
  const urn = validateUrn(urnStr);
  if (urn.entityType.toLowerCase() !== snapshotType.toLowerCase()) {
    throw new BadRequestError(`proposedSnapshot.${fqn}.urn: ${urnStr} is not a ${snapshotType} urn`);
  }
  const aspects = body['aspects'];
  if (!Array.isArray(aspects)) throw new BadRequestError(`proposedSnapshot.${fqn}.aspects: expected an array`);
  const systemMetadata = parseSystemMetadata(raw['systemMetadata']);
  return aspects.map((a, i): Proposal => {
    const at = `proposedSnapshot.${fqn}.aspects[${i}]`;
    if (!isJsonObject(a) || Object.keys(a).length !== 1)
      throw new BadRequestError(`${at}: expected an object with exactly one aspect type key`);
    const [aspectFqn, value] = Object.entries(a)[0]!;
    const aspectName = aspectNameOfFqn(aspectFqn);
    if (!isJsonObject(value)) throw new BadRequestError(`${at}.${aspectFqn}: expected an object`);
    const normalized = normalizeUnionKeys(value);
    try {
      validateAspect(urn.entityType, aspectName, normalized);
    } catch (e) {
      throw new BadRequestError(`${at}: ${(e as Error).message}`);
    }
    return {
      entityType: urn.entityType,
      entityUrn: urnStr,
      changeType: 'UPSERT',
      aspectName,
      value: normalized,
      ...(systemMetadata && { systemMetadata }),
    };
  });
}

const AVRO_PREFIX = 'com.linkedin.pegasus2avro.';

/**
 * Rewrites union member keys written by DataHub's Avro classes (`com.linkedin.pegasus2avro.X`) to the
 * Pegasus names GMS stores (`com.linkedin.X`), as the Python client does before sending.
 */
export function normalizeUnionKeys<T>(value: T): T {
  // Copies only the objects and arrays on the way to a renamed key; everything else is returned as is.
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const nv = normalizeUnionKeys(value[i] as unknown);
      if (nv !== value[i]) (out ??= value.slice())[i] = nv;
    }
    return (out ?? value) as T;
  }
  if (!isJsonObject(value)) return value;
  let out: Json | undefined;
  for (const k in value) {
    if (!Object.hasOwn(value, k)) continue;
    const v = value[k];
    const nk = k.startsWith(AVRO_PREFIX) ? `com.linkedin.${k.slice(AVRO_PREFIX.length)}` : k;
    const nv = normalizeUnionKeys(v);
    if (nk !== k || nv !== v) out ??= { ...value };
    if (out) {
      if (nk !== k) delete out[k];
      out[nk] = nv;
    }
  }
  return (out ?? value) as T;
}
