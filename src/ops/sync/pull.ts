/**
 * `catalog pull REMOTE [slice]`: brings the remote's entities (all, or a slice) into the local file,
 * with the entities they point to (owners, tags, terms, domains, platforms), a page at a time: each
 * page is decided (reconcile.ts) and then written in one write transaction, with the bases of its
 * aspects in the same transaction. Memory is bounded by a page, plus at most REFERENCED_AT_MOST
 * referenced urns the local file lacks (fetched when that many are waiting).
 *
 * Conflicts: an aspect both sides changed in clashing ways is left as it is locally and reported; its
 * base record gets a conflict mark (the remote's version and value then, and the local value's hash:
 * base.ts), and every other aspect is written. This is what `git pull` does with a merge that
 * conflicts in some files: the rest is merged, the conflicts are reported, the command fails — run it
 * again with `--ours` or `--theirs`, or edit the local value and pull again (the mark tells the next
 * pull that the edit was made after the conflict was shown, which settles it: reconcile.ts).
 *
 * Entities the remote removed altogether (a hard delete there) are not in its scroll, so they are
 * found another way, without remembering the pulled urns: every base a pull writes carries the pull's
 * id (syncState.ts), and after a scroll of every entity of the types read (no filter but `--type`)
 * the bases kept for the remote are walked in urn order; an entity of a type the remote listed none
 * of whose bases carries this pull's id was not seen. A type the remote did not list (a server that
 * does not know it) removes nothing. With `--urn`, the named urns the remote did not return are the
 * ones not seen (of a partial remote, the named urns it lists as removed). Other slices look for no
 * removal (an entity missing from a filtered scroll may only have stopped matching it). What was not seen is asked of the remote again (`getEntities`, a page at
 * a time), and only what it does not return is gone there: each such entity is decided like an entity
 * the remote holds with no aspect, so every aspect with a base is one the remote removed — unchanged
 * here since the base, it is removed here; changed here, it is a conflict like any other. An entity
 * left with no aspect is removed here as a hard delete removes it (with its timeseries events); one
 * that keeps aspects with no base for the remote (local work, never pushed) stays with them.
 *
 * The fail-safe (DataHub's stateful ingestion has the same guard, `fail_safe_threshold`): a pull that
 * would find more than `failSafeThreshold` percent of the entities it covers (those of the listed
 * types with bases for the remote) gone there stops before writing anything. To stop before writing,
 * a pull that may still reach the threshold holds its writes back: the decided pages go to a temporary
 * file (planFile.ts) and the urns it saw to an UrnSet, until it has seen enough of the covered
 * entities that the threshold can no longer be passed (then the held pages are written and the pull
 * goes on as above), or until the scroll ends (then the removed ones are counted, and the pull either
 * stops or writes everything). A first pull (no bases) holds nothing back.
 *
 * A dry run (`dryRun`) decides everything the same way, holds everything back and writes nothing.
 */
import { randomBytes } from 'node:crypto';
import { AspectValidationError, CatalogError } from '../../errors.ts';
import { validateAspect } from '../../model/aspects.ts';
import type { Store, StoreTxn } from '../../store/store.ts';
import { hashValue, type BaseRecord } from '../../sync/base.ts';
import type { Conflict } from '../../sync/merge.ts';
import { reconcile, referencedUrns, referencedUrnsInText, type Outcome } from '../../sync/reconcile.ts';
import { ABSENT_VERSION, RemoteError, type Remote, type RemoteEntity, type Slice } from '../../sync/remote/types.ts';
import { UrnSet } from '../../sync/seen.ts';
import { SYSTEM_ACTOR } from '../core/context.ts';
import { writeAspect } from '../core/writeAspect.ts';
import { removeEntity } from '../entities/deleteEntity.ts';
import { SEARCHABLE_TYPES } from '../search/types.ts';
import { entityTypeOf, historyOf, inSlice, syncedAspects, syncedType } from './local.ts';
import { collectGarbage } from './heap.ts';
import { PlanFile } from './planFile.ts';
import { recordRemote } from './remotes.ts';

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
  /** Aspect writes and removals committed to this file so far (0 in a dry run): what a failure leaves behind. */
  committed: number;
  /** Entity types asked for that the remote does not list (nothing of them was pulled or taken as removed), of those this file holds. */
  unlisted: string[];
  /** In a dry run: what the fail-safe would have said (the pull itself stops with a FailSafeError). */
  failSafe?: { gone: number; covered: number; threshold: number };
}

