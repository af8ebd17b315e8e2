/**
 * The bundle file format (docs/bundle.md): a catalog as one checked, compressed, platform-free file.
 * Pure framing: this module knows frames, chunks, checksums and compression, not what the records
 * mean (src/ops/bundle/ makes and reads those).
 *
 *   magic line   `catalog-bundle 1\n` (ASCII)
 *   frames       kind (1 byte: `H` header, `C` chunk, `T` trailer), payload length (uint32,
 *                big-endian), SHA-256 of the payload (32 bytes), the payload
 *   header       one `H` frame: JSON (UTF-8, not compressed)
 *   chunks       `C` frames: brotli-compressed UTF-8 text, one JSON record a line
 *   trailer      one `T` frame, the last bytes of the file: JSON with the chunk count, the trailer's
 *                byte offset, the SHA-256 of every byte before it, and the content checksum
 *
 * The content checksum is the SHA-256 of the header's JSON without `maker` and `date`, a newline, and
 * then the SHA-256 (32 bytes) of each chunk's uncompressed text in order: the same records give the
 * same checksum whoever compressed them and whenever (chunks close at fixed text sizes).
 */
import { createHash, type Hash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompressSync, constants as zlib } from 'node:zlib';
import { BadRequestError } from '../errors.ts';
import { copyBytes, TextBuffer } from './text.ts';

export const MAGIC = 'catalog-bundle 1\n';
export const FORMAT_NAME = 'catalog-bundle';
export const FORMAT_VERSION = 1;
const MAGIC_BYTES = Buffer.from(MAGIC, 'latin1');
const FRAME_HEAD = 1 + 4 + 32;
/** A chunk is closed after the record that takes its text past this many bytes. */
export const CHUNK_TEXT_BYTES = 1 << 20;
/** No frame of a sound bundle is larger (a chunk's text is about CHUNK_TEXT_BYTES, and one record is bounded). */
const FRAME_MAX = 256 << 20;
/**
 * Brotli quality and window, chosen by measurement (docs/bundle.md "Codec"): quality 1 with a 4 MiB
 * window keeps the bundle far under the size target (about a twentieth of the records' text) at the
 * least CPU: on a shared 2-core machine the compression's core is not free.
 */
const BROTLI_QUALITY = 1;
const BROTLI_WINDOW = 22;

/** What a bundle prerequisite names: a bundle the receiver must hold (have pulled or made). */
export interface Prerequisite {
  checksum: string;
  date: string;
  catalog: string;
}

export interface BundleHeader {
  format: typeof FORMAT_NAME;
  version: number;
  /** `catalog <version>`: excluded from the content checksum. */
  maker: string;
  /** ISO 8601 time it was made: excluded from the content checksum. */
  date: string;
  /** The random id of the catalog it was made from. */
  catalog: string;
  /**
   * Whether it holds only what changed since its prerequisites (`--since`): then an entity it lacks
   * means nothing, and its removals are explicit records. A full bundle is complete for what it covers.
   */
  incremental: boolean;
  /** The pull filters it was made with (none: everything the catalog syncs). */
  covers: Record<string, unknown>;
  /** Bundles the receiver must hold first (empty: a full bundle, complete for what it covers). */
  since: Prerequisite[];
  /** The chunks' compression. */
  codec: 'br';
}

export interface BundleTrailer {
  chunks: number;
  /** The trailer frame's byte offset: every byte before it is covered by `file`. */
  bytes: number;
  /** SHA-256 (hex) of every byte before the trailer frame. */
  file: string;
  /** The content checksum (above). */
  content: string;
  /** Entity records by entity type. */
  counts: Record<string, number>;
  /** Removal records (an incremental bundle's entities removed since its prerequisite). */
  removed: number;
  /** State records: every entity the catalog held in what the bundle covers, with its content hash. */
  state: number;
  /** Per chunk, the urns its records name by type (ChunkIndex); absent in bundles made before it. */
  index?: ChunkIndex[];
}

/** A bundle that is not whole: damaged, truncated, or not a bundle at all. Nothing was applied. */
export class BundleDamagedError extends BadRequestError {
  constructor(path: string, message: string) {
    super(`${path}: ${message}`);
    this.name = 'BundleDamagedError';
  }
}

/** The part of a header the content checksum covers (maker and date left out). */
function contentHeaderText(h: BundleHeader): string {
  const { maker: _maker, date: _date, ...rest } = h;
  return `${JSON.stringify(rest)}\n`;
}

