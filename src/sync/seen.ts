/**
 * A set of urns that holds 16 bytes per urn whatever its length: each urn is kept as a 64-bit
 * fingerprint (two independent 32-bit string hashes) in an open-addressing table. Pull uses it for
 * the entities a scroll brought while it writes nothing yet (a dry run, or the start of a pull that
 * may still stop at the fail-safe threshold), and diff for the entities the remote listed: a million
 * urns take 32 MB at most, where a Set of the strings took several times that.
 *
 * Two urns with the same fingerprint count as one: with 64 bits that takes billions of urns to be
 * likely, and the one effect is that an entity not seen counts as seen (so it is not taken as
 * removed there), the safe side.
 */
export class UrnSet {
  private hi = new Uint32Array(1 << 10);
  private lo = new Uint32Array(1 << 10);
  private count = 0;

  get size(): number {
    return this.count;
  }

  add(urn: string): void {
    const [h, l] = fingerprint(urn);
    if (this.place(h, l)) this.count++;
    if (this.count * 2 > this.hi.length) this.grow();
  }

  has(urn: string): boolean {
    const [h, l] = fingerprint(urn);
    const mask = this.hi.length - 1;
    for (let i = h & mask; ; i = (i + 1) & mask) {
      if (this.hi[i] === 0 && this.lo[i] === 0) return false;
      if (this.hi[i] === h && this.lo[i] === l) return true;
    }
  }

  /** Puts a fingerprint in its slot; false when it was there already. */
  private place(h: number, l: number): boolean {
    const mask = this.hi.length - 1;
    for (let i = h & mask; ; i = (i + 1) & mask) {
      if (this.hi[i] === 0 && this.lo[i] === 0) {
        this.hi[i] = h;
        this.lo[i] = l;
        return true;
      }
      if (this.hi[i] === h && this.lo[i] === l) return false;
    }
  }

  private grow(): void {
    const [hi, lo] = [this.hi, this.lo];
    this.hi = new Uint32Array(hi.length * 2);
    this.lo = new Uint32Array(lo.length * 2);
    for (let i = 0; i < hi.length; i++) if (hi[i] !== 0 || lo[i] !== 0) this.place(hi[i]!, lo[i]!);
  }
}

/** Two 32-bit hashes of a string (FNV-1a, and a multiply-rotate hash), never both zero (the empty slot). */
function fingerprint(s: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  b = Math.imul(b ^ (b >>> 13), 0xc2b2ae35);
  b ^= b >>> 16;
  a >>>= 0;
  b >>>= 0;
  return a === 0 && b === 0 ? [0, 1] : [a, b];
}
