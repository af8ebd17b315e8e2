/**
 * Decoded latest aspect values shared between reads (Store.readAspect): a read that finds the stored
 * bytes unchanged since the last decode returns the value decoded then, instead of decoding the same
 * msgpack again. The check is the bytes themselves, compared in full, so a write by this process or
 * by any other one (a CLI editing the file while a server has it open) shows on the next read: there
 * is no invalidation to forget. Values are deeply frozen before they are shared, so a reader that
 * tried to change one would throw rather than change what the next reader sees.
 * Bounded by the bytes it keeps (least recently used first out).
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

export class DecodedCache<T> {
  private readonly map = new Map<string, DecodedEntry<T>>();
  private size = 0;
  /** Reads answered from the cache, and reads that decoded (for tests and the bench). */
  hits = 0;
  misses = 0;

  constructor(private readonly maxBytes: number) {}

  /**
   * The value stored as `bytes` under `key`: the shared one when the bytes are those last decoded,
   * else `decode(copy)`'s, frozen and kept. `bytes` may be a view that the next read overwrites: it is
   * copied before it is kept.
   */
  get(key: string, bytes: Uint8Array, decode: (stable: Buffer) => T): T {
    const hit = this.map.get(key);
    if (hit !== undefined && hit.bytes.length === bytes.length && hit.bytes.equals(bytes)) {
      this.hits++;
      // Most recently used last.
      this.map.delete(key);
      this.map.set(key, hit);
      return hit.value;
    }
    this.misses++;
    const stable = Buffer.from(bytes);
    const value = deepFreeze(decode(stable));
    if (hit !== undefined) {
      this.size -= hit.bytes.length;
      this.map.delete(key);
    }
    if (stable.length <= this.maxBytes / 8) {
      this.map.set(key, { bytes: stable, value });
      this.size += stable.length;
      while (this.size > this.maxBytes) {
        const [oldest, entry] = this.map.entries().next().value!;
        this.map.delete(oldest);
        this.size -= entry.bytes.length;
      }
    }
    return value;
  }

  clear(): void {
    this.map.clear();
    this.size = 0;
  }
}
