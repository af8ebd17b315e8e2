/**
 * StructuredPropertyEntity: a property definition (value type, allowed values, entity types) and its
 * display settings, shaped from src/ops/read/registry.ts.
 */
import { readStructuredProperty, type DefinitionStampRead } from '../../../ops/read/registry.ts';
import type { StoreView } from '../../../store/store.ts';
import type * as G from '../schema.generated.ts';
import {
  type EntityKind,
  type Shaped,
  asEnum,
  common,
  nullInNonNull,
  platformView,
  propertyValue,
  refAs,
} from './shared.ts';

/** A `ResolvedAuditStamp`: the actor read when selected. */
const resolvedStamp = (view: StoreView, s: DefinitionStampRead | null): G.Maybe<G.ResolvedAuditStamp> =>
  s ? { time: s.time, actor: () => refAs<G.CorpUser>(view, s.actor) } : null;

export const structuredProperty: EntityKind = {
  typename: 'StructuredPropertyEntity',
  enumValue: 'STRUCTURED_PROPERTY',
  build: (view, urn): Shaped<G.StructuredPropertyEntity> => {
    const { definition: d, settings } = readStructuredProperty(view, urn);
    return Object.assign(common(view, urn, structuredProperty), {
      definition: {
        ...d,
        cardinality: asEnum<G.PropertyCardinality>(d.cardinality),
        valueType: () => refAs<G.DataTypeEntity>(view, d.valueType),
        typeQualifier: d.typeQualifier && {
          allowedTypes: d.typeQualifier.allowedTypes?.map((t) => refAs<G.EntityTypeEntity>(view, t)) ?? null,
        },
        // A stored allowed value neither string nor number gives null in the non-null `value`: a field error.
        allowedValues:
          d.allowedValues?.map((a) => ({ value: nullInNonNull(propertyValue(a.value)), description: a.description })) ??
          null,
        entityTypes: d.entityTypes.map((t) => refAs<G.EntityTypeEntity>(view, t)),
        allowedPlatforms: d.allowedPlatforms?.map((p) => platformView(view, p)) ?? null,
        created: resolvedStamp(view, d.created),
        lastModified: resolvedStamp(view, d.lastModified),
        // Deprecated in DataHub for settings.showInSearchFilters, which it follows.
        filterStatus: (settings?.showInSearchFilters ? 'ENABLED' : 'DISABLED') as G.StructuredPropertyFilterStatus,
      },
      settings,
    });
  },
};
