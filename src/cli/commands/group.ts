import type { CommandModule } from 'yargs';
import { withStore } from '../openStore.ts';
import { upsertBuilder } from './user.ts';

interface UpsertArgs {
  data: string;
  file: string;
  overrideEditable: boolean;
}

export const groupCommand: CommandModule<object, UpsertArgs> = {
  command: 'group',
  describe: "Create or update groups from DataHub's group YAML",
  builder: (y) =>
    y.command({
      command: 'upsert',
      describe: "Create or update groups, their owners and members (DataHub's `datahub group upsert` format)",
      builder: upsertBuilder('group') as never,
      handler: async (argv) => {
        const args = argv as unknown as UpsertArgs;
        const { runGroupUpsert } = await import('./identityRun.ts');
        await withStore(args.data, (store) => runGroupUpsert(store, args.file, args.overrideEditable));
      },
    }).demandCommand(1, 'Name an action: upsert.') as never,
  handler: () => {},
};
