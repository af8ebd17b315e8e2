/**
 * The search index's tables, in the store's LMDB environment and written in the store's write
 * transactions (docs/design.md, search). Documents are keyed by their entity's id (the store's, given once
 * at creation, see EntityIds), so the postings and keyword keys stay short whatever the urns look
 * like, and the index keeps no urn ↔ id tables of its own. Until layout search-10 it did
 * (`searchIds`, `searchUrns`), for what the store already held.
 *
 * - `searchDocs`: id → { urn, doc, length }: the model's document (see SearchIndexer) and its length.
 * - `postingBlocks`: [term, block] → the postings of the term in documents `block·128 … block·128+127`,
 *                 packed 8 bytes each (low bits of the id, entity type code, weighted frequency,
 *                 document length), in id order: everything BM25 and the type filter need, read
 *                 without touching the documents. A term held by every document reads as a few
 *                 hundred values, not a hundred thousand keys, and takes 8 bytes a document.
 *                 Blocks are LZ4-compressed like the documents: 82.3 → 49.2 MB at 100 000 bench
 *                 datasets, with no change measured in a search reading every block of a term
 *                 (2.14–2.23 vs 2.04–2.18 ms in process). A block starts with an id's low 7 bits,
 *                 never the 254 or 255 of a compressed value, so blocks written before read as they are.
 * - `searchTerms`: term → how many documents hold it (idf without reading postings).
 * - `keywordBlocks`: [field, value, block] → the ids (low 7 bits, a byte each) of the documents in the
 *                 block holding the keyword value: filters by lookup, sorted walks by range.
 * - `facetCounts`: [field, value, type code] → number of live (not soft-deleted) documents holding
 *                 the value: facets of an unfiltered search without reading any document.
 * - `facetColumns`: [field, chunk] → the values of the field in documents `chunk·1024 … +1023`, as
 *                 ordinals (`facetOrdinals` [field, value] → ordinal, `facetValues` [field, ordinal] →
 *                 value): facets of any set of matches by one pass over its ids, reading a chunk per
 *                 thousand documents rather than a record per document. Counted fields only.
 * - `meta`:       the next id, the entity type codes, per-type counts, the statistics (documents,
 *                 total length) and the index version.
 *
 * The store knows nothing of what a document holds: the model's SearchIndexer makes a document from
 * an entity's aspects and analyses a document into terms and keywords. An update re-analyses the old
 * document to take out exactly what it put in.
 */
import type { Database, Key, RootDatabase } from 'lmdb';
import { BLOCK_BITS, IdBlocks } from './idBlocks.ts';
import { after, KeyWalkError, type Walk, type WalkEntries } from './keyWalks.ts';
import { deepEqual } from './tables.ts';

export interface SearchIndexer {
  /** Changes whenever documents or their analysis change; a file indexed under another version is re-indexed on open. */
  version: string;
  /** Whether a write of this aspect can change the entity's document. */
  shapes(aspectName: string): boolean;
  /**
   * The document of an entity as stored, from its latest aspects but the `derived` ones; `modified()`
   * is when any of them last changed (epoch ms).
   */
  document(
    urn: string,
    entityType: string,
    aspectNames: readonly string[],
    aspect: (name: string) => unknown,
    modified: () => number,
  ): unknown;
  /**
   * Aspects whose part of the document is not stored with it (the file holds them already, as
   * aspects): `complete` adds it back, from the aspects, when the whole document is needed.
   */
  derived?: readonly string[];
  /** The whole document: a stored one with what the `derived` aspects give (`aspect` reads them). Never changes `doc`. */
  complete?(doc: unknown, aspect: (name: string) => unknown): unknown;
  /**
   * What the index holds of a whole document: weighted terms, its length, keyword values. `doc` is
   * as stored; `aspect` reads the `derived` aspects, whose part it lacks.
   */
  analyse(doc: unknown, aspect: (name: string) => unknown): DocumentIndex;
  /**
   * Keyword fields whose values are (nearly) unique to one document, like its urn: looked up, never
   * counted (a counter per document would cost as much as the entries themselves).
   */
  uncounted?: readonly string[];
  /**
   * The keyword field whose one value is the entity's own urn: its lookups are answered from the
   * store's entity ids, so it is never written (until layout search-12 it took a key per document:
   * 2.5 MB of keys at 20 000 bench datasets, for what the store's `entities` table holds already).
   */
  identity?: string;
}

