/**
 * `catalog ingest -f FILE`: opens the file (or the sample) as a record source and runs the ingest
 * operation (src/ops/ingest/ingestRecords.ts) with a progress bar on a terminal, then prints the summary.
 */
import { stat } from 'node:fs/promises';
import { SYSTEM_ACTOR } from '../../ops/core/context.ts';
import { ingestRecords, type IngestSummary, type RecordSource } from '../../ops/ingest/ingestRecords.ts';
import type { Store } from '../../store/store.ts';
import { isJsonLines, jsonLines, parseRecords, readText } from '../inputFiles.ts';
import { startProgress, type Progress } from '../progress.ts';

/**
 * A JSON Lines file up to this size keeps the proposals of its validation pass in memory and writes
 * them without reading the file again; a larger one is streamed a second time, so memory stays flat
 * whatever the file's size.
 */
const HOLD_BYTES = 64 * 1024 * 1024;

async function openSource(file: string | undefined, holdBytes: number): Promise<RecordSource> {
  if (file === undefined) {
    const { SAMPLE_MCPS } = await import('../../sample/sample.ts');
    const records = SAMPLE_MCPS.map((value, i) => ({ index: i + 1, value }));
    return {
      name: 'sample',
      streamed: false,
      records: async function* () {
        yield* records;
      },
    };
  }
  if (await isJsonLines(file)) {
    const streamed = (await stat(file)).size > holdBytes;
    return {
      name: file,
      streamed,
      streamedBecause: `over ${Math.round(holdBytes / 1048576)} MiB`,
      records: () => jsonLines(file),
    };
  }
  const records = parseRecords(await readText(file), file);
  return {
    name: file,
    streamed: false,
    records: async function* () {
      yield* records;
    },
  };
}

export interface IngestOptions {
  actor?: string;
  /** JSON Lines files up to this many bytes are read once (default HOLD_BYTES); larger ones twice. */
  holdBytes?: number;
}

/**
 * Ingests a file (or the sample when `file` is undefined). JSON Lines files are streamed; one larger
 * than HOLD_BYTES is streamed twice (validate, then write) so its size is not bounded by memory.
 * Other files are read whole.
 */
export async function ingestFile(
  store: Store,
  file: string | undefined,
  options: IngestOptions = {},
): Promise<IngestSummary> {
  const source = await openSource(file, options.holdBytes ?? HOLD_BYTES);
  let bar: Progress | undefined;
  return ingestRecords(store, options.actor ?? SYSTEM_ACTOR, source, {
    start: (total) => (bar = startProgress(total, 'aspects')),
    update: (done) => bar?.update(done),
    stop: () => bar?.stop(),
  });
}

export async function runIngest(store: Store, file: string | undefined): Promise<void> {
  const s = await ingestFile(store, file);
  const rate = s.seconds > 0 ? Math.round(s.proposals / s.seconds) : s.proposals;
  process.stdout.write(
    `Ingested ${s.records} records from ${file ?? 'the sample data'}: ${s.written} aspects written, ${s.unchanged} unchanged, ` +
      `${s.entities} entities in ${s.seconds.toFixed(2)}s (${rate} aspects/s)\n`,
  );
}
