/**
 * The change log (docs/events.md): one entry per committed aspect change whose aspect can make change
 * events, written in the same write transaction as the change, under a monotonic offset. An entry
 * names the change — entity, aspect, the versions before and after, who and when — and the events are
 * computed from the stored versions when the log is read, by the model's deriver (src/ops/events), so
 * an ingest writes one small entry per aspect rather than every event its columns make. An event of a
 * timeseries aspect (an assertion's or a run's result) has no version: its entry names the series
 * event by its time and partition, and the versions of the entity's other aspects its events read
 * (a run's `dataProcessInstanceRelationships`). When a value an entry names is about to go (the
 * aspect deleted, the entity deleted, a version reverted, a series event replaced or deleted), the
 * entries naming it get their events computed and kept in them first (`materialize`), so a reader
 * never sees an event change or vanish.
 *
 * Tables:
 * - `events`: offset → ChangeEntry;
 * - `eventRefs`: [urn, offset] → true, the entries that name stored versions or series events of an
 *   entity's aspects (to find them when those values go);
 * - `meta`'s `nextEventOffset` (offsets are never given twice: a consumer that resumes after an offset
 *   misses nothing and sees nothing twice) and `eventRetention` (default `DEFAULT_RETENTION`).
 *
 * Older files lack both tables; they are not part of the format (no format bump): a read-write open
 * creates them, a read-only open of a file without them reads an empty log.
 */
import type { Database, RootDatabase } from 'lmdb';
import { AFTER, type Walk, type WalkEntries } from './keyWalks.ts';
import type { AspectRecord, AuditStamp, SeriesKey, Tables } from './tables.ts';

/** One aspect change as the deriver sees it: `before`/`after` undefined when absent. */
export interface AspectChangeInput {
  urn: string;
  entityType: string;
  aspectName: string;
  before: unknown;
  after: unknown;
  stamp: AuditStamp;
  /** The change created the entity (its key aspect was written), or removed it whole. */
  lifecycle?: 'CREATE' | 'HARD_DELETE';
  /**
   * For an event of a timeseries aspect (`after` the event, `before` undefined: a series has no
   * previous value, as in DataHub's hook): the entity's other aspects as they are in the transaction.
   */
  aspectOf?: (aspectName: string) => unknown;
}

/** What the store needs from the model to keep the log (openCatalog hands it over). */
export interface ChangeEventDeriver {
  /**
   * Whether a change of the aspect of an entity of this type can make events (a cheap check on every
   * write); `lifecycle`: the entity's creation or deletion, `aspectName` its key aspect.
   */
  carries(aspectName: string, entityType: string, lifecycle: boolean): boolean;
  derive(change: AspectChangeInput): unknown[];
  /** Whether a series event of the aspect makes events (a cheap look at the event alone; absent: it may). */
  seriesMakesEvents?(aspectName: string, value: unknown): boolean;
  /** By timeseries aspect, the entity's other aspects the events of its series events read (through `aspectOf`). */
  reads?: ReadonlyMap<string, readonly string[]>;
}

/** One aspect change of an entry: the versions it names, or (materialized) the events it made. */
export interface AspectChangeEntry {
  aspectName: string;
  /** The aspect's version before and after the change (its `systemMetadata.version`), when stored. */
  from?: number;
  to?: number;
  lifecycle?: 'CREATE' | 'HARD_DELETE';
  /**
   * The series events of a timeseries aspect this change wrote, each by its time and partition, in
   * the order written (the events an ingest writes of one entity in one batch share one change).
   */
  series?: Array<[number, string]>;
  /**
   * For series events: the versions of the entity's other aspects their events read, as they were
   * when they were written ([aspect, version], 0 when absent).
   */
  reads?: Array<[string, number]>;
  /** The events, computed at write time (a delete) or before the values named went. */
  events?: unknown[];
}

/** One entry of the log: the changes one write transaction made to one entity, by one actor at one time. */
export interface ChangeEntry {
  time: number;
  actor: string;
  urn: string;
  entityType: string;
  changes: AspectChangeEntry[];
}

