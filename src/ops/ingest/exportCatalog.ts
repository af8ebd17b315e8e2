/**
 * Export of the catalog as MCPs in DataHub's file format (`catalog export`): every entity's latest
 * aspects, entity types and URNs in key order, aspects in the order they were first written. Key
 * aspects are left out (they follow from the URN) unless an entity has nothing else; then the events
 * of its timeseries aspects (operations, profiles, run events …), oldest first. Stamps and
 * systemMetadata are not exported, so export → ingest → export is identical.
 */
import { isKeyAspect } from '../../model/registry.ts';
import type { StoreView } from '../../store/store.ts';

export interface ExportRecord {
  entityType: string;
  entityUrn: string;
  changeType: 'UPSERT';
  aspectName: string;
  aspect: { json: unknown };
}

const PAGE = 1000;

/** The entity types to export, in key order (all when `only` is empty). */
export function exportTypes(view: StoreView, only: readonly string[] = []): string[] {
  const all = view.entityTypes();
  return only.length === 0 ? all : all.filter((t) => only.includes(t));
}

/** Number of entities an export of `types` covers (for progress). */
export function countEntities(view: StoreView, types: readonly string[]): number {
  let n = 0;
  for (const t of types) for (const _urn of view.eachUrnOfType(t, PAGE)) n++;
  return n;
}

/** Yields, per entity, its records; memory stays bounded by one page of URNs. */
export function* exportEntities(view: StoreView, types: readonly string[]): Generator<ExportRecord[]> {
  for (const entityType of types) {
    for (const urn of view.eachUrnOfType(entityType, PAGE)) {
      const entity = view.getEntity(urn);
      if (!entity) continue;
      const names = entity.aspects.filter((a) => !isKeyAspect(entity.entityType, a));
      const chosen = names.length > 0 ? names : entity.aspects;
      const records: ExportRecord[] = [];
      for (const aspectName of chosen) {
        const record = view.getAspect(urn, aspectName);
        if (record)
          records.push({
            entityType: entity.entityType,
            entityUrn: urn,
            changeType: 'UPSERT',
            aspectName,
            aspect: { json: record.value },
          });
      }
      for (const aspectName of view.timeseriesAspects(urn)) {
        for (const event of view.timeseries(urn, aspectName)) {
          records.push({
            entityType: entity.entityType,
            entityUrn: urn,
            changeType: 'UPSERT',
            aspectName,
            aspect: { json: event.value },
          });
        }
      }
      yield records;
    }
  }
}
