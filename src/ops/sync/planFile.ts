/**
 * A push plan on disk: one JSON line per planned entry, appended while planning and read back in
 * order while sending, so a push of any size holds a batch in memory, not its whole plan.
 *
 * The file lives in the system's temporary directory, readable by its owner only, and its name is
 * removed as soon as it is opened: it disappears with the process however the process ends (a
 * killed push leaves nothing behind), and no other process can open it by name.
 */
import { closeSync, mkdtempSync, openSync, readSync, rmdirSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';

/** Text buffered before it is written out, and read back at a time. */
const CHUNK = 1 << 20;

export class PlanFile<T> {
  private fd: number | undefined;
  /** Bytes written so far. */
  private size = 0;
  private pending = '';
  /** Entries added so far. */
  count = 0;

  constructor() {
    const dir = mkdtempSync(join(tmpdir(), 'catalog-push-'));
    const path = join(dir, 'plan.jsonl');
    this.fd = openSync(path, 'w+', 0o600);
    unlinkSync(path);
    rmdirSync(dir);
  }

  add(entry: T): void {
    this.pending += `${JSON.stringify(entry)}\n`;
    this.count++;
    if (this.pending.length >= CHUNK) this.flush();
  }

  private open(): number {
    if (this.fd === undefined) throw new Error('the push plan was closed');
    return this.fd;
  }

  private flush(): void {
    if (!this.pending) return;
    const bytes = Buffer.from(this.pending, 'utf8');
    const fd = this.open();
    for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done, this.size + done);
    this.size += bytes.length;
    this.pending = '';
  }

  /** The entries in the order they were added (JSON.stringify escapes line breaks: one entry a line). */
  *entries(): Generator<T> {
    this.flush();
    const fd = this.open();
    const end = this.size;
    const buffer = Buffer.alloc(Math.min(CHUNK, Math.max(end, 1)));
    const decoder = new StringDecoder('utf8');
    let text = '';
    for (let at = 0; at < end; ) {
      const n = readSync(fd, buffer, 0, Math.min(buffer.length, end - at), at);
      if (n === 0) throw new Error('the push plan ended early');
      at += n;
      text += decoder.write(buffer.subarray(0, n));
      let start = 0;
      for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
        yield JSON.parse(text.slice(start, nl)) as T;
        start = nl + 1;
      }
      text = text.slice(start);
    }
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    this.pending = '';
  }
}
