/**
 * A record worker of `catalog bundle create` (parallel.ts starts them). In a thread of its own it
 * opens the data file read-only, reads it in one read transaction, which must be on the commit the
 * main thread names (else it says so and does nothing), and makes the record lines of its share of
 * the entities: the entities in the bundle's order (types as given, urns in key order) are cut in
 * batches of `batch`, and worker `index` of `count` makes batches index, index + count, … Each batch
 * goes to the main thread as UTF-8 bytes with what the main thread needs to put them in the chunks
 * exactly as it would have made them: the lines' lengths, their types and urns, and where each
 * entity's content hash goes (a placeholder here: this thread must not load node:crypto, which aborts
 * a worker of the single executable, as the build's start-up snapshot holds it; the build checks the
 * worker's code for it). It works at most as far ahead as the main thread's credit allows (`credit`).
 *
 * Nothing here reads the model: the main thread gives each type's key aspect (not synced).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { RecordSink } from '../../bundle/format.ts';
import { CatalogError } from '../../errors.ts';
import { damageError } from '../../store/damage.ts';
import { Store } from '../../store/store.ts';
import { STATE_DIGITS, type StateHash, writeEntity } from './records.ts';

export interface WorkerInput {
  path: string;
  /** The commit the main thread's snapshot reads. */
  txnId: number;
  types: string[];
  /** Per type, its key aspect (left out of a bundle). */
  keyAspects: Record<string, string | undefined>;
  index: number;
  count: number;
  batch: number;
  /** Per worker, how many batches it may have made (Int32Array): the main thread adds as it takes them. */
  credit: SharedArrayBuffer;
  /**
   * This worker's `ahead` slots of `slot` bytes each, shared with the main thread: batch k is made in
   * slot k % ahead (a batch that outgrows it in a buffer of its own, handed over).
   */
  slots: SharedArrayBuffer;
  slot: number;
  ahead: number;
}

/**
 * One batch's records. `meta`, per entity in order: its number of lines (1 or 2), each line's byte
 * length and UTF-16 length (without its newline), the byte offset of its hash's placeholder in its
 * first line, its number of hashed aspects, and each one's value as byte offsets [start, end) in its
 * first line; `names` holds the hashed aspects' names in the same order. Offsets count from the
 * entity's first byte.
 */
export interface RecordBatch {
  kind: 'batch';
  batch: number;
  /** Entities of the walk in this batch (those with nothing to sync too). */
  walked: number;
  /** Its bytes: the first `length` of its slot, or (a batch larger than a slot) `bytes`. */
  slot: number;
  length: number;
  bytes: Uint8Array | undefined;
  urns: string[];
  types: string[];
  meta: Int32Array;
  names: string[];
}

export type WorkerMessage =
  | { kind: 'ready' }
  | { kind: 'stale'; txnId: number | undefined }
  | RecordBatch
  | { kind: 'end'; batches: number }
  | { kind: 'failed'; name: string; type: CatalogError['type'] | undefined; message: string };

/** How many entities are read between two releases of the file's mapped pages (create.ts RELEASE_EVERY). */
const RELEASE_EVERY = 200;

const PLACEHOLDER = '0'.repeat(STATE_DIGITS);

/**
 * A batch's lines being made: the text in `buf` (its slot, or a buffer of its own once it outgrew
 * it), per line its end and UTF-16 length.
 */
class BatchSink implements RecordSink {
  private buf: Buffer = Buffer.alloc(0);
  private own = false;
  private used = 0;
  private length = 0;
  private markedLength = 0;
  /** Lines of the entity being made: [byte end, UTF-16 length] each. */
  lines: number[] = [];
  /** Where the line being made starts. */
  private lineStart = 0;
  private lineLength = 0;

  get bytes(): Buffer {
    return this.buf;
  }

  get end(): number {
    return this.used;
  }

  put(text: string): number {
    const at = this.used;
    if (this.buf.length - at < text.length * 3) {
      const next = Buffer.allocUnsafe(Math.max(2 * this.buf.length, at + text.length * 3));
      this.buf.copy(next, 0, 0, at);
      this.buf = next;
      this.own = true;
    }
    this.used += this.buf.write(text, at);
    this.length += text.length;
    return at;
  }

  mark(): number {
    this.markedLength = this.length;
    return this.used;
  }

  rollback(mark: number): void {
    this.length = this.markedLength;
    this.used = mark;
  }

  endLine(): Promise<void> {
    this.lines.push(this.used - this.lineStart, this.length - this.lineLength);
    this.lineStart = this.used;
    this.lineLength = this.length;
    return Promise.resolve();
  }

  /** Starts an entity at the current end. */
  entity(): number {
    this.lines = [];
    this.lineStart = this.used;
    this.lineLength = this.length;
    return this.used;
  }

  /** Drops what the entity put (it has nothing to sync). */
  drop(start: number): void {
    this.used = start;
  }