export interface DocumentIndex {
  terms: Map<string, number>;
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

/** The tables whose values are compressed as the store compresses aspects: documents and posting blocks. */
export const COMPRESSED_SEARCH_TABLES = ['searchDocs', 'postingBlocks'] as const;
const [DOCUMENTS_TABLE, POSTINGS_TABLE] = COMPRESSED_SEARCH_TABLES;

/**
 * A document as stored: its JSON text, which the table compresses with LZ4 and the data file's value
 * dictionary (as it does aspects, see Store). Documents are mostly text (column names and
 * descriptions); raw, most would take an overflow page of their own. Until layout search-9 they were
 * deflated (node:zlib, level 1) instead: a fifth smaller, but deflating took six times as long as LZ4
 * (20 000 bench documents: 16.2 vs 20.2 MB, 1024 vs 159 ms), and documents are written on every change.
 */
interface StoredRecord {
  urn: string;
  json: string;
  length: number;
}

/** The postings of one term, column by column (`size` entries, in id order). */
export interface PostingList {
  size: number;
  ids: Uint32Array;
  /** Weighted frequency of the term in the document (capped at 65535). */
  tf: Uint16Array;
  /** The document's length. */
  len: Uint32Array;
  /** The document's entity type code. */
  code: Uint8Array;
}

interface Posting {
  tf: number;
  len: number;
  code: number;
}

/** Posting entries: low id bits, entity type code, frequency (u16), document length (u32). */
const POSTING_SIZE = 8;
/** The highest frequency a posting holds: a greater one is kept as this. */
export const POSTING_TF_MAX = 0xffff;
function writePosting(buf: Buffer, at: number, p: Posting): void {
  buf[at + 1] = p.code;
  // Byte by byte, little-endian: as writeUInt16LE / writeUInt32LE write, without their checks.
  const tf = Math.min(p.tf, POSTING_TF_MAX);
  buf[at + 2] = tf & 0xff;
  buf[at + 3] = tf >>> 8;
  const len = Math.min(p.len, 0xffffffff);
  buf[at + 4] = len & 0xff;
  buf[at + 5] = (len >>> 8) & 0xff;
  buf[at + 6] = (len >>> 16) & 0xff;
  buf[at + 7] = len >>> 24;
}

export interface SearchStats {
  docs: number;
  length: number;
  /** Per entity type: documents, and how many of them are soft-deleted. */
  types: Record<string, { docs: number; removed: number }>;
}

/** The store's entity ids, which key the documents: an id is given once, when its entity is created. */
interface EntityLookup {
  /** The id of entity `urn` (undefined: no such entity). */
  idOf(urn: string): number | undefined;
  urnOf(id: number): string | undefined;
}

export interface EntityIds extends EntityLookup {
  /** [urn, id] of the entities whose urn starts with `prefix`, in urn order. */
  withPrefix(prefix: string): Iterable<[string, number]>;
}

/** Read access to the index (the store's StoreView exposes it as `search`). */
export interface SearchView extends EntityLookup {
  /**
   * The document of entity `id` as stored, if it has one (an entity of a type not searched has
   * none): without the fields of the indexer's `derived` aspects.
   */
  record(id: number): SearchRecord | undefined;
  /** The whole document of entity `id`: the stored one with the fields of the `derived` aspects, read from them. */
  wholeRecord(id: number): SearchRecord | undefined;
  /** Every document holding `term`, in id order (shared, not to be changed). */
  postings(term: string): PostingList;
  /** The postings of the terms starting with `prefix`, in term order, at most `limit` terms. */
  postingsWithPrefix(prefix: string, limit: number): Array<{ term: string; list: PostingList }>;
  /** How many documents hold `term` (one lookup, nothing decoded). */
  postingCount(term: string): number;
  /** [weighted frequency, document length, type code] of `term` in document `id`, if it holds it. */
  posting(term: string, id: number): [number, number, number] | undefined;
  /** The code postings carry for an entity type (undefined: no document of that type yet). */
  typeCode(entityType: string): number | undefined;
  /** Live documents holding each value of `field`, for the given type codes: [value, count], in value order. */
  facetCounts(field: string, typeCodes: ReadonlySet<number>): Array<[string, number]>;
  /** Whether facetCounts() counts `field` (the indexer's `uncounted` fields it does not). */
  isCounted(field: string): boolean;
  /**
   * How many of the documents `ids` (ascending) hold each value of counted field `field`: [value,
   * count] for the values with the `limit` highest counts (ties at the cut all kept).
   */
  countValues(field: string, ids: Uint32Array, limit: number): Array<[string, number]>;
  /** How many distinct values counted field `field` has been seen with (some may be held by no document now). */
  valuesSeen(field: string): number;
  /** Ids whose document holds `value` in keyword field `field`, in id order (shared, not to be changed). */
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
/** The counter of the index's own ids, until layout search-10. */
const LEGACY_NEXT_ID_KEY = 'searchNextId';
const TYPE_CODES_KEY = 'searchTypeCodes';
const ORDINALS_KEY = 'searchFacetOrdinals';
/** Counts the write transactions that changed the index: decoded data cached under one count is current while it holds. */
const GENERATION_KEY = 'searchGeneration';
/** Postings and keyword lists cached decoded: only long ones (short ones read fast). */
const CACHED_POSTINGS_MIN = 512;
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * The byte budgets of what SearchTables keeps decoded for one index generation, each in bytes of heap
 * as the cost functions below count them. A cache whose next entry would take it over its budget is
 * emptied first (chunks and ordinal values: it keeps what it has and takes no more), so none ever
 * holds more than its budget. 58 MB in all, reached only by searches over a large catalog; reads of
 * entities use none of them.
 */
export interface SearchCacheBudgets {
  /** Long postings lists (listCost) and long keyword lists (keywordListCost): a dozen common words of 100 000 documents. */
  lists: number;
  /** Urns of ids (urnCost): about 30 000 dataset urns. */
  urns: number;
  /** The documents of identity values looked up (identityCost). */
  identity: number;
  /** Decoded documents (recordCost), a page of results decodes its documents once. */
  records: number;
  /** The same, whole (wholeCost). */
  whole: number;
  /** Facet column chunks (their bytes: a dozen facets of 100 000 documents take about 10 MB). */
  chunks: number;
  /** Facet values of ordinals (ordinalCost): a page of facets names 100-200. */
  ordinals: number;
}

export const SEARCH_CACHE_BUDGETS: Readonly<SearchCacheBudgets> = Object.freeze({
  lists: 24 << 20,
  urns: 4 << 20,
  identity: 4 << 20,
  records: 4 << 20,
  whole: 4 << 20,
  chunks: 16 << 20,
  ordinals: 2 << 20,
});

/**
 * A decoded postings list of `size` postings: 11 bytes a posting as decoded (decodePostings), 16 for
 * the two scores the engine keeps with a long list (src/search/scoring.ts, a Float64Array each) and
 * 16 for its order by score, plus about 600 for the objects, the typed arrays' headers and the map's
 * entry. Measured only in part: the typed arrays' lengths are exact; the rest is estimated.
 */
function listCost(term: string, size: number): number {
  return 600 + 2 * term.length + 43 * size;
}

/** A keyword list as an array of numbers (8 bytes an element), its key and the map's entry. */
function keywordListCost(key: string, length: number): number {
  return 100 + 2 * key.length + 8 * length;
}

/** An id's urn: the map's entry (about 48) and the string (24 and its length). */
function urnCost(urn: string): number {
  return 72 + urn.length;
}

/** An identity value's documents: the key string, the map's entry and an array of at most one id. */
function identityCost(urn: string): number {
  return 120 + urn.length;
}

/**
 * A decoded document stored as `jsonLength` characters of JSON: parsed, objects and strings take
 * about three times the text (estimated), plus the record and the map's entry.
 */
function recordCost(jsonLength: number): number {
  return 200 + 3 * jsonLength;
}

/** A whole document: the stored one's cost again for the completed copy and the values it adds (estimated). */
function wholeCost(jsonLength: number): number {
  return 2 * recordCost(jsonLength);
}

/** A facet value of an ordinal: its key (`field␀ordinal`) and value strings and the map's entry. */
function ordinalCost(key: string, value: string): number {
  return 100 + key.length + value.length;
}

/** What each cache holds now, in bytes (as its cost function counts them). */
type CacheUsed = { [K in keyof SearchCacheBudgets]: number };

/** A decoded document kept for the generation (null: no document), with what it costs. */
interface KeptRecord {
  record: SearchRecord | null;
  bytes: number;
}

function emptyCache(generation: number) {
  return {
    generation,
    used: { lists: 0, urns: 0, identity: 0, records: 0, whole: 0, chunks: 0, ordinals: 0 } as CacheUsed,
    postings: new Map<string, PostingList>(),
    urns: new Map<number, string>(),
    keywords: new Map<string, number[]>(),
    /** Decoded documents by id. Shared: callers never change them. */
    records: new Map<number, KeptRecord>(),
    /** The same, whole (see wholeRecord). */
    whole: new Map<number, KeptRecord>(),
    /** The documents of identity values (urns) looked up: a filter on a urn asks once per candidate. */
    identity: new Map<string, number[]>(),
    codes: undefined as Record<string, number> | undefined,
    /** Facet column chunks read (null: none), by field then chunk number. */
    chunks: new Map<string, Array<Uint32Array | null>>(),
    /** The facet value of each ordinal looked up (`field␀ordinal`), and every field's ordinal count. */
    ordinalValues: new Map<string, string>(),
    ordinalSizes: undefined as Record<string, number> | undefined,
  };
}
type Cache = ReturnType<typeof emptyCache>;

/**
 * Keeps `value` under `key` in `map`, one of the generation's caches whose entries cost `used[which]`
 * in all: when `cost` would take it over `budget`, the cache is emptied first (`also`: maps that
 * share the budget). A cost over the whole budget is not kept.
 */
function keepWithin<K, V>(
  used: CacheUsed,
  which: keyof SearchCacheBudgets,
  budget: number,
  map: Map<K, V>,
  key: K,
  value: V,
  cost: number,
  also?: Map<string, unknown>,
): void {
  if (cost > budget) return;
  if (used[which] + cost > budget) {
    map.clear();
    also?.clear();
    used[which] = 0;
  }
  map.set(key, value);
  used[which] += cost;
}

/** Documents per facet column chunk (1024): a chunk holds 1025 offsets, then the ordinals. */
const CHUNK_BITS = 10;
const CHUNK = 1 << CHUNK_BITS;
const CHUNK_LOW = CHUNK - 1;
const CHUNK_HEADER = (CHUNK + 1) * 4;
/** The layout of the tables; part of the version, so a change of layout re-indexes too. */
const LAYOUT = 'search-12';
const EMPTY: DocumentIndex = { terms: new Map(), length: 0, keywords: [] };
/** The keyword field and value that mark a soft-deleted document. */
const REMOVED: [string, string] = ['removed', 'true'];

// Its writes run inside the store's write transaction, where lmdb writes at once and throws on failure:
// the promise put and remove return is already settled, hence `void`.
export class SearchTables implements SearchView {
  private readonly docs: Database<StoredRecord, number>;
  /** Postings by [term]; changes wait for flush() at the end of the write transaction. */
  private readonly postingSets: IdBlocks<Posting>;
  private readonly termsDb: Database<number, string>;
  /** Documents by [keyword field, value]. */
  private readonly keywordSets: IdBlocks<true>;
  /** The statistics and type codes as the running write transaction has them; written by flush(). */
  private txnStats: SearchStats | undefined;
  private txnCodes: Record<string, number> | undefined;
  /** Whether the running write transaction changed the index (flush() then moves the generation on). */
  private changed = false;
  /**
   * Decoded postings of common terms, urns of ids, decoded documents and the type codes, as of one
   * index generation. Any write that changes the index, in any process, moves the generation on and
   * the next read drops them all, so a read never sees more than one snapshot's worth; reads between
   * writes (most of them) decode each long postings list and each document once. A write
   * transaction that has changed the index reads around the cache (what it reads is not committed).
   */
  private cache = emptyCache(-1);
  /** The caches' byte budgets (setCacheBudgets). */
  private budgets: SearchCacheBudgets = { ...SEARCH_CACHE_BUDGETS };
  /**
   * Whether the generation was read in the running synchronous stretch: a search reads one snapshot
   * from start to end (nothing yields in between), so it checks once, not on every lookup.
   */
  private checked = false;
  private readonly columns: Database<Buffer, [string, number]>;
  private readonly ordinals: Database<number, [string, string]>;
  private readonly ordinalValues: Database<string, [string, number]>;
  /** Facet column changes of the running write transaction, by field then id (the value ordinals); written by flush(). */
  private readonly pendingColumns = new Map<string, Map<number, number[]>>();
  private readonly countsDb: Database<number, [string, string, number]>;
  /** The indexer's fields never counted. */
  private readonly uncounted: ReadonlySet<string>;
  /** Facet counter moves of the running write transaction, by field, value and type code; written by flush(). */
  private readonly pendingCounts = new Map<string, { key: [string, string, number]; delta: number }>();
  /** Value ordinals read or given in the running write transaction, by field then value. */
  private readonly txnOrdinals = new Map<string, Map<string, number>>();

