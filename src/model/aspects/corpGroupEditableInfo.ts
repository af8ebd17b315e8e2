import { defineAspect, PROSE, str } from './define.ts';

export default defineAspect({
  name: 'corpGroupEditableInfo',
  fqn: 'com.linkedin.identity.CorpGroupEditableInfo',
  fields: { 'description?': str, 'pictureLink?': str, 'slack?': str, 'email?': str },
  searchable: [
    { path: 'description', field: 'editedDescription', kind: 'text', weight: PROSE },
  ],
});
