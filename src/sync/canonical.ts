/**
 * JSON values as sync compares them: structural equality (object keys in any order, array elements in
 * order) and a canonical text (object keys sorted, no whitespace) that is the same for equal values.
 * `undefined` stands for "absent" throughout sync; an object field holding `undefined` counts as absent.
 */
import { isJsonObject } from '../model/json.ts';

/** Structural equality of two JSON values; `undefined` (absent) equals only `undefined`. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || !isJsonObject(a) || !isJsonObject(b)) return false;
  const ka = Object.keys(a).filter((k) => a[k] !== undefined);
  const kb = Object.keys(b).filter((k) => b[k] !== undefined);
  if (ka.length !== kb.length) return false;
  for (const k of ka) if (!deepEqual(a[k], b[k])) return false;
  return true;
}

/**
 * The canonical JSON text of a value: object keys sorted by UTF-16 code units, fields holding
 * `undefined` left out, no whitespace, strings and numbers as `JSON.stringify` writes them. Equal
 * values (in the sense of `deepEqual`) have the same text. `undefined` itself gives the empty string.
 */
export function canonicalJson(v: unknown): string {
  return v === undefined ? '' : canonical(v);
}

// One pass with string concatenation, sorting an object's keys only when they are not in order
// already (values written by one program usually are): sync hashes every value it compares, so
// this is on the path of every push and pull (a pull from a bundle hashes every value it brings).
// Keys are quoted once and remembered (a catalog's values repeat few names), and a string with
// nothing JSON escapes is quoted without JSON.stringify: the same text, a quarter less time.
function canonical(v: unknown): string {
  if (typeof v === 'string') return PLAIN.test(v) ? `"${v}"` : JSON.stringify(v);
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) {
    let s = '[';
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      s += (i > 0 ? ',' : '') + (x === undefined ? 'null' : canonical(x));
    }
    return `${s}]`;
  }
  const obj = v as Record<string, unknown>;
  const keys = Object.keys(obj);
  for (let i = 1; i < keys.length; i++) {
    if (keys[i - 1]! > keys[i]!) {
      keys.sort();
      break;
    }
  }
  let s = '{';
  let first = true;
  for (const k of keys) {
    const x = obj[k];
    if (x === undefined) continue;
    s += `${first ? '' : ','}${quotedKey(k)}:${canonical(x)}`;
    first = false;
  }
  return `${s}}`;
}

/**
 * A string JSON.stringify writes as it is between quotes: no quote, backslash or control character,
 * and no surrogate (a lone one is escaped; a pair is left to JSON.stringify too). U+2028 and U+2029
 * are not escaped by JSON.stringify; they go to it all the same.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what JSON escapes
const PLAIN = /^[^"\\\u0000-\u001f\u2028\u2029\ud800-\udfff]*$/;

/** Object keys quoted (JSON.stringify), remembered up to KEYS_KEPT names. */
const quoted = new Map<string, string>();
const KEYS_KEPT = 10_000;

function quotedKey(k: string): string {
  let q = quoted.get(k);
  if (q === undefined) {
    q = JSON.stringify(k);
    if (quoted.size < KEYS_KEPT) quoted.set(k, q);
  }
  return q;
}

/** Orders two canonical texts (code-unit order), for deterministic, argument-order-free choices. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
