import type { CommandModule } from 'yargs';
import { withStore } from '../openStore.ts';

interface UpsertArgs {
  data: string;
  file: string;
  overrideEditable: boolean;
}

export const upsertBuilder = (what: string) => (y: import('yargs').Argv) =>
  y
    .option('file', { alias: 'f', type: 'string', demandOption: true, describe: `YAML (or JSON) file: one ${what} or a list` })
    .option('override-editable', { type: 'boolean', default: false, describe: 'Write the editable (UI) aspect, as DataHub does with this flag' });

export const userCommand: CommandModule<object, UpsertArgs> = {
  command: 'user',
  describe: "Create or update users from DataHub's user YAML",
  builder: (y) =>
    y.command({
      command: 'upsert',
      describe: "Create or update users (DataHub's `datahub user upsert` format)",
      builder: upsertBuilder('user') as never,
      handler: async (argv) => {
        const args = argv as unknown as UpsertArgs;
        const { runUserUpsert } = await import('./identityRun.ts');
        await withStore(args.data, (store) => runUserUpsert(store, args.file, args.overrideEditable));
      },
    }).demandCommand(1, 'Name an action: upsert.') as never,
  handler: () => {},
};
