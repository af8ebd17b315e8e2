/**
 * A page of the matches in (sort criteria, score desc, urn asc) order, from an offset or after a
 * scroll position, without sorting every match when no criteria are asked for; and the fingerprint
 * of a request its scroll ids carry.
 */
import { baseField } from './filters.ts';
import type { Match, Matches } from './matching.ts';
import type { Run } from './run.ts';
import { byScore, SCORES_KEPT_MIN, type ScoreOrder } from './scoring.ts';
import { requestHash, type ScrollPosition } from './scrollId.ts';
import type { FilterGroup, SearchRequest, SortCriterion } from './types.ts';

/**
 * The page of `matches` in (sort criteria, score desc, urn asc) order, from `start` or after a
 * scroll position. Without sort criteria nothing is sorted whole: the page comes from the best
 * `start + count` scores, and urns are read only for ties that straddle it (a common word matches
 * most of the catalog).
 */
export function pageOf(
  run: Run,
  matches: Matches,
  sort: readonly SortCriterion[],
  from: number,
  count: number,
  pos: ScrollPosition | undefined,
): { page: Match[]; start: number } {
  if (sort.length > 0) {
    const all = Array.from({ length: matches.size }, (_, i) => matches.at(i)).sort(comparator(run, sort));
    let start = from;
    if (pos) {
      const at = all.findIndex((m) => run.urn(m.id) === pos.u);
      start = at >= 0 ? at + 1 : Math.min(pos.n, all.length);
    }
    return { page: all.slice(start, start + count), start };
  }
  if (pos) {
    // Where the last result handed out stands now (scores move a little when the catalog changes);
    // when it no longer matches, where its score would stand.
    const lastId = run.index.idOf(pos.u);
    let s = pos.s ?? Number.NaN;
    for (let i = 0; i < matches.size; i++) if (matches.ids[i] === lastId) s = matches.scores[i]!;
    let before = 0;
    const group: Array<{ m: Match; u: string }> = [];
    for (let i = 0; i < matches.size; i++) {
      const score = matches.scores[i]!;
      if (score > s) before++;
      else if (score === s) group.push({ m: matches.at(i), u: run.urn(matches.ids[i]!) });
    }
    if (!Number.isNaN(s) && (group.length > 0 || pos.s !== undefined)) {
      group.sort((a, b) => (a.u < b.u ? -1 : a.u > b.u ? 1 : 0));
      const rest = group.filter((x) => x.u > pos.u).map((x) => x.m);
      const page = rest.slice(0, count);
      if (page.length < count) page.push(...best(run, matches, count - page.length, s));
      return { page, start: before + group.length - rest.length };
    }
    // A scroll id without a score (or a vanished group): resume after as many results as were handed out.
    const start = Math.min(pos.n, matches.size);
    return { page: best(run, matches, start + count).slice(start), start };
  }
  return { page: best(run, matches, from + count).slice(from), start: from };
}

/**
 * The first `k` of the matches (those scoring below `under`, when given) in (score desc, urn asc)
 * order, without sorting them all: a min-heap of the best k scores gives the k-th best; the fewer
 * than k matches scoring above it are sorted, and of those scoring exactly it (a common word scores
 * the same in thousands of like documents) only the ones the page needs are chosen by urn.
 */
