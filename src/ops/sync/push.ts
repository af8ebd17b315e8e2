/**
 * `catalog push REMOTE`: sends the aspects changed locally since the base, in two passes. An aspect
 * removed here since the base (alone, or with its whole entity) is removed there by a DELETE with
 * `If-Version-Match` = the base version, so a value the remote changed meanwhile is never lost: that
 * is a conflict (`--ours` deletes it anyway, `--theirs` keeps the remote's value here too). The
 * remote keeps an entity's key aspect: removing the entity itself there could remove aspects this
 * file never saw.
 *
 * 1. Plan, writing nothing: the local aspects are walked entity by entity; every one whose value no
 *    longer hashes as its base is compared with the remote's current value, read a hundred entities
 *    at a time (the next hundred are fetched while these are decided). Unchanged there since the
 *    base → send the local value with `If-Version-Match` = the base version. Changed there too →
 *    merge three-way (reconcile.ts) and send the merge with `If-Version-Match` = the remote's
 *    current version. What is to be sent goes to a plan file (planFile.ts: keys, versions, hashes,
 *    and the merged values), not to memory, so memory does not grow with the catalog. A conflict
 *    left after the plan stops the push here: nothing is written on either side.
 * 2. Send the plan file in batches, synchronously (four in flight), under one `runId`; the local
 *    values are read again as each batch goes out. After each batch the remote acknowledged, the
 *    local file takes the bases of that batch (and the merged values) in one write transaction. A
 *    value edited locally between the passes goes out as it is now (its base describes what was
 *    sent); a remote value changed between the passes fails its `If-Version-Match`, and the push
 *    stops there with what was acknowledged recorded.
 *    A push that dies half-way leaves bases for what was acknowledged; run again, it plans again and
 *    sends only the rest (an aspect the remote got but whose base was not kept now holds the local
 *    value on both sides: only its base is written).
 *
 * One run, one `runId`, even across a kill: before its first batch, a push marks the remote's record
 * in the file with its runId (`pushRun`, kept beside the name and location), and clears it when the
 * last batch is acknowledged. A push that finds a mark continues under that runId (`pushRunId`), so
 * a single `datahub ingest rollback --run-id` still undoes all of it. A push that fails part-way is a
 * PushStopped saying what the remote acknowledged.
 */
import { BadRequestError } from '../../errors.ts';
import type { RemoteRecord, Store, StoreTxn } from '../../store/store.ts';
import { hashValue, type BaseRecord } from '../../sync/base.ts';
import { PlanFile } from './planFile.ts';
import { reconcile } from '../../sync/reconcile.ts';
import { ABSENT_VERSION, aspectId, type AspectWrite, type Remote, type RemoteEntity } from '../../sync/remote/types.ts';
import { SYSTEM_ACTOR } from '../core/context.ts';
import { writeAspect } from '../core/writeAspect.ts';
import { entityTypeOf, historyOf, syncedAspects, syncedType } from './local.ts';
import { pushRefusal } from './postgresRemote.ts';
import { putBase, type SyncConflict } from './pull.ts';
import { recordRemote } from './remotes.ts';

/** An aspect to send. */
export interface PlannedWrite {
  kind: 'write';
  urn: string;
  entityType: string;
  aspectName: string;
  ifVersionMatch?: string;
  /**
   * The merge to send, which also becomes the local value; absent when the local value is sent,
   * which is read again when its batch goes out.
   */
  merged?: unknown;
  /** Hash of the local value the merge started from (a local change since then keeps the local value). */
  localHash?: string;
  /** Remove the aspect from the remote (it was removed here). */
  delete?: true;
}

/** An aspect the remote holds with the local value already: only its base is written. */
export interface PlannedBase {
  kind: 'base';
  urn: string;
  aspectName: string;
  base: BaseRecord;
}

/** An aspect neither side holds any more: its base is dropped. */
export interface PlannedForget {
  kind: 'forget';
  urn: string;
  aspectName: string;
}

export type PlanEntry = PlannedWrite | PlannedBase | PlannedForget;

export interface PushPlan {
  /** Aspects to send, of them merges and deletions, and the entities they belong to. */
  writes: number;
  merges: number;
  deletes: number;
  entities: number;
  /** Aspects that already hold the local value on the remote. */
  baseOnly: number;
  conflicts: SyncConflict[];
  /** Aspects the remote changed while the local side did not: left for `catalog pull`. */
  behind: number;
  /** The planned entries in plan order, read back from the plan file. */
  entries(): Generator<PlanEntry>;
  /** Frees the plan file (sendPlan does it when done). */
  close(): void;
}

