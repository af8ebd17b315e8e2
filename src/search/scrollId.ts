/**
 * Scroll ids of search and lineage search: opaque to clients, stateless here. An id carries which
 * request it belongs to (a hash of the query, types, filters and sort) and where the last page
 * ended, so the next page resumes after the last result handed out even when the catalog changed
 * in between, and an id of another request (or none of ours) is refused with a clear message.
 */
import { BadRequestError } from '../errors.ts';

export interface ScrollPosition {
  v: 1;
  /** Which request the id belongs to. */
  h: string;
  /** How many results came before the next page. */
  n: number;
  /** The last result handed out (its urn, and its score for ranked searches). */
  u: string;
  s?: number;
}

/** A short hash of the parts of a request that decide its results (FNV-1a over their JSON). */
export function requestHash(parts: unknown, prefix = ''): string {
  const text = JSON.stringify(parts);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return `${prefix}${h.toString(36)}`;
}

export function encodeScrollId(pos: ScrollPosition): string {
  return Buffer.from(JSON.stringify(pos), 'utf8').toString('base64url');
}

/** The position in `id`; `what` names the request kind in the refusal ("query", "lineage query"). */
export function decodeScrollId(id: string, hash: string, what = 'query'): ScrollPosition {
  let pos: ScrollPosition | undefined;
  try {
    pos = JSON.parse(Buffer.from(id, 'base64url').toString('utf8')) as ScrollPosition;
  } catch {
    pos = undefined;
  }
  if (pos?.v !== 1 || typeof pos.n !== 'number' || typeof pos.u !== 'string' || typeof pos.h !== 'string') {
    throw new BadRequestError(`Invalid scrollId "${id}": not a scroll id of this server`);
  }
  if (pos.h !== hash)
    throw new BadRequestError(`Invalid scrollId "${id}": it belongs to a different ${what}, filters or sort`);
  return pos;
}
