/**
 * The search index's tables, in the store's LMDB environment and written in the store's write
 * transactions (DESIGN.md, search). Entities get a small integer id on first indexing, so the
 * postings and keyword keys stay short whatever the urns look like:
 *
 * - `searchIds`:  urn → id, and `searchUrns`: id → urn.
 * - `searchDocs`: id → { urn, doc, length }: the model's document (see SearchIndexer) and its length.
 * - `searchKeys`: id → the document's keyword [field, value] pairs: what facets count, read without
 *                 decoding the whole document.
 * - `postings`:   [term, id] → [weighted frequency, document length, entity type code]: everything
 *                 BM25 and the type filter need, read without touching the documents.
 * - `keywords`:   [field, value, id] → true: the keyword values of each document, for filters by
 *                 point lookup and facets by range.
 * - `facetCounts`: [field, value, type code] → number of live (not soft-deleted) documents holding
 *                 the value: facets of an unfiltered search without reading any document.
 * - `meta`:       the next id, the entity type codes, per-type counts, the statistics (documents,
 *                 total length) and the index version.
 *
 * The store knows nothing of what a document holds: the model's SearchIndexer makes a document from
 * an entity's aspects and analyses a document into terms and keywords. An update re-analyses the old
 * document to take out exactly what it put in.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Database, Key, RootDatabase } from 'lmdb';
import { deepEqual, KeyWalkError, type KeyRange } from './store.ts';

export interface SearchIndexer {
  /** Changes whenever documents or their analysis change; a file indexed under another version is re-indexed on open. */
  version: string;
  /** Whether a write of this aspect can change the entity's document. */
  shapes(aspectName: string): boolean;
  /** The document of an entity, from its latest aspects; `modified()` is when any of them last changed (epoch ms). */
  document(urn: string, entityType: string, aspectNames: readonly string[], aspect: (name: string) => unknown, modified: () => number): unknown;
  /** What the index holds of a document: weighted terms, its length, keyword values. */
  analyse(doc: unknown): DocumentIndex;
}

export interface DocumentIndex {
  terms: Record<string, number>;
  length: number;
  keywords: Array<[string, string]>;
  /**
   * Keyword entries kept only to walk documents in a field's order (the time of the last change):
   * never faceted, so not counted and not in the document's small keyword record.
   */
  sortKeys?: Array<[string, string]>;
}

export interface SearchRecord {
  urn: string;
  doc: unknown;
  length: number;
}

/**
 * A document as stored: deflated. Documents are mostly text (column names and descriptions); raw,
 * most would take an overflow page of their own. node:zlib rather than lmdb's LZ4, whose default
 * dictionary is a file beside lmdb's sources that the single executable does not carry.
 */
interface StoredRecord {
  urn: string;
  z: Buffer;
  length: number;
}

export interface SearchStats {
  docs: number;
  length: number;
  /** Per entity type: documents, and how many of them are soft-deleted. */
  types: Record<string, { docs: number; removed: number }>;
}

/** Read access to the index (the store's StoreView exposes it as `search`). */
export interface SearchView {
  idOf(urn: string): number | undefined;
  urnOf(id: number): string | undefined;
  record(id: number): SearchRecord | undefined;
  /** The keyword [field, value] pairs of document `id` (small: no text fields). */
  keywordsOf(id: number): Array<[string, string]> | undefined;
  /** [id, weighted frequency, document length, type code] of every document holding `term`, in id order. */
  postings(term: string): Array<[number, number, number, number]>;
  /** How many documents hold `term` (counted in LMDB, nothing decoded). */
  postingCount(term: string): number;
  /** [weighted frequency, document length, type code] of `term` in document `id`, if it holds it. */
  posting(term: string, id: number): [number, number, number] | undefined;
  /** The code postings carry for an entity type (undefined: no document of that type yet). */
  typeCode(entityType: string): number | undefined;
  /** Live documents holding each value of `field`, for the given type codes: [value, count], in value order. */
  facetCounts(field: string, typeCodes: ReadonlySet<number>): Array<[string, number]>;
  /** Distinct terms starting with `prefix`, in order, at most `limit`. */
  termsWithPrefix(prefix: string, limit: number): string[];
  /** Ids whose document holds `value` in keyword field `field`, in id order. */
  keywordIds(field: string, value: string): number[];
  hasKeyword(field: string, value: string, id: number): boolean;
  /** [value, id] of every keyword entry of `field` (whose value starts with `prefix`), in value then id order. */
  keywordEntries(field: string, prefix?: string): Generator<[string, number]>;
  /** [value, id] of the keyword entries of `field` from the highest value down. */
  keywordEntriesDescending(field: string): Generator<[string, number]>;
  stats(): SearchStats;
}

