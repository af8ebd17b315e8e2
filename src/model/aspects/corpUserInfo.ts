import { bool, defineAspect, ID, NAME, num, PROSE, str, urnOf, type AspectValue } from './define.ts';

const corpUserInfo = defineAspect({
  name: 'corpUserInfo',
  fqn: 'com.linkedin.identity.CorpUserInfo',
  fields: {
    'customProperties?': { map: str },
    active: bool,
    'displayName?': str,
    'email?': str,
    'title?': str,
    'managerUrn?': urnOf('corpuser'),
    'departmentId?': num,
    'departmentName?': str,
    'firstName?': str,
    'lastName?': str,
    'fullName?': str,
    'countryCode?': str,
    'system?': bool,
  },
  relationships: [{ name: 'ReportsTo', path: 'managerUrn' }],
  searchable: [
    { path: 'displayName', field: 'displayName', kind: 'text', weight: NAME },
    { path: 'fullName', field: 'fullName', kind: 'text', weight: NAME },
    { path: 'email', field: 'email', kind: 'text', weight: ID },
    { path: 'title', field: 'title', kind: 'text', weight: PROSE },
    { path: 'active', field: 'active', kind: 'bool' },
  ],
});
export default corpUserInfo;

export type CorpUserInfo = AspectValue<typeof corpUserInfo>;
