/**
 * The versioned aspect store on LMDB (DESIGN.md §3 "Store").
 *
 * Layout, all in one LMDB environment (one data file plus its `-lock` file):
 * - `aspects`:  [urn, aspectName, version] → AspectRecord. Version 0 is the latest value; each change
 *               copies the previous latest to version max+1, so history is 1..n in order of age.
 *               Values are LZ4-compressed with the file's dictionary (format 3, see FORMAT below).
 * - `entities`: urn → EntityRecord (its entity type, the names of its aspects, and its id: a number
 *               given once, at creation, in order of creation; the counter is `meta`'s `nextEntityId`).
 * - `byType`:   [entityType, urn] → true, the index of URNs by entity type.
 * - `tokens`:   token id → token record (access tokens, stored hashed).
 * - `relBlocks`: [destination urn, relationship, aspect, block] → the entity ids (low 7 bits, a byte
 *               each) of the sources in ids `block·128 … block·128+127` whose aspect declares the edge
 *               (see RelationshipIndexer and IdBlocks), kept in the same transaction as the aspect.
 *               A batch of new entities tagged alike rewrites one block per tag instead of putting a
 *               key per edge: with a key per edge ([destination, relationship, source id, aspect] →
 *               source urn, layout relIn-2), the puts were most of what the index cost an ingest.
 *               Outgoing edges need no index: they are read from the entity's own aspects.
 * - `entityUrns`: entity id → urn, of every entity (written when the entity gets its id, removed with
 *               it): the urns of the ids both indexes hold. Until layout relBlocks-2 it held only
 *               sources of edges, and the search index kept urn ↔ id tables of its own.
 * - `searchDocs`, `postingBlocks`, `keywordBlocks` …: the search index (src/store/searchIndex.ts),
 *               keyed by entity id and brought in line with an entity's aspects at the end of every
 *               write transaction.
 * - `timeseries`: [urn, aspectName, timestampMillis, partition] → TimeseriesRecord: the events of
 *               timeseries aspects (operations, run events, profiles …). An event at the same time
 *               and partition replaces the one there, as DataHub's timeseries documents do. They are
 *               not versioned and not part of the entity record: they do not create an entity.
 * - `meta`:     name → value: the versions of the relationships and search indexes the file was built
 *               with, and the search statistics; and, under `setting:<name>`, settings of the file
 *               itself that no read path serves (the key secrets are encrypted with, src/ops/admin/secrets.ts).
 *
 * Every write goes through `write(fn)`: `fn` runs synchronously inside one LMDB write transaction
 * (an lmdb-js child transaction, batched with other writes of the same event-loop turn into one
 * commit). Reads inside `fn` see the transaction's own writes, LMDB serialises writers across
 * processes, and a throw from `fn` rolls back everything `fn` wrote — so a read-modify-write can
 * never lose a concurrent update and a failed operation leaves nothing behind.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import * as lmdb from 'lmdb';
import { open, type Database, type Key, type RootDatabase } from 'lmdb';
import { assertFixedLmdb } from './nativeGuard.ts';
import { CatalogError } from '../errors.ts';
import { AFTER } from './keyBounds.ts';
import { valueDictionarySeed } from './valueDictionary.ts';
import { BLOCK_BITS, IdBlocks } from './idBlocks.ts';
import { COMPRESSED_SEARCH_TABLES, SearchTables, type SearchIndexer, type SearchView } from './searchIndex.ts';

export type { DocumentIndex, PostingList, SearchIndexer, SearchRecord, SearchStats, SearchView } from './searchIndex.ts';
export { POSTING_TF_MAX } from './searchIndex.ts';

export interface AuditStamp {
  time: number;
  actor: string;
}

export interface AspectRecord {
  value: unknown;
  systemMetadata: Record<string, unknown> | null;
  created: AuditStamp;
  /** On version 0 only: the highest history version (0 when there is no history yet). */
  history?: number;
}

export interface EntityRecord {
  entityType: string;
  aspects: string[];
  /** Given at creation (see `entities` above); absent only in files written before ids, until re-indexed. */
  id?: number;
}

export interface PutAspectInput {
  urn: string;
  entityType: string;
  aspectName: string;
  value: unknown;
  created: AuditStamp;
  systemMetadata?: Record<string, unknown> | null;
  /** The entity's key aspect; stored when the entity is first written. */
  key: { aspectName: string; value: unknown };
}

export interface PutAspectResult {
  /** False when the value equals the stored latest one (no new version is written). */
  changed: boolean;
  /** Number of history versions after the write. */
  history: number;
  /** True when this write created the entity. */
  created: boolean;
}

/**
 * What the store needs to keep the relationships index: the edges an aspect value declares. The
 * model provides it (src/model/relationships.ts); the store knows nothing of aspect shapes.
 */
export interface RelationshipIndexer {
  /** Changes whenever the declarations change; a file indexed under another version is re-indexed on open. */
  version: string;
  carries(aspectName: string): boolean;
  edgesOf(aspectName: string, value: unknown): Array<{ type: string; dest: string }>;
}

export type RelationshipDirection = 'INCOMING' | 'OUTGOING';

/** One edge as seen from an entity: the relationship, the entity at its other end, the aspect declaring it. */
export interface RelatedEdge {
  type: string;
  /** The other end: the source for INCOMING, the destination for OUTGOING. */
  urn: string;
  /** The aspect of the source entity that declares the edge. */
  aspectName: string;
}

/** One event of a timeseries aspect, as stored. */
export interface TimeseriesRecord {
  value: Record<string, unknown>;
  systemMetadata: Record<string, unknown> | null;
  created: AuditStamp;
}

export interface TimeseriesRow extends TimeseriesRecord {
  timestampMillis: number;
}

/** Events from `startTimeMillis` to `endTimeMillis`, both inclusive. */
export interface TimeRange {
  startTimeMillis?: number | null;
  endTimeMillis?: number | null;
}