/** Whether a change names stored values: versions or a series event (its events are not computed yet). */
export const namesVersions = (c: AspectChangeEntry): boolean =>
  c.events === undefined && (c.from !== undefined || c.to !== undefined || c.series !== undefined);

/** Whether a change not computed yet reads values of the aspect (every aspect when undefined). */
const namesAspect = (c: AspectChangeEntry, aspectName: string | undefined): boolean =>
  aspectName === undefined || c.aspectName === aspectName || (c.reads?.some(([a]) => a === aspectName) ?? false);

/** Which changes to compute: of an aspect (every aspect when undefined), or of some series events. */
export type MaterializeScope = { aspectName: string | undefined } | { aspectName: string; series: ReadonlySet<string> };

/** Whether the events of some series event read values of the aspect (see `ChangeEventDeriver.reads`). */
export const isRead = (deriver: ChangeEventDeriver, aspectName: string): boolean =>
  [...(deriver.reads?.values() ?? [])].some((names) => names.includes(aspectName));

/** A series event's key within its aspect, as `MaterializeScope` lists them. */
export const seriesId = (time: number, partition: string): string => `${time}\u0000${partition}`;

/** Whether two lists of the versions series events read are the same (a change holds events that read the same). */
export const sameReads = (a: AspectChangeEntry['reads'], b: AspectChangeEntry['reads']): boolean =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    a.length === b.length &&
    a.every(([n, v], i) => b[i]![0] === n && b[i]![1] === v));

export interface EventRetention {
  /** The most changes kept; the oldest go first. */
  maxEvents: number;
  /** The oldest change kept, in days. */
  maxAgeDays: number;
}

/** A week, at most a million changes. */
export const DEFAULT_RETENTION: EventRetention = { maxEvents: 1_000_000, maxAgeDays: 7 };

const NEXT_OFFSET = 'nextEventOffset';
const RETENTION = 'eventRetention';
const EVENTS_TABLE = 'events';
const REFS_TABLE = 'eventRefs';
/** Entries trimmed for age in one write transaction at most: a backlog goes over several writes. */
const TRIM_BATCH = 10_000;
const DAY_MS = 24 * 60 * 60 * 1000;

type RefKey = [string, number];

/** What `catalog verify` and `catalog events` say of the log. */
export interface EventLogSummary {
  count: number;
  /** Undefined when the log is empty. */
  oldest: number | undefined;
  newest: number | undefined;
  retention: EventRetention;
}

export class EventLog {
  readonly db: Database<ChangeEntry, number> | undefined;
  private readonly refs: Database<true, RefKey> | undefined;

  constructor(
    env: RootDatabase,
    private readonly meta: Tables['meta'],
    private readonly aspects: Tables['aspects'],
    private readonly series: Tables['series'],
    private readonly walk: Walk,
    private readonly walkEntries: WalkEntries,
  ) {
    this.db = (env.openDB(EVENTS_TABLE, {}) as Database<ChangeEntry, number> | null) ?? undefined;
    this.refs = (env.openDB(REFS_TABLE, {}) as Database<true, RefKey> | null) ?? undefined;
  }

  retention(): EventRetention {
    const stored = this.meta?.get(RETENTION) as Partial<EventRetention> | undefined;
    return { ...DEFAULT_RETENTION, ...(stored ?? {}) };
  }

  /** The offset the next entry takes (1 in an empty file). */
  nextOffset(): number {
    return (this.meta?.get(NEXT_OFFSET) as number | undefined) ?? 1;
  }

  /** The oldest offset held, or undefined. */
  oldest(): number | undefined {
    if (!this.db) return undefined;
    for (const key of this.walk<number>(EVENTS_TABLE, this.db, { limit: 1 })) return key;
    return undefined;
  }

  summary(): EventLogSummary {
    const oldest = this.oldest();
    const next = this.nextOffset();
    return {
      count: oldest === undefined ? 0 : next - oldest,
      oldest,
      newest: oldest === undefined ? undefined : next - 1,
      retention: this.retention(),
    };
  }

  /** The entries after `offset` (exclusive), oldest first, at most `limit`. */
  after(offset: number, limit: number): Array<{ offset: number; entry: ChangeEntry }> {
    if (!this.db) return [];
    const out: Array<{ offset: number; entry: ChangeEntry }> = [];
    for (const { key, value } of this.walkEntries<number, ChangeEntry>(EVENTS_TABLE, this.db, {
      start: offset + 1,
      limit,
    }))
      out.push({ offset: key, entry: value });
    return out;
  }