/** One change a dry run would make: an aspect written, merged or removed, or (no `aspect`) an entity removed. */
export interface PullChange {
  urn: string;
  aspect?: string;
  action: 'write' | 'merge' | 'remove';
}

export interface PullOptions {
  slice: Slice;
  resolve?: 'ours' | 'theirs';
  pageSize?: number;
  /** Referenced urns held before they are fetched (REFERENCED_AT_MOST unless given). */
  referencedAtMost?: number;
  onPage?: (summary: PullSummary) => void;
  /** Decide everything as a pull would, write nothing; each change goes to `onChange`. */
  dryRun?: boolean;
  onChange?: (change: PullChange) => void;
  /**
   * The largest share (percent) of the entities the pull covers that may be found removed there
   * before the pull stops, writing nothing (DEFAULT_FAIL_SAFE_THRESHOLD unless given; 100: no limit).
   */
  failSafeThreshold?: number;
}

/**
 * DataHub's stateful ingestion stops its stale-entity removal when more than `fail_safe_threshold`
 * percent of the entities it last saw are missing; 75 is the default its documentation gave for
 * years (the newest release hides the option and defaults it to 100, off). A pull keeps the guard on.
 */
export const DEFAULT_FAIL_SAFE_THRESHOLD = 75;

/** A pull that would find too large a share of what it covers removed there: nothing was written. */
export class FailSafeError extends CatalogError {
  constructor(
    readonly gone: number,
    readonly covered: number,
    readonly threshold: number,
  ) {
    super(
      'CONFLICT',
      `the remote no longer holds ${gone} of the ${covered} entities this file last synced with it (${percent(gone, covered)}%), more than the fail-safe threshold of ${threshold}%`,
    );
    this.name = 'FailSafeError';
  }
}

/** A pull that failed part-way: `cause` is what failed, `summary` what it had done (`committed`: written here). */
export class PullStopped extends Error {
  constructor(
    override readonly cause: unknown,
    readonly summary: PullSummary,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'PullStopped';
  }
}

export const percent = (part: number, whole: number): number =>
  whole === 0 ? 0 : Math.round((part * 1000) / whole) / 10;

/**
 * The entity types a remote is read by when no `--type` is given: those it says it holds (a file, a
 * database) or DataHub's searchable types (a server), and every synced type this file holds.
 */
export async function remoteTypes(remote: Remote, localTypes: readonly string[]): Promise<string[]> {
  const own = await remote.types?.();
  return [...new Set([...(own ?? SEARCHABLE_TYPES), ...localTypes])].filter(syncedType);
}

interface Decision {
  urn: string;
  aspect: string;
  localHash: string;
  /** The remote's version of the aspect and the hash of its value (the base once written). */
  remote: { version: string; hash: string } | undefined;
  outcome: Outcome;
  /** An aspect left in conflict: the base record it keeps, with the conflict mark. */
  mark?: BaseRecord;
}

/**
 * Referenced urns the local file lacks, held at most before they are fetched (memory stays bounded
 * whatever the remote's size; one that a later page brings too is then simply read twice).
 */
const REFERENCED_AT_MOST = 10_000;

/**
 * Entities decided between two full garbage collections (heap.ts): a pull allocates much and keeps
 * little, and V8 otherwise lets its heap grow with the length of the run.
 */
const COLLECT_EVERY = 1_000;

export async function pull(store: Store, remote: Remote, options: PullOptions): Promise<PullSummary> {
  const run = new PullRun(store, remote, options);
  try {
    return await run.run();
  } catch (e) {
    throw new PullStopped(e, run.summary);
  } finally {
    run.close();
  }
}

