/** DataPlatformInstance: one deployment of a platform (a warehouse, a cluster). */
import { type EntityKind, aspect, common, customProperties, keyOf, platformView, props, str } from './shared.ts';

export const dataPlatformInstance: EntityKind = {
  typename: 'DataPlatformInstance',
  enumValue: 'DATA_PLATFORM_INSTANCE',
  build: (view, urn) => {
      const key = keyOf(urn);
      const p = aspect(view, urn, 'dataPlatformInstanceProperties');
      return Object.assign(common(view, urn, dataPlatformInstance), {
        platform: platformView(view, key['platform'] ?? 'urn:li:dataPlatform:unknown'),
        instanceId: key['instance'] ?? '',
        properties: p
          ? { name: str(p['name']), description: str(p['description']), customProperties: customProperties(props(p['customProperties']), urn), externalUrl: str(p['externalUrl']) }
          : null,
      });
    },
};
