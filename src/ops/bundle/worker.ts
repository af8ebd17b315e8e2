/**
 * A record worker of `catalog bundle create` (parallel.ts starts them). In a thread of its own it
 * opens the data file read-only, reads it in one read transaction, which must be on the commit the
 * main thread names (else it says so and does nothing), and makes batches of records (batches.ts):
 * it claims the next batch no one has claimed yet (a counter shared with the main thread and the
 * other workers), makes it in one of its slots of memory shared with the main thread, posts what
 * the main thread needs beside the bytes, and claims the next, at most as far ahead as the main
 * thread's credit allows (`credit`). This thread must not load node:crypto (batches.ts).
 *
 * Nothing here reads the model: the main thread gives each type's key aspect (not synced).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { CatalogError } from '../../errors.ts';
import { damageError } from '../../store/damage.ts';
import { Store } from '../../store/store.ts';
import { BatchMaker, type BatchRecords, BatchSink } from './batches.ts';

export interface WorkerInput {
  path: string;
  /** The commit the main thread's snapshot reads. */
  txnId: number;
  types: string[];
  /** Per type, its key aspect (left out of a bundle). */
  keyAspects: Record<string, string | undefined>;
  index: number;
  batch: number;
  /** The next batch no one has claimed (Int32Array of one): every maker claims with Atomics.add. */
  next: SharedArrayBuffer;
  /** Per worker, how many batches it may have made (Int32Array): the main thread adds as it takes them. */
  credit: SharedArrayBuffer;
  /**
   * Set (Int32Array of one, to 1) when the main thread needs no more batches: the worker stops at the
   * next entity and ends by itself. It is never terminated: a thread stopped inside the data file's
   * native code aborted the whole process (lmdb throws into a thread that is going away).
   */
  stop: SharedArrayBuffer;
  /**
   * This worker's `ahead` slots of `slot` bytes each, shared with the main thread: its k-th batch is
   * made in slot k % ahead (a batch that outgrows it in a buffer of its own, handed over).
   */
  slots: SharedArrayBuffer;
  slot: number;
  ahead: number;
}

/** One batch made by a worker (batches.ts BatchRecords): its number, and where its bytes are. */
export interface RecordBatch extends BatchRecords {
  kind: 'batch';
  batch: number;
  /** Its bytes: the first `length` of its slot, or (a batch larger than a slot) `bytes`. */
  slot: number;
  length: number;
  bytes: Uint8Array | undefined;
}

export type WorkerMessage =
  | { kind: 'ready' }
  | { kind: 'stale'; txnId: number | undefined }
  | RecordBatch
  | { kind: 'end'; batches: number }
  | { kind: 'failed'; name: string; type: CatalogError['type'] | undefined; message: string };

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
    const next = new Int32Array(input.next);
    const stop = new Int32Array(input.stop);
    const stopped = () => Atomics.load(stop, 0) !== 0;
    const sink = new BatchSink();
    const maker = new BatchMaker(
      snapshot,
      input.types,
      input.keyAspects,
      input.batch,
      () => store.releaseMappedPages(),
      // Given by the main thread's --expose-gc (parallel.ts); this thread must not load node:v8 (nor
      // node:crypto): a worker of the executable that loads a module its start-up snapshot holds aborts.
      () => (globalThis as { gc?: () => void }).gc?.(),
      stopped,
    );
    const slots = Array.from({ length: input.ahead }, (_, i) => Buffer.from(input.slots, i * input.slot, input.slot));
    for (let made = 0; ; made++) {
      // Waits until the main thread has taken the batch made in this slot before; then claims.
      for (
        let allowed = Atomics.load(credit, input.index);
        made >= allowed && !stopped();
        allowed = Atomics.load(credit, input.index)
      )
        Atomics.wait(credit, input.index, allowed);
      if (stopped()) return;
      const batch = Atomics.add(next, 0, 1);
      sink.begin(slots[made % input.ahead]!);
      const records = await maker.make(batch, sink);
      if (stopped()) return;
      if (!records) break;
      const { length, bytes } = sink.take();
      // A buffer of its own (larger than a slot, so never from Node's shared pool) is handed over.
      const own = bytes ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length) : undefined;
      post(
        { kind: 'batch', batch, slot: made % input.ahead, length, bytes: own, ...records },
        own ? [own.buffer as ArrayBuffer] : [],
      );
    }
    post({ kind: 'end', batches: maker.total! });
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
