/**
 * An aspect's value as JSON, written straight from its stored msgpack bytes: the text
 * `JSON.stringify` gives for the value the table's decoder would return, byte for byte, without
 * making that value. `bundle create` writes every value of a catalog (and each older version) as
 * JSON, and decoding the values into objects and turning them back into text was most of its work
 * (docs/bundle.md, "JSON from the stored bytes").
 *
 * What is read (msgpackr's format as lmdb-js writes a table with shared record structures): a
 * stored aspect row is a record (AspectRecord: `value`, `systemMetadata`, `created`, `history`),
 * a record being a structure id, one byte 0x40–0x7F, naming a list of keys kept once per table
 * (the table's shared structures, ids 0–31) or defined in the value itself (fixext 1 of type 0x72,
 * the id, the keys as an array; ids 32–63, for that value only), followed by one value per key. The
 * row's `value` is written as JSON, its `history` read as a number, the rest skipped.
 *
 * Exactness is by refusal: whatever this reader is not sure to write as `JSON.stringify` would, it
 * gives up on (`undefined`), and the caller decodes the value and stringifies it as before. That is
 * a map (msgpackr decodes it as a Map), binary data, an extension (a Date, undefined, a BigInt), a
 * 64-bit integer (a BigInt), a float32, a record structure not known yet (the decoder
 * loads the table's structures again), keys JavaScript would reorder (array indices) or rename
 * (`__proto__`) or that repeat, a string that is not well-formed UTF-8 (a lone surrogate, which the
 * decoder keeps and `JSON.stringify` escapes), and bytes that end early or go on past the value.
 * What it writes: `null`, `true`, `false`; numbers as `String(n)` (a non-finite one as `null`);
 * strings with `"`, `\` and the control characters escaped as `JSON.stringify` escapes them
 * (`\b \t \n \f \r`, else `\u00xx` in lower case) and every other character as its UTF-8 bytes;
 * arrays; records as objects with their keys in the structure's order.
 *
 * No node:crypto here (the bundle's record worker uses this, see scripts/build/bundle.mjs).
 */

/** A record structure made ready to write: each key's `"key":` bytes, with `{` or `,` in front. */
class Shape {
  /** The keys' heads one after the other: key i's is `text[starts[i], starts[i + 1])`. */
  readonly text: Uint8Array;
  readonly starts: Int32Array;
  /** The same heads as words: key i's is `words[wordStarts[i], wordStarts[i + 1])`. */
  readonly words: Int32Array;
  readonly wordStarts: Int32Array;
  readonly count: number;
  /** How many of the heads' bytes are not UTF-16 code units (non-ASCII keys), all keys together. */
  readonly extra: number;
  /** False when the decoder would make an object whose JSON differs from the keys in order. */
  readonly sound: boolean;
  readonly valueAt: number;
  readonly historyAt: number;

  constructor(readonly keys: readonly unknown[]) {
    let sound = true;
    const seen = new Set<string>();
    let all = '';
    const starts = [0];
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      if (typeof key !== 'string' || key === '__proto__' || isArrayIndex(key) || seen.has(key)) {
        sound = false;
        break;
      }
      seen.add(key);
      all += `${i === 0 ? '{' : ','}${JSON.stringify(key)}:`;
      starts.push(Buffer.byteLength(all));
    }
    this.text = new Uint8Array(Buffer.from(all, 'utf8'));
    this.starts = Int32Array.from(starts);
    // Each head again as 32-bit words (little-endian, the last one padded): written four bytes at a time.
    const wordStarts = [0];
    const words: number[] = [];
    for (let i = 0; i + 1 < starts.length; i++) {
      for (let at = starts[i]!; at < starts[i + 1]!; at += 4) {
        let w = 0;
        for (let b = 3; b >= 0; b--) w = (w << 8) | (at + b < starts[i + 1]! ? this.text[at + b]! : 0);
        words.push(w);
      }
      wordStarts.push(words.length);
    }
    this.words = Int32Array.from(words);
    this.wordStarts = Int32Array.from(wordStarts);
    this.count = sound ? keys.length : 0;
    this.extra = this.text.length - all.length;
    this.sound = sound;
    this.valueAt = sound ? keys.indexOf('value') : -1;
    this.historyAt = sound ? keys.indexOf('history') : -1;
  }
}

