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
import { BadRequestError } from '../../model/errors.ts';
import { terms as analyse, urnWords, words } from '../../model/search/analysis.ts';
import { isKeywordField, type SearchDocument } from '../../model/search/document.ts';
import { FAN_OUT, SEARCH_FIELDS } from '../../model/search/fields.ts';
import type { SearchRecord, SearchView, StoreView } from '../../store/store.ts';
import { baseField, byLookup, entityTypeKey, fieldsOf, holds, isKnownField, normaliseFilters, valuesOf } from './filters.ts';
import { parseQuery, type Clause, type ParsedQuery } from './query.ts';
import { decodeScrollId, encodeScrollId, requestHash, type ScrollPosition } from './scrollId.ts';
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

export const MAX_PAGE = 10_000;
const DEFAULT_MAX_AGG_VALUES = 20;
/** Separator of sub-aggregations in a facet name (`_entityType␞typeNames`). */
export const FACET_SEPARATOR = '\u241e';
/** Below this many matches facets are counted from the documents, above it from the keyword index. */
const FACETS_FROM_DOCUMENTS = 20000;
const K1 = 1.2;
const B = 0.75;
/** Score added to an exact name or urn match, so it comes first whatever BM25 says. */
const EXACT = 1000;

// ---------- one search run ----------

/** What one search reads, each at most once. */
class Run {
  readonly index: SearchView;
  private readonly records = new Map<number, SearchRecord | undefined>();
  private readonly urns = new Map<number, string>();
  private readonly keywordRecords = new Map<number, Record<string, string[]> | undefined>();
  private removedIds: Set<number> | undefined;
  private readonly typeNames: Map<string, string>;

  constructor(readonly view: StoreView, readonly types: readonly string[]) {
    this.index = view.search;
    this.typeNames = new Map([...SEARCHABLE_TYPES, ...Object.keys(this.index.stats().types)].map((t) => [entityTypeKey(t), t]));
  }

  record(id: number): SearchRecord | undefined {
    if (!this.records.has(id)) this.records.set(id, this.index.record(id));
    return this.records.get(id);
  }

  doc(id: number): SearchDocument | undefined {
    return this.record(id)?.doc as SearchDocument | undefined;
  }

  urn(id: number): string {
    let u = this.urns.get(id);
    if (u === undefined) {
      u = this.index.urnOf(id) ?? '';
      this.urns.set(id, u);
    }
    return u;
  }

  keywords(id: number): Record<string, string[]> | undefined {
    if (!this.keywordRecords.has(id)) {
      const pairs = this.index.keywordsOf(id);
      let byField: Record<string, string[]> | undefined;
      if (pairs) {
        byField = {};
        for (const [f, v] of pairs) (byField[f] ??= []).push(v);
      }
      this.keywordRecords.set(id, byField);
    }
    return this.keywordRecords.get(id);
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
    const ctx = { canonicalType: (v: string) => this.canonicalType(v), doc: () => this.doc(id), removed: () => this.removed().has(id) };
    return group.every((c) => holds(this.index, id, c, ctx));
  }

  /** Is `id` one of the searched types? One lookup per type. */
  isOfType(id: number): boolean {
    return this.types.some((t) => this.index.hasKeyword('_entityType', t, id));
  }
}

// ---------- text clauses ----------

/** BM25 contributions of one word or phrase clause: id → score, limited to the searched type codes. */
function clauseScores(run: Run, clause: Clause, codes: ReadonlySet<number>, n: number, avg: number): Map<number, number> | undefined {
  if (clause.kind === 'field') return undefined;
  const out = new Map<number, number>();
  const add = (term: string, scale: number) => {
    const postings = run.index.postings(term);
    const idf = Math.log(1 + (n - postings.length + 0.5) / (postings.length + 0.5));
    for (const [id, tf, len, code] of postings) {
      if (!codes.has(code)) continue;
      const s = (scale * idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * len) / avg));
      out.set(id, Math.max(out.get(id) ?? 0, s));
    }
  };
  if (clause.kind === 'phrase') {
    // Every word must be there (the order is checked on the document afterwards).
    let acc: Map<number, number> | undefined;
    for (const w of clause.words) {
      const one = clauseScores(run, { kind: 'word', word: w, term: analyse(w)[0] ?? w, prefix: false }, codes, n, avg)!;
      if (!acc) acc = one;
      else {
        const next = new Map<number, number>();
        for (const [id, s] of one) {
          const before = acc.get(id);
          if (before !== undefined) next.set(id, before + s);
        }
        acc = next;
      }
    }
    return acc ?? out;
  }
  if (!clause.prefix) {
    add(clause.term, 1);
    return out;
  }
  // A prefix matches the terms that start with it (the first 200); a whole word counts more than a completion.
  for (const t of run.index.termsWithPrefix(clause.term, 200)) add(t, t === clause.term ? 1 : 0.8);
  return out;
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
 * none). Clauses go smallest first (a prefix counts the postings of every term it expands to): the
 * smallest one's postings are read whole, and a later term with many more postings than there are
 * candidates left is looked up per candidate instead of read whole (`table_123` reads the few
 * postings of `123`, not those of `table` in every table).
 */
