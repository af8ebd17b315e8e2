/**
 * The ingest use case (`catalog ingest`, `serve --sample`): a source of DataHub file-format records
 * (MCPs and MCEs) is validated whole before anything is written; then it is written in transactions
 * of CHUNK proposals. A source too large to hold is read twice (validate, then write) so memory stays
 * flat. With PATCH records the whole source is written in one transaction, since a patch can only be
 * checked against the stored value when it applies: a patch that does not apply leaves nothing written.
 */
import { BadRequestError, CatalogError, InvalidPatchError, locatedError, type ErrorLocation } from '../../errors.ts';
import { proposalsFromRecord, type Proposal } from '../../model/mcp.ts';
import type { Store } from '../../store/store.ts';
import { ingestProposals } from './ingestProposals.ts';

/** Proposals per write transaction of a streamed ingest (the bench ingests in the same chunks). */
export const CHUNK = 2000;

/** One record of a source: its position (for messages) and its parsed JSON. */
export interface SourceRecord {
  /** 1-based position of the record in the source. */
  index: number;
  /** 1-based line where the record starts, when known (JSON Lines). */
  line?: number;
  value: unknown;
}

/** Where records come from; `records()` may be called twice when `streamed`. */
export interface RecordSource {
  name: string;
  /** True when the validation pass keeps no proposals and the source is read again to write. */
  streamed: boolean;
  /** Why it is streamed, for messages (e.g. "over 64 MiB"). */
  streamedBecause?: string;
  records(): AsyncIterable<SourceRecord>;
}

export interface IngestSummary {
  records: number;
  proposals: number;
  written: number;
  unchanged: number;
  entities: number;
  seconds: number;
}

export interface IngestProgress {
  /** Called once validation is done, with the number of proposals to write. */
  start(total: number): void;
  update(done: number): void;
  stop(): void;
}

const NO_PROGRESS: IngestProgress = { start: () => {}, update: () => {}, stop: () => {} };

function recordLocation(r: SourceRecord, name: string): ErrorLocation {
  return { source: name, ...(r.line !== undefined && { line: r.line }), record: r.index };
}

/** Validates one record into proposals; throws naming the record (and line) at fault. */
function toProposals(r: SourceRecord, name: string): Proposal[] {
  try {
    return proposalsFromRecord(r.value);
  } catch (e) {
    const error = e instanceof CatalogError ? e : new BadRequestError((e as Error).message, { cause: e });
    throw locatedError(error, recordLocation(r, name));
  }
}

export async function ingestRecords(
  store: Store,
  actor: string,
  source: RecordSource,
  progress: IngestProgress = NO_PROGRESS,
): Promise<IngestSummary> {
  const started = performance.now();
  let records = 0;
  let total = 0;
  const held: Proposal[] = [];
  /** For each held proposal, the record it came from (named only when a patch fails to apply). */
  const from: SourceRecord[] = [];
  let patches = 0;
  for await (const r of source.records()) {
    const proposals = toProposals(r, source.name);
    records++;
    total += proposals.length;
    for (const p of proposals) if (p.changeType === 'PATCH') patches++;
    if (!source.streamed) {
      for (const p of proposals) {
        held.push(p);
        from.push(r);
      }
    }
  }
  if (patches > 0 && source.streamed) {
    throw new BadRequestError(
      `${source.name}: ${patches} PATCH records in a file ${source.streamedBecause ?? 'too large to hold'}; split the file so PATCH records are ingested from a smaller one`,
    );
  }
  progress.start(total);
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
      const size = patches > 0 ? Math.max(held.length, 1) : CHUNK;
      for (let i = 0; i < held.length; i += size) {
        await flush(held.slice(i, i + size)).catch((e: unknown) => {
          if (e instanceof InvalidPatchError)
            throw locatedError(e, recordLocation(from[i + (e.location?.index ?? 0)]!, source.name));
          throw e;
        });
      }
    } else {
      // One chunk in flight: the next is read and validated while the previous one commits (its
      // pages are written and synced off the main thread). It is handed to the store only once the
      // previous one is on disk, so a failed chunk still stops the ingest with nothing after it written.
      let chunk: Proposal[] = [];
      let inFlight: Promise<void> = Promise.resolve();
      try {
        for await (const r of source.records()) {
          chunk.push(...toProposals(r, source.name));
          if (chunk.length >= CHUNK) {
            await inFlight;
            inFlight = flush(chunk);
            // Observed here so a failure is not reported as unhandled before the next await sees it.
            inFlight.catch(() => {});
            chunk = [];
          }
        }
      } catch (e) {
        // Reading failed: nothing is left committing behind the error.
        await inFlight.catch(() => {});
        throw e;
      }
      await inFlight;
      if (chunk.length > 0) await flush(chunk);
    }
  } finally {
    progress.stop();
  }
  return {
    records,
    proposals: total,
    written,
    unchanged,
    entities: urns.size,
    seconds: (performance.now() - started) / 1000,
  };
}
