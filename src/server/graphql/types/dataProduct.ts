/** DataProduct: a named set of assets in a domain (datahub-discovery.md §4.1). */
import { parseUrn } from '../../../model/urn.ts';
import { type EntityKind, aspect, common, customProperties, props, str } from './shared.ts';

export const dataProduct: EntityKind = {
  typename: 'DataProduct',
  enumValue: 'DATA_PRODUCT',
  build: (view, urn) => {
      const p = aspect(view, urn, 'dataProductProperties');
      return {
        ...common(view, urn, dataProduct),
        properties: p
          ? {
              name: str(p['name']) ?? parseUrn(urn).rawKey,
              description: str(p['description']),
              externalUrl: str(p['externalUrl']),
              numAssets: Array.isArray(p['assets']) ? p['assets'].length : 0,
              customProperties: customProperties(props(p['customProperties']), urn),
            }
          : null,
      };
    },
};
