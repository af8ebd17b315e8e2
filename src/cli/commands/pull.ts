import type { CommandModule } from 'yargs';
import { withStore } from '../openStore.ts';
import { remoteOptions } from './remoteOptions.ts';
import type { PullRunArgs } from './pullRun.ts';

type PullArgs = PullRunArgs & { data: string; insecure: boolean };

export const pullCommand: CommandModule<object, PullArgs> = {
  command: 'pull <remote>',
  describe: 'Bring a remote\'s entities (all, or a slice) into this file, merging what both sides changed and removing what the remote removed',
  builder: (y) =>
    y
      .positional('remote', { type: 'string', describe: 'A remote\'s name, a URL, the path of a data file, or DataHub\'s database (postgres://USER@HOST[:PORT]/DB, read-only)' })
      .option('type', { type: 'string', array: true, describe: 'Only entities of this type (repeatable)' })
      .option('platform', { type: 'string', describe: 'Only entities of this platform (name or urn)' })
      .option('domain', { type: 'string', describe: 'Only entities in this domain (urn)' })
      .option('container', { type: 'string', describe: 'Only entities in this container (urn)' })
      .option('tag', { type: 'string', describe: 'Only entities with this tag (name or urn)' })
      .option('urn', { type: 'string', array: true, describe: 'Only this entity (repeatable)' })
      .option('query', { type: 'string', describe: 'Only entities matching this search (our search syntax)' })
      .option('ours', { type: 'boolean', describe: 'Settle every conflict with the local value' })
      .option('theirs', { type: 'boolean', describe: 'Settle every conflict with the remote value' })
      .option('json', { type: 'boolean', default: false, describe: 'Print the summary and conflicts as JSON' })
      .options(remoteOptions)
      .conflicts('ours', 'theirs') as never,
  handler: async (args) => {
    const { runPull } = await import('./pullRun.ts');
    await withStore(args.data, (store) => runPull(store, args), { create: true });
  },
};
