/** DataHubRole: one of the roles a user or group can hold (Admin, Editor, Reader …). */
import { parseUrn } from '../../../model/urn.ts';
import { roleInfoOf } from '../../../ops/identity/roles.ts';
import type { EntityKind } from './shared.ts';

export const dataHubRole: EntityKind = {
  typename: 'DataHubRole',
  enumValue: 'DATAHUB_ROLE',
  build: (view, urn) => {
    const info = roleInfoOf(view, urn);
    return {
      __typename: 'DataHubRole',
      urn,
      type: 'DATAHUB_ROLE',
      name: info?.name ?? parseUrn(urn).rawKey,
      description: info?.description ?? '',
    };
  },
};
