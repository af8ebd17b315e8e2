/**
 * URNs as DataHub writes them: `urn:li:<entityType>:<key>`, where the key is either a plain id
 * (`urn:li:corpuser:jdoe`) or a parenthesised tuple whose parts may themselves be URNs
 * (`urn:li:dataset:(urn:li:dataPlatform:hive,db.table,PROD)`).
 *
 * Parsing keeps every part exactly as written, so `formatUrn(parseUrn(s)) === s` for every valid
 * `s`. Inside tuple parts DataHub percent-encodes its reserved characters `,` `(` `)` `␟`
 * (`UrnEncoder` in acryl-datahub); `decodeUrnPart` / `encodeUrnPart` convert between the stored and
 * the plain form.
 */
import { InvalidUrnError } from '../errors.ts';

export const URN_PREFIX = 'urn:li:';
/** Default longest URN; LMDB keys hold at most 1978 bytes and a URN is one part of a key. */
export const MAX_URN_LENGTH = 1000;
/** The hard ceiling for `setMaxUrnLength`, leaving room in a key for the aspect name and version. */
export const URN_LENGTH_CEILING = 1500;

let maxUrnLength = MAX_URN_LENGTH;
/** Said after the length in the error: the flag that set the limit, when one did. */
let maxUrnLengthFlag = '';

/** Sets the longest URN this process accepts (`catalog serve --max-urn-length`). */
export function setMaxUrnLength(n: number, flag = '--max-urn-length'): void {
  if (!Number.isInteger(n) || n < 16 || n > URN_LENGTH_CEILING)
    throw new RangeError(`the URN length limit must be an integer from 16 to ${URN_LENGTH_CEILING}, got ${n}`);
  maxUrnLength = n;
  maxUrnLengthFlag = ` (${flag})`;
  entityTypes.clear();
  entityTypeBytes = 0;
  parsed.clear();
  parsedBytes = 0;
}

/** One component of a tuple key: a nested URN or a plain (still percent-encoded) string. */
export type UrnPart = { kind: 'urn'; urn: Urn } | { kind: 'text'; raw: string };

export interface Urn {
  /** Entity type exactly as written, e.g. `dataset`, `corpuser`, `corpGroup`. */
  readonly entityType: string;
  /** The key as written after `urn:li:<type>:`, parentheses included for tuples. */
  readonly rawKey: string;
  /** Tuple components, or `null` when the key is a plain id. */
  readonly parts: readonly UrnPart[] | null;
}

const ENTITY_TYPE_RE = /^[A-Za-z][A-Za-z0-9_]*$/;

const RESERVED: ReadonlyArray<[string, string]> = [
  [',', '%2C'],
  ['(', '%28'],
  [')', '%29'],
  ['\u241F', '%E2%90%9F'],
];

/** Encodes DataHub's reserved characters for use inside a tuple part. */
export function encodeUrnPart(value: string): string {
  let out = value;
  for (const [ch, enc] of RESERVED) out = out.split(ch).join(enc);
  return out;
}

/** Reverses `encodeUrnPart` (case-insensitive hex, as urllib's unquote is). */
export function decodeUrnPart(raw: string): string {
  return raw.replace(/%2C|%28|%29|%E2%90%9F/gi, (m) => {
    const hit = RESERVED.find(([, enc]) => enc === m.toUpperCase());
    return hit ? hit[0] : m;
  });
}

/**
 * URNs parsed lately (read-only results, shared): an ingest batch names each entity once per aspect,
 * and validation, the key aspect and the store each parse it again (4% of an ingest's time). Bounded
 * by a byte budget (PARSED_BUDGET), each entry counted by parsedCost; emptied when full.
 */
const parsed = new Map<string, Urn>();
/** The parsed URNs' budget, in bytes: about 3 000 dataset urns. */
export const PARSED_BUDGET = 2 << 20;
let parsedBytes = 0;

/**
 * What keeping a parsed URN costs, in bytes of heap: the map's entry and the input string (about 70
 * and 24 + its length), the parse (a plain key: about 100) and about 120 a tuple part. Measured with
 * the heap after a full collection, 3 000 urns each: a plain urn of 21 characters takes 195, a
 * dataset urn of 73 (three parts, one a urn) 536, one of 452 characters 1 102; this gives 196, 621
 * and 1 095.
 */
export function parsedCost(input: string, urn: Urn): number {
  let parts = 0;
  for (const p of urn.parts ?? []) parts += p.kind === 'urn' ? 1 + (p.urn.parts?.length ?? 0) : 1;
  return 170 + Math.ceil(input.length * 1.25) + 120 * parts;
}

/** What the URN caches hold now, in bytes (for tests). */
export function urnCacheBytes(): { parsed: number; entityTypes: number } {
  return { parsed: parsedBytes, entityTypes: entityTypeBytes };
}

/** Parses a URN; throws `InvalidUrnError` quoting the input and saying what is wrong. */
export function parseUrn(input: string): Urn {
  if (typeof input !== 'string') throw new InvalidUrnError(String(input), 'a URN must be a string');
  let urn = parsed.get(input);
  if (urn === undefined) {
    urn = parseAt(input, input);
    const cost = parsedCost(input, urn);
    if (parsedBytes + cost > PARSED_BUDGET) {
      parsed.clear();
      parsedBytes = 0;
    }
    if (cost <= PARSED_BUDGET) {
      parsed.set(input, urn);
      parsedBytes += cost;
    }
  }
  return urn;
}

