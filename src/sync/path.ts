/**
 * The path syntax sync uses to name a place inside an aspect value, in conflicts and in diffs:
 *
 * - `description`, `globalTags.tags`: record fields (and map keys), joined by dots. A name that is not
 *   a plain identifier is written as a JSON string in brackets: `customProperties["team.name"]`.
 * - `owners[owner=urn:li:corpuser:ana,type=DATAOWNER]`: the element of a keyed list whose key fields
 *   hold these values, in the order the rule declares them. A key field the element lacks is left out;
 *   an element lacking every key field is `[]`.
 * - `groups[=urn:li:corpGroup:eng]`: the element of a set-like list equal to that value.
 * - the empty path names the whole aspect.
 *
 * A value is written bare when it is a string that starts with a letter, `_` or `:`, holds none of
 * `[ ] = , " \` or whitespace, and is not `null`, `true` or `false`; anything else is written as
 * canonical JSON (`"a b"`, `5`, `null`, `["x","y"]`). So `parsePath(formatPath(p))` gives `p` back.
 */
import { BadRequestError } from '../errors.ts';
import { canonicalJson } from './canonical.ts';

export type PathSegment =
  /** A record field or map key. */
  | { field: string }
  /** An element of a keyed list: its key fields (dotted within the element) and their values. */
  | { key: Record<string, unknown> }
  /** An element of a set-like list: the element itself. */
  | { value: unknown };

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** Key field names are dotted identifiers (checked when rules are compiled). */
export const KEY_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*(\.[A-Za-z_$][A-Za-z0-9_$]*)*$/;
const BARE = /^[A-Za-z_:][^[\]=,"\\\s]*$/;

/** A value as the path writes it: bare when unambiguous, else canonical JSON. */
export function formatPathValue(v: unknown): string {
  if (typeof v === 'string' && BARE.test(v) && v !== 'null' && v !== 'true' && v !== 'false') return v;
  return canonicalJson(v === undefined ? null : v);
}

export function formatSegment(seg: PathSegment, first: boolean): string {
  if ('field' in seg)
    return IDENT.test(seg.field) ? `${first ? '' : '.'}${seg.field}` : `[${JSON.stringify(seg.field)}]`;
  if ('key' in seg) {
    const parts = Object.entries(seg.key)
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => `${k}=${formatPathValue(v)}`);
    return `[${parts.join(',')}]`;
  }
  return `[=${formatPathValue(seg.value)}]`;
}

export function formatPath(segments: readonly PathSegment[]): string {
  return segments.map((s, i) => formatSegment(s, i === 0)).join('');
}

/** Reads a path written by `formatPath`. Throws BadRequestError on text it could not have written. */
export function parsePath(text: string): PathSegment[] {
  const out: PathSegment[] = [];
  let i = 0;
  const fail = (why: string): never => {
    throw new BadRequestError(`Invalid path ${JSON.stringify(text)} at ${i}: ${why}`);
  };
  const readIdent = (re: RegExp): string => {
    const m = re.exec(text.slice(i));
    if (!m) fail('expected a field name');
    i += m![0].length;
    return m![0];
  };
  /** A JSON string, array or object starting at i, or a bare token up to `,` or `]`. */
  const readValue = (): unknown => {
    const start = i;
    const c = text[i];
    if (c === '"' || c === '[' || c === '{') {
      let depth = 0;
      let inString = false;
      for (; i < text.length; i++) {
        const ch = text[i];
        if (inString) {
          if (ch === '\\') i++;
          else if (ch === '"') {
            inString = false;
            if (depth === 0) break;
          }
        } else if (ch === '"') {
          inString = true;
        } else if (ch === '[' || ch === '{') depth++;
        else if (ch === ']' || ch === '}') {
          depth--;
          if (depth === 0) break;
        }
      }
      if (i >= text.length) fail('unterminated value');
      i++;
      try {
        return JSON.parse(text.slice(start, i));
      } catch {
        return fail('invalid JSON value');
      }
    }
    while (i < text.length && text[i] !== ',' && text[i] !== ']') i++;
    const token = text.slice(start, i);
    if (token === '') fail('empty value');
    if (/^(null|true|false|-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?)$/.test(token)) return JSON.parse(token);
    if (!BARE.test(token)) fail(`${JSON.stringify(token)} must be quoted`);
    return token;
  };
  while (i < text.length) {
    const c = text[i];
    if (c === '.') {
      if (out.length === 0) fail('a path does not start with a dot');
      i++;
      out.push({ field: readIdent(/^[A-Za-z_$][A-Za-z0-9_$]*/) });
    } else if (c === '[') {
      i++;
      if (text[i] === '"') {
        const name = readValue();
        if (typeof name !== 'string') fail('expected a field name');
        out.push({ field: name as string });
      } else if (text[i] === '=') {
        i++;
        out.push({ value: readValue() });
      } else {
        const key: Record<string, unknown> = {};
        while (text[i] !== ']') {
          const name = readIdent(/^[A-Za-z_$][A-Za-z0-9_$]*(\.[A-Za-z_$][A-Za-z0-9_$]*)*/);
          if (text[i] !== '=') fail('expected "="');
          i++;
          key[name] = readValue();
          if (text[i] === ',') i++;
          else if (text[i] !== ']') fail('expected "," or "]"');
        }
        out.push({ key });
      }
      if (text[i] !== ']') fail('expected "]"');
      i++;
    } else if (out.length === 0) {
      out.push({ field: readIdent(/^[A-Za-z_$][A-Za-z0-9_$]*/) });
    } else {
      fail('expected "." or "["');
    }
  }
  return out;
}
