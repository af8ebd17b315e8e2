import type { CommandModule } from 'yargs';
import { withStore } from '../openStore.ts';

interface BackupArgs {
  data: string;
  file: string;
  compact?: boolean;
}

export const backupCommand: CommandModule<object, BackupArgs> = {
  command: 'backup',
  describe: 'Copy the data file to FILE as one consistent snapshot, even while a server writes to it',
  builder: (y) =>
    y
      .option('file', {
        alias: 'f',
        type: 'string',
        demandOption: true,
        describe:
          'The copy to write: a new file (an existing one is refused), a device, a FIFO, or - for standard output; it opens as a normal data file',
      })
      .option('compact', {
        type: 'boolean',
        default: false,
        describe:
          'Rewrite every table in key order, pages full and every value compressed: the smallest file, a slower copy',
      })
      .example(
        '$0 backup -f team-catalog.lmdb --compact',
        'A file to hand to a teammate: `catalog serve --data team-catalog.lmdb`',
      )
      .example('$0 backup -f - | ssh host "cat > catalog.lmdb"', 'Send the copy down a pipe') as never,
  handler: async (args) => {
    const [{ backupCatalog }, { writeOutputFrom }] = await Promise.all([
      import('../../ops/admin/backup.ts'),
      import('../outputFile.ts'),
    ]);
    await withStore(
      args.data,
      async (store) => {
        let made = { bytes: 0, seconds: 0 };
        const written = await writeOutputFrom(
          args.file,
          async (path) => void (made = await backupCatalog(store, path, { compact: args.compact === true })),
          {
            refuseExisting: 'a backup never overwrites a file; name a new one',
            binary: true,
          },
        );
        const line = `Backed up ${store.path} to ${written.shown} (${(made.bytes / 1e6).toFixed(1)} MB${args.compact ? ', compacted' : ''}) in ${made.seconds.toFixed(2)}s\n`;
        (written.toStdout ? process.stderr : process.stdout).write(line);
      },
      { readOnly: true },
    );
  },
};