  constructor(
    private readonly env: RootDatabase,
    private readonly meta: Database<unknown, string>,
    /** The store's entity ids: the documents' keys. */
    private readonly entityIds: EntityIds,
    /** The latest value of an aspect of an entity (undefined: it has none), to complete stored documents. */
    private readonly aspectOf: (urn: string, aspectName: string) => unknown,
    private readonly indexer: SearchIndexer,
    private readonly walk: Walk,
    private readonly walkEntries: WalkEntries,
    /** The data file's path, for the errors that name it. */
    private readonly storePath: string,
    /** How the store compresses values (the file's dictionary), for the documents. */
    compression: object,
  ) {
    this.docs = env.openDB(DOCUMENTS_TABLE, { compression });
    this.postingSets = new IdBlocks(
      POSTINGS_TABLE,
      env.openDB(POSTINGS_TABLE, { encoding: 'binary', compression }),
      POSTING_SIZE,
      writePosting,
      walkEntries,
    );
    this.keywordSets = new IdBlocks(
      'keywordBlocks',
      env.openDB('keywordBlocks', { encoding: 'binary' }),
      1,
      () => {},
      walkEntries,
    );
    this.termsDb = env.openDB('searchTerms', {});
    this.columns = env.openDB('facetColumns', { encoding: 'binary' });
    this.ordinals = env.openDB('facetOrdinals', {});
    this.ordinalValues = env.openDB('facetValues', {});
    this.countsDb = env.openDB('facetCounts', {});
    this.uncounted = new Set(indexer.uncounted ?? []);
  }

  version(): string {
    return `${LAYOUT}:${this.indexer.version}`;
  }

  /** Whether every table opened (a read-only open of a file written before one existed misses it). */
  tablesOpen(): boolean {
    return [
      this.docs,
      this.postingSets.db,
      this.keywordSets.db,
      this.termsDb,
      this.columns,
      this.ordinals,
      this.ordinalValues,
      this.countsDb,
    ].every(Boolean);
  }

  isCurrent(): boolean {
    return this.meta.get(VERSION_KEY) === this.version();
  }

  shapes(aspectName: string): boolean {
    return this.indexer.shapes(aspectName);
  }

