/**
 * `catalog ingest -f FILE`: validates every record of the file first (nothing is written when any
 * record is bad), then writes in transactions of CHUNK proposals with a progress bar on a terminal.
 */
import { BadRequestError } from '../../model/errors.ts';
import { proposalsFromRecord, type Proposal } from '../../model/mcp.ts';
import { SYSTEM_ACTOR } from '../../ops/context.ts';
import { ingestProposals } from '../../ops/ingestProposals.ts';
import type { Store } from '../../store/store.ts';
import { parseRecords, readText } from '../inputFiles.ts';
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

/** Reads and validates a file into proposals; throws naming the record (and line) at fault. */
export async function loadProposals(file: string): Promise<{ records: number; proposals: Proposal[] }> {
  const records = parseRecords(await readText(file), file);
  const proposals: Proposal[] = [];
  for (const r of records) {
    try {
      proposals.push(...proposalsFromRecord(r.value));
    } catch (e) {
      const where = r.line !== undefined ? `${file}:${r.line}: record ${r.index}` : `${file}: record ${r.index}`;
      throw new BadRequestError(`${where}: ${(e as Error).message}`, { cause: e });
    }
  }
  return { records: records.length, proposals };
}

export async function ingestFile(store: Store, file: string, actor = SYSTEM_ACTOR): Promise<IngestSummary> {
  const started = performance.now();
  const { records, proposals } = await loadProposals(file);
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

export async function runIngest(store: Store, file: string): Promise<void> {
  const s = await ingestFile(store, file);
  const rate = s.seconds > 0 ? Math.round(s.proposals / s.seconds) : s.proposals;
  process.stdout.write(
    `Ingested ${s.records} records from ${file}: ${s.written} aspects written, ${s.unchanged} unchanged, ` +
      `${s.entities} entities in ${s.seconds.toFixed(2)}s (${rate} aspects/s)\n`,
  );
}
