/**
 * Highlighting: the fields of a hit the query's text matches (DataHub's matchedFields), read from
 * the stored document when the postings prove every occurrence is there, else the whole document.
 */
import { analyseDocument, type SearchDocument } from '../model/search/document.ts';
import { someTermPasses, terms as analyse, urnWords } from '../model/search/analysis.ts';
import { SEARCH_FIELDS } from '../model/search/fields.ts';
// A value: the cap the store puts on a posting's term frequency (a frequency at it proves nothing).
import { POSTING_TF_MAX } from '../store/store.ts';
import { baseField, valuesOf } from './filters.ts';
import type { ParsedQuery } from './query.ts';
import type { Run } from './run.ts';
import type { MatchedField } from './types.ts';

/**
 * The matched fields of document `id` for query `q`: one test of texts made per search, for every
 * hit. A hit's columns (most of a dataset's text) are read and scanned only when they may hold a
 * query word: see inStoredPart.
 */
export function highlighter(run: Run, q: ParsedQuery): (id: number) => MatchedField[] {
  const wanted = q.clauses.flatMap((c) =>
    c.kind === 'word'
      ? [c]
      : c.kind === 'phrase'
        ? c.words.map((w) => ({ term: analyse(w)[0] ?? w, prefix: false }))
        : [],
  );
  const matchesWanted = someTermPasses((t) => wanted.some((w) => (w.prefix ? t.startsWith(w.term) : t === w.term)));
  // Whole words only: a prefix stands for terms not known here, a field term may name a column field.
  const exact = q.clauses.every((c) => (c.kind === 'word' && !c.prefix) || c.kind === 'phrase')
    ? [...new Set(wanted.map((w) => w.term))]
    : undefined;
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
const HIGHLIGHTED = [
  ...new Map(SEARCH_FIELDS.filter((f) => f.weight > 0).map((f) => [`${f.field}\u0000${f.kind}`, f])).values(),
];

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
    for (const value of valuesOf(doc, baseField(c.field)))
      if (!out.some((m) => m.value === value)) out.push({ name: baseField(c.field), value });
  }
  return out;
}
