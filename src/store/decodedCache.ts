/**
 * Decoded latest aspect values shared between reads (Store.readAspect): a read that finds the stored
 * bytes unchanged since the last decode returns the value decoded then, instead of decoding the same
 * msgpack again. The check is the bytes themselves, compared in full, so a write by this process or
 * by any other one (a CLI editing the file while a server has it open) shows on the next read: there
 * is no invalidation to forget. Values are deeply frozen before they are shared, so a reader that
 * tried to change one would throw rather than change what the next reader sees.
 * Bounded by the bytes it keeps (what was not read for a generation goes first; see DecodedCache).
 */

export interface DecodedEntry<T> {
  bytes: Buffer;
  value: T;
}

/** Freezes `v` and everything reachable from it (plain data: objects and arrays). */
export function deepFreeze<T>(v: T): T {
  if (typeof v === 'object' && v !== null && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const k of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[k]);
  }
  return v;
}

/**
 * Kept in two generations, each a map of urn → aspect name → entry (no key string to build and hash
 * per read): reads fill the recent generation; an entry found in the older one moves up. When the
 * recent generation holds half the budget it becomes the older one, and what was older goes, so what
 * has not been read for a generation is what leaves, and a read that hits costs no bookkeeping.
 */
export class DecodedCache<T> {
  private recent = new Map<string, Map<string, DecodedEntry<T>>>();
  private older = new Map<string, Map<string, DecodedEntry<T>>>();
  private recentBytes = 0;
  /** Reads answered from the cache, and reads that decoded (for tests and the bench). */
  hits = 0;
  misses = 0;

  constructor(private readonly maxBytes: number) {}

  /**
   * The value stored as `bytes` under (`urn`, `aspect`): the shared one when the bytes are those last
   * decoded, else `decode(copy)`'s, frozen and kept. `bytes` may be a view that the next read
   * overwrites: it is copied before it is kept.
   */
  get(urn: string, aspect: string, bytes: Uint8Array, decode: (stable: Buffer) => T): T {
    let hit = this.recent.get(urn)?.get(aspect);
    if (hit === undefined) {
      hit = this.older.get(urn)?.get(aspect);
      if (hit !== undefined && hit.bytes.length === bytes.length && hit.bytes.equals(bytes)) {
        this.hits++;
        this.keep(urn, aspect, hit);
        return hit.value;
      }
    } else if (hit.bytes.length === bytes.length && hit.bytes.equals(bytes)) {
      this.hits++;
      return hit.value;
    }
    this.misses++;
    const stable = Buffer.from(bytes);
    const value = deepFreeze(decode(stable));
    if (stable.length <= this.maxBytes / 8) this.keep(urn, aspect, { bytes: stable, value });
    else this.recent.get(urn)?.delete(aspect);
    return value;
  }

  private keep(urn: string, aspect: string, entry: DecodedEntry<T>): void {
    if (this.recentBytes + entry.bytes.length > this.maxBytes / 2) {
      this.older = this.recent;
      this.recent = new Map();
      this.recentBytes = 0;
    }
    let byAspect = this.recent.get(urn);
    if (byAspect === undefined) this.recent.set(urn, (byAspect = new Map()));
    const before = byAspect.get(aspect);
    if (before !== undefined) this.recentBytes -= before.bytes.length;
    byAspect.set(aspect, entry);
    this.recentBytes += entry.bytes.length;
  }

  clear(): void {
    this.recent.clear();
    this.older.clear();
    this.recentBytes = 0;
  }
}
