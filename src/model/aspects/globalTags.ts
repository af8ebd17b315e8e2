import { arr, defineAspect, rec, str, urnOf } from './define.ts';

export interface TagAssociation {
  tag: string;
  context?: string;
  [extra: string]: unknown;
}
export interface GlobalTags {
  tags: TagAssociation[];
}

export const tagAssociationSpec = rec({ tag: urnOf('tag'), 'context?': str, 'attribution?': 'object' });
export const globalTagsSpec = rec({ tags: arr(tagAssociationSpec) });

export default defineAspect({
  name: 'globalTags',
  fqn: 'com.linkedin.common.GlobalTags',
  fields: { tags: arr(tagAssociationSpec) },
  relationships: [{ name: 'TaggedWith', path: 'tags[].tag' }],
});