/** Read access, outside or inside a write transaction. */
export interface StoreView {
  getAspect(urn: string, aspectName: string, version?: number): AspectRecord | undefined;
  getEntity(urn: string): EntityRecord | undefined;
  entityExists(urn: string): boolean;
  /** URNs of one entity type in key order, from `after` (exclusive) on, at most `limit`. */
  urnsOfType(entityType: string, options?: { after?: string; limit?: number }): string[];
  /** Every URN of one entity type in key order, read a page at a time (memory stays bounded by a page). */
  eachUrnOfType(entityType: string, pageSize?: number): Generator<string>;
  /** Every entity type that has at least one entity. */
  entityTypes(): string[];
  /**
   * The edges into (INCOMING) or out of (OUTGOING) `urn`, of the given relationship types (all when
   * empty), ordered by type, then the other urn, then aspect.
   */
  edges(urn: string, direction: RelationshipDirection, types?: readonly string[]): RelatedEdge[];
  getToken(id: string): unknown;
  listTokens(): Array<{ id: string; value: unknown }>;
  /** The events of one timeseries aspect of `urn` in the time range, oldest first. */
  timeseries(urn: string, aspectName: string, range?: TimeRange): TimeseriesRow[];
  /** The same events newest first, read lazily (a reader that needs the latest few stops early). */
  timeseriesNewestFirst(urn: string, aspectName: string, range?: TimeRange): Generator<TimeseriesRow>;
  /** The names of the timeseries aspects `urn` has events of. */
  timeseriesAspects(urn: string): string[];
  /** A setting of the data file itself (kept in `meta`, never served by any read path). */
  getSetting(name: string): unknown;
  /** The search index (read in the same snapshot as everything else). */
  readonly search: SearchView;
}

/** Write access; only valid inside `Store.write`. */
export interface StoreTxn extends StoreView {
  putAspect(input: PutAspectInput): PutAspectResult;
  /** Removes an aspect and its history; returns the number of rows removed. */
  deleteAspect(urn: string, aspectName: string): number;
  /** Removes an entity with every aspect and version; returns the number of rows removed. */
  deleteEntity(urn: string): number;
  putToken(id: string, value: unknown): void;
  deleteToken(id: string): boolean;
  /** Stores one event; an event at the same time and partition is replaced. */
  putTimeseries(urn: string, aspectName: string, timestampMillis: number, partition: string, record: TimeseriesRecord): void;
  /** Removes the events of `urn` (of one aspect, in a time range, when given); returns how many. */
  deleteTimeseries(urn: string, aspectName?: string, range?: TimeRange): number;
  putSetting(name: string, value: unknown): void;
}

/** The `meta` entry holding the version of the relationships index. */
const RELATIONSHIPS_KEY = 'relationshipsIndexVersion';
/** The layout of the index itself; part of the version, so a change of layout re-indexes too. */
const RELATIONSHIPS_LAYOUT = 'relBlocks-2';
/**
 * The data file's format, in `meta` (absent: format 1).
 * - Format 2 encodes the values of `aspects`, `entities` and `timeseries` with shared record
 *   structures (lmdb-js's sharedStructuresKey): a value's field names are kept once per table, not
 *   inside every value. That took 20% off the aspects' size and made decoding them 2.5 times as fast
 *   (80 000 bench aspects: 107 → 86 MB, 800 → 310 ms).
 * - Format 3 compresses the values of `aspects`, `timeseries`, `searchDocs` and `postingBlocks` of
 *   64 bytes or more with LZ4 and a dictionary of DataHub's vocabulary (valueDictionary.ts), kept in
 *   the file itself under `valueDictionary`. On the aspects of 20 000 bench datasets the table went
 *   from 77.7 to 30.9 MB (no value on an overflow page any more) and reading all of them got faster,
 *   not slower (262 → 204 ms): fewer pages to touch outweighs the decompression.
 * Older values still decode (a compressed value is marked by its first byte, 254 or 255, which no
 * msgpack record or map starts with), so an older file opens as it is and gains newer values as it
 * is written; a release that reads only an older format cannot read those, and a file of a format
 * newer than this release's is refused with a message naming it.
 */
const FORMAT_KEY = 'formatVersion';
const FORMAT = 3;
/** The `meta` entry holding the LZ4 dictionary of format 3 values (absent until a writer of format 3 opened the file). */
const DICTIONARY_KEY = 'valueDictionary';
/** Values shorter than this are stored as they are: with the dictionary, even a tag list gains from LZ4 above it. */
const COMPRESSION_THRESHOLD = 64;
/** The tables whose values are compressed. */
const COMPRESSED_TABLES = new Set<string>(['aspects', 'timeseries', ...COMPRESSED_SEARCH_TABLES]);
/** Entries written per transaction by copyCompacted. */
const COPY_BATCH = 5000;
const SHARED_STRUCTURES = { sharedStructuresKey: Symbol.for('structures') };

/**
 * The size of the file's memory map: address space reserved, not memory. lmdb-js starts a map at
 * 128 KB and, each time the file outgrows it, maps the file again at twice the size, keeping every
 * earlier map until the environment closes (a read may still point into one), and the pages read
 * through each stay in the process's resident set. After a REST ingest of 20 000 bench datasets a
 * server held nine maps of its 120 MB file and 321 MB of file pages; mapped at this size from the
 * start, one map and 173 MB (the file once, and the executable's own pages). A file is then mapped
 * once until it outgrows this, in this process and in any other that reads it while it grows. A
 * shared read-only map is not charged against memory commit limits, and the file does not grow with
 * it (it would on Windows, and with lmdb's writemap, neither of which we use).
 */
const MAP_SIZE = 64 * 2 ** 30;

let wholeMap: boolean | undefined;
/**
 * Whether environments get a map of MAP_SIZE: not on Windows (LMDB sizes the file to its map there),
 * nor on a 32-bit processor or where the address space is limited (`ulimit -v`): lmdb crashes the
 * process, with no error to catch, when a map does not fit. Those keep lmdb's small, growing maps.
 */
function mapWholeSize(): boolean {
  if (wholeMap !== undefined) return wholeMap;
  if (process.platform === 'win32' || !process.arch.includes('64')) return (wholeMap = false);
  let limits = '';
  try {
    limits = readFileSync('/proc/self/limits', 'utf8');
  } catch {
    // No /proc (macOS): no address-space limit there in practice.
  }
  const limit = /^Max address space\s+(\S+)/m.exec(limits)?.[1];
  return (wholeMap = limit === undefined || limit === 'unlimited');
}

/** Opens the environment of a data file: the same encoding and compression in every process (lmdb requires it), and the map above. */
function openEnv(path: string, readOnly: boolean): RootDatabase {
  assertFixedLmdb();
  return open({ path, compression: false, maxDbs: 32, encoding: 'msgpack', readOnly, ...(mapWholeSize() && { mapSize: MAP_SIZE }) });
}

/** The `meta` entry holding the next entity id. */
const NEXT_ENTITY_ID = 'nextEntityId';


const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const edgeOrder = (a: RelatedEdge, b: RelatedEdge) => order(a.type, b.type) || order(a.urn, b.urn) || order(a.aspectName, b.aspectName);

/** A key of the `relBlocks` table: [destination urn, relationship, aspect, block of source ids]. */
type RelBlockKey = [string, string, string, number];

/** A key of the `timeseries` table: [urn, aspect, timestampMillis, partition]. */
type SeriesKey = [string, string, number, string];