  /** Starts a batch in `slot`. */
  begin(slot: Buffer): void {
    this.buf = slot;
    this.own = false;
    this.used = 0;
    this.length = 0;
  }

  /** The batch's length, and its bytes when they are not in its slot. */
  take(): { length: number; bytes: Uint8Array | undefined } {
    const bytes = this.own ? new Uint8Array(this.buf.buffer, this.buf.byteOffset, this.used) : undefined;
    return { length: this.used, bytes };
  }
}

/** Records where the aspects' values lie, and where the placeholder for the hash went. */
class DeferredHash implements StateHash {
  ranges: Array<{ name: string; start: number; end: number }> = [];
  at = -1;
  update(name: string, start: number, end: number): void {
    this.ranges.push({ name, start, end });
  }
  digest(): string {
    return PLACEHOLDER;
  }
  placed(at: number): void {
    this.at = at;
  }
}

const carryAll = () => true;

async function run(input: WorkerInput, post: (m: WorkerMessage, transfer?: ArrayBuffer[]) => void): Promise<void> {
  const store = Store.openAsIs(input.path, READS_ONLY_RELATIONSHIPS, READS_ONLY_SEARCH);
  const snapshot = store.snapshot({ latest: true });
  try {
    if (snapshot.txnId !== input.txnId) {
      post({ kind: 'stale', txnId: snapshot.txnId });
      return;
    }
    post({ kind: 'ready' });
    const credit = new Int32Array(input.credit);
    const sink = new BatchSink();
    let urns: string[] = [];
    let types: string[] = [];
    let meta: number[] = [];
    let names: string[] = [];
    let made = 0;
    let walked = 0;
    let current = -1;
    const slots = Array.from({ length: input.ahead }, (_, i) => Buffer.from(input.slots, i * input.slot, input.slot));
    const begin = () => {
      // Waits until the main thread has taken the batch made in this slot before.
      for (
        let allowed = Atomics.load(credit, input.index);
        made >= allowed;
        allowed = Atomics.load(credit, input.index)
      )
        Atomics.wait(credit, input.index, allowed);
      sink.begin(slots[made % input.ahead]!);
    };
    const send = () => {
      const { length, bytes } = sink.take();
      const batch: RecordBatch = {
        kind: 'batch',
        batch: current,
        walked,
        slot: made % input.ahead,
        length,
        bytes,
        urns,
        types,
        meta: Int32Array.from(meta),
        names,
      };
      post(batch, bytes ? [bytes.buffer as ArrayBuffer] : []);
      made++;
      urns = [];
      types = [];
      meta = [];
      names = [];
      walked = 0;
    };
    let seen = 0;
    let read = 0;
    for (const type of input.types) {
      const key = input.keyAspects[type];
      for (const urn of snapshot.eachUrnOfType(type, 1000)) {
        const batch = Math.floor(seen++ / input.batch);
        if (batch % input.count !== input.index) continue;
        if (batch !== current) {
          if (current >= 0) send();
          begin();
          current = batch;
        }
        walked++;
        const entity = snapshot.getEntity(urn);
        const aspects = entity ? entity.aspects.filter((n) => n !== key).sort() : [];
        const start = sink.entity();
        const hash = new DeferredHash();
        const carried = await writeEntity(snapshot, urn, type, aspects, carryAll, sink, hash);
        if (++read % RELEASE_EVERY === 0) store.releaseMappedPages();
        if (!carried) {
          sink.drop(start);
          continue;
        }
        urns.push(urn);
        types.push(type);
        const lines = sink.lines;
        meta.push(lines.length / 2, ...lines, hash.at - start, hash.ranges.length);
        for (const r of hash.ranges) {
          meta.push(r.start - start, r.end - start);
          names.push(r.name);
        }
      }
    }
    if (current >= 0) send();
    post({ kind: 'end', batches: Math.ceil(seen / input.batch) });
  } finally {
    snapshot.done();
    await store.close();
  }
}

/** The store's indexers, for an open that only reads aspects and entities (never asked). */
const never = (): never => {
  throw new Error('a record worker only reads');
};
const READS_ONLY_RELATIONSHIPS = { version: '', carries: never, edgesOf: never };
const READS_ONLY_SEARCH = { version: '', shapes: never, document: never } as unknown as Parameters<
  typeof Store.openAsIs
>[2];

if (parentPort) {
  const port = parentPort;
  const input = workerData as WorkerInput;
  const post = (m: WorkerMessage, transfer?: ArrayBuffer[]) => port.postMessage(m, transfer);
  run(input, post).catch((e: unknown) => {
    const err = damageError(e, input.path) ?? e;
    post({
      kind: 'failed',
      name: err instanceof Error ? err.name : 'Error',
      type: err instanceof CatalogError ? err.type : undefined,
      message: err instanceof Error ? err.message : String(err),
    });
  });
}
