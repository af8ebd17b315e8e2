/**
 * DataHubPlatformResource: a platform resource (urn:li:platformResource:<id>) as stored — its
 * platformResourceInfo, platform and instance, status. DataHub has the entity but no GraphQL type for
 * it, so the type's EntityType is OTHER, as DataHub maps an entity type without an enum value.
 * Shaped from src/ops/read/platformResource.ts.
 */
import { readPlatformResourcePlatform, readPlatformResourceProperties } from '../../../ops/read/platformResource.ts';
import type * as G from '../schema.generated.ts';
import { type EntityKind, asEnum, customPropertiesView, EntityView, platformView } from './shared.ts';

class PlatformResourceView extends EntityView implements G.DataHubPlatformResource {
  readonly __typename = 'DataHubPlatformResource';
  readonly type = 'OTHER';
  get properties(): G.Maybe<G.PlatformResourceProperties> {
    const p = readPlatformResourceProperties(this.view, this.urn);
    if (!p) return null;
    const v = p.value;
    const value = v && {
      ...v,
      contentType: asEnum<G.SerializedValueContentType>(v.contentType),
      schemaType: asEnum<G.SerializedValueSchemaType>(v.schemaType),
    };
    return { ...p, value, customProperties: customPropertiesView(p.customProperties, this.urn) };
  }
  get platform(): G.Maybe<G.DataPlatform> {
    const platform = readPlatformResourcePlatform(this.view, this.urn);
    return platform ? platformView(this.view, platform) : null;
  }
}

export const platformResource: EntityKind = {
  typename: 'DataHubPlatformResource',
  enumValue: 'OTHER',
  build: (view, urn) => new PlatformResourceView(view, urn),
};
