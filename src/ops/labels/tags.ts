/** Tag associations (docs/datahub/graphql.md §3.9): addTag/addTags/batchAddTags, removeTag/batchRemoveTags. */
import type { StoreView } from '../../store/store.ts';
import type { OpContext } from '../core/context.ts';
import { addLabels, removeLabel, removeLabels, TAGS, validateLabel } from './labels.ts';
import type { ResourceRef } from '../core/resources.ts';

/** V-TAG: the urn must be a tag urn of an existing tag. */
export function validateTag(view: StoreView, tagUrn: string): void {
  validateLabel(view, TAGS, tagUrn);
}

export const addTags = (ctx: OpContext, tagUrns: readonly string[], resources: readonly (ResourceRef | null)[]) => addLabels(ctx, TAGS, tagUrns, resources);
export const removeTags = (ctx: OpContext, tagUrns: readonly string[], resources: readonly (ResourceRef | null)[]) => removeLabels(ctx, TAGS, tagUrns, resources);
export const removeTag = (ctx: OpContext, tagUrn: string, resource: ResourceRef) => removeLabel(ctx, TAGS, tagUrn, resource);
