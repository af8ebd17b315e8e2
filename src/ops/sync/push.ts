/**
 * `catalog push REMOTE`: sends the aspects changed locally since the base, in two phases.
 *
 * 1. Plan, writing nothing: every local aspect whose value no longer hashes as its base is compared
 *    with the remote's current value. Unchanged there since the base → send the local value with
 *    `If-Version-Match` = the base version. Changed there too → merge three-way (reconcile.ts) and
 *    send the merge with `If-Version-Match` = the remote's current version. A conflict left after
 *    the plan stops the push here: nothing is written on either side.
 * 2. Send in batches, synchronously (four in flight), under one `runId`; after each batch the remote
 *    acknowledged, the local file takes the bases of that batch (and the merged values) in one write
 *    transaction.
 *    A push that dies half-way leaves bases for what was acknowledged; run again, it plans again and
 *    sends only the rest (an aspect the remote got but whose base was not kept now holds the local
 *    value on both sides: only its base is written).
 */
import { BadRequestError } from '../../errors.ts';
import type { Store } from '../../store/store.ts';
import { baseRecord, hashValue, type BaseRecord } from '../../sync/base.ts';
import { reconcile } from '../../sync/reconcile.ts';
import { aspectId, type AspectWrite, type Remote } from '../../sync/remote/types.ts';
import { SYSTEM_ACTOR } from '../core/context.ts';
import { writeAspect } from '../core/writeAspect.ts';
import { historyOf, syncedAspects, syncedType } from './local.ts';
import { pushRefusal } from './postgresRemote.ts';
import type { SyncConflict } from './pull.ts';

export interface PlannedWrite extends Omit<AspectWrite, 'value'> {
  /**
   * The value to send when it is a merge; undefined when it is the local value, which is read again
   * when its batch is sent (a plan holds keys and hashes, not every value of a large push).
   */
  value: unknown;
  /** The merge also becomes the local value. */
  mergedLocally: boolean;
  /** Hash of the local value the plan read (a local change since then leaves the aspect to the next push). */
  localHash: string;
}

export interface PushPlan {
  writes: PlannedWrite[];
  /** Aspects that already hold the local value on the remote: only their base is written. */
  baseOnly: Array<{ urn: string; aspect: string; base: BaseRecord }>;
  conflicts: SyncConflict[];
  /** Aspects the remote changed while the local side did not: left for `catalog pull`. */
  behind: number;
}

export interface PushSummary {
  runId: string;
  entities: number;
  sent: number;
  merged: number;
  batches: number;
}

/** Every local aspect changed since the remote's base, compared with the remote now. */
export async function planPush(store: Store, remote: Remote, options: { resolve?: 'ours' | 'theirs'; chunk?: number } = {}): Promise<PushPlan> {
  if (remote.kind === 'postgres') throw new BadRequestError(pushRefusal(remote.location));
  const plan: PushPlan = { writes: [], baseOnly: [], conflicts: [], behind: 0 };
  const chunk = options.chunk ?? 200;
  let pending: Array<{ urn: string; entityType: string; aspect: string }> = [];
  const flush = async () => {
    const remoteEntities = new Map((await remote.getEntities([...new Set(pending.map((p) => p.urn))])).map((e) => [e.urn, e]));
    for (const p of pending) {
      const local = store.getAspect(p.urn, p.aspect)?.value;
      const base = store.getSyncBase(remote.location, p.urn, p.aspect);
      const r = remoteEntities.get(p.urn)?.aspects.get(p.aspect);
      const differs = hashValue(local) !== hashValue(r?.value);
      // Histories matter only where both sides hold a value and no base says which moved on.
      const remoteHistory = differs && !base && local !== undefined && r !== undefined ? await remote.history(p.urn, p.aspect) : undefined;
      const o = reconcile({ aspectName: p.aspect, base, local, remote: r?.value, localHistory: () => historyOf(store, p.urn, p.aspect), remoteHistory, resolve: options.resolve });
      const localHash = hashValue(local);
      if (o.kind === 'same') {
        if (r) plan.baseOnly.push({ urn: p.urn, aspect: p.aspect, base: baseRecord(r.version, r.value) });
      } else if (o.kind === 'takeRemote') plan.behind++;
      else if (o.kind === 'keepLocal') {
        // Absent locally (the local side removed it): DataHub's protocol has no conditional delete of one aspect; left alone.
        if (local !== undefined) plan.writes.push({ urn: p.urn, entityType: p.entityType, aspectName: p.aspect, value: undefined, ifVersionMatch: base?.version ?? r?.version, mergedLocally: false, localHash });
      } else if (o.conflicts.length > 0) plan.conflicts.push(...o.conflicts.map((c) => ({ urn: p.urn, ...c })));
      else if (o.value !== undefined) {
        const mergedLocally = hashValue(o.value) !== localHash;
        plan.writes.push({ urn: p.urn, entityType: p.entityType, aspectName: p.aspect, value: mergedLocally ? o.value : undefined, ifVersionMatch: r?.version, mergedLocally, localHash });
      }
    }
    pending = [];
  };
  for (const type of store.entityTypes().filter(syncedType)) {
    for (const urn of store.eachUrnOfType(type)) {
      for (const aspect of syncedAspects(store, urn)) {
        const base = store.getSyncBase(remote.location, urn, aspect);
        if (base && base.hash === hashValue(store.getAspect(urn, aspect)?.value)) continue;
        pending.push({ urn, entityType: type, aspect });
        if (pending.length >= chunk) await flush();
      }
    }
  }
  if (pending.length > 0) await flush();
  return plan;
}

