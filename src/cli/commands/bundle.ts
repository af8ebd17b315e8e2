import type { Argv, CommandModule } from 'yargs';
import { type SliceArgs, sliceOptions } from './remoteOptions.ts';

export interface BundleCommandArgs extends SliceArgs {
  data: string;
  file: string;
  since?: string;
  json?: boolean;
}

export const bundleCommand: CommandModule<object, BundleCommandArgs> = {
  command: 'bundle <action>',
  describe:
    'A catalog as one checked, compressed file to ship (mail, chat, a shared drive): `catalog pull FILE` and `catalog diff FILE` read it like a remote',
  builder: (y: Argv) =>
    y
      .command({
        command: 'create <file>',
        describe:
          'Write this catalog (or the slice the pull filters give) into FILE, with every aspect’s history; --since: only what changed',
        builder: (a: Argv) =>
          a
            .options(sliceOptions)
            .option('since', {
              type: 'string',
              describe:
                'Only what changed since an earlier bundle (its file) or since the last sync with a remote of this file (its name)',
            })
            .example('$0 bundle create ana.bundle', 'The whole catalog; Bo runs `catalog pull ana.bundle`')
            .example(
              '$0 bundle create ana-2.bundle --since ana.bundle',
              'Only what changed since ana.bundle (Bo must have pulled it first)',
            ) as never,
        handler: (async (args: BundleCommandArgs) => {
          const { runBundleCreate } = await import('./bundleRun.ts');
          await runBundleCreate(args);
        }) as never,
      })
      .command({
        command: 'verify <file>',
        describe: 'Check every chunk and the whole of a bundle (exit 0 when sound, 1 naming what is wrong)',
        handler: (async (args: BundleCommandArgs) => {
          const { runBundleVerify } = await import('./bundleRun.ts');
          runBundleVerify(args);
        }) as never,
      })
      .command({
        command: 'list <file>',
        describe:
          'What a bundle holds: format version, maker, date, catalog, filters, prerequisites, entities by type (checked first)',
        builder: (a: Argv) => a.option('json', { type: 'boolean', default: false, describe: 'As JSON' }) as never,
        handler: (async (args: BundleCommandArgs) => {
          const { runBundleList } = await import('./bundleRun.ts');
          runBundleList(args);
        }) as never,
      })
      .demandCommand(1, 'Name an action: create, verify or list.') as never,
  handler: () => {},
};