export interface PushSummary {
  runId: string;
  entities: number;
  sent: number;
  merged: number;
  /** Of the aspects sent, those removed from the remote. */
  deleted: number;
  batches: number;
}

/** A local aspect changed since the base, with what the walk read of it. */
interface Candidate {
  urn: string;
  entityType: string;
  aspect: string;
  local: unknown;
  base: BaseRecord | undefined;
  /** Known when the walk compared it with a base. */
  localHash: string | undefined;
}

/** Every local aspect changed since the remote's base, compared with the remote now. */
export async function planPush(
  store: Store,
  remote: Remote,
  options: { resolve?: 'ours' | 'theirs'; chunk?: number } = {},
): Promise<PushPlan> {
  if (remote.kind === 'postgres') throw new BadRequestError(pushRefusal(remote.location));
  const file = new PlanFile<PlanEntry>();
  const plan: PushPlan = {
    writes: 0,
    merges: 0,
    deletes: 0,
    entities: 0,
    baseOnly: 0,
    conflicts: [],
    behind: 0,
    entries: () => file.entries(),
    close: () => file.close(),
  };
  // Entities whose changed aspects are decided together, after one read of the remote.
  const chunk = options.chunk ?? 100;
  let lastWritten: string | undefined;
  const write = (entry: PlannedWrite) => {
    file.add(entry);
    plan.writes++;
    if (entry.merged !== undefined) plan.merges++;
    if (entry.delete) plan.deletes++;
    if (entry.urn !== lastWritten) plan.entities++;
    lastWritten = entry.urn;
  };

  const decide = async (candidates: Candidate[], remoteEntities: Map<string, RemoteEntity>) => {
    for (const c of candidates) {
      const { urn, aspect, local, base } = c;
      const r = remoteEntities.get(urn)?.aspects.get(aspect);
      // New here and absent there, as far as any base knows: sent as it is, nothing to hash now.
      if (!base && r === undefined) {
        if (local !== undefined)
          write({ kind: 'write', urn, entityType: c.entityType, aspectName: aspect, ifVersionMatch: ABSENT_VERSION });
        continue;
      }
      const localHash = c.localHash ?? hashValue(local);
      const remoteHash = hashValue(r?.value);
      // Histories matter only where both sides hold a value and no base says which moved on.
      const remoteHistory =
        localHash !== remoteHash && !base && local !== undefined && r !== undefined
          ? await remote.history(urn, aspect)
          : undefined;
      const o = reconcile({
        aspectName: aspect,
        base,
        local,
        remote: r?.value,
        localHash,
        remoteHash,
        localHistory: () => historyOf(store, urn, aspect),
        remoteHistory,
        resolve: options.resolve,
      });
      if (o.kind === 'same') {
        if (r) {
          file.add({ kind: 'base', urn, aspectName: aspect, base: { version: String(r.version), hash: remoteHash } });
          plan.baseOnly++;
        } else if (base) file.add({ kind: 'forget', urn, aspectName: aspect });
      } else if (o.kind === 'takeRemote') plan.behind++;
      else if (o.kind === 'keepLocal') {
        const ifVersionMatch = base?.version ?? r?.version ?? ABSENT_VERSION;
        // Removed here, unchanged there since the base: removed there, if it still is at that version.
        if (local === undefined)
          write({ kind: 'write', urn, entityType: c.entityType, aspectName: aspect, ifVersionMatch, delete: true });
        else write({ kind: 'write', urn, entityType: c.entityType, aspectName: aspect, ifVersionMatch });
      } else if (o.conflicts.length > 0) plan.conflicts.push(...o.conflicts.map((x) => ({ urn, ...x })));
      else if (o.value === undefined) {
        // A removal here against a change there, settled with --ours: removed there.
        if (local === undefined && r !== undefined)
          write({
            kind: 'write',
            urn,
            entityType: c.entityType,
            aspectName: aspect,
            ifVersionMatch: r.version,
            delete: true,
          });
      } else {
        const merged = hashValue(o.value) !== localHash;
        write({
          kind: 'write',
          urn,
          entityType: c.entityType,
          aspectName: aspect,
          ifVersionMatch: r?.version ?? ABSENT_VERSION,
          ...(merged && { merged: o.value, localHash }),
        });
      }
    }
  };

  // One chunk is decided while the remote reads the next one.
  let ahead: { candidates: Candidate[]; remote: Promise<Map<string, RemoteEntity>> } | undefined;
  const next = async (candidates: Candidate[] | undefined) => {
    const fetching = candidates && {
      candidates,
      remote: remote
        .getEntities([...new Set(candidates.map((c) => c.urn))])
        .then((list) => new Map(list.map((e) => [e.urn, e]))),
    };
    // Handled below, in order; this only keeps a failure from being reported as unhandled meanwhile.
    fetching?.remote.catch(() => undefined);
    if (ahead) await decide(ahead.candidates, await ahead.remote);
    ahead = fetching;
    // The walk's RSS follows the chunk it is on, not the file it has crossed (store.ts).
    store.releaseMappedPages();
  };
  try {
    let candidates: Candidate[] = [];
    let urns = 0;
    for (const type of store.entityTypes().filter(syncedType)) {
      for (const urn of store.eachUrnOfType(type)) {
        let changed = false;
        for (const aspect of syncedAspects(store, urn)) {
          const local = store.getAspect(urn, aspect)?.value;
          const base = store.getSyncBase(remote.location, urn, aspect);
          const localHash = base ? hashValue(local) : undefined;
          if (base && base.hash === localHash) continue;
          candidates.push({ urn, entityType: type, aspect, local, base, localHash });
          changed = true;
        }
        if (changed && ++urns >= chunk) {
          await next(candidates);
          candidates = [];
          urns = 0;
        }
      }
    }
    if (candidates.length > 0) await next(candidates);
    // Aspects removed here since the base (an aspect, or a whole entity): the bases of what is gone.
    // Only those are kept, so memory grows with what was removed, not with the catalog.
    const removed: Candidate[] = [];
    const absent = hashValue(undefined);
    // Bases come in urn order: the entity's list of stored aspects is read once per urn, no value decoded.
    let listed: { urn: string; aspects: ReadonlySet<string> } | undefined;
    for (const { urn, aspectName, base } of store.syncBases(remote.location)) {
      if (listed?.urn !== urn) listed = { urn, aspects: new Set(store.getEntity(urn)?.aspects ?? []) };
      if (listed.aspects.has(aspectName)) continue;
      const entityType = entityTypeOf(urn);
      if (syncedType(entityType))
        removed.push({ urn, entityType, aspect: aspectName, local: undefined, base, localHash: absent });
    }
    for (let i = 0; i < removed.length; i += chunk) await next(removed.slice(i, i + chunk));
    await next(undefined);
  } catch (e) {
    file.close();
    throw e;
  }
  return plan;
}

