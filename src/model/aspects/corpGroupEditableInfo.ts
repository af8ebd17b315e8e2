import { defineAspect, PROSE, str, type AspectValue } from './define.ts';

const corpGroupEditableInfo = defineAspect({
  name: 'corpGroupEditableInfo',
  fqn: 'com.linkedin.identity.CorpGroupEditableInfo',
  fields: { 'description?': str, 'pictureLink?': str, 'slack?': str, 'email?': str },
  searchable: [{ path: 'description', field: 'editedDescription', kind: 'text', weight: PROSE }],
});
export default corpGroupEditableInfo;

export type CorpGroupEditableInfo = AspectValue<typeof corpGroupEditableInfo>;
