/**
 * OpenAPI v3 entity reads (docs/datahub/discovery.md §7.4): `GET /openapi/v3/entity/{type}/{urn}` and
 * `POST /openapi/v3/entity/{type}/batchGet`, as the 1.7 client's `DataHubGraph.get_entities` calls
 * them. Which entities and which aspect versions are answered is decided here; the REST adapter
 * parses the request and shapes the stored records into OpenAPI's entity objects.
 */
import { BadRequestError, CatalogError, locatedError, NotFoundError } from '../../errors.ts';
import { validateUrn } from '../../model/registry.ts';
import type { AspectRecord, StoreView } from '../../store/store.ts';

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

/** An entity and the stored records of the aspects read, in the order they were asked for. */
export interface EntityRecords {
  urn: string;
  aspects: Array<{ name: string; record: AspectRecord }>;
}

/**
 * The entities asked for, in request order; an entity none of whose requested aspects is stored
 * (or that does not exist) is left out, as DataHub leaves it out.
 */
export function batchGetEntities(view: StoreView, requests: readonly EntityRequest[]): EntityRecords[] {
  const out: EntityRecords[] = [];
  for (const request of requests) {
    const entity = readEntity(view, request);
    if (entity) out.push(entity);
  }
  return out;
}

/**
 * One entity with its latest aspects (only `aspectNames` when given). Throws a BadRequestError when
 * the URN is invalid or not of `entityType`, and a NotFoundError when none of its aspects is stored.
 */
export function getEntityV3(
  view: StoreView,
  entityType: string,
  urn: string,
  aspectNames: readonly string[],
): EntityRecords {
  checkUrnOfType(urn, entityType, 'urn');
  const entity = readEntity(view, { urn, aspects: aspectNames.map((name) => ({ name, version: 0 })) });
  if (!entity) {
    throw new NotFoundError(
      view.entityExists(urn)
        ? `Entity ${urn} has none of the aspects ${aspectNames.join(', ')}`
        : `Entity ${urn} not found`,
    );
  }
  return entity;
}

function readEntity(view: StoreView, request: EntityRequest): EntityRecords | undefined {
  const stored = view.getEntity(request.urn)?.aspects ?? [];
  const wanted = request.aspects.length > 0 ? request.aspects : stored.map((name) => ({ name, version: 0 }));
  const aspects: EntityRecords['aspects'] = [];
  for (const { name, version } of wanted) {
    if (name === 'urn' || !stored.includes(name)) continue;
    const record = view.getAspect(request.urn, name, version);
    if (record) aspects.push({ name, record });
  }
  return aspects.length > 0 ? { urn: request.urn, aspects } : undefined;
}

/** Validates `urn` and checks that its entity type is the one the path names; errors are located at `where`. */
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

/**
 * The stored name of an entity's aspect asked for as `aspectName`: the same name, else one that
 * differs only in case (DataHub looks aspect names up both ways); undefined when none is stored.
 */
function storedAspectName(view: StoreView, urn: string, aspectName: string): string | undefined {
  const stored = view.getEntity(urn)?.aspects ?? [];
  if (stored.includes(aspectName)) return aspectName;
  const lower = aspectName.toLowerCase();
  return stored.find((name) => name.toLowerCase() === lower);
}

/**
 * One aspect of one entity, as `GET /openapi/v3/entity/{type}/{urn}/{aspect}?version=` reads it:
 * version 0 is the latest, n the n-th stored one (1 the oldest). Throws a BadRequestError when the urn
 * is invalid or not of `entityType`, and a NotFoundError saying whether the entity, the aspect or the
 * version is missing.
 */
export function getAspectV3(
  view: StoreView,
  entityType: string,
  urn: string,
  aspectName: string,
  version: number,
): { name: string; record: AspectRecord } {
  checkUrnOfType(urn, entityType, 'urn');
  if (!view.entityExists(urn)) throw new NotFoundError(`Entity ${urn} not found`);
  const name = storedAspectName(view, urn, aspectName);
  if (name === undefined) throw new NotFoundError(`Entity ${urn} has no aspect ${aspectName}`);
  const record = view.getAspect(urn, name, version);
  if (!record) throw new NotFoundError(`Aspect ${name} of ${urn} has no version ${version}`);
  return { name, record };
}

/** Whether the entity exists (`aspectName` undefined) or holds that aspect, as DataHub's HEAD routes answer. */
export function existsV3(view: StoreView, entityType: string, urn: string, aspectName?: string): boolean {
  checkUrnOfType(urn, entityType, 'urn');
  if (!view.entityExists(urn)) return false;
  return aspectName === undefined || storedAspectName(view, urn, aspectName) !== undefined;
}
