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
 */
import { AspectValidationError } from '../../errors.ts';
import { validateAspect } from '../../model/aspects.ts';
import type { Store } from '../../store/store.ts';
import { hashValue } from '../../sync/base.ts';
import type { Conflict } from '../../sync/merge.ts';
import { reconcile, referencedUrns, type Outcome } from '../../sync/reconcile.ts';
import type { Remote, RemoteEntity, Slice } from '../../sync/remote/types.ts';
import { SYSTEM_ACTOR } from '../core/context.ts';
import { writeAspect } from '../core/writeAspect.ts';
import { SEARCHABLE_TYPES } from '../search/types.ts';
import { historyOf, inSlice, syncedAspects, syncedType } from './local.ts';

export interface SyncConflict extends Conflict {
  urn: string;
}

export interface PullSummary {
  entities: number;
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
  const summary: PullSummary = { entities: 0, written: 0, unchanged: 0, merged: 0, conflicts: [], skipped: [] };
  const pageSize = options.pageSize ?? 500;
  const slice = options.slice;
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
    await applyPage(store, remote, entities, options, summary);
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
  if (slice.urns?.length) {
    for (let i = 0; i < slice.urns.length; i += pageSize) await apply((await remote.getEntities(slice.urns.slice(i, i + pageSize))).filter((e) => inSlice(e, slice)), true);
  } else {
    const types = slice.types?.length ? slice.types : await remoteTypes(remote, store.entityTypes());
    for await (const page of remote.entities(types, slice.query, pageSize)) await apply(page.filter((e) => syncedType(e.entityType) && inSlice(e, slice)), true);
  }
  // The entities the pulled ones point to, so names show instead of bare urns (one level deep).
  await fetchReferenced();
  return summary;
}

async function applyPage(store: Store, remote: Remote, entities: RemoteEntity[], options: PullOptions, summary: PullSummary): Promise<void> {
  const decisions: Decision[] = [];
  for (const e of entities) {
    summary.entities++;
    const names = new Set([...e.aspects.keys(), ...syncedAspects(store, e.urn)]);
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
  await store.write((txn) => {
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
      if (d.remote) txn.putSyncBase(remote.location, d.urn, d.aspect, { version: String(d.remote.version), hash: d.remote.hash });
      else txn.deleteSyncBase(remote.location, d.urn, d.aspect);
    }
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
