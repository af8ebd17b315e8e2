/**
 * The change event log (docs/events.md): the events every committed change describes, written in the
 * same write transaction as the change, one entry per event under a monotonic offset:
 * - `events`: offset → EventRecord (the time it was written and the event as the model made it);
 * - `meta`'s `nextEventOffset`: the offset the next event takes (offsets are never given twice, so a
 *   consumer that resumes after an offset misses nothing and sees nothing twice), and
 *   `eventRetention`: how many events, and how old, the log keeps (the default `DEFAULT_RETENTION`).
 *
 * The store knows nothing of what an event says: the model's deriver (src/ops/events) turns an aspect
 * change into the events, handed to the store by openCatalog, as the relationship indexer is. Older
 * files lack the table; it is not part of the format (no format bump): a read-write open creates it,
 * a read-only open of a file without it reads an empty log.
 */
import type { Database, RootDatabase } from 'lmdb';
import type { Walk, WalkEntries } from './keyWalks.ts';
import type { AuditStamp, Tables } from './tables.ts';

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
}

/** What the store needs to keep the log: the events an aspect change makes (the model provides it). */
export interface ChangeEventDeriver {
  /** Whether a change of the aspect can make events (a cheap check on every write). */
  carries(aspectName: string): boolean;
  derive(change: AspectChangeInput): unknown[];
}

/** One entry of the log. */
export interface EventRecord {
  /** When the change was written (milliseconds since the epoch). */
  time: number;
  /** The event, as the deriver made it. */
  value: unknown;
}

export interface EventRetention {
  /** The most events kept; the oldest go first. */
  maxEvents: number;
  /** The oldest event kept, in days. */
  maxAgeDays: number;
}

/** A week of events, at most a million: what DataHub's Kafka topics keep by default, or more. */
export const DEFAULT_RETENTION: EventRetention = { maxEvents: 1_000_000, maxAgeDays: 7 };

const NEXT_OFFSET = 'nextEventOffset';
const RETENTION = 'eventRetention';
const EVENTS_TABLE = 'events';
/** Events trimmed for age in one write transaction at most: a backlog goes over several writes. */
const TRIM_BATCH = 10_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What `catalog verify` and `catalog events` say of the log. */
export interface EventLogSummary {
  count: number;
  /** Undefined when the log is empty. */
  oldest: number | undefined;
  newest: number | undefined;
  retention: EventRetention;
}

export class EventLog {
  readonly db: Database<EventRecord, number> | undefined;

  constructor(
    env: RootDatabase,
    private readonly meta: Tables['meta'],
    private readonly walk: Walk,
    private readonly walkEntries: WalkEntries,
  ) {
    this.db = (env.openDB(EVENTS_TABLE, {}) as Database<EventRecord, number> | null) ?? undefined;
  }

  retention(): EventRetention {
    const stored = this.meta?.get(RETENTION) as Partial<EventRetention> | undefined;
    return { ...DEFAULT_RETENTION, ...(stored ?? {}) };
  }

  /** The offset the next event takes (1 in an empty file). */
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

  /** The events after `offset` (exclusive), oldest first, at most `limit`. */
  after(offset: number, limit: number): Array<{ offset: number; record: EventRecord }> {
    if (!this.db) return [];
    const out: Array<{ offset: number; record: EventRecord }> = [];
    for (const { key, value } of this.walkEntries<number, EventRecord>(EVENTS_TABLE, this.db, {
      start: offset + 1,
      limit,
    }))
      out.push({ offset: key, record: value });
    return out;
  }

  /** The first offset written at or after `time` (for `--since`, `lookbackWindowDays`); the next offset when none. */
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

  /**
   * Appends `events` (inside a write transaction) under the next offsets, then trims what the
   * retention no longer keeps. Returns the last offset written.
   */
  append(events: readonly EventRecord[], now: number): number {
    const db = this.db;
    let next = this.nextOffset();
    if (!db || events.length === 0) return next - 1;
    for (const e of events) void db.put(next++, e);
    void this.meta.put(NEXT_OFFSET, next);
    this.trim(next, now);
    return next - 1;
  }

  /** Sets the retention (inside a write transaction) and trims to it. */
  setRetention(retention: EventRetention, now: number): void {
    void this.meta.put(RETENTION, retention);
    this.trim(this.nextOffset(), now);
  }

  private trim(next: number, now: number): void {
    const db = this.db;
    if (!db) return;
    const { maxEvents, maxAgeDays } = this.retention();
    const cutoff = now - maxAgeDays * DAY_MS;
    const gone: number[] = [];
    // Read first, removed after: the walk does not run over keys it is removing.
    for (const { key, value } of this.walkEntries<number, EventRecord>(EVENTS_TABLE, db, { limit: TRIM_BATCH })) {
      if (next - key <= maxEvents && value.time >= cutoff) break;
      gone.push(key);
    }
    for (const key of gone) void db.remove(key);
    // Past the batch, more to go by count: removed without reading their times.
    const oldest = this.oldest();
    if (gone.length === TRIM_BATCH && oldest !== undefined && next - oldest > maxEvents)
      for (let k = oldest; k < next - maxEvents; k++) void db.remove(k);
  }
}