export function newRunId(): string {
  return `catalog-push-${new Date().toISOString().replace(/[-:.]/g, '').replace('T', '-').slice(0, 15)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Batches a push keeps in flight at once. */
const IN_FLIGHT = 4;

/** Sends a plan without conflicts, a few batches at a time (see the top of this file). */
export async function sendPlan(store: Store, remote: Remote, plan: PushPlan, runId: string, options: { batchSize?: number; inFlight?: number; onBatch?: (sent: number) => void } = {}): Promise<PushSummary> {
  if (plan.conflicts.length > 0) throw new Error('a plan with conflicts is never sent');
  const batchSize = options.batchSize ?? 100;
  const summary: PushSummary = { runId, entities: new Set(plan.writes.map((w) => w.urn)).size, sent: 0, merged: 0, batches: 0 };
  if (plan.baseOnly.length > 0) {
    await store.write((txn) => {
      for (const b of plan.baseOnly) txn.putSyncBase(remote.location, b.urn, b.aspect, b.base);
    });
  }
  const time = Date.now();
  const batches: PlannedWrite[][] = [];
  for (let i = 0; i < plan.writes.length; i += batchSize) batches.push(plan.writes.slice(i, i + batchSize));
  // A few batches in flight (each is whole on its own: its aspects appear in no other batch); each
  // one's bases are written as soon as the remote acknowledged it, so a push cut short anywhere is
  // resumed by running it again (an aspect the remote holds already only gets its base).
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < batches.length && !failed) {
      // The local values of this batch, read now (an aspect removed locally since the plan is left out).
      const batch = batches[next++]!.flatMap((w) => {
        if (w.mergedLocally) return [w];
        const value = store.getAspect(w.urn, w.aspectName)?.value;
        return value === undefined ? [] : [{ ...w, value, localHash: hashValue(value) }];
      });
      let versions: Map<string, string>;
      try {
        versions = await remote.write(batch, runId);
      } catch (e) {
        // No new batch starts; those in flight finish and keep their bases.
        failed = true;
        throw e;
      }
      await store.write((txn) => {
        for (const w of batch) {
          const version = versions.get(aspectId(w.urn, w.aspectName));
          if (version === undefined) continue;
          const stillLocal = hashValue(txn.getAspect(w.urn, w.aspectName)?.value) === w.localHash;
          if (w.mergedLocally && stillLocal) writeAspect(txn, { actor: SYSTEM_ACTOR, time }, w.urn, w.aspectName, w.value);
          txn.putSyncBase(remote.location, w.urn, w.aspectName, baseRecord(version, w.value));
        }
      });
      summary.sent += batch.length;
      summary.merged += batch.filter((w) => w.mergedLocally).length;
      summary.batches++;
      options.onBatch?.(summary.sent);
    }
  };
  const settled = await Promise.allSettled(Array.from({ length: Math.min(options.inFlight ?? IN_FLIGHT, batches.length) }, worker));
  const failure = settled.find((r) => r.status === 'rejected');
  if (failure) throw (failure as PromiseRejectedResult).reason;
  return summary;
}
