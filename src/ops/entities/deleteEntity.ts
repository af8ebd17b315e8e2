/**
 * Hard deletes (REST `/entities?action=delete` and `?action=deleteReferences`): an entity with all
 * its aspects and history, or one aspect; and the removal of references to an entity from others.
 */
import { keyAspectOf } from '../../model/registry.ts';
import { isTimeseriesAspect } from '../../model/timeseries.ts';
import type { AuditStamp, StoreTxn, TimeRange } from '../../store/store.ts';
import { nowOf, type OpContext } from '../core/context.ts';
import { findReferences, removeReferences, type RelatedAspect } from './deleteReferences.ts';

export interface DeleteResult {
  urn: string;
  rows: number;
  timeseriesRows: number;
}

/**
 * Deletes the entity with its timeseries events (or only `aspectName`; for a timeseries aspect, only
 * its events in `range` when given); deleting what is not there removes 0 rows.
 */
export async function hardDelete(
  ctx: OpContext,
  urn: string,
  aspectName?: string,
  range: TimeRange = {},
): Promise<DeleteResult> {
  const key = keyAspectOf(urn);
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  return ctx.store.write((txn) => {
    if (aspectName && isTimeseriesAspect(aspectName))
      return { urn, rows: 0, timeseriesRows: txn.deleteTimeseries(urn, aspectName, range) };
    if (aspectName && aspectName !== key.aspectName)
      return { urn, rows: txn.deleteAspect(urn, aspectName, stamp), timeseriesRows: 0 };
    return removeEntity(txn, urn, stamp);
  });
}

/**
 * A hard delete of a whole entity inside a write transaction: every aspect and version, and its
 * timeseries events; `stamp`, who deleted it and when, for its change events.
 */
export function removeEntity(txn: StoreTxn, urn: string, stamp?: AuditStamp): DeleteResult {
  return { urn, rows: txn.deleteEntity(urn, stamp), timeseriesRows: txn.deleteTimeseries(urn) };
}

export interface ReferencesResult {
  total: number;
  relatedAspects: RelatedAspect[];
}

/** Removes every reference to `urn` from other entities' aspects (or only lists them on a dry run). */
export async function deleteReferencesTo(ctx: OpContext, urn: string, dryRun: boolean): Promise<ReferencesResult> {
  keyAspectOf(urn);
  if (dryRun) {
    ctx.store.refresh();
    const found = findReferences(ctx.store, urn).map(({ relationshipType, urn: u, aspectName }) => ({
      relationshipType,
      urn: u,
      aspectName,
    }));
    return { total: found.length, relatedAspects: found };
  }
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  const related = await ctx.store.write((txn) => removeReferences(txn, stamp, urn));
  return { total: related.length, relatedAspects: related };
}
