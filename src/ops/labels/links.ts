/** Links, stored in `institutionalMemory` (docs/datahub/graphql.md §3.11): addLink and removeLink. */
import { BadRequestError } from '../../errors.ts';
import institutionalMemory from '../../model/aspects/institutionalMemory.ts';
import { nowOf, type OpContext } from '../core/context.ts';
import { checkUrnSyntax, readAspect } from '../core/resources.ts';
import { writeAspect } from '../core/writeAspect.ts';

function isUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol.length > 1;
  } catch {
    return false;
  }
}

/** Appends `{url, description: label}` unless a link with the same url and label is there. */
export async function addLink(ctx: OpContext, resourceUrn: string, linkUrl: string, label: string): Promise<true> {
  checkUrnSyntax(resourceUrn);
  if (!isUrl(linkUrl))
    throw new BadRequestError(`Failed to change institutional memory for resource ${resourceUrn}. Expected an url.`);
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  await ctx.store.write((txn) => {
    if (!txn.entityExists(resourceUrn)) {
      throw new BadRequestError(
        `Failed to change institutional memory for resource ${resourceUrn}. Resource does not exist.`,
      );
    }
    const current = readAspect(txn, resourceUrn, institutionalMemory, { elements: [] });
    if (current.elements.some((e) => e.url === linkUrl && e.description === label)) return;
    const elements = [...current.elements, { url: linkUrl, description: label, createStamp: stamp }];
    writeAspect(txn, stamp, resourceUrn, 'institutionalMemory', { ...current, elements });
  });
  return true;
}

/** Removes every link with that url (and that label, when given); a missing link is fine. */
export async function removeLink(
  ctx: OpContext,
  resourceUrn: string,
  linkUrl: string,
  label?: string | null,
): Promise<true> {
  checkUrnSyntax(resourceUrn);
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  await ctx.store.write((txn) => {
    if (!txn.entityExists(resourceUrn)) {
      throw new BadRequestError(
        `Failed to change institutional memory for resource ${resourceUrn}. Resource does not exist.`,
      );
    }
    const current = readAspect(txn, resourceUrn, institutionalMemory, { elements: [] });
    const elements = current.elements.filter((e) => !(e.url === linkUrl && (label == null || e.description === label)));
    if (elements.length !== current.elements.length)
      writeAspect(txn, stamp, resourceUrn, 'institutionalMemory', { ...current, elements });
  });
  return true;
}