function best(run: Run, matches: Matches, k: number, under = Number.POSITIVE_INFINITY): Match[] {
  if (k <= 0 || matches.size === 0) return [];
  const order = matches.list && matches.list.scores.length >= SCORES_KEPT_MIN ? byScore(matches.list) : undefined;
  if (order) return bestInOrder(run, matches, order, k, under);
  const { scores, ids, size: n } = matches;
  const heap = new Float64Array(k);
  let size = 0;
  // One pass: the heap of the best k scores so far, and every match scoring at least its least one
  // when met (those at least the final k-th best are among them).
  const met = run.scratch.u32(n);
  let metSize = 0;
  for (let m = 0; m < n; m++) {
    const score = scores[m]!;
    if (score >= under) continue;
    if (size < k) {
      let i = size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (heap[parent]! <= score) break;
        heap[i] = heap[parent]!;
        i = parent;
      }
      heap[i] = score;
      met[metSize++] = m;
    } else if (score > heap[0]!) {
      // Sift the new score down from the root.
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= size) break;
        const r = l + 1;
        const c = r < size && heap[r]! < heap[l]! ? r : l;
        if (heap[c]! >= score) break;
        heap[i] = heap[c]!;
        i = c;
      }
      heap[i] = score;
      met[metSize++] = m;
    } else if (score === heap[0]) {
      met[metSize++] = m;
    }
  }
  if (size === 0) return [];
  // Fewer than k candidates: every one of them is chosen.
  const threshold = size < k ? Number.NEGATIVE_INFINITY : heap[0]!;
  const above: Match[] = [];
  const tied: number[] = [];
  for (let x = 0; x < metSize; x++) {
    const m = met[x]!;
    const score = scores[m]!;
    if (score > threshold) above.push({ id: ids[m]!, score });
    else if (score === threshold) tied.push(ids[m]!);
  }
  // Fewer than k score above the k-th best: sorted whole, ties among them by urn.
  above.sort((a, b) => b.score - a.score || compareUrns(run.urn(a.id), run.urn(b.id)));
  const need = Math.min(k, above.length + tied.length) - above.length;
  if (need > 0) for (const id of smallestByUrn(run, tied, need)) above.push({ id, score: threshold });
  return above;
}

/** best() of the matches of a kept list (every posting of one word), from its order by score. */
function bestInOrder(run: Run, matches: Matches, order: ScoreOrder, k: number, under: number): Match[] {
  const { values, starts, perm } = order;
  const out: Match[] = [];
  let g = 0;
  while (g < values.length && values[g]! >= under) g++;
  for (; g < values.length && out.length < k; g++) {
    const group: number[] = [];
    for (let x = starts[g]!; x < starts[g + 1]!; x++) group.push(matches.ids[perm[x]!]!);
    for (const id of smallestByUrn(run, group, k - out.length)) out.push({ id, score: values[g]! });
  }
  return out;
}

const compareUrns = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/** The `n` ids of `group` with the smallest urns, in urn order (a large group is not sorted whole). */
function smallestByUrn(run: Run, group: readonly number[], n: number): number[] {
  if (group.length <= n)
    return group
      .map((id) => ({ id, u: run.urn(id) }))
      .sort((a, b) => compareUrns(a.u, b.u))
      .map((e) => e.id);
  const kept: Array<{ id: number; u: string }> = [];
  for (const id of group) {
    const u = run.urn(id);
    if (kept.length === n && u >= kept[n - 1]!.u) continue;
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (kept[mid]!.u < u) lo = mid + 1;
      else hi = mid;
    }
    kept.splice(lo, 0, { id, u });
    if (kept.length > n) kept.pop();
  }
  return kept.map((k) => k.id);
}

function comparator(run: Run, sort: readonly SortCriterion[]): (a: Match, b: Match) => number {
  const value = (m: Match, field: string): string => {
    if (field === 'urn') return run.urn(m.id);
    const doc = run.docWith(m.id, [field]);
    if (field === 'name' || field === '_name') return doc?.name.toLowerCase() ?? '';
    return (doc?.fields[baseField(field)] ?? [])[0] ?? '';
  };
  return (a, b) => {
    for (const s of sort) {
      const x = value(a, s.field);
      const y = value(b, s.field);
      if (x === y) continue;
      // Times and counts sort as numbers, everything else as text.
      const numeric = /^\d+$/.test(x) && /^\d+$/.test(y);
      const order = numeric ? Number(x) - Number(y) : x < y ? -1 : 1;
      return Math.sign(order) * (s.order === 'DESCENDING' ? -1 : 1);
    }
    if (a.score !== b.score) return b.score - a.score;
    const x = run.urn(a.id);
    const y = run.urn(b.id);
    return x < y ? -1 : x > y ? 1 : 0;
  };
}

export function fingerprint(req: SearchRequest, types: readonly string[], filters: FilterGroup[]): string {
  return requestHash([
    req.query.trim(),
    [...types].sort(),
    filters,
    req.sort ?? [],
    req.includeSoftDeleted ?? false,
    req.within ? [...req.within].sort() : null,
  ]);
}
