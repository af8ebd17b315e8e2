/**
 * `catalog pull REMOTE [slice]`: brings the remote's entities (all, or a slice) into the local file,
 * with the entities they point to (owners, tags, terms, domains, platforms), a page at a time: each
 * page is decided (reconcile.ts) and then written in one write transaction, with the bases of its
 * aspects in the same transaction. Memory is bounded by a page, plus at most REFERENCED_AT_MOST
 * referenced urns the local file lacks (fetched when that many are waiting).
 *
 * Conflicts: an aspect both sides changed in clashing ways is left as it is locally (its base too)
 * and reported; every other aspect is written. This is what `git pull` does with a merge that
 * conflicts in some files: the rest is merged, the conflicts are reported, the command fails — run it
 * again with `--ours` or `--theirs`, or after editing the local value.
 *
 * Entities the remote removed altogether (a hard delete there) are not in its scroll, so they are
 * found another way, without remembering the pulled urns: every base a pull writes carries the pull's
 * id (syncState.ts), and after a scroll of every entity of the types read (no filter but `--type`)
 * the bases kept for the remote are walked in urn order; an entity of those types none of whose bases
 * carries this pull's id was not seen. With `--urn`, the named urns the remote did not return are the
 * ones not seen. Other slices look for no removal (an entity missing from a filtered scroll may only
 * have stopped matching it). What was not seen is asked of the remote again (`getEntities`, a page at
 * a time), and only what it does not return is gone there: each such entity is decided like an entity
 * the remote holds with no aspect, so every aspect with a base is one the remote removed — unchanged
 * here since the base, it is removed here; changed here, it is a conflict like any other. An entity
 * left with no aspect is removed here as a hard delete removes it (with its timeseries events); one
 * that keeps aspects with no base for the remote (local work, never pushed) stays with them.
 */
import { randomBytes } from 'node:crypto';
import { AspectValidationError } from '../../errors.ts';
import { validateAspect } from '../../model/aspects.ts';
import type { Store } from '../../store/store.ts';
import { hashValue } from '../../sync/base.ts';
import type { Conflict } from '../../sync/merge.ts';
import { reconcile, referencedUrns, type Outcome } from '../../sync/reconcile.ts';
import type { Remote, RemoteEntity, Slice } from '../../sync/remote/types.ts';
import { SYSTEM_ACTOR } from '../core/context.ts';
import { writeAspect } from '../core/writeAspect.ts';
import { removeEntity } from '../entities/deleteEntity.ts';
import { SEARCHABLE_TYPES } from '../search/types.ts';
import { entityTypeOf, historyOf, inSlice, syncedAspects, syncedType } from './local.ts';

export interface SyncConflict extends Conflict {
  urn: string;
}

export interface PullSummary {
  entities: number;
  /** Entities the remote no longer has, removed here (their aspects also count in `written`). */
  removed: number;
  written: number;
  unchanged: number;
  merged: number;
  conflicts: SyncConflict[];
  /** Aspects the remote holds that this release cannot store (unknown or invalid), skipped. */
  skipped: Array<{ urn: string; aspect: string; reason: string }>;
}

export interface PullOptions {
  slice: Slice;
  resolve?: 'ours' | 'theirs';
  pageSize?: number;
  /** Referenced urns held before they are fetched (REFERENCED_AT_MOST unless given). */
  referencedAtMost?: number;
  onPage?: (summary: PullSummary) => void;
}

/** The entity types a remote is read by when no `--type` is given. */
export async function remoteTypes(remote: Remote, localTypes: readonly string[]): Promise<string[]> {
  const own = await (remote as { types?: () => string[] | Promise<string[]> }).types?.();
  return own ?? [...new Set([...SEARCHABLE_TYPES, ...localTypes])].filter(syncedType);
}

interface Decision {
  urn: string;
  aspect: string;
  localHash: string;
  /** The remote's version of the aspect and the hash of its value (the base once written). */
  remote: { version: string; hash: string } | undefined;
  outcome: Outcome;
}

/**
 * Referenced urns the local file lacks, held at most before they are fetched (memory stays bounded
 * whatever the remote's size; one that a later page brings too is then simply read twice).
 */
const REFERENCED_AT_MOST = 10_000;

