import { arr, auditStamp, defineAspect, NAME, PROSE, str, urnOf, type AspectValue } from './define.ts';

const corpGroupInfo = defineAspect({
  name: 'corpGroupInfo',
  fqn: 'com.linkedin.identity.CorpGroupInfo',
  fields: {
    'displayName?': str,
    'email?': str,
    admins: arr(urnOf('corpuser')),
    members: arr(urnOf('corpuser')),
    groups: arr(urnOf('corpGroup')),
    'description?': str,
    'slack?': str,
    'created?': auditStamp,
  },
  relationships: [
    { name: 'OwnedBy', path: 'admins[]' },
    { name: 'IsPartOf', path: 'members[]' },
    { name: 'IsPartOf', path: 'groups[]' },
  ],
  searchable: [
    { path: 'displayName', field: 'displayName', kind: 'text', weight: NAME },
    { path: 'description', field: 'description', kind: 'text', weight: PROSE },
  ],
});
export default corpGroupInfo;

export type CorpGroupInfo = AspectValue<typeof corpGroupInfo>;
