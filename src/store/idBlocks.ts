/**
 * Sets of document ids as the search index keeps them: in blocks of 128 consecutive ids, one LMDB
 * value per block, so a set of a hundred thousand ids reads as under a thousand values and a member
 * costs a few bytes, not a key of its own (DESIGN.md, search index).
 *
 * Key [...prefix, block] → the entries of the block's ids, ascending, `entrySize` bytes each; an
 * entry's first byte is its id's low 7 bits, the rest its payload (postings carry frequency, length
 * and type; keyword sets carry nothing). A full block of 8-byte entries (1 KiB) still fits in an
 * LMDB page. Changes wait in memory until flush(), which rewrites each block touched once, however
 * many of its ids changed: a batch of a thousand documents rewrites a block per term, not a
 * thousand.
 */
import type { Database, Key } from 'lmdb';
import type { KeyRange } from './store.ts';
import { after } from './keyBounds.ts';

export const BLOCK_BITS = 7;
const BLOCK = 1 << BLOCK_BITS;
const LOW = BLOCK - 1;

type WalkEntries = <K extends Key, V>(name: string, db: Database<V, K>, range: KeyRange<K>) => Generator<{ key: K; value: V }>;

export class IdBlocks<P> {
  /** Changes not yet written, by prefix then id (null: the id leaves the set). */
  private readonly pending = new Map<string, { prefix: string[]; changes: Map<number, P | null> }>();

  constructor(
    readonly name: string,
    readonly db: Database<Buffer, Key>,
    private readonly entrySize: number,
    /** Writes a payload into bytes 1 … entrySize−1 of the entry at `at`. */
    private readonly writePayload: (buf: Buffer, at: number, payload: P) => void,
    private readonly walkEntries: WalkEntries,
  ) {}

  /** Puts `id` in the set of `prefix` with `payload`, or takes it out (null). */
  change(prefix: string[], id: number, payload: P | null): void {
    const k = prefix.join('\u0000');
    let p = this.pending.get(k);
    if (!p) this.pending.set(k, (p = { prefix, changes: new Map() }));
    p.changes.set(id, payload);
  }

  discard(): void {
    this.pending.clear();
  }

  /** Writes every pending change; `counted` hears how many ids each prefix's set gained or lost. */
  flush(counted?: (prefix: string[], delta: number) => void): void {
    const size = this.entrySize;
    for (const { prefix, changes } of this.pending.values()) {
      const byBlock = new Map<number, Array<[number, P | null]>>();
      for (const [id, p] of changes) {
        const b = id >>> BLOCK_BITS;
        let list = byBlock.get(b);
        if (!list) byBlock.set(b, (list = []));
        list.push([id & LOW, p]);
      }
      let delta = 0;
      for (const [b, list] of byBlock) {
        const key = [...prefix, b];
        const old = this.db.getBinary(key);
        const slots: Array<Buffer | { p: P } | undefined> = new Array(BLOCK);
        let before = 0;
        if (old) {
          for (let at = 0; at < old.length; at += size) {
            slots[old[at]!] = old.subarray(at, at + size);
            before++;
          }
        }
        for (const [low, p] of list) slots[low] = p === null ? undefined : { p };
        let after = 0;
        for (const s of slots) if (s) after++;
        delta += after - before;
        if (after === 0) {
          if (old) this.db.remove(key);
          continue;
        }
        const buf = Buffer.alloc(after * size);
        let at = 0;
        for (let low = 0; low < BLOCK; low++) {
          const s = slots[low];
          if (!s) continue;
          if (Buffer.isBuffer(s)) s.copy(buf, at);
          else {
            buf[at] = low;
            this.writePayload(buf, at, s.p);
          }
          at += size;
        }
        this.db.put(key, buf);
      }
      if (delta !== 0) counted?.(prefix, delta);
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
    for (const [base, buf] of this.blocks(prefix)) for (let at = 0; at < buf.length; at += this.entrySize) out.push(base + buf[at]!);
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
