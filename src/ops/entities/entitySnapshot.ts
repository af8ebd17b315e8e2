/**
 * An entity as a Rest.li snapshot carries it, the answer of `GET /entities/{urn}` (docs/datahub/discovery.md
 * §7.1): the latest value of each aspect the entity type's snapshot union can carry, key aspect first.
 * Stored aspects the union cannot carry (a dataset's `deprecation`, `domains`, …) are not
 * representable there, as in DataHub. The REST adapter names the union and its members.
 */
import { BadRequestError } from '../../errors.ts';
import { keyAspectOf } from '../../model/registry.ts';
import type { StoreView } from '../../store/store.ts';
import { snapshotEntityTypes, snapshotUnionOf } from '../../model/snapshots.ts';

export interface SnapshotAspect {
  name: string;
  value: unknown;
}

export interface EntitySnapshot {
  /** The entity type, whose snapshot record carries the aspects. */
  entityType: string;
  urn: string;
  /** In the union's order, the key aspect first. */
  aspects: SnapshotAspect[];
}

/**
 * The entity's snapshot: the latest value of every aspect of its snapshot union that is stored
 * (only `aspectNames` when given), in the union's order. The key aspect is always there, derived
 * from the URN when the entity was never written (as GMS answers for such URNs). Throws a
 * BadRequestError for an invalid URN, an entity type without a snapshot, or an aspect name the
 * snapshot cannot carry.
 */
export function getEntitySnapshot(view: StoreView, urn: string, aspectNames?: readonly string[]): EntitySnapshot {
  const key = keyAspectOf(urn);
  const union = snapshotUnionOf(key.entityType);
  if (!union) {
    throw new BadRequestError(
      `Entity type ${key.entityType} has no Rest.li snapshot, so GET /entities cannot return ${urn}; ` +
        `read it with GET /entitiesV2/{urn} or GET /openapi/v3/entity/${key.entityType}/{urn}. ` +
        `Types with a snapshot: ${snapshotEntityTypes().join(', ')}`,
    );
  }
  const keyName = union.aspects[0]!;
  const wanted = aspectNames && aspectNames.length > 0 ? new Set(aspectNames) : undefined;
  for (const name of wanted ?? []) {
    if (!union.aspects.includes(name)) {
      throw new BadRequestError(
        `aspects: ${name} is not an aspect of ${shortName(union.fqn)}; it carries ${union.aspects.join(', ')}`,
      );
    }
  }
  const stored = new Set(view.getEntity(urn)?.aspects ?? []);
  const aspects: SnapshotAspect[] = [];
  for (const name of union.aspects) {
    if (name !== keyName && wanted && !wanted.has(name)) continue;
    const value = stored.has(name) ? view.getAspect(urn, name)?.value : undefined;
    if (value !== undefined) aspects.push({ name, value });
    else if (name === keyName) aspects.push({ name, value: key.value });
  }
  return { entityType: key.entityType, urn, aspects };
}

function shortName(fqn: string): string {
  return fqn.slice(fqn.lastIndexOf('.') + 1);
}
