/**
 * DataHubPlatformResource: a platform resource (urn:li:platformResource:<id>) as stored — its
 * platformResourceInfo, platform and instance, status. DataHub has the entity but no GraphQL type for
 * it, so the type's EntityType is OTHER, as DataHub maps an entity type without an enum value.
 * Shaped from src/ops/read/platformResource.ts.
 */
import { readPlatformResourcePlatform, readPlatformResourceProperties } from '../../../ops/read/platformResource.ts';
import { type EntityKind, type Obj, customPropertiesView, EntityView, platformView } from './shared.ts';

class PlatformResourceView extends EntityView {
  readonly __typename = 'DataHubPlatformResource';
  readonly type = 'OTHER';
  get properties(): Obj | null {
    const p = readPlatformResourceProperties(this.view, this.urn);
    return p && { ...p, customProperties: customPropertiesView(p.customProperties, this.urn) };
  }
  get platform(): Obj | null {
    const platform = readPlatformResourcePlatform(this.view, this.urn);
    return platform ? platformView(this.view, platform) : null;
  }
}

export const platformResource: EntityKind = {
  typename: 'DataHubPlatformResource',
  enumValue: 'OTHER',
  build: (view, urn) => new PlatformResourceView(view, urn),
};
