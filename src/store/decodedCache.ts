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
 * the heap a decoded value takes from its stored length); what was not read for a generation goes
 * first (see DecodedCache). The keys read once are marked in a Doorkeeper of a fixed size beside it.
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
 * The budget's bytes a mark of a key read once stands for: the doorkeeper remembers the last
 * `budget / MARK_SPAN` keys read once, in two generations (6 144 a generation at the default 24 MB),
 * so a key is kept when it is read again within the reads of about as many values as the budget
 * holds (a value of 500 stored bytes costs about 7 KB). Read at random over a catalog much larger
 * than the budget, few keys are read twice that soon, and few values are kept only to be dropped: it
 * was 1 key in 10 when marks were entries of the maps, a generation of them (48 000 at the default)
 * each an object for the collector to move, and the heap of a server read at random over 100 000
 * datasets grew by 2.4 MB a second of promoted marks and values, none read again.
 */
export const MARK_SPAN = 4096;
/** The fewest and the most marks a generation of the doorkeeper holds, whatever the budget (the most: 2 MB of bits). */
const MIN_MARKS = 64;
const MAX_MARKS = 1 << 20;

/**
 * The keys read once lately, without an object each: a Bloom filter of two bits a key (a hash of the
 * urn and the aspect name, FNV-1a), in two generations of `perGeneration` keys. When the recent
 * generation is full it becomes the older one, and the older one is cleared for reuse. 16 bits a key
 * a generation (rounded up to a power of two): with both generations full, 1 key in 40 or so that
 * was not read is taken for one that was (its value kept on its first read; harmless). Its size is
 * fixed, 4 to 8 bytes a mark: 32 KB at serve's default budget.
 */
export class Doorkeeper {
  private recent: Uint32Array;
  private older: Uint32Array;
  private count = 0;
  private readonly mask: number;

  constructor(private readonly perGeneration: number) {
    let bits = 32;
    while (bits < perGeneration * 16) bits *= 2;
    this.recent = new Uint32Array(bits >>> 5);
    this.older = new Uint32Array(bits >>> 5);
    this.mask = bits - 1;
  }

  /** Whether the key (urn, aspect) was marked within about two generations; marks it when it was not. */
  seen(urn: string, aspect: string): boolean {
    let h = 0x811c9dc5;
    for (let i = 0; i < urn.length; i++) h = Math.imul(h ^ urn.charCodeAt(i), 0x01000193);
    h = Math.imul(h ^ 0, 0x01000193);
    for (let i = 0; i < aspect.length; i++) h = Math.imul(h ^ aspect.charCodeAt(i), 0x01000193);
    const a = h & this.mask;
    const b = (Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) ^ (h >>> 13)) & this.mask;
    if (has(this.recent, a) && has(this.recent, b)) return true;
    if (has(this.older, a) && has(this.older, b)) return true;
    if (this.count >= this.perGeneration) {
      const reused = this.older;
      this.older = this.recent;
      this.recent = reused.fill(0);
      this.count = 0;
    }
    this.recent[a >>> 5]! |= 1 << (a & 31);
    this.recent[b >>> 5]! |= 1 << (b & 31);
    this.count++;
    return false;
  }

  /** Forgets every mark. */
  clear(): void {
    this.recent.fill(0);
    this.older.fill(0);
    this.count = 0;
  }
}

function has(bits: Uint32Array, bit: number): boolean {
  return (bits[bit >>> 5]! & (1 << (bit & 31))) !== 0;
}

/**
 * Kept in two generations, each a map of urn → aspect name → entry (no key string to build and hash
 * per read): reads fill the recent generation; an entry found in the older one moves up. A key's first
 * read leaves only a mark in the doorkeeper; a read that finds the mark keeps the value. When the
 * recent generation holds half the budget it becomes the older one, and what was older goes, so what
 * has not been read for a generation is what leaves, and a read that hits costs no bookkeeping. The
 * two generations together never hold more than the budget; a value that would cost over an eighth
 * of it is never kept.
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
  private doorkeeper: Doorkeeper;

  /**
   * `maxBytes`: the budget; `cost`: what keeping a value stored as these bytes costs, in the budget's
   * bytes (by default their length); `markSpan`: the budget's bytes a mark of a key read once stands
   * for (MARK_SPAN).
   */
  constructor(
    private maxBytes: number,
    private readonly cost: (bytes: Uint8Array) => number = (bytes) => bytes.length,
    private readonly markSpan = MARK_SPAN,
  ) {
    this.doorkeeper = this.newDoorkeeper();
  }

  private newDoorkeeper(): Doorkeeper {
    return new Doorkeeper(Math.min(MAX_MARKS, Math.max(MIN_MARKS, Math.floor(this.maxBytes / this.markSpan) || 0)));
  }

  /** The budget. */
  get budget(): number {
    return this.maxBytes;
  }

  /** What the kept values cost, at most (an older entry read again is counted in both generations). */
  get used(): number {
    return this.recentBytes + this.olderBytes;
  }

  /** Sets the budget; a smaller one empties the cache. */
  resize(maxBytes: number): void {
    if (maxBytes < this.maxBytes) this.clear();
    this.maxBytes = maxBytes;
    this.doorkeeper = this.newDoorkeeper();
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
    if (hit !== undefined && hit.bytes.length === bytes.length && hit.bytes.equals(bytes)) {
      this.hits++;
      if (olderHit) this.keep(urn, aspect, hit, this.cost(hit.bytes));
      return hit.value;
    }
    this.misses++;
    // A first read (within the doorkeeper's memory): a mark that the key was read, and a value of the
    // reader's own. A key with a value kept (changed since) was read before.
    if (hit === undefined && !this.doorkeeper.seen(urn, aspect)) return decode(Buffer.from(bytes));
    // Kept in a buffer of its own: Buffer.from copies a value under 4 KB into a slice of Node's 8 KB
    // pool, and a kept slice holds the whole pool (a server read at random kept 17 MB more of them
    // than the values' bytes after 50 s, uncounted by the budget).
    const stable = Buffer.allocUnsafeSlow(bytes.length);
    stable.set(bytes);
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
    if (before !== undefined) this.recentBytes -= this.cost(before.bytes);
    byAspect.set(aspect, entry);
    this.recentBytes += cost;
  }

  clear(): void {
    this.recent = new Map();
    this.older = new Map();
    this.recentBytes = 0;
    this.olderBytes = 0;
    this.doorkeeper.clear();
  }
}