class PullRun {
  readonly summary: PullSummary = {
    entities: 0,
    removed: 0,
    written: 0,
    unchanged: 0,
    merged: 0,
    conflicts: [],
    skipped: [],
    committed: 0,
    unlisted: [],
  };
  private readonly pageSize: number;
  private readonly threshold: number;
  /** Written into every base this pull writes: the mark of an entity seen (the top of this file). */
  private readonly pullId = randomBytes(9).toString('base64url');
  /** `direct`: each page is written as it is decided; `held`: pages wait in `spill`; `dry`: nothing is written. */
  private mode: 'direct' | 'held' | 'dry';
  /** The urns decided while nothing is written (held, dry): what the bases' pull ids say otherwise. */
  private seen: UrnSet | undefined;
  private spill: PlanFile<Decision[]> | undefined;
  /** The urns the pulled entities point to that the local file lacks, fetched after the pull (or sooner when many). */
  private readonly referenced = new Set<string>();
  /** Pulled entities that still do not exist locally (every aspect skipped): not to be read again. */
  private readonly pulledAbsent = new Set<string>();
  /** Whether the remote is named in the file (a remote used by its bare URL or path is recorded with its first write). */
  private recorded = false;
  /** Entities decided since the last full garbage collection (COLLECT_EVERY). */
  private sinceCollected = 0;

  constructor(
    private readonly store: Store,
    private readonly remote: Remote,
    private readonly options: PullOptions,
  ) {
    this.pageSize = options.pageSize ?? 500;
    this.threshold = options.failSafeThreshold ?? DEFAULT_FAIL_SAFE_THRESHOLD;
    this.mode = options.dryRun ? 'dry' : 'direct';
    if (this.mode === 'dry') this.seen = new UrnSet();
  }

  close(): void {
    this.spill?.close();
  }

  /** Whether the fail-safe can stop this pull at all. */
  private get guarded(): boolean {
    return this.threshold < 100;
  }

  async run(): Promise<PullSummary> {
    const slice = this.options.slice;
    if (slice.urns?.length) await this.pullUrns(slice.urns);
    else await this.pullScroll();
    // The entities the pulled ones point to, so names show instead of bare urns (one level deep).
    await this.fetchReferenced();
    return this.summary;
  }

  // ---------- the two ways of reading the remote ----------

  /** `--urn`: the named entities, and those of them with bases here that the remote no longer has. */
  private async pullUrns(named: readonly string[]): Promise<void> {
    const slice = this.options.slice;
    const urns = [...new Set(named)];
    const found: RemoteEntity[] = [];
    const gone: string[] = [];
    let covered = 0;
    let emptied = 0;
    // The command line bounds what is held here.
    for (let i = 0; i < urns.length; i += this.pageSize) {
      const page = urns.slice(i, i + this.pageSize);
      const there = await this.remote.getEntities(page);
      found.push(...there.filter((e) => inSlice(e, slice)));
      const returned = new Set(there.map((e) => e.urn));
      for (const u of page) {
        if (!syncedType(entityTypeOf(u)) || !this.hasBase(u)) continue;
        covered++;
        if (!returned.has(u) && !this.remote.partial) gone.push(u);
      }
      for (const e of there) if (e.aspects.size === 0 && this.hasBase(e.urn)) emptied++;
    }
    // A partial remote that lists its removals (an incremental bundle): the named urns it lists are gone.
    if (this.remote.partial && this.remote.removed) {
      const asked = new Set(urns);
      const types = [...new Set(urns.map(entityTypeOf))].filter(syncedType);
      for await (const batch of this.remote.removed(types, this.pageSize))
        for (const u of batch) if (asked.has(u) && this.hasBase(u)) gone.push(u);
    }
    this.failSafe(gone.length + emptied, covered);
    for (let i = 0; i < found.length; i += this.pageSize) await this.apply(found.slice(i, i + this.pageSize), true);
    for (let i = 0; i < gone.length; i += this.pageSize) await this.applyGone(gone.slice(i, i + this.pageSize));
  }

