/** `entityExists`: whether anything is stored for a urn (soft-deleted entities exist); `listUrns`: the urns of one type. */
import { parseUrn } from '../../model/urn.ts';
import type { StoreView } from '../../store/store.ts';

export function entityExists(view: StoreView, urn: string): boolean {
  parseUrn(urn);
  return view.entityExists(urn);
}

/**
 * Rest.li `listUrns`: the urns of one entity type in urn order, a page from `start`, and how many
 * there are; soft-deleted entities included, as DataHub lists them.
 */
export function listUrns(view: StoreView, entityType: string, start: number, count: number): { entities: string[]; start: number; count: number; total: number } {
  const entities: string[] = [];
  let total = 0;
  for (const urn of view.eachUrnOfType(entityType)) {
    if (total >= start && entities.length < count) entities.push(urn);
    total++;
  }
  return { entities, start, count, total };
}
