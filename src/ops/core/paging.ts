/**
 * Paging arguments of every list (`start`, `count`), checked in one place with one wording: a value
 * that is not a non-negative integer is a 400 naming the argument, whichever door it came through.
 */
import { BadRequestError } from '../../errors.ts';

export interface Paging {
  start: number;
  count: number;
}

/**
 * One paging argument as a client sent it: absent (undefined or null) is undefined; a number, or the
 * text of one (a query parameter, a Rest.li long sent as a string), must be a non-negative integer.
 */
export function pageNumber(raw: unknown, name: string): number | undefined {
  if (raw === undefined || raw === null) return undefined;
  const n = typeof raw === 'string' ? Number(raw) : raw;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0)
    throw new BadRequestError(`${name}: expected a non-negative integer, got ${JSON.stringify(raw)}`);
  return n;
}

/**
 * `start` defaults to 0, `count` to the list's default; negative, fractional or non-numeric values
 * are a 400, and so is a `count` above `maxCount` when the list has a ceiling.
 */
export function paging(input: { start?: unknown; count?: unknown }, defaultCount: number, maxCount?: number): Paging {
  const start = pageNumber(input.start, 'start') ?? 0;
  const count = pageNumber(input.count, 'count') ?? defaultCount;
  if (maxCount !== undefined && count > maxCount)
    throw new BadRequestError(`count must be at most ${maxCount}, got ${count}`);
  return { start, count };
}

/** One page of `all` and the counts DataHub's list results carry. */
export function pageOf<T>(all: readonly T[], p: Paging): { start: number; count: number; total: number; items: T[] } {
  const items = all.slice(p.start, p.start + p.count);
  return { start: p.start, count: items.length, total: all.length, items };
}
