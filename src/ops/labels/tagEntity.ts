/**
 * Tag entities (docs/datahub/graphql.md §3.8): createTag, updateTag, deleteTag, setTagColor.
 * Differences from DataHub (docs/design.md §2): updateTag keeps colorHex and owners; updateTag,
 * deleteTag fail on a missing tag.
 */
import { randomUUID } from 'node:crypto';
import { BadRequestError } from '../../errors.ts';
import tagProperties, { type TagProperties } from '../../model/aspects/tagProperties.ts';
import { parseUrn } from '../../model/urn.ts';
import { nowOf, type OpContext } from '../core/context.ts';
import { removeReferences } from '../entities/deleteReferences.ts';
import { creatorOwnership } from './creatorOwnership.ts';
import { latestAspect, readAspect } from '../core/resources.ts';
import { writeAspect } from '../core/writeAspect.ts';

function checkTagUrn(urn: string): void {
  if (parseUrn(urn).entityType !== 'tag') throw new BadRequestError(`${urn} is not a tag urn (urn:li:tag:<id>)`);
}

/** Creates `urn:li:tag:<id>` (random id when absent) owned by the caller; a taken id is an error. */
export async function createTag(
  ctx: OpContext,
  input: { id?: string | null; name: string; description?: string | null },
): Promise<string> {
  const id = input.id ?? randomUUID();
  const urn = `urn:li:tag:${id}`;
  checkTagUrn(urn);
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  return ctx.store.write((txn) => {
    if (txn.entityExists(urn)) throw new BadRequestError('This Tag already exists!');
    const props: TagProperties = { name: input.name };
    if (input.description != null) props.description = input.description;
    writeAspect(txn, stamp, urn, 'tagProperties', props);
    writeAspect(txn, stamp, urn, 'ownership', creatorOwnership(stamp));
    return urn;
  });
}

/** Sets name and description; colour and owners are kept. */
export async function updateTag(
  ctx: OpContext,
  urn: string,
  input: { name: string; description?: string | null },
): Promise<true> {
  checkTagUrn(urn);
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  await ctx.store.write((txn) => {
    if (!txn.entityExists(urn)) throw new BadRequestError(`Failed to update Tag ${urn}. Tag does not exist.`);
    const current = readAspect(txn, urn, tagProperties, {});
    const next: TagProperties = { ...current, name: input.name };
    if (input.description != null) next.description = input.description;
    else delete next.description;
    writeAspect(txn, stamp, urn, 'tagProperties', next);
  });
  return true;
}

/** Hard-deletes the tag and removes it from every entity that carries it, in one transaction. */
export async function deleteTag(ctx: OpContext, urn: string): Promise<true> {
  checkTagUrn(urn);
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  await ctx.store.write((txn) => {
    if (!txn.entityExists(urn)) throw new BadRequestError(`Failed to delete Tag ${urn}. Tag does not exist.`);
    txn.deleteEntity(urn, stamp);
    removeReferences(txn, stamp, urn);
  });
  return true;
}

export async function setTagColor(ctx: OpContext, urn: string, colorHex: string): Promise<true> {
  checkTagUrn(urn);
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  await ctx.store.write((txn) => {
    if (!txn.entityExists(urn)) throw new BadRequestError(`Failed to set Tag ${urn} color. Tag does not exist.`);
    const current = latestAspect(txn, urn, tagProperties);
    if (!current) throw new BadRequestError('Failed to set tag color. Tag properties does not yet exist!');
    writeAspect(txn, stamp, urn, 'tagProperties', { ...current, colorHex });
  });
  return true;
}
