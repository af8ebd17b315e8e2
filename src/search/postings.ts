/**
 * Postings lists met with candidate ids: one term's documents among a pool (galloped, looked up by
 * position, or walked), the union of a prefix's many terms, the sum of two clauses' scores, and the
 * union of ascending id lists. Pure: the arrays they fill come from the search's Scratch.
 */
import type { PostingList } from '../store/store.ts';
import type { Scratch } from './scratch.ts';
import { bm25Weight, scoresOf, SCORES_KEPT_MIN, type ClauseTerm, type ListScores, type Scored } from './scoring.ts';

/** Per id in a pool at most this many times smaller than the list, the list is galloped through rather than walked. */
const GALLOP_RATIO = 8;

/**
 * Each id's position in a kept list whose ids are dense (its highest id under twice its length: a
 * word most documents hold), made once per generation: a pool too large to gallop then finds its
 * ids by index instead of a walk over the whole list (`table` among the 28 000 matches of `42*` at
 * 100 000 datasets: 0.38 ms walked). Undefined for lists that are short or sparse.
 */
function positionsOf(p: PostingList, scored: ListScores): Int32Array | undefined {
  if (scored.positions) return scored.positions;
  if (p.size < SCORES_KEPT_MIN || p.size === 0) return undefined;
  const top = p.ids[p.size - 1]!;
  if (top >= 2 * p.size) return undefined;
  const positions = new Int32Array(top + 1).fill(-1);
  for (let i = 0; i < p.size; i++) positions[p.ids[i]!] = i;
  scored.positions = positions;
  return positions;
}

/**
 * One term's documents and scores among `pool` (all when undefined) and the allowed type codes.
 * With no pool and every type allowed that is the list itself: shared, not to be changed.
 */
export function termScored(
  scratch: Scratch,
  p: PostingList,
  scored: ListScores,
  allowed: Uint8Array,
  pool: Uint32Array | undefined,
): Scored {
  const { ids: pids, code: pcode, size: listSize } = p;
  const ps = scored.scores;
  if (!pool) {
    let every = true;
    for (let c = 0; c < 256; c++) if (scored.codes[c] === 1 && allowed[c] === 0) every = false;
    if (every)
      return {
        ids: pids.subarray(0, listSize),
        scores: ps.subarray(0, listSize),
        size: listSize,
        shared: true,
        list: scored,
      };
  }
  const capacity = pool ? Math.min(listSize, pool.length) : listSize;
  const ids = scratch.u32(capacity);
  const scores = scratch.f64(capacity);
  let size = 0;
  if (pool && pool.length * GALLOP_RATIO < listSize) {
    // Few candidates: each found by galloping ahead in the list from the last one.
    let i = 0;
    for (let q = 0; q < pool.length && i < listSize; q++) {
      const id = pool[q]!;
      if (pids[i]! < id) {
        let step = 1;
        let hi = i + 1;
        while (hi < listSize && pids[hi]! < id) {
          i = hi;
          step *= 2;
          hi = i + step;
        }
        let lo = i + 1;
        hi = Math.min(hi, listSize);
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (pids[mid]! < id) lo = mid + 1;
          else hi = mid;
        }
        i = lo;
      }
      if (i < listSize && pids[i] === id && allowed[pcode[i]!] === 1) {
        ids[size] = id;
        scores[size++] = ps[i]!;
      }
    }
    return { ids, scores, size };
  }
  const positions = pool ? positionsOf(p, scored) : undefined;
  if (pool && positions) {
    for (let q = 0; q < pool.length; q++) {
      const id = pool[q]!;
      const i = id < positions.length ? positions[id]! : -1;
      if (i >= 0 && allowed[pcode[i]!] === 1) {
        ids[size] = id;
        scores[size++] = ps[i]!;
      }
    }
    return { ids, scores, size };
  }
  let j = 0;
  for (let i = 0; i < listSize; i++) {
    if (allowed[pcode[i]!] === 0) continue;
    const id = pids[i]!;
    if (pool) {
      while (j < pool.length && pool[j]! < id) j++;
      if (j >= pool.length) break;
      if (pool[j] !== id) continue;
    }
    ids[size] = id;
    scores[size++] = ps[i]!;
  }
  return { ids, scores, size };
}

/**
 * A clause of many terms already read (a prefix) over a dense range of ids, scored straight into an
 * array indexed by id (a document's best term), without a list per term. Undefined when the terms
 * are few or sparse: the per-term path is cheaper then.
 */