/** The keys of one aspect's events of `urn` within the time range. */
function seriesRange(urn: string, aspectName: string, range: TimeRange): KeyRange<SeriesKey> {
  const from = range.startTimeMillis ?? -Number.MAX_SAFE_INTEGER;
  return {
    start: [urn, aspectName, from, ''],
    end: range.endTimeMillis == null ? [urn, aspectName + AFTER, 0, ''] : [urn, aspectName, range.endTimeMillis + 1, ''],
  };
}

/**
 * A walk over keys that did not move forward: the key codec or the walk itself is broken (never a
 * state of the data). It fails the one operation — a 500 for a request, exit 1 for a command —
 * instead of looping until the process runs out of memory or time.
 */
export class KeyWalkError extends CatalogError {
  constructor(store: string, db: string, key: unknown, previous: unknown) {
    super('SERVER_ERROR', `store ${store}, table ${db}: key walk made no progress: key ${JSON.stringify(key)} does not come after ${JSON.stringify(previous)}`);
    this.name = 'KeyWalkError';
  }
}

export interface KeyRange<K> {
  start?: K;
  end?: K;
  limit?: number;
}

/**
 * The keys of `db` in `range`, each checked to come strictly after the one before it and not before
 * the range's start: a walk that stops moving forward fails with a KeyWalkError naming the key.
 */
export function* checkedKeys<K extends Key>(store: string, name: string, db: { getKeys(range: KeyRange<K>): Iterable<K> }, range: KeyRange<K>): Generator<K> {
  const check = progressCheck<K>(store, name, range);
  for (const key of db.getKeys(range)) {
    check(key);
    yield key;
  }
}

/**
 * The check `checkedKeys` makes of each key: strictly after the one before it, and not before the
 * range's start. Walks are on every hot path, so a key that a plain comparison of its parts already
 * shows to be after the previous one passes without being encoded; only the rest (equal, or
 * seemingly before — JS compares strings by UTF-16 units, LMDB by UTF-8 bytes) is decided on the
 * encoded bytes, so the check throws exactly when the byte order says so.
 */
export function progressCheck<K extends Key>(store: string, name: string, range: KeyRange<K>): (key: K) => void {
  let previous: K | undefined = range.start;
  let inclusive = true;
  return (key) => {
    if (previous !== undefined && !(partsAfter(key, previous) > 0)) {
      const order = Buffer.compare(encodeKey(key), encodeKey(previous));
      if (order < 0 || (order === 0 && !inclusive)) throw new KeyWalkError(store, name, key, previous);
    }
    previous = key;
    inclusive = false;
  };
}

/** 1 when `a` certainly sorts after `b` (same-typed parts compared in order), 0 when unsure. */
function partsAfter(a: Key, b: Key): number {
  const xs = Array.isArray(a) ? a : [a];
  const ys = Array.isArray(b) ? b : [b];
  for (let i = 0; i < xs.length; i++) {
    if (i >= ys.length) return 1;
    const x = xs[i];
    const y = ys[i];
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x > y ? 1 : 0;
    if (typeof x === 'string' && typeof y === 'string') return x > y && isPlain(x) && isPlain(y) ? 1 : 0;
    return 0;
  }
  return 0;
}

/** Strings without surrogates compare the same by UTF-16 units as by UTF-8 bytes. */
const isPlain = (s: string) => !/[\ud800-\udfff]/.test(s);

/** Encoded form of a key: the byte order LMDB sorts by (a JS comparison of strings is not it). */
const encodeKey = (lmdb as unknown as { keyValueToBuffer(key: Key): Buffer }).keyValueToBuffer;

export class Store implements StoreView {
  readonly path: string;
  private readonly env: RootDatabase;
  private readonly aspects: Database<AspectRecord, [string, string, number]>;
  private readonly entities: Database<EntityRecord, string>;
  private readonly byType: Database<true, [string, string]>;
  private readonly tokens: Database<unknown, string>;
  /** Incoming edges: the source ids by [destination, relationship, aspect]; changes wait for the end of the write. */
  private readonly relBlocks: IdBlocks<true>;
  private readonly entityUrns: Database<string, number>;
  private readonly meta: Database<unknown, string>;
  private readonly series: Database<TimeseriesRecord, SeriesKey>;
  /** How the compressed tables (COMPRESSED_TABLES) are compressed: the file's dictionary (format 3). */
  private readonly compression: { dictionary: Buffer; threshold: number };
  private readonly indexer: RelationshipIndexer;
  readonly search: SearchTables;
  private readonly txn: StoreTxn;
  /** Entities whose search document the running write transaction may have changed. */
  private readonly dirty = new Set<string>();
  /**
   * The ids of the entities the running write transaction deleted, by urn (the first, if it deleted
   * one twice): their documents go at its end, under those ids, even when the urn is created again.
   */
  private readonly deletedIds = new Map<string, number>();
  /**
   * The values the search indexer's `derived` aspects had before the running write transaction
   * changed them (undefined: absent), by `urn␀aspect`: the stored documents lack what those aspects
   * gave, so taking an old document out reads it back from them.
   */
  private readonly derivedBefore = new Map<string, unknown>();
  private readonly derived: ReadonlySet<string>;
  /**
   * What the running write transaction wrote, for re-indexing at its end without reading back and
   * decoding what it just encoded: latest aspect records by urn then aspect name, and entity records
   * by urn (undefined: removed). By urn first, so a lookup makes no `urn␀aspect` string (a long urn
   * hashed again for every aspect a document reads).
   */
  private readonly writtenAspects = new Map<string, Map<string, AspectRecord | undefined>>();
  private readonly writtenEntities = new Map<string, EntityRecord | undefined>();
  /** The next entity id as the running write transaction has it (undefined: not read yet); written at its end. */
  private nextId: number | undefined;
  /** The first id the running write transaction gave (undefined: none yet): ids from it on are new here. */
  private firstNewId: number | undefined;
  private nextIdChanged = false;

  /** Opened for reading only (see open()): no write transaction, not even to open its tables. */
  readonly readOnly: boolean;
  /**
   * Set when this open moved an existing file from an older format to FORMAT: its older values stay
   * as they were until written again (or copied by `catalog backup --compact`).
   */
  readonly upgraded: { from: number; to: number } | undefined;

