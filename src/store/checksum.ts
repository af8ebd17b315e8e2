/**
 * Checksums of the stored values (data file format 4, format.ts): every value of `aspects`,
 * `timeseries` and `entities` is stored as
 *
 *   0xC1 · CRC-32 of the msgpack bytes (4 bytes, little-endian) · the msgpack bytes
 *
 * and checked each time it is read, before it is decoded. 0xC1 is the one byte msgpack never
 * writes, so a value without it was written before format 4: it decodes as it always did while the
 * file still has such values (`strict()` false: a file not yet given its checksums), and is damage in
 * a file whose every value has one. The checksum covers what the reader decodes: lmdb-js compresses
 * the whole stored value (header included) above the table's threshold and decompresses it in its
 * native code before the decoder sees it, so a damaged compressed value is caught too, whatever its
 * decompression made of it (and `spoil` keeps that from ever being the previous value read).
 *
 * These three tables are what only the file holds. The other tables carry no checksum: the search
 * and relationship indexes and `byType`/`entityUrns` are derived from them, and `catalog verify`
 * holds them against the aspects instead; tokens, remotes, sync bases and `meta` are small records
 * it checks for shape.
 *
 * The layer sits inside the tables' own encoder and decoder (msgpackr's Packr, docs/patches.md §3),
 * so every way lmdb-js reads or writes a value goes through it: `get`, range walks, the shared record
 * structures of the table (an entry of the table itself, whose damage would change the field names
 * of every value). A mismatch throws ValueDamage, which knows no key; the table's `get`, the key
 * walks and readAspect turn it into a DamagedValueError that names the file, the table and the key
 * (the entity, the aspect, the version). A damaged value is an error, never different data.
 *
 * The sum is CRC-32 (zlib's; about 0.3 µs for a 500-byte value, 0.7 µs for 2 KB, computed here for
 * small values, crcOf): it detects every burst of up to 32 flipped bits and all but 2^-32 of other
 * damage. A cryptographic hash would cost five times as much and guard against nothing a disk does.
 */
import { crc32 } from 'node:zlib';
import type { Database, Key } from 'lmdb';
import { CatalogError } from '../errors.ts';
import { lmdbDamageText } from './damage.ts';

/** The first byte of a checksummed value: 0xC1 is "never used" in msgpack, so no older value starts with it. */
export const CHECKSUM_MARKER = 0xc1;
/** Marker and CRC-32, in front of the msgpack bytes. */
export const CHECKSUM_HEADER = 5;
/** msgpackr's pack() flag RESERVE_START_SPACE, with the number of bytes to leave free in front in its low byte. */
const RESERVE_HEADER = 2048 | CHECKSUM_HEADER;

/** The tables whose values carry checksums, by their name in the file. */
export const CHECKSUMMED_TABLES = ['entities', 'aspects', 'timeseries'] as const;
export type ChecksummedTable = (typeof CHECKSUMMED_TABLES)[number];

/** The key of a table's shared record structures (lmdb-js's sharedStructuresKey; format.ts). */
export const STRUCTURES_KEY = Symbol.for('structures');

/** Why a stored value is not what was written; `page`: the page of the file that holds it failed LMDB's page check (damage.ts). */
export type Damage = 'checksum' | 'missing' | 'undecodable' | 'page';

/**
 * A value that failed its check, thrown from inside a table's decoder, which does not know the key:
 * whoever knows it turns it into a DamagedValueError (namedDamage).
 */
export class ValueDamage extends Error {
  constructor(
    readonly damage: Damage,
    readonly detail = '',
  ) {
    super(`stored value damaged: ${reasonText(damage, detail)}`);
    this.name = 'ValueDamage';
  }
}

function reasonText(damage: Damage, detail: string): string {
  switch (damage) {
    case 'checksum':
      return 'its checksum does not match its bytes';
    case 'missing':
      return 'it carries no checksum, which every value of this file has';
    case 'undecodable':
      return `it cannot be decoded (${detail})`;
    case 'page':
      return `its page in the file failed its check: ${detail}`;
  }
}

/** What a key of a checksummed table names, in words: "aspect X of URN (latest version)". */
export function describeKey(table: string, key: unknown): string {
  if (key === STRUCTURES_KEY) return `the record structures of table ${table}, through which every value of it is read`;
  if (table === 'aspects' && Array.isArray(key)) {
    const [urn, aspect, version] = key as [string, string, number];
    return `aspect ${aspect} of ${urn} (${version === 0 ? 'latest version' : `version ${version}`})`;
  }
  if (table === 'timeseries' && Array.isArray(key)) {
    const [urn, aspect, time, partition] = key as [string, string, number, string];
    const when = Number.isFinite(time) && Math.abs(time) < 8.64e15 ? ` (${new Date(time).toISOString()})` : '';
    return `the ${aspect} event of ${urn} at ${time}${when}${partition ? `, partition ${partition}` : ''}`;
  }
  if (table === 'entities' && typeof key === 'string') return `the entity record of ${key} (the list of its aspects)`;
  return `the value of key ${JSON.stringify(key)} in table ${table}`;
}