export function denseUnion(
  scratch: Scratch,
  list: readonly ClauseTerm[],
  allowed: Uint8Array,
  flat: number,
  perLength: number,
  n: number,
  pool: Uint32Array | undefined,
): Scored | undefined {
  if (list.length < 2 || list.some((e) => !e.list)) return undefined;
  let top = 0;
  let total = 0;
  for (const e of list) {
    if (e.list!.size > 0) top = Math.max(top, e.list!.ids[e.list!.size - 1]!);
    total += e.list!.size;
  }
  if (total <= 1024 || total * 8 <= top) return undefined;
  if (!pool) {
    const merged = dominantUnion(scratch, list, allowed, flat, perLength, n, total);
    if (merged) return merged;
  }
  const best = scratch.f64(top + 1, true);
  for (const { df, scale, list: p } of list) {
    const weight = bm25Weight(n, df, scale);
    const { ids, tf, len, code } = p!;
    for (let i = 0; i < p!.size; i++) {
      if (allowed[code[i]!] === 0) continue;
      const score = (weight * tf[i]!) / (tf[i]! + flat + perLength * len[i]!);
      if (best[ids[i]!]! < score) best[ids[i]!] = score;
    }
  }
  const size0 = pool ? Math.min(pool.length, top + 1) : Math.min(total, top + 1);
  const ids = scratch.u32(size0);
  const scores = scratch.f64(size0);
  let size = 0;
  if (pool) {
    for (const id of pool) {
      if (id <= top && best[id]! > 0) {
        ids[size] = id;
        scores[size++] = best[id]!;
      }
    }
  } else {
    for (let id = 0; id <= top; id++) {
      if (best[id]! > 0) {
        ids[size] = id;
        scores[size++] = best[id]!;
      }
    }
  }
  return { ids, scores, size };
}

/**
 * denseUnion's answer when one term holds nearly all the postings (`42*`: `42` in 28 000 documents,
 * 199 completions in one each): the others' postings sorted by id and merged into it, without an
 * array over every id. Undefined when no term holds at least 8/9 of them.
 */
function dominantUnion(
  scratch: Scratch,
  list: readonly ClauseTerm[],
  allowed: Uint8Array,
  flat: number,
  perLength: number,
  n: number,
  total: number,
): Scored | undefined {
  let big = 0;
  for (let e = 1; e < list.length; e++) if (list[e]!.list!.size > list[big]!.list!.size) big = e;
  const main = list[big]!.list!;
  const rest = total - main.size;
  if (rest * 8 > main.size) return undefined;
  // The other terms' postings, best score per id, in id order.
  const others = new Map<number, number>();
  for (let e = 0; e < list.length; e++) {
    if (e === big) continue;
    const { df, scale, list: p } = list[e]!;
    const weight = bm25Weight(n, df, scale);
    const { ids, tf, len, code } = p!;
    for (let i = 0; i < p!.size; i++) {
      if (allowed[code[i]!] === 0) continue;
      const score = (weight * tf[i]!) / (tf[i]! + flat + perLength * len[i]!);
      if (score > (others.get(ids[i]!) ?? 0)) others.set(ids[i]!, score);
    }
  }
  const otherIds = Uint32Array.from(others.keys()).sort();
  const ps = scoresOf(main, bm25Weight(n, list[big]!.df, list[big]!.scale), flat, perLength).scores;
  const ids = scratch.u32(main.size + otherIds.length);
  const scores = scratch.f64(main.size + otherIds.length);
  let size = 0;
  let j = 0;
  const push = (id: number, score: number) => {
    if (score <= 0) return;
    ids[size] = id;
    scores[size++] = score;
  };
  for (let i = 0; i < main.size; i++) {
    const id = main.ids[i]!;
    while (j < otherIds.length && otherIds[j]! < id) {
      push(otherIds[j]!, others.get(otherIds[j]!)!);
      j++;
    }
    const mine = allowed[main.code[i]!] === 1 ? ps[i]! : 0;
    if (j < otherIds.length && otherIds[j] === id) {
      push(id, Math.max(mine, others.get(id)!));
      j++;
    } else {
      push(id, mine);
    }
  }
  for (; j < otherIds.length; j++) push(otherIds[j]!, others.get(otherIds[j]!)!);
  return { ids, scores, size };
}

/** The documents of `b` (a subset of `a`'s), scored with the sum of both. */
export function addScores(scratch: Scratch, a: Scored, b: Scored): Scored {
  const scores = b.shared ? scratch.f64(b.size) : b.scores;
  let j = 0;
  for (let i = 0; i < b.size; i++) {
    while (a.ids[j]! < b.ids[i]!) j++;
    scores[i] = b.scores[i]! + a.scores[j]!;
  }
  return { ids: b.ids, scores, size: b.size };
}

/** The union of ascending id lists (a value's ids, one list per field and value), ascending, each id once. */
export function mergeAscending(lists: ReadonlyArray<readonly number[]>): Uint32Array {
  const parts = lists.filter((l) => l.length > 0);
  if (parts.length === 0) return new Uint32Array(0);
  if (parts.length === 1) return Uint32Array.from(parts[0]!);
  let merged = Uint32Array.from(parts[0]!);
  for (let p = 1; p < parts.length; p++) {
    const b = parts[p]!;
    const out = new Uint32Array(merged.length + b.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < merged.length || j < b.length) {
      const x = i < merged.length ? merged[i]! : Infinity;
      const y = j < b.length ? b[j]! : Infinity;
      const next = Math.min(x, y);
      if (x === next) i++;
      if (y === next) j++;
      out[k++] = next;
    }
    merged = out.subarray(0, k);
  }
  return merged;
}
