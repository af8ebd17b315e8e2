/**
 * Sets of document ids as the search index keeps them: in blocks of 128 consecutive ids, one LMDB
 * value per block, so a set of a hundred thousand ids reads as under a thousand values and a member
 * costs a few bytes, not a key of its own (docs/design.md, search index).
 *
 * Key [...prefix, block] → the entries of the block's ids, ascending, `entrySize` bytes each; an
 * entry's first byte is its id's low 7 bits, the rest its payload (postings carry frequency, length
 * and type; keyword sets carry nothing). A full block of 8-byte entries (1 KiB) still fits in an
 * LMDB page. Changes wait in memory until flush(), which rewrites each block touched once, however
 * many of its ids changed: a batch of a thousand documents rewrites a block per term, not a
 * thousand.
 */
import type { Database, Key } from 'lmdb';
import { after, type KeyRange, type WalkEntries } from './keyWalks.ts';

export const BLOCK_BITS = 7;
const BLOCK = 1 << BLOCK_BITS;
const LOW = BLOCK - 1;

/**
 * The changes to one set not yet written, in the order made: most runs of changes (an ingest's new
 * documents) come in ascending id order, and then need no sorting.
 */
interface Pending<P> {
  prefix: string[];
  ids: number[];
  payloads: Array<P | null>;
  /** Whether `ids` is strictly ascending. */
  ascending: boolean;
}

// Its writes run inside the store's write transaction, where lmdb writes at once and throws on failure:
// the promise put and remove return is already settled, hence `void`.
export class IdBlocks<P> {
  /** Changes not yet written, by prefix (null: the id leaves the set; of several changes to one id, the last counts). */
  private readonly pending = new Map<string, Pending<P>>();

  constructor(
    readonly name: string,
    readonly db: Database<Buffer, Key>,
    private readonly entrySize: number,
    /** Writes a payload into bytes 1 … entrySize−1 of the entry at `at`. */
    private readonly writePayload: (buf: Buffer, at: number, payload: P) => void,
    private readonly walkEntries: WalkEntries,
  ) {}

  /** Puts `id` in the set of `prefix` (a string: a prefix of one) with `payload`, or takes it out (null). */
  change(prefix: string[] | string, id: number, payload: P | null): void {
    const k = typeof prefix === 'string' ? prefix : prefix.length === 1 ? prefix[0]! : prefix.join('\u0000');
    const p = this.pending.get(k);
    if (!p) {
      this.pending.set(k, {
        prefix: typeof prefix === 'string' ? [prefix] : prefix,
        ids: [id],
        payloads: [payload],
        ascending: true,
      });
      return;
    }
    if (id <= p.ids[p.ids.length - 1]!) p.ascending = false;
    p.ids.push(id);
    p.payloads.push(payload);
  }

  discard(): void {
    this.pending.clear();
  }

  /** Writes every pending change; `counted` hears how many ids each prefix's set gained or lost. */
  flush(counted?: (prefix: string[], delta: number) => void): void {
    const size = this.entrySize;
    for (const p of this.pending.values()) {
      const { ids, payloads } = p.ascending ? p : lastOfEach(p);
      let delta = 0;
      for (let i = 0; i < ids.length; ) {
        const b = ids[i]! >>> BLOCK_BITS;
        let j = i + 1;
        while (j < ids.length && ids[j]! >>> BLOCK_BITS === b) j++;
        const key = [...p.prefix, b];
        const old = this.db.getBinary(key);
        const had = old ? old.length / size : 0;
        // Both runs are in id order: one merge, a change replacing the entry of its id.
        const buf = Buffer.allocUnsafe((had + j - i) * size);
        let at = 0;
        let o = 0;
        let c = i;
        while (o < had || c < j) {
          const oldLow = o < had ? old![o * size]! : BLOCK;
          const low = c < j ? ids[c]! & LOW : BLOCK;
          if (oldLow < low) {
            old!.copy(buf, at, o * size, (o + 1) * size);
            at += size;
            o++;
            continue;
          }
          if (oldLow === low) o++;
          const payload = payloads[c++]!;
          if (payload === null) continue;
          buf[at] = low;
          this.writePayload(buf, at, payload);
          at += size;
        }
        delta += at / size - had;
        if (at === 0) {
          if (old) void this.db.remove(key);
        } else void this.db.put(key, at === buf.length ? buf : buf.subarray(0, at));
        i = j;
      }
      if (delta !== 0) counted?.(p.prefix, delta);
    }
    this.pending.clear();
  }

  private range(prefix: string[]): KeyRange<Key> {
    const last = prefix.length - 1;
    return { start: [...prefix, 0], end: [...prefix.slice(0, last), after(prefix[last]!), 0] };
  }

  /** The blocks of `prefix`'s set, ascending: [the block's first id, its entries (a copy)]. */
  *blocks(prefix: string[]): Generator<[number, Buffer]> {
    for (const { key, value } of this.walkEntries<Key, Buffer>(this.name, this.db, this.range(prefix))) {
      const k = key as unknown[];
      // Copied: lmdb may reuse the buffer of a binary value for the next entry.
      yield [(k[k.length - 1] as number) << BLOCK_BITS, Buffer.from(value)];
    }
  }

  /** The ids of `prefix`'s set, ascending. */
  ids(prefix: string[]): number[] {
    const out: number[] = [];
    for (const [base, buf] of this.blocks(prefix))
      for (let at = 0; at < buf.length; at += this.entrySize) out.push(base + buf[at]!);
    return out;
  }

  /** The entry of `id` in `prefix`'s set: its block (a copy) and where the entry starts; undefined when absent. */
  find(prefix: string[], id: number): { buf: Buffer; at: number } | undefined {
    const buf = this.db.getBinary([...prefix, id >>> BLOCK_BITS]);
    if (!buf) return undefined;
    const low = id & LOW;
    // Entries are in id order: a binary search over at most 128.
    let lo = 0;
    let hi = buf.length / this.entrySize - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = mid * this.entrySize;
      const l = buf[at]!;
      if (l === low) return { buf, at };
      if (l < low) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }
}

/** The changes of `p` in ascending id order, the last change to each id only. */
function lastOfEach<P>(p: Pending<P>): { ids: number[]; payloads: Array<P | null> } {
  const order = p.ids.map((_, i) => i).sort((a, b) => p.ids[a]! - p.ids[b]! || a - b);
  const ids: number[] = [];
  const payloads: Array<P | null> = [];
  for (let k = 0; k < order.length; k++) {
    const i = order[k]!;
    if (k + 1 < order.length && p.ids[order[k + 1]!] === p.ids[i]) continue;
    ids.push(p.ids[i]!);
    payloads.push(p.payloads[i]!);
  }
  return { ids, payloads };
}
