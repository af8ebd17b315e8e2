/**
 * DataHubPlatformResource: a platform resource (urn:li:platformResource:<id>) as stored — its
 * platformResourceInfo, platform and instance, status. DataHub has the entity but no GraphQL type for
 * it, so the type's EntityType is OTHER, as DataHub maps an entity type without an enum value.
 */
import type { PlatformResourceInfo, SerializedValue } from '../../../model/aspects/platformResourceInfo.ts';
import { aspect, common, customProperties, dataPlatformInstanceOf, platformView, statusView, str, type EntityKind, type Obj } from './shared.ts';

/** The entries of a JSON object blob, each value as text; none for any other value. */
function jsonEntries(value: SerializedValue | null | undefined): Record<string, string> {
  if (!value || (value.contentType ?? 'JSON') !== 'JSON' || typeof value.blob !== 'string') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value.blob);
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
}

function valueView(value: SerializedValue | null | undefined): Obj | null {
  if (!value || typeof value.blob !== 'string') return null;
  return { blob: value.blob, contentType: value.contentType ?? 'JSON', schemaType: value.schemaType ?? null, schemaRef: value.schemaRef ?? null };
}

export const platformResource: EntityKind = {
  typename: 'DataHubPlatformResource',
  enumValue: 'OTHER',
  build: (view, urn) => {
    const info = aspect<PlatformResourceInfo>(view, urn, 'platformResourceInfo');
    const platform = str(aspect(view, urn, 'dataPlatformInstance')?.['platform']);
    return Object.assign(common(view, urn, platformResource), {
      properties: info
        ? {
            resourceType: info.resourceType,
            primaryKey: info.primaryKey,
            secondaryKeys: info.secondaryKeys ?? null,
            value: valueView(info.value),
            customProperties: customProperties(jsonEntries(info.value), urn),
          }
        : null,
      platform: platform ? platformView(view, platform) : null,
      dataPlatformInstance: () => dataPlatformInstanceOf(view, urn),
      status: () => statusView(view, urn),
    });
  },
};