const VERSION_KEY = 'searchIndexVersion';
const STATS_KEY = 'searchStats';
const NEXT_ID_KEY = 'searchNextId';
const TYPE_CODES_KEY = 'searchTypeCodes';
/** The layout of the tables; part of the version, so a change of layout re-indexes too. */
const LAYOUT = 'search-7';
const EMPTY: DocumentIndex = { terms: {}, length: 0, keywords: [] };
/** The keyword field and value that mark a soft-deleted document. */
const REMOVED: [string, string] = ['removed', 'true'];

type Walk = <K extends Key>(name: string, db: Database<unknown, K>, range: KeyRange<K>) => Generator<K>;
type WalkEntries = <K extends Key, V>(name: string, db: Database<V, K>, range: KeyRange<K>) => Generator<{ key: K; value: V }>;

export class SearchTables implements SearchView {
  private readonly ids: Database<number, string>;
  private readonly urns: Database<string, number>;
  private readonly docs: Database<StoredRecord, number>;
  private readonly keys: Database<Array<[string, string]>, number>;
  private readonly postingsDb: Database<[number, number, number], [string, number]>;
  private readonly keywordsDb: Database<true, [string, string, number]>;
  private readonly countsDb: Database<number, [string, string, number]>;

  constructor(
    env: RootDatabase,
    private readonly meta: Database<unknown, string>,
    private readonly indexer: SearchIndexer,
    private readonly walk: Walk,
    private readonly walkEntries: WalkEntries,
    /** The data file's path, for the errors that name it. */
    private readonly storePath: string,
  ) {
    this.ids = env.openDB('searchIds', {});
    this.urns = env.openDB('searchUrns', {});
    this.docs = env.openDB('searchDocs', {});
    this.keys = env.openDB('searchKeys', {});
    this.postingsDb = env.openDB('postings', {});
    this.keywordsDb = env.openDB('keywords', {});
    this.countsDb = env.openDB('facetCounts', {});
  }

  version(): string {
    return `${LAYOUT}:${this.indexer.version}`;
  }

  isCurrent(): boolean {
    return this.meta.get(VERSION_KEY) === this.version();
  }

  shapes(aspectName: string): boolean {
    return this.indexer.shapes(aspectName);
  }

  /** Empties every table (inside a write transaction), ready for a rebuild. */
  clear(): void {
    const tables = [['postings', this.postingsDb], ['keywords', this.keywordsDb], ['facetCounts', this.countsDb], ['searchDocs', this.docs], ['searchKeys', this.keys], ['searchIds', this.ids], ['searchUrns', this.urns]] as const;
    for (const [name, db] of tables) {
      for (const key of Array.from(this.walk(name, db as Database<unknown, Key>, {}))) (db as Database<unknown, Key>).remove(key);
    }
    this.meta.put(STATS_KEY, { docs: 0, length: 0, types: {} } satisfies SearchStats);
    this.meta.put(NEXT_ID_KEY, 1);
    this.meta.put(TYPE_CODES_KEY, {});
  }

  markCurrent(): void {
    this.meta.put(VERSION_KEY, this.version());
  }

