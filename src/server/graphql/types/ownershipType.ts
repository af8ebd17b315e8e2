/** OwnershipTypeEntity: a system or custom ownership type. */
import { ownershipTypeName } from '../../../ops/labels/ownershipTypes.ts';
import { type EntityKind, aspect, common, str } from './shared.ts';

export const ownershipType: EntityKind = {
  typename: 'OwnershipTypeEntity',
  enumValue: 'CUSTOM_OWNERSHIP_TYPE',
  build: (view, urn) => {
      const info = aspect(view, urn, 'ownershipTypeInfo');
      return Object.assign(common(view, urn, ownershipType), { info: { name: ownershipTypeName(view, urn), description: str(info?.['description']) } });
    },
};
