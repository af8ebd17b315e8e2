/**
 * `catalog user upsert` and `catalog group upsert`: DataHub's identity YAML, read and written by
 * identityRun.ts (loaded only when one of them runs).
 */
import type { Argv, CommandModule } from 'yargs';
import type { Store } from '../../store/store.ts';
import { withStore } from '../openStore.ts';

interface UpsertArgs {
  data: string;
  file: string;
  overrideEditable: boolean;
}

type Runner = (store: Store, file: string, overrideEditable: boolean) => Promise<void>;

function upsertCommand(
  what: 'user' | 'group',
  describe: string,
  upsertDescribe: string,
  runner: () => Promise<Runner>,
): CommandModule<object, UpsertArgs> {
  return {
    command: what,
    describe,
    builder: (y) =>
      y
        .command({
          command: 'upsert',
          describe: upsertDescribe,
          builder: (u: Argv) =>
            u
              .option('file', {
                alias: 'f',
                type: 'string',
                demandOption: true,
                describe: `YAML (or JSON) file: one ${what} or a list`,
              })
              .option('override-editable', {
                type: 'boolean',
                default: false,
                describe: 'Write the editable (UI) aspect, as DataHub does with this flag',
              }),
          handler: async (argv) => {
            const args = argv as unknown as UpsertArgs;
            const run = await runner();
            await withStore(args.data, (store) => run(store, args.file, args.overrideEditable), { create: true });
          },
        })
        .demandCommand(1, 'Name an action: upsert.') as never,
    handler: () => {},
  };
}

export const userCommand = upsertCommand(
  'user',
  "Create or update users from DataHub's user YAML",
  "Create or update users (DataHub's `datahub user upsert` format)",
  async () => (await import('./identityRun.ts')).runUserUpsert,
);

export const groupCommand = upsertCommand(
  'group',
  "Create or update groups from DataHub's group YAML",
  "Create or update groups, their owners and members (DataHub's `datahub group upsert` format)",
  async () => (await import('./identityRun.ts')).runGroupUpsert,
);