function textScores(run: Run, q: ParsedQuery, codes: ReadonlySet<number>, n: number, avg: number, within?: ReadonlySet<number>): Map<number, number> | undefined {
  const terms = q.clauses.flatMap((c) => {
    if (c.kind !== 'word') return [];
    const expanded = c.prefix ? run.index.termsWithPrefix(c.term, 200) : [c.term];
    const list = expanded.map((t) => ({ t, df: run.index.postingCount(t), scale: !c.prefix || t === c.term ? 1 : 0.8 }));
    return [{ list, size: list.reduce((x, e) => x + e.df, 0) }];
  });
  terms.sort((a, b) => a.size - b.size);
  let scored: Map<number, number> | undefined;
  const bm25 = (df: number, tf: number, len: number) => {
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    return (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * len) / avg));
  };
  for (const { list } of terms) {
    // A clause's score in a document: its best-scoring term there (a prefix matches several).
    const clause = new Map<number, number>();
    const note = (id: number, score: number) => clause.set(id, Math.max(clause.get(id) ?? 0, score));
    // The documents still in the running: those of the clauses before, else those the filters allow.
    const pool: ReadonlySet<number> | undefined = scored ? new Set(scored.keys()) : within;
    for (const { t, df, scale } of list) {
      if (pool && df > 4 * pool.size) {
        for (const id of pool) {
          const p = run.index.posting(t, id);
          if (p && codes.has(p[2])) note(id, scale * bm25(df, p[0], p[1]));
        }
        continue;
      }
      for (const [id, tf, len, code] of run.index.postings(t)) {
        if (!codes.has(code) || (pool && !pool.has(id))) continue;
        note(id, scale * bm25(df, tf, len));
      }
    }
    if (scored) for (const [id, s] of clause) clause.set(id, s + scored.get(id)!);
    scored = clause;
  }
  for (const clause of q.clauses) {
    if (clause.kind !== 'phrase') continue;
    const m = clauseScores(run, clause, codes, n, avg)!;
    if (!scored) {
      scored = m;
      continue;
    }
    const next = new Map<number, number>();
    for (const [id, s] of m) {
      const before = scored.get(id);
      if (before !== undefined) next.set(id, before + s);
    }
    scored = next;
  }
  return scored;
}

// ---------- matching ----------

interface Match {
  id: number;
  score: number;
}

/**
 * The documents the filters can hold for, by lookup: per OR-group the ids of its most selective
 * positive equality criterion on a keyword field, united across groups. Undefined when some group
 * has no such criterion (its documents can only be told by reading them).
 */
function lookupCandidates(run: Run, filters: FilterGroup[]): Set<number> | undefined {
  if (filters.length === 0 || !filters.every((g) => g.some((c) => !c.negated && byLookup(c)))) return undefined;
  const out = new Set<number>();
  for (const g of filters) {
    let best: number[] | undefined;
    for (const c of g) {
      if (c.negated || !byLookup(c)) continue;
      const values = c.field === '_entityType' ? c.values.map((v) => run.canonicalType(v)).filter((v): v is string => v !== undefined) : c.values;
      const ids = fieldsOf(c.field).flatMap((f) => values.flatMap((v) => run.index.keywordIds(f, v)));
      if (!best || ids.length < best.length) best = ids;
    }
    for (const id of best!) out.add(id);
  }
  return out;
}

/** Every document of the searched types. */
function* documentsOfTypes(run: Run): Generator<number> {
  for (const t of run.types) yield* run.index.keywordIds('_entityType', t);
}

