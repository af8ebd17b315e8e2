/** roleMembership (com.linkedin.identity.RoleMembership): the DataHub roles of a user or group. */
import { arr, defineAspect, urnOf } from './define.ts';

export interface RoleMembership {
  roles: string[];
  [extra: string]: unknown;
}

export default defineAspect({
  name: 'roleMembership',
  fqn: 'com.linkedin.identity.RoleMembership',
  fields: { roles: arr(urnOf('dataHubRole')) },
  relationships: [{ name: 'IsMemberOfRole', path: 'roles[]' }],
});
