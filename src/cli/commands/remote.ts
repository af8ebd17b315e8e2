import type { Argv, CommandModule } from 'yargs';
import { withStore } from '../openStore.ts';

interface RemoteCommandArgs {
  data: string;
  name?: string;
  target?: string;
  token?: string;
}

export const remoteCommand: CommandModule<object, RemoteCommandArgs> = {
  command: 'remote <action>',
  describe: 'Name the remotes this file syncs with: another data file, or a server speaking DataHub\'s protocol',
  builder: (y: Argv) =>
    y
      .command({
        command: 'add <name> <target>',
        describe: 'Add a remote: NAME and a URL (http[s]://host:port) or the path of a data file',
        builder: (a: Argv) => a.option('token', { type: 'string', describe: 'Keep this token for the remote in ~/.catalog/credentials (mode 0600), never in the data file' }) as never,
        handler: (async (args: RemoteCommandArgs) => {
          const { addRemote } = await import('../../ops/sync/remotes.ts');
          const record = await withStore(args.data, (store) => addRemote(store, args.name!, args.target!, { withToken: args.token !== undefined }), { create: true });
          process.stdout.write(`Added remote ${record.name} → ${record.location}\n`);
          if (args.token) {
            const { saveToken } = await import('../../ops/sync/credentials.ts');
            process.stdout.write(`Token kept in ${saveToken(record.name, record.location, args.token)}\n`);
          }
        }) as never,
      })
      .command({
        command: 'list',
        describe: 'List the remotes',
        handler: (async (args: RemoteCommandArgs) => {
          const remotes = await withStore(args.data, (store) => store.remotes(), { readOnly: true });
          for (const r of remotes) process.stdout.write(`${r.name}\t${r.location}\n`);
        }) as never,
      })
      .command({
        command: 'remove <name>',
        describe: 'Remove a remote and the sync state kept for it',
        handler: (async (args: RemoteCommandArgs) => {
          const { removeRemote } = await import('../../ops/sync/remotes.ts');
          await withStore(args.data, (store) => removeRemote(store, args.name!));
          process.stdout.write(`Removed remote ${args.name}\n`);
        }) as never,
      })
      .demandCommand(1, 'Name an action: add, list or remove.') as never,
  handler: () => {},
};
