import { arr, auditStamp, defineAspect, str, urnOf } from './define.ts';

export default defineAspect({
  name: 'corpGroupInfo',
  fqn: 'com.linkedin.identity.CorpGroupInfo',
  fields: {
    'displayName?': str,
    'email?': str,
    'admins?': arr(urnOf('corpuser')),
    'members?': arr(urnOf('corpuser')),
    'groups?': arr(urnOf('corpGroup')),
    'description?': str,
    'slack?': str,
    'created?': auditStamp,
  },
  relationships: [
    { name: 'OwnedBy', path: 'admins[]' },
    { name: 'IsPartOf', path: 'members[]' },
    { name: 'IsPartOf', path: 'groups[]' },
  ],
});
