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
      .option('file', { alias: 'f', type: 'string', demandOption: true, describe: 'The copy to write (must not exist); it opens as a normal data file' })
      .option('compact', { type: 'boolean', default: false, describe: 'Rewrite every table in key order, pages full and every value compressed: the smallest file, a slower copy' })
      .example('$0 backup -f team-catalog.lmdb --compact', 'A file to hand to a teammate: `catalog serve --data team-catalog.lmdb`') as never,
  handler: async (args) => {
    const { backupCatalog } = await import('../../ops/admin/backup.ts');
    await withStore(args.data, async (store) => {
      const r = await backupCatalog(store, args.file, { compact: args.compact === true });
      process.stdout.write(`Backed up ${store.path} to ${r.file} (${(r.bytes / 1e6).toFixed(1)} MB${args.compact ? ', compacted' : ''}) in ${r.seconds.toFixed(2)}s\n`);
    }, { readOnly: true });
  },
};