function parseAt(text: string, whole: string): Urn {
  const fail = (why: string): never => {
    throw new InvalidUrnError(whole, why);
  };
  if (text.length === 0) fail('it is empty');
  if (text.length > maxUrnLength) fail(`it is longer than ${maxUrnLength} characters${maxUrnLengthFlag}`);
  if (!text.startsWith(URN_PREFIX)) {
    fail(
      text === whole
        ? `it must start with "${URN_PREFIX}"`
        : `the tuple part "${text}" must start with "${URN_PREFIX}"`,
    );
  }
  const rest = text.slice(URN_PREFIX.length);
  const colon = rest.indexOf(':');
  if (colon < 0) fail('the entity type must be followed by ":" and a key');
  const entityType = rest.slice(0, colon);
  if (!ENTITY_TYPE_RE.test(entityType)) {
    fail(entityType === '' ? 'the entity type is empty' : `the entity type "${entityType}" is not a valid name`);
  }
  const rawKey = rest.slice(colon + 1);
  if (rawKey.length === 0) fail('the key after the entity type is empty');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
  if (/[\u0000-\u001f\u007f]/.test(rawKey)) fail('it contains a control character');
  if (!rawKey.startsWith('(')) {
    if (/[()]/.test(rawKey)) fail('a plain key must not contain parentheses; tuple keys are written "(a,b,...)"');
    return { entityType, rawKey, parts: null };
  }
  if (!rawKey.endsWith(')')) fail('the tuple key is not closed with ")"');
  const inner = rawKey.slice(1, -1);
  const pieces = splitTopLevel(inner, whole);
  const parts = pieces.map((piece, i): UrnPart => {
    if (piece.length === 0) fail(`tuple part ${i + 1} is empty`);
    if (piece.startsWith(URN_PREFIX)) return { kind: 'urn', urn: parseAt(piece, whole) };
    if (/[()]/.test(piece))
      fail(`tuple part ${i + 1} ("${piece}") has unencoded parentheses; write them as %28 and %29`);
    return { kind: 'text', raw: piece };
  });
  return { entityType, rawKey, parts };
}

/** Splits a tuple body on commas that are not inside nested parentheses. */
function splitTopLevel(inner: string, whole: string): string[] {
  const pieces: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (c === '(') depth++;
    else if (c === ')') {
      depth--;
      if (depth < 0) throw new InvalidUrnError(whole, `unbalanced ")" in the tuple key`);
    } else if (c === ',' && depth === 0) {
      pieces.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  if (depth !== 0) throw new InvalidUrnError(whole, 'unbalanced "(" in the tuple key');
  pieces.push(inner.slice(start));
  return pieces;
}

export function formatUrn(urn: Urn): string {
  return `${URN_PREFIX}${urn.entityType}:${formatKey(urn)}`;
}

function formatKey(urn: Urn): string {
  if (urn.parts === null) return urn.rawKey;
  return `(${urn.parts.map((p) => (p.kind === 'urn' ? formatUrn(p.urn) : p.raw)).join(',')})`;
}

/** Builds a URN from its entity type and plain (unencoded) key parts. */
export function makeUrn(entityType: string, ...parts: string[]): string {
  if (parts.length === 1 && !parts[0]!.startsWith(URN_PREFIX)) return `${URN_PREFIX}${entityType}:${parts[0]}`;
  const enc = parts.map((p) => (p.startsWith(URN_PREFIX) ? p : encodeUrnPart(p)));
  return `${URN_PREFIX}${entityType}:(${enc.join(',')})`;
}

/**
 * URNs an ingest or a request names repeat (owners, tags, actors), so the entity type of each valid
 * URN already parsed is remembered; the cache is bounded by a byte budget (ENTITY_TYPE_BUDGET) and
 * simply cleared when full.
 */
const entityTypes = new Map<string, string>();
/** The entity types' budget, in bytes: about 10 000 dataset urns. */
export const ENTITY_TYPE_BUDGET = 1 << 20;
let entityTypeBytes = 0;

/**
 * What remembering a URN's entity type costs, in bytes of heap: the map's entry and the type (the
 * type's string is the parse's), about 64, and the URN's string, 24 + its length. Measured as for
 * parsedCost: 83 a plain urn (21 characters), 196 a dataset urn (73), 514 one of 452; this gives
 * 145, 197 and 576.
 */
export function entityTypeCost(urn: string): number {
  return 124 + urn.length;
}

/** The entity type of a URN string; throws `InvalidUrnError` as `parseUrn` does when it is malformed. */
export function entityTypeOf(urn: string): string {
  let type = entityTypes.get(urn);
  if (type === undefined) {
    type = parseUrn(urn).entityType;
    const cost = entityTypeCost(urn);
    if (entityTypeBytes + cost > ENTITY_TYPE_BUDGET) {
      entityTypes.clear();
      entityTypeBytes = 0;
    }
    entityTypes.set(urn, type);
    entityTypeBytes += cost;
  }
  return type;
}

/** Plain value of tuple part `i`: the nested URN as a string, or the decoded text. */
export function partValue(urn: Urn, i: number): string {
  const p = urn.parts?.[i];
  if (!p) throw new InvalidUrnError(formatUrn(urn), `it has no tuple part ${i + 1}`);
  return p.kind === 'urn' ? formatUrn(p.urn) : decodeUrnPart(p.raw);
}

/** The key of a URN as written, e.g. `jdoe` for `urn:li:corpuser:jdoe`. */
export function idOf(urn: string): string {
  return parseUrn(urn).rawKey;
}