  /**
   * Brings the document of `urn` in line with its aspects (inside a write transaction): `entity` is
   * what the store holds of it now, undefined when it is gone. Returns whether a document exists.
   */
  update(urn: string, entity: { entityType: string; aspects: readonly string[] } | undefined, aspect: (name: string) => unknown, modified: () => number): boolean {
    const id = this.ids.get(urn);
    const old = id === undefined ? undefined : this.record(id);
    const doc = entity ? this.indexer.document(urn, entity.entityType, entity.aspects, aspect, modified) : undefined;
    if (old && doc !== undefined && deepEqual(old.doc, doc)) return true;
    const before = old ? this.indexer.analyse(old.doc) : EMPTY;
    const after = doc !== undefined ? this.indexer.analyse(doc) : EMPTY;
    const docId = id ?? this.newId(urn);
    const oldType = old ? this.typeOfIndex(before) : undefined;
    const newType = doc !== undefined ? this.typeOfIndex(after) : undefined;
    const code = newType === undefined ? 0 : this.codeFor(newType);
    for (const t of Object.keys(before.terms)) if (!(t in after.terms)) this.postingsDb.remove([t, docId]);
    for (const [t, w] of Object.entries(after.terms)) {
      if (before.terms[t] !== w || before.length !== after.length || oldType !== newType) this.postingsDb.put([t, docId], [w, after.length, code]);
    }
    this.updateKeywords(docId, before, after, oldType, newType);
    const stats = this.stats();
    const types = { ...stats.types };
    const count = (type: string | undefined, index: DocumentIndex, sign: number) => {
      if (type === undefined) return;
      const c = types[type] ?? { docs: 0, removed: 0 };
      types[type] = { docs: c.docs + sign, removed: c.removed + (isRemoved(index) ? sign : 0) };
    };
    count(oldType, before, -1);
    count(newType, after, 1);
    if (doc !== undefined) {
      this.docs.put(docId, { urn, z: deflateRawSync(JSON.stringify(doc)), length: after.length });
      this.keys.put(docId, after.keywords);
    } else {
      this.docs.remove(docId);
      this.keys.remove(docId);
      this.ids.remove(urn);
      this.urns.remove(docId);
    }
    this.meta.put(STATS_KEY, {
      docs: stats.docs + (doc !== undefined ? 1 : 0) - (old ? 1 : 0),
      length: stats.length + after.length - (old ? before.length : 0),
      types,
    } satisfies SearchStats);
    return doc !== undefined;
  }

  /** Keyword entries that changed, and the facet counters of live documents with them. */
  private updateKeywords(id: number, before: DocumentIndex, after: DocumentIndex, oldType: string | undefined, newType: string | undefined): void {
    const pair = ([f, v]: [string, string]) => `${f}\u0000${v}`;
    const old = [...before.keywords, ...(before.sortKeys ?? [])];
    const now = [...after.keywords, ...(after.sortKeys ?? [])];
    const had = new Set(old.map(pair));
    const has = new Set(now.map(pair));
    for (const k of old) if (!has.has(pair(k))) this.keywordsDb.remove([k[0], k[1], id]);
    for (const k of now) if (!had.has(pair(k))) this.keywordsDb.put([k[0], k[1], id], true);
    // Counters count live documents only: a soft-deleted one counts for nothing.
    if (oldType !== undefined && !isRemoved(before)) this.bump(before.keywords, this.codeFor(oldType), -1);
    if (newType !== undefined && !isRemoved(after)) this.bump(after.keywords, this.codeFor(newType), 1);
  }

  private bump(keywords: Array<[string, string]>, code: number, sign: number): void {
    for (const [f, v] of keywords) {
      const key: [string, string, number] = [f, v, code];
      const n = (this.countsDb.get(key) ?? 0) + sign;
      if (n > 0) this.countsDb.put(key, n);
      else this.countsDb.remove(key);
    }
  }

  /** The entity type of an analysed document: its `_entityType` keyword. */
  private typeOfIndex(index: DocumentIndex): string | undefined {
    return index.keywords.find(([f]) => f === '_entityType')?.[1];
  }

  private codes(): Record<string, number> {
    return (this.meta.get(TYPE_CODES_KEY) as Record<string, number> | undefined) ?? {};
  }

  private codeFor(entityType: string): number {
    const codes = this.codes();
    const known = codes[entityType];
    if (known !== undefined) return known;
    const code = Object.keys(codes).length + 1;
    this.meta.put(TYPE_CODES_KEY, { ...codes, [entityType]: code });
    return code;
  }

  typeCode(entityType: string): number | undefined {
    return this.codes()[entityType];
  }

