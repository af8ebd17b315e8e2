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
  describe: "Name the remotes this file syncs with: another data file, or a server speaking DataHub's protocol",
  builder: (y: Argv) =>
    y
      .command({
        command: 'add <name> <target>',
        describe: 'Add a remote: NAME and a URL (http[s]://host:port) or the path of a data file',
        builder: (a: Argv) =>
          a.option('token', {
            type: 'string',
            describe:
              "Keep this token for the server's URL in ~/.catalog/credentials (mode 0600), never in the data file; for a NAME that exists with the same URL, replaces its token",
          }) as never,
        handler: (async (args: RemoteCommandArgs) => {
          const { addRemote } = await import('../../ops/sync/remotes.ts');
          // All or nothing: the token and the name are both kept, or neither.
          const added = await withStore(
            args.data,
            (store) => addRemote(store, args.name!, args.target!, { token: args.token }),
            { create: true },
          );
          if (added.tokenOnly)
            process.stdout.write(`Kept a new token for ${added.name} (${added.location}) in ${added.tokenPath}\n`);
          else {
            process.stdout.write(`Added remote ${added.name} → ${added.location}\n`);
            if (added.tokenPath) process.stdout.write(`Token kept in ${added.tokenPath}\n`);
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
        describe:
          'Remove a remote, the sync state kept for it, and the token kept for its URL unless another remote uses it',
        handler: (async (args: RemoteCommandArgs) => {
          const { removeRemote } = await import('../../ops/sync/remotes.ts');
          const removed = await withStore(args.data, (store) => removeRemote(store, args.name!));
          process.stdout.write(`Removed remote ${args.name}\n`);
          if (removed.forgotToken) process.stdout.write(`Removed its token from ${removed.forgotToken}\n`);
        }) as never,
      })
      .demandCommand(1, 'Name an action: add, list or remove.') as never,
  handler: () => {},
};
