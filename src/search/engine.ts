/**
 * Search over the index the store keeps in the data file (issue 14): candidates from the postings
 * and keyword tables, DataHub's filters by index lookup (or on the document when a condition needs
 * its text), BM25 ranking with exact name and urn matches first, facets over every match, and
 * paging by offset or by scroll id.
 *
 * Everything reads one LMDB snapshot, so a search sees every write acknowledged before it started.
 * An unfiltered listing (`*` over some types) takes a fast path: its page walks the urn-ordered
 * type index and its facets come from counters the index keeps, so neither reads a document.
 */
import { BadRequestError } from '../errors.ts';
import { someTermPasses, terms as analyse, urnWords, words } from '../model/search/analysis.ts';
import { analyseDocument, isKeywordField, type SearchDocument } from '../model/search/document.ts';
import { FAN_OUT, SEARCH_FIELDS } from '../model/search/fields.ts';
import { POSTING_TF_MAX, type PostingList, type SearchRecord, type SearchView, type StoreView } from '../store/store.ts';
import { baseField, byLookup, entityTypeKey, fieldsOf, holds, isKnownField, needsWholeDocument, normaliseFilters, valuesOf } from './filters.ts';
import { parseQuery, type Clause, type ParsedQuery } from './query.ts';
import { decodeScrollId, encodeScrollId, requestHash, type ScrollPosition } from './scrollId.ts';
import { Scratch } from './scratch.ts';
import { SEARCHABLE_TYPES, type Facet, type FilterGroup, type MatchedField, type SearchHit, type SearchPage, type SearchRequest, type SortCriterion } from './types.ts';

export { SEARCHABLE_TYPES, baseField, isKnownField, normaliseFilters };

/** Facets counted when a request names none. */
export const DEFAULT_FACETS = ['_entityType', 'platform', 'platformInstance', 'origin', 'env', 'typeNames', 'container', 'domains', 'tags', 'glossaryTerms', 'owners', 'deprecated'] as const;

const DISPLAY_NAMES: Record<string, string> = {
  _entityType: 'Type',
  platform: 'Platform',
  platformInstance: 'Platform Instance',
  origin: 'Environment',
  env: 'Environment',
  typeNames: 'Sub Type',
  container: 'Container',
  domains: 'Domain',
  tags: 'Tag',
  glossaryTerms: 'Glossary Term',
  owners: 'Owned By',
  deprecated: 'Deprecated',
};

const DEFAULT_MAX_AGG_VALUES = 20;
/** Separator of sub-aggregations in a facet name (`_entityType␞typeNames`). */
export const FACET_SEPARATOR = '\u241e';
const K1 = 1.2;
const B = 0.75;
/** Score added to an exact name or urn match, so it comes first whatever BM25 says. */
const EXACT = 1000;

// ---------- one search run ----------

/** What one search reads, each at most once. */
class Run {
  readonly index: SearchView;
  private readonly records = new Map<number, SearchRecord | undefined>();
  private removedIds: Set<number> | undefined;
  private codes: ReadonlySet<number> | undefined;
  private readonly typeNames: Map<string, string>;
  /** Where the search's large arrays come from; release() when the search ends. */
  readonly scratch = new Scratch();

  constructor(readonly view: StoreView, readonly types: readonly string[]) {
    this.index = view.search;
    this.typeNames = new Map([...SEARCHABLE_TYPES, ...Object.keys(this.index.stats().types)].map((t) => [entityTypeKey(t), t]));
  }

  record(id: number): SearchRecord | undefined {
    if (!this.records.has(id)) this.records.set(id, this.index.record(id));
    return this.records.get(id);
  }

  /** The document as stored: everything but the fields needsWholeDocument names. */
  doc(id: number): SearchDocument | undefined {
    return this.record(id)?.doc as SearchDocument | undefined;
  }

  /** The whole document (its columns read back from the entity's schema aspects). */
  wholeDoc(id: number): SearchDocument | undefined {
    return this.index.wholeRecord(id)?.doc as SearchDocument | undefined;
  }

  /** The document with every one of `fields`. */
  docWith(id: number, fields: readonly string[]): SearchDocument | undefined {
    return fields.some(needsWholeDocument) ? this.wholeDoc(id) : this.doc(id);
  }

  /** The urn of document `id` (the index keeps those it read for its generation). */
  urn(id: number): string {
    return this.index.urnOf(id) ?? '';
  }

  /** The postings' codes of the searched types (a type with no document yet has none). */
  typeCodes(): ReadonlySet<number> {
    this.codes ??= new Set(this.types.map((t) => this.index.typeCode(t)).filter((c): c is number => c !== undefined));
    return this.codes;
  }

  /** Ids of soft-deleted documents (few, read once). */
  removed(): Set<number> {
    this.removedIds ??= new Set(this.index.keywordIds('removed', 'true'));
    return this.removedIds;
  }

  canonicalType(value: string): string | undefined {
    return this.typeNames.get(entityTypeKey(value));
  }

  holds(id: number, group: FilterGroup): boolean {
    return group.every((c) => {
      const ctx = { canonicalType: (v: string) => this.canonicalType(v), doc: () => this.docWith(id, [c.field]), removed: () => this.removed().has(id) };
      return holds(this.index, id, c, ctx);
    });
  }

