import { defineAspect, NAME, PROSE, str } from './define.ts';

export default defineAspect({
  name: 'tagProperties',
  fqn: 'com.linkedin.tag.TagProperties',
  fields: { name: str, 'description?': str, 'colorHex?': str },
  searchable: [
    { path: 'name', field: 'name', kind: 'text', weight: NAME },
    { path: 'description', field: 'description', kind: 'text', weight: PROSE },
  ],
});