  /** The first offset written at or after `time` (`--since`, `lookbackWindowDays`); the next offset when none. */
  offsetAt(time: number): number {
    const db = this.db;
    const next = this.nextOffset();
    let low = this.oldest();
    if (!db || low === undefined) return next;
    // Offsets held are contiguous (appended at the end, trimmed from the front) and their times grow
    // with them (one writer at a time): a binary search over [oldest, next).
    let high = next;
    while (low < high) {
      const mid = Math.floor((low + high) / 2);
      const t = db.get(mid)?.time ?? Number.NEGATIVE_INFINITY;
      if (t >= time) high = mid;
      else low = mid + 1;
    }
    return low;
  }

  /** The stored value of `version` of an aspect (its `systemMetadata.version`), if it is still stored. */
  valueAt(urn: string, aspectName: string, version: number): AspectRecord | undefined {
    const latest = this.aspects.get([urn, aspectName, 0]);
    if (!latest) return undefined;
    const history = latest.history ?? 0;
    if (version === history + 1) return latest;
    return version >= 1 && version <= history ? this.aspects.get([urn, aspectName, version]) : undefined;
  }

  /** The stored value of a series event, if it is still stored. */
  private seriesValue(urn: string, aspectName: string, [time, partition]: [number, string]): unknown {
    return this.series.get([urn, aspectName, time, partition] as SeriesKey)?.value;
  }

  /**
   * The values `entry` names that are not stored, described (`catalog verify`): an entry names only
   * what is stored, its events computed before any of it goes.
   */
  missing(entry: ChangeEntry): string[] {
    const out: string[] = [];
    const { urn } = entry;
    const version = (aspectName: string, v: number | undefined) => {
      if (v !== undefined && v > 0 && !this.valueAt(urn, aspectName, v))
        out.push(`version ${v} of aspect ${aspectName} of ${urn}`);
    };
    for (const c of entry.changes) {
      if (!namesVersions(c)) continue;
      version(c.aspectName, c.from);
      version(c.aspectName, c.to);
      for (const [name, v] of c.reads ?? []) version(name, v);
      for (const [time, partition] of c.series ?? [])
        if (!this.series.doesExist([urn, c.aspectName, time, partition] as SeriesKey))
          out.push(`the ${c.aspectName} event of ${urn} at ${time}${partition ? ` (partition ${partition})` : ''}`);
    }
    return out;
  }

  /** One series event of a change, with its value read from the series (a change not materialized). */
  private seriesInput(entry: ChangeEntry, change: AspectChangeEntry, at: [number, string]): AspectChangeInput {
    const { urn } = entry;
    const { aspectName, reads } = change;
    return {
      urn,
      entityType: entry.entityType,
      aspectName,
      before: undefined,
      after: this.seriesValue(urn, aspectName, at),
      stamp: { time: entry.time, actor: entry.actor },
      aspectOf: (name) => {
        const version = reads?.find(([a]) => a === name)?.[1];
        return version ? this.valueAt(urn, name, version)?.value : undefined;
      },
    };
  }

  /** The changes of an entry's change as the deriver takes them, values read from the aspects and series (not materialized). */
  inputsOf(entry: ChangeEntry, change: AspectChangeEntry): AspectChangeInput[] {
    if (change.series !== undefined) return change.series.map((at) => this.seriesInput(entry, change, at));
    const { urn } = entry;
    const { aspectName, from, to } = change;
    return [
      {
        urn,
        entityType: entry.entityType,
        aspectName,
        before: from === undefined ? undefined : this.valueAt(urn, aspectName, from)?.value,
        after: to === undefined ? undefined : this.valueAt(urn, aspectName, to)?.value,
        stamp: { time: entry.time, actor: entry.actor },
        ...(change.lifecycle && { lifecycle: change.lifecycle }),
      },
    ];
  }