  private constructor(path: string, indexer: RelationshipIndexer, search: SearchIndexer, readOnly: boolean) {
    this.readOnly = readOnly;
    this.path = path;
    this.indexer = indexer;
    this.derived = new Set(search.derived ?? []);
    this.env = openEnv(path, readOnly);
    this.meta = this.env.openDB('meta', {});
    // Every process decodes with the dictionary the file holds; a file that holds none yet gets the
    // seed, written below by the first read-write open (a read-only reader uses the same seed, so a
    // writer that adds it meanwhile writes nothing this reader cannot decode).
    const stored = this.meta?.get(DICTIONARY_KEY) as Uint8Array | undefined;
    const dictionary = stored ? Buffer.from(stored) : valueDictionarySeed();
    const compression = { dictionary, threshold: COMPRESSION_THRESHOLD };
    this.compression = compression;
    const compressed = { ...SHARED_STRUCTURES, compression };
    this.aspects = this.env.openDB('aspects', compressed);
    this.entities = this.env.openDB('entities', SHARED_STRUCTURES);
    this.byType = this.env.openDB('byType', {});
    this.tokens = this.env.openDB('tokens', {});
    this.relBlocks = new IdBlocks('relBlocks', this.env.openDB('relBlocks', { encoding: 'binary' }), 1, () => {}, (n, db, r) => this.walkEntries(n, db, r));
    this.entityUrns = this.env.openDB('entityUrns', {});
    this.series = this.env.openDB('timeseries', compressed);
    const entityIds = {
      idOf: (urn: string) => this.entities.get(urn)?.id,
      urnOf: (id: number) => this.entityUrns.get(id),
      withPrefix: (prefix: string) => this.entitiesWithPrefix(prefix),
    };
    this.search = new SearchTables(this.env, this.meta, entityIds, (urn, name) => this.aspects.get([urn, name, 0])?.value, search, (n, db, r) => this.walk(n, db, r), (n, db, r) => this.walkEntries(n, db, r), path, compression);
    this.txn = this.makeTxn();
    const format = this.meta?.get(FORMAT_KEY) as number | undefined;
    if (format !== undefined && format > FORMAT) {
      void this.env.close();
      throw new CatalogError('CONFLICT', `${path} was written by a newer catalog (data file format ${format}; this one reads formats up to ${FORMAT}): use that release or a newer one`);
    }
    // No format recorded: a new file, or one written before formats were (format 1) if it holds entities.
    const previous = format ?? (Array.from(this.entities?.getKeys({ limit: 1 }) ?? []).length > 0 ? 1 : undefined);
    this.upgraded = !readOnly && previous !== undefined && previous < FORMAT ? { from: previous, to: FORMAT } : undefined;
    if (readOnly) return;
    if (format !== FORMAT || !stored) {
      try {
        this.writeSync(() => {
          this.meta.put(FORMAT_KEY, FORMAT);
          // Another process may have written its dictionary since this one read `meta`.
          const now = this.meta.get(DICTIONARY_KEY) as Uint8Array | undefined;
          if (!now) this.meta.put(DICTIONARY_KEY, dictionary);
          else if (!Buffer.from(now).equals(dictionary)) {
            throw new CatalogError('CONFLICT', `${path} was given its value dictionary by another catalog release while this one opened it: run the command again`);
          }
        });
      } catch (e) {
        void this.env.close();
        throw e;
      }
    }
    if (this.meta.get(RELATIONSHIPS_KEY) !== this.indexVersion()) this.reindexRelationships({ onlyIfStale: true });
    if (!this.search.isCurrent()) this.reindexSearch({ onlyIfStale: true });
  }

  /**
   * Opens (creating if needed) the data file at `path`. `indexer` declares the relationships every
   * aspect write keeps indexed; a file indexed under another version is re-indexed here, once.
   */
  static open(path: string, indexer: RelationshipIndexer, search: SearchIndexer, options: { readOnly?: boolean } = {}): Store {
    // Read-only, a command reads the file as it is without ever taking the write lock: lmdb opens each
    // table of a read-write environment in a write transaction of its own, so `catalog get` waited
    // for a server's running ingest batch to commit before it could read anything. A file that does
    // not exist yet, lacks a table or was indexed under other declarations is opened read-write
    // instead, which creates or migrates it as every open did before.
    if (options.readOnly && existsSync(path)) {
      const store = new Store(path, indexer, search, true);
      if (store.readableAsIs()) return store;
      void store.env.close();
      // With no write pending, a read-only environment closes at once; one still open would be handed
      // to the read-write open below (lmdb shares an environment per path within a process).
      if ((store.env as unknown as { status: string }).status !== 'closed') throw new Error(`${path}: the read-only open did not close`);
    }
    mkdirSync(dirname(path), { recursive: true });
    return new Store(path, indexer, search, false);
  }

  /** Whether a read-only open found every table, and both indexes built under the current declarations. */
  private readableAsIs(): boolean {
    const tables = [this.aspects, this.entities, this.byType, this.tokens, this.relBlocks.db, this.entityUrns, this.meta, this.series];
    return tables.every(Boolean) && this.search.tablesOpen() && this.meta.get(RELATIONSHIPS_KEY) === this.indexVersion() && this.search.isCurrent();
  }

  /**
   * Rebuilds the search index from the latest aspects, in one write transaction (`catalog reindex`,
   * and on open when the file was indexed under another document definition).
   */
  reindexSearch(options: { onlyIfStale?: boolean } = {}): { documents: number } {
    let documents = 0;
    this.writeSync(() => {
      // Another process may have re-indexed while this one waited for the write lock.
      if (options.onlyIfStale && this.search.isCurrent()) return;
      try {
        this.search.clear();
        for (const urn of this.walk('entities', this.entities, {})) {
          if (this.indexDocument(urn)) documents++;
          // Postings are written a block at a time: every thousand documents bounds what waits in memory.
          if (documents % 1000 === 0) this.search.flush();
        }
        this.search.flush();
        this.search.markCurrent();
      } finally {
        this.search.discard();
      }
    });
    return { documents };
  }

  /** [urn, id] of the entities whose urn starts with `prefix`, in urn order (those without an id left out). */
  private *entitiesWithPrefix(prefix: string): Generator<[string, number]> {
    for (const { key, value } of this.walkEntries('entities', this.entities, { start: prefix, end: prefix + '\uffff' })) {
      if (value.id !== undefined) yield [key, value.id];
    }
  }

