/** DataPlatformInstance: one deployment of a platform (a warehouse, a cluster), shaped from src/ops/read/registry.ts. */
import { readPlatformInstance } from '../../../ops/read/registry.ts';
import type * as G from '../schema.generated.ts';
import { type EntityKind, type Shaped, common, customPropertiesView, platformView } from './shared.ts';

export const dataPlatformInstance: EntityKind = {
  typename: 'DataPlatformInstance',
  enumValue: 'DATA_PLATFORM_INSTANCE',
  build: (view, urn): Shaped<G.DataPlatformInstance> => {
    const { platformUrn, instanceId, properties: p } = readPlatformInstance(view, urn);
    return Object.assign(common(view, urn, dataPlatformInstance), {
      platform: platformView(view, platformUrn),
      instanceId,
      properties: p && { ...p, customProperties: customPropertiesView(p.customProperties, urn) },
    });
  },
};
