/**
 * GraphQL entity types by urn entity type: the read model of any entity, for `entity(urn)`,
 * `entities(urns)`, the typed root queries and every field typed `Entity` (relationship ends, owners,
 * terms, containers, …). One file per entity type beside this one; index.ts lists them and fills the
 * table here once, when it loads. This module imports none of them: they import it.
 */
import { entityExists, readStoredEntity } from '../../../ops/entities/entities.ts';
import { parseUrn } from '../../../model/urn.ts';
import type { StoreView } from '../../../store/store.ts';
import type * as G from '../schema.generated.ts';
import type { EntityKind } from './shared.ts';

let table: Readonly<Record<string, EntityKind>> | undefined;
const byEnumValue = new Map<string, string>();

/** Fills the table with every entity type: index.ts calls it once. */
export function registerKinds(kinds: Readonly<Record<string, EntityKind>>): void {
  if (table) throw new Error('the GraphQL entity types are registered already');
  table = kinds;
  for (const [urnType, k] of Object.entries(kinds)) byEnumValue.set(k.enumValue, urnType);
}

/** Urn entity type → its GraphQL type. */
export function kinds(): Readonly<Record<string, EntityKind>> {
  if (!table) {
    throw new Error('the GraphQL entity types are not registered: src/server/graphql/types/index.ts is not loaded');
  }
  return table;
}

/** The urn entity type of an `EntityType` enum value (DATASET → dataset), if this server serves it. */
export function urnTypeOfEnumValue(value: string): string | undefined {
  kinds();
  return byEnumValue.get(value);
}

/** How the typed root queries name an entity type in "is not a … urn". */
const LABELS: Record<string, string> = { corpuser: 'corp user', corpGroup: 'corp group' };

/** The read model of an entity of any served type, whether or not anything is stored for it. */
export function entityRef(view: StoreView, urn: string): G.Entity | null {
  const k = kinds()[parseUrn(urn).entityType];
  return k ? k.build(view, urn) : null;
}

/** `entity(urn)`: the entity's read model, or null when nothing is stored for it (or its type is not served). */
export function getEntityByUrn(view: StoreView, urn: string): G.Entity | null {
  return entityExists(view, urn) ? entityRef(view, urn) : null;
}

/**
 * `entities(urns)`: read models in the order given, null in the slot of an urn with nothing stored;
 * with `onlyExisting` (DataHub's checkForExistence) such an urn has no slot, as DataHub leaves it out.
 */
export function getEntitiesByUrn(
  view: StoreView,
  urns: readonly string[],
  onlyExisting = false,
): Array<G.Entity | null> {
  const read = urns.map((u) => getEntityByUrn(view, u));
  return onlyExisting ? read.filter((e) => e !== null) : read;
}

/**
 * A typed root query (`dataset(urn)`, `chart(urn)`, …): one operation checks the urn's type (else
 * 400) and that the entity is stored (else NOT_FOUND), and reads it — the kind's own `read` (a
 * dataset: readDataset), else readStoredEntity with the kind's `build` (the other kinds' views read
 * their aspects field by field, through several read models, and have no one to return).
 */
export function getTypedEntity(view: StoreView, urn: string, urnType: string): G.Entity {
  const k = kinds()[urnType]!;
  if (k.read) return k.read(view, urn);
  return readStoredEntity(view, urn, urnType, { label: LABELS[urnType] ?? urnType, name: k.typename }, k.build);
}

/** Entity types `entity(urn)` can answer for. */
export function servedEntityTypes(): string[] {
  return Object.keys(kinds());
}
