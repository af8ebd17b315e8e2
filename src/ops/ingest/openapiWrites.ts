/**
 * OpenAPI v3 entity writes as DataHub's Python SDK sends them (docs/datahub/rest-cli.md §5.3; SDK mode
 * against a server advertising ≥ 1.0.1): upserts and JSON Patches of aspects, and deletes of an
 * entity or some of its aspects. The REST adapter parses the request into proposals and shapes the
 * answer; this is the write.
 *
 * A request is validated whole before anything is written, then written in one store transaction
 * (docs/design.md §2.4): a bad item writes nothing. Every write gets a trace id, stamped on the aspects it
 * stores, which the trace API (ops/traceWrites.ts) answers for.
 */
import { BadRequestError } from '../../errors.ts';
import { isJsonObject, type JsonObject } from '../../model/json.ts';
import type { Proposal } from '../../model/mcp.ts';
import { isKnownAspect, keyAspectOf } from '../../model/registry.ts';
import type { AuditStamp } from '../../store/store.ts';
import { nowOf, type OpContext } from '../core/context.ts';
import { ingestProposals } from './ingestProposals.ts';
import { checkUrnOfType } from '../entities/openapiEntities.ts';
import { newTraceId, TRACE_PROPERTY } from '../admin/traceWrites.ts';

/** One aspect written: the proposal as written (trace id added) and the system metadata the store kept. */
export interface WrittenAspect {
  proposal: Proposal;
  /** What the store kept: the client's, the trace id, lastObserved and the version it assigned. */
  storedSystemMetadata: JsonObject | undefined;
}

export interface WrittenEntities {
  /** The trace id of this write (DataHub's `traceparent`), stamped on every aspect it stored. */
  traceId: string;
  /** The audit stamp of the write. */
  stamp: AuditStamp;
  /** One entry per proposal, in order. */
  aspects: WrittenAspect[];
}

/**
 * Writes every proposal in one transaction under a new trace id. A patch that cannot apply to the
 * stored value writes nothing either: its InvalidPatchError is located at the proposal's index.
 */
export async function writeEntities(ctx: OpContext, proposals: readonly Proposal[]): Promise<WrittenEntities> {
  const now = nowOf(ctx);
  const traceId = newTraceId(now);
  const traced = proposals.map((p) => ({ ...p, systemMetadata: withTrace(p.systemMetadata, traceId) }));
  await ingestProposals({ ...ctx, now: () => now }, traced);
  return {
    traceId,
    stamp: { time: now, actor: ctx.actor },
    aspects: traced.map((proposal) => ({
      proposal,
      storedSystemMetadata:
        (ctx.store.getAspect(proposal.entityUrn, proposal.aspectName)?.systemMetadata as
          | JsonObject
          | null
          | undefined) ?? undefined,
    })),
  };
}

function withTrace(systemMetadata: JsonObject | undefined, traceId: string): JsonObject {
  const properties = isJsonObject(systemMetadata?.['properties']) ? systemMetadata['properties'] : {};
  return { ...systemMetadata, properties: { ...properties, [TRACE_PROPERTY]: traceId } };
}

export interface DeleteRequest {
  /** Aspects to delete; empty (or naming the key aspect) deletes the whole entity. */
  aspects: readonly string[];
  /** Delete every aspect but the key aspect: the entity stays, empty. */
  clear: boolean;
}

/**
 * `DELETE /openapi/v3/entity/{type}/{urn}` with DataHub's `aspects` and `clear` parameters, in one
 * transaction. Deleting what is not there is not an error (DataHub answers it the same way); an
 * aspect name neither known nor stored on the entity is, so a typo does not pass for a delete.
 * Returns the number of rows removed.
 */
export async function deleteEntityV3(
  ctx: OpContext,
  entityType: string,
  urn: string,
  request: DeleteRequest,
): Promise<number> {
  checkUrnOfType(urn, entityType, 'urn');
  const key = keyAspectOf(urn).aspectName;
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  return ctx.store.write((txn) => {
    const stored = txn.getEntity(urn)?.aspects ?? [];
    if (request.clear)
      return stored.filter((a) => a !== key).reduce((rows, a) => rows + txn.deleteAspect(urn, a, stamp), 0);
    if (request.aspects.length === 0 || request.aspects.includes(key)) return txn.deleteEntity(urn, stamp);
    for (const aspect of request.aspects) {
      if (!isKnownAspect(aspect) && !stored.includes(aspect)) {
        throw new BadRequestError(
          `aspects: unknown aspect ${JSON.stringify(aspect)}: ${urn} has no such aspect (it has ${stored.join(', ') || 'none'})`,
        );
      }
    }
    return request.aspects.reduce((rows, a) => rows + txn.deleteAspect(urn, a, stamp), 0);
  });
}
