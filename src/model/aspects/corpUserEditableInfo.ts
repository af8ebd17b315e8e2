import { anyUrn, arr, defineAspect, str } from './define.ts';

export default defineAspect({
  name: 'corpUserEditableInfo',
  fqn: 'com.linkedin.identity.CorpUserEditableInfo',
  fields: {
    'aboutMe?': str,
    'teams?': arr(str),
    'skills?': arr(str),
    'pictureLink?': str,
    'displayName?': str,
    'title?': str,
    'platforms?': arr(anyUrn),
    'persona?': anyUrn,
    'slack?': str,
    'phone?': str,
    'email?': str,
  },
});