export async function pull(store: Store, remote: Remote, options: PullOptions): Promise<PullSummary> {
  const summary: PullSummary = { entities: 0, removed: 0, written: 0, unchanged: 0, merged: 0, conflicts: [], skipped: [] };
  const pageSize = options.pageSize ?? 500;
  const slice = options.slice;
  // Written into every base this pull writes: the mark of an entity seen (the top of this file).
  const pullId = randomBytes(9).toString('base64url');
  // The urns the pulled entities point to that the local file lacks: fetched after the pull, or
  // sooner when there are many. Pulled entities are not remembered: once written they exist locally.
  const referenced = new Set<string>();
  // Pulled entities that still do not exist locally (every aspect skipped): not to be read again.
  const pulledAbsent = new Set<string>();
  const fetchReferenced = async () => {
    const wanted = [...referenced].filter((u) => !pulledAbsent.has(u) && !store.entityExists(u));
    referenced.clear();
    for (let i = 0; i < wanted.length; i += pageSize) await apply(await remote.getEntities(wanted.slice(i, i + pageSize)), false);
  };
  const apply = async (entities: RemoteEntity[], follow: boolean) => {
    await applyPage(store, remote, entities, options, summary, pullId, false);
    // The pages of the local file this page read and wrote leave the resident set (store.ts).
    store.releaseMappedPages();
    const pageRefs = new Set<string>();
    for (const e of entities) {
      if (!store.entityExists(e.urn)) pulledAbsent.add(e.urn);
      if (follow) referencedUrns([e.urn, ...Array.from(e.aspects.values(), (a) => a.value)], pageRefs);
    }
    for (const u of pageRefs) if (!referenced.has(u) && !pulledAbsent.has(u) && !store.entityExists(u)) referenced.add(u);
    options.onPage?.(summary);
    if (referenced.size >= (options.referencedAtMost ?? REFERENCED_AT_MOST)) await fetchReferenced();
  };
  // Entities the remote does not have (confirmed): each aspect with a base is one it removed.
  const applyGone = async (urns: string[]) => {
    if (urns.length === 0) return;
    await applyPage(store, remote, urns.map((urn) => ({ urn, entityType: entityTypeOf(urn), aspects: new Map() })), options, summary, pullId, true);
    store.releaseMappedPages();
    options.onPage?.(summary);
  };
  const hasBase = (urn: string) => !store.syncBases(remote.location, urn).next().done;
  if (slice.urns?.length) {
    for (let i = 0; i < slice.urns.length; i += pageSize) {
      const named = slice.urns.slice(i, i + pageSize);
      const found = await remote.getEntities(named);
      await apply(found.filter((e) => inSlice(e, slice)), true);
      const there = new Set(found.map((e) => e.urn));
      // A named urn with bases here that the remote did not return: gone there.
      await applyGone([...new Set(named)].filter((u) => !there.has(u) && hasBase(u) && syncedType(entityTypeOf(u))));
    }
  } else {
    const types = slice.types?.length ? slice.types : await remoteTypes(remote, store.entityTypes());
    for await (const page of remote.entities(types, slice.query, pageSize)) await apply(page.filter((e) => syncedType(e.entityType) && inSlice(e, slice)), true);
    if (readsWholeTypes(slice)) {
      // Any synced type without --type: a type the remote no longer has at all is not among `types`.
      const wanted = slice.types?.length ? new Set(slice.types) : undefined;
      await unseen(store, remote.location, pullId, pageSize, (type) => syncedType(type) && (!wanted || wanted.has(type)), async (urns) => {
        const there = new Set((await remote.getEntities(urns)).map((e) => e.urn));
        await applyGone(urns.filter((u) => !there.has(u)));
      });
    }
  }
  // The entities the pulled ones point to, so names show instead of bare urns (one level deep).
  await fetchReferenced();
  return summary;
}

/** Whether a slice reads every entity of its types: no filter but `--type` (so what it did not see is not there). */
function readsWholeTypes(slice: Slice): boolean {
  return !slice.urns?.length && !slice.query && !slice.platform && !slice.domain && !slice.container && !slice.tag;
}

/**
 * The urns of the types `wanted` with bases kept for the remote at `location`, none of which carries
 * `pullId`, handed to `check` up to `pageSize` at a time. The bases are walked in urn order a page at
 * a time (syncState.ts), so memory holds one page of urns whatever the file's size; `check` may write.
 */
