/**
 * Path and query parameters of the REST routes, parsed the way GMS binds them (Rest.li `List(a,b)`,
 * Spring's repeated or comma-separated lists, `true`/`false` in any case). A malformed value is a 400
 * naming the parameter.
 */
import { pageNumber } from '../../ops/core/paging.ts';
import { HttpError } from '../http.ts';

/** Decodes a percent-encoded URN path segment. */
export function urnFromPath(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new HttpError(400, `Malformed percent-encoding in path segment "${segment}"`);
  }
}

/** `aspects=List(a,b)` (Rest.li 2.0), also `aspects=a&aspects=b`. */
export function aspectList(query: URLSearchParams, name = 'aspects'): string[] | undefined {
  const values = query.getAll(name);
  if (values.length === 0) return undefined;
  return values.flatMap((v) => {
    const m = /^List\((.*)\)$/.exec(v);
    return (m ? m[1]! : v)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  });
}

/** An optional paging query parameter (`start`, `count`), checked as every list's paging is. */
export function pageParam(query: URLSearchParams, name: string): number | undefined {
  return pageNumber(query.get(name) || undefined, name);
}

/** An optional integer query parameter that may be negative (timeline times: -1 and 0 have meanings). */
export function timeParam(query: URLSearchParams, name: string): number | undefined {
  const text = query.get(name);
  if (text === null || text === '') return undefined;
  const n = Number(text);
  if (!/^-?\d+$/.test(text.trim()) || !Number.isSafeInteger(n)) {
    throw new HttpError(400, `${name}: expected an integer (milliseconds since the epoch), got "${text}"`);
  }
  return n;
}

/** An optional boolean query parameter, `true`/`false` in any case (the CLI sends `raw=True`). */
export function boolParam(query: URLSearchParams, name: string, absent = false): boolean {
  const text = query.get(name);
  if (text === null || text === '') return absent;
  const lower = text.trim().toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  throw new HttpError(400, `${name}: expected true or false, got "${text}"`);
}

/** A repeatable, comma-separable list parameter (Spring's binding of `a=x&a=y` and `a=x,y`). */
export function listParam(query: URLSearchParams, ...names: string[]): string[] {
  return names
    .flatMap((n) => query.getAll(n))
    .flatMap((v) => v.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The `urn` query parameter, required. */
export function urnParam(query: URLSearchParams): string {
  const urn = query.get('urn');
  if (!urn) throw new HttpError(400, 'urn: the query parameter is required');
  return urn;
}

/** An optional epoch-millisecond field of a JSON body (Rest.li sends longs as numbers or strings). */
export function optionalMillis(body: Record<string, unknown>, name: string): number | undefined {
  const raw = body[name];
  if (raw === undefined || raw === null) return undefined;
  const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof n !== 'number' || !Number.isSafeInteger(n))
    throw new HttpError(400, `${name}: expected epoch milliseconds, got ${JSON.stringify(raw)}`);
  return n;
}
