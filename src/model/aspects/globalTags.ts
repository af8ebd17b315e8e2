import { arr, attribution, defineAspect, LABEL, rec, str, urnOf, type AspectValue, type Infer } from './define.ts';

export const tagAssociationSpec = rec({ tag: urnOf('tag'), 'context?': str, 'attribution?': attribution });
export const globalTagsSpec = rec({ tags: arr(tagAssociationSpec) });

const globalTags = defineAspect({
  name: 'globalTags',
  fqn: 'com.linkedin.common.GlobalTags',
  fields: { tags: arr(tagAssociationSpec) },
  relationships: [{ name: 'TaggedWith', path: 'tags[].tag' }],
  searchable: [{ path: 'tags[].tag', field: 'tags', kind: 'urn', weight: LABEL }],
  mergeKeys: { tags: ['tag'] },
  emptyValue: () => ({ tags: [] }),
});
export default globalTags;

export type TagAssociation = Infer<typeof tagAssociationSpec>;
export type GlobalTags = AspectValue<typeof globalTags>;