async function unseen(store: Store, location: string, pullId: string, pageSize: number, wanted: (type: string) => boolean, check: (urns: string[]) => Promise<void>): Promise<void> {
  let batch: string[] = [];
  let urn: string | undefined;
  let seen = false;
  const close = () => {
    if (urn !== undefined && !seen && wanted(entityTypeOf(urn))) batch.push(urn);
  };
  let walked = 0;
  for (const b of store.syncBases(location)) {
    // The walk crosses every base of the remote: its pages leave the resident set as it goes (store.ts).
    if (++walked % 5000 === 0) store.releaseMappedPages();
    if (b.urn !== urn) {
      close();
      urn = b.urn;
      seen = false;
      // Only urns before this one are in the batch: what `check` writes is behind the walk.
      if (batch.length >= pageSize) {
        await check(batch);
        batch = [];
      }
    }
    if (b.base.pull === pullId) seen = true;
  }
  close();
  if (batch.length > 0) await check(batch);
}

/**
 * Decides and writes one page. `gone`: entities the remote does not have (given with no aspect),
 * whose aspects with a base are decided as removed there, and which go here when no aspect is left.
 */
async function applyPage(store: Store, remote: Remote, entities: RemoteEntity[], options: PullOptions, summary: PullSummary, pullId: string, gone: boolean): Promise<void> {
  const decisions: Decision[] = [];
  for (const e of entities) {
    if (!gone) summary.entities++;
    const names = new Set([...e.aspects.keys(), ...syncedAspects(store, e.urn)]);
    // An aspect removed on both sides has a base only: deciding it forgets the base.
    if (gone) for (const b of store.syncBases(remote.location, e.urn)) names.add(b.aspectName);
    for (const aspect of names) {
      const r = e.aspects.get(aspect);
      if (r) {
        try {
          validateAspect(e.entityType, aspect, r.value);
        } catch (err) {
          if (!(err instanceof AspectValidationError)) throw err;
          summary.skipped.push({ urn: e.urn, aspect, reason: err.message });
          continue;
        }
      }
      const local = store.getAspect(e.urn, aspect)?.value;
      const base = store.getSyncBase(remote.location, e.urn, aspect);
      // A remote aspect absent without a base: the local side has it alone, nothing to pull.
      if (!r && !base) continue;
      const localHash = hashValue(local);
      const remoteHash = hashValue(r?.value);
      const differs = localHash !== remoteHash;
      // Histories matter only where both sides hold a value and no base says which moved on.
      const remoteHistory = differs && !base && local !== undefined && r !== undefined ? await remote.history(e.urn, aspect) : undefined;
      const outcome = reconcile({
        aspectName: aspect,
        base,
        local,
        remote: r?.value,
        localHistory: () => historyOf(store, e.urn, aspect),
        remoteHistory,
        resolve: options.resolve,
        localHash,
        remoteHash,
      });
      decisions.push({ urn: e.urn, aspect, localHash, remote: r && { version: r.version, hash: remoteHash }, outcome });
    }
  }
  const time = Date.now();
  summary.removed += await store.write((txn) => {
    for (const d of decisions) {
      // Another process changed the local value since it was read: leave it to the next pull.
      if (hashValue(txn.getAspect(d.urn, d.aspect)?.value) !== d.localHash) continue;
      const o = d.outcome;
      if (o.kind === 'merged' && o.conflicts.length > 0) continue;
      const value = o.kind === 'takeRemote' || o.kind === 'merged' ? o.value : undefined;
      if (o.kind === 'takeRemote' || o.kind === 'merged') {
        if (value === undefined) txn.deleteAspect(d.urn, d.aspect);
        else writeAspect(txn, { actor: SYSTEM_ACTOR, time }, d.urn, d.aspect, value);
      }
      if (d.remote) txn.putSyncBase(remote.location, d.urn, d.aspect, { version: String(d.remote.version), hash: d.remote.hash, pull: pullId });
      else txn.deleteSyncBase(remote.location, d.urn, d.aspect);
    }
    let removed = 0;
    if (gone) {
      for (const e of entities) {
        // Every aspect went (none was local work or in conflict): the entity goes as a hard delete takes it.
        if (txn.getEntity(e.urn) && syncedAspects(txn, e.urn).length === 0) {
          removeEntity(txn, e.urn);
          removed++;
        }
      }
    }
    return removed;
  });
  for (const d of decisions) {
    const o = d.outcome;
    if (o.kind === 'merged' && o.conflicts.length > 0) summary.conflicts.push(...o.conflicts.map((c) => ({ urn: d.urn, ...c })));
    else if (o.kind === 'takeRemote') summary.written++;
    else if (o.kind === 'merged') {
      summary.merged++;
      summary.written++;
    } else summary.unchanged++;
  }
}