  /** Is `id` one of the searched types? One lookup per type. */
  isOfType(id: number): boolean {
    return this.types.some((t) => this.index.hasKeyword('_entityType', t, id));
  }
}

// ---------- text clauses ----------

/** Documents and their scores, in id order (`size` of them). */
interface Scored {
  ids: Uint32Array;
  scores: Float64Array;
  size: number;
  /** The arrays are a postings list's own (see termScored): read, never written. */
  shared?: boolean;
  /** For shared arrays: their scores, whose order by score best() may use. */
  list?: ListScores;
}

/** One term a clause matches, how many documents hold it, and how much it counts. */
interface ClauseTerm {
  t: string;
  df: number;
  scale: number;
  /** Its postings, when already read (a prefix reads every term it expands to at once). */
  list?: PostingList;
}

/** Candidates from which probing a common term decodes its whole postings list first. */
const PROBE_DECODE_MIN = 256;

/**
 * Scores of one clause's terms among `pool` (sorted ids; every document when undefined) and the
 * searched type codes; a document's score is its best-scoring term there (a prefix matches
 * several). A term held by far more documents than the pool has is looked up per pool document
 * (`table_123` reads the few postings of `123`, then one block of `table` per candidate).
 */
function clauseScored(run: Run, list: readonly ClauseTerm[], codes: ReadonlySet<number>, n: number, avg: number, pool: Uint32Array | undefined): Scored {
  const one: Scored[] = [];
  // BM25: idf · tf · (k1 + 1) / (tf + k1 · (1 − b + b · len / avg)).
  const flat = K1 * (1 - B);
  const perLength = (K1 * B) / avg;
  // Type codes as a table: one array read per posting instead of a set lookup.
  const allowed = new Uint8Array(256);
  for (const c of codes) allowed[c] = 1;
  const dense = denseUnion(run, list, allowed, flat, perLength, n, pool);
  if (dense) return dense;
  for (const { t, df, scale, list: known } of list) {
    const weight = bm25Weight(n, df, scale);
    if (pool && !known && df > 32 * pool.length && pool.length < PROBE_DECODE_MIN) {
      // A few candidates and a common term: one block of its postings read per candidate, rather
      // than the whole list decoded.
      const ids: number[] = [];
      const scores: number[] = [];
      for (const id of pool) {
        const p = run.index.posting(t, id);
        if (p && allowed[p[2]] === 1) {
          ids.push(id);
          scores.push((weight * p[0]) / (p[0] + flat + perLength * p[1]));
        }
      }
      one.push({ ids: Uint32Array.from(ids), scores: Float64Array.from(scores), size: ids.length });
      continue;
    }
    const p = known ?? run.index.postings(t);
    one.push(termScored(run, p, scoresOf(p, weight, flat, perLength), allowed, pool));
  }
  if (one.length === 1) return one[0]!;
  // A few sparse terms (denseUnion took the many): the best score of each document in a map.
  const best = new Map<number, number>();
  for (const s of one) for (let i = 0; i < s.size; i++) best.set(s.ids[i]!, Math.max(best.get(s.ids[i]!) ?? 0, s.scores[i]!));
  const ids = Uint32Array.from(best.keys()).sort();
  const scores = new Float64Array(ids.length);
  for (let i = 0; i < ids.length; i++) scores[i] = best.get(ids[i]!)!;
  return { ids, scores, size: ids.length };
}