  /** Every entity of the types (or of the slice), then those of the listed types it did not see. */
  private async pullScroll(): Promise<void> {
    const slice = this.options.slice;
    const types = slice.types?.length ? slice.types : await remoteTypes(this.remote, this.store.entityTypes());
    // A partial remote (an incremental bundle) lists only what changed: its removals are explicit.
    const removals = readsWholeTypes(slice) && !this.remote.partial;
    // A file that held no base for the remote (a first pull, a clone) has nothing this pull can
    // find removed: every base after the scroll is one it wrote, stamped with its id.
    const hadBases = !this.store.syncBases(this.remote.location).next().done;
    // The entities the fail-safe covers, before anything is written: until enough of them are seen,
    // the pull holds its writes back (the top of this file).
    let requested = 0;
    if (removals && this.mode === 'direct' && this.guarded) {
      const asked = new Set(types);
      await this.walkBases(
        (type) => asked.has(type),
        () => false,
        () => requested++,
      );
      if (requested > 0) {
        this.mode = 'held';
        this.seen = new UrnSet();
        this.spill = new PlanFile<Decision[]>();
      }
    }
    // Covered entities the scroll brought with aspects, and without any (emptied there: every aspect
    // with a base goes here, so the fail-safe counts them as removed).
    let coveredSeen = 0;
    let emptied = 0;
    const listed = new Set<string>();
    for await (const page of this.remote.entities(types, slice.query, this.pageSize)) {
      if (page.last) listed.add(page.type);
      const entities = page.entities.filter(
        (e) => syncedType(e.entityType) && inSlice(e, slice) && !this.seen?.has(e.urn),
      );
      if (this.mode !== 'direct') {
        for (const e of entities) {
          if (!this.hasBase(e.urn)) continue;
          if (e.aspects.size > 0) coveredSeen++;
          else emptied++;
        }
      }
      await this.apply(entities, true);
      // Seen that many of the covered entities, no outcome can pass the threshold: write from here on.
      if (this.mode === 'held' && (requested - coveredSeen) * 100 <= this.threshold * requested) await this.flush();
    }
    if (types.length > 0 && listed.size === 0) {
      const shown = types.length > 6 ? `${types.slice(0, 6).join(', ')}, …` : types.join(', ');
      throw new RemoteError(
        `${this.remote.location} lists none of the entity types asked for (${shown}): it answered each as a type it does not know`,
        this.remote.location,
      );
    }
    const local = new Set(this.store.entityTypes());
    this.summary.unlisted = types.filter((t) => !listed.has(t) && local.has(t));
    if (!removals) {
      if (this.mode === 'held') await this.flush();
      if (this.remote.removed && !slice.urns?.length)
        for await (const urns of this.remote.removed(types, this.pageSize)) await this.applyGone(urns);
      return;
    }
    const wanted = (type: string) => listed.has(type) && syncedType(type);
    if (this.mode === 'direct') {
      if (!hadBases) return;
      // Seen: a base carries this pull's id.
      await this.walkBases(
        wanted,
        (_urn, stamped) => stamped,
        undefined,
        async (urns) => {
          const there = new Set((await this.remote.getEntities(urns)).map((e) => e.urn));
          await this.applyGone(urns.filter((u) => !there.has(u)));
        },
      );
      return;
    }
    // Held or dry: nothing carries this pull's id yet; the urns seen are in `seen`. The removed ones
    // are counted (and kept in a temporary file) before anything is written.
    const goneFile = new PlanFile<string>();
    try {
      let covered = 0;
      let gone = 0;
      const seen = this.seen!;
      await this.walkBases(
        wanted,
        (urn) => seen.has(urn),
        () => covered++,
        async (urns) => {
          const there = new Set((await this.remote.getEntities(urns)).map((e) => e.urn));
          for (const u of urns) {
            if (there.has(u)) continue;
            goneFile.add(u);
            gone++;
          }
        },
      );
      this.failSafe(gone + emptied, covered);
      if (this.mode === 'held') await this.flush();
      let batch: string[] = [];
      for (const urn of goneFile.entries()) {
        batch.push(urn);
        if (batch.length === this.pageSize) {
          await this.applyGone(batch);
          batch = [];
        }
      }
      await this.applyGone(batch);
    } finally {
      goneFile.close();
    }
  }

