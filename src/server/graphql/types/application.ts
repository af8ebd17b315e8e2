/** Application: a named group of assets (applicationProperties), with the aspects DataHub shows on it. */
import { parseUrn } from '../../../model/urn.ts';
import { type EntityKind, aspect, common, customProperties, props, str } from './shared.ts';

export const application: EntityKind = {
  typename: 'Application',
  enumValue: 'APPLICATION',
  build: (view, urn) => {
    const p = aspect(view, urn, 'applicationProperties');
    return Object.assign(common(view, urn, application), {
      properties: p
        ? {
            name: str(p['name']) ?? parseUrn(urn).rawKey,
            description: str(p['description']),
            externalUrl: str(p['externalUrl']),
            customProperties: customProperties(props(p['customProperties']), urn),
          }
        : null,
    });
  },
};
