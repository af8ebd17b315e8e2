/**
 * Deprecation of entities (docs/datahub/graphql.md §3.10): `updateDeprecation`, `batchUpdateDeprecation`,
 * and `catalog deprecate`. docs/design.md §2: missing targets fail, un-deprecation is supported, and a
 * batch is atomic — every resource is validated before anything is written, in one transaction.
 */
import { BadRequestError } from '../../errors.ts';
import deprecation, { type Deprecation } from '../../model/aspects/deprecation.ts';
import { nowOf, type OpContext } from '../core/context.ts';
import { checkUrnSyntax, readAspect, validateResource, type ResourceRef } from '../core/resources.ts';
import { writeAspect } from '../core/writeAspect.ts';

export interface DeprecationChange {
  deprecated: boolean;
  /** Epoch millis; null or absent removes it. */
  decommissionTime?: number | null;
  /** Null or absent stores an empty note (the stored field is required). */
  note?: string | null;
  /** URN of the replacement entity; null or absent removes it. */
  replacement?: string | null;
}

/** The aspect value DataHub writes for a change, starting from the stored one. */
function applyChange(current: Partial<Deprecation>, change: DeprecationChange, actor: string): Deprecation {
  const next: Deprecation = { ...current, deprecated: change.deprecated, note: change.note ?? '', actor };
  if (change.decommissionTime === null || change.decommissionTime === undefined) delete next.decommissionTime;
  else next.decommissionTime = change.decommissionTime;
  if (change.replacement === null || change.replacement === undefined) delete next.replacement;
  else next.replacement = change.replacement;
  return next;
}

function checkChange(change: DeprecationChange): void {
  if (typeof change.deprecated !== 'boolean') throw new BadRequestError('deprecated: expected a boolean');
  if (
    change.decommissionTime !== undefined &&
    change.decommissionTime !== null &&
    !Number.isFinite(change.decommissionTime)
  ) {
    throw new BadRequestError('decommissionTime: expected epoch milliseconds');
  }
  if (change.replacement) checkUrnSyntax(change.replacement);
}

/** `updateDeprecation`: one entity. The sub-resource, as in DataHub, is not used. */
export async function updateDeprecation(ctx: OpContext, urn: string, change: DeprecationChange): Promise<true> {
  checkUrnSyntax(urn);
  checkChange(change);
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  await ctx.store.write((txn) => {
    if (!txn.entityExists(urn))
      throw new BadRequestError(`Failed to update deprecation for Entity ${urn}. Entity does not exist.`);
    const current = readAspect(txn, urn, deprecation, {});
    writeAspect(txn, stamp, urn, 'deprecation', applyChange(current, change, ctx.actor));
  });
  return true;
}

/**
 * `batchUpdateDeprecation`: every resource must pass V-RES, then all are written in one
 * transaction; one bad resource changes nothing. Returns the URNs written, in input order.
 */
export async function batchUpdateDeprecation(
  ctx: OpContext,
  resources: readonly (ResourceRef | null)[],
  change: DeprecationChange,
): Promise<string[]> {
  checkChange(change);
  const refs = resources.filter((r): r is ResourceRef => r !== null && r !== undefined);
  for (const r of refs) checkUrnSyntax(r.resourceUrn);
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  return ctx.store.write((txn) => {
    for (const r of refs) validateResource(txn, r);
    const urns = [...new Set(refs.map((r) => r.resourceUrn))];
    for (const urn of urns) {
      const current = readAspect(txn, urn, deprecation, {});
      writeAspect(txn, stamp, urn, 'deprecation', applyChange(current, change, ctx.actor));
    }
    return urns;
  });
}

/** The effective deprecation of an entity: the stored aspect, or "not deprecated" (docs/design.md §2.3). */
export function effectiveDeprecation(stored: Partial<Deprecation> | undefined): {
  deprecated: boolean;
  decommissionTime: number | null;
  note: string | null;
  actor: string | null;
  replacement: string | null;
} {
  return {
    deprecated: stored?.deprecated ?? false,
    decommissionTime: stored?.decommissionTime ?? null,
    note: stored?.note ?? null,
    actor: stored?.actor ?? null,
    replacement: stored?.replacement ?? null,
  };
}
