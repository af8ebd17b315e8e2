import type { CommandModule } from 'yargs';
import { withStore } from '../openStore.ts';
import { UsageError } from '../usageError.ts';

interface ExportArgs {
  data: string;
  file?: string;
  to?: string;
  replace: boolean;
  entityType?: string[];
}

export const exportCommand: CommandModule<object, ExportArgs> = {
  command: 'export',
  describe:
    "Write every entity's latest aspects as MCPs in DataHub's file format, or every version into DataHub's database (--to)",
  builder: (y) =>
    y
      .option('file', { alias: 'f', type: 'string', describe: 'Output file (- for standard output)' })
      .option('to', {
        type: 'string',
        describe:
          "DataHub's database instead of a file: postgres://USER[:PASSWORD]@HOST[:PORT]/DB[?sslmode=require|verify-full]; every aspect with its whole history goes into metadata_aspect_v2",
      })
      .option('replace', {
        type: 'boolean',
        default: false,
        describe:
          'With --to: replace the aspects the table already holds for what is exported (else such a table is refused)',
      })
      .option('entity-type', {
        type: 'string',
        array: true,
        describe: 'Only these entity types (repeatable), e.g. dataset corpuser',
      })
      .check((a) => {
        if ((a.file === undefined) === (a.to === undefined))
          throw new UsageError('name where to export: --file FILE or --to postgres://…');
        if (a.replace && a.to === undefined) throw new UsageError('--replace goes with --to');
        return true;
      })
      .example('$0 export -f catalog.json', 'Export everything; `catalog ingest -f catalog.json` reads it back')
      .example(
        '$0 export --to postgres://datahub@db.internal:5432/datahub?sslmode=verify-full',
        "Hand the catalog over to DataHub's database (password from PGPASSWORD or ~/.pgpass)",
      ) as never,
  handler: async (args) => {
    if (args.to !== undefined) {
      const { runExportToPostgres } = await import('./exportRun.ts');
      const to = args.to;
      await withStore(
        args.data,
        (store) => runExportToPostgres(store, to, { replace: args.replace, onlyTypes: args.entityType ?? [] }),
        { readOnly: true },
      );
      return;
    }
    const { runExport } = await import('./exportRun.ts');
    const file = args.file!;
    await withStore(args.data, (store) => runExport(store, file, args.entityType ?? []), { readOnly: true });
  },
};