/**
 * A stored value that is not what was written, named by file, table and key. Never answered with
 * other data: the read fails, and the message says how to find the rest of the damage and what to do.
 */
export class DamagedValueError extends CatalogError {
  readonly table: string;
  readonly key: unknown;
  readonly damage: Damage;
  constructor(path: string, table: string, key: unknown, damage: Damage, detail = '') {
    super(
      'SERVER_ERROR',
      `${path}: the stored value of ${describeKey(table, key)} is damaged: ${reasonText(damage, detail)}. ` +
        `It is not the data that was written. \`catalog verify --data ${path}\` lists every damaged value; restore the file from a backup (\`catalog backup\`).`,
    );
    this.name = 'DamagedValueError';
    this.table = table;
    this.key = key;
    this.damage = damage;
  }
}

/** `e` named by its key when it is a ValueDamage; anything else as it is. */
export function namedDamage(path: string, table: string, key: unknown, e: unknown): unknown {
  if (e instanceof ValueDamage) return new DamagedValueError(path, table, key, e.damage, e.detail);
  // A page LMDB found damaged on the way to the value (the page checks of the patched addon).
  const page = lmdbDamageText(e);
  return page ? new DamagedValueError(path, table, key, 'page', page) : e;
}

/**
 * CRC-32 (IEEE, zlib's) of `bytes[from, to)`. Most aspect values are a hundred-odd bytes, where the
 * call into zlib and the view it needs cost more than the sum itself: below SMALL bytes the same
 * CRC is computed here (slice-by-8 tables), two to three times as fast; above, zlib's is.
 */
function crcOf(bytes: Uint8Array, from: number, to: number): number {
  if (to - from < SMALL) return crcSmall(bytes, from, to);
  // zlib.crc32 reads the whole view: lmdb-js hands out shared buffers longer than their value.
  return crc32(bytes.subarray(from, to));
}

const SMALL = 256;
/** CRC-32 tables for slice-by-8: TABLES[k·256 + b] is the CRC of byte b followed by k zero bytes. */
const TABLES = (() => {
  const t = new Int32Array(8 * 256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
    t[n] = c;
  }
  for (let n = 0; n < 256; n++) {
    let c = t[n]!;
    for (let k = 1; k < 8; k++) {
      c = t[c & 0xff]! ^ (c >>> 8);
      t[k * 256 + n] = c;
    }
  }
  return t;
})();