  /**
   * Computes in place the events of the changes of `entry` in `scope` that name stored values;
   * answers whether any change still names values, and whether any was computed.
   */
  materializeEntry(
    entry: ChangeEntry,
    scope: MaterializeScope,
    derive: (change: AspectChangeInput) => unknown[],
  ): { left: boolean; changed: boolean } {
    let left = false;
    let changed = false;
    const out: AspectChangeEntry[] = [];
    for (const c of entry.changes) {
      if (!namesVersions(c)) {
        out.push(c);
        continue;
      }
      if ('series' in scope && c.series !== undefined && c.aspectName === scope.aspectName) {
        // Only the series events in scope are computed; the others stay named, in their order.
        let kept: Array<[number, string]> = [];
        const keep = () => {
          if (kept.length > 0) out.push({ ...c, series: kept });
          left ||= kept.length > 0;
          kept = [];
        };
        for (const at of c.series) {
          if (!scope.series.has(seriesId(...at))) {
            kept.push(at);
            continue;
          }
          keep();
          changed = true;
          out.push({ aspectName: c.aspectName, events: derive(this.seriesInput(entry, c, at)) });
        }
        keep();
        continue;
      }
      if ('series' in scope || !namesAspect(c, scope.aspectName)) {
        left = true;
        out.push(c);
        continue;
      }
      changed = true;
      const { from: _f, to: _t, series: _s, reads: _r, ...rest } = c;
      out.push({ ...rest, events: this.inputsOf(entry, c).flatMap(derive) });
    }
    entry.changes = out;
    return { left, changed };
  }

  /** Appends `entries` (inside a write transaction) under the next offsets, then trims to the retention. */
  append(entries: readonly ChangeEntry[], now: number): void {
    const db = this.db;
    if (!db || entries.length === 0) return;
    let next = this.nextOffset();
    for (const e of entries) {
      if (e.changes.some(namesVersions)) void this.refs?.put([e.urn, next], true);
      void db.put(next++, e);
    }
    void this.meta.put(NEXT_OFFSET, next);
    this.trim(next, now);
  }

  /**
   * Computes and keeps the events of every committed entry of the entity whose changes in `scope`
   * name stored values, inside a write transaction, before those values go.
   */
  materialize(urn: string, scope: MaterializeScope, derive: (change: AspectChangeInput) => unknown[]): void {
    const db = this.db;
    const refs = this.refs;
    if (!db || !refs) return;
    const keys = Array.from(this.walk<RefKey>(REFS_TABLE, refs, { start: [urn, 0], end: [urn + AFTER, 0] }));
    for (const key of keys) {
      const stored = db.get(key[1]);
      if (!stored) {
        void refs.remove(key);
        continue;
      }
      const entry = { ...stored, changes: [...stored.changes] };
      const { left, changed } = this.materializeEntry(entry, scope, derive);
      if (changed) void db.put(key[1], entry);
      if (!left) void refs.remove(key);
    }
  }

  /** Sets the retention (inside a write transaction) and trims to it. */
  setRetention(retention: EventRetention, now: number): void {
    void this.meta.put(RETENTION, retention);
    this.trim(this.nextOffset(), now);
  }

  private remove(key: number, entry: ChangeEntry | undefined): void {
    if (entry?.changes.some(namesVersions)) void this.refs?.remove([entry.urn, key]);
    void this.db!.remove(key);
  }

  private trim(next: number, now: number): void {
    const db = this.db;
    if (!db) return;
    const { maxEvents, maxAgeDays } = this.retention();
    const cutoff = now - maxAgeDays * DAY_MS;
    const gone: Array<{ key: number; value: ChangeEntry }> = [];
    // Read first, removed after: the walk does not run over keys it is removing.
    for (const e of this.walkEntries<number, ChangeEntry>(EVENTS_TABLE, db, { limit: TRIM_BATCH })) {
      if (next - e.key <= maxEvents && e.value.time >= cutoff) break;
      gone.push(e);
    }
    for (const { key, value } of gone) this.remove(key, value);
    // Past the batch, more to go by count.
    const oldest = this.oldest();
    if (gone.length === TRIM_BATCH && oldest !== undefined && next - oldest > maxEvents)
      for (let k = oldest; k < next - maxEvents; k++) this.remove(k, db.get(k));
  }
}