  private newId(urn: string): number {
    const id = (this.meta.get(NEXT_ID_KEY) as number | undefined) ?? 1;
    this.meta.put(NEXT_ID_KEY, id + 1);
    this.ids.put(urn, id);
    this.urns.put(id, urn);
    return id;
  }

  idOf(urn: string): number | undefined {
    return this.ids.get(urn);
  }

  urnOf(id: number): string | undefined {
    return this.urns.get(id);
  }

  record(id: number): SearchRecord | undefined {
    const stored = this.docs.get(id);
    return stored && { urn: stored.urn, doc: JSON.parse(inflateRawSync(stored.z).toString('utf8')), length: stored.length };
  }

  keywordsOf(id: number): Array<[string, string]> | undefined {
    return this.keys.get(id);
  }

  postings(term: string): Array<[number, number, number, number]> {
    const out: Array<[number, number, number, number]> = [];
    for (const { key, value } of this.walkEntries<[string, number], [number, number, number]>('postings', this.postingsDb, { start: [term, 0], end: [term + '\u0000', 0] })) {
      out.push([key[1], value[0], value[1], value[2]]);
    }
    return out;
  }

  postingCount(term: string): number {
    return this.postingsDb.getKeysCount({ start: [term, 0], end: [term + '\u0000', 0] });
  }

  posting(term: string, id: number): [number, number, number] | undefined {
    return this.postingsDb.get([term, id]);
  }

  facetCounts(field: string, typeCodes: ReadonlySet<number>): Array<[string, number]> {
    const out: Array<[string, number]> = [];
    for (const { key, value } of this.walkEntries<[string, string, number], number>('facetCounts', this.countsDb, { start: [field, '', 0], end: [field + '\u0000', '', 0] })) {
      if (!typeCodes.has(key[2])) continue;
      const last = out[out.length - 1];
      if (last && last[0] === key[1]) last[1] += value;
      else out.push([key[1], value]);
    }
    return out;
  }

  termsWithPrefix(prefix: string, limit: number): string[] {
    const out: string[] = [];
    let start: [string, number] = [prefix, 0];
    const end: [string, number] = [prefix + '\uffff', 0];
    while (out.length < limit) {
      const next = this.walk<[string, number]>('postings', this.postingsDb, { start, end, limit: 1 }).next().value;
      if (!next) break;
      out.push(next[0]);
      // Jump past every posting of this term: the next key is the next term.
      start = [next[0] + '\u0000', 0];
    }
    return out;
  }

  keywordIds(field: string, value: string): number[] {
    return Array.from(this.walk<[string, string, number]>('keywords', this.keywordsDb, { start: [field, value, 0], end: [field, value + '\u0000', 0] }), (k) => k[2]);
  }

  *keywordEntriesDescending(field: string): Generator<[string, number]> {
    // A reverse walk: LMDB checks nothing for us here, so check each key stays in the field and moves down.
    let previous: [string, string, number] | undefined;
    for (const key of this.keywordsDb.getKeys({ start: [field + '\u0000', '', 0], end: [field, '', 0], reverse: true })) {
      const k = key as [string, string, number];
      if (k[0] !== field || (previous && (k[1] > previous[1] || (k[1] === previous[1] && k[2] >= previous[2])))) {
        throw new KeyWalkError(this.storePath, 'keywords', k, previous);
      }
      previous = k;
      yield [k[1], k[2]];
    }
  }

  hasKeyword(field: string, value: string, id: number): boolean {
    return this.keywordsDb.doesExist([field, value, id]);
  }

  *keywordEntries(field: string, prefix = ''): Generator<[string, number]> {
    const end: [string, string, number] = prefix === '' ? [field + '\u0000', '', 0] : [field, prefix + '\uffff', 0];
    for (const key of this.walk<[string, string, number]>('keywords', this.keywordsDb, { start: [field, prefix, 0], end })) yield [key[1], key[2]];
  }

  stats(): SearchStats {
    return (this.meta.get(STATS_KEY) as SearchStats | undefined) ?? { docs: 0, length: 0, types: {} };
  }
}

function isRemoved(index: DocumentIndex): boolean {
  return index.keywords.some(([f, v]) => f === REMOVED[0] && v === REMOVED[1]);
}
