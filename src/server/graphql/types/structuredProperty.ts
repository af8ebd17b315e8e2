/** StructuredPropertyEntity: a property definition (value type, allowed values, entity types) and its display settings. */
import { parseUrn } from '../../../model/urn.ts';
import type { StoreView } from '../../../store/store.ts';
import { type EntityKind, type Obj, aspect, common, isUrnOf, platformView, propertyValue, ref, refsOf, str } from './shared.ts';

/** `typeQualifier` (stored as a map of qualifier → values): the entity types an urn-valued property may name. */
function typeQualifierView(view: StoreView, stored: unknown): Obj | null {
  if (!stored || typeof stored !== 'object') return null;
  return { allowedTypes: refsOf(view, (stored as Obj)['allowedTypes'], 'entityType') };
}

export const structuredProperty: EntityKind = {
  typename: 'StructuredPropertyEntity',
  enumValue: 'STRUCTURED_PROPERTY',
  build: (view, urn) => {
      const d = aspect(view, urn, 'propertyDefinition') ?? {};
      const settings = aspect(view, urn, 'structuredPropertySettings');
      const created = d['created'] as { time: number; actor: string } | undefined;
      const modified = d['lastModified'] as { time: number; actor: string } | undefined;
      const resolved = (s: { time: number; actor: string } | undefined) => (s ? { time: s.time, actor: () => ref(view, s.actor) } : null);
      return Object.assign(common(view, urn, structuredProperty), {
        definition: {
          qualifiedName: str(d['qualifiedName']) ?? parseUrn(urn).rawKey,
          displayName: str(d['displayName']),
          description: str(d['description']),
          cardinality: str(d['cardinality']) ?? 'SINGLE',
          immutable: d['immutable'] === true,
          valueType: () => ref(view, str(d['valueType']) ?? 'urn:li:dataType:datahub.string'),
          typeQualifier: typeQualifierView(view, d['typeQualifier']),
          allowedValues: Array.isArray(d['allowedValues'])
            ? (d['allowedValues'] as Array<{ value?: unknown; description?: string }>).map((a) => ({ value: propertyValue(a.value), description: a.description ?? null }))
            : null,
          entityTypes: (Array.isArray(d['entityTypes']) ? (d['entityTypes'] as string[]) : []).map((t) => ref(view, t)),
          // The platforms the property applies to on assets (null: all of them).
          allowedPlatforms: Array.isArray(d['allowedPlatforms'])
            ? (d['allowedPlatforms'] as unknown[]).filter((p) => isUrnOf(p, 'dataPlatform')).map((p) => platformView(view, p as string))
            : null,
          created: resolved(created),
          lastModified: resolved(modified),
          filterStatus: settings?.['showInSearchFilters'] === true ? 'ENABLED' : 'DISABLED',
        },
        settings: settings
          ? {
              isHidden: settings['isHidden'] === true,
              showInSearchFilters: settings['showInSearchFilters'] === true,
              showInAssetSummary: settings['showInAssetSummary'] === true,
              hideInAssetSummaryWhenEmpty: settings['hideInAssetSummaryWhenEmpty'] === true,
              showAsAssetBadge: settings['showAsAssetBadge'] === true,
              showInColumnsTable: settings['showInColumnsTable'] === true,
            }
          : null,
      });
    },
};
