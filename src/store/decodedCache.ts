/**
 * Decoded latest aspect values shared between reads (Store.readAspect): a read that finds the stored
 * bytes unchanged since the last decode returns the value decoded then, instead of decoding the same
 * msgpack again. The check is the bytes themselves, compared in full, so a write by this process or
 * by any other one (a CLI editing the file while a server has it open) shows on the next read: there
 * is no invalidation to forget.
 * A value is kept on the second read of its key, not the first: read at random over a catalog larger
 * than the budget, most values are read once, and keeping (and freezing) each would cost every read
 * and hold the heap for nothing. A first read returns a value of the reader's own, neither kept nor
 * frozen (read models never change what they read); only a shared value is deeply frozen, so a reader
 * that tried to change one would throw rather than change what the next reader sees.
 * Bounded by a byte budget of what it keeps, each value counted by its `cost` (the store's estimates
 * the heap a decoded value takes from its stored length) and each key read once by SEEN_COST; what
 * was not read for a generation goes first (see DecodedCache).
 */

export interface DecodedEntry<T> {
  bytes: Buffer;
  value: T;
}

/**
 * Freezes `v` and everything reachable from it (plain data: objects and arrays). Arrays by index and
 * objects by `for…in`, with no array of keys made and no call for a string or a number: a read that
 * decodes what it does not find shared freezes every value it decodes (half the time of the former
 * `Object.keys` walk over bench datasets' values, measured).
 */
export function deepFreeze<T>(v: T): T {
  if (typeof v !== 'object' || v === null || Object.isFrozen(v)) return v;
  Object.freeze(v);
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      if (typeof x === 'object' && x !== null) deepFreeze(x);
    }
  } else {
    for (const k in v) {
      const x = (v as Record<string, unknown>)[k];
      if (typeof x === 'object' && x !== null) deepFreeze(x);
    }
  }
  return v;
}

/**
 * What remembering a key read once costs, in the budget's bytes, besides the length of its urn: its
 * entries in the two maps (and, for a urn seen first, a map of its own).
 */
export const SEEN_COST = 160;

/** Stands for a key read once (its value not kept) in a generation. */
const SEEN: DecodedEntry<never> = Object.freeze({ bytes: Buffer.alloc(0), value: undefined as never });

/**
 * Kept in two generations, each a map of urn → aspect name → entry (no key string to build and hash
 * per read): reads fill the recent generation; an entry found in the older one moves up. A key's first
 * read leaves only a mark that it was read (SEEN, costing SEEN_COST and its urn's length); a read that
 * finds the mark, in either generation, keeps the value in its place. When the recent generation holds
 * half the budget it becomes the older one, and what was older goes, so what has not been read for a
 * generation is what leaves (marks too: a key read twice within about a generation is kept), and a
 * read that hits costs no bookkeeping. The two generations together never hold more than the budget;
 * a value that would cost over an eighth of it is never kept.
 */
export class DecodedCache<T> {
  private recent = new Map<string, Map<string, DecodedEntry<T>>>();
  private older = new Map<string, Map<string, DecodedEntry<T>>>();
  /** The cost of the recent generation's entries, and of the older one's (as it was when it turned older). */
  private recentBytes = 0;
  private olderBytes = 0;
  /** Reads answered from the cache, and reads that decoded (for tests and the bench). */
  hits = 0;
  misses = 0;

  /**
   * `maxBytes`: the budget; `cost`: what keeping a value stored as these bytes costs, in the budget's
   * bytes (by default their length); `markCost`: what the mark of a key read once costs.
   */
  constructor(
    private maxBytes: number,
    private readonly cost: (bytes: Uint8Array) => number = (bytes) => bytes.length,
    private readonly markCost: (urn: string) => number = (urn) => SEEN_COST + urn.length,
  ) {}

  /** The budget. */
  get budget(): number {
    return this.maxBytes;
  }

  /** What the kept values and marks cost, at most (an older entry read again is counted in both generations). */
  get used(): number {
    return this.recentBytes + this.olderBytes;
  }

  /** Sets the budget; a smaller one empties the cache. */
  resize(maxBytes: number): void {
    if (maxBytes < this.maxBytes) this.clear();
    this.maxBytes = maxBytes;
  }

  /**
   * The value stored as `bytes` under (`urn`, `aspect`): the shared one when the bytes are those last
   * decoded; else `decode`'s, frozen and kept when the key was read before (within about a
   * generation), or the caller's own, unfrozen, on a first read. `bytes` may be a view that the next
   * read overwrites: it is copied before it is kept.
   */
  get(urn: string, aspect: string, bytes: Uint8Array, decode: (stable: Buffer) => T): T {
    let hit = this.recent.get(urn)?.get(aspect);
    let olderHit = false;
    if (hit === undefined) {
      hit = this.older.get(urn)?.get(aspect);
      olderHit = true;
    }
    if (hit !== undefined && hit !== SEEN && hit.bytes.length === bytes.length && hit.bytes.equals(bytes)) {
      this.hits++;
      if (olderHit) this.keep(urn, aspect, hit, this.cost(hit.bytes));
      return hit.value;
    }
    this.misses++;
    if (hit === undefined) {
      // A first read: a mark that the key was read, and a value of the reader's own.
      const mark = this.markCost(urn);
      if (mark <= this.maxBytes / 8) this.keep(urn, aspect, SEEN, mark);
      return decode(Buffer.from(bytes));
    }
    const stable = Buffer.from(bytes);
    const cost = this.cost(stable);
    // Too large to keep: the reader's own, like a first read (the mark stays).
    if (cost > this.maxBytes / 8) return decode(stable);
    const value = deepFreeze(decode(stable));
    this.keep(urn, aspect, { bytes: stable, value }, cost);
    return value;
  }

  private keep(urn: string, aspect: string, entry: DecodedEntry<T>, cost: number): void {
    if (this.recentBytes + cost > this.maxBytes / 2) {
      this.older = this.recent;
      this.olderBytes = this.recentBytes;
      this.recent = new Map();
      this.recentBytes = 0;
    }
    let byAspect = this.recent.get(urn);
    if (byAspect === undefined) this.recent.set(urn, (byAspect = new Map()));
    const before = byAspect.get(aspect);
    if (before !== undefined) this.recentBytes -= this.costOf(urn, before);
    byAspect.set(aspect, entry);
    this.recentBytes += cost;
  }

  private costOf(urn: string, entry: DecodedEntry<T>): number {
    return entry === SEEN ? this.markCost(urn) : this.cost(entry.bytes);
  }

  clear(): void {
    this.recent = new Map();
    this.older = new Map();
    this.recentBytes = 0;
    this.olderBytes = 0;
  }
}
