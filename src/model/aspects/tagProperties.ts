import { defineAspect, str } from './define.ts';

export default defineAspect({
  name: 'tagProperties',
  fqn: 'com.linkedin.tag.TagProperties',
  fields: { name: str, 'description?': str, 'colorHex?': str },
});
