import { arr, defineAspect, urnOf } from './define.ts';

export default defineAspect({
  name: 'groupMembership',
  fqn: 'com.linkedin.identity.GroupMembership',
  fields: { groups: arr(urnOf('corpGroup')) },
  relationships: [{ name: 'IsMemberOfGroup', path: 'groups[]' }],
  searchable: [
    { path: 'groups[]', field: 'groups', kind: 'urn' },
  ],
});
