import { bool, defineAspect, num, str, urnOf } from './define.ts';

export default defineAspect({
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
});
