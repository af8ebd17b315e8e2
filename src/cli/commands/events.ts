import type { CommandModule } from 'yargs';
import { UsageError } from '../usageError.ts';
import { withStore } from '../openStore.ts';

interface EventsArgs {
  data: string;
  after?: string;
  since?: string;
  follow: boolean;
  json: boolean;
  'keep-days'?: number;
  'keep-events'?: number;
}

/** `--since`: an ISO 8601 date or time, or milliseconds since the epoch. */
export function parseSince(text: string): number {
  const ms = /^\d+$/.test(text.trim()) ? Number(text) : Date.parse(text);
  if (!Number.isFinite(ms))
    throw new UsageError(
      `--since: "${text}" is not a time (give an ISO 8601 date or time, e.g. 2026-01-31T12:00:00Z, or milliseconds since the epoch)`,
    );
  return ms;
}

export const eventsCommand: CommandModule<object, EventsArgs> = {
  command: 'events',
  describe:
    'Print the change events of the data file (tags, terms, owners, documentation … added, removed, changed), offline; --follow keeps printing them as they are written',
  builder: (y) =>
    y
      .option('after', {
        type: 'string',
        describe: 'Print the events after this offset (the first column, or "offset" in --json)',
      })
      .option('since', {
        type: 'string',
        describe: 'Print the events written at or after this time (ISO 8601, or milliseconds)',
      })
      .option('follow', {
        type: 'boolean',
        default: false,
        describe: 'Keep printing events as they are written, until interrupted',
      })
      .option('json', {
        type: 'boolean',
        default: false,
        describe: 'Print one JSON object a line: {offset, time, event}',
      })
      .option('keep-days', {
        type: 'number',
        describe: 'Set how many days of events the file keeps (7 by default), then print the log',
      })
      .option('keep-events', {
        type: 'number',
        describe: 'Set how many events the file keeps at most (1000000 by default), then print the log',
      })
      .conflicts('after', 'since')
      .example('$0 events --follow', 'Watch what changes in the catalog')
      .example('$0 events --after 1200 --json | jq .event.category', 'The events after offset 1200, as JSON lines')
      .example('$0 events --since 2026-01-31', 'The events written since a day') as never,
  handler: async (args) => {
    const since = args.since === undefined ? undefined : parseSince(args.since);
    for (const name of ['keep-days', 'keep-events'] as const) {
      const v = args[name];
      if (v !== undefined && !(Number.isFinite(v) && v > 0))
        throw new UsageError(`--${name}: expected a number above 0, got ${v}`);
    }
    const setting = args['keep-days'] !== undefined || args['keep-events'] !== undefined;
    const [poll, run] = await Promise.all([import('../../ops/events/poll.ts'), import('./eventsRun.ts')]);
    let after: number | undefined;
    if (args.after !== undefined) {
      try {
        after = poll.parseOffset(args.after, '--after');
      } catch (e) {
        throw new UsageError((e as Error).message);
      }
    }
    await withStore(
      args.data,
      async (store) => {
        if (setting) {
          await poll.setRetention(store, { maxDays: args['keep-days'], maxEvents: args['keep-events'] });
          run.printSummary(poll.eventLogSummary(store));
          return;
        }
        const start = after ?? (since !== undefined ? poll.offsetBefore(store, since) : 0);
        await run.printEvents(store, start, { follow: args.follow, json: args.json });
      },
      { readOnly: !setting },
    );
  },
};
