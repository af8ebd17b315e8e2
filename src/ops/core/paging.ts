/** Paging arguments of list queries (`start`, `count`): checked, with the list's own default count. */
import { BadRequestError } from '../../errors.ts';

export interface Paging {
  start: number;
  count: number;
}

function pageNumber(value: number | null | undefined, fallback: number, name: string): number {
  if (value === undefined || value === null) return fallback;
  if (!Number.isInteger(value) || value < 0) throw new BadRequestError(`${name}: expected a non-negative integer, got ${JSON.stringify(value)}`);
  return value;
}

/** `start` defaults to 0, `count` to the list's default; negative or fractional values are a 400. */
export function paging(input: { start?: number | null; count?: number | null }, defaultCount: number): Paging {
  return { start: pageNumber(input.start, 0, 'start'), count: pageNumber(input.count, defaultCount, 'count') };
}

/** One page of `all` and the counts DataHub's list results carry. */
export function pageOf<T>(all: readonly T[], p: Paging): { start: number; count: number; total: number; items: T[] } {
  const items = all.slice(p.start, p.start + p.count);
  return { start: p.start, count: items.length, total: all.length, items };
}