export function newRunId(): string {
  return `catalog-push-${new Date().toISOString().replace(/[-:.]/g, '').replace('T', '-').slice(0, 15)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** A remote's record as push keeps it: with the runId of a push that started and has not finished. */
type RunRecord = RemoteRecord;

/**
 * The runId the next push to `location` sends under: the one of a push that started there and did
 * not finish (killed, cut off, or stopped by the remote), else a new one.
 */
export function pushRunId(store: Store, location: string): { runId: string; continued: boolean } {
  const open = (store.remotes() as RunRecord[]).find((r) => r.location === location && r.pushRun)?.pushRun;
  return open ? { runId: open, continued: true } : { runId: newRunId(), continued: false };
}

/** Whether the remote's records say otherwise than `runId` (undefined: no push under way). */
function runMarkDiffers(store: Store, location: string, runId: string | undefined): boolean {
  const records = (store.remotes() as RunRecord[]).filter((r) => r.location === location);
  return records.length === 0 || records.some((r) => r.pushRun !== runId);
}

/** Marks (or, `runId` undefined, unmarks) every record of the remote with the push under way. */
function markRun(txn: StoreTxn, location: string, runId: string | undefined): void {
  recordRemote(txn, location);
  for (const r of txn.remotes() as RunRecord[]) {
    if (r.location !== location || r.pushRun === runId) continue;
    const { pushRun: _done, ...rest } = r;
    const next: RunRecord = runId === undefined ? rest : { ...rest, pushRun: runId };
    txn.putRemote(next);
  }
}

/** What a push had done when it failed: `cause` is the failure. */
export class PushStopped extends Error {
  constructor(
    override readonly cause: unknown,
    readonly runId: string,
    /** Aspects the remote acknowledged (recorded here). */
    readonly acknowledged: number,
    /** Of the plan, aspects to send in all. */
    readonly planned: number,
    /** Whether any write had been sent (a batch cut off may have been written there unacknowledged). */
    readonly sending: boolean,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'PushStopped';
  }
}

/** Batches a push keeps in flight at once. */
const IN_FLIGHT = 4;
/** Base-only entries written locally in one transaction at most. */
const BASES_PER_WRITE = 1000;

interface Outgoing extends AspectWrite {
  entry: PlannedWrite;
  /** Hash of the value sent: the base once the remote has it. */
  hash: string;
}

/** Sends a plan without conflicts, a few batches at a time (see the top of this file); closes the plan. */
export async function sendPlan(
  store: Store,
  remote: Remote,
  plan: PushPlan,
  runId: string,
  options: { batchSize?: number; inFlight?: number; onBatch?: (sent: number) => void } = {},
): Promise<PushSummary> {
  try {
    if (plan.conflicts.length > 0) throw new Error('a plan with conflicts is never sent');
    const batchSize = options.batchSize ?? 100;
    const summary: PushSummary = { runId, entities: plan.entities, sent: 0, merged: 0, deleted: 0, batches: 0 };
    const time = Date.now();
    const entries = plan.entries();
    // The next batch of writes from the plan file, with the base-only entries met on the way.
    const take = (): { writes: PlannedWrite[]; bases: Array<PlannedBase | PlannedForget> } | undefined => {
      const writes: PlannedWrite[] = [];
      const bases: Array<PlannedBase | PlannedForget> = [];
      while (writes.length < batchSize && bases.length < BASES_PER_WRITE) {
        const n = entries.next();
        if (n.done) break;
        if (n.value.kind === 'write') writes.push(n.value);
        else bases.push(n.value);
      }
      return writes.length + bases.length > 0 ? { writes, bases } : undefined;
    };
    // A few batches in flight (each is whole on its own: its aspects appear in no other batch); each
    // one's bases are written as soon as the remote acknowledged it, so a push cut short anywhere is
    // resumed by running it again (an aspect the remote holds already only gets its base).
    let failed = false;
    let sending = false;
    // Marked before the first write leaves: a push killed from here on is continued under this runId.
    if (plan.writes > 0 && runMarkDiffers(store, remote.location, runId))
      await store.write((txn) => markRun(txn, remote.location, runId));
    const worker = async () => {
      for (let b = failed ? undefined : take(); b; b = failed ? undefined : take()) {
        // The local values of this batch, read now: an aspect removed locally since the plan is left
        // out, and so is a removal whose aspect is back here (the next push compares it again).
        const batch: Outgoing[] = b.writes.flatMap((entry): Outgoing[] => {
          const { urn, entityType, aspectName, ifVersionMatch } = entry;
          const value = entry.merged !== undefined ? entry.merged : store.getAspect(urn, aspectName)?.value;
          if (entry.delete)
            return value === undefined
              ? [{ entry, urn, entityType, aspectName, value: undefined, ifVersionMatch, delete: true, hash: '' }]
              : [];
          return value === undefined
            ? []
            : [{ entry, urn, entityType, aspectName, value, ifVersionMatch, hash: hashValue(value) }];
        });
        let versions = new Map<string, string>();
        if (batch.length > 0) {
          try {
            sending = true;
            versions = await remote.write(batch, runId);
          } catch (e) {
            // No new batch starts; those in flight finish and keep their bases.
            failed = true;
            throw e;
          }
        }
        await store.write((txn) => {
          recordRemote(txn, remote.location);
          for (const x of b.bases) {
            if (x.kind === 'base') putBase(txn, remote.location, x.urn, x.aspectName, x.base);
            else txn.deleteSyncBase(remote.location, x.urn, x.aspectName);
          }
          for (const w of batch) {
            const version = versions.get(aspectId(w.urn, w.aspectName));
            if (version === undefined) continue;
            // Removed on both sides now: nothing is left to compare.
            if (w.delete) {
              txn.deleteSyncBase(remote.location, w.urn, w.aspectName);
              continue;
            }
            // A merge becomes the local value unless the local value moved on since the plan read it.
            if (
              w.entry.merged !== undefined &&
              hashValue(txn.getAspect(w.urn, w.aspectName)?.value) === w.entry.localHash
            ) {
              writeAspect(txn, { actor: SYSTEM_ACTOR, time }, w.urn, w.aspectName, w.value);
            }
            txn.putSyncBase(remote.location, w.urn, w.aspectName, { version, hash: w.hash });
          }
        });
        store.releaseMappedPages();
        if (batch.length > 0) {
          summary.sent += batch.length;
          summary.merged += batch.filter((w) => w.entry.merged !== undefined).length;
          summary.deleted += batch.filter((w) => w.delete).length;
          summary.batches++;
          options.onBatch?.(summary.sent);
        }
      }
    };
    const settled = await Promise.allSettled(
      Array.from({ length: Math.max(1, options.inFlight ?? IN_FLIGHT) }, worker),
    );
    const failure = settled.find((r) => r.status === 'rejected');
    if (failure)
      throw new PushStopped((failure as PromiseRejectedResult).reason, runId, summary.sent, plan.writes, sending);
    if (runMarkDiffers(store, remote.location, undefined))
      await store.write((txn) => markRun(txn, remote.location, undefined));
    return summary;
  } finally {
    plan.close();
  }
}
