/**
 * `bundle create`'s batches of records (parallel.ts): the entities in the bundle's order (types as
 * given, urns in key order) are cut in batches of a fixed number, and a batch is made by whoever
 * claims it, a record worker (worker.ts) or the main thread while it would otherwise wait. A batch
 * is its lines as UTF-8 bytes with what the main thread needs to put them in the chunks exactly as
 * it would have made them in place: the lines' lengths, their types and urns, and where each entity's
 * content hash goes (a placeholder here: a worker must not load node:crypto, which aborts a worker of
 * the single executable, as the build's start-up snapshot holds it; the build checks the worker's
 * code for it, and this module is part of that code).
 */
import type { RecordSink } from '../../bundle/format.ts';
import { TextBuffer } from '../../bundle/text.ts';
import type { StoreSnapshot } from '../../store/store.ts';
import { STATE_DIGITS, type StateHash, writeEntity } from './records.ts';

/**
 * One batch's records, but for their bytes. `meta`, per entity in order: its number of lines (1 or
 * 2), each line's byte length and UTF-16 length (without its newline), the byte offset of its hash's
 * placeholder in its first line, its number of hashed aspects, and each one's value as byte offsets
 * [start, end) in its first line; `names` holds the hashed aspects' names in the same order. Offsets
 * count from the entity's first byte.
 */
export interface BatchRecords {
  /** Entities of the walk in this batch (those with nothing to sync too). */
  walked: number;
  urns: string[];
  types: string[];
  meta: Int32Array;
  names: string[];
}

/** How many entities are read between two releases of the file's mapped pages (create.ts RELEASE_EVERY). */
const RELEASE_EVERY = 200;
/**
 * How many entities are read between two full garbage collections of the thread's heap: a thread
 * that reads allocates much and keeps little, and between V8's own collections its heap grew with
 * the length of the run (docs/bundle.md, "Where the time and the memory go").
 */
const COLLECT_EVERY = 5000;

const PLACEHOLDER = '0'.repeat(STATE_DIGITS);

/**
 * A batch's lines being made: the text in `buf` (the buffer it began in, or one of its own once it
 * outgrew it), per line its end and UTF-16 length.
 */
export class BatchSink extends TextBuffer implements RecordSink {
  private own = false;
  /** Lines of the entity being made: [byte end, UTF-16 length] each. */
  lines: number[] = [];
  /** Where the line being made starts. */
  private lineStart = 0;
  private lineLength = 0;

  constructor() {
    super(Buffer.alloc(0));
  }

  protected override grow(more: number): void {
    super.grow(more);
    this.own = true;
  }

  endLine(): Promise<void> {
    this.lines.push(this.used - this.lineStart, this.textLength - this.lineLength);
    this.lineStart = this.used;
    this.lineLength = this.textLength;
    return Promise.resolve();
  }

  /** Starts an entity at the current end. */
  entity(): number {
    this.lines = [];
    this.lineStart = this.used;
    this.lineLength = this.textLength;
    return this.used;
  }

  /** Drops what the entity put (it has nothing to sync). */
  drop(start: number): void {
    this.used = start;
  }

  /** Starts a batch in `buf`. */
  begin(buf: Buffer): void {
    this.buf = buf;
    this.own = false;
    this.used = 0;
    this.textLength = 0;
  }

  /** The batch's length, and its bytes when they are not in the buffer it began in. */
  take(): { length: number; bytes: Buffer | undefined } {
    return { length: this.used, bytes: this.own ? this.buf.subarray(0, this.used) : undefined };
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

/**
 * Makes the batches a thread claims, in increasing order, from one walk over the snapshot's entities
 * (the batches it skips are walked, not read).
 */
export class BatchMaker {
  private readonly walk: Generator<[string, string]>;
  private seen = 0;
  private read = 0;
  /** How many batches the walk holds, once it reached its end. */
  total: number | undefined;

  constructor(
    private readonly view: Pick<StoreSnapshot, 'eachUrnOfType' | 'getEntity' | 'aspectJson'>,
    types: readonly string[],
    private readonly keyAspects: Record<string, string | undefined>,
    private readonly batch: number,
    /** Lets the file's mapped pages go (every RELEASE_EVERY entities read). */
    private readonly release: () => void,
    /** A full garbage collection (every COLLECT_EVERY entities read). */
    private readonly collect: () => void,
    /** True once no more batches are wanted: `make` ends at the next entity, with `undefined`. */
    private readonly stopped: () => boolean = () => false,
  ) {
    this.walk = (function* () {
      for (const type of types) for (const urn of view.eachUrnOfType(type, 1000)) yield [type, urn];
    })();
  }

  private next(): [string, string] | undefined {
    const n = this.walk.next();
    if (n.done) {
      this.total = Math.ceil(this.seen / this.batch);
      return undefined;
    }
    this.seen++;
    return n.value;
  }

  /** Makes batch `target` (after any made before) into `sink`; `undefined` when the walk ends before it (or on a stop). */
  async make(target: number, sink: BatchSink): Promise<BatchRecords | undefined> {
    while (this.seen < target * this.batch) if (this.stopped() || !this.next()) return undefined;
    const urns: string[] = [];
    const types: string[] = [];
    const meta: number[] = [];
    const names: string[] = [];
    let walked = 0;
    while (this.seen < (target + 1) * this.batch) {
      if (this.stopped()) return undefined;
      const next = this.next();
      if (!next) break;
      walked++;
      const [type, urn] = next;
      const key = this.keyAspects[type];
      const entity = this.view.getEntity(urn);
      const aspects = entity ? entity.aspects.filter((n) => n !== key).sort() : [];
      const start = sink.entity();
      const hash = new DeferredHash();
      const carried = await writeEntity(this.view, urn, type, aspects, carryAll, sink, hash);
      if (++this.read % RELEASE_EVERY === 0) {
        this.release();
        if (this.read % COLLECT_EVERY === 0) this.collect();
      }
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
    if (walked === 0) return undefined;
    return { walked, urns, types, meta: Int32Array.from(meta), names };
  }
}
