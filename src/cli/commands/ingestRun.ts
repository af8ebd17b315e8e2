/**
 * `catalog ingest -f FILE`: validates every record of the file first (nothing is written when any
 * record is bad), then writes in transactions of CHUNK proposals with a progress bar on a terminal.
 */
import { BadRequestError } from '../../model/errors.ts';
import { proposalsFromRecord, type Proposal } from '../../model/mcp.ts';
import { SYSTEM_ACTOR } from '../../ops/context.ts';
import { ingestProposals } from '../../ops/ingestProposals.ts';
import type { Store } from '../../store/store.ts';
import { parseRecords, readText, type SourceRecord } from '../inputFiles.ts';
import { startProgress } from '../progress.ts';

const CHUNK = 2000;

export interface IngestSummary {
  records: number;
  proposals: number;
  written: number;
  unchanged: number;
  entities: number;
  seconds: number;
}

/** Validates records into proposals; throws naming the record (and line) at fault. */
function toProposals(records: SourceRecord[], file: string): Proposal[] {
  const proposals: Proposal[] = [];
  for (const r of records) {
    try {
      proposals.push(...proposalsFromRecord(r.value));
    } catch (e) {
      const where = r.line !== undefined ? `${file}:${r.line}: record ${r.index}` : `${file}: record ${r.index}`;
      throw new BadRequestError(`${where}: ${(e as Error).message}`, { cause: e });
    }
  }
  return proposals;
}

/** The records of a file, or of the built-in sample when `file` is undefined. */
async function loadRecords(file: string | undefined): Promise<SourceRecord[]> {
  if (file !== undefined) return parseRecords(await readText(file), file);
  const { SAMPLE_MCPS } = await import('../../sample/sample.ts');
  return SAMPLE_MCPS.map((value, i) => ({ index: i + 1, value }));
}

/** Ingests a file (or the sample when `file` is undefined): validates everything, then writes. */
export async function ingestFile(store: Store, file: string | undefined, actor = SYSTEM_ACTOR): Promise<IngestSummary> {
  const started = performance.now();
  const sourceRecords = await loadRecords(file);
  const records = sourceRecords.length;
  const proposals = toProposals(sourceRecords, file ?? 'sample');
  const progress = startProgress(proposals.length, 'aspects');
  const urns = new Set<string>();
  let written = 0;
  let unchanged = 0;
  try {
    for (let i = 0; i < proposals.length; i += CHUNK) {
      const chunk = proposals.slice(i, i + CHUNK);
      const r = await ingestProposals({ store, actor }, chunk);
      written += r.written + r.deleted;
      unchanged += r.unchanged;
      for (const u of r.urns) urns.add(u);
      progress.update(i + chunk.length);
    }
  } finally {
    progress.stop();
  }
  return { records, proposals: proposals.length, written, unchanged, entities: urns.size, seconds: (performance.now() - started) / 1000 };
}

export async function runIngest(store: Store, file: string | undefined): Promise<void> {
  const s = await ingestFile(store, file);
  const rate = s.seconds > 0 ? Math.round(s.proposals / s.seconds) : s.proposals;
  process.stdout.write(
    `Ingested ${s.records} records from ${file ?? 'the sample data'}: ${s.written} aspects written, ${s.unchanged} unchanged, ` +
      `${s.entities} entities in ${s.seconds.toFixed(2)}s (${rate} aspects/s)\n`,
  );
}