  /** Brings the search document of `urn` in line with its aspects; runs inside a write transaction. */
  private indexDocument(urn: string): boolean {
    const entity = this.writtenEntities.has(urn) ? this.writtenEntities.get(urn) : this.entities.get(urn);
    // Each latest record read once: the document reads the aspects it indexes, and when the entity
    // last changed is the latest `created` time among all of them.
    const records = new Map<string, AspectRecord | undefined>();
    const written = this.writtenAspects.get(urn);
    const record = (name: string) => {
      if (!records.has(name)) {
        // An aspect the entity does not list is not in the file (putAspect relies on it too): no lookup.
        const absent = entity !== undefined && !entity.aspects.includes(name);
        records.set(name, written?.has(name) ? written.get(name) : absent ? undefined : this.aspects.get([urn, name, 0]));
      }
      return records.get(name);
    };
    const was = (name: string) => {
      const k = `${urn}\u0000${name}`;
      return this.derivedBefore.has(k) ? this.derivedBefore.get(k) : record(name)?.value;
    };
    const deleted = this.deletedIds.get(urn);
    if (deleted !== undefined && deleted !== entity?.id) this.search.update(urn, deleted, undefined, () => undefined, () => 0, was);
    // Every entity has an id once the relationships index is current (see reindexRelationships).
    if (entity?.id === undefined) return false;
    const modified = () => Math.max(0, ...(entity?.aspects ?? []).map((name) => record(name)?.created.time ?? 0));
    // Ids are never given twice, so an id this transaction gave has no document yet: none to read.
    const isNew = this.firstNewId !== undefined && entity.id >= this.firstNewId;
    return this.search.update(urn, entity.id, entity, (name) => record(name)?.value, modified, was, isNew);
  }

  /** Re-indexes the entities the write marked; runs at the end of every write transaction. */
  private flushSearch(): void {
    for (const urn of this.dirty) this.indexDocument(urn);
    this.search.flush();
  }

  /**
   * Rebuilds the relationships index from the latest aspects, in one write transaction. On open it
   * runs only when the file was indexed under other declarations; another process opening the file
   * at the same time waits for the write lock, then finds it done.
   */
  reindexRelationships(options: { onlyIfStale?: boolean } = {}): { edges: number } {
    let edges = 0;
    this.writeSync(() => {
      // Another process may have re-indexed while this one waited for the write lock.
      if (options.onlyIfStale && this.meta.get(RELATIONSHIPS_KEY) === this.indexVersion()) return;
      let done = false;
      try {
        // Layouts before relBlocks-1 kept a key per edge in `relIn`: dropped whole.
        this.env.openDB('relIn', { create: false } as object)?.dropSync();
        for (const key of Array.from(this.walk('relBlocks', this.relBlocks.db, {}))) this.relBlocks.db.remove(key);
        for (const key of Array.from(this.walk('entityUrns', this.entityUrns, {}))) this.entityUrns.remove(key);
        let entities = 0;
        let gaveIds = false;
        for (const urn of Array.from(this.walk('entities', this.entities, {}))) {
          let entity = this.entities.get(urn);
          if (!entity) continue;
          // Files written before entity ids get theirs here, in urn order.
          if (entity.id === undefined) {
            entity = { ...entity, id: this.newEntityId() };
            this.entities.put(urn, entity);
            gaveIds = true;
          }
          this.entityUrns.put(entity.id!, urn);
          for (const aspectName of entity.aspects) {
            if (!this.indexer.carries(aspectName)) continue;
            edges += this.putEdges(entity.id!, aspectName, this.aspects.get([urn, aspectName, 0])?.value);
          }
          // Blocks are written a batch at a time: what waits in memory stays bounded.
          if (++entities % 10_000 === 0) this.relBlocks.flush();
        }
        this.relBlocks.flush();
        // Search documents are keyed by entity id: new ids need them rebuilt (on open, that runs next).
        if (gaveIds) this.search.markStale();
        this.meta.put(RELATIONSHIPS_KEY, this.indexVersion());
        done = true;
      } finally {
        this.settleEntityIds(done);
        this.relBlocks.discard();
      }
    });
    return { edges };
  }

  private indexVersion(): string {
    return `${RELATIONSHIPS_LAYOUT}:${this.indexer.version}`;
  }

  /** Adds the edges `value` declares; returns how many. */
  private putEdges(id: number, aspectName: string, value: unknown): number {
    const list = value === undefined ? [] : this.indexer.edgesOf(aspectName, value);
    this.addEdges(id, aspectName, list);
    return list.length;
  }

  /** Puts source `id` in the blocks of the edges `list` of its aspect. */
  private addEdges(id: number, aspectName: string, list: ReadonlyArray<{ type: string; dest: string }>): void {
    for (const e of list) this.relBlocks.change([e.dest, e.type, aspectName], id, true);
  }

  /**
   * Replaces the edges of one aspect of entity `id`: those `before` declared and `after` does
   * not go, the new ones come.
   */
  private updateEdges(id: number | undefined, aspectName: string, before: unknown, after: unknown): void {
    if (!this.indexer.carries(aspectName)) return;
    // An entity without an id (written by a release before ids, never re-indexed since) has no edges here.
    if (id === undefined) return;
    const old = before === undefined ? [] : this.indexer.edgesOf(aspectName, before);
    const now = after === undefined ? [] : this.indexer.edgesOf(aspectName, after);
    // A new aspect (most writes of an ingest): every edge is added, nothing to compare.
    if (old.length === 0) return this.addEdges(id, aspectName, now);
    const key = (e: { type: string; dest: string }) => `${e.type}\u0000${e.dest}`;
    const keep = new Set(now.map(key));
    const had = new Set(old.map(key));
    for (const e of old) if (!keep.has(key(e))) this.relBlocks.change([e.dest, e.type, aspectName], id, null);
    this.addEdges(id, aspectName, now.filter((e) => !had.has(key(e))));
  }

  /** A new entity id, from the counter as the running write transaction has it. */
  private newEntityId(): number {
    if (this.nextId === undefined) this.nextId = this.firstNewId = (this.meta.get(NEXT_ENTITY_ID) as number | undefined) ?? 1;
    this.nextIdChanged = true;
    return this.nextId++;
  }

  /** Writes the counter back if the transaction took ids, and forgets it: the next transaction reads it again. */
  private settleEntityIds(keep: boolean): void {
    if (keep && this.nextIdChanged) this.meta.put(NEXT_ENTITY_ID, this.nextId);
    this.nextId = this.firstNewId = undefined;
    this.nextIdChanged = false;
  }