/** Whether JavaScript orders `key` before the others in an object: an array index (0 … 2³²−2, no leading zero). */
function isArrayIndex(key: string): boolean {
  if (key.length === 0 || key.length > 10) return false;
  const n = Number(key);
  return n >>> 0 === n && n !== 4294967295 && String(n) === key;
}

/** Shapes of the table's shared structures, by the structure's key list (the decoder's own array). */
const shapes = new WeakMap<object, Shape>();

/** The shapes of the shared structures last seen at each id (checked against the structure by identity). */
const sharedShapes: Array<Shape | undefined> = [];

/** Thrown to give up: the caller decodes the value instead. */
const GIVE_UP = { giveUp: true };

// The state of the one read going on (a read never waits, so one at a time per thread).
let src: Uint8Array = new Uint8Array(0);
let pos = 0;
let lim = 0;
/** The size `out` starts at, and returns to when a large value made it grow past KEEP. */
const START = 64 * 1024;
const KEEP = 4 * 1024 * 1024;
let out: Buffer = Buffer.allocUnsafe(START);
let outView = new DataView(out.buffer, out.byteOffset, out.length);
let o = 0;
/** Bytes of `out` that are not UTF-16 code units of the text (the 2nd–4th bytes of multi-byte characters, less one for a surrogate pair). */
let extra = 0;
let shared: readonly unknown[] = [];
let sharedLength = 0;
/** Structures defined in the value being read (ids 0–63), or undefined before the first. */
let own: Array<Shape | undefined> | undefined;

/** What `aspectRowJson` read: the value's JSON in `bytes[0, length)` (valid until the next read), its UTF-16 length, and the row's `history`. */
export interface RowJson {
  bytes: Buffer;
  length: number;
  units: number;
  history: number;
}

const result: RowJson = { bytes: out, length: 0, units: 0, history: 0 };

/** How many rows this thread's reads wrote straight from their bytes, and how many were decoded instead (Store.aspectJson). */
export const rowJsonReads = { direct: 0, decoded: 0 };

/**
 * The JSON of the `value` of the aspect row in `bytes[start, end)` (msgpack, after the checksum
 * header) and its `history` (0 when absent), or `undefined` when this reader gives up (above).
 * `structures`: the table's decoder's structures, of which the first `structures.sharedLength` are
 * the table's shared ones. The returned object and its bytes are reused by the next call.
 */
export function aspectRowJson(
  bytes: Uint8Array,
  start: number,
  end: number,
  structures: readonly unknown[] & { sharedLength?: number; uninitialized?: boolean },
): RowJson | undefined {
  if (structures.uninitialized) return undefined;
  shrink();
  src = bytes;
  pos = start;
  lim = end;
  o = 0;
  extra = 0;
  shared = structures;
  sharedLength = Math.min(structures.sharedLength ?? 0, structures.length, 32);
  own = undefined;
  try {
    const shape = topShape();
    let history = 0;
    let wrote = false;
    for (let i = 0; i < shape.count; i++) {
      if (i === shape.valueAt) {
        value();
        wrote = true;
      } else if (i === shape.historyAt) history = historyNumber();
      else skip();
    }
    if (!wrote || pos !== lim) return undefined;
    result.bytes = out;
    result.length = o;
    result.units = o - extra;
    result.history = history;
    return result;
  } catch (e) {
    if (e === GIVE_UP || e instanceof RangeError) return undefined;
    throw e;
  } finally {
    src = EMPTY;
    shared = [];
    own = undefined;
  }
}

const EMPTY = new Uint8Array(0);

/**
 * The same answer for a value decoded the usual way (when `aspectRowJson` gave up): its
 * `JSON.stringify`, written into the same reused buffer.
 */
export function decodedRowJson(value: unknown, history: number | undefined): RowJson {
  const text = JSON.stringify(value) ?? 'null';
  shrink();
  o = 0;
  if (3 * text.length > out.length) grow(3 * text.length);
  result.bytes = out;
  result.length = out.write(text, 0);
  result.units = text.length;
  result.history = history ?? 0;
  return result;
}

function giveUp(): never {
  throw GIVE_UP;
}

function byte(): number {
  if (pos >= lim) giveUp();
  return src[pos++]!;
}

