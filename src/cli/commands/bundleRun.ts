/** `catalog bundle create|verify|list`: the bundle written by the rules of outputFile.ts, checked, described. */
import { availableParallelism } from 'node:os';
import { BadRequestError } from '../../errors.ts';
import { countEntities } from '../../ops/ingest/exportCatalog.ts';
import { createBundle, recordMade, sinceBasis } from '../../ops/bundle/create.ts';
import { verifiedBundle } from '../../ops/bundle/read.ts';
import { normaliseSlice, syncedType } from '../../ops/sync/local.ts';
import { VERSION } from '../../version.ts';
import { withStore } from '../openStore.ts';
import { writeOutput } from '../outputFile.ts';
import { startProgress } from '../progress.ts';
import type { BundleCommandArgs } from './bundle.ts';
import { sliceOf } from './remoteOptions.ts';

/** The most record workers CATALOG_BUNDLE_WORKERS may ask for. */
const MAX_WORKERS = 16;

/**
 * Worker threads that make a bundle's records (src/ops/bundle/parallel.ts): CATALOG_BUNDLE_WORKERS
 * (0: none), else one a core but one, at most three. `asked`: given by the variable.
 */
function bundleWorkers(): { count: number; asked: boolean } {
  const given = process.env['CATALOG_BUNDLE_WORKERS'];
  if (given === undefined || given === '')
    return { count: Math.max(0, Math.min(availableParallelism() - 1, 3)), asked: false };
  if (!/^\d+$/.test(given) || Number(given) > MAX_WORKERS)
    throw new BadRequestError(
      `CATALOG_BUNDLE_WORKERS=${given}: give a number of worker threads from 0 to ${MAX_WORKERS} (0: the records are made in the main thread)`,
    );
  return { count: Number(given), asked: true };
}

export async function runBundleCreate(args: BundleCommandArgs): Promise<void> {
  const started = performance.now();
  const slice = normaliseSlice(sliceOf(args));
  const workers = bundleWorkers();
  await withStore(args.data, async (store) => {
    const since = args.since === undefined ? undefined : sinceBasis(store, args.since);
    const types = store.entityTypes().filter((t) => syncedType(t) && (!slice.types?.length || slice.types.includes(t)));
    let made: Awaited<ReturnType<typeof createBundle>> | undefined;
    const written = await writeOutput(
      args.file,
      async (out) => {
        // Counted only for a bar someone sees: the count walks the whole type index.
        const progress = startProgress(process.stderr.isTTY ? countEntities(store, types) : 0, 'entities', 1000);
        try {
          made = await createBundle(store, (bytes) => out.write(bytes), {
            slice,
            since,
            maker: `catalog ${VERSION}`,
            date: new Date(),
            onEntity: (n) => progress.update(n),
            workers: workers.count,
          });
        } finally {
          progress.stop();
        }
      },
      {
        binary: true,
        notOnto: [
          { path: store.path, what: 'the data file' },
          { path: `${store.path}-lock`, what: "the data file's lock file" },
          ...(since?.kind === 'bundle' ? [{ path: since.path, what: 'the bundle named by --since' }] : []),
        ],
      },
    );
    const m = made!;
    // Said only to whoever asked for workers by name: the bundle is the same either way.
    if (workers.asked && m.inThread)
      process.stderr.write(`bundle create: records made in the main thread: ${m.inThread}\n`);
    await recordMade(store, m);
    const seconds = (performance.now() - started) / 1000;
    const removed = m.header.incremental ? `, ${m.removed} removed` : '';
    const summary = `Bundled ${m.entities} entities${removed}${written.toStdout ? '' : ` into ${args.file}`}: ${m.bytes} bytes, content ${m.content}, in ${seconds.toFixed(2)}s\n`;
    (written.toStdout ? process.stderr : process.stdout).write(summary);
  });
}

export function runBundleVerify(args: BundleCommandArgs): void {
  const { trailer } = verifiedBundle(args.file);
  process.stdout.write(
    `${args.file}: sound: ${trailer.chunks} chunks, ${trailer.bytes} bytes before the trailer, content ${trailer.content}\n`,
  );
}

export function runBundleList(args: BundleCommandArgs): void {
  const { header, trailer } = verifiedBundle(args.file);
  const entities = Object.values(trailer.counts).reduce((a, b) => a + b, 0);
  if (args.json) {
    process.stdout.write(
      `${JSON.stringify(
        {
          format: header.format,
          version: header.version,
          maker: header.maker,
          date: header.date,
          catalog: header.catalog,
          incremental: header.incremental,
          covers: header.covers,
          since: header.since,
          content: trailer.content,
          entities,
          counts: trailer.counts,
          removed: trailer.removed,
          chunks: trailer.chunks,
        },
        null,
        2,
      )}\n`,
    );
    return;
  }
  const lines = [
    `format:     ${header.format} ${header.version}`,
    `maker:      ${header.maker}`,
    `date:       ${header.date}`,
    `catalog:    ${header.catalog}`,
    `content:    ${trailer.content}`,
    `covers:     ${Object.keys(header.covers).length === 0 ? 'everything' : JSON.stringify(header.covers)}`,
    `kind:       ${header.incremental ? 'incremental (only what changed since its prerequisites)' : 'full'}`,
    ...header.since.map((p) => `needs:      ${p.checksum} (made ${p.date} from catalog ${p.catalog})`),
    `entities:   ${entities}${header.incremental ? `, ${trailer.removed} removed` : ''}`,
    ...Object.entries(trailer.counts).map(([t, n]) => `  ${t.padEnd(24)}${n}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