  /**
   * Runs `fn` in one write transaction and resolves with its result once committed to disk.
   * `fn` must be synchronous; if it throws, nothing it wrote is kept and the promise rejects.
   */
  write<T>(fn: (txn: StoreTxn) => T): Promise<T> {
    if (this.readOnly) return Promise.reject(new Error(`${this.path} is open read-only here: this command may not write`));
    const inTransaction = (): T => {
      this.dirty.clear();
      this.writtenAspects.clear();
      this.writtenEntities.clear();
      let done = false;
      try {
        const result = fn(this.txn);
        // The search documents and incoming edges of what `fn` touched change in the same transaction as the aspects.
        this.flushSearch();
        this.relBlocks.flush();
        done = true;
        return result;
      } finally {
        this.settleEntityIds(done);
        if (!done) this.forgetStructures();
        this.dirty.clear();
        this.writtenAspects.clear();
        this.writtenEntities.clear();
        this.search.discard();
        this.relBlocks.discard();
        this.deletedIds.clear();
        this.derivedBefore.clear();
      }
    };
    let written: Promise<T>;
    try {
      written = Promise.resolve(this.env.childTransaction(inTransaction) as Promise<T>);
    } catch (e) {
      // lmdb may run the transaction at once and throw from here rather than reject.
      return Promise.reject(e);
    }
    // A batch whose commit failed loses the structures its writes saved, as an aborted write does.
    return written.catch((e: unknown) => {
      this.forgetStructures();
      throw e;
    });
  }

  /** Runs `fn` in a write transaction of its own, synchronously (re-indexing, the format mark). */
  private writeSync(fn: () => void): void {
    try {
      // Whatever `fn` returns is dropped: lmdb waits on a promise returned here (a put's, say) and
      // the environment then never closes.
      this.env.transactionSync(() => {
        fn();
      });
    } catch (e) {
      this.forgetStructures();
      throw e;
    }
  }

  /**
   * Forgets the record structures of the shared-structure tables, to be read again from the file.
   * Needed after any write that did not commit: a write that met a new shape of value saved its
   * structure in its own transaction, and the encoder, still holding it, would encode later values
   * with it although the file never got it — values no one could read again (tested).
   */
  private forgetStructures(): void {
    for (const db of [this.aspects, this.entities, this.series]) {
      const encoder = (db as unknown as { encoder?: { clearSharedData?: () => void; structures?: unknown[] } }).encoder;
      if (encoder?.clearSharedData) encoder.clearSharedData();
      else if (encoder?.structures) encoder.structures = [];
    }
  }

  /** Makes the latest commits of other processes visible to this process's reads now. */
  refresh(): void {
    this.env.resetReadTxn();
    this.search.recheck();
  }

  /**
   * Copies the data file to `path` as one consistent snapshot: writers, in this process or others,
   * go on meanwhile and none of their transactions is half in it. Plain, it is LMDB's page-for-page
   * copy under a read transaction. `compact` rewrites the catalog instead (copyCompacted).
   */
  async backup(path: string, compact: boolean): Promise<void> {
    if (compact) await this.copyCompacted(path);
    else await this.env.backup(path, false);
  }

  /**
   * The smallest file that holds this one's catalog: every table copied entry by entry, in key order,
   * from one read transaction, into a new file. Appended in order, each B-tree page is filled
   * (entries inserted in any other order leave pages half to two-thirds full after they split), free
   * pages are left out, and every value of a compressed table is written compressed, those a format 2
   * file holds uncompressed included. Keys and values are copied as bytes, never decoded; the shared
   * record structures are an entry of their table and come along. 20 000 bench datasets with their
   * indexes: 170.4 MB as ingested, 76.2 MB copied so (1.4 s).
   */
  private async copyCompacted(path: string): Promise<void> {
    const target = openEnv(path, false);
    const raw = { keyEncoding: 'binary', encoding: 'binary' } as const;
    // Every table opened on both sides before the snapshot is taken: opening a table ends the
    // environment's current read transaction, which the snapshot would be.
    const tables = (Array.from(this.env.getKeys({})) as string[]).map((name) => {
      const compressed = COMPRESSED_TABLES.has(name) ? { compression: this.compression } : {};
      return {
        from: this.env.openDB(name, { ...raw, ...compressed, create: false } as object) as Database<Buffer, Buffer>,
        to: target.openDB(name, { ...raw, ...compressed }) as Database<Buffer, Buffer>,
      };
    });
    const snapshot = this.env.useReadTransaction();
    try {
      for (const { from, to } of tables) {
        let batch: Array<[Buffer, Buffer]> = [];
        const flush = () => {
          target.transactionSync(() => {
            for (const [key, value] of batch) void to.put(key, value, { append: true } as never);
          });
          batch = [];
        };
        // Copied out of lmdb's reusable buffers: a value read is only valid until the next read.
        for (const { key, value } of from.getRange({ transaction: snapshot } as object)) {
          batch.push([Buffer.from(key), Buffer.from(value)]);
          if (batch.length === COPY_BATCH) flush();
        }
        flush();
      }
      // What its values are now, whatever the source's format was.
      const meta = target.openDB('meta', {});
      target.transactionSync(() => {
        void meta.put(FORMAT_KEY, FORMAT);
        void meta.put(DICTIONARY_KEY, this.compression.dictionary);
      });
    } finally {
      snapshot.done();
      await target.close();
      rmSync(`${path}-lock`, { force: true });
    }
  }

  async close(): Promise<void> {
    await this.env.close();
  }

  getAspect(urn: string, aspectName: string, version = 0): AspectRecord | undefined {
    return this.aspects.get([urn, aspectName, version]);
  }

  getEntity(urn: string): EntityRecord | undefined {
    return this.entities.get(urn);
  }

  entityExists(urn: string): boolean {
    return this.entities.doesExist(urn);
  }

  urnsOfType(entityType: string, options: { after?: string; limit?: number } = {}): string[] {
    const start: [string, string] = options.after === undefined ? [entityType, ''] : [entityType, options.after + AFTER];
    const out: string[] = [];
    for (const key of this.walk<[string, string]>('byType', this.byType, { start, end: [entityType + AFTER, ''], limit: options.limit })) {
      out.push(key[1]);
    }
    return out;
  }

  *eachUrnOfType(entityType: string, pageSize = 1000): Generator<string> {
    let after: string | undefined;
    for (;;) {
      const page = this.urnsOfType(entityType, { after, limit: pageSize });
      // urnsOfType checked that every key of the page comes after `after`, so each page moves on.
      yield* page;
      if (page.length < pageSize) return;
      after = page[page.length - 1];
    }
  }

  entityTypes(): string[] {
    const types: string[] = [];
    let start: [string, string] = ['', ''];
    for (;;) {
      const next = this.walk('byType', this.byType, { start, limit: 1 }).next().value;
      if (!next) return types;
      types.push(next[0]);
      start = [next[0] + AFTER, ''];
    }
  }

  edges(urn: string, direction: RelationshipDirection, types: readonly string[] = []): RelatedEdge[] {
    return direction === 'INCOMING' ? this.incomingEdges(urn, types) : this.outgoingEdges(urn, types);
  }