function u16(): number {
  if (pos + 2 > lim) giveUp();
  const v = (src[pos]! << 8) | src[pos + 1]!;
  pos += 2;
  return v;
}

function u32(): number {
  if (pos + 4 > lim) giveUp();
  const v = ((src[pos]! << 24) | (src[pos + 1]! << 16) | (src[pos + 2]! << 8) | src[pos + 3]!) >>> 0;
  pos += 4;
  return v;
}

/** Lets a buffer grown for one large value go (the answer's bytes are valid until the next read only). */
function shrink(): void {
  if (out.length <= KEEP) return;
  out = Buffer.allocUnsafe(START);
  outView = new DataView(out.buffer, out.byteOffset, out.length);
}

/**
 * The longest text this reader writes: V8's longest string (2²⁹ − 24 code units on 64 bits), the most
 * `JSON.stringify` can give. A value whose text would be longer is left to it (it refuses it), and a
 * damaged or forged file whose structures multiply a few bytes into gigabytes of keys cannot make
 * this reader allocate them.
 */
const MAX_TEXT = 2 ** 29 - 24;

/** Room for `n` more bytes in `out`, within MAX_TEXT (else give up). */
function room(n: number): void {
  if (o + n <= out.length) return;
  if (o + n > MAX_TEXT) giveUp();
  grow(n);
}

function grow(n: number): void {
  const next = Buffer.allocUnsafe(Math.max(o + n, Math.min(2 * out.length, MAX_TEXT)));
  out.copy(next, 0, 0, o);
  out = next;
  outView = new DataView(next.buffer, next.byteOffset, next.length);
}

function ascii(text: string): void {
  room(text.length);
  for (let i = 0; i < text.length; i++) out[o++] = text.charCodeAt(i);
}

function number(n: number): void {
  if (n === (n | 0)) {
    room(12);
    // -0 is written as 0, as String(-0) is.
    let v = n;
    if (v < 0) {
      out[o++] = 0x2d;
      v = -v;
    }
    if (v < 10) {
      out[o++] = 0x30 + v;
      return;
    }
    let digits = 0;
    for (let t = v; t > 0; t = Math.floor(t / 10)) digits++;
    let at = o + digits;
    o = at;
    for (; v > 0; v = Math.floor(v / 10)) out[--at] = 0x30 + (v % 10);
    return;
  }
  ascii(Number.isFinite(n) ? String(n) : 'null');
}

/** The shape of record structure `id`: defined earlier in this value, or shared. */
function shapeAt(id: number): Shape {
  const defined = own?.[id];
  if (defined) return defined;
  if (id >= sharedLength) giveUp();
  const keys = shared[id] as (unknown[] & { highByte?: number }) | undefined;
  // The decoder reads a second id byte after a structure whose highByte is 0 (two-byte ids, which
  // lmdb-js's settings do not make); the encoder marks the ones it made in this process with -1.
  if (!Array.isArray(keys) || keys.highByte === 0) giveUp();
  let shape = sharedShapes[id];
  if (shape?.keys !== keys) {
    shape = shapes.get(keys);
    if (!shape) {
      shape = new Shape(keys);
      shapes.set(keys, shape);
    }
    sharedShapes[id] = shape;
  }
  if (!shape.sound) giveUp();
  return shape;
}

/** A record structure defined in the value (after `0xd4 0x72`): its id byte, then its keys as an array of ASCII strings. */
function define(): Shape {
  const id = byte() & 0x3f;
  const t = byte();
  const n = t >= 0x90 && t <= 0x9f ? t - 0x90 : t === 0xdc ? u16() : giveUp();
  const keys: string[] = [];
  for (let i = 0; i < n; i++) {
    const k = byte();
    const length = k >= 0xa0 && k <= 0xbf ? k - 0xa0 : k === 0xd9 ? byte() : giveUp();
    if (pos + length > lim) giveUp();
    let key = '';
    for (let j = 0; j < length; j++) {
      const c = src[pos++]!;
      if (c >= 0x80) giveUp();
      key += String.fromCharCode(c);
    }
    keys.push(key);
  }
  const shape = new Shape(keys);
  if (!shape.sound) giveUp();
  (own ??= [])[id] = shape;
  return shape;
}

