import type { CommandModule } from 'yargs';
import { withStore } from '../openStore.ts';

interface ExportArgs {
  data: string;
  file: string;
  entityType?: string[];
}

export const exportCommand: CommandModule<object, ExportArgs> = {
  command: 'export',
  describe: "Write every entity's latest aspects as MCPs in DataHub's file format",
  builder: (y) =>
    y
      .option('file', { alias: 'f', type: 'string', demandOption: true, describe: 'Output file (- for standard output)' })
      .option('entity-type', { type: 'string', array: true, describe: 'Only these entity types (repeatable), e.g. dataset corpuser' })
      .example('$0 export -f catalog.json', 'Export everything; `catalog ingest -f catalog.json` reads it back') as never,
  handler: async (args) => {
    const { runExport } = await import('./exportRun.ts');
    await withStore(args.data, (store) => runExport(store, args.file, args.entityType ?? []), { readOnly: true });
  },
};
