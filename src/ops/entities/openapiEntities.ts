/**
 * OpenAPI v3 entity reads (datahub-discovery.md §7.4): `GET /openapi/v3/entity/{type}/{urn}` and
 * `POST /openapi/v3/entity/{type}/batchGet`, as the 1.7 client's `DataHubGraph.get_entities` calls
 * them. An entity is `{"urn", "<aspect>": {"value", "systemMetadata"?, "auditStamp"?}}`; system
 * metadata and the aspect's audit stamp are sent only when asked for. A batchGet item may ask for an
 * older version of an aspect with `{"headers": {"If-Version-Match": "<version>"}}`, as DataHub's
 * EntityController reads it; DataHub's v3 aspects carry no `version` field, so neither do ours.
 */
import { BadRequestError, CatalogError, locatedError, NotFoundError } from '../../errors.ts';
import { describeJson, isJsonObject } from '../../model/json.ts';
import { validateUrn } from '../../model/registry.ts';
import type { AspectRecord, AuditStamp, StoreView } from '../../store/store.ts';

/** The batchGet header naming the aspect version to read (0 = latest). */
export const VERSION_HEADER = 'If-Version-Match';

export interface AspectRequest {
  name: string;
  /** 0 = latest; n = the n-th stored version, 1 being the oldest. */
  version: number;
}

export interface EntityRequest {
  urn: string;
  /** Empty: every aspect the entity has, latest versions. */
  aspects: AspectRequest[];
}

export interface GenericAspectV3 {
  value: unknown;
  systemMetadata?: Record<string, unknown>;
  auditStamp?: AuditStamp;
}

/** `{"urn": …}` plus one key per aspect. */
export type GenericEntityV3 = { urn: string } & { [aspectName: string]: GenericAspectV3 | string };

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
    if (!isJsonObject(item)) throw new BadRequestError(`[${i}]: expected an object with a urn, got ${describeJson(item)}`);
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

/**
 * The entities asked for, in request order; an entity none of whose requested aspects is stored
 * (or that does not exist) is left out, as DataHub leaves it out.
 */
export function batchGetEntities(view: StoreView, requests: readonly EntityRequest[], withSystemMetadata: boolean): GenericEntityV3[] {
  const out: GenericEntityV3[] = [];
  for (const request of requests) {
    const entity = readEntity(view, request, withSystemMetadata);
    if (entity) out.push(entity);
  }
  return out;
}

/**
 * One entity with its latest aspects (only `aspectNames` when given). Throws a BadRequestError when
 * the URN is invalid or not of `entityType`, and a NotFoundError when none of its aspects is stored.
 */
export function getEntityV3(view: StoreView, entityType: string, urn: string, aspectNames: readonly string[], withSystemMetadata: boolean): GenericEntityV3 {
  checkUrnOfType(urn, entityType, 'urn');
  const entity = readEntity(view, { urn, aspects: aspectNames.map((name) => ({ name, version: 0 })) }, withSystemMetadata);
  if (!entity) {
    throw new NotFoundError(
      view.entityExists(urn)
        ? `Entity ${urn} has none of the aspects ${aspectNames.join(', ')}`
        : `Entity ${urn} not found`,
    );
  }
  return entity;
}

function readEntity(view: StoreView, request: EntityRequest, withSystemMetadata: boolean): GenericEntityV3 | undefined {
  const stored = view.getEntity(request.urn)?.aspects ?? [];
  const wanted = request.aspects.length > 0 ? request.aspects : stored.map((name) => ({ name, version: 0 }));
  const entity: GenericEntityV3 = { urn: request.urn };
  let found = 0;
  for (const { name, version } of wanted) {
    if (name === 'urn' || !stored.includes(name)) continue;
    const record = view.getAspect(request.urn, name, version);
    if (!record) continue;
    entity[name] = toAspect(record, withSystemMetadata);
    found++;
  }
  return found > 0 ? entity : undefined;
}

function toAspect(record: AspectRecord, withSystemMetadata: boolean): GenericAspectV3 {
  if (!withSystemMetadata) return { value: record.value };
  return {
    value: record.value,
    ...(record.systemMetadata && { systemMetadata: record.systemMetadata }),
    auditStamp: { time: record.created.time, actor: record.created.actor },
  };
}

/** Validates `urn` and checks that its entity type is the one the path names. */
export function checkUrnOfType(urn: string, entityType: string, where: string): void {
  let type: string;
  try {
    type = validateUrn(urn).entityType;
  } catch (e) {
    throw locatedError(e instanceof CatalogError ? e : new BadRequestError((e as Error).message), { path: where });
  }
  if (type !== entityType) {
    throw new BadRequestError(`${where}: ${urn} is a ${type} urn, but the path names entity type ${entityType}`);
  }
}

/** The version a batchGet aspect entry asks for: `{}` = latest, `{"headers": {"If-Version-Match": "n"}}` = version n. */
function requestedVersion(spec: unknown, where: string): number {
  if (!isJsonObject(spec)) throw new BadRequestError(`${where}: expected an object ({} or {"headers": {"${VERSION_HEADER}": "<version>"}}), got ${describeJson(spec)}`);
  const headers = spec['headers'];
  if (headers === undefined || headers === null) return 0;
  if (!isJsonObject(headers)) throw new BadRequestError(`${where}.headers: expected an object of header names to strings, got ${describeJson(headers)}`);
  const text = headers[VERSION_HEADER];
  if (text === undefined || text === null) return 0;
  const version = typeof text === 'string' && /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!Number.isSafeInteger(version)) {
    throw new BadRequestError(`${where}.headers.${VERSION_HEADER}: expected a non-negative integer version, got ${JSON.stringify(text)}`);
  }
  return version;
}