  /** Stops the pull (in a dry run: notes it) when `gone` of `covered` passes the threshold. */
  private failSafe(gone: number, covered: number): void {
    if (!this.guarded || covered === 0 || gone * 100 <= this.threshold * covered) return;
    if (this.mode === 'dry') this.summary.failSafe = { gone, covered, threshold: this.threshold };
    else throw new FailSafeError(gone, covered, this.threshold);
  }

  private hasBase(urn: string): boolean {
    return !this.store.syncBases(this.remote.location, urn).next().done;
  }

  /** Whether an urn is here, or will be once the held pages are written (or was pulled with nothing storable). */
  private known(urn: string): boolean {
    return this.pulledAbsent.has(urn) || this.seen?.has(urn) === true || this.store.entityExists(urn);
  }

  // ---------- pages ----------

  private async apply(entities: RemoteEntity[], follow: boolean): Promise<void> {
    const decisions = await this.decide(entities, false);
    const collect = this.collectionDue(entities.length);
    if (this.mode === 'direct') await this.write(decisions, undefined, collect);
    else {
      this.spill?.add(decisions);
      for (const e of entities) this.seen!.add(e.urn);
      if (collect) collectGarbage();
    }
    // The pages of the local file this page read and wrote leave the resident set (store.ts).
    this.store.releaseMappedPages();
    const pageRefs = new Set<string>();
    for (const e of entities) {
      if (this.mode === 'direct' && !this.store.entityExists(e.urn)) this.pulledAbsent.add(e.urn);
      if (!follow) continue;
      if (e.text !== undefined) referencedUrnsInText(e.text, pageRefs);
      else referencedUrns([e.urn, ...Array.from(e.aspects.values(), (a) => a.value)], pageRefs);
    }
    for (const u of pageRefs) if (!this.referenced.has(u) && !this.known(u)) this.referenced.add(u);
    this.options.onPage?.(this.summary);
    if (this.referenced.size >= (this.options.referencedAtMost ?? REFERENCED_AT_MOST)) await this.fetchReferenced();
  }

  private async fetchReferenced(): Promise<void> {
    const wanted = [...this.referenced].filter((u) => !this.known(u));
    this.referenced.clear();
    for (let i = 0; i < wanted.length; i += this.pageSize)
      await this.apply(await this.remote.getEntities(wanted.slice(i, i + this.pageSize)), false);
  }

  /** Entities the remote does not have (confirmed): each aspect with a base is one it removed. */
  private async applyGone(urns: string[]): Promise<void> {
    if (urns.length === 0) return;
    const entities = urns.map((urn) => ({ urn, entityType: entityTypeOf(urn), aspects: new Map() }));
    const decisions = await this.decide(entities, true);
    const collect = this.collectionDue(urns.length);
    if (this.mode === 'dry') {
      this.reportGone(urns, decisions);
      if (collect) collectGarbage();
    } else await this.write(decisions, urns, collect);
    this.store.releaseMappedPages();
    this.options.onPage?.(this.summary);
  }

  /**
   * Counts `decided` entities; true once COLLECT_EVERY were decided since the last collection (the
   * caller collects then: inside the page's write transaction when it writes, see `write`).
   */
  private collectionDue(decided: number): boolean {
    this.sinceCollected += decided;
    if (this.sinceCollected < COLLECT_EVERY) return false;
    this.sinceCollected = 0;
    return true;
  }

  /** Writes what was held back, in order, and goes on writing each page as it is decided. */
  private async flush(): Promise<void> {
    const spill = this.spill;
    this.mode = 'direct';
    this.spill = undefined;
    if (spill) {
      try {
        for (const decisions of spill.entries()) {
          await this.write(decisions, undefined);
          this.store.releaseMappedPages();
        }
      } finally {
        spill.close();
      }
    }
    // Written now: the bases carry this pull's id, and the entities exist here.
    this.seen = undefined;
    this.options.onPage?.(this.summary);
  }

