import type { CommandModule } from 'yargs';
import { UsageError } from '../usageError.ts';
import { withStore } from '../openStore.ts';

interface IngestArgs {
  data: string;
  file?: string;
  sample?: boolean;
}

export const ingestCommand: CommandModule<object, IngestArgs> = {
  command: 'ingest',
  describe: 'Load a file of metadata change proposals (DataHub file format: JSON array, JSON Lines, MCPs and MCEs)',
  builder: (y) =>
    y
      .option('file', { alias: 'f', type: 'string', describe: 'File to ingest' })
      .option('sample', {
        type: 'boolean',
        describe: "Load the built-in sample (the entities DataHub's tutorials use)",
      })
      .conflicts('file', 'sample')
      .example('$0 ingest -f mcps.json', 'Validate every record, then write them all')
      .example('$0 ingest --sample', 'Load the sample catalog')
      .check((a) => {
        if (!a.file && !a.sample) throw new UsageError('Give a file to ingest with -f FILE, or --sample.');
        return true;
      }) as never,
  handler: async (args) => {
    const { runIngest } = await import('./ingestRun.ts');
    await withStore(args.data, (store) => runIngest(store, args.sample ? undefined : args.file), { create: true });
  },
};
