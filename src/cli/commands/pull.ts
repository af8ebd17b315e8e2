import type { CommandModule } from 'yargs';
import { remoteOptions, sliceOptions } from './remoteOptions.ts';
import type { PullRunArgs } from './pullRun.ts';

type PullArgs = PullRunArgs & { insecure: boolean };

export const pullCommand: CommandModule<object, PullArgs> = {
  command: 'pull <remote>',
  describe:
    "Bring a remote's entities (all, or a slice) into this file, merging what both sides changed and removing what the remote removed",
  builder: (y) =>
    y
      .positional('remote', {
        type: 'string',
        describe:
          "A remote's name, a URL, the path of a data file, or DataHub's database (postgres://USER@HOST[:PORT]/DB, read-only)",
      })
      .options(sliceOptions)
      .option('ours', { type: 'boolean', describe: 'Settle every conflict with the local value' })
      .option('theirs', { type: 'boolean', describe: 'Settle every conflict with the remote value' })
      .option('dry-run', {
        type: 'boolean',
        default: false,
        describe: 'Say what would be written, merged, removed and in conflict; write nothing',
      })
      .option('fail-safe-threshold', {
        type: 'number',
        describe:
          "Stop, writing nothing, when the remote no longer holds more than this percentage of the entities this file last synced with it (DataHub's stateful-ingestion guard); 100 turns the guard off",
        // DEFAULT_FAIL_SAFE_THRESHOLD (src/ops/sync/pull.ts), written out: command modules load at start-up.
        default: 75,
      })
      .option('json', { type: 'boolean', default: false, describe: 'Print the summary and conflicts as JSON' })
      .options(remoteOptions)
      .conflicts('ours', 'theirs') as never,
  handler: async (args) => {
    const { runPull } = await import('./pullRun.ts');
    await runPull(args);
  },
};
