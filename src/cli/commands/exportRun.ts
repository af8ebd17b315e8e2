/** `catalog export`: streams the export to a file (by the rules of outputFile.ts) with progress and a summary. */
import { BadRequestError } from '../../errors.ts';
import { countEntities, exportEntities, exportTypes } from '../../ops/ingest/exportCatalog.ts';
import type { Store } from '../../store/store.ts';
import { writeOutput } from '../outputFile.ts';
import { startProgress } from '../progress.ts';

export async function runExport(store: Store, file: string, onlyTypes: string[]): Promise<void> {
  const started = performance.now();
  const known = store.entityTypes();
  const unknown = onlyTypes.filter((t) => !known.includes(t));
  if (unknown.length > 0) {
    throw new BadRequestError(
      `--entity-type: no entities of type ${unknown.join(', ')}; the catalog has ${known.join(', ') || 'no entities'}`,
    );
  }
  const types = exportTypes(store, onlyTypes);
  let entities = 0;
  let aspects = 0;
  const written = await writeOutput(
    file,
    async (out) => {
      const progress = startProgress(file === '-' ? 0 : countEntities(store, types), 'entities', 1000);
      try {
        await out.write('[');
        for (const records of exportEntities(store, types)) {
          for (const r of records) {
            await out.write(`${aspects === 0 ? '\n' : ',\n'}${JSON.stringify(r)}`);
            aspects++;
          }
          entities++;
          if (entities % 500 === 0) progress.update(entities);
        }
        await out.write(aspects === 0 ? ']\n' : '\n]\n');
      } finally {
        progress.stop();
      }
    },
    {
      notOnto: [
        { path: store.path, what: 'the data file' },
        { path: `${store.path}-lock`, what: "the data file's lock file" },
      ],
    },
  );
  const seconds = (performance.now() - started) / 1000;
  const summary = `Exported ${aspects} aspects of ${entities} entities${written.toStdout ? '' : ` to ${file}`} in ${seconds.toFixed(2)}s\n`;
  (written.toStdout ? process.stderr : process.stdout).write(summary);
}

/** `catalog export --to postgres://…`: the export into DataHub's table, with progress and a summary line. */
export async function runExportToPostgres(
  store: Store,
  url: string,
  options: { replace: boolean; onlyTypes: string[] },
): Promise<void> {
  const started = performance.now();
  const { exportToPostgres } = await import('../../ops/ingest/exportPostgres.ts');
  let progress = startProgress(0, 'entities');
  try {
    const s = await exportToPostgres(store, url, {
      replace: options.replace,
      onlyTypes: options.onlyTypes,
      onStart: (total) => (progress = startProgress(total, 'entities', 1000)),
      onProgress: (n) => progress.update(n),
    });
    progress.stop();
    const seconds = (performance.now() - started) / 1000;
    const table = `${s.createdTable ? 'new table' : 'table'} metadata_aspect_v2`;
    const replaced = options.replace ? `, ${s.replacedRows} rows replaced` : '';
    process.stdout.write(
      `Exported ${s.aspects} aspects (${s.rows} rows with their history) of ${s.entities} entities to ${s.where} ${table}${replaced} in ${seconds.toFixed(2)}s\n`,
    );
  } finally {
    progress.stop();
  }
}
