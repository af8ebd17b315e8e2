/** batchUpdateSoftDeleted (docs/datahub/graphql.md §3.13): `status {removed}` on every urn, atomically. */
import { BadRequestError } from '../../errors.ts';
import status from '../../model/aspects/status.ts';
import { nowOf, type OpContext } from '../core/context.ts';
import { checkUrnSyntax, readAspect } from '../core/resources.ts';
import { writeAspect } from '../core/writeAspect.ts';

export async function batchUpdateSoftDeleted(ctx: OpContext, urns: readonly string[], deleted: boolean): Promise<true> {
  for (const urn of urns) checkUrnSyntax(urn);
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  await ctx.store.write((txn) => {
    for (const urn of urns) {
      if (!txn.entityExists(urn))
        throw new BadRequestError(`Failed to soft delete entity with urn ${urn}. Entity does not exist.`);
    }
    for (const urn of new Set(urns)) {
      const current = readAspect(txn, urn, status, {});
      writeAspect(txn, stamp, urn, 'status', { ...current, removed: deleted });
    }
  });
  return true;
}