function topShape(): Shape {
  const t = byte();
  if (t >= 0x40 && t < 0x80) return shapeAt(t & 0x3f);
  if (t === 0xd4 && byte() === 0x72) return define();
  return giveUp();
}

function record(shape: Shape): void {
  const n = shape.count;
  if (n === 0) {
    room(2);
    out[o++] = 0x7b;
    out[o++] = 0x7d;
    return;
  }
  const starts = shape.starts;
  const words = shape.words;
  const wordStarts = shape.wordStarts;
  extra += shape.extra;
  for (let i = 0; i < n; i++) {
    // Whole words, past the head's end by up to 3 bytes, which what follows writes over.
    room(starts[i + 1]! - starts[i]! + 4);
    const target = outView;
    let q = o;
    for (let w = wordStarts[i]!; w < wordStarts[i + 1]!; w++) {
      target.setInt32(q, words[w]!, true);
      q += 4;
    }
    o += starts[i + 1]! - starts[i]!;
    // The commonest values here without a call of value(): short strings and small numbers.
    const t = pos < lim ? src[pos]! : 0xc1;
    if (t >= 0xa0 && t < 0xc0) {
      pos++;
      string(t - 0xa0);
    } else if (t < 0x40) {
      pos++;
      room(2);
      if (t < 10) out[o++] = 0x30 + t;
      else {
        out[o++] = 0x30 + ((t / 10) | 0);
        out[o++] = 0x30 + (t % 10);
      }
    } else value();
  }
  room(1);
  out[o++] = 0x7d;
}

function array(n: number): void {
  room(2);
  out[o++] = 0x5b;
  for (let i = 0; i < n; i++) {
    if (i > 0) {
      room(1);
      out[o++] = 0x2c;
    }
    value();
  }
  room(1);
  out[o++] = 0x5d;
}

/** The escape JSON.stringify writes for each ASCII character that needs one (undefined: none), taken from it. */
const ESCAPES: Array<string | undefined> = Array.from({ length: 128 }, (_, c) => {
  const e = JSON.stringify(String.fromCharCode(c)).slice(1, -1);
  return e.length > 1 ? e : undefined;
});

/** A string of `n` bytes as a JSON string: its UTF-8 checked well-formed (else give up), escapes as JSON.stringify's. */
function string(n: number): void {
  if (pos + n > lim) giveUp();
  room(6 * n + 2);
  // Locals in the loops: the module's variables are slots of its context, read and written each time.
  const from = src;
  const to = out;
  const stop = pos + n;
  let p = pos;
  let q = o;
  to[q++] = 0x22;
  // Most strings are printable ASCII without a quote or a backslash: copied as they are.
  for (; p < stop; p++) {
    const c = from[p]!;
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) break;
    to[q++] = c;
  }
  let more = 0;
  while (p < stop) {
    const c = from[p]!;
    if (c < 0x80) {
      p++;
      if (c >= 0x20 && c !== 0x22 && c !== 0x5c) to[q++] = c;
      else {
        const e = ESCAPES[c]!;
        for (let i = 0; i < e.length; i++) to[q++] = e.charCodeAt(i);
      }
      continue;
    }
    // Well-formed UTF-8 only (the Unicode standard's table 3-7); surrogates (ED A0–BF) give up.
    let follow: number;
    let low = 0x80;
    let high = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) follow = 1;
    else if (c >= 0xe0 && c <= 0xef) {
      follow = 2;
      if (c === 0xe0) low = 0xa0;
      else if (c === 0xed) high = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      follow = 3;
      if (c === 0xf0) low = 0x90;
      else if (c === 0xf4) high = 0x8f;
    } else return giveUp();
    if (p + follow >= stop) giveUp();
    const second = from[p + 1]!;
    if (second < low || second > high) giveUp();
    for (let i = 2; i <= follow; i++) {
      const b = from[p + i]!;
      if (b < 0x80 || b > 0xbf) giveUp();
    }
    for (let i = 0; i <= follow; i++) to[q++] = from[p + i]!;
    p += follow + 1;
    // 2 bytes: 1 code unit; 3 bytes: 1; 4 bytes: 2 (a surrogate pair).
    more += follow === 3 ? 2 : follow;
  }
  to[q++] = 0x22;
  pos = p;
  o = q;
  extra += more;
}

