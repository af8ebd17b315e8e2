/**
 * Reading the change event log (docs/events.md): DataHub's events poll (`GET /openapi/v1/events/poll`,
 * the source of DataHub's Actions framework without Kafka) and `catalog events`. Offsets are the
 * log's own: a consumer hands back the `offsetId` it was given and gets the events after it, each
 * once, across restarts of either side.
 */
import { BadRequestError, ForbiddenError } from '../../errors.ts';
import type { ChangeEntry, EventLogSummary, Store } from '../../store/store.ts';
import { eventsOf } from './derive.ts';

/** The one topic served: DataHub's platform events (entity change events). */
export const PLATFORM_EVENT_TOPIC = 'PlatformEvent_v1';
/** DataHub's bounds and defaults (ExternalEventsController): at most 5000 events and 10 s a poll. */
export const MAX_LIMIT = 5000;
export const DEFAULT_LIMIT = 100;
export const MAX_POLL_TIMEOUT_SECONDS = 10;
/**
 * While a poll waits, how often it looks for commits made by another process to the same file (a
 * commit of this process wakes it at once): a read of one `meta` entry a second.
 */
const OTHER_PROCESS_CHECK_MS = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface LoggedEvent {
  offset: number;
  time: number;
  /** The EntityChangeEvent as the log holds it (src/ops/events/derive.ts). */
  event: Record<string, unknown>;
}

export interface EventsPage {
  /** The offset to hand back for the events after these (the last one's, or the start when none). */
  offsetId: string;
  count: number;
  events: LoggedEvent[];
}

export interface PollQuery {
  topic: string;
  offsetId?: string | undefined;
  limit?: number | undefined;
  pollTimeoutSeconds?: number | undefined;
  lookbackWindowDays?: number | undefined;
}

/** Entries read from the log at a time. */
const ENTRIES_PAGE = 256;

/** The events of one entry of the log: kept in it, or computed from the versions it names, change by change. */
function eventsOfEntry(store: Store, entry: ChangeEntry): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  for (const change of entry.changes) {
    const made = change.events ?? store.eventLog.inputsOf(entry, change).flatMap(eventsOf);
    for (const e of made) out.push(e as Record<string, unknown>);
  }
  return out;
}

/** Parses an offset this server gave (`offsetId`, `--after`): a whole number ≥ 0. */
export function parseOffset(text: string, name: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(n))
    throw new BadRequestError(`${name}: "${text}" is not an offset this catalog gave (a whole number ≥ 0)`);
  return n;
}

/**
 * Where a read starts (it returns the events after it): the given offset (no further than the
 * newest: an offset from another file skips nothing to come); else the last offset before the
 * lookback window; else the newest offset, so only what comes next is read, as DataHub's poll does
 * without either.
 */
function startOf(store: Store, q: PollQuery, now: number): number {
  const next = store.eventLog.nextOffset();
  if (q.offsetId !== undefined && q.offsetId !== '') return Math.min(parseOffset(q.offsetId, 'offsetId'), next - 1);
  if (q.lookbackWindowDays !== undefined) return store.eventLog.offsetAt(now - q.lookbackWindowDays * DAY_MS) - 1;
  return next - 1;
}

/**
 * The events of the changes after offset `after` (no waiting): whole changes only, at most `limit`
 * events — or the events of one change alone when it has more. `offsetId` is the last change read.
 */
export function readEvents(store: Store, after: number, limit: number): EventsPage {
  const events: LoggedEvent[] = [];
  let at = after;
  for (;;) {
    const entries = store.eventLog.after(at, ENTRIES_PAGE);
    if (entries.length === 0) break;
    for (const { offset, entry } of entries) {
      const made = eventsOfEntry(store, entry);
      if (events.length > 0 && events.length + made.length > limit)
        return { offsetId: String(at), count: events.length, events };
      for (const event of made) events.push({ offset, time: entry.time, event });
      at = offset;
      if (events.length >= limit) return { offsetId: String(at), count: events.length, events };
    }
  }
  return { offsetId: String(at), count: events.length, events };
}

/** The first offset written at or after `time` (for `catalog events --since`), less one: read after it. */
export function offsetBefore(store: Store, time: number): number {
  return store.eventLog.offsetAt(time) - 1;
}

export function eventLogSummary(store: Store): EventLogSummary {
  return store.eventLog.summary();
}

/**
 * DataHub's poll: the events after the start (see startOf), waiting up to `pollTimeoutSeconds` (at
 * most 10, the default) for one to be committed when there is none yet. The wait costs nothing: a
 * commit of this process wakes it, and another process's commits are looked for once a second.
 */
export async function pollEvents(store: Store, q: PollQuery, now = Date.now()): Promise<EventsPage> {
  if (q.topic !== PLATFORM_EVENT_TOPIC)
    throw new ForbiddenError(
      `topic: "${q.topic}" is not served here; the events API serves ${PLATFORM_EVENT_TOPIC} (entity change events)`,
    );
  if (q.limit !== undefined && q.limit < 1) throw new BadRequestError(`limit: expected at least 1, got ${q.limit}`);
  if (q.pollTimeoutSeconds !== undefined && q.pollTimeoutSeconds < 0)
    throw new BadRequestError(`pollTimeoutSeconds: expected 0 or more, got ${q.pollTimeoutSeconds}`);
  if (q.lookbackWindowDays !== undefined && q.lookbackWindowDays < 0)
    throw new BadRequestError(`lookbackWindowDays: expected 0 or more, got ${q.lookbackWindowDays}`);
  const limit = Math.min(q.limit ?? DEFAULT_LIMIT, MAX_LIMIT);
  const timeoutMs = Math.min(q.pollTimeoutSeconds ?? MAX_POLL_TIMEOUT_SECONDS, MAX_POLL_TIMEOUT_SECONDS) * 1000;
  const start = startOf(store, q, now);
  const first = readEvents(store, start, limit);
  if (first.count > 0 || timeoutMs === 0) return first;
  await waitForEvents(store, start, timeoutMs);
  return readEvents(store, start, limit);
}

/** Resolves when an event after `after` is committed, or after `timeoutMs`. */
function waitForEvents(store: Store, after: number, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    let stop = () => {};
    const done = () => {
      stop();
      resolve();
    };
    const off = store.onEvents(done);
    const check = setInterval(() => {
      // Another process's commit: seen once this process's read snapshot moves on.
      store.refresh();
      if (store.eventLog.nextOffset() > after + 1) done();
    }, OTHER_PROCESS_CHECK_MS);
    const timer = setTimeout(done, timeoutMs);
    stop = () => {
      off();
      clearInterval(check);
      clearTimeout(timer);
    };
  });
}

/** Sets how many events, and how old, the log keeps (`catalog events --keep-days/--keep-events`). */
export async function setRetention(
  store: Store,
  retention: { maxEvents?: number | undefined; maxDays?: number | undefined },
): Promise<{ maxEvents: number; maxAgeDays: number }> {
  const current = store.eventLog.retention();
  for (const [name, value] of Object.entries(retention))
    if (value !== undefined && !(Number.isFinite(value) && value > 0))
      throw new BadRequestError(`${name}: expected a number above 0, got ${value}`);
  const next = {
    maxEvents: retention.maxEvents ?? current.maxEvents,
    maxAgeDays: retention.maxDays ?? current.maxAgeDays,
  };
  await store.setEventRetention(next);
  return next;
}