const compress = promisify(brotliCompress);
const BROTLI_PARAMS = (size: number) => ({
  // One output buffer holds a chunk's compressed bytes (about 50 KB of the bench's 1 MiB chunks) in
  // one callback. A buffer of the chunk's size, 1 MiB each time, was external memory that made V8
  // start a full collection every few chunks (a create at 100 000 datasets: 92 full collections in
  // all, 43 with this).
  chunkSize: 128 * 1024,
  params: {
    [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [zlib.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW,
    [zlib.BROTLI_PARAM_SIZE_HINT]: size,
    [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
  },
});
/** Chunks compressed at once while the next is made: memory holds at most this many chunks more. */
const IN_FLIGHT = 2;

const sha256 = (bytes: Uint8Array): Buffer => createHash('sha256').update(bytes).digest();

/** Where a bundle's records are written: text appended to the current chunk, a record ended by `endLine`. */
export interface RecordSink {
  /** Appends text to the record being made; returns the byte offset it starts at in `bytes`. */
  put(text: string): number;
  /** Appends text given as UTF-8 (`bytes[0, length)`, `units` UTF-16 code units long); returns where it starts, as `put`. */
  putUtf8(bytes: Uint8Array, length: number, units: number): number;
  /** The current chunk's bytes (valid until the next `put`), and where what was put ends in them. */
  readonly bytes: Buffer;
  readonly end: number;
  /** Where the chunk stands: `rollback` returns to the last mark (a record started and then not wanted). */
  mark(): number;
  rollback(mark: number): void;
  /** Ends the record (its newline); the chunk is closed when its text reached the chunk size. */
  endLine(type: string, urn: string): Promise<void>;
}

/**
 * Per chunk, for each entity type, the least and the greatest urn of its records (JavaScript string
 * order): a lookup by urn reads only the chunks whose range holds it.
 */
export type ChunkIndex = Record<string, [string, string]>;

/** Whether a trailer's `index` has the shape the writer gives it: per chunk, type → [least, greatest] urn. */
function isChunkIndexList(value: unknown, chunks: number): value is ChunkIndex[] {
  return (
    Array.isArray(value) &&
    value.length === chunks &&
    value.every(
      (entry) =>
        typeof entry === 'object' &&
        entry !== null &&
        !Array.isArray(entry) &&
        Object.values(entry).every(
          (range) =>
            Array.isArray(range) &&
            range.length === 2 &&
            typeof range[0] === 'string' &&
            typeof range[1] === 'string' &&
            range[0] <= range[1],
        ),
    )
  );
}

/**
 * Writes a bundle piece by piece to `sink`. A record's text goes straight into the chunk's buffer
 * (UTF-8, no intermediate string per record); a closed chunk is compressed off the main thread
 * (zlib's thread pool) while the records of the next are made; chunks are written in order,
 * and memory holds one chunk's text plus IN_FLIGHT chunks being compressed.
 */
export class BundleWriter extends TextBuffer implements RecordSink {
  private readonly file = createHash('sha256');
  private readonly content = createHash('sha256');
  private offset = 0;
  private chunks = 0;
  private lines = 0;
  private chunkIndex: ChunkIndex = {};
  private readonly index: ChunkIndex[] = [];
  private readonly pending: Array<Promise<{ packed: Buffer; rawSha: Buffer; packedSha: Buffer; text: Buffer }>> = [];
  /**
   * Chunk buffers whose compression is done, to hold the next chunks' text: a new buffer per chunk
   * is external memory V8 counts, and made it collect the whole heap again and again.
   */
  private readonly spare: Buffer[] = [];

  /**
   * The current chunk's text is the TextBuffer's; its length in UTF-16 code units (each line's and its
   * newline) is what the chunk size is measured in, so chunks close where they always did for the
   * same records.
   */
  constructor(
    private readonly sink: (bytes: Uint8Array) => Promise<void>,
    private readonly header: BundleHeader,
  ) {
    super(Buffer.allocUnsafe(2 * CHUNK_TEXT_BYTES), CHUNK_TEXT_BYTES);
  }

  async start(): Promise<void> {
    await this.emit(MAGIC_BYTES);
    const h = Buffer.from(JSON.stringify(this.header));
    await this.frame('H', h, createHash('sha256').update(h).digest());
    this.content.update(contentHeaderText(this.header));
  }

  /**
   * Appends text already encoded (UTF-8 `bytes`, `length` UTF-16 code units: made by another thread);
   * returns the byte offset it starts at in `bytes`.
   */
  putEncoded(bytes: Uint8Array, length: number): number {
    const at = this.used;
    if (this.buf.length - at < bytes.length) this.grow(bytes.length);
    copyBytes(bytes, bytes.length, this.buf, at);
    this.used += bytes.length;
    this.textLength += length;
    return at;
  }

  async endLine(type: string, urn: string): Promise<void> {
    this.put('\n');
    this.lines++;
    const range = this.chunkIndex[type];
    if (!range) this.chunkIndex[type] = [urn, urn];
    else if (urn < range[0]) range[0] = urn;
    else if (urn > range[1]) range[1] = urn;
    if (this.textLength >= CHUNK_TEXT_BYTES) await this.closeChunk();
  }

  /** One whole record (a line of JSON, without its newline). */
  async add(line: string, type: string, urn: string): Promise<void> {
    this.put(line);
    await this.endLine(type, urn);
  }

  /** Closes the last chunk and writes the trailer; resolves with the content checksum and the size. */
  async finish(rest: Pick<BundleTrailer, 'counts' | 'removed' | 'state'>): Promise<{ content: string; bytes: number }> {
    await this.closeChunk();
    while (this.pending.length > 0) await this.writeNext();
    const content = this.content.digest('hex');
    const trailer: BundleTrailer = {
      chunks: this.chunks,
      bytes: this.offset,
      file: this.file.digest('hex'),
      content,
      counts: rest.counts,
      removed: rest.removed,
      state: rest.state,
      index: this.index,
    };
    const t = Buffer.from(JSON.stringify(trailer));
    await this.frame('T', t, createHash('sha256').update(t).digest(), false);
    return { content, bytes: this.offset };
  }

  private async closeChunk(): Promise<void> {
    if (this.lines === 0) return;
    const text = this.buf;
    const raw = text.subarray(0, this.used);
    this.buf = this.spare.pop() ?? Buffer.allocUnsafe(Math.max(2 * CHUNK_TEXT_BYTES, this.used));
    this.used = 0;
    this.textLength = 0;
    this.lines = 0;
    this.index.push(this.chunkIndex);
    this.chunkIndex = {};
    // (WebCrypto's digest, measured, costs the main thread more than hashing here: it copies the bytes.)
    const rawSha = sha256(raw);
    this.pending.push(
      (async () => {
        const packed = await compress(raw, BROTLI_PARAMS(raw.length));
        return { packed, rawSha, packedSha: sha256(packed), text };
      })(),
    );
    if (this.pending.length > IN_FLIGHT) await this.writeNext();
  }

  /** Writes the oldest chunk being compressed once it is done. */
  private async writeNext(): Promise<void> {
    const done = await this.pending.shift()!;
    this.spare.push(done.text);
    this.content.update(done.rawSha);
    await this.frame('C', done.packed, done.packedSha);
    this.chunks++;
  }

  private async frame(kind: 'H' | 'C' | 'T', payload: Uint8Array, sha: Buffer, hashed = true): Promise<void> {
    const head = Buffer.alloc(FRAME_HEAD);
    head.write(kind, 0, 'latin1');
    head.writeUInt32BE(payload.length, 1);
    sha.copy(head, 5);
    await this.emit(head, hashed);
    await this.emit(payload, hashed);
  }

  private async emit(bytes: Uint8Array, hashed = true): Promise<void> {
    if (hashed) this.file.update(bytes);
    this.offset += bytes.length;
    await this.sink(bytes);
  }
}

/** One frame read back: its kind, its index among the chunks (chunks only), where it starts, its payload. */
interface Frame {
  kind: 'H' | 'C' | 'T';
  chunk: number;
  offset: number;
  payload: Buffer;
}

/** Reads a bundle's frames in order, checking each; every problem is a BundleDamagedError naming where. */
class FrameReader {
  private readonly fd: number;
  private offset = 0;
  private chunk = 0;
  readonly fileHash: Hash = createHash('sha256');

  constructor(private readonly path: string) {
    try {
      this.fd = openSync(path, 'r');
    } catch (e) {
      throw new BundleDamagedError(path, `cannot be read: ${(e as Error).message}`);
    }
  }

  close(): void {
    closeSync(this.fd);
  }

  private read(n: number, what: string): Buffer {
    const buf = Buffer.alloc(n);
    let got = 0;
    while (got < n) {
      const r = readSync(this.fd, buf, got, n - got, this.offset + got);
      if (r === 0) break;
      got += r;
    }
    if (got < n)
      throw new BundleDamagedError(
        this.path,
        `truncated: it ends at byte ${this.offset + got}, inside ${what} (at byte ${this.offset}), which needs ${n} bytes there`,
      );
    return buf;
  }

  magic(): void {
    const size = MAGIC_BYTES.length;
    const buf = Buffer.alloc(size);
    const got = readSync(this.fd, buf, 0, size, 0);
    if (got < size || !buf.equals(MAGIC_BYTES)) {
      const start = buf.subarray(0, got).toString('latin1');
      if (start.startsWith('catalog-bundle '))
        throw new BundleDamagedError(
          this.path,
          `a bundle of another format version (${JSON.stringify(start.split('\n')[0])}); this release reads version ${FORMAT_VERSION}`,
        );
      throw new BundleDamagedError(this.path, `not a catalog bundle (it does not start with "catalog-bundle 1")`);
    }
    this.fileHash.update(buf);
    this.offset = size;
  }

  /** The next frame, its checksum checked; `undefined` at the end of the file. */
  next(): Frame | undefined {
    const start = this.offset;
    const what = `chunk ${this.chunk}`;
    const probe = Buffer.alloc(1);
    if (readSync(this.fd, probe, 0, 1, start) === 0) return undefined;
    const head = this.read(FRAME_HEAD, `the frame head of ${what}`);
    const kind = head.toString('latin1', 0, 1);
    if (kind !== 'H' && kind !== 'C' && kind !== 'T')
      throw new BundleDamagedError(this.path, `damaged at byte ${start}: no frame starts there (${what} expected)`);
    const length = head.readUInt32BE(1);
    const name = kind === 'C' ? what : kind === 'H' ? 'the header' : 'the trailer';
    if (length > FRAME_MAX)
      throw new BundleDamagedError(this.path, `damaged: ${name} (at byte ${start}) claims ${length} bytes`);
    this.offset += FRAME_HEAD;
    const payload = this.read(length, name);
    if (!createHash('sha256').update(payload).digest().equals(head.subarray(5)))
      throw new BundleDamagedError(this.path, `damaged: ${name} (at byte ${start}) does not match its checksum`);
    if (kind !== 'T') {
      this.fileHash.update(head);
      this.fileHash.update(payload);
    }
    this.offset += length;
    const frame: Frame = { kind, chunk: this.chunk, offset: start, payload };
    if (kind === 'C') this.chunk++;
    return frame;
  }

  /** Reads on from `offset`, where chunk `chunk` starts (an offset a full read found). */
  seek(offset: number, chunk: number): void {
    this.offset = offset;
    this.chunk = chunk;
  }

  /** Whether nothing follows what was read. */
  atEnd(): boolean {
    return readSync(this.fd, Buffer.alloc(1), 0, 1, this.offset) === 0;
  }

  get position(): number {
    return this.offset;
  }
}

const parseJson = (path: string, payload: Buffer, what: string): Record<string, unknown> => {
  try {
    const v: unknown = JSON.parse(payload.toString('utf8'));
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {}
  throw new BundleDamagedError(path, `${what} is not a JSON object`);
};

const inflate = (path: string, f: Frame): Buffer => {
  try {
    return brotliDecompressSync(f.payload);
  } catch {
    throw new BundleDamagedError(path, `damaged: chunk ${f.chunk} (at byte ${f.offset}) does not decompress`);
  }
};

/** Reads the header alone (checked): what `bundle list` and a pull's first look need. */
export function readHeader(path: string): BundleHeader {
  const r = new FrameReader(path);
  try {
    r.magic();
    return headerOf(path, r.next());
  } finally {
    r.close();
  }
}

function headerOf(path: string, f: Frame | undefined): BundleHeader {
  if (f?.kind !== 'H') throw new BundleDamagedError(path, 'damaged: no header after the format line');
  const h = parseJson(path, f.payload, 'the header');
  if (h['format'] !== FORMAT_NAME || h['version'] !== FORMAT_VERSION || !Array.isArray(h['since']))
    throw new BundleDamagedError(path, `the header does not describe a ${FORMAT_NAME} ${FORMAT_VERSION}`);
  return h as unknown as BundleHeader;
}

/**
 * Reads every frame, checking each chunk's checksum, the file's checksum and the content checksum;
 * with `onRecords`, hands over each chunk's record lines as it goes. Resolves with the header and
 * the trailer; throws a BundleDamagedError at the first problem (naming the chunk and its byte offset).
 */
export function readBundle(
  path: string,
  onRecords?: (lines: string[]) => void,
): { header: BundleHeader; trailer: BundleTrailer; offsets: number[] } {
  const r = new FrameReader(path);
  try {
    r.magic();
    const header = headerOf(path, r.next());
    const content = createHash('sha256').update(contentHeaderText(header));
    let chunks = 0;
    const offsets: number[] = [];
    for (;;) {
      const at = r.position;
      const f = r.next();
      if (!f)
        throw new BundleDamagedError(
          path,
          `truncated: it ends at byte ${at}, after chunk ${chunks - 1}, with no trailer`,
        );
      if (f.kind === 'H') throw new BundleDamagedError(path, `damaged at byte ${f.offset}: a second header`);
      if (f.kind === 'C') {
        offsets.push(f.offset);
        const text = inflate(path, f);
        content.update(createHash('sha256').update(text).digest());
        chunks++;
        if (onRecords) {
          const s = text.toString('utf8');
          const lines = s.split('\n');
          lines.pop();
          onRecords(lines);
        }
        continue;
      }
      const t = parseJson(path, f.payload, 'the trailer') as unknown as BundleTrailer;
      if (!r.atEnd()) throw new BundleDamagedError(path, `damaged: bytes follow the trailer (at byte ${f.offset})`);
      if (t.chunks !== chunks || t.bytes !== f.offset)
        throw new BundleDamagedError(
          path,
          `damaged: the trailer (at byte ${f.offset}) says ${t.chunks} chunks ending at byte ${t.bytes}; the file holds ${chunks} ending at byte ${f.offset}`,
        );
      if (t.file !== r.fileHash.digest('hex'))
        throw new BundleDamagedError(path, `damaged: the bytes before the trailer do not match the trailer's checksum`);
      if (t.content !== content.digest('hex'))
        throw new BundleDamagedError(path, `damaged: the records do not match the content checksum`);
      if (t.index !== undefined && !isChunkIndexList(t.index, chunks))
        throw new BundleDamagedError(
          path,
          `damaged: the trailer's index (at byte ${f.offset}) is not one map of [least, greatest] urns per chunk`,
        );
      return { header, trailer: t, offsets };
    }
  } finally {
    r.close();
  }
}

/**
 * Streams a bundle's record lines a chunk at a time (each chunk's checksum checked), for a reader that
 * verified the whole bundle first (`readBundle`).
 */
export function* bundleRecords(path: string): Generator<string[]> {
  const r = new FrameReader(path);
  try {
    r.magic();
    headerOf(path, r.next());
    for (let f = r.next(); f && f.kind === 'C'; f = r.next()) {
      const lines = inflate(path, f).toString('utf8').split('\n');
      lines.pop();
      yield lines;
    }
  } finally {
    r.close();
  }
}

/**
 * The record lines of the chunks asked (`chunks`: index and byte offset, from `readBundle`, in file
 * order), each chunk's checksum checked again as it is read.
 */
export function* chunkRecords(
  path: string,
  chunks: ReadonlyArray<{ chunk: number; offset: number }>,
): Generator<{ chunk: number; lines: string[] }> {
  const r = new FrameReader(path);
  try {
    for (const c of chunks) {
      r.seek(c.offset, c.chunk);
      const f = r.next();
      if (f?.kind !== 'C')
        throw new BundleDamagedError(path, `damaged: no chunk at byte ${c.offset}, where chunk ${c.chunk} was`);
      const lines = inflate(path, f).toString('utf8').split('\n');
      lines.pop();
      yield { chunk: c.chunk, lines };
    }
  } finally {
    r.close();
  }
}

/** Whether a file is meant as a bundle: it starts with a bundle's format line (any version), or its name ends in `.bundle`. */
export function looksLikeBundle(path: string): boolean {
  if (path.endsWith('.bundle')) return true;
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return false;
  }
  try {
    const buf = Buffer.alloc(15);
    return readSync(fd, buf, 0, 15, 0) === 15 && buf.toString('latin1') === 'catalog-bundle ';
  } finally {
    closeSync(fd);
  }
}