  /** Empties every table (inside a write transaction), ready for a rebuild. */
  clear(): void {
    this.discard();
    // Layouts before search-8 kept a key per posting and per keyword entry, and each document's
    // keywords apart: a file indexed under one loses those tables here, whole.
    // Until search-10 it had ids of its own, in `searchIds` and `searchUrns`.
    for (const legacy of ['postings', 'keywords', 'searchKeys', 'searchIds', 'searchUrns'])
      this.env.openDB(legacy, { create: false } as object)?.dropSync();
    const tables = [
      ['facetColumns', this.columns],
      ['facetOrdinals', this.ordinals],
      ['facetValues', this.ordinalValues],
      ['postingBlocks', this.postingSets.db],
      ['keywordBlocks', this.keywordSets.db],
      ['searchTerms', this.termsDb],
      ['facetCounts', this.countsDb],
      ['searchDocs', this.docs],
    ] as const;
    for (const [name, db] of tables) {
      for (const key of Array.from(this.walk(name, db as Database<unknown, Key>, {})))
        void (db as Database<unknown, Key>).remove(key);
    }
    void this.meta.put(STATS_KEY, { docs: 0, length: 0, types: {} } satisfies SearchStats);
    void this.meta.remove(LEGACY_NEXT_ID_KEY);
    void this.meta.put(TYPE_CODES_KEY, {});
    void this.meta.put(ORDINALS_KEY, {});
    void this.meta.put(GENERATION_KEY, this.generation() + 1);
    this.checked = false;
  }

  private generation(): number {
    return (this.meta.get(GENERATION_KEY) as number | undefined) ?? 0;
  }

  /** What the generation's caches hold now, in bytes, as their cost functions count them (for tests). */
  cacheBytes(): Readonly<CacheUsed> {
    return { ...this.cache.used };
  }

  /** Sets some of the caches' byte budgets (tests set small ones); the caches start again empty. */
  setCacheBudgets(budgets: Partial<SearchCacheBudgets>): void {
    this.budgets = { ...this.budgets, ...budgets };
    this.cache = emptyCache(-1);
    this.checked = false;
  }

  /** The cache, emptied first when the index has changed since it was filled. */
  private current(): Cache {
    if (this.checked) return this.cache;
    this.checked = true;
    queueMicrotask(() => {
      this.checked = false;
    });
    const generation = this.generation();
    if (generation !== this.cache.generation) this.cache = emptyCache(generation);
    return this.cache;
  }

  /** Forgets that the generation was checked: this process wrote, or moved its reads to a newer snapshot. */
  recheck(): void {
    this.checked = false;
  }

  /** Marks the index as built under no version: the next open (or onlyIfStale rebuild) rebuilds it. */
  markStale(): void {
    void this.meta.remove(VERSION_KEY);
  }

  markCurrent(): void {
    void this.meta.put(VERSION_KEY, this.version());
  }

  /**
   * Brings the document of entity `id` (`urn`) in line with its aspects (inside a write transaction):
   * `entity` is what the store holds of it now, undefined when it is gone; `aspect` reads its aspects
   * as they are now, `was` as they were before the transaction (the stored document lacks what the
   * indexer's `derived` aspects gave it: taken out exactly, it is read back from what they were).
   * Returns whether a document exists.
   */
  update(
    urn: string,
    id: number,
    entity: { entityType: string; aspects: readonly string[] } | undefined,
    aspect: (name: string) => unknown,
    modified: () => number,
    was: (name: string) => unknown,
    /** The id is new in this transaction: it has no document to read. */
    isNew = false,
  ): boolean {
    const old = isNew ? undefined : this.readRecord(id);
    const stored = entity ? this.indexer.document(urn, entity.entityType, entity.aspects, aspect, modified) : undefined;
    // Unchanged when the stored part is and the derived aspects are (those changed where no field
    // reads only rewrite the same entries).
    if (
      old &&
      stored !== undefined &&
      deepEqual(old.doc, stored) &&
      (this.indexer.derived ?? []).every((name) => deepEqual(was(name), aspect(name)))
    )
      return true;
    if (!old && stored === undefined) return false;
    const doc = stored;
    this.changed = true;
    // Analysed whole: the stored part, and the derived aspects read as they were and as they are.
    const before = old ? this.indexer.analyse(old.doc, was) : EMPTY;
    const after = doc !== undefined ? this.indexer.analyse(doc, aspect) : EMPTY;
    const oldType = old ? this.typeOfIndex(before) : undefined;
    const newType = doc !== undefined ? this.typeOfIndex(after) : undefined;
    const code = newType === undefined ? 0 : this.codeFor(newType);
    if (before === EMPTY) {
      // A new document (most updates of an ingest): every posting is added, nothing to compare.
      for (const [t, w] of after.terms) this.postingSets.change(t, id, { tf: w, len: after.length, code });
    } else {
      for (const t of before.terms.keys()) if (!after.terms.has(t)) this.postingSets.change(t, id, null);
      for (const [t, w] of after.terms) {
        if (before.terms.get(t) !== w || before.length !== after.length || oldType !== newType)
          this.postingSets.change(t, id, { tf: w, len: after.length, code });
      }
    }
    this.updateKeywords(id, before, after, oldType, newType);
    this.updateColumns(id, before, after);
    const stats = (this.txnStats ??= this.stats());
    const types = stats.types;
    const count = (type: string | undefined, index: DocumentIndex, sign: number) => {
      if (type === undefined) return;
      const c = types[type] ?? { docs: 0, removed: 0 };
      types[type] = { docs: c.docs + sign, removed: c.removed + (isRemoved(index) ? sign : 0) };
    };
    count(oldType, before, -1);
    count(newType, after, 1);
    if (doc !== undefined) {
      void this.docs.put(id, { urn, json: JSON.stringify(stored), length: after.length });
    } else {
      void this.docs.remove(id);
    }
    stats.docs += (doc !== undefined ? 1 : 0) - (old ? 1 : 0);
    stats.length += after.length - (old ? before.length : 0);
    return doc !== undefined;
  }

  /**
   * Writes the index changes of the documents updated since the last flush (inside the same write
   * transaction), each block or chunk touched once; a term's document count moves by what its
   * postings gained or lost.
   */
  flush(): void {
    if (this.changed) void this.meta.put(GENERATION_KEY, this.generation() + 1);
    this.changed = false;
    this.checked = false;
    if (this.txnStats) void this.meta.put(STATS_KEY, this.txnStats);
    this.txnStats = this.txnCodes = undefined;
    this.postingSets.flush(([term], delta) => {
      const df = (this.termsDb.get(term!) ?? 0) + delta;
      if (df > 0) void this.termsDb.put(term!, df);
      else void this.termsDb.remove(term!);
    });
    this.keywordSets.flush();
    this.flushCounts();
    this.flushColumns();
    this.txnOrdinals.clear();
  }

  /** Forgets unwritten changes (a write transaction that failed). */
  discard(): void {
    this.changed = false;
    this.txnStats = this.txnCodes = undefined;
    this.postingSets.discard();
    this.keywordSets.discard();
    this.pendingColumns.clear();
    this.pendingCounts.clear();
    this.txnOrdinals.clear();
  }

