/**
 * Tag associations (datahub-graphql.md §3.0, §3.9): addTag/addTags/batchAddTags and
 * removeTag/batchRemoveTags. Entity-level tags live in `globalTags`; column-level tags in the column's
 * `editableSchemaMetadata` entry. Every tag (V-TAG, adding only) and every resource (V-RES) is checked
 * before anything is written, and all resources are written in one transaction (DESIGN.md §2.4).
 */
import { BadRequestError } from '../model/errors.ts';
import { parseUrn } from '../model/urn.ts';
import type { StoreTxn, StoreView } from '../store/store.ts';
import { editableFieldEntry } from './aspectTypes.ts';
import type { EditableSchemaMetadata } from '../model/aspects/editableSchemaMetadata.ts';
import type { GlobalTags } from '../model/aspects/globalTags.ts';
import { nowOf, type OpContext } from './context.ts';
import { readAspect, validateResource, type ResourceRef } from './resources.ts';
import { writeAspect, type WriteStamp } from './writeAspect.ts';

/** V-TAG: the urn must be a tag urn of an existing tag. */
export function validateTag(view: StoreView, tagUrn: string): void {
  let type: string;
  try {
    type = parseUrn(tagUrn).entityType;
  } catch {
    type = '';
  }
  if (type !== 'tag') throw new BadRequestError(`Failed to validate label with urn ${tagUrn}. Urn type does not match entity type tag..`);
  if (!view.entityExists(tagUrn)) throw new BadRequestError(`Failed to validate label with urn ${tagUrn}. Urn does not exist.`);
}

function isTagUrn(urn: string): boolean {
  try {
    return parseUrn(urn).entityType === 'tag';
  } catch {
    return false;
  }
}

/** Adds every tag to every resource; returns true. One bad tag or resource changes nothing. */
export async function addTags(ctx: OpContext, tagUrns: readonly string[], resources: readonly (ResourceRef | null)[]): Promise<true> {
  const refs = resources.filter((r): r is ResourceRef => r != null);
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  await ctx.store.write((txn) => {
    for (const t of tagUrns) validateTag(txn, t);
    const targets = refs.map((r) => ({ urn: r.resourceUrn, field: validateResource(txn, r) }));
    for (const { urn, field } of targets) changeTags(txn, stamp, urn, field, (tags) => addMissing(tags, tagUrns));
  });
  return true;
}

/** Removes the tags from every resource (absent tags are fine); returns true. */
export async function removeTags(ctx: OpContext, tagUrns: readonly string[], resources: readonly (ResourceRef | null)[]): Promise<true> {
  const refs = resources.filter((r): r is ResourceRef => r != null);
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  await ctx.store.write((txn) => {
    const targets = refs.map((r) => ({ urn: r.resourceUrn, field: validateResource(txn, r) }));
    for (const { urn, field } of targets) changeTags(txn, stamp, urn, field, (tags) => tags.filter((a) => !tagUrns.includes(a.tag)));
  });
  return true;
}

/**
 * `removeTag`: as DataHub, a urn that is not a tag urn is not an error but answers false.
 */
export async function removeTag(ctx: OpContext, tagUrn: string, resource: ResourceRef): Promise<boolean> {
  if (!isTagUrn(tagUrn)) {
    // Still a missing target is an error (DESIGN.md §2.1).
    ctx.store.refresh();
    validateResource(ctx.store, resource);
    return false;
  }
  return removeTags(ctx, [tagUrn], [resource]);
}

function addMissing(tags: GlobalTags['tags'], tagUrns: readonly string[]): GlobalTags['tags'] {
  const out = [...tags];
  for (const t of tagUrns) if (!out.some((a) => a.tag === t)) out.push({ tag: t });
  return out;
}

function changeTags(
  txn: StoreTxn,
  stamp: WriteStamp,
  urn: string,
  field: string | null,
  change: (tags: GlobalTags['tags']) => GlobalTags['tags'],
): void {
  if (field === null) {
    const current = readAspect<GlobalTags>(txn, urn, 'globalTags', { tags: [] });
    writeAspect(txn, stamp, urn, 'globalTags', { ...current, tags: change(current.tags ?? []) });
    return;
  }
  const current = txn.getAspect(urn, 'editableSchemaMetadata')?.value as EditableSchemaMetadata | undefined;
  const { aspect, entry } = editableFieldEntry(current && structuredClone(current), field, stamp);
  entry.globalTags = { ...(entry.globalTags ?? {}), tags: change(entry.globalTags?.tags ?? []) };
  writeAspect(txn, stamp, urn, 'editableSchemaMetadata', aspect);
}
