/**
 * Applies a batch of already-validated proposals in one write transaction: all of them or none.
 * Used by `catalog ingest`, REST `ingestProposal[Batch]` and MCE ingestion.
 */
import { AspectValidationError, InvalidPatchError, locatedError } from '../../errors.ts';
import { normalizeUnionKeys, type Proposal } from '../../model/mcp.ts';
import { applyPatch } from '../../model/patch.ts';
import { isKeyAspect } from '../../model/registry.ts';
import { nowOf, type OpContext } from '../core/context.ts';
import { writeAspect, type WriteStamp } from '../core/writeAspect.ts';
import type { PutAspectResult, StoreTxn } from '../../store/store.ts';
import { checkPreconditions } from './preconditions.ts';

/** DataHub's runId for a write that names none (SystemMetadataUtils). */
export const DEFAULT_RUN_ID = 'no-run-id-provided';

/** The proposal's systemMetadata with DataHub's default runId when it names none. */
function withRunId(systemMetadata: Record<string, unknown> | undefined): Record<string, unknown> {
  return typeof systemMetadata?.['runId'] === 'string' ? systemMetadata : { ...systemMetadata, runId: DEFAULT_RUN_ID };
}

export interface IngestResult {
  /** Aspects whose value changed (a new version was written). */
  written: number;
  /** Upserts whose value equalled the stored one. */
  unchanged: number;
  /** Aspects or entities removed by DELETE proposals. */
  deleted: number;
  /** CREATE / CREATE_ENTITY proposals of what existed, dropped under `If-None-Match: *`. */
  dropped: number;
  /** Distinct entity URNs touched. */
  urns: Set<string>;
}

/**
 * Applies a PATCH to the value as stored now (read-modify-write inside the transaction) and writes
 * the result. A patch that cannot apply, or whose result is not a valid aspect, is an
 * InvalidPatchError located at the proposal's index in its batch.
 */
function writePatch(txn: StoreTxn, stamp: WriteStamp, p: Proposal, index: number): PutAspectResult {
  try {
    const value = normalizeUnionKeys(
      applyPatch(p.aspectName, txn.getAspect(p.entityUrn, p.aspectName)?.value, p.patch!, stamp.time),
    );
    try {
      return writeAspect(txn, stamp, p.entityUrn, p.aspectName, value, p.systemMetadata);
    } catch (e) {
      if (e instanceof AspectValidationError)
        throw new InvalidPatchError(p.aspectName, `the patched value is not valid: ${e.message}`);
      throw e;
    }
  } catch (e) {
    if (e instanceof InvalidPatchError) throw locatedError(e, { index });
    throw e;
  }
}

export async function ingestProposals(ctx: OpContext, proposals: readonly Proposal[]): Promise<IngestResult> {
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  return ctx.store.write((txn) => {
    const result: IngestResult = { written: 0, unchanged: 0, deleted: 0, dropped: 0, urns: new Set() };
    // Every precondition is checked against the store as it was before the batch, before any write.
    const dropped = checkPreconditions(txn, proposals);
    for (let index = 0; index < proposals.length; index++) {
      if (dropped[index]) {
        result.dropped++;
        continue;
      }
      const given = proposals[index]!;
      const p = given.changeType === 'DELETE' ? given : { ...given, systemMetadata: withRunId(given.systemMetadata) };
      result.urns.add(p.entityUrn);
      if (p.changeType === 'DELETE') {
        // Deleting the key aspect deletes the entity, as in DataHub.
        const rows = isKeyAspect(p.entityType, p.aspectName)
          ? txn.deleteEntity(p.entityUrn, stamp)
          : txn.deleteAspect(p.entityUrn, p.aspectName, stamp);
        if (rows > 0) result.deleted++;
        continue;
      }
      const r =
        p.changeType === 'PATCH'
          ? writePatch(txn, stamp, p, index)
          : writeAspect(txn, stamp, p.entityUrn, p.aspectName, p.value, p.systemMetadata);
      if (r.changed) result.written++;
      else result.unchanged++;
    }
    return result;
  });
}
