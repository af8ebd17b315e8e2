import { arr, defineAspect, urnOf, type AspectValue } from './define.ts';

const groupMembership = defineAspect({
  name: 'groupMembership',
  fqn: 'com.linkedin.identity.GroupMembership',
  fields: { groups: arr(urnOf('corpGroup')) },
  relationships: [{ name: 'IsMemberOfGroup', path: 'groups[]' }],
  searchable: [{ path: 'groups[]', field: 'groups', kind: 'urn' }],
});
export default groupMembership;

export type GroupMembership = AspectValue<typeof groupMembership>;
