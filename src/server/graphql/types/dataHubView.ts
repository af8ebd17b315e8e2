/** DataHubView: a saved search view (personal or global). */
import { parseUrn } from '../../../model/urn.ts';
import { type EntityKind, aspect, common, str } from './shared.ts';

export const dataHubView: EntityKind = {
  typename: 'DataHubView',
  enumValue: 'DATAHUB_VIEW',
  build: (view, urn) => {
      const info = aspect(view, urn, 'dataHubViewInfo');
      return Object.assign(common(view, urn, dataHubView), { viewType: str(info?.['type']) ?? 'PERSONAL', name: str(info?.['name']) ?? parseUrn(urn).rawKey, description: str(info?.['description']) });
    },
};
