/** EntityTypeEntity: an entity type structured properties apply to (datahub.dataset, …). */
import { parseUrn } from '../../../model/urn.ts';
import { kinds } from './registry.ts';
import { type EntityKind, aspect, common, str } from './shared.ts';

export const entityType: EntityKind = {
  typename: 'EntityTypeEntity',
  enumValue: 'ENTITY_TYPE',
  build: (view, urn) => {
      const id = parseUrn(urn).rawKey;
      const info = aspect(view, urn, 'entityTypeInfo');
      const target = kinds()[id.replace(/^datahub\./, '')];
      return Object.assign(common(view, urn, entityType), {
        info: { type: target?.enumValue ?? 'OTHER', qualifiedName: str(info?.['qualifiedName']) ?? id, displayName: str(info?.['displayName']), description: str(info?.['description']) },
      });
    },
};
