import { anyUrn, arr, defineAspect, NAME, PROSE, str, type AspectValue } from './define.ts';

const corpUserEditableInfo = defineAspect({
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
  searchable: [
    { path: 'displayName', field: 'editedDisplayName', kind: 'text', weight: NAME },
    { path: 'title', field: 'editedTitle', kind: 'text', weight: PROSE },
    { path: 'aboutMe', field: 'aboutMe', kind: 'text', weight: PROSE },
    { path: 'skills[]', field: 'skills', kind: 'text', weight: PROSE },
    { path: 'teams[]', field: 'teams', kind: 'text', weight: PROSE },
  ],
  relationships: [
    { name: 'IsUserOf', path: 'platforms[]' },
    { name: 'IsPersona', path: 'persona' },
  ],
});
export default corpUserEditableInfo;

export type CorpUserEditableInfo = AspectValue<typeof corpUserEditableInfo>;
