/**
 * The query's text clauses: the documents holding every word, phrase and prefix with their BM25
 * scores, clause by clause among the documents still in the running; and the clauses (phrases,
 * `field:value`) checked on a document itself.
 */
import { terms as analyse, urnWords, words } from '../model/search/analysis.ts';
import type { SearchDocument } from '../model/search/document.ts';
import { SEARCH_FIELDS } from '../model/search/fields.ts';
import { baseField, entityTypeKey, valuesOf } from './filters.ts';
import { addScores, denseUnion, termScored } from './postings.ts';
import type { Clause, ParsedQuery } from './query.ts';
import type { Run } from './run.ts';
import { B, bm25Weight, K1, scoresOf, type ClauseTerm, type Scored } from './scoring.ts';

/** Candidates from which probing a common term decodes its whole postings list first. */
const PROBE_DECODE_MIN = 256;

/**
 * Scores of one clause's terms among `pool` (sorted ids; every document when undefined) and the
 * searched type codes; a document's score is its best-scoring term there (a prefix matches
 * several). A term held by far more documents than the pool has is looked up per pool document
 * (`table_123` reads the few postings of `123`, then one block of `table` per candidate).
 */
function clauseScored(
  run: Run,
  list: readonly ClauseTerm[],
  codes: ReadonlySet<number>,
  n: number,
  avg: number,
  pool: Uint32Array | undefined,
): Scored {
  const one: Scored[] = [];
  // BM25: idf · tf · (k1 + 1) / (tf + k1 · (1 − b + b · len / avg)).
  const flat = K1 * (1 - B);
  const perLength = (K1 * B) / avg;
  // Type codes as a table: one array read per posting instead of a set lookup.
  const allowed = new Uint8Array(256);
  for (const c of codes) allowed[c] = 1;
  const dense = denseUnion(run.scratch, list, allowed, flat, perLength, n, pool);
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
    one.push(termScored(run.scratch, p, scoresOf(p, weight, flat, perLength), allowed, pool));
  }
  if (one.length === 1) return one[0]!;
  // A few sparse terms (denseUnion took the many): the best score of each document in a map.
  const best = new Map<number, number>();
  for (const s of one)
    for (let i = 0; i < s.size; i++) best.set(s.ids[i]!, Math.max(best.get(s.ids[i]!) ?? 0, s.scores[i]!));
  const ids = Uint32Array.from(best.keys()).sort();
  const scores = new Float64Array(ids.length);
  for (let i = 0; i < ids.length; i++) scores[i] = best.get(ids[i]!)!;
  return { ids, scores, size: ids.length };
}

/** Phrase and field clauses are checked on the document itself. */
export function documentMatches(doc: SearchDocument, clause: Clause): boolean {
  if (clause.kind === 'phrase') {
    const phrase = clause.words.join(' ');
    return Object.entries(doc.fields).some(
      ([f, vs]) => TEXT.has(f) && vs.some((v) => words(v).join(' ').includes(phrase)),
    );
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
    return (
      lower === want ||
      words(v).join(' ') === words(clause.value).join(' ') ||
      (TEXT.has(field) && words(v).includes(want))
    );
  });
}

const TEXT = new Set(SEARCH_FIELDS.filter((f) => f.weight > 0).map((f) => f.field));

/**
 * Scores of the documents holding every word, phrase and prefix of the query (undefined when it has
 * none), in id order. Clauses go smallest first (a prefix counts the postings of every term it
 * expands to): each later clause is read only among the documents still in the running. A phrase
 * needs each of its words here; their order is checked on the document afterwards.
 */
export function textScores(
  run: Run,
  q: ParsedQuery,
  codes: ReadonlySet<number>,
  n: number,
  avg: number,
  within?: Uint32Array,
): Scored | undefined {
  const clauses = q.clauses.flatMap((c): Array<{ list: ClauseTerm[]; size: number }> => {
    const one = (t: string) => {
      const df = run.index.postingCount(t);
      return { list: [{ t, df, scale: 1 }], size: df };
    };
    if (c.kind === 'word' && c.prefix) {
      // A whole word counts more than a completion of it.
      const list = run.index
        .postingsWithPrefix(c.term, 200)
        .map(({ term, list }) => ({ t: term, df: list.size, scale: term === c.term ? 1 : 0.8, list }));
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
    scored = scored ? addScores(run.scratch, scored, clause) : clause;
    pool = scored.ids.subarray(0, scored.size);
    if (scored.size === 0) break;
  }
  return scored;
}
