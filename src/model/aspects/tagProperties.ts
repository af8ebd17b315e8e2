import { defineAspect, NAME, PROSE, str, type AspectValue } from './define.ts';

const tagProperties = defineAspect({
  name: 'tagProperties',
  fqn: 'com.linkedin.tag.TagProperties',
  fields: { name: str, 'description?': str, 'colorHex?': str },
  searchable: [
    { path: 'name', field: 'name', kind: 'text', weight: NAME },
    { path: 'description', field: 'description', kind: 'text', weight: PROSE },
  ],
});
export default tagProperties;

export type TagProperties = AspectValue<typeof tagProperties>;
