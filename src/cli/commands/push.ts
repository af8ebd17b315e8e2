import type { CommandModule } from 'yargs';
import { remoteOptions } from './remoteOptions.ts';
import type { PushRunArgs } from './pushRun.ts';

type PushArgs = PushRunArgs & { insecure: boolean };

export const pushCommand: CommandModule<object, PushArgs> = {
  command: 'push <remote>',
  describe: 'Send the aspects changed here since the last sync, merging what the remote changed meanwhile',
  builder: (y) =>
    y
      .positional('remote', { type: 'string', describe: "A remote's name, a URL, or the path of a data file" })
      .option('dry-run', { type: 'boolean', default: false, describe: 'Say what would be sent; send nothing' })
      .option('ours', { type: 'boolean', describe: 'Settle every conflict with the local value' })
      .option('theirs', { type: 'boolean', describe: 'Settle every conflict with the remote value' })
      .option('json', { type: 'boolean', default: false, describe: 'Print the result and conflicts as JSON' })
      .options(remoteOptions)
      .conflicts('ours', 'theirs') as never,
  handler: async (args) => {
    const { runPush } = await import('./pushRun.ts');
    await runPush(args);
  },
};
