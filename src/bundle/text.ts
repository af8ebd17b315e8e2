/**
 * UTF-8 text appended to a buffer that grows, with its length in UTF-16 code units (what a bundle's
 * chunk size is measured in) and one mark to return to: a bundle writer's chunk (format.ts) and a
 * batch of records made by a worker (src/ops/bundle/batches.ts) are both one. No node:crypto here: a
 * worker of the single executable aborts when it loads that module, and the worker's code uses this.
 */
export class TextBuffer {
  /** The text: `used` bytes of `buf`. */
  protected buf: Buffer;
  protected used = 0;
  /** The text's length in UTF-16 code units. */
  protected textLength = 0;
  private markedLength = 0;

  /** `slack`: bytes a growth leaves free beyond what the text needs then. */
  constructor(
    buf: Buffer,
    private readonly slack = 0,
  ) {
    this.buf = buf;
  }

  get bytes(): Buffer {
    return this.buf;
  }

  get end(): number {
    return this.used;
  }

  /** Appends `text`; returns the byte offset it starts at. */
  put(text: string): number {
    const at = this.used;
    // A UTF-16 code unit is at most 3 bytes of UTF-8.
    if (this.buf.length - at < text.length * 3) this.grow(text.length * 3);
    this.used += this.buf.write(text, at);
    this.textLength += text.length;
    return at;
  }

  mark(): number {
    this.markedLength = this.textLength;
    return this.used;
  }

  rollback(mark: number): void {
    this.textLength = this.markedLength;
    this.used = mark;
  }

  /** Makes room for `more` bytes past the end, in a new buffer at least twice as large. */
  protected grow(more: number): void {
    const next = Buffer.allocUnsafe(Math.max(2 * this.buf.length, this.used + more + this.slack));
    this.buf.copy(next, 0, 0, this.used);
    this.buf = next;
  }
}
