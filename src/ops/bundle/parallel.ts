/**
 * `bundle create`'s records made by worker threads (worker.ts): they read the data file and write
 * the records' JSON, a batch of entities each in turn, while this thread takes the batches in the
 * bundle's order, hashes (each entity's content hash, written over the worker's placeholder; the
 * chunks' checksums), compresses (on zlib's threads) and writes. The bundle is the same, byte for
 * byte, as one made in this thread alone (records.ts writeEntity makes the lines in both).
 *
 * The workers read one snapshot: this thread opens a read transaction on the latest commit and names
 * it, and a worker whose own transaction is on another commit (a write landed meanwhile) says so;
 * then no worker is used and the bundle is made in this thread (`startRecordWorkers` answers why).
 */
import { hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Worker } from 'node:worker_threads';
import type { BundleWriter } from '../../bundle/format.ts';
import { CatalogError } from '../../errors.ts';
import { keyAspectName } from '../../model/registry.ts';
import type { Store } from '../../store/store.ts';
import { STATE_DIGITS } from './records.ts';
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

/** What `writeFromWorkers` needs: the workers, ready, each reading the same snapshot. */
export interface RecordWorkers {
  workers: Worker[];
  channels: Channel[];
  credit: Int32Array;
  /** Per worker, its slots (worker.ts WorkerInput.slots). */
  slots: Buffer[][];
}

/** A worker's messages in order, taken one at a time. */
class Channel {
  private readonly queue: WorkerMessage[] = [];
  private waiting: ((m: WorkerMessage) => void) | undefined;

  constructor(worker: Worker) {
    worker.on('message', (m: WorkerMessage) => this.push(m));
    // A worker that could not run its code (or died) says so as a failure.
    worker.on('error', (e: Error) => this.push({ kind: 'failed', name: e.name, type: undefined, message: e.message }));
    worker.on('exit', (code) => {
      if (code !== 0)
        this.push({ kind: 'failed', name: 'Error', type: undefined, message: `a record worker exited with ${code}` });
    });
  }

  private push(m: WorkerMessage): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    if (waiting) waiting(m);
    else this.queue.push(m);
  }

  next(): Promise<WorkerMessage> {
    const m = this.queue.shift();
    if (m) return Promise.resolve(m);
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }
}

/** A worker thread running worker.ts: the executable's embedded code, or the TypeScript sources through tsx. */
function newWorker(input: WorkerInput): Worker {
  // Required when asked, not imported: the executable's start-up snapshot must not hold worker_threads,
  // and it cannot import() at run time.
  const require = createRequire(import.meta.url);
  const { Worker } = require('node:worker_threads') as typeof import('node:worker_threads');
  const sea = require('node:sea') as typeof import('node:sea');
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
): Promise<{ run: RecordWorkers; types: string[] } | { why: string }> {
  const snapshot = store.snapshot({ latest: true });
  const workers: Worker[] = [];
  try {
    const txnId = snapshot.txnId;
    if (txnId === undefined) return { why: 'the file was written to while its snapshot was taken' };
    const types = snapshot.entityTypes().filter(wanted);
    const keyAspects = Object.fromEntries(types.map((t) => [t, keyAspectName(t)]));
    const credit = new Int32Array(new SharedArrayBuffer(4 * count)).fill(AHEAD);
    const channels: Channel[] = [];
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
        count,
        batch: BATCH,
        credit: credit.buffer as SharedArrayBuffer,
        slots: shared,
        slot: SLOT,
        ahead: AHEAD,
      });
      workers.push(worker);
      channels.push(new Channel(worker));
    }
    for (const channel of channels) {
      const m = await channel.next();
      if (m.kind === 'ready') continue;
      await stopWorkers({ workers, channels, credit, slots });
      return {
        why:
          m.kind === 'stale'
            ? `a worker read another commit of the file (${m.txnId ?? 'unknown'}, not ${txnId}): it was written to meanwhile`
            : `a worker could not start: ${m.kind === 'failed' ? m.message : m.kind}`,
      };
    }
    return { run: { workers, channels, credit, slots }, types };
  } catch (e) {
    await stopWorkers({ workers, channels: [], credit: new Int32Array(0), slots: [] });
    return { why: `a worker could not start: ${(e as Error).message}` };
  } finally {
    snapshot.done();
  }
}

/** Stops the workers, waking any that waits for credit. */
async function stopWorkers(run: RecordWorkers): Promise<void> {
  for (let i = 0; i < run.credit.length; i++) {
    Atomics.store(run.credit, i, 2 ** 30);
    Atomics.notify(run.credit, i);
  }
  await Promise.all(run.workers.map((w) => w.terminate()));
}

/** A failure a worker reported, as the error it was there (a damaged value names its entity and aspect). */
function workerError(m: Extract<WorkerMessage, { kind: 'failed' }>): Error {
  const e = m.type ? new CatalogError(m.type, m.message) : new Error(m.message);
  e.name = m.name;
  return e;
}

/**
 * Takes the workers' batches in order and writes their records into `writer` (each entity's content
 * hash taken here); resolves with the entities written by type and how many the walk saw. The
 * workers are stopped when it returns or throws.
 */
export async function writeFromWorkers(
  run: RecordWorkers,
  writer: BundleWriter,
  onWalked: (seen: number) => void,
): Promise<{ counts: Record<string, number>; entities: number; seen: number }> {
  const counts: Record<string, number> = {};
  let entities = 0;
  let seen = 0;
  const count = run.workers.length;
  try {
    for (let g = 0; ; g++) {
      const w = g % count;
      const m = await run.channels[w]!.next();
      if (m.kind === 'failed') throw workerError(m);
      if (m.kind === 'end' && m.batches === g) break;
      if (m.kind !== 'batch' || m.batch !== g)
        throw new Error(`record worker ${w} sent ${m.kind === 'batch' ? `batch ${m.batch}` : m.kind}, not batch ${g}`);
      entities += await putBatch(m, m.bytes ?? run.slots[w]![m.slot]!.subarray(0, m.length), writer, counts);
      // Its slot is free for another batch.
      Atomics.add(run.credit, w, 1);
      Atomics.notify(run.credit, w);
      seen += m.walked;
      onWalked(seen);
    }
  } finally {
    await stopWorkers(run);
  }
  return { counts, entities, seen };
}

/** An entity's hashed text, gathered (putBatch). */
let scratch = Buffer.allocUnsafe(1 << 16);

/** Writes one batch's lines into the chunks, each entity's content hash over its placeholder. */
async function putBatch(
  m: RecordBatch,
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