  /** Notes the counted fields whose values changed, as ordinals (allocated on first sight). */
  private updateColumns(id: number, before: DocumentIndex, after: DocumentIndex): void {
    if (before === EMPTY) {
      // A new document: its values go in, nothing to compare.
      const byField = new Map<string, number[]>();
      for (const [f, v] of after.keywords) {
        if (!this.isCounted(f)) continue;
        const o = this.ordinal(f, v);
        const ords = byField.get(f);
        if (!ords) byField.set(f, [o]);
        else if (!ords.includes(o)) ords.push(o);
      }
      for (const [f, ords] of byField) {
        let m = this.pendingColumns.get(f);
        if (!m) this.pendingColumns.set(f, (m = new Map()));
        m.set(id, ords);
      }
      return;
    }
    const byField = (index: DocumentIndex) => {
      const m = new Map<string, Set<string>>();
      for (const [f, v] of index.keywords) {
        if (!this.isCounted(f)) continue;
        let set = m.get(f);
        if (!set) m.set(f, (set = new Set()));
        set.add(v);
      }
      return m;
    };
    const old = byField(before);
    const now = byField(after);
    for (const f of new Set([...old.keys(), ...now.keys()])) {
      const x = old.get(f);
      const y = now.get(f);
      if (x && y && x.size === y.size && [...x].every((v) => y.has(v))) continue;
      let m = this.pendingColumns.get(f);
      if (!m) this.pendingColumns.set(f, (m = new Map()));
      m.set(id, y ? [...y].map((v) => this.ordinal(f, v)) : []);
    }
  }

  private ordinal(field: string, value: string): number {
    let byValue = this.txnOrdinals.get(field);
    if (!byValue) this.txnOrdinals.set(field, (byValue = new Map()));
    let known = byValue.get(value);
    if (known === undefined) {
      known = this.ordinals.get([field, value]);
      if (known !== undefined) byValue.set(value, known);
    }
    if (known !== undefined) return known;
    const counts = (this.meta.get(ORDINALS_KEY) as Record<string, number> | undefined) ?? {};
    const next = counts[field] ?? 0;
    void this.ordinals.put([field, value], next);
    void this.ordinalValues.put([field, next], value);
    void this.meta.put(ORDINALS_KEY, { ...counts, [field]: next + 1 });
    byValue.set(value, next);
    return next;
  }

  /** Rewrites each facet column chunk touched since the last flush, once. */
  private flushColumns(): void {
    for (const [field, changes] of this.pendingColumns) {
      const byChunk = new Map<number, Array<[number, number[]]>>();
      for (const [id, ords] of changes) {
        const c = id >>> CHUNK_BITS;
        let list = byChunk.get(c);
        if (!list) byChunk.set(c, (list = []));
        list.push([id & CHUNK_LOW, ords]);
      }
      for (const [c, list] of byChunk) {
        const key: [string, number] = [field, c];
        const old = this.columns.getBinary(key);
        const slots = chunkSlots(old);
        let total = 0;
        for (const [slot, ords] of list) slots[slot] = ords;
        for (const s of slots) total += s.length;
        if (total === 0) {
          if (old) void this.columns.remove(key);
          continue;
        }
        const buf = Buffer.alloc(CHUNK_HEADER + total * 4);
        let at = 0;
        for (let slot = 0; slot < CHUNK; slot++) {
          buf.writeUInt32LE(at, slot * 4);
          for (const o of slots[slot]!) buf.writeUInt32LE(o, CHUNK_HEADER + 4 * at++);
        }
        buf.writeUInt32LE(at, CHUNK * 4);
        void this.columns.put(key, buf);
      }
    }
    this.pendingColumns.clear();
  }

  countValues(field: string, ids: Uint32Array, limit: number): Array<[string, number]> {
    // Inside a write with changes of its own the snapshot is not the generation's: read as it stands.
    const cache = this.changed ? undefined : this.current();
    const sizes = cache ? (cache.ordinalSizes ??= this.ordinalSizes()) : this.ordinalSizes();
    const size = sizes[field] ?? 0;
    if (size === 0 || ids.length === 0) return [];
    const counts = new Uint32Array(size);
    // One pass over the ids, the chunk read again only when they move to the next one.
    let c = -1;
    let chunk: Uint32Array | undefined;
    for (let k = 0; k < ids.length; k++) {
      const id = ids[k]!;
      if (id >>> CHUNK_BITS !== c) {
        c = id >>> CHUNK_BITS;
        chunk = cache ? this.cachedChunk(cache, field, c) : this.readChunk(field, c, false);
      }
      if (chunk === undefined) continue;
      const slot = id & CHUNK_LOW;
      const end = chunk[slot + 1]!;
      for (let o = chunk[slot]!; o < end; o++) counts[chunk[CHUNK + 1 + o]!]!++;
    }
    const held: number[] = [];
    for (let o = 0; o < size; o++) if (counts[o]! > 0) held.push(o);
    let chosen = held;
    if (held.length > limit) {
      const cut = held.map((o) => counts[o]!).sort((a, b) => b - a)[Math.max(limit, 1) - 1]!;
      chosen = held.filter((o) => counts[o]! >= cut);
    }
    return chosen.map((o) => [this.ordinalValue(cache, field, o), counts[o]!]);
  }

  valuesSeen(field: string): number {
    const cache = this.changed ? undefined : this.current();
    return (cache ? (cache.ordinalSizes ??= this.ordinalSizes()) : this.ordinalSizes())[field] ?? 0;
  }

  /** How many values each facet field has numbered (its ordinals). */
  private ordinalSizes(): Record<string, number> {
    return (this.meta.get(ORDINALS_KEY) as Record<string, number> | undefined) ?? {};
  }

  /** The value ordinal `o` of `field` stands for, kept for the generation when `cache` is given (a page of facets names 100-200 values). */
  private ordinalValue(cache: Cache | undefined, field: string, o: number): string {
    if (!cache) return this.ordinalValues.get([field, o]) ?? '';
    const k = `${field}\u0000${o}`;
    let value = cache.ordinalValues.get(k);
    if (value === undefined) {
      value = this.ordinalValues.get([field, o]) ?? '';
      const cost = ordinalCost(k, value);
      if (cache.used.ordinals + cost <= this.budgets.ordinals) {
        cache.ordinalValues.set(k, value);
        cache.used.ordinals += cost;
      }
    }
    return value;
  }

