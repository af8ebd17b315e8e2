/**
 * `bundle create`'s records made by worker threads (worker.ts): they read the data file and write
 * the records' JSON, a batch of entities (batches.ts) each as they claim it, while this thread takes
 * the batches in the bundle's order, hashes (each entity's content hash, written over the worker's
 * placeholder; the chunks' checksums), compresses (on zlib's threads) and writes. Whenever the batch
 * it needs next has not come, this thread claims and makes one itself rather than wait: on two cores
 * (one worker) the reading and the JSON, most of the work, are shared by both threads as each has
 * time. The bundle is the same, byte for byte, as one made in this thread alone (records.ts
 * writeEntity makes the lines in all).
 *
 * The workers read one snapshot: this thread opens a read transaction on the latest commit and names
 * it, and a worker whose own transaction is on another commit (a write landed meanwhile) says so;
 * then no worker is used and the bundle is made in this thread (`startRecordWorkers` answers why).
 */
import { hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Worker } from 'node:worker_threads';
import type { BundleWriter } from '../../bundle/format.ts';
import { CatalogError } from '../../errors.ts';
import { keyAspectName } from '../../model/registry.ts';
import { collectGarbage } from '../sync/heap.ts';
import type { Store, StoreSnapshot } from '../../store/store.ts';
import { STATE_DIGITS } from './records.ts';
import { BatchMaker, type BatchRecords, BatchSink } from './batches.ts';
import type { RecordBatch, WorkerInput, WorkerMessage } from './worker.ts';

/** Entities a batch holds: what a worker makes while another makes the next. */
const BATCH = 200;
/** Batches a worker may have made that this thread has not taken yet: memory holds at most this many per worker. */
const AHEAD = 3;
/**
 * The bytes of a slot a batch is made in, shared by its worker and this thread (reused, not a new
 * buffer a batch: V8 counts those and collected the whole heap again and again); a larger batch
 * comes in a buffer of its own. (200 bench datasets with a history of their schemas: about 2.4 MB.)
 */
const SLOT = 4 << 20;
/** The name of the worker's code among the single executable's assets (build.sh). */
const WORKER_ASSET = 'bundle-worker.js';

/** What `writeFromWorkers` needs: the workers, ready, each reading the same snapshot as this thread's. */
export interface RecordWorkers {
  workers: Worker[];
  inbox: Inbox;
  /** The next batch no one has claimed (worker.ts WorkerInput.next). */
  next: Int32Array;
  credit: Int32Array;
  /** Set to stop the workers (worker.ts WorkerInput.stop). */
  stop: Int32Array;
  /** Per worker, settled when its thread has ended. */
  exits: Promise<void>[];
  /** Per worker, its slots (worker.ts WorkerInput.slots). */
  slots: Buffer[][];
  /** This thread's snapshot (done when the workers stop), what it reads the batches it makes from. */
  snapshot: StoreSnapshot;
  types: string[];
  keyAspects: Record<string, string | undefined>;
}

type Failure = Extract<WorkerMessage, { kind: 'failed' }>;

/** The workers' messages: their first word (ready or not), the batches by number, the walk's length, a failure. */
class Inbox {
  private readonly hellos: Array<WorkerMessage | undefined> = [];
  private readonly batches = new Map<number, RecordBatch & { worker: number }>();
  /** How many batches the walk holds, once a worker reached its end. */
  total: number | undefined;
  failure: Failure | undefined;
  private wake: (() => void) | undefined;

  constructor(workers: Worker[]) {
    workers.forEach((worker, w) => {
      worker.on('message', (m: WorkerMessage) => this.push(m, w));
      // A worker that could not run its code (or died) says so as a failure.
      worker.on('error', (e: Error) =>
        this.push({ kind: 'failed', name: e.name, type: undefined, message: e.message }, w),
      );
      worker.on('exit', (code) => {
        if (code !== 0)
          this.push(
            { kind: 'failed', name: 'Error', type: undefined, message: `a record worker exited with ${code}` },
            w,
          );
      });
    });
  }

