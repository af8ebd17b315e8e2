/** OwnershipTypeEntity: a system or custom ownership type, shaped from src/ops/read/admin.ts. */
import { readOwnershipType } from '../../../ops/read/admin.ts';
import type * as G from '../schema.generated.ts';
import { type EntityKind, type Shaped, common } from './shared.ts';

export const ownershipType: EntityKind = {
  typename: 'OwnershipTypeEntity',
  enumValue: 'CUSTOM_OWNERSHIP_TYPE',
  build: (view, urn): Shaped<G.OwnershipTypeEntity> =>
    Object.assign(common(view, urn, ownershipType), { info: readOwnershipType(view, urn) }),
};
