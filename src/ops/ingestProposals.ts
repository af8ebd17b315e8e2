/**
 * Applies a batch of already-validated proposals in one write transaction: all of them or none.
 * Used by `catalog ingest`, REST `ingestProposal[Batch]` and MCE ingestion.
 */
import { isKeyAspect } from '../model/registry.ts';
import type { Proposal } from '../model/mcp.ts';
import { nowOf, type OpContext } from './context.ts';
import { writeAspect } from './writeAspect.ts';

export interface IngestResult {
  /** Aspects whose value changed (a new version was written). */
  written: number;
  /** Upserts whose value equalled the stored one. */
  unchanged: number;
  /** Aspects or entities removed by DELETE proposals. */
  deleted: number;
  /** Distinct entity URNs touched. */
  urns: Set<string>;
}

export async function ingestProposals(ctx: OpContext, proposals: readonly Proposal[]): Promise<IngestResult> {
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  return ctx.store.write((txn) => {
    const result: IngestResult = { written: 0, unchanged: 0, deleted: 0, urns: new Set() };
    for (const p of proposals) {
      result.urns.add(p.entityUrn);
      if (p.changeType === 'DELETE') {
        // Deleting the key aspect deletes the entity, as in DataHub.
        const rows = isKeyAspect(p.entityType, p.aspectName)
          ? txn.deleteEntity(p.entityUrn)
          : txn.deleteAspect(p.entityUrn, p.aspectName);
        if (rows > 0) result.deleted++;
        continue;
      }
      const r = writeAspect(txn, stamp, p.entityUrn, p.aspectName, p.value, p.systemMetadata);
      if (r.changed) result.written++;
      else result.unchanged++;
    }
    return result;
  });
}