/** Matches of the query: of its one conjunction, or the union of its `OR` alternatives (best score kept). */
function matchQuery(run: Run, req: SearchRequest, q: ParsedQuery, filters: FilterGroup[]): Match[] {
  if (q.alternatives.length <= 1) return matchAll(run, req, q, filters);
  const best = new Map<number, Match>();
  for (const alternative of q.alternatives) {
    for (const m of matchAll(run, req, alternative, filters)) if ((best.get(m.id)?.score ?? -1) < m.score) best.set(m.id, m);
  }
  return [...best.values()];
}

function matchAll(run: Run, req: SearchRequest, q: ParsedQuery, filters: FilterGroup[]): Match[] {
  const stats = run.index.stats();
  const n = Math.max(stats.docs, 1);
  const avg = Math.max(stats.length / n, 1);
  const codes = new Set(run.types.map((t) => run.index.typeCode(t)).filter((c): c is number => c !== undefined));
  const showRemoved = req.includeSoftDeleted === true || filters.some((g) => g.some((c) => c.field === 'removed'));
  // Candidates: the text matches, the lineage set or the filters' lookups, whichever is smallest;
  // what a candidate came from decides what is left to check.
  const fromFilters = lookupCandidates(run, filters);
  const scored = textScores(run, q, codes, n, avg, fromFilters);
  let source: Iterable<number>;
  let typeChecked = true;
  if (scored) {
    source = scored.keys();
  } else if (req.within) {
    source = [...req.within].map((u) => run.index.idOf(u)).filter((id): id is number => id !== undefined);
    typeChecked = false;
  } else if (fromFilters) {
    source = fromFilters;
    typeChecked = false;
  } else {
    source = documentsOfTypes(run);
  }
  const exact = new Set<number>();
  if (!q.all) for (const f of ['_name', 'urn']) for (const id of run.index.keywordIds(f, f === 'urn' ? q.original : q.text)) exact.add(id);
  const needsDoc = q.clauses.some((c) => c.kind !== 'word');
  const removed = showRemoved ? undefined : run.removed();
  const out: Match[] = [];
  for (const id of source) {
    if (removed?.has(id)) continue;
    if (req.within && scored && !req.within.has(run.urn(id))) continue;
    if (!typeChecked && !run.isOfType(id)) continue;
    if (needsDoc) {
      const doc = run.doc(id);
      if (!doc || !q.clauses.every((c) => documentMatches(doc, c))) continue;
    }
    if (filters.length > 0 && !filters.some((g) => run.holds(id, g))) continue;
    out.push({ id, score: (scored?.get(id) ?? 0) + (exact.has(id) ? EXACT : 0) });
  }
  return out;
}

// ---------- ordering and paging ----------

function comparator(run: Run, sort: readonly SortCriterion[]): (a: Match, b: Match) => number {
  const value = (m: Match, field: string): string => {
    if (field === 'urn') return run.urn(m.id);
    const doc = run.doc(m.id);
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
    if (values.length === 0 && !asked) continue;
    out.push({ field: name, displayName: DISPLAY_NAMES[name] ?? name, values });
  }
  return out;
}

function facetNames(req: SearchRequest): readonly string[] {
  return req.facets && req.facets.length > 0 ? req.facets : DEFAULT_FACETS;
}

/**
 * Facets of the matches, by the cheapest of three ways: from their documents when they are few;
 * from the index's counters minus the documents left out when they are nearly all the live
 * documents of the types (a common word, `*` with a loose filter); else by walking each facet
 * field's keyword entries.
 */
