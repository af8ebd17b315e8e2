/**
 * Walks over the keys of a table, and the bounds that delimit them. Every walk of the store and its
 * indexes goes through here: each key is checked to come strictly after the one before it, so a
 * broken key codec or a broken walk fails the one operation with a KeyWalkError instead of looping.
 */
import * as lmdb from 'lmdb';
import type { Database, Key } from 'lmdb';
import { CatalogError } from '../errors.ts';
import { keyAfter, namedDamage, ValueDamage } from './checksum.ts';

/**
 * Bounds for key walks over a string key part. lmdb-js (ordered-binary) escapes a short string's
 * U+0000 as two bytes but writes a long string (about 62 characters and up) as raw UTF-8, so
 * `s + '\u0000'` sorts *before* the keys [s, …] when s is long: a walk bounded by it finds nothing
 * — and a dataset urn is that long. `s + '\u0001'` sorts after every key [s, …] and before every
 * longer string at every length (property-tested in test/store.test.ts). Key parts (urns, aspect and
 * field names, words) never contain characters below U+0004, whose encoding changes with the length.
 */
export const AFTER = '\u0001';

/** The least string part greater than `s` and every key that begins with `s` as a whole part. */
export const after = (s: string): string => s + AFTER;

/**
 * A walk over keys that did not move forward: the key codec or the walk itself is broken (never a
 * state of the data). It fails the one operation — a 500 for a request, exit 1 for a command —
 * instead of looping until the process runs out of memory or time.
 */
export class KeyWalkError extends CatalogError {
  constructor(store: string, db: string, key: unknown, previous: unknown) {
    super(
      'SERVER_ERROR',
      `store ${store}, table ${db}: key walk made no progress: key ${JSON.stringify(key)} does not come after ${JSON.stringify(previous)}`,
    );
    this.name = 'KeyWalkError';
  }
}

export interface KeyRange<K> {
  start?: K;
  end?: K;
  limit?: number;
}

/** The checked keys of one table of the store in a range (`name` names the table in errors). */
export type Walk = <K extends Key>(name: string, db: Database<unknown, K>, range: KeyRange<K>) => Generator<K>;
/** The same with values. */
export type WalkEntries = <K extends Key, V>(
  name: string,
  db: Database<V, K>,
  range: KeyRange<K>,
) => Generator<{ key: K; value: V }>;

/** The two walks over the tables of the data file at `store` (named in the errors). */
export function keyWalks(store: string): { walk: Walk; walkEntries: WalkEntries } {
  return {
    walk: <K extends Key>(name: string, db: Database<unknown, K>, range: KeyRange<K>) =>
      checkedKeys<K>(store, name, db, range),
    walkEntries: <K extends Key, V>(name: string, db: Database<V, K>, range: KeyRange<K>) =>
      checkedEntries<K, V>(store, name, db, range),
  };
}

/**
 * The keys of `db` in `range`, each checked to come strictly after the one before it and not before
 * the range's start: a walk that stops moving forward fails with a KeyWalkError naming the key.
 */
export function* checkedKeys<K extends Key>(
  store: string,
  name: string,
  db: { getKeys(range: KeyRange<K>): Iterable<K> },
  range: KeyRange<K>,
): Generator<K> {
  const check = progressCheck<K>(store, name, range);
  for (const key of db.getKeys(range)) {
    check(key);
    yield key;
  }
}

/**
 * Like `checkedKeys`, with values: each key checked to move forward. A value that fails its checksum
 * (checksum.ts) fails the walk with an error naming its key.
 */
export function* checkedEntries<K extends Key, V>(
  store: string,
  name: string,
  db: Database<V, K>,
  range: KeyRange<K>,
): Generator<{ key: K; value: V }> {
  const check = progressCheck<K>(store, name, range);
  let last: K | undefined;
  try {
    for (const entry of db.getRange(range)) {
      check(entry.key);
      last = entry.key;
      yield entry;
    }
  } catch (e) {
    if (!(e instanceof ValueDamage)) throw e;
    throw namedDamage(store, name, keyAfter(db, range, last, sameKey), e);
  }
}

/** Whether two keys are the same key (as LMDB compares them). */
export const sameKey = (a: Key, b: Key): boolean => encodeKey(a).equals(encodeKey(b));

/**
 * The check `checkedKeys` makes of each key: strictly after the one before it, and not before the
 * range's start. Walks are on every hot path, so a key that a plain comparison of its parts already
 * shows to be after the previous one passes without being encoded; only the rest (equal, or
 * seemingly before — JS compares strings by UTF-16 units, LMDB by UTF-8 bytes) is decided on the
 * encoded bytes, so the check throws exactly when the byte order says so.
 */
export function progressCheck<K extends Key>(store: string, name: string, range: KeyRange<K>): (key: K) => void {
  let previous: K | undefined = range.start;
  let inclusive = true;
  return (key) => {
    if (previous !== undefined && !(partsAfter(key, previous) > 0)) {
      const order = Buffer.compare(encodeKey(key), encodeKey(previous));
      if (order < 0 || (order === 0 && !inclusive)) throw new KeyWalkError(store, name, key, previous);
    }
    previous = key;
    inclusive = false;
  };
}

/** Whether `key` sorts after `previous` in the file (a plain comparison when it can tell, the encoded bytes when not). */
export function comesAfter(key: Key, previous: Key): boolean {
  return partsAfter(key, previous) > 0 || Buffer.compare(encodeKey(key), encodeKey(previous)) > 0;
}

/** 1 when `a` certainly sorts after `b` (same-typed parts compared in order), 0 when unsure. */
function partsAfter(a: Key, b: Key): number {
  const xs = Array.isArray(a) ? a : [a];
  const ys = Array.isArray(b) ? b : [b];
  for (let i = 0; i < xs.length; i++) {
    if (i >= ys.length) return 1;
    const x = xs[i];
    const y = ys[i];
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x > y ? 1 : 0;
    if (typeof x === 'string' && typeof y === 'string') return x > y && isPlain(x) && isPlain(y) ? 1 : 0;
    return 0;
  }
  return 0;
}

/** Strings without surrogates compare the same by UTF-16 units as by UTF-8 bytes. */
const isPlain = (s: string) => !/[\ud800-\udfff]/.test(s);

/** Encoded form of a key: the byte order LMDB sorts by (a JS comparison of strings is not it). */
export const encodeKey = (lmdb as unknown as { keyValueToBuffer(key: Key): Buffer }).keyValueToBuffer;
/** The key an encoded form stands for. */
export const decodeKey = (lmdb as unknown as { bufferToKeyValue(bytes: Buffer): Key }).bufferToKeyValue;
