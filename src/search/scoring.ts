/**
 * BM25 ranking of postings (k1 = 1.2, b = 0.75): the weight of a term, the scores of a whole postings
 * list kept with the list for the index's generation, and a kept list's positions ordered by score.
 * Pure apart from that cache, which lives as long as the list it belongs to (a WeakMap).
 */
import type { PostingList } from '../store/store.ts';

export const K1 = 1.2;
export const B = 0.75;

/** Documents and their scores, in id order (`size` of them). */
export interface Scored {
  ids: Uint32Array;
  scores: Float64Array;
  size: number;
  /** The arrays are a postings list's own (see termScored): read, never written. */
  shared?: boolean;
  /** For shared arrays: their scores, whose order by score best() may use. */
  list?: ListScores;
}

/** One term a clause matches, how many documents hold it, and how much it counts. */
export interface ClauseTerm {
  t: string;
  df: number;
  scale: number;
  /** Its postings, when already read (a prefix reads every term it expands to at once). */
  list?: PostingList;
}

/** BM25 scores of every posting of a list, and which type codes it holds (1 per code present). */
export interface ListScores {
  weight: number;
  perLength: number;
  scores: Float64Array;
  codes: Uint8Array;
  /** The list's positions by score, highest first (see byScore). */
  order?: ScoreOrder;
  /** Pages chosen from the list without its order so far. */
  pagesWithout: number;
  /** For a dense list (see positionsOf): each id's position in it, -1 for none. */
  positions?: Int32Array;
}

/** Positions of a list grouped by score: group g (score `values[g]`, descending) is perm[starts[g] … starts[g + 1]). */
export interface ScoreOrder {
  values: Float64Array;
  starts: Uint32Array;
  perm: Uint32Array;
}

/**
 * Pages chosen from a list by a pass over it before its order by score is made: making it costs
 * as much as about 15 such passes (100 000 postings: 5-8 ms against 0.3-0.45), and a write drops it
 * with the generation, so a catalog being written to keeps choosing by passes.
 */
const PAGES_BEFORE_ORDER = 32;

/**
 * The positions of a kept list by score (a counting sort over its few distinct scores: 100 000
 * postings of a common word hold a few hundred), made once the list has served PAGES_BEFORE_ORDER
 * pages in this generation; undefined until then. A one-word search then takes its page from the
 * first groups instead of a pass over every posting.
 */
export function byScore(list: ListScores): ScoreOrder | undefined {
  if (list.order) return list.order;
  if (list.pagesWithout++ < PAGES_BEFORE_ORDER) return undefined;
  const { scores } = list;
  const n = scores.length;
  const sorted = scores.slice().sort();
  const values: number[] = [];
  const counts: number[] = [];
  for (let i = n - 1; i >= 0; i--) {
    if (values.length === 0 || values[values.length - 1] !== sorted[i]) {
      values.push(sorted[i]!);
      counts.push(0);
    }
    counts[counts.length - 1]!++;
  }
  const starts = new Uint32Array(values.length + 1);
  for (let g = 0; g < values.length; g++) starts[g + 1] = starts[g]! + counts[g]!;
  const next = starts.slice(0, values.length);
  const perm = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    // The score's group: a binary search over the distinct scores, descending.
    const score = scores[i]!;
    let lo = 0;
    let hi = values.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (values[mid]! > score) lo = mid + 1;
      else hi = mid;
    }
    perm[next[lo]!++] = i;
  }
  list.order = { values: Float64Array.from(values), starts, perm };
  return list.order;
}

/**
 * Scores of long postings lists, kept with the list: the index keeps a long list decoded for its
 * generation (the same n, document lengths and average), so a common word is scored once, not on
 * every search (100 000 postings: 0.45 ms a search on the bench machine).
 */
const LIST_SCORES = new WeakMap<PostingList, ListScores[]>();
export const SCORES_KEPT_MIN = 512;

export function scoresOf(p: PostingList, weight: number, flat: number, perLength: number): ListScores {
  const kept = p.size >= SCORES_KEPT_MIN ? LIST_SCORES.get(p) : undefined;
  const known = kept?.find((e) => e.weight === weight && e.perLength === perLength);
  if (known) return known;
  const scores = new Float64Array(p.size);
  const codes = new Uint8Array(256);
  const { tf, len, code } = p;
  for (let i = 0; i < p.size; i++) {
    scores[i] = (weight * tf[i]!) / (tf[i]! + flat + perLength * len[i]!);
    codes[code[i]!] = 1;
  }
  const out: ListScores = { weight, perLength, scores, codes, pagesWithout: 0 };
  if (p.size >= SCORES_KEPT_MIN) {
    // A word is scored one way alone and another as a prefix's completion: keep both.
    if (kept) kept.splice(0, kept.length - 1, out);
    else LIST_SCORES.set(p, [out]);
  }
  return out;
}

/** The part of a term's BM25 score that is the same in every document: idf · (k1 + 1), scaled. */
export function bm25Weight(n: number, df: number, scale: number): number {
  return scale * Math.log(1 + (n - df + 0.5) / (df + 0.5)) * (K1 + 1);
}