function countFacets(run: Run, matches: Match[], names: readonly string[], showRemoved: boolean): Array<[string, Map<string, number>]> {
  const out: Array<[string, Map<string, number>]> = [];
  const viaDocs = matches.length <= FACETS_FROM_DOCUMENTS;
  const ids = viaDocs ? undefined : new Set(matches.map((m) => m.id));
  const complement = viaDocs || showRemoved ? undefined : leftOut(run, ids!);
  const codes = new Set(run.types.map((t) => run.index.typeCode(t)).filter((c): c is number => c !== undefined));
  for (const name of names) {
    const parts = name.split(FACET_SEPARATOR).map(baseField);
    let counts = new Map<string, number>();
    if (viaDocs || parts.length > 1 || !isKeywordField(parts[0]!)) {
      // Keyword fields come from each match's small keyword record; other fields need the document.
      const keywordOnly = parts.every((p) => isKeywordField(p));
      for (const m of matches) {
        const values = keywordOnly ? keywordValues(run, m.id) : run.doc(m.id)?.fields;
        if (!values) continue;
        let combos: string[] = [''];
        for (const [i, p] of parts.entries()) {
          const vs = p === 'removed' ? values['removed'] ?? ['false'] : values[p] ?? [];
          combos = combos.flatMap((c) => vs.map((v) => (i === 0 ? v : c + FACET_SEPARATOR + v)));
        }
        for (const c of new Set(combos)) counts.set(c, (counts.get(c) ?? 0) + 1);
      }
    } else if (complement && parts[0] !== 'removed') {
      counts = new Map(run.index.facetCounts(parts[0]!, codes));
      for (const id of complement) {
        for (const v of new Set(keywordValues(run, id)?.[parts[0]!] ?? [])) {
          const n = (counts.get(v) ?? 0) - 1;
          if (n > 0) counts.set(v, n);
          else counts.delete(v);
        }
      }
    } else {
      for (const [value, id] of run.index.keywordEntries(parts[0]!)) if (ids!.has(id)) counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    out.push([name, counts]);
  }
  return out;
}

/** A document's keyword values by field, from its small keyword record (read once per search). */
function keywordValues(run: Run, id: number): Record<string, string[]> | undefined {
  return run.keywords(id);
}

/**
 * The live documents of the searched types that are not among the matches, when they are few
 * (undefined otherwise): facets are then the counters minus these.
 */
function leftOut(run: Run, ids: ReadonlySet<number>): number[] | undefined {
  const stats = run.index.stats();
  const live = run.types.reduce((n, t) => n + (stats.types[t] ? stats.types[t]!.docs - stats.types[t]!.removed : 0), 0);
  if (live - ids.size > FACETS_FROM_DOCUMENTS) return undefined;
  // Every live document matched (matches are live documents of the types): nothing was left out.
  if (ids.size === live) return [];
  const removed = run.removed();
  const out: number[] = [];
  for (const t of run.types) for (const id of run.index.keywordIds('_entityType', t)) if (!ids.has(id) && !removed.has(id)) out.push(id);
  return out;
}

// ---------- highlighting ----------

function matchedFields(doc: SearchDocument, q: ParsedQuery): MatchedField[] {
  if (q.all) return [];
  const wanted = q.clauses.flatMap((c) => (c.kind === 'word' ? [c] : c.kind === 'phrase' ? c.words.map((w) => ({ term: analyse(w)[0] ?? w, prefix: false })) : []));
  const out: MatchedField[] = [];
  for (const f of SEARCH_FIELDS) {
    if (f.weight === 0) continue;
    for (const value of doc.fields[f.field] ?? []) {
      const ts = analyse(f.kind === 'urn' ? urnWords(value) : value);
      const hit = wanted.some((w) => ts.some((t) => (w.prefix ? t.startsWith(w.term) : t === w.term)));
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

function isListing(req: SearchRequest, q: ParsedQuery, filters: FilterGroup[]): boolean {
  const sort = req.sort ?? [];
  const byLatestChange = sort.length === 1 && sort[0]!.field === 'lastModifiedAt' && sort[0]!.order === 'DESCENDING';
  return q.all && filters.length === 0 && !req.within && !req.includeSoftDeleted && (sort.length === 0 || byLatestChange);
}

/**
 * [urn, entity type] of the types, most recently changed first, skipping soft-deleted ones: a walk
 * down the index's `lastModifiedAt` entries (the home page's "recently changed").
 */
function* latestChanged(run: Run, after: ScrollPosition | undefined): Generator<[string, string]> {
  const removed = run.removed();
  const types = new Set(run.types);
  let skip = after ? after.n : 0;
  for (const [, id] of run.index.keywordEntriesDescending('lastModifiedAt')) {
    if (removed.has(id)) continue;
    const type = run.keywords(id)?.['_entityType']?.[0];
    if (type === undefined || !types.has(type)) continue;
    if (skip > 0) {
      skip--;
      continue;
    }
    yield [run.urn(id), type];
  }
}

/** [urn, entity type] of the types in urn order after `after`, merged across types, skipping soft-deleted ones. */
function* listingUrns(run: Run, after: string | undefined): Generator<[string, string]> {
  const removed = run.removed();
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
  const total = run.types.reduce((sum, t) => sum + (stats.types[t] ? stats.types[t]!.docs - stats.types[t]!.removed : 0), 0);
  let start = req.start ?? 0;
  let after: string | undefined;
  if (req.scrollId) {
    const pos = decodeScrollId(req.scrollId, hash);
    start = pos.n;
    after = pos.u;
  }
  const hits: SearchHit[] = [];
  let skip = req.scrollId ? 0 : start;
  const byLatestChange = (req.sort ?? []).length > 0;
  const walk = byLatestChange ? latestChanged(run, req.scrollId ? decodeScrollId(req.scrollId, hash) : undefined) : listingUrns(run, after);
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
      const doc = id === undefined ? undefined : run.doc(id);
      h.extraProperties = doc ? extraPropertiesOf(doc, req.extraFields) : [];
    }
  }
  const urns = hits.map((h) => h.urn);
  const end = start + urns.length;
  let facets: Facet[] = [];
  if (!req.skipAggregates) {
    const names = facetNames(req);
    const codes = new Set(run.types.map((t) => run.index.typeCode(t)).filter((c): c is number => c !== undefined));
    const counted: Array<[string, Map<string, number>]> = names.map((name) => {
      if (name.includes(FACET_SEPARATOR)) return [name, new Map(countFacets(run, allListed(run), [name], false)[0]![1])];
      return [name, new Map(run.index.facetCounts(baseField(name), codes))];
    });
    facets = finishFacets(run, req, [], counted);
  }
  const last = urns[urns.length - 1];
  return { start, count, total, hits, facets, nextScrollId: end < total && last ? encodeScrollId({ v: 1, h: hash, n: end, u: last }) : null };
}

/** Every listed document as a match (only for sub-aggregations, which need the documents). */
function allListed(run: Run): Match[] {
  const removed = run.removed();
  return run.types.flatMap((t) => run.index.keywordIds('_entityType', t)).filter((id) => !removed.has(id)).map((id) => ({ id, score: 0 }));
}

/** DataHub's extraProperties: each asked field the document holds, its value as JSON. */
function extraPropertiesOf(doc: SearchDocument, fields: readonly string[]): Array<{ name: string; value: string }> {
  return fields.flatMap((name) => {
    const values = valuesOf(doc, baseField(name));
    if (values.length === 0) return [];
    return [{ name, value: JSON.stringify(values.length === 1 ? values[0] : values) }];
  });
}

// ---------- the use case ----------

export function checkPaging(count: number, start: number): void {
  if (!Number.isInteger(count) || count < 0) throw new BadRequestError(`count must be a non-negative integer, got ${count}`);
  if (count > MAX_PAGE) throw new BadRequestError(`count must be at most ${MAX_PAGE}, got ${count}`);
  if (!Number.isInteger(start) || start < 0) throw new BadRequestError(`start must be a non-negative integer, got ${start}`);
}

/** Runs a search. Throws BadRequestError for requests DataHub would refuse (unknown field, bad scroll id …). */
export function searchEntities(view: StoreView, req: SearchRequest): SearchPage {
  const types = req.types && req.types.length > 0 ? req.types : SEARCHABLE_TYPES;
  const filters = normaliseFilters(req.filters);
  const q = parseQuery(req.query);
  const count = req.count ?? 10;
  checkPaging(count, req.start ?? 0);
  if (!req.skipAggregates) checkFacets(facetNames(req));
  for (const c of req.sort ?? []) {
    if (!['name', '_name', 'urn'].includes(c.field) && !isKnownField(baseField(c.field))) throw new BadRequestError(`Unknown sort field "${c.field}"`);
  }
  for (const c of q.clauses) if (c.kind === 'field' && !isKnownField(baseField(c.field))) throw new BadRequestError(`Unknown field "${c.field}" in query`);
  const run = new Run(view, types);
  const hash = fingerprint(req, types, filters);
  if (isListing(req, q, filters)) return listing(run, req, hash, count);
  const matches = matchQuery(run, req, q, filters);
  const pos = req.scrollId ? decodeScrollId(req.scrollId, hash) : undefined;
  const { page, start } = pageOf(run, matches, req.sort ?? [], req.start ?? 0, count, pos);
  const end = start + page.length;
  const hits: SearchHit[] = page.map((m) => {
    const doc = run.doc(m.id)!;
    const hit: SearchHit = { urn: run.urn(m.id), entityType: doc.type, score: m.score, matchedFields: req.skipHighlighting ? [] : matchedFields(doc, q) };
    if (req.extraFields?.length) hit.extraProperties = extraPropertiesOf(doc, req.extraFields);
    return hit;
  });
  const showRemoved = req.includeSoftDeleted === true || filters.some((g) => g.some((c) => c.field === 'removed'));
  const facets = req.skipAggregates ? [] : finishFacets(run, req, filters, countFacets(run, matches, facetNames(req), showRemoved));
  const last = page[page.length - 1];
  return {
    start,
    count,
    total: matches.length,
    hits,
    facets,
    nextScrollId: end < matches.length && last ? encodeScrollId({ v: 1, h: hash, n: end, u: run.urn(last.id), s: last.score }) : null,
  };
}

/**
 * The page of `matches` in (sort criteria, score desc, urn asc) order, from `start` or after a
 * scroll position. Without sort criteria only scores are sorted: urns are read for the ties that
 * straddle the page, not for every match (a common word matches most of the catalog).
 */
function pageOf(run: Run, matches: Match[], sort: readonly SortCriterion[], from: number, count: number, pos: ScrollPosition | undefined): { page: Match[]; start: number } {
  const byUrn = (a: Match, b: Match) => {
    const x = run.urn(a.id);
    const y = run.urn(b.id);
    return x < y ? -1 : x > y ? 1 : 0;
  };
  if (sort.length > 0) {
    matches.sort(comparator(run, sort));
    let start = from;
    if (pos) {
      const at = matches.findIndex((m) => run.urn(m.id) === pos.u);
      start = at >= 0 ? at + 1 : Math.min(pos.n, matches.length);
    }
    return { page: matches.slice(start, start + count), start };
  }
  matches.sort((a, b) => b.score - a.score);
  // Groups of equal score, in order; a group is ordered by urn only when the page needs it.
  let start = from;
  if (pos) {
    // Where the last result handed out stands now (scores move a little when the catalog changes);
    // when it no longer matches, where its score would stand.
    const lastId = run.index.idOf(pos.u);
    const s = matches.find((m) => m.id === lastId)?.score ?? pos.s ?? Number.NaN;
    let before = 0;
    let i = 0;
    while (i < matches.length && matches[i]!.score > s) i++;
    before = i;
    let j = i;
    while (j < matches.length && matches[j]!.score === s) j++;
    if (Number.isNaN(s) || (i === j && pos.s === undefined)) {
      // A scroll id without a score (or a vanished group): resume after as many results as were handed out.
      start = Math.min(pos.n, matches.length);
    } else {
      const group = matches.slice(i, j).sort(byUrn);
      matches.splice(i, j - i, ...group);
      start = before + group.filter((m) => run.urn(m.id) <= pos.u).length;
    }
  }
  const end = Math.min(start + count, matches.length);
  // Order by urn every tie group that overlaps [start, end).
  let i = 0;
  while (i < end) {
    let j = i + 1;
    while (j < matches.length && matches[j]!.score === matches[i]!.score) j++;
    if (j > start && j - i > 1) {
      const group = matches.slice(i, j).sort(byUrn);
      matches.splice(i, j - i, ...group);
    }
    i = j;
  }
  return { page: matches.slice(start, end), start };
}

/** Name and platform of search hits, for a listing of results (the CLI's table). */
export function hitSummaries(view: StoreView, urns: readonly string[]): Array<{ urn: string; name: string; platform: string | null }> {
  return urns.map((urn) => {
    const id = view.search.idOf(urn);
    const doc = (id === undefined ? undefined : view.search.record(id)?.doc) as SearchDocument | undefined;
    return { urn, name: doc?.name ?? urnWords(urn), platform: doc?.fields['platform']?.[0] ?? null };
  });
}

/** The urns matching a request (no paging, no ranking): for browse and lineage searches. */
export function matchingUrns(view: StoreView, req: SearchRequest): string[] {
  const types = req.types && req.types.length > 0 ? req.types : SEARCHABLE_TYPES;
  const run = new Run(view, types);
  return matchQuery(run, req, parseQuery(req.query), normaliseFilters(req.filters)).map((m) => run.urn(m.id));
}

export { FAN_OUT };