  /**
   * Facet column chunk `c` of `field` as 32-bit words (offsets, then ordinals), kept for the rest of
   * the generation: a facet over matches spread across the catalog reads a chunk per 1024 ids for
   * each facet, and a search page counts a dozen facets (4 KB read and copied per chunk, about 1 µs).
   */
  private cachedChunk(cache: Cache, field: string, c: number): Uint32Array | undefined {
    let chunks = cache.chunks.get(field);
    if (!chunks) cache.chunks.set(field, (chunks = []));
    const known = chunks[c];
    if (known !== undefined) return known ?? undefined;
    const read = this.readChunk(field, c, true);
    // Its bytes and the array's slot; over the budget the chunk is read each time instead.
    const cost = (read ? read.byteLength : 0) + 8;
    if (cache.used.chunks + cost > this.budgets.chunks) return read;
    chunks[c] = read ?? null;
    cache.used.chunks += cost;
    return read;
  }

  /**
   * A facet column chunk as 32-bit words; `own`: a copy that stays good, else possibly a view of a
   * buffer lmdb reuses (good until the next read).
   */
  private readChunk(field: string, c: number, own: boolean): Uint32Array | undefined {
    const buf = this.columns.getBinaryFast([field, c]);
    if (!buf) return undefined;
    // `length`, not `byteLength`: lmdb hands out its whole shared buffer with `length` set to the value's.
    const words = buf.length >>> 2;
    if (!own && LITTLE_ENDIAN && buf.byteOffset % 4 === 0) return new Uint32Array(buf.buffer, buf.byteOffset, words);
    const out = new Uint32Array(words);
    if (LITTLE_ENDIAN) new Uint8Array(out.buffer).set(buf.subarray(0, words * 4));
    else for (let w = 0; w < words; w++) out[w] = buf.readUInt32LE(w * 4);
    return out;
  }

  /** Keyword entries that changed, and the facet counters of live documents with them. */
  private updateKeywords(
    id: number,
    before: DocumentIndex,
    after: DocumentIndex,
    oldType: string | undefined,
    newType: string | undefined,
  ): void {
    const identity = this.indexer.identity;
    if (before === EMPTY) {
      // A new document (most updates of an ingest): every entry is added, nothing to compare.
      for (const k of after.keywords) if (k[0] !== identity) this.keywordSets.change(k, id, true);
      for (const k of after.sortKeys ?? []) if (k[0] !== identity) this.keywordSets.change(k, id, true);
    } else {
      const pair = ([f, v]: [string, string]) => `${f}\u0000${v}`;
      const written = ([f]: [string, string]) => f !== identity;
      const old = [...before.keywords, ...(before.sortKeys ?? [])].filter(written);
      const now = [...after.keywords, ...(after.sortKeys ?? [])].filter(written);
      const had = new Set(old.map(pair));
      const has = new Set(now.map(pair));
      for (const k of old) if (!has.has(pair(k))) this.keywordSets.change(k, id, null);
      for (const k of now) if (!had.has(pair(k))) this.keywordSets.change(k, id, true);
    }
    // Counters count live documents only: a soft-deleted one counts for nothing.
    if (oldType !== undefined && !isRemoved(before)) this.bump(before.keywords, this.codeFor(oldType), -1);
    if (newType !== undefined && !isRemoved(after)) this.bump(after.keywords, this.codeFor(newType), 1);
  }

  /** Moves the facet counters of `keywords` (type `code`) by `sign`: in memory until flush(). */
  private bump(keywords: Array<[string, string]>, code: number, sign: number): void {
    for (const [f, v] of keywords) {
      if (!this.isCounted(f)) continue;
      const k = `${f}\u0000${v}\u0000${code}`;
      const pending = this.pendingCounts.get(k);
      if (pending) pending.delta += sign;
      else this.pendingCounts.set(k, { key: [f, v, code], delta: sign });
    }
  }

  /** Writes the facet counters moved since the last flush, each once. */
  private flushCounts(): void {
    for (const { key, delta } of this.pendingCounts.values()) {
      if (delta === 0) continue;
      const n = (this.countsDb.get(key) ?? 0) + delta;
      if (n > 0) void this.countsDb.put(key, n);
      else void this.countsDb.remove(key);
    }
    this.pendingCounts.clear();
  }

  /** The entity type of an analysed document: its `_entityType` keyword. */
  private typeOfIndex(index: DocumentIndex): string | undefined {
    return index.keywords.find(([f]) => f === '_entityType')?.[1];
  }

  private codes(): Record<string, number> {
    return (this.meta.get(TYPE_CODES_KEY) as Record<string, number> | undefined) ?? {};
  }

  /** The code of a type (inside a write transaction), given one on first sight. */
  private codeFor(entityType: string): number {
    const codes = (this.txnCodes ??= this.codes());
    const known = codes[entityType];
    if (known !== undefined) return known;
    const code = Object.keys(codes).length + 1;
    this.txnCodes = { ...codes, [entityType]: code };
    void this.meta.put(TYPE_CODES_KEY, this.txnCodes);
    return code;
  }

  typeCode(entityType: string): number | undefined {
    if (this.changed) return this.codes()[entityType];
    const cache = this.current();
    return (cache.codes ??= this.codes())[entityType];
  }

  idOf(urn: string): number | undefined {
    return this.entityIds.idOf(urn);
  }

  urnOf(id: number): string | undefined {
    const cache = this.current();
    let urn = cache.urns.get(id);
    if (urn === undefined) {
      urn = this.entityIds.urnOf(id);
      if (urn === undefined) return undefined;
      keepWithin(cache.used, 'urns', this.budgets.urns, cache.urns, id, urn, urnCost(urn));
    }
    return urn;
  }

  record(id: number): SearchRecord | undefined {
    if (this.changed) return this.readRecord(id);
    return this.keptRecord(this.current(), id).record ?? undefined;
  }

  /** The generation's decoded document `id`, read and kept if it was not. */
  private keptRecord(cache: Cache, id: number): KeptRecord {
    const known = cache.records.get(id);
    if (known !== undefined) return known;
    const stored = this.docs.get(id);
    const kept = { record: stored ? this.decoded(stored) : null, bytes: stored ? stored.json.length : 0 };
    keepWithin(cache.used, 'records', this.budgets.records, cache.records, id, kept, recordCost(kept.bytes));
    return kept;
  }

  wholeRecord(id: number): SearchRecord | undefined {
    if (!this.indexer.complete) return this.record(id);
    if (this.changed) return this.completed(this.readRecord(id));
    const cache = this.current();
    const known = cache.whole.get(id);
    if (known !== undefined) return known.record ?? undefined;
    const stored = this.keptRecord(cache, id);
    const whole = { record: this.completed(stored.record ?? undefined) ?? null, bytes: stored.bytes };
    keepWithin(cache.used, 'whole', this.budgets.whole, cache.whole, id, whole, wholeCost(whole.bytes));
    return whole.record ?? undefined;
  }

  /** The whole document of a stored one, from the aspects `aspect` reads. */
  private whole(doc: unknown, aspect: (name: string) => unknown): unknown {
    return this.indexer.complete ? this.indexer.complete(doc, aspect) : doc;
  }

