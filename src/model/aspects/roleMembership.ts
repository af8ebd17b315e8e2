/** roleMembership (com.linkedin.identity.RoleMembership): the DataHub roles of a user or group. */
import { arr, defineAspect, urnOf, type AspectValue } from './define.ts';

const roleMembership = defineAspect({
  name: 'roleMembership',
  fqn: 'com.linkedin.identity.RoleMembership',
  fields: { roles: arr(urnOf('dataHubRole')) },
  relationships: [{ name: 'IsMemberOfRole', path: 'roles[]' }],
});
export default roleMembership;

export type RoleMembership = AspectValue<typeof roleMembership>;
