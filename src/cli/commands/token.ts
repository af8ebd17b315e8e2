import type { CommandModule } from 'yargs';
import { withStore } from '../openStore.ts';

interface TokenArgs {
  data: string;
  user?: string;
  name?: string;
  expires?: string;
  id?: string;
}

export const tokenCommand: CommandModule<object, TokenArgs> = {
  command: 'token',
  describe: 'Create, list and revoke access tokens for `catalog serve` with authentication',
  builder: (y) =>
    y
      .command({
        command: 'create',
        describe: 'Create a token acting as a user; it is printed once',
        builder: (b) =>
          b
            .option('user', { type: 'string', demandOption: true, describe: 'User id or urn:li:corpuser:<id>' })
            .option('name', { type: 'string', describe: 'A name to recognise it by' })
            .option('expires', {
              type: 'string',
              default: 'never',
              describe: 'Lifetime: 30m, 12h, 7d, 4w, 1y or never',
            }),
        handler: async (argv) => {
          const args = argv as unknown as TokenArgs;
          const { runTokenCreate } = await import('./tokenRun.ts');
          await withStore(args.data, (store) => runTokenCreate(store, args.user!, args.name, args.expires!), {
            create: true,
          });
        },
      })
      .command({
        command: 'list',
        describe: 'List tokens (never their secrets)',
        handler: async (argv) => {
          const { runTokenList } = await import('./tokenRun.ts');
          await withStore((argv as unknown as TokenArgs).data, (store) => runTokenList(store), { readOnly: true });
        },
      })
      .command({
        command: 'revoke <id>',
        describe: 'Revoke a token; a running server refuses it at once',
        builder: (b) => b.positional('id', { type: 'string', describe: 'Token id, from `catalog token list`' }),
        handler: async (argv) => {
          const args = argv as unknown as TokenArgs;
          const { runTokenRevoke } = await import('./tokenRun.ts');
          await withStore(args.data, (store) => runTokenRevoke(store, args.id!));
        },
      })
      .demandCommand(1, 'Name an action: create, list or revoke.') as never,
  handler: () => {},
};
