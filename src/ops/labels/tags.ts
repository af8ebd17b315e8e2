/** Tag associations (docs/datahub/graphql.md §3.9): addTag/addTags/batchAddTags, removeTag/batchRemoveTags. */
import type { OpContext } from '../core/context.ts';
import { addLabels, removeLabel, removeLabels, TAGS } from './labels.ts';
import type { ResourceRef } from '../core/resources.ts';

export const addTags = (ctx: OpContext, tagUrns: readonly string[], resources: readonly (ResourceRef | null)[]) =>
  addLabels(ctx, TAGS, tagUrns, resources);
export const removeTags = (ctx: OpContext, tagUrns: readonly string[], resources: readonly (ResourceRef | null)[]) =>
  removeLabels(ctx, TAGS, tagUrns, resources);
export const removeTag = (ctx: OpContext, tagUrn: string, resource: ResourceRef) =>
  removeLabel(ctx, TAGS, tagUrn, resource);