  /**
   * Decides a page, reading only. `gone`: entities the remote does not have (given with no aspect),
   * whose aspects with a base are decided as removed there.
   */
  private async decide(entities: RemoteEntity[], gone: boolean): Promise<Decision[]> {
    const { store, remote, options, summary } = this;
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
        const base: BaseRecord | undefined = store.getSyncBase(remote.location, e.urn, aspect);
        // A remote aspect absent without a base: the local side has it alone, nothing to pull.
        if (!r && !base) continue;
        const localHash = hashValue(local);
        const remoteHash = hashValue(r?.value);
        const differs = localHash !== remoteHash;
        // Histories matter only where both sides hold a value and no base says which moved on.
        const remoteHistory =
          differs && !base && local !== undefined && r !== undefined ? await remote.history(e.urn, aspect) : undefined;
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
        const d: Decision = {
          urn: e.urn,
          aspect,
          localHash,
          remote: r && { version: r.version, hash: remoteHash },
          outcome,
        };
        if (outcome.kind === 'merged' && outcome.conflicts.length > 0) {
          const kept = base ?? outcome.from;
          if (kept)
            d.mark = {
              version: kept.version,
              hash: kept.hash,
              conflict: { version: r?.version ?? ABSENT_VERSION, hash: remoteHash, local: localHash },
            };
          summary.conflicts.push(...outcome.conflicts.map((c) => ({ urn: e.urn, ...c })));
        } else if (outcome.kind === 'takeRemote' || outcome.kind === 'merged') {
          summary.written++;
          if (outcome.kind === 'merged') summary.merged++;
          if (this.mode === 'dry' && !gone)
            options.onChange?.({
              urn: e.urn,
              aspect,
              action: outcome.value === undefined ? 'remove' : outcome.kind === 'merged' ? 'merge' : 'write',
            });
        } else summary.unchanged++;
        decisions.push(d);
      }
    }
    return decisions;
  }

  /** In a dry run: what deciding these gone entities would remove (an entity goes with its last synced aspect). */
  private reportGone(urns: string[], decisions: Decision[]): void {
    const removes = (d: Decision) =>
      (d.outcome.kind === 'takeRemote' || (d.outcome.kind === 'merged' && d.outcome.conflicts.length === 0)) &&
      d.outcome.value === undefined;
    for (const urn of urns) {
      const mine = decisions.filter((d) => d.urn === urn);
      for (const d of mine)
        if (removes(d) && this.store.getAspect(urn, d.aspect))
          this.options.onChange?.({ urn, aspect: d.aspect, action: 'remove' });
      const left = syncedAspects(this.store, urn).filter((a) => !mine.some((d) => d.aspect === a && removes(d)));
      if (this.store.entityExists(urn) && left.length === 0) {
        this.summary.removed++;
        this.options.onChange?.({ urn, action: 'remove' });
      }
    }
  }

  /** Writes decided pages in one write transaction; `gone`: the entities that go here when no aspect is left. */
  /**
   * Writes a page's decisions in one transaction. `collect`: a full garbage collection at the
   * transaction's end, before its commit, while the objects the write path made are alive: collected
   * after the commit, with nothing of the page alive, the collection freed their hidden classes and
   * V8 threw away the write path's optimized code to compile it again on the next page (docs/bundle.md,
   * "A pull's speed").
   */
  private async write(decisions: Decision[], gone: string[] | undefined, collect = false): Promise<void> {
    const { store, remote, pullId } = this;
    const time = Date.now();
    const recordFirst = !this.recorded;
    const done = await store.write(
      (txn) => {
        if (recordFirst) recordRemote(txn, remote.location);
        let committed = 0;
        for (const d of decisions) {
          const now = txn.getAspect(d.urn, d.aspect)?.value;
          // Another process changed the local value since it was read: leave it to the next pull.
          if (hashValue(now) !== d.localHash) continue;
          const o = d.outcome;
          if (o.kind === 'merged' && o.conflicts.length > 0) {
            // Left as it is; the base it had stays, with what this pull showed (an edit after it settles it).
            if (d.mark) putBase(txn, remote.location, d.urn, d.aspect, { ...d.mark, pull: pullId });
            continue;
          }
          if (o.kind === 'takeRemote' || o.kind === 'merged') {
            if (o.value === undefined) {
              if (now !== undefined) {
                txn.deleteAspect(d.urn, d.aspect);
                committed++;
              }
            } else if ((o.kind === 'takeRemote' && d.remote ? d.remote.hash : hashValue(o.value)) !== d.localHash) {
              // (The remote's value was hashed when it was decided.)
              writeAspect(txn, { actor: SYSTEM_ACTOR, time }, d.urn, d.aspect, o.value);
              committed++;
            }
          }
          if (d.remote)
            putBase(txn, remote.location, d.urn, d.aspect, {
              version: String(d.remote.version),
              hash: d.remote.hash,
              pull: pullId,
            });
          else txn.deleteSyncBase(remote.location, d.urn, d.aspect);
        }
        let removed = 0;
        for (const urn of gone ?? []) {
          // Every aspect went (none was local work or in conflict): the entity goes as a hard delete takes it.
          if (txn.getEntity(urn) && syncedAspects(txn, urn).length === 0) {
            removeEntity(txn, urn);
            removed++;
          }
        }
        return { committed, removed };
      },
      collect ? { atEnd: collectGarbage } : {},
    );
    this.recorded = true;
    this.summary.committed += done.committed;
    this.summary.removed += done.removed;
  }

  /**
   * The urns of the types `wanted` with bases kept for the remote, walked in urn order a page at a
   * time (syncState.ts), so memory holds one page of urns whatever the file's size. `covered` is
   * called for each such urn; those `isSeen` says were not seen (given whether a base carries this
   * pull's id) go to `check`, up to a page at a time; `check` may write.
   */
  private async walkBases(
    wanted: (type: string) => boolean,
    isSeen: (urn: string, stamped: boolean) => boolean,
    covered?: () => void,
    check?: (urns: string[]) => Promise<void>,
  ): Promise<void> {
    const { store, pullId, pageSize } = this;
    let batch: string[] = [];
    let urn: string | undefined;
    let stamped = false;
    const close = () => {
      if (urn === undefined || !wanted(entityTypeOf(urn))) return;
      covered?.();
      if (check && !isSeen(urn, stamped)) batch.push(urn);
    };
    let walked = 0;
    for (const b of store.syncBases(this.remote.location)) {
      // The walk crosses every base of the remote: its pages leave the resident set as it goes (store.ts).
      if (++walked % 5000 === 0) {
        store.releaseMappedPages();
        // The walk allocates too (heap.ts): collected every 20 000 bases (a few thousand entities).
        if (walked % 20_000 === 0) collectGarbage();
      }
      if (b.urn !== urn) {
        close();
        urn = b.urn;
        stamped = false;
        // Only urns before this one are in the batch: what `check` writes is behind the walk.
        if (check && batch.length >= pageSize) {
          await check(batch);
          batch = [];
        }
      }
      if (b.base.pull === pullId) stamped = true;
    }
    close();
    if (check && batch.length > 0) await check(batch);
  }
}

/** Whether a slice reads every entity of its types: no filter but `--type` (so what it did not see is not there). */
function readsWholeTypes(slice: Slice): boolean {
  return !slice.urns?.length && !slice.query && !slice.platform && !slice.domain && !slice.container && !slice.tag;
}

/** Writes a base record: the remote's version and hash, the pull's id, a conflict mark (syncState.ts SyncBase). */
export function putBase(
  txn: StoreTxn,
  location: string,
  urn: string,
  aspect: string,
  base: BaseRecord & { pull?: string },
): void {
  txn.putSyncBase(location, urn, aspect, base);
}
