/** `catalog bundle create|verify|list`: the bundle written by the rules of outputFile.ts, checked, described. */
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

export async function runBundleCreate(args: BundleCommandArgs): Promise<void> {
  const started = performance.now();
  const slice = normaliseSlice(sliceOf(args));
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
