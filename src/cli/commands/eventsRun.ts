/** What `catalog events` prints: the events of the log, one a line, and with --follow those to come. */
import { readEvents, type LoggedEvent } from '../../ops/events/poll.ts';
import type { EventLogSummary, Store } from '../../store/store.ts';

/** Events read at a time. */
const PAGE = 1000;
/** How often --follow looks for events another process committed (the file is read, never written). */
const FOLLOW_CHECK_MS = 500;

function line(e: LoggedEvent, json: boolean): string {
  if (json) return JSON.stringify({ offset: e.offset, time: e.time, event: e.event });
  const v = e.event as {
    category?: string;
    operation?: string;
    entityUrn?: string;
    modifier?: string;
    auditStamp?: { actor?: string };
  };
  const parts = [
    String(e.offset),
    new Date(e.time).toISOString(),
    `${v.category} ${v.operation}`,
    v.entityUrn ?? '',
    ...(v.modifier !== undefined ? [v.modifier] : []),
    `by ${v.auditStamp?.actor ?? '?'}`,
  ];
  return parts.join('  ');
}

/** Prints the events after `after`; with `follow`, goes on until SIGINT, SIGTERM or SIGHUP, then ends quietly. */
export async function printEvents(
  store: Store,
  after: number,
  options: { follow: boolean; json: boolean },
): Promise<void> {
  let at = after;
  const drain = () => {
    for (;;) {
      const page = readEvents(store, at, PAGE);
      if (page.count === 0) return;
      process.stdout.write(`${page.events.map((e) => line(e, options.json)).join('\n')}\n`);
      at = Number(page.offsetId);
    }
  };
  drain();
  if (!options.follow) return;
  await new Promise<void>((resolve) => {
    const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
    const stop = () => {
      clearInterval(timer);
      for (const s of signals) process.off(s, stop);
      resolve();
    };
    const timer = setInterval(() => {
      // The file is open read-only: another process's commits are seen once the snapshot moves on.
      store.refresh();
      drain();
    }, FOLLOW_CHECK_MS);
    for (const s of signals) process.on(s, stop);
  });
}

export function printSummary(s: EventLogSummary): void {
  const range = s.oldest === undefined ? '' : ` (offsets ${s.oldest} to ${s.newest})`;
  process.stdout.write(
    `${s.count} change${s.count === 1 ? '' : 's'} logged${range}; the file keeps ${s.retention.maxAgeDays} day${s.retention.maxAgeDays === 1 ? '' : 's'} of changes, at most ${s.retention.maxEvents}.\n`,
  );
}