  private completed(record: SearchRecord | undefined): SearchRecord | undefined {
    return record && { ...record, doc: this.whole(record.doc, (name) => this.aspectOf(record.urn, name)) };
  }

  /** A document as stored now (the write path's view: never from the cache). */
  private readRecord(id: number): SearchRecord | undefined {
    const stored = this.docs.get(id);
    return stored && this.decoded(stored);
  }

  private decoded(stored: StoredRecord): SearchRecord {
    return { urn: stored.urn, doc: JSON.parse(stored.json), length: stored.length };
  }

  postings(term: string): PostingList {
    const cache = this.current();
    const known = cache.postings.get(term);
    if (known) return known;
    return this.remember(term, this.readPostings(term));
  }

  /** Keeps a long postings list decoded for the rest of the generation; returns it. */
  private remember(term: string, list: PostingList): PostingList {
    const cache = this.current();
    if (list.size >= CACHED_POSTINGS_MIN) {
      const cost = listCost(term, list.size);
      keepWithin(cache.used, 'lists', this.budgets.lists, cache.postings, term, list, cost, cache.keywords);
    }
    return list;
  }

  private readPostings(term: string): PostingList {
    return decodePostings(Array.from(this.postingSets.blocks([term])));
  }

  postingsWithPrefix(prefix: string, limit: number): Array<{ term: string; list: PostingList }> {
    // One walk over the blocks of the terms with the prefix, instead of a walk per term; a term whose
    // postings are cached is taken from the cache and the walk resumes after it.
    const cache = this.current();
    const db = this.postingSets.db as Database<Buffer, [string, number]>;
    const out: Array<{ term: string; list: PostingList }> = [];
    let start: [string, number] = [prefix, 0];
    walk: for (;;) {
      let term: string | undefined;
      let parts: Array<[number, Buffer]> = [];
      for (const { key, value } of this.walkEntries<[string, number], Buffer>('postingBlocks', db, {
        start,
        end: [prefix + '\uffff', 0],
      })) {
        if (key[0] !== term) {
          if (term !== undefined) out.push({ term, list: this.remember(term, decodePostings(parts)) });
          if (out.length >= limit) return out;
          term = key[0];
          parts = [];
          const known = cache.postings.get(term);
          if (known) {
            out.push({ term, list: known });
            if (out.length >= limit) return out;
            start = [after(term), 0];
            continue walk;
          }
        }
        // Copied: lmdb may reuse the buffer of a binary value for the next entry.
        parts.push([key[1] << BLOCK_BITS, Buffer.from(value)]);
      }
      if (term !== undefined) out.push({ term, list: this.remember(term, decodePostings(parts)) });
      return out;
    }
  }

  postingCount(term: string): number {
    return this.termsDb.get(term) ?? 0;
  }

  posting(term: string, id: number): [number, number, number] | undefined {
    const known = this.changed ? undefined : this.current().postings.get(term);
    if (known) {
      // A decoded list: a binary search instead of reading the block.
      let lo = 0;
      let hi = known.size;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (known.ids[mid]! < id) lo = mid + 1;
        else hi = mid;
      }
      return lo < known.size && known.ids[lo] === id ? [known.tf[lo]!, known.len[lo]!, known.code[lo]!] : undefined;
    }
    const found = this.postingSets.find([term], id);
    if (!found) return undefined;
    const { buf, at } = found;
    return [buf.readUInt16LE(at + 2), buf.readUInt32LE(at + 4), buf[at + 1]!];
  }

  facetCounts(field: string, typeCodes: ReadonlySet<number>): Array<[string, number]> {
    const out: Array<[string, number]> = [];
    for (const { key, value } of this.walkEntries<[string, string, number], number>('facetCounts', this.countsDb, {
      start: [field, '', 0],
      end: [after(field), '', 0],
    })) {
      if (!typeCodes.has(key[2])) continue;
      const last = out[out.length - 1];
      if (last && last[0] === key[1]) last[1] += value;
      else out.push([key[1], value]);
    }
    return out;
  }

  isCounted(field: string): boolean {
    return !this.uncounted.has(field);
  }

  /** The documents of the identity field's value `urn`: its entity's, if that has a document. */
  private identityIds(urn: string): number[] {
    const cache = this.changed ? undefined : this.current();
    const known = cache?.identity.get(urn);
    if (known) return known;
    const id = this.entityIds.idOf(urn);
    const ids = id !== undefined && this.docs.doesExist(id) ? [id] : [];
    if (cache) keepWithin(cache.used, 'identity', this.budgets.identity, cache.identity, urn, ids, identityCost(urn));
    return ids;
  }

  /** [urn, id] of the documents whose urn starts with `prefix`, in urn order. */
  private *identityEntries(prefix: string): Generator<[string, number]> {
    for (const [urn, id] of this.entityIds.withPrefix(prefix)) if (this.docs.doesExist(id)) yield [urn, id];
  }

  keywordIds(field: string, value: string): number[] {
    if (field === this.indexer.identity) return this.identityIds(value);
    // Long lists (a tag on thousands of datasets, a platform, a type) are kept decoded like postings.
    const cache = this.current();
    const k = `${field}\u0000${value}`;
    const known = cache.keywords.get(k);
    if (known) return known;
    const ids = this.keywordSets.ids([field, value]);
    if (ids.length >= CACHED_POSTINGS_MIN) {
      const cost = keywordListCost(k, ids.length);
      keepWithin(cache.used, 'lists', this.budgets.lists, cache.keywords, k, ids, cost, cache.postings);
    }
    return ids;
  }

  *keywordEntriesDescending(field: string): Generator<[string, number]> {
    if (field === this.indexer.identity) return yield* Array.from(this.identityEntries('')).reverse();
    // A reverse walk: LMDB checks nothing for us here, so check each key stays in the field and moves down.
    let previous: [string, string, number] | undefined;
    for (const { key, value } of this.keywordSets.db.getRange({
      start: [after(field), '', 0],
      end: [field, '', 0],
      reverse: true,
    })) {
      const k = key as [string, string, number];
      if (k[0] !== field || (previous && (k[1] > previous[1] || (k[1] === previous[1] && k[2] >= previous[2])))) {
        throw new KeyWalkError(this.storePath, 'keywordBlocks', k, previous);
      }
      previous = k;
      const base = k[2] << BLOCK_BITS;
      // Read before yielding: lmdb may reuse the value's buffer for the next read.
      const ids = Array.from(value, (low) => base + low).reverse();
      for (const id of ids) yield [k[1], id];
    }
  }

  hasKeyword(field: string, value: string, id: number): boolean {
    if (field === this.indexer.identity) return this.identityIds(value)[0] === id;
    return this.keywordSets.find([field, value], id) !== undefined;
  }