/** The value at `pos`, written as JSON. */
function value(): void {
  const t = byte();
  if (t < 0x40) return number(t);
  if (t < 0x80) return record(shapeAt(t & 0x3f));
  if (t < 0x90) return giveUp(); // a map: decoded as a Map
  if (t < 0xa0) return array(t - 0x90);
  if (t < 0xc0) return string(t - 0xa0);
  if (t >= 0xe0) return number(t - 0x100);
  switch (t) {
    case 0xc0:
      return ascii('null');
    case 0xc2:
      return ascii('false');
    case 0xc3:
      return ascii('true');
    case 0xcb: {
      if (pos + 8 > lim) giveUp();
      const v = view().getFloat64(pos);
      pos += 8;
      return number(v);
    }
    case 0xcc:
      return number(byte());
    case 0xcd:
      return number(u16());
    case 0xce:
      return number(u32());
    case 0xd0: {
      const v = byte();
      return number(v >= 0x80 ? v - 0x100 : v);
    }
    case 0xd1: {
      const v = u16();
      return number(v >= 0x8000 ? v - 0x10000 : v);
    }
    case 0xd2:
      return number(u32() | 0);
    case 0xd4:
      if (byte() !== 0x72) return giveUp();
      return record(define());
    case 0xd9:
      return string(byte());
    case 0xda:
      return string(u16());
    case 0xdb:
      return string(u32());
    case 0xdc:
      return array(u16());
    case 0xdd:
      return array(u32());
    default:
      return giveUp();
  }
}

let viewOf: Uint8Array | undefined;
let dataView: DataView | undefined;
function view(): DataView {
  if (viewOf !== src || !dataView) {
    dataView = new DataView(src.buffer, src.byteOffset, src.byteLength);
    viewOf = src;
  }
  return dataView;
}

/** The row's `history`: a small number, or absent (nil, undefined) as 0. */
function historyNumber(): number {
  const t = byte();
  if (t < 0x40) return t;
  switch (t) {
    case 0xcc:
      return byte();
    case 0xcd:
      return u16();
    case 0xce:
      return u32();
    case 0xc0:
      return 0;
    case 0xd4:
      // undefined (extension 0, one filler byte)
      if (byte() === 0) {
        byte();
        return 0;
      }
      return giveUp();
    default:
      return giveUp();
  }
}

/** Steps over the value at `pos`, keeping the record structures it defines. */
function skip(): void {
  const t = byte();
  if (t < 0x40 || t >= 0xe0) return;
  if (t < 0x80) return skipRecord(shapeAt(t & 0x3f));
  if (t < 0x90) return skipMap(t - 0x80);
  if (t < 0xa0) return skipArray(t - 0x90);
  if (t < 0xc0) return jump(t - 0xa0);
  switch (t) {
    case 0xc0:
    case 0xc2:
    case 0xc3:
      return;
    case 0xcc:
    case 0xd0:
      return jump(1);
    case 0xcd:
    case 0xd1:
      return jump(2);
    case 0xca:
    case 0xce:
    case 0xd2:
      return jump(4);
    case 0xcb:
    case 0xcf:
    case 0xd3:
      return jump(8);
    case 0xc4:
    case 0xd9:
      return jump(byte());
    case 0xc5:
    case 0xda:
      return jump(u16());
    case 0xc6:
    case 0xdb:
      return jump(u32());
    case 0xd4: {
      const type = byte();
      if (type === 0x72) return skipRecord(define());
      // undefined: extension 0 and a filler byte; any other extension, give up.
      if (type === 0) return jump(1);
      return giveUp();
    }
    case 0xdc:
      return skipArray(u16());
    case 0xdd:
      return skipArray(u32());
    case 0xde:
      return skipMap(u16());
    case 0xdf:
      return skipMap(u32());
    default:
      return giveUp();
  }
}

function jump(n: number): void {
  if (pos + n > lim) giveUp();
  pos += n;
}

function skipRecord(shape: Shape): void {
  for (let i = 0; i < shape.count; i++) skip();
}

function skipArray(n: number): void {
  for (let i = 0; i < n; i++) skip();
}

function skipMap(n: number): void {
  for (let i = 0; i < n; i++) {
    skip();
    skip();
  }
}
