/** EntityTypeEntity: an entity type structured properties apply to (datahub.dataset, …), shaped from src/ops/read/registry.ts. */
import { readEntityType } from '../../../ops/read/registry.ts';
import { kinds } from './registry.ts';
import type * as G from '../schema.generated.ts';
import { type EntityKind, type Shaped, common } from './shared.ts';

export const entityType: EntityKind = {
  typename: 'EntityTypeEntity',
  enumValue: 'ENTITY_TYPE',
  build: (view, urn): Shaped<G.EntityTypeEntity> => {
    const { entityType: named, ...info } = readEntityType(view, urn);
    // The `EntityType` value of the type it names; OTHER for a type this server does not serve.
    return Object.assign(common(view, urn, entityType), {
      info: { type: kinds()[named]?.enumValue ?? 'OTHER', ...info },
    });
  },
};
