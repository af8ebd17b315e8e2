/**
 * StructuredPropertyEntity: a property definition (value type, allowed values, entity types) and its
 * display settings, shaped from src/ops/read/registry.ts.
 */
import { readStructuredProperty, type DefinitionStampRead } from '../../../ops/read/registry.ts';
import type { StoreView } from '../../../store/store.ts';
import { type EntityKind, type Obj, common, platformView, propertyValue, ref } from './shared.ts';

/** A `ResolvedAuditStamp`: the actor read when selected. */
const resolvedStamp = (view: StoreView, s: DefinitionStampRead | null): Obj | null => (s ? { time: s.time, actor: () => ref(view, s.actor) } : null);

export const structuredProperty: EntityKind = {
  typename: 'StructuredPropertyEntity',
  enumValue: 'STRUCTURED_PROPERTY',
  build: (view, urn) => {
    const { definition: d, settings } = readStructuredProperty(view, urn);
    return Object.assign(common(view, urn, structuredProperty), {
      definition: {
        ...d,
        valueType: () => ref(view, d.valueType),
        typeQualifier: d.typeQualifier && { allowedTypes: d.typeQualifier.allowedTypes?.map((t) => ref(view, t)) ?? null },
        allowedValues: d.allowedValues?.map((a) => ({ value: propertyValue(a.value), description: a.description })) ?? null,
        entityTypes: d.entityTypes.map((t) => ref(view, t)),
        allowedPlatforms: d.allowedPlatforms?.map((p) => platformView(view, p)) ?? null,
        created: resolvedStamp(view, d.created),
        lastModified: resolvedStamp(view, d.lastModified),
        // Deprecated in DataHub for settings.showInSearchFilters, which it follows.
        filterStatus: settings?.showInSearchFilters ? 'ENABLED' : 'DISABLED',
      },
      settings,
    });
  },
};