  private incomingEdges(urn: string, types: readonly string[]): RelatedEdge[] {
    // Inside a write transaction, its own edge changes are written first, so it reads them.
    this.relBlocks.flush();
    const out: RelatedEdge[] = [];
    const ranges: Array<KeyRange<RelBlockKey>> =
      types.length === 0
        ? [{ start: [urn, '', '', 0], end: [urn + AFTER, '', '', 0] }]
        : [...new Set(types)].sort().map((t) => ({ start: [urn, t, '', 0], end: [urn, t + AFTER, '', 0] }));
    for (const range of ranges) {
      for (const { key, value } of this.walkEntries<RelBlockKey, Buffer>('relBlocks', this.relBlocks.db as Database<Buffer, RelBlockKey>, range)) {
        const base = key[3] << BLOCK_BITS;
        // Ids read before the next lookup: lmdb may reuse the value's buffer.
        const ids = Array.from(value, (low) => base + low);
        for (const id of ids) {
          const source = this.entityUrns.get(id);
          if (source === undefined) throw new Error(`${this.path}: relationship index holds entity id ${id} with no urn: run \`catalog reindex\``);
          out.push({ type: key[1], urn: source, aspectName: key[2] });
        }
      }
    }
    // Blocks order sources by id (creation); callers get them by type, urn, aspect, as outgoing edges.
    return out.sort(edgeOrder);
  }

  /** Outgoing edges come from the entity's own aspects (a handful), in the same order as incoming ones. */
  private outgoingEdges(urn: string, types: readonly string[]): RelatedEdge[] {
    const out: RelatedEdge[] = [];
    for (const aspectName of this.entities.get(urn)?.aspects ?? []) {
      if (!this.indexer.carries(aspectName)) continue;
      const value = this.aspects.get([urn, aspectName, 0])?.value;
      for (const e of value === undefined ? [] : this.indexer.edgesOf(aspectName, value)) {
        if (types.length === 0 || types.includes(e.type)) out.push({ type: e.type, urn: e.dest, aspectName });
      }
    }
    return out.sort(edgeOrder);
  }

  private walk<K extends Key>(name: string, db: Database<unknown, K>, range: KeyRange<K>): Generator<K> {
    return checkedKeys<K>(this.path, name, db, range);
  }

  getToken(id: string): unknown {
    return this.tokens.get(id);
  }

  getSetting(name: string): unknown {
    return this.meta.get(`setting:${name}`);
  }

  timeseries(urn: string, aspectName: string, range: TimeRange = {}): TimeseriesRow[] {
    const out: TimeseriesRow[] = [];
    for (const { key, value } of this.walkEntries('timeseries', this.series, seriesRange(urn, aspectName, range))) {
      out.push({ ...value, timestampMillis: key[2] });
    }
    return out;
  }

  *timeseriesNewestFirst(urn: string, aspectName: string, range: TimeRange = {}): Generator<TimeseriesRow> {
    const { end } = seriesRange(urn, aspectName, range);
    // A reverse walk from the range's upper bound down to [urn, aspect] (which sorts before every
    // event of it). LMDB checks nothing for us here, so each key is checked to stay in the range (the
    // walk starts at the bound, which may itself be a key), stop below its start, and move down.
    let previous: SeriesKey | undefined;
    for (const { key, value } of this.series.getRange({ start: end, end: [urn, aspectName] as unknown as SeriesKey, reverse: true })) {
      const k = key as SeriesKey;
      if (k[0] !== urn || k[1] !== aspectName) {
        if (k[0] === urn && k[1] > aspectName) continue;
        return;
      }
      if (range.endTimeMillis != null && k[2] > range.endTimeMillis) continue;
      if (range.startTimeMillis != null && k[2] < range.startTimeMillis) return;
      if (previous && (k[2] > previous[2] || (k[2] === previous[2] && k[3] >= previous[3]))) throw new KeyWalkError(this.path, 'timeseries', k, previous);
      previous = k;
      yield { ...value, timestampMillis: k[2] };
    }
  }

  timeseriesAspects(urn: string): string[] {
    const names: string[] = [];
    let start: SeriesKey = [urn, '', 0, ''];
    for (;;) {
      const next = this.walk('timeseries', this.series, { start, end: [urn + AFTER, '', 0, ''], limit: 1 }).next().value;
      if (!next) return names;
      names.push(next[1]);
      start = [urn, next[1] + AFTER, 0, ''];
    }
  }

  /** Like `walk`, with values: each key checked to move forward. */
  private *walkEntries<K extends Key, V>(name: string, db: Database<V, K>, range: KeyRange<K>): Generator<{ key: K; value: V }> {
    const check = progressCheck<K>(this.path, name, range);
    for (const entry of db.getRange(range)) {
      check(entry.key);
      yield entry;
    }
  }

  listTokens(): Array<{ id: string; value: unknown }> {
    return Array.from(this.walk('tokens', this.tokens, {}), (id) => ({ id, value: this.tokens.get(id) }));
  }

