import type { CommandModule } from 'yargs';
import { UsageError } from '../usageError.ts';
import { withStore } from '../openStore.ts';

interface DeprecateArgs {
  data: string;
  urn?: string[];
  file?: string;
  note?: string;
  decommissionTime?: string;
  undo: boolean;
}

export const deprecateCommand: CommandModule<object, DeprecateArgs> = {
  command: 'deprecate',
  describe: 'Deprecate (or with --undo un-deprecate) entities, all or none',
  builder: (y) =>
    y
      .option('urn', { type: 'string', array: true, describe: 'URN to deprecate (repeatable)' })
      .option('file', { type: 'string', describe: 'File with one URN per line (# comments allowed)' })
      .option('note', { type: 'string', describe: 'Why, and what to use instead' })
      .option('decommission-time', {
        type: 'string',
        describe: 'When it goes away: ISO date/time or epoch milliseconds',
      })
      .option('undo', { type: 'boolean', default: false, describe: 'Mark the entities as not deprecated' })
      .check((a) => {
        if (!a.urn?.length && !a.file)
          throw new UsageError('Name the entities with --urn URN (repeatable) or --file FILE.');
        return true;
      })
      .example(
        '$0 deprecate --urn "urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD)" --note "use t2" --decommission-time 2026-12-31',
        '',
      ) as never,
  handler: async (args) => {
    const { runDeprecate } = await import('./deprecateRun.ts');
    await withStore(args.data, (store) => runDeprecate(store, args));
  },
};