/** BM25 scores of every posting of a list, and which type codes it holds (1 per code present). */
interface ListScores {
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
interface ScoreOrder {
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
function byScore(list: ListScores): ScoreOrder | undefined {
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
const SCORES_KEPT_MIN = 512;

function scoresOf(p: PostingList, weight: number, flat: number, perLength: number): ListScores {
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
function termScored(run: Run, p: PostingList, scored: ListScores, allowed: Uint8Array, pool: Uint32Array | undefined): Scored {
  const { ids: pids, code: pcode, size: listSize } = p;
  const ps = scored.scores;
  if (!pool) {
    let every = true;
    for (let c = 0; c < 256; c++) if (scored.codes[c] === 1 && allowed[c] === 0) every = false;
    if (every) return { ids: pids.subarray(0, listSize), scores: ps.subarray(0, listSize), size: listSize, shared: true, list: scored };
  }
  const capacity = pool ? Math.min(listSize, pool.length) : listSize;
  const ids = run.scratch.u32(capacity);
  const scores = run.scratch.f64(capacity);
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
function denseUnion(run: Run, list: readonly ClauseTerm[], allowed: Uint8Array, flat: number, perLength: number, n: number, pool: Uint32Array | undefined): Scored | undefined {
  if (list.length < 2 || list.some((e) => !e.list)) return undefined;
  let top = 0;
  let total = 0;
  for (const e of list) {
    if (e.list!.size > 0) top = Math.max(top, e.list!.ids[e.list!.size - 1]!);
    total += e.list!.size;
  }
  if (total <= 1024 || total * 8 <= top) return undefined;
  if (!pool) {
    const merged = dominantUnion(run, list, allowed, flat, perLength, n, total);
    if (merged) return merged;
  }
  const best = run.scratch.f64(top + 1, true);
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
  const ids = run.scratch.u32(size0);
  const scores = run.scratch.f64(size0);
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
function dominantUnion(run: Run, list: readonly ClauseTerm[], allowed: Uint8Array, flat: number, perLength: number, n: number, total: number): Scored | undefined {
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
  const ids = run.scratch.u32(main.size + otherIds.length);
  const scores = run.scratch.f64(main.size + otherIds.length);
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

/** The part of a term's BM25 score that is the same in every document: idf · (k1 + 1), scaled. */
function bm25Weight(n: number, df: number, scale: number): number {
  return scale * Math.log(1 + (n - df + 0.5) / (df + 0.5)) * (K1 + 1);
}

/** The documents of `b` (a subset of `a`'s), scored with the sum of both. */
function addScores(run: Run, a: Scored, b: Scored): Scored {
  const scores = b.shared ? run.scratch.f64(b.size) : b.scores;
  let j = 0;
  for (let i = 0; i < b.size; i++) {
    while (a.ids[j]! < b.ids[i]!) j++;
    scores[i] = b.scores[i]! + a.scores[j]!;
  }
  return { ids: b.ids, scores, size: b.size };
}

/** Phrase and field clauses are checked on the document itself. */
function documentMatches(doc: SearchDocument, clause: Clause): boolean {
  if (clause.kind === 'phrase') {
    const phrase = clause.words.join(' ');
    return Object.entries(doc.fields).some(([f, vs]) => TEXT.has(f) && vs.some((v) => words(v).join(' ').includes(phrase)));
  }
  if (clause.kind !== 'field') return true;
  const field = baseField(clause.field);
  const want = clause.value.toLowerCase();
  return valuesOf(doc, field).some((v) => {
    const lower = v.toLowerCase();
    if (field === '_entityType') return entityTypeKey(lower) === entityTypeKey(want);
    // An urn field matches its id too: `platform:hive` finds urn:li:dataPlatform:hive.
    if (lower.startsWith('urn:li:') && !want.startsWith('urn:li:')) {
      const id = urnWords(lower);
      if (clause.prefix ? id.startsWith(want) : id === want) return true;
    }
    if (clause.prefix) return lower.startsWith(want) || words(v).some((w) => w.startsWith(want));
    return lower === want || words(v).join(' ') === words(clause.value).join(' ') || (TEXT.has(field) && words(v).includes(want));
  });
}

const TEXT = new Set(SEARCH_FIELDS.filter((f) => f.weight > 0).map((f) => f.field));

/**
 * Scores of the documents holding every word, phrase and prefix of the query (undefined when it has
 * none), in id order. Clauses go smallest first (a prefix counts the postings of every term it
 * expands to): each later clause is read only among the documents still in the running. A phrase
 * needs each of its words here; their order is checked on the document afterwards.
 */
function textScores(run: Run, q: ParsedQuery, codes: ReadonlySet<number>, n: number, avg: number, within?: Uint32Array): Scored | undefined {
  const clauses = q.clauses.flatMap((c): Array<{ list: ClauseTerm[]; size: number }> => {
    const one = (t: string) => {
      const df = run.index.postingCount(t);
      return { list: [{ t, df, scale: 1 }], size: df };
    };
    if (c.kind === 'word' && c.prefix) {
      // A whole word counts more than a completion of it.
      const list = run.index.postingsWithPrefix(c.term, 200).map(({ term, list }) => ({ t: term, df: list.size, scale: term === c.term ? 1 : 0.8, list }));
      return [{ list, size: list.reduce((x, e) => x + e.df, 0) }];
    }
    if (c.kind === 'word') return [one(c.term)];
    if (c.kind === 'phrase') return c.words.map((w) => one(analyse(w)[0] ?? w));
    return [];
  });
  if (clauses.length === 0) return undefined;
  clauses.sort((a, b) => a.size - b.size);
  let scored: Scored | undefined;
  // The documents still in the running: those of the clauses before, else those the filters allow.
  let pool: Uint32Array | undefined = within;
  for (const { list } of clauses) {
    const clause = clauseScored(run, list, codes, n, avg, pool);
    scored = scored ? addScores(run, scored, clause) : clause;
    pool = scored.ids.subarray(0, scored.size);
    if (scored.size === 0) break;
  }
  return scored;
}

// ---------- matching ----------

interface Match {
  id: number;
  score: number;
}

/** The matching documents and their scores, column by column (a common word matches most of the catalog). */
class Matches {
  size = 0;
  constructor(
    public ids: Uint32Array,
    public scores: Float64Array,
    size = 0,
    /** When the matches are a kept list's own postings and scores: those scores. */
    readonly list?: ListScores,
  ) {
    this.size = size;
  }

  static empty(capacity = 16): Matches {
    return new Matches(new Uint32Array(capacity), new Float64Array(capacity));
  }

  push(id: number, score: number): void {
    if (this.size === this.ids.length) {
      const ids = new Uint32Array(Math.max(16, this.size * 2));
      const scores = new Float64Array(ids.length);
      ids.set(this.ids);
      scores.set(this.scores);
      this.ids = ids;
      this.scores = scores;
    }
    this.ids[this.size] = id;
    this.scores[this.size++] = score;
  }

  at(i: number): Match {
    return { id: this.ids[i]!, score: this.scores[i]! };
  }

  /** The ids, ascending (a copy, from `scratch`). */
  sortedIds(scratch: Scratch): Uint32Array {
    const out = scratch.u32(this.size);
    out.set(this.ids.subarray(0, this.size));
    return out.sort();
  }
}

/**
 * The documents the filters can hold for, by lookup: per OR-group the ids of its most selective
 * positive equality criterion on a keyword field, united across groups. Undefined when some group
 * has no such criterion (its documents can only be told by reading them). Ascending, each once.
 */
function lookupCandidates(run: Run, filters: FilterGroup[]): Uint32Array | undefined {
  if (filters.length === 0 || !filters.every((g) => g.some((c) => !c.negated && byLookup(c)))) return undefined;
  // Per group, the criterion with the fewest ids; the groups' ids together (a document passing any group is a candidate).
  const lists: Array<readonly number[]> = [];
  for (const g of filters) {
    let best: Array<readonly number[]> | undefined;
    let size = Infinity;
    for (const c of g) {
      if (c.negated || !byLookup(c)) continue;
      const values = c.field === '_entityType' ? c.values.map((v) => run.canonicalType(v)).filter((v): v is string => v !== undefined) : c.values;
      const ids = fieldsOf(c.field).flatMap((f) => values.map((v) => run.index.keywordIds(f, v)));
      const n = ids.reduce((x, l) => x + l.length, 0);
      if (n < size) {
        best = ids;
        size = n;
      }
    }
    lists.push(...best!);
  }
  return mergeAscending(lists);
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
      const next = x <= y ? x : y;
      if (x === next) i++;
      if (y === next) j++;
      out[k++] = next;
    }
    merged = out.subarray(0, k);
  }
  return merged;
}

/** Every document of the searched types. */
function* documentsOfTypes(run: Run): Generator<number> {
  for (const t of run.types) yield* run.index.keywordIds('_entityType', t);
}

/** Matches of the query: of its one conjunction, or the union of its `OR` alternatives (best score kept). */
function matchQuery(run: Run, req: SearchRequest, q: ParsedQuery, filters: FilterGroup[]): Matches {
  if (q.alternatives.length <= 1) return matchAll(run, req, q, filters);
  const best = new Map<number, number>();
  for (const alternative of q.alternatives) {
    const m = matchAll(run, req, alternative, filters);
    for (let i = 0; i < m.size; i++) if ((best.get(m.ids[i]!) ?? -1) < m.scores[i]!) best.set(m.ids[i]!, m.scores[i]!);
  }
  const out = Matches.empty(best.size);
  for (const [id, score] of best) out.push(id, score);
  return out;
}

function matchAll(run: Run, req: SearchRequest, q: ParsedQuery, filters: FilterGroup[]): Matches {
  const stats = run.index.stats();
  const n = Math.max(stats.docs, 1);
  const avg = Math.max(stats.length / n, 1);
  const codes = run.typeCodes();
  const showRemoved = req.includeSoftDeleted === true || filters.some((g) => g.some((c) => c.field === 'removed'));
  // Candidates: the text matches, the lineage set or the filters' lookups, whichever is smallest;
  // what a candidate came from decides what is left to check.
  const fromFilters = lookupCandidates(run, filters);
  const scored = textScores(run, q, codes, n, avg, fromFilters);
  let source: Iterable<number>;
  let typeChecked = true;
  if (scored) {
    source = scored.ids.subarray(0, scored.size);
  } else if (req.within) {
    source = [...req.within].map((u) => run.index.idOf(u)).filter((id): id is number => id !== undefined);
    typeChecked = false;
  } else if (fromFilters) {
    source = fromFilters;
    typeChecked = false;
  } else {
    source = documentsOfTypes(run);
  }
  // A query that is an entity's urn finds that entity even when its own words do not hold the
  // urn's (`urn`, `li`, the entity type): DataHub matches the urn field as a whole.
  const byUrn = q.all ? undefined : run.index.keywordIds('urn', q.original.trim())[0];
  const exact = new Set<number>(byUrn === undefined ? [] : [byUrn]);
  if (!q.all) for (const id of run.index.keywordIds('_name', q.text)) exact.add(id);
  const needsDoc = q.clauses.some((c) => c.kind !== 'word');
  // A phrase may be in any text field, columns included.
  const whole = q.clauses.some((c) => c.kind === 'phrase' || (c.kind === 'field' && needsWholeDocument(c.field)));
  // Candidates drawn from the filters' lookups already hold when every group is that one lookup.
  const filtersHeld = fromFilters !== undefined && (scored !== undefined || !req.within) && filters.every((g) => g.length === 1 && !g[0]!.negated && byLookup(g[0]!));
  const removed = showRemoved ? undefined : run.removed();
  if (scored && exact.size === 0 && !removed?.size && !req.within && !needsDoc && (filters.length === 0 || filtersHeld)) {
    // Nothing left to check on any text match: they are the matches.
    return new Matches(scored.ids, scored.scores, scored.size, scored.list);
  }
  const capacity = scored ? scored.size + 1 : 16;
  const out = new Matches(run.scratch.u32(capacity), run.scratch.f64(capacity));
  let urnSeen = false;
  const passes = (id: number, checkType: boolean, text: boolean) => {
    if (removed?.has(id)) return false;
    if (req.within && (scored || !text) && !req.within.has(run.urn(id))) return false;
    if (checkType && !run.isOfType(id)) return false;
    if (text && needsDoc) {
      const doc = whole ? run.wholeDoc(id) : run.doc(id);
      if (!doc || !q.clauses.every((c) => documentMatches(doc, c))) return false;
    }
    if (filters.length > 0 && !(filtersHeld && (text || fromFilters!.includes(id))) && !filters.some((g) => run.holds(id, g))) return false;
    return true;
  };
  let i = -1;
  for (const id of source) {
    i++;
    if (!passes(id, !typeChecked, true)) continue;
    if (id === byUrn) urnSeen = true;
    out.push(id, (scored ? scored.scores[i]! : 0) + (exact.has(id) ? EXACT : 0));
  }
  if (byUrn !== undefined && !urnSeen && passes(byUrn, true, false)) out.push(byUrn, EXACT);
  return out;
}

// ---------- ordering and paging ----------

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

function fingerprint(req: SearchRequest, types: readonly string[], filters: FilterGroup[]): string {
  return requestHash([req.query.trim(), [...types].sort(), filters, req.sort ?? [], req.includeSoftDeleted ?? false, req.within ? [...req.within].sort() : null]);
}

// ---------- facets ----------

function checkFacets(names: readonly string[]): void {
  for (const name of names) for (const p of name.split(FACET_SEPARATOR).map(baseField)) if (!isKnownField(p)) throw new BadRequestError(`Unknown facet field "${name}"`);
}

function finishFacets(run: Run, req: SearchRequest, filters: FilterGroup[], counted: Array<[string, Map<string, number>]>): Facet[] {
  const max = req.maxAggValues ?? DEFAULT_MAX_AGG_VALUES;
  const asked = req.facets && req.facets.length > 0;
  const out: Facet[] = [];
  for (const [name, counts] of counted) {
    // Values the request filtered on stay visible with a zero count, as DataHub shows them.
    // `_entityType` values are spelled many ways (DATASET, dataset, DATA_FLOW): compare them as types.
    const typed = baseField(name) === '_entityType';
    const known = (v: string) => (typed ? [...counts.keys()].some((k) => entityTypeKey(k) === entityTypeKey(v)) : counts.has(v));
    for (const g of filters) {
      for (const c of g) {
        if (c.field !== baseField(name) || c.negated) continue;
        for (const v of c.values) if (!known(v)) counts.set(typed ? run.canonicalType(v) ?? v : v, 0);
      }
    }
    const values = [...counts.entries()]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .slice(0, max)
      .map(([value, count]) => ({ value, count }));
    // DataHub always answers the entity type facet, even when nothing matched (docs/datahub/discovery.md §2.4).
    if (values.length === 0 && !asked && name !== '_entityType') continue;
    out.push({ field: name, displayName: DISPLAY_NAMES[name] ?? name, values });
  }
  return out;
}

function facetNames(req: SearchRequest): readonly string[] {
  return req.facets && req.facets.length > 0 ? req.facets : DEFAULT_FACETS;
}

/**
 * Facets of the matches. A counted keyword field (most facets) comes from the index's counters when
 * the matches are every live document of the types (`*`, a word every document holds), else from
 * its facet columns in one pass over the matches' ids. Other fields and sub-aggregations are counted
 * on each match's keyword record, or its document when a field is not a keyword.
 */
function countFacets(run: Run, matches: Matches, names: readonly string[], showRemoved: boolean, limit: number): Array<[string, Map<string, number>]> {
  const out: Array<[string, Map<string, number>]> = [];
  const stats = run.index.stats();
  const live = run.types.reduce((n, t) => n + (stats.types[t] ? stats.types[t]!.docs - stats.types[t]!.removed : 0), 0);
  // Matches are live documents of the types (soft-deleted ones only when asked for): as many as there are means all.
  const everyLive = !showRemoved && matches.size === live;
  // Most of them (a common word): the counters less what the live documents left out hold.
  const mostLive = !showRemoved && !everyLive && matches.size > live / 2;
  let sorted: Uint32Array | undefined;
  const ids = () => (sorted ??= matches.sortedIds(run.scratch));
  let rest: Uint32Array | undefined;
  const restIds = () => (rest ??= liveOutside(run, ids()));
  const codes = run.typeCodes();
  for (const name of names) {
    const parts = name.split(FACET_SEPARATOR).map(baseField);
    const p = parts[0]!;
    if (parts.length === 1 && p !== 'removed' && isKeywordField(p) && run.index.isCounted(p)) {
      // A field of one value every live document holds (one platform, one environment): every match holds it.
      const universal = () => {
        const counted = !showRemoved && run.index.valuesSeen(p) === 1 ? run.index.facetCounts(p, codes) : [];
        return counted.length === 1 && counted[0]![1] === live ? counted[0]![0] : undefined;
      };
      let value: string | undefined;
      if (everyLive) {
        out.push([name, new Map(run.index.facetCounts(p, codes))]);
      } else if ((value = universal()) !== undefined) {
        out.push([name, new Map(matches.size > 0 ? [[value, matches.size]] : [])]);
      } else if (mostLive) {
        const outside = new Map(run.index.countValues(p, restIds(), Number.POSITIVE_INFINITY));
        const counts = new Map<string, number>();
        for (const [value, n] of run.index.facetCounts(p, codes)) if (n > (outside.get(value) ?? 0)) counts.set(value, n - (outside.get(value) ?? 0));
        out.push([name, counts]);
      } else {
        out.push([name, new Map(run.index.countValues(p, ids(), limit))]);
      }
      continue;
    }
    const counts = new Map<string, number>();
    for (let i = 0; i < matches.size; i++) {
      const values = run.docWith(matches.ids[i]!, parts)?.fields;
      if (!values) continue;
      let combos: string[] = [''];
      for (const [i, f] of parts.entries()) {
        const vs = f === 'removed' ? values['removed'] ?? ['false'] : values[f] ?? [];
        combos = combos.flatMap((c) => vs.map((v) => (i === 0 ? v : c + FACET_SEPARATOR + v)));
      }
      for (const c of new Set(combos)) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    out.push([name, counts]);
  }
  return out;
}

/** The live documents of the searched types that are not among `ids` (ascending): ascending. */
function liveOutside(run: Run, ids: Uint32Array): Uint32Array {
  const all = mergeAscending(run.types.map((t) => run.index.keywordIds('_entityType', t)));
  const removed = run.removed();
  const out = run.scratch.u32(Math.max(all.length - ids.length, 0) + removed.size);
  let size = 0;
  let j = 0;
  for (let i = 0; i < all.length; i++) {
    const id = all[i]!;
    while (j < ids.length && ids[j]! < id) j++;
    if ((j < ids.length && ids[j] === id) || removed.has(id)) continue;
    out[size++] = id;
  }
  return out.subarray(0, size);
}

// ---------- highlighting ----------

/**
 * The matched fields of document `id` for query `q`: one test of texts made per search, for every
 * hit. A hit's columns (most of a dataset's text) are read and scanned only when they may hold a
 * query word: see inStoredPart.
 */
function highlighter(run: Run, q: ParsedQuery): (id: number) => MatchedField[] {
  const wanted = q.clauses.flatMap((c) => (c.kind === 'word' ? [c] : c.kind === 'phrase' ? c.words.map((w) => ({ term: analyse(w)[0] ?? w, prefix: false })) : []));
  const matchesWanted = someTermPasses((t) => wanted.some((w) => (w.prefix ? t.startsWith(w.term) : t === w.term)));
  // Whole words only: a prefix stands for terms not known here, a field term may name a column field.
  const exact = q.clauses.every((c) => (c.kind === 'word' && !c.prefix) || c.kind === 'phrase') ? [...new Set(wanted.map((w) => w.term))] : undefined;
  return (id) => {
    if (q.all) return [];
    const stored = run.doc(id)!;
    return matchedFields(exact && inStoredPart(run, id, stored, exact) ? stored : run.wholeDoc(id)!, q, matchesWanted);
  };
}

/** Whether every weighted field weighs a whole number (at least 1): inStoredPart relies on it. */
const WHOLE_WEIGHTS = SEARCH_FIELDS.every((f) => f.weight === 0 || (Number.isInteger(f.weight) && f.weight >= 1));

/**
 * Whether every occurrence of each of `terms` in document `id` is in its stored part, none in the
 * columns the whole document adds: the stored part analysed counts each term as often (weighted)
 * as the term's posting for the document does, and every column field weighs at least 1. Then the
 * stored part names every matched field. A frequency at the postings' cap proves nothing.
 */
function inStoredPart(run: Run, id: number, stored: SearchDocument, terms: readonly string[]): boolean {
  if (!WHOLE_WEIGHTS) return false;
  let counted: Map<string, number> | undefined;
  for (const t of terms) {
    const p = run.index.posting(t, id);
    if (!p || p[0] >= POSTING_TF_MAX) return false;
    counted ??= analyseDocument(stored).terms;
    if (counted.get(t) !== p[0]) return false;
  }
  return true;
}

/**
 * The fields the query text matches, each once with its kind, in declaration order: a field several
 * aspects fill (`name`, `description`, `id`: 101 declarations, 33 fields) has its values tested once.
 */
const HIGHLIGHTED = [...new Map(SEARCH_FIELDS.filter((f) => f.weight > 0).map((f) => [`${f.field}\u0000${f.kind}`, f])).values()];

function matchedFields(doc: SearchDocument, q: ParsedQuery, matchesWanted: (text: string) => boolean): MatchedField[] {
  const out: MatchedField[] = [];
  for (const f of HIGHLIGHTED) {
    for (const value of doc.fields[f.field] ?? []) {
      const hit = matchesWanted(f.kind === 'urn' ? urnWords(value) : value);
      if (hit && !out.some((m) => m.name === f.field && m.value === value)) out.push({ name: f.field, value });
      if (out.length >= 10) return out;
    }
  }
  for (const c of q.clauses) {
    if (c.kind !== 'field') continue;
    for (const value of valuesOf(doc, baseField(c.field))) if (!out.some((m) => m.value === value)) out.push({ name: baseField(c.field), value });
  }
  return out;
}

// ---------- the fast path: an unfiltered listing ----------

/** Whether a request is sorted by latest change, newest first (the only sort besides urn order a listing walks). */
function byLatestChange(req: SearchRequest): boolean {
  const sort = req.sort ?? [];
  return sort.length === 1 && sort[0]!.field === 'lastModifiedAt' && sort[0]!.order === 'DESCENDING';
}

/**
 * An unfiltered request a walk of the indexes answers in order: no query, filter or `within`; no sort,
 * urn order (what OpenAPI v3's scroll asks for: a full read of a server pages through it) or latest
 * change first. Soft-deleted entities too only without aggregates: the stored facet counts leave
 * them out.
 */
function isListing(req: SearchRequest, q: ParsedQuery, filters: FilterGroup[]): boolean {
  const sort = req.sort ?? [];
  const byUrn = sort.length === 1 && sort[0]!.field === 'urn' && sort[0]!.order === 'ASCENDING';
  return q.all && filters.length === 0 && !req.within && (!req.includeSoftDeleted || req.skipAggregates === true) && (sort.length === 0 || byUrn || byLatestChange(req));
}

/**
 * [urn, entity type] of the types, most recently changed first, skipping soft-deleted ones unless
 * `withRemoved`: a walk down the index's `lastModifiedAt` entries (the home page's "recently changed").
 */
function* latestChanged(run: Run, after: ScrollPosition | undefined, withRemoved: boolean): Generator<[string, string]> {
  const removed = withRemoved ? new Set<number>() : run.removed();
  const types = new Set(run.types);
  let skip = after ? after.n : 0;
  for (const [, id] of run.index.keywordEntriesDescending('lastModifiedAt')) {
    if (removed.has(id)) continue;
    const type = run.doc(id)?.type;
    if (type === undefined || !types.has(type)) continue;
    if (skip > 0) {
      skip--;
      continue;
    }
    yield [run.urn(id), type];
  }
}

/** [urn, entity type] of the types in urn order after `after`, merged across types, skipping soft-deleted ones unless `withRemoved`. */
function* listingUrns(run: Run, after: string | undefined, withRemoved: boolean): Generator<[string, string]> {
  const removed = withRemoved ? new Set<number>() : run.removed();
  const removedUrns = new Set([...removed].map((id) => run.urn(id)));
  const cursors = run.types.map((t) => ({ t, page: run.view.urnsOfType(t, { after, limit: 256 }), i: 0 }));
  for (;;) {
    let best: (typeof cursors)[number] | undefined;
    for (const c of cursors) {
      if (c.i >= c.page.length) continue;
      if (!best || c.page[c.i]! < best.page[best.i]!) best = c;
    }
    if (!best) return;
    const urn = best.page[best.i++]!;
    if (best.i === best.page.length && best.page.length === 256) {
      best.page = run.view.urnsOfType(best.t, { after: urn, limit: 256 });
      best.i = 0;
    }
    if (!removedUrns.has(urn)) yield [urn, best.t];
  }
}

function listing(run: Run, req: SearchRequest, hash: string, count: number): SearchPage {
  const stats = run.index.stats();
  const withRemoved = req.includeSoftDeleted === true;
  const total = run.types.reduce((sum, t) => sum + (stats.types[t] ? stats.types[t]!.docs - (withRemoved ? 0 : stats.types[t]!.removed) : 0), 0);
  let start = req.start ?? 0;
  let after: string | undefined;
  if (req.scrollId) {
    const pos = decodeScrollId(req.scrollId, hash);
    start = pos.n;
    after = pos.u;
  }
  const hits: SearchHit[] = [];
  let skip = req.scrollId ? 0 : start;
  const walk = byLatestChange(req) ? latestChanged(run, req.scrollId ? decodeScrollId(req.scrollId, hash) : undefined, withRemoved) : listingUrns(run, after, withRemoved);
  for (const [urn, entityType] of walk) {
    if (hits.length >= count) break;
    if (skip > 0) {
      skip--;
      continue;
    }
    hits.push({ urn, entityType, score: 0, matchedFields: [] });
  }
  if (req.extraFields?.length) {
    for (const h of hits) {
      const id = run.index.idOf(h.urn);
      const doc = id === undefined ? undefined : run.docWith(id, req.extraFields);
      h.extraProperties = doc ? extraPropertiesOf(doc, req.extraFields) : [];
    }
  }
  const urns = hits.map((h) => h.urn);
  const end = start + urns.length;
  let facets: Facet[] = [];
  if (!req.skipAggregates) {
    const names = facetNames(req);
    const codes = run.typeCodes();
    const counted: Array<[string, Map<string, number>]> = names.map((name) => {
      if (name.includes(FACET_SEPARATOR) || !run.index.isCounted(baseField(name))) return [name, countFacets(run, allListed(run), [name], false, req.maxAggValues ?? DEFAULT_MAX_AGG_VALUES)[0]![1]];
      return [name, new Map(run.index.facetCounts(baseField(name), codes))];
    });
    facets = finishFacets(run, req, [], counted);
  }
  const last = urns[urns.length - 1];
  return { start, count, total, hits, facets, nextScrollId: end < total && last ? encodeScrollId({ v: 1, h: hash, n: end, u: last }) : null };
}

/** Every listed document as a match (only for sub-aggregations, which need the documents). */
function allListed(run: Run): Matches {
  const removed = run.removed();
  const out = Matches.empty();
  for (const t of run.types) for (const id of run.index.keywordIds('_entityType', t)) if (!removed.has(id)) out.push(id, 0);
  return out;
}

/** DataHub's extraProperties: each asked field the document holds, its value as JSON. */
function extraPropertiesOf(doc: SearchDocument, fields: readonly string[]): Array<{ name: string; value: string }> {
  return fields.flatMap((name) => {
    const values = valuesOf(doc, baseField(name));
    if (values.length === 0) return [];
    return [{ name, value: JSON.stringify(values.length === 1 ? values[0] : values) }];
  });
}

// ---------- the run ----------

/** What the use case settled before the run: the filters normalised, the query parsed, the page size checked. */
export interface Prepared {
  filters: FilterGroup[];
  query: ParsedQuery;
  count: number;
}

/**
 * Runs a search. Throws BadRequestError for requests DataHub would refuse (an unknown facet or sort
 * field, a field in the query no document has, a bad scroll id …).
 */
export function runSearch(view: StoreView, req: SearchRequest, { filters, query: q, count }: Prepared): SearchPage {
  const types = req.types && req.types.length > 0 ? req.types : SEARCHABLE_TYPES;
  if (!req.skipAggregates) checkFacets(facetNames(req));
  for (const c of req.sort ?? []) {
    if (!['name', '_name', 'urn'].includes(c.field) && !isKnownField(baseField(c.field))) throw new BadRequestError(`Unknown sort field "${c.field}"`);
  }
  for (const c of q.clauses) if (c.kind === 'field' && !isKnownField(baseField(c.field))) throw new BadRequestError(`Unknown field "${c.field}" in query`);
  const run = new Run(view, types);
  try {
    return search(run, req, filters, q, count);
  } finally {
    run.scratch.release();
  }
}

function search(run: Run, req: SearchRequest, filters: FilterGroup[], q: ParsedQuery, count: number): SearchPage {
  const hash = fingerprint(req, run.types, filters);
  if (isListing(req, q, filters)) return listing(run, req, hash, count);
  const matches = matchQuery(run, req, q, filters);
  const pos = req.scrollId ? decodeScrollId(req.scrollId, hash) : undefined;
  const { page, start } = pageOf(run, matches, req.sort ?? [], req.start ?? 0, count, pos);
  const end = start + page.length;
  const highlight = !req.skipHighlighting && !q.all ? highlighter(run, q) : undefined;
  const hits: SearchHit[] = page.map((m) => {
    const doc = run.doc(m.id)!;
    const hit: SearchHit = { urn: run.urn(m.id), entityType: doc.type, score: m.score, matchedFields: highlight ? highlight(m.id) : [] };
    if (req.extraFields?.length) hit.extraProperties = extraPropertiesOf(run.docWith(m.id, req.extraFields)!, req.extraFields);
    return hit;
  });
  const showRemoved = req.includeSoftDeleted === true || filters.some((g) => g.some((c) => c.field === 'removed'));
  const facets = req.skipAggregates ? [] : finishFacets(run, req, filters, countFacets(run, matches, facetNames(req), showRemoved, req.maxAggValues ?? DEFAULT_MAX_AGG_VALUES));
  const last = page[page.length - 1];
  return {
    start,
    count,
    total: matches.size,
    hits,
    facets,
    nextScrollId: end < matches.size && last ? encodeScrollId({ v: 1, h: hash, n: end, u: run.urn(last.id), s: last.score }) : null,
  };
}

/**
 * The page of `matches` in (sort criteria, score desc, urn asc) order, from `start` or after a
 * scroll position. Without sort criteria nothing is sorted whole: the page comes from the best
 * `start + count` scores, and urns are read only for ties that straddle it (a common word matches
 * most of the catalog).
 */
function pageOf(run: Run, matches: Matches, sort: readonly SortCriterion[], from: number, count: number, pos: ScrollPosition | undefined): { page: Match[]; start: number } {
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
  if (group.length <= n) return group.map((id) => ({ id, u: run.urn(id) })).sort((a, b) => compareUrns(a.u, b.u)).map((e) => e.id);
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

/** The urns matching a request (no paging, no ranking): for browse and lineage searches. */
export function matchingUrns(view: StoreView, req: SearchRequest): string[] {
  const types = req.types && req.types.length > 0 ? req.types : SEARCHABLE_TYPES;
  const run = new Run(view, types);
  try {
    const matches = matchQuery(run, req, parseQuery(req.query), normaliseFilters(req.filters, req.strictFields));
    return Array.from(matches.ids.subarray(0, matches.size), (id) => run.urn(id));
  } finally {
    run.scratch.release();
  }
}

export { FAN_OUT };