  private push(m: WorkerMessage, w: number): void {
    if (m.kind === 'batch') this.batches.set(m.batch, { ...m, worker: w });
    else if (m.kind === 'end') this.total = m.batches;
    else if (m.kind === 'failed') {
      this.failure ??= m;
      this.hellos[w] ??= m;
    } else this.hellos[w] = m;
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  /** Resolves at the next message. */
  changed(): Promise<void> {
    return new Promise((resolve) => {
      this.wake = resolve;
    });
  }

  /** Worker `w`'s first message: ready, stale, or its failure. */
  async hello(w: number): Promise<WorkerMessage> {
    for (;;) {
      const m = this.hellos[w];
      if (m) return m;
      await this.changed();
    }
  }

  /** Batch `g`, when it has come (taken out). */
  take(g: number): (RecordBatch & { worker: number }) | undefined {
    const b = this.batches.get(g);
    if (b) this.batches.delete(g);
    return b;
  }
}

/** A worker thread running worker.ts: the executable's embedded code, or the TypeScript sources through tsx. */
function newWorker(input: WorkerInput): Worker {
  // Required when asked, not imported: the executable's start-up snapshot must not hold worker_threads,
  // and it cannot import() at run time.
  const require = createRequire(import.meta.url);
  const { Worker } = require('node:worker_threads') as typeof import('node:worker_threads');
  const sea = require('node:sea') as typeof import('node:sea');
  // A worker's own heap is collected in full now and then (batches.ts COLLECT_EVERY) through the
  // global `gc` this flag gives the isolates made after it: the worker cannot load node:v8 itself.
  setFlagsFromString('--expose-gc');
  if (sea.isSea()) return new Worker(sea.getAsset(WORKER_ASSET, 'utf8'), { eval: true, workerData: input });
  // From the sources (tests, development): tsx's loader registered in the worker, then worker.ts.
  // (tsx's ES module API by its package's exports: a require of it resolves its CommonJS build.)
  const pkg = require.resolve('tsx/package.json');
  const api = (JSON.parse(readFileSync(pkg, 'utf8')) as { exports: Record<string, { import: { default: string } }> })
    .exports['./esm/api']!.import.default;
  const tsx = JSON.stringify(pathToFileURL(join(dirname(pkg), api)).href);
  const code = JSON.stringify(new URL('./worker.ts', import.meta.url).href);
  return new Worker(`import(${tsx}).then((tsx) => { tsx.register(); return import(${code}); });`, {
    eval: true,
    workerData: input,
  });
}

/**
 * Starts `count` record workers over the entities of `types` (a predicate on the snapshot's types),
 * each on this thread's snapshot. Resolves with them ready, or with why none is used (the bundle is
 * then made in this thread).
 */
export async function startRecordWorkers(
  store: Store,
  wanted: (type: string) => boolean,
  count: number,
): Promise<{ run: RecordWorkers } | { why: string }> {
  const snapshot = store.snapshot({ latest: true });
  const workers: Worker[] = [];
  const exits: Promise<void>[] = [];
  const stop = new Int32Array(new SharedArrayBuffer(4));
  const credit = new Int32Array(new SharedArrayBuffer(4 * count)).fill(AHEAD);
  let started = false;
  try {
    const txnId = snapshot.txnId;
    if (txnId === undefined) return { why: 'the file was written to while its snapshot was taken' };
    const types = snapshot.entityTypes().filter(wanted);
    const keyAspects = Object.fromEntries(types.map((t) => [t, keyAspectName(t)]));
    const next = new Int32Array(new SharedArrayBuffer(4));
    const slots: Buffer[][] = [];
    for (let index = 0; index < count; index++) {
      const shared = new SharedArrayBuffer(AHEAD * SLOT);
      slots.push(Array.from({ length: AHEAD }, (_, i) => Buffer.from(shared, i * SLOT, SLOT)));
      const worker = newWorker({
        path: store.path,
        txnId,
        types,
        keyAspects,
        index,
        batch: BATCH,
        next: next.buffer as SharedArrayBuffer,
        credit: credit.buffer as SharedArrayBuffer,
        stop: stop.buffer as SharedArrayBuffer,
        slots: shared,
        slot: SLOT,
        ahead: AHEAD,
      });
      workers.push(worker);
      exits.push(new Promise((resolve) => worker.once('exit', () => resolve())));
    }
    const run: RecordWorkers = {
      workers,
      inbox: new Inbox(workers),
      next,
      credit,
      stop,
      exits,
      slots,
      snapshot,
      types,
      keyAspects,
    };
    for (let w = 0; w < count; w++) {
      const m = await run.inbox.hello(w);
      if (m.kind === 'ready') continue;
      await stopWorkers(run);
      return {
        why:
          m.kind === 'stale'
            ? `a worker read another commit of the file (${m.txnId ?? 'unknown'}, not ${txnId}): it was written to meanwhile`
            : `a worker could not start: ${m.kind === 'failed' ? m.message : m.kind}`,
      };
    }
    started = true;
    return { run };
  } catch (e) {
    await endWorkers(stop, credit, exits);
    return { why: `a worker could not start: ${(e as Error).message}` };
  } finally {
    if (!started) snapshot.done();
  }
}

/**
 * Tells the workers to stop, wakes any that waits for credit, and resolves when every thread has
 * ended by itself: each stops at its next entity. None is terminated (worker.ts WorkerInput.stop).
 */
async function endWorkers(stop: Int32Array, credit: Int32Array, exits: Promise<void>[]): Promise<void> {
  Atomics.store(stop, 0, 1);
  for (let i = 0; i < credit.length; i++) {
    Atomics.store(credit, i, 2 ** 30);
    Atomics.notify(credit, i);
  }
  await Promise.all(exits);
}

/** Stops the workers (endWorkers) and ends this thread's snapshot. */
async function stopWorkers(run: RecordWorkers): Promise<void> {
  await endWorkers(run.stop, run.credit, run.exits);
  run.snapshot.done();
}

/** A failure a worker reported, as the error it was there (a damaged value names its entity and aspect). */
function workerError(m: Failure): Error {
  const e = m.type ? new CatalogError(m.type, m.message) : new Error(m.message);
  e.name = m.name;
  return e;
}

/**
 * Batches this thread may have made ahead of the one it writes next: it makes one (the next no one
 * has claimed) whenever the batch it needs has not come yet, so the workers and this thread share
 * the reading and the JSON as each has time.
 */
const OWN_AHEAD = 2;

/**
 * Takes the batches in order and writes their records into `writer` (each entity's content hash
 * taken here); resolves with the entities written by type and how many the walk saw. The workers
 * are stopped when it returns or throws.
 */
export async function writeFromWorkers(
  store: Store,
  run: RecordWorkers,
  writer: BundleWriter,
  onWalked: (seen: number) => void,
): Promise<{ counts: Record<string, number>; entities: number; seen: number }> {
  const counts: Record<string, number> = {};
  let entities = 0;
  let seen = 0;
  const { inbox } = run;
  const maker = new BatchMaker(
    run.snapshot,
    run.types,
    run.keyAspects,
    BATCH,
    () => store.releaseMappedPages(),
    collectGarbage,
  );
  const sink = new BatchSink();
  /** Batches this thread made, by number, and the buffers they were made in (reused). */
  const own = new Map<number, { records: BatchRecords; bytes: Buffer; buffer: Buffer }>();
  const spare: Buffer[] = [];
  let walked = false;
  try {
    for (let g = 0; ; g++) {
      let batch: { records: BatchRecords; bytes: Uint8Array; worker?: number; buffer?: Buffer } | undefined;
      for (;;) {
        if (inbox.failure) throw workerError(inbox.failure);
        const total = inbox.total ?? maker.total;
        if (total !== undefined && g >= total) return { counts, entities, seen };
        const mine = own.get(g);
        if (mine) {
          own.delete(g);
          batch = mine;
          break;
        }
        const m = inbox.take(g);
        if (m) {
          batch = {
            records: m,
            bytes: m.bytes ?? run.slots[m.worker]![m.slot]!.subarray(0, m.length),
            worker: m.worker,
          };
          break;
        }
        if (!walked && own.size < OWN_AHEAD) {
          // Rather than wait, make the next batch no one has claimed.
          const claimed = Atomics.add(run.next, 0, 1);
          const buffer = spare.pop() ?? Buffer.allocUnsafe(SLOT);
          sink.begin(buffer);
          const records = await maker.make(claimed, sink);
          if (!records) {
            walked = true;
            spare.push(buffer);
            continue;
          }
          const { length, bytes } = sink.take();
          own.set(claimed, { records, bytes: bytes ?? buffer.subarray(0, length), buffer });
          continue;
        }
        await inbox.changed();
      }
      entities += await putBatch(batch.records, batch.bytes, writer, counts);
      if (batch.worker !== undefined) {
        // Its slot is free for another batch.
        Atomics.add(run.credit, batch.worker, 1);
        Atomics.notify(run.credit, batch.worker);
      } else if (batch.buffer) spare.push(batch.buffer);
      seen += batch.records.walked;
      onWalked(seen);
    }
  } finally {
    await stopWorkers(run);
  }
}

/** An entity's hashed text, gathered (putBatch). */
let scratch = Buffer.allocUnsafe(1 << 16);

/** Writes one batch's lines into the chunks, each entity's content hash over its placeholder. */
async function putBatch(
  m: BatchRecords,
  bytes: Uint8Array,
  writer: BundleWriter,
  counts: Record<string, number>,
): Promise<number> {
  const { meta, names } = m;
  let off = 0;
  let k = 0;
  let name = 0;
  for (let e = 0; e < m.urns.length; e++) {
    const urn = m.urns[e]!;
    const type = m.types[e]!;
    const lines = meta[k++]!;
    const firstBytes = meta[k++]!;
    const firstLength = meta[k++]!;
    let secondBytes = 0;
    let secondLength = 0;
    if (lines === 2) {
      secondBytes = meta[k++]!;
      secondLength = meta[k++]!;
    }
    const hashAt = meta[k++]!;
    const aspects = meta[k++]!;
    const at = writer.putEncoded(bytes.subarray(off, off + firstBytes), firstLength);
    off += firstBytes;
    // What the content hash is taken over (records.ts), gathered for one call: no hash object an entity.
    let used = 0;
    for (let a = 0; a < aspects; a++) {
      const start = at + meta[k++]!;
      const end = at + meta[k++]!;
      const label = `${names[name++]}\n`;
      const need = used + 3 * label.length + (end - start) + 1;
      if (scratch.length < need) {
        const next = Buffer.allocUnsafe(2 * need);
        scratch.copy(next, 0, 0, used);
        scratch = next;
      }
      used += scratch.write(label, used);
      used += writer.bytes.copy(scratch, used, start, end);
      scratch[used++] = 10;
    }
    const digits = hash('sha256', scratch.subarray(0, used), 'hex').slice(0, STATE_DIGITS);
    writer.bytes.write(digits, at + hashAt, 'latin1');
    await writer.endLine(type, urn);
    if (lines === 2) {
      writer.putEncoded(bytes.subarray(off, off + secondBytes), secondLength);
      off += secondBytes;
      await writer.endLine(type, urn);
    }
    counts[type] = (counts[type] ?? 0) + 1;
  }
  return m.urns.length;
}