  *keywordEntries(field: string, prefix = ''): Generator<[string, number]> {
    if (field === this.indexer.identity) return yield* this.identityEntries(prefix);
    const end: [string, string, number] = prefix === '' ? [after(field), '', 0] : [field, prefix + '\uffff', 0];
    for (const { key, value } of this.walkEntries<[string, string, number], Buffer>(
      'keywordBlocks',
      this.keywordSets.db as Database<Buffer, [string, string, number]>,
      { start: [field, prefix, 0], end },
    )) {
      const base = key[2] << BLOCK_BITS;
      // Read before the walk moves on: lmdb may reuse the value's buffer.
      const ids = Array.from(value, (low) => base + low);
      for (const id of ids) yield [key[1], id];
    }
  }

  stats(): SearchStats {
    return (this.meta.get(STATS_KEY) as SearchStats | undefined) ?? { docs: 0, length: 0, types: {} };
  }

  /**
   * The index as stored, for `catalog verify` to hold against what the indexer gives from the aspects
   * (searchVerify.ts): reads only, nothing cached, and each layout detail in this module alone.
   * Undefined when the file has no index tables yet (a read-only open of a file that predates them).
   */
  inspection(): SearchInspection | undefined {
    if (!this.tablesOpen()) return undefined;
    return {
      indexer: this.indexer,
      identity: this.indexer.identity,
      isCounted: (field) => this.isCounted(field),
      storedDocument: (id) => this.docs.get(id),
      postingBlock: (term, block) => this.postingSets.db.getBinary([term, block]),
      postingBytes: (entries) => {
        const n = entries.length >> 2;
        const buf = Buffer.alloc(n * POSTING_SIZE);
        for (let i = 0; i < n; i++) {
          buf[i * POSTING_SIZE] = entries[i * 4]!;
          writePosting(buf, i * POSTING_SIZE, {
            tf: entries[i * 4 + 1]!,
            len: entries[i * 4 + 2]!,
            code: entries[i * 4 + 3]!,
          });
        }
        return buf;
      },
      keywordBlock: (field, value, block) => this.keywordSets.db.getBinary([field, value, block]),
      columnChunk: (field, chunk) => {
        const stored = this.columns.getBinary([field, chunk]);
        return stored && chunkSlots(stored);
      },
      ordinalOf: (field, value) => this.ordinals.get([field, value]),
      valueOf: (field, ordinal) => this.ordinalValues.get([field, ordinal]),
      ordinalSizes: () => this.ordinalSizes(),
      typeCodes: () => this.codes(),
      stats: () => this.stats(),
      tables: {
        searchDocs: this.docs as Database<unknown, Key>,
        postingBlocks: this.postingSets.db,
        keywordBlocks: this.keywordSets.db,
        searchTerms: this.termsDb as Database<unknown, Key>,
        facetCounts: this.countsDb as Database<unknown, Key>,
        facetColumns: this.columns as Database<unknown, Key>,
        facetOrdinals: this.ordinals as Database<unknown, Key>,
        facetValues: this.ordinalValues as Database<unknown, Key>,
      },
    };
  }
}

/** What SearchTables.inspection() gives: the index's tables and reads of its layout. */
export interface SearchInspection {
  readonly indexer: SearchIndexer;
  /** The keyword field never written (its lookups read the store's entity ids). */
  readonly identity: string | undefined;
  isCounted(field: string): boolean;
  /** The document of entity `id` as stored: its urn, its JSON text and its length. */
  storedDocument(id: number): { urn: string; json: string; length: number } | undefined;
  /** The postings of `term` in ids `block·128 …` as stored (entries of POSTING_SIZE bytes in id order). */
  postingBlock(term: string, block: number): Buffer | undefined;
  /** The bytes the index writes for these postings, in the order given: four numbers each, the low 7 bits of the id, the frequency, the document length, the type code. */
  postingBytes(entries: readonly number[]): Buffer;
  /** The ids (low 7 bits, a byte each) of `block` holding keyword `value` in `field`, as stored. */
  keywordBlock(field: string, value: string, block: number): Buffer | undefined;
  /** The value ordinals of each of the 1024 ids of facet column chunk `chunk` of `field`, as stored. */
  columnChunk(field: string, chunk: number): number[][] | undefined;
  ordinalOf(field: string, value: string): number | undefined;
  valueOf(field: string, ordinal: number): string | undefined;
  /** How many ordinals each counted field has given. */
  ordinalSizes(): Record<string, number>;
  /** The code postings carry for each entity type. */
  typeCodes(): Record<string, number>;
  stats(): SearchStats;
  /** The tables, by name. */
  readonly tables: Readonly<
    Record<
      | 'searchDocs'
      | 'postingBlocks'
      | 'keywordBlocks'
      | 'searchTerms'
      | 'facetCounts'
      | 'facetColumns'
      | 'facetOrdinals'
      | 'facetValues',
      Database<unknown, Key>
    >
  >;
}

/** Ids per facet column chunk (1024): chunk `c` holds ids `c·1024 … c·1024+1023`. */
export const COLUMN_CHUNK_BITS = CHUNK_BITS;
/** Bytes per posting entry. */
export const POSTING_BYTES = POSTING_SIZE;

/** The value ordinals of each id of a facet column chunk (1025 offsets, then the ordinals), or 1024 empty lists. */
function chunkSlots(stored: Buffer | undefined): number[][] {
  const slots: number[][] = new Array(CHUNK);
  for (let slot = 0; slot < CHUNK; slot++) {
    const values: number[] = [];
    if (stored) {
      const end = stored.readUInt32LE(slot * 4 + 4);
      for (let o = stored.readUInt32LE(slot * 4); o < end; o++) values.push(stored.readUInt32LE(CHUNK_HEADER + o * 4));
    }
    slots[slot] = values;
  }
  return slots;
}

function isRemoved(index: DocumentIndex): boolean {
  return index.keywords.some(([f, v]) => f === REMOVED[0] && v === REMOVED[1]);
}

/** Postings blocks ([first id, entries]) decoded into columns. */
function decodePostings(parts: Array<[number, Buffer]>): PostingList {
  const size = parts.reduce((n, [, buf]) => n + buf.length / POSTING_SIZE, 0);
  const out: PostingList = {
    size,
    ids: new Uint32Array(size),
    tf: new Uint16Array(size),
    len: new Uint32Array(size),
    code: new Uint8Array(size),
  };
  let i = 0;
  for (const [base, buf] of parts) {
    for (let at = 0; at < buf.length; at += POSTING_SIZE, i++) {
      out.ids[i] = base + buf[at]!;
      out.code[i] = buf[at + 1]!;
      out.tf[i] = buf[at + 2]! | (buf[at + 3]! << 8);
      out.len[i] = (buf[at + 4]! | (buf[at + 5]! << 8) | (buf[at + 6]! << 16)) + buf[at + 7]! * 0x1000000;
    }
  }
  return out;
}
