/** Container: a database, schema, folder … holding datasets; its platform comes from dataPlatformInstance. */
import { parseUrn } from '../../../model/urn.ts';
import { type EntityKind, aspect, common, customProperties, described, platformView, props, str } from './shared.ts';

export const container: EntityKind = {
  typename: 'Container',
  enumValue: 'CONTAINER',
  build: (view, urn) => {
      const { info, editable } = described(view, urn, 'containerProperties', 'editableContainerProperties');
      const platform = str(aspect(view, urn, 'dataPlatformInstance')?.['platform']) ?? 'urn:li:dataPlatform:unknown';
      return Object.assign(common(view, urn, container), {
        platform: platformView(platform),
        properties: info
          ? {
              name: str(info['name']) ?? parseUrn(urn).rawKey,
              description: str(info['description']),
              customProperties: customProperties(props(info['customProperties']), urn),
              externalUrl: str(info['externalUrl']),
              qualifiedName: str(info['qualifiedName']),
            }
          : null,
        editableProperties: editable,
      });
    },
};
