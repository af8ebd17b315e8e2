/**
 * `entityExists`: whether anything is stored for a urn (soft-deleted entities exist); `checkStoredEntity`:
 * the check of a read of one entity type; `listUrns`: the urns of one type.
 */
import { BadRequestError, NotFoundError } from '../../errors.ts';
import { keyAspectOf } from '../../model/registry.ts';
import { parseUrn } from '../../model/urn.ts';
import type { StoreView } from '../../store/store.ts';

export function entityExists(view: StoreView, urn: string): boolean {
  parseUrn(urn);
  return view.entityExists(urn);
}

/**
 * How a read of one entity type names it in its errors: `label` in "… is not a corp user urn", `name` in
 * "CorpUser … does not exist.".
 */
export interface EntityNaming {
  label: string;
  name: string;
}

/**
 * The check before a read of one entity of `entityType` (a typed root query: `dataset(urn)`, `chart(urn)`, …):
 * the urn names that type (else BadRequestError), is a valid urn of it (else InvalidUrnError), and
 * something is stored for it (else NotFoundError: GraphQL answers null and a NOT_FOUND error).
 */
export function checkStoredEntity(view: StoreView, urn: string, entityType: string, naming: EntityNaming): void {
  if (parseUrn(urn).entityType !== entityType) {
    throw new BadRequestError(`${urn} is not a ${naming.label} urn (expected urn:li:${entityType}:…)`);
  }
  keyAspectOf(urn);
  if (!view.entityExists(urn)) throw new NotFoundError(`${naming.name} ${urn} does not exist.`);
}

/**
 * A read of one entity of `entityType` (a typed root query): checkStoredEntity's checks, then the
 * entity's read model, `read(view, urn)` — one call for the adapter, which shapes what it returns.
 */
export function readStoredEntity<T>(
  view: StoreView,
  urn: string,
  entityType: string,
  naming: EntityNaming,
  read: (view: StoreView, urn: string) => T,
): T {
  checkStoredEntity(view, urn, entityType, naming);
  return read(view, urn);
}

/**
 * Rest.li `listUrns`: the urns of one entity type in urn order, a page from `start`, and how many
 * there are; soft-deleted entities included, as DataHub lists them.
 */
export function listUrns(
  view: StoreView,
  entityType: string,
  start: number,
  count: number,
): { entities: string[]; start: number; count: number; total: number } {
  const entities: string[] = [];
  let total = 0;
  for (const urn of view.eachUrnOfType(entityType)) {
    if (total >= start && entities.length < count) entities.push(urn);
    total++;
  }
  return { entities, start, count, total };
}
