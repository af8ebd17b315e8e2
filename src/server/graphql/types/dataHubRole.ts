/** DataHubRole: one of the roles a user or group can hold (Admin, Editor, Reader …). */
import { parseUrn } from '../../../model/urn.ts';
import { roleInfoOf } from '../../../ops/identity/roles.ts';
import type { StoreView } from '../../../store/store.ts';
import type * as G from '../schema.generated.ts';
import type { EntityKind } from './shared.ts';

export function dataHubRoleView(view: StoreView, urn: string): G.DataHubRole {
  const info = roleInfoOf(view, urn);
  return {
    __typename: 'DataHubRole',
    urn,
    type: 'DATAHUB_ROLE',
    name: info?.name ?? parseUrn(urn).rawKey,
    description: info?.description ?? '',
  };
}

export const dataHubRole: EntityKind = {
  typename: 'DataHubRole',
  enumValue: 'DATAHUB_ROLE',
  build: dataHubRoleView,
};
