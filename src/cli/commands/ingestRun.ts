/**
 * `catalog ingest -f FILE`: validates every record of the file first (nothing is written when any
 * record is bad), then writes in transactions of CHUNK proposals with a progress bar on a terminal.
 */
import { stat } from 'node:fs/promises';
import { BadRequestError, InvalidPatchError } from '../../model/errors.ts';
import { proposalsFromRecord, type Proposal } from '../../model/mcp.ts';
import { SYSTEM_ACTOR } from '../../ops/context.ts';
import { ingestProposals } from '../../ops/ingestProposals.ts';
import type { Store } from '../../store/store.ts';
import { isJsonLines, jsonLines, parseRecords, readText, type SourceRecord } from '../inputFiles.ts';
import { startProgress } from '../progress.ts';

const CHUNK = 2000;
/**
 * A JSON Lines file up to this size keeps the proposals of its validation pass in memory and writes
 * them without reading the file again; a larger one is streamed a second time, so memory stays flat
 * whatever the file's size.
 */
const HOLD_BYTES = 64 * 1024 * 1024;

export interface IngestSummary {
  records: number;
  proposals: number;
  written: number;
  unchanged: number;
  entities: number;
  seconds: number;
}

function recordLabel(r: SourceRecord, file: string): string {
  return r.line !== undefined ? `${file}:${r.line}: record ${r.index}` : `${file}: record ${r.index}`;
}

/** Validates one record into proposals; throws naming the record (and line) at fault. */
function toProposals(r: SourceRecord, file: string): Proposal[] {
  try {
    return proposalsFromRecord(r.value);
  } catch (e) {
    throw new BadRequestError(`${recordLabel(r, file)}: ${(e as Error).message}`, { cause: e });
  }
}

/** Where records come from: held in memory, or streamed from a JSON Lines file. */
interface RecordSource {
  name: string;
  /** True when the validation pass keeps no proposals and the file is read again to write. */
  streamed: boolean;
  records(): AsyncIterable<SourceRecord>;
}

async function openSource(file: string | undefined, holdBytes: number): Promise<RecordSource> {
  if (file === undefined) {
    const { SAMPLE_MCPS } = await import('../../sample/sample.ts');
    const records = SAMPLE_MCPS.map((value, i) => ({ index: i + 1, value }));
    return { name: 'sample', streamed: false, records: async function* () { yield* records; } };
  }
  if (await isJsonLines(file)) return { name: file, streamed: (await stat(file)).size > holdBytes, records: () => jsonLines(file) };
  const records = parseRecords(await readText(file), file);
  return { name: file, streamed: false, records: async function* () { yield* records; } };
}

/**
 * Ingests a file (or the sample when `file` is undefined). Every record is validated before anything
 * is written. JSON Lines files are streamed; one larger than HOLD_BYTES is streamed twice (validate,
 * then write) so its size is not bounded by memory. Other files are read whole.
 */
export interface IngestOptions {
  actor?: string;
  /** JSON Lines files up to this many bytes are read once (default HOLD_BYTES); larger ones twice. */
  holdBytes?: number;
}

export async function ingestFile(store: Store, file: string | undefined, options: IngestOptions = {}): Promise<IngestSummary> {
  const actor = options.actor ?? SYSTEM_ACTOR;
  const started = performance.now();
  const source = await openSource(file, options.holdBytes ?? HOLD_BYTES);
  let records = 0;
  let total = 0;
  const held: Proposal[] = [];
  /** For each held proposal, the record it came from (to name it when a patch fails to apply). */
  const labels: string[] = [];
  let patches = 0;
  for await (const r of source.records()) {
    const proposals = toProposals(r, source.name);
    records++;
    total += proposals.length;
    patches += proposals.filter((p) => p.changeType === 'PATCH').length;
    if (!source.streamed) {
      held.push(...proposals);
      for (let i = 0; i < proposals.length; i++) labels.push(recordLabel(r, source.name));
    }
  }
  if (patches > 0 && source.streamed) {
    // A patch can only be checked against the stored value when it is written; only a file written
    // in one transaction can then still be refused whole.
    throw new BadRequestError(`${source.name}: ${patches} PATCH records in a file over ${Math.round((options.holdBytes ?? HOLD_BYTES) / 1048576)} MiB; split the file so PATCH records are ingested from a smaller one`);
  }
  const progress = startProgress(total, 'aspects');
  const urns = new Set<string>();
  let written = 0;
  let unchanged = 0;
  let done = 0;
  const flush = async (chunk: Proposal[]) => {
    const r = await ingestProposals({ store, actor }, chunk);
    written += r.written + r.deleted;
    unchanged += r.unchanged;
    for (const u of r.urns) urns.add(u);
    done += chunk.length;
    progress.update(done);
  };
  try {
    if (!source.streamed) {
      // With patches, one transaction: a patch that does not apply leaves nothing of the file written.
      const size = patches > 0 ? held.length : CHUNK;
      for (let i = 0; i < held.length; i += size) {
        await flush(held.slice(i, i + size)).catch((e: unknown) => {
          if (e instanceof InvalidPatchError) throw new BadRequestError(`${labels[i + (e.index ?? 0)]}: ${e.message}`, { cause: e });
          throw e;
        });
      }
    } else {
      let chunk: Proposal[] = [];
      for await (const r of source.records()) {
        chunk.push(...toProposals(r, source.name));
        if (chunk.length >= CHUNK) {
          await flush(chunk);
          chunk = [];
        }
      }
      if (chunk.length > 0) await flush(chunk);
    }
  } finally {
    progress.stop();
  }
  return { records, proposals: total, written, unchanged, entities: urns.size, seconds: (performance.now() - started) / 1000 };
}

export async function runIngest(store: Store, file: string | undefined): Promise<void> {
  const s = await ingestFile(store, file);
  const rate = s.seconds > 0 ? Math.round(s.proposals / s.seconds) : s.proposals;
  process.stdout.write(
    `Ingested ${s.records} records from ${file ?? 'the sample data'}: ${s.written} aspects written, ${s.unchanged} unchanged, ` +
      `${s.entities} entities in ${s.seconds.toFixed(2)}s (${rate} aspects/s)\n`,
  );
}
