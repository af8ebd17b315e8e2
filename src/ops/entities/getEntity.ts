/** Reads an entity's latest aspects (or some of them), as `datahub get` and `/entitiesV2` need. */
import { validateUrn } from '../../model/registry.ts';
import type { AspectRecord, StoreView } from '../../store/store.ts';

export interface EntityAspects {
  urn: string;
  entityType: string;
  /** Aspect name → latest record, in the order the aspects were first written. */
  aspects: Map<string, AspectRecord>;
}

/**
 * Returns the entity's latest aspects, limited to `aspectNames` when given (names it does not have
 * are left out), or `undefined` when no aspect of the entity was ever written.
 */
export function getEntity(view: StoreView, urn: string, aspectNames?: readonly string[]): EntityAspects | undefined {
  validateUrn(urn);
  const entity = view.getEntity(urn);
  if (!entity) return undefined;
  const names =
    aspectNames && aspectNames.length > 0 ? entity.aspects.filter((a) => aspectNames.includes(a)) : entity.aspects;
  const aspects = new Map<string, AspectRecord>();
  for (const name of names) {
    const record = view.getAspect(urn, name);
    if (record) aspects.set(name, record);
  }
  return { urn, entityType: entity.entityType, aspects };
}