  private makeTxn(): StoreTxn {
    const { aspects, entities, byType, tokens, series, dirty, writtenAspects, writtenEntities, entityUrns, deletedIds, derived, derivedBefore } = this;
    /** Keeps what a derived aspect was before the transaction, the first time it changes (see derivedBefore). */
    const keepDerived = (urn: string, aspectName: string, value: unknown) => {
      const k = `${urn}\u0000${aspectName}`;
      if (derived.has(aspectName) && !derivedBefore.has(k)) derivedBefore.set(k, value);
    };
    const walk = <K extends Key>(name: string, db: Database<unknown, K>, range: KeyRange<K>) => this.walk(name, db, range);
    const wrote = (urn: string, aspectName: string, record: AspectRecord | undefined) => {
      let byName = writtenAspects.get(urn);
      if (!byName) writtenAspects.set(urn, (byName = new Map()));
      byName.set(aspectName, record);
    };
    /** A new entity's id, with its urn recorded for the indexes that hold the id. */
    const newId = (urn: string) => {
      const id = this.newEntityId();
      entityUrns.put(id, urn);
      return id;
    };
    // Every aspect change keeps both indexes: edges now, the search document at the end of the write.
    const indexEdges = (urn: string, id: number | undefined, aspectName: string, before: unknown, after: unknown) => {
      this.updateEdges(id, aspectName, before, after);
      if (this.search.shapes(aspectName)) dirty.add(urn);
    };
    const aspectKeys = (urn: string, name: string): Array<[string, string, number]> =>
      Array.from(this.walk<[string, string, number]>('aspects', aspects, { start: [urn, name, 0], end: [urn, name + AFTER, 0] }));
    const txn: StoreTxn = {
      getAspect: (u, a, v) => this.getAspect(u, a, v),
      getEntity: (u) => this.getEntity(u),
      entityExists: (u) => this.entityExists(u),
      urnsOfType: (t, o) => this.urnsOfType(t, o),
      eachUrnOfType: (t, p) => this.eachUrnOfType(t, p),
      entityTypes: () => this.entityTypes(),
      edges: (u, d, t) => this.edges(u, d, t),
      getToken: (id) => this.getToken(id),
      listTokens: () => this.listTokens(),
      timeseries: (u, a, r) => this.timeseries(u, a, r),
      timeseriesNewestFirst: (u, a, r) => this.timeseriesNewestFirst(u, a, r),
      timeseriesAspects: (u) => this.timeseriesAspects(u),
      getSetting: (name) => this.getSetting(name),
      putSetting: (name, value) => {
        this.meta.put(`setting:${name}`, value);
      },
      search: this.search,

      putAspect(input: PutAspectInput): PutAspectResult {
        const { urn, aspectName } = input;
        const systemMetadata = { ...(input.systemMetadata ?? {}), lastObserved: input.created.time };
        let entity = writtenEntities.has(urn) ? writtenEntities.get(urn) : entities.get(urn);
        const createdEntity = entity === undefined;
        let entityChanged = createdEntity;
        if (!entity) {
          entity = { entityType: input.entityType, aspects: [], id: newId(urn) };
          byType.put([input.entityType, urn], true);
        } else if (entity.id === undefined) {
          entity = { ...entity, id: newId(urn) };
          entityChanged = true;
        }
        if (!entity.aspects.includes(input.key.aspectName)) {
          const keyRecord = { value: input.key.value, systemMetadata, created: input.created, history: 0 };
          aspects.put([urn, input.key.aspectName, 0], keyRecord);
          wrote(urn, input.key.aspectName, keyRecord);
          indexEdges(urn, entity.id, input.key.aspectName, undefined, input.key.value);
          entity = { ...entity, aspects: [...entity.aspects, input.key.aspectName] };
          entityChanged = true;
        }
        // The entity record lists every aspect it has, so an aspect it does not list needs no lookup.
        const written = writtenAspects.get(urn)?.get(aspectName);
        const current = entity.aspects.includes(aspectName) ? written ?? aspects.get([urn, aspectName, 0]) : undefined;
        keepDerived(urn, aspectName, current?.value);
        if (current && deepEqual(current.value, input.value)) {
          const observed = { ...current, systemMetadata: { ...(current.systemMetadata ?? {}), lastObserved: input.created.time } };
          aspects.put([urn, aspectName, 0], observed);
          wrote(urn, aspectName, observed);
          if (entityChanged) {
            entities.put(urn, entity);
            writtenEntities.set(urn, entity);
          }
          return { changed: false, history: current.history ?? 0, created: createdEntity };
        }
        let history = 0;
        if (current) {
          history = (current.history ?? 0) + 1;
          const { history: _drop, ...old } = current;
          aspects.put([urn, aspectName, history], old);
        }
        // As DataHub does: the latest value's systemMetadata.version is the number the next history
        // row will take (rows 1..version-1 hold the older values), so a client can page history from
        // the newest end (mcp-server-datahub's get_aspect_history does).
        const latest = { value: input.value, systemMetadata: { ...systemMetadata, version: String(history + 1) }, created: input.created, history };
        aspects.put([urn, aspectName, 0], latest);
        wrote(urn, aspectName, latest);
        indexEdges(urn, entity.id, aspectName, current?.value, input.value);
        if (!entity.aspects.includes(aspectName)) {
          entity = { ...entity, aspects: [...entity.aspects, aspectName] };
          entityChanged = true;
        }
        if (entityChanged) {
          entities.put(urn, entity);
          writtenEntities.set(urn, entity);
        }
        return { changed: true, history, created: createdEntity };
      },

      deleteAspect(urn: string, aspectName: string): number {
        const entity = entities.get(urn);
        if (!entity || !entity.aspects.includes(aspectName)) return 0;
        const value = aspects.get([urn, aspectName, 0])?.value;
        keepDerived(urn, aspectName, value);
        indexEdges(urn, entity.id, aspectName, value, undefined);
        let rows = 0;
        for (const key of aspectKeys(urn, aspectName)) {
          aspects.remove(key);
          rows++;
        }
        const remaining = { ...entity, aspects: entity.aspects.filter((a) => a !== aspectName) };
        entities.put(urn, remaining);
        writtenEntities.set(urn, remaining);
        wrote(urn, aspectName, undefined);
        return rows;
      },

      deleteEntity(urn: string): number {
        const entity = entities.get(urn);
        if (!entity) return 0;
        let rows = 0;
        for (const name of entity.aspects) {
          const value = aspects.get([urn, name, 0])?.value;
          keepDerived(urn, name, value);
          indexEdges(urn, entity.id, name, value, undefined);
          for (const key of aspectKeys(urn, name)) {
            aspects.remove(key);
            rows++;
          }
        }
        entities.remove(urn);
        // Ids are never given again: its edges went with its aspects, its document goes at the end of the write.
        if (entity.id !== undefined) {
          entityUrns.remove(entity.id);
          if (!deletedIds.has(urn)) deletedIds.set(urn, entity.id);
        }
        writtenEntities.set(urn, undefined);
        for (const name of entity.aspects) wrote(urn, name, undefined);
        byType.remove([entity.entityType, urn]);
        dirty.add(urn);
        return rows;
      },

      putToken(id: string, value: unknown): void {
        tokens.put(id, value);
      },

      deleteToken(id: string): boolean {
        if (!tokens.doesExist(id)) return false;
        tokens.remove(id);
        return true;
      },

      putTimeseries(urn: string, aspectName: string, timestampMillis: number, partition: string, record: TimeseriesRecord): void {
        series.put([urn, aspectName, timestampMillis, partition], record);
      },

      deleteTimeseries(urn: string, aspectName?: string, range: TimeRange = {}): number {
        const keyRange: KeyRange<SeriesKey> = aspectName === undefined ? { start: [urn, '', 0, ''], end: [urn + AFTER, '', 0, ''] } : seriesRange(urn, aspectName, range);
        const keys = Array.from(walk('timeseries', series, keyRange));
        for (const key of keys) series.remove(key);
        return keys.length;
      },
    };
    return txn;
  }
}

/** Structural equality of JSON-like values (key order of objects does not matter). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => deepEqual(x, bb[i]));
  }
  const ak = Object.keys(a);
  const bk = Object.keys(b);
  if (ak.length !== bk.length) return false;
  const bo = b as Record<string, unknown>;
  return ak.every((k) => Object.prototype.hasOwnProperty.call(bo, k) && deepEqual((a as Record<string, unknown>)[k], bo[k]));
}