function crcSmall(b: Uint8Array, from: number, to: number): number {
  const t = TABLES;
  let c = -1;
  let i = from;
  for (; i + 8 <= to; i += 8) {
    const a = c ^ (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24));
    c =
      t[1792 + (a & 0xff)]! ^
      t[1536 + ((a >>> 8) & 0xff)]! ^
      t[1280 + ((a >>> 16) & 0xff)]! ^
      t[1024 + (a >>> 24)]! ^
      t[768 + b[i + 4]!]! ^
      t[512 + b[i + 5]!]! ^
      t[256 + b[i + 6]!]! ^
      t[b[i + 7]!]!;
  }
  for (; i < to; i++) c = t[(c ^ b[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

function readCrc(bytes: Uint8Array, at: number): number {
  return (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
}

function writeHeader(bytes: Uint8Array, at: number, end: number): void {
  const crc = crcOf(bytes, at + CHECKSUM_HEADER, end);
  bytes[at] = CHECKSUM_MARKER;
  bytes[at + 1] = crc & 0xff;
  bytes[at + 2] = (crc >>> 8) & 0xff;
  bytes[at + 3] = (crc >>> 16) & 0xff;
  bytes[at + 4] = crc >>> 24;
}

/** The check of the first `end` bytes of a stored value: sealed and sound, sealed and damaged, or from before checksums. */
export function checkStored(bytes: Uint8Array, end = bytes.length): 'sound' | 'damaged' | 'unsealed' {
  if (end === 0 || bytes[0] !== CHECKSUM_MARKER) return 'unsealed';
  if (end < CHECKSUM_HEADER) return 'damaged';
  return crcOf(bytes, CHECKSUM_HEADER, end) === readCrc(bytes, 1) ? 'sound' : 'damaged';
}

/** A value written before checksums (msgpack bytes) with its header in front: a new buffer. */
export function sealed(msgpack: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(msgpack.length + CHECKSUM_HEADER);
  out.set(msgpack, CHECKSUM_HEADER);
  writeHeader(out, 0, out.length);
  return out;
}

/** msgpackr's Packr as lmdb-js uses it (docs/patches.md §3). */
interface Codec {
  encode(value: unknown, options?: number): Uint8Array & { start?: number; end?: number };
  decode(bytes: Uint8Array, options?: unknown): unknown;
  getStructures?: () => unknown;
}

interface TableInternals {
  encoder?: Codec;
  decoder?: Codec;
  compression?: { getValueBytes?: Uint8Array };
  get(key: Key, options?: unknown): unknown;
}

/**
 * Makes the table's decompression buffer unlike any sound value once the value in it has been read.
 * lmdb-js decompresses into one buffer per compression and, when LZ4 fails on damaged bytes, leaves
 * whatever that buffer held and reports the length the damaged header claims: without this, a
 * damaged value could read as the previous value read, checksum and all. A zero first byte is no
 * marker and no msgpack record: such stale bytes fail as a value without a checksum (or as
 * undecodable, in a file still being given checksums).
 */
export function spoil(db: unknown, bytes: Uint8Array): void {
  const target = (db as TableInternals).compression?.getValueBytes;
  // Only lmdb's own decompression buffer: other bytes may be the read-only map itself.
  if (bytes === target && bytes.length > 0) bytes[0] = 0;
}

/** spoil() for reads whose bytes lmdb copied out of its buffer (range reads of a table opened for bytes): the buffer itself. */
export function spoilBuffer(db: unknown): void {
  const target = (db as TableInternals).compression?.getValueBytes;
  if (target && target.length > 0) target[0] = 0;
}

/**
 * Puts the checksum layer into a table opened with the msgpack encoding (the table's own Packr,
 * whose encode and decode lmdb-js calls for every value): values are written sealed and checked
 * when read. `strict()` says whether a value without a checksum is damage (a file whose every value
 * has one) or a value from before format 4 (a file not yet given checksums); it is asked only for
 * such values. `path` and `table` name the value in errors.
 */
export function checksumTable(
  db: Database<unknown, Key>,
  path: string,
  table: ChecksummedTable,
  strict: () => boolean,
): void {
  const internals = db as unknown as TableInternals;
  const codec = internals.encoder;
  if (!codec || internals.decoder !== codec)
    throw new Error(`table ${table}: lmdb-js no longer decodes with its encoder (docs/patches.md §3)`);
  const encode = codec.encode;
  const decode = codec.decode;
  codec.encode = (value, options) => {
    // msgpackr leaves the header's bytes free in front of the value, so nothing is copied.
    const out = encode.call(codec, value, (options ?? 0) | RESERVE_HEADER);
    const reused = out.start !== undefined && out.start > -1;
    writeHeader(out, reused ? out.start! : 0, reused ? out.end! : out.length);
    return out;
  };
  codec.decode = (bytes, options) => {
    // lmdb-js passes the value's length as a number (range reads) or nothing (get, where the view's
    // `length` is the value's), as msgpackr reads its options.
    const end =
      typeof options === 'number' && options > -1
        ? options
        : ((options as { end?: number } | undefined)?.end ?? bytes.length);
    if (end === 0 || bytes[0] !== CHECKSUM_MARKER) return decodeUnsealed(bytes, end);
    if (end < CHECKSUM_HEADER || crcOf(bytes, CHECKSUM_HEADER, end) !== readCrc(bytes, 1)) {
      spoil(db, bytes);
      throw new ValueDamage('checksum');
    }
    let value: unknown;
    try {
      value = decode.call(codec, bytes, { start: CHECKSUM_HEADER, end });
    } catch (e) {
      throw e instanceof ValueDamage || e instanceof CatalogError
        ? e
        : new ValueDamage('undecodable', (e as Error).message);
    }
    spoil(db, bytes);
    return value;
  };
  const decodeUnsealed = (bytes: Uint8Array, end: number): unknown => {
    // Copied first: asking strict() reads `meta`, which may reuse the buffer these bytes are in.
    const own = Uint8Array.prototype.slice.call(bytes, 0, end) as Uint8Array;
    spoil(db, bytes);
    if (strict()) throw new ValueDamage('missing');
    try {
      return decode.call(codec, Buffer.from(own.buffer, own.byteOffset, own.length));
    } catch (e) {
      throw e instanceof ValueDamage || e instanceof CatalogError
        ? e
        : new ValueDamage('undecodable', (e as Error).message);
    }
  };
  // The structures are read inside the decoding of some value, whose key would be named instead.
  const getStructures = codec.getStructures;
  if (getStructures) {
    codec.getStructures = () => {
      try {
        return getStructures();
      } catch (e) {
        throw namedDamage(path, table, STRUCTURES_KEY, e);
      }
    };
  }
  const get = internals.get;
  internals.get = function (key, options) {
    try {
      return get.call(this, key, options);
    } catch (e) {
      throw namedDamage(path, table, key, e);
    }
  };
}

/**
 * The key a range read failed on with a ValueDamage: the first key of `range` after `last` (the last
 * key it yielded; from the range's start when none). Keys are read without their values.
 */
export function keyAfter<K extends Key>(
  db: { getKeys(range: object): Iterable<K> },
  range: { start?: K; end?: K; reverse?: boolean },
  last: K | undefined,
  same: (a: K, b: K) => boolean,
): K | undefined {
  for (const key of db.getKeys({ ...range, ...(last !== undefined && { start: last }), limit: 2 })) {
    if (last === undefined || !same(key, last)) return key;
  }
  return undefined;
}
