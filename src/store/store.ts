/**
 * The versioned aspect store on LMDB (docs/design.md §3 "Store"): the Store opens a data file, reads it
 * and runs the write transactions. Its parts, each a module of src/store:
 * - tables.ts: what each table holds (the layout), the record and key types, `deepEqual`;
 * - view.ts: StoreView and StoreTxn, the store as the layers above see it;
 * - keyWalks.ts: checked walks over the keys of a table, their bounds and KeyWalkError;
 * - format.ts: the data file's format, its upgrade on open, the value compression and its dictionary;
 * - checksum.ts: the checksum every stored value carries, checked on every read (format 4), and
 *   checksumUpgrade.ts: an older file's values given theirs on its first read-write open;
 * - verify.ts (with searchVerify.ts): `catalog verify`'s walks over the whole file;
 * - relationships.ts: the relationships index and the entity ids;
 * - searchIndex.ts (with idBlocks.ts): the search index;
 * - timeseries.ts: the events of timeseries aspects;
 * - writeScope.ts: one write transaction and what it accumulates;
 * - backup.ts: copies of the file, plain or compacted;
 * - syncState.ts: the remotes and the sync bases of `catalog pull`/`push`.
 *
 * Every write goes through `write(fn)`: `fn` runs synchronously inside one LMDB write transaction
 * (an lmdb-js child transaction, batched with other writes of the same event-loop turn into one
 * commit). Reads inside `fn` see the transaction's own writes, LMDB serialises writers across
 * processes, and a throw from `fn` rolls back everything `fn` wrote — so a read-modify-write can
 * never lose a concurrent update and a failed operation leaves nothing behind.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { CatalogError } from '../errors.ts';
import { dirname } from 'node:path';
import type { RootDatabase } from 'lmdb';
import { backup } from './backup.ts';
import { CHECKSUM_HEADER, checkStored, namedDamage, spoil } from './checksum.ts';
import { addChecksums, checkedCopy, type ChecksumProgress, type ChecksumUpgrade } from './checksumUpgrade.ts';
import { DecodedCache } from './decodedCache.ts';
import { EventLog, type ChangeEventDeriver, type EventRetention } from './events.ts';
import { checkDataFile } from './fileCheck.ts';
import {
  checkFormat,
  CHECKSUMS_KEY,
  FORMAT,
  forgetStructures,
  markFormat,
  openEnv,
  openTables,
  releaseMap,
  type Compression,
} from './format.ts';
import { AFTER, keyWalks, type Walk, type WalkEntries } from './keyWalks.ts';
import {
  EntityIdCounter,
  RelationshipIndex,
  type RelatedEdge,
  type RelationshipDirection,
  type RelationshipIndexer,
} from './relationships.ts';
import { SearchTables, type SearchIndexer } from './searchIndex.ts';
import type { AspectRecord, EntityRecord, Tables, TimeRange, TimeseriesRow } from './tables.ts';
import { timeseries, timeseriesAspects, timeseriesNewestFirst } from './timeseries.ts';
import { aspectRowJson, decodedRowJson, type RowJson, rowJsonReads } from './valueJson.ts';
import type { StoreSnapshot, StoreTxn, StoreView } from './view.ts';
import {
  openSyncTables,
  SyncReads,
  SyncWrites,
  type RemoteRecord,
  type SyncBase,
  type BundleRecord,
  type SyncTables,
} from './syncState.ts';
import { WriteScope, type StoreParts } from './writeScope.ts';
import { verifyStore, type VerifyProblem, type VerifyProgress, type VerifySummary } from './verify.ts';

export type { PostingList, SearchIndexer, SearchRecord, SearchView } from './searchIndex.ts';
export { POSTING_TF_MAX } from './searchIndex.ts';
export type { AspectRecord, AuditStamp, EntityRecord, TimeRange, TimeseriesRow } from './tables.ts';
export type { BundleRecord, RemoteRecord, SyncBase } from './syncState.ts';
export type { PutAspectResult, StoreSnapshot, StoreTxn, StoreView } from './view.ts';
export type { RelatedEdge, RelationshipDirection, RelationshipIndexer } from './relationships.ts';
export type {
  AspectChangeInput,
  ChangeEntry,
  ChangeEventDeriver,
  EventLogSummary,
  EventRetention,
} from './events.ts';
export { checkedKeys, KeyWalkError } from './keyWalks.ts';
export { DamagedValueError } from './checksum.ts';
export type { ChecksumProgress, ChecksumUpgrade } from './checksumUpgrade.ts';
export type { VerifyFix, VerifyProblem, VerifyProgress, VerifySummary } from './verify.ts';

/**
 * Parts of lmdb-js that its type declarations leave out (docs/patches.md §3): the native environment
 * of a database and the write transaction it runs (set while one runs), and a table's value decoder
 * (what its `get` decodes with).
 */
interface LmdbInternals {
  env: { writeTxn?: unknown };
  decoder?: { decode(bytes: Uint8Array): unknown; structures?: unknown[] };
}

/**
 * The heap the decoded values readAspect keeps for sharing may take, by default: a command reads
 * little twice; a server sets its own (`catalog serve --cache-mb`, setCacheBudget).
 */
export const DEFAULT_SHARED_VALUES_BYTES = 16 * 1024 * 1024;

/**
 * The heap a decoded value kept for sharing takes, estimated from its stored length: the copy of the
 * bytes, the decoded objects, and what read models build once from a shared value and keep beside it
 * (a dataset's schema read and its GraphQL columns). Measured on bench datasets read at random
 * through the section-1 GraphQL read: 13.7 bytes of heap and buffers a stored byte (entries of
 * 500 bytes on average), with the cache full against emptied, after a full garbage collection.
 */
export function sharedValueCost(bytes: Uint8Array): number {
  return 128 + bytes.length * 14;
}

/** The refusal of a path with no data file, for a command that must not make one. */
export function noDataFile(path: string): CatalogError {
  return new CatalogError(
    'NOT_FOUND',
    `no data file at ${path} (give --data or CATALOG_DATA the path of a catalog; \`catalog ingest\`, \`catalog pull\` and \`catalog serve\` make a new one)`,
  );
}

export class Store implements StoreView {
  readonly path: string;
  private readonly env: RootDatabase;
  private readonly tables: Tables;
  private readonly aspects: Tables['aspects'];
  private readonly entities: Tables['entities'];
  private readonly byType: Tables['byType'];
  private readonly tokens: Tables['tokens'];
  private readonly meta: Tables['meta'];
  private readonly series: Tables['series'];
  /** How the compressed tables are compressed: the file's dictionary (format 3). */
  private readonly compression: Compression;
  private readonly relationships: RelationshipIndex;
  readonly search: SearchTables;
  /** What each write transaction's WriteScope works with. */
  private readonly parts: StoreParts;
  private readonly walk: Walk;
  private readonly walkEntries: WalkEntries;
  /** The sync tables' reads (syncState.ts). */
  private readonly syncReads: SyncReads;
  /** The change event log (events.ts). */
  readonly eventLog: EventLog;
  /** Called after each commit that wrote events (a long poll waits on it). */
  private readonly eventListeners = new Set<() => void>();
  /** Latest aspect values decoded once while their bytes stay the same (readAspect). */
  private readonly decoded = new DecodedCache<AspectRecord>(DEFAULT_SHARED_VALUES_BYTES, sharedValueCost);

  /** Opened for reading only (see open()): no write transaction, not even to open its tables. */
  readonly readOnly: boolean;
  /**
   * Set when this open moved an existing file from an older format to the current one: its older
   * values stay as they were until written again (or copied by `catalog backup --compact`).
   */
  readonly upgraded: { from: number; to: number } | undefined;
  /** Set when this open made the data file: there was none at its path. */
  readonly created: boolean;

  private constructor(
    path: string,
    indexer: RelationshipIndexer,
    search: SearchIndexer,
    readOnly: boolean,
    created = false,
  ) {
    this.readOnly = readOnly;
    this.created = created;
    this.path = path;
    ({ walk: this.walk, walkEntries: this.walkEntries } = keyWalks(path));
    this.env = openEnv(path, readOnly);
    const { tables, compression, stored } = openTables(this.env);
    this.tables = tables;
    ({
      aspects: this.aspects,
      entities: this.entities,
      byType: this.byType,
      tokens: this.tokens,
      meta: this.meta,
      series: this.series,
    } = tables);
    this.compression = compression;
    this.relationships = new RelationshipIndex(path, this.env, tables, indexer, this.walk, this.walkEntries);
    const aspectOf = (urn: string, name: string) => this.aspects.get([urn, name, 0])?.value;
    this.search = new SearchTables(
      this.env,
      this.meta,
      this.relationships.entityIds,
      aspectOf,
      search,
      this.walk,
      this.walkEntries,
      path,
      compression,
    );
    this.eventLog = new EventLog(this.env, this.meta, this.aspects, this.series, this.walk, this.walkEntries);
    const sync: SyncTables = openSyncTables(this.env);
    this.syncReads = new SyncReads(sync, this.walk, this.walkEntries);
    this.parts = {
      tables,
      relationships: this.relationships,
      search: this.search,
      derived: new Set(search.derived ?? []),
      view: this,
      walk: this.walk,
      syncWrites: new SyncWrites(sync, this.walk, this.walkEntries),
      events: { log: this.eventLog, deriver: undefined },
    };
    let format: ReturnType<typeof checkFormat>;
    try {
      format = checkFormat(path, tables, stored, readOnly);
    } catch (e) {
      void this.env.close();
      throw e;
    }
    this.upgraded = format.upgraded;
    if (readOnly) return;
    if (format.mark) {
      try {
        this.writeSync(() => markFormat(path, this.meta, compression.dictionary));
      } catch (e) {
        void this.env.close();
        throw e;
      }
    }
    if (!this.relationships.isCurrent()) this.reindexRelationships({ onlyIfStale: true });
    if (!this.search.isCurrent()) this.reindexSearch({ onlyIfStale: true });
  }

  /**
   * Opens the data file at `path`. `indexer` declares the relationships every aspect write keeps
   * indexed; a file indexed under another version is re-indexed here, once.
   *
   * An existing file is checked before LMDB maps it (fileCheck.ts): one that is not a catalog data
   * file, is cut short, damaged in its first pages or of a newer format is refused with a
   * CatalogError naming it, and nothing is created or written beside it. A path with no file is made
   * a new data file only when `create` (the default for a read-write open; `created` then tells);
   * otherwise, and always for `readOnly`, it is refused as "no data file at PATH".
   */
  static open(
    path: string,
    indexer: RelationshipIndexer,
    search: SearchIndexer,
    options: { readOnly?: boolean; create?: boolean } = {},
  ): Store {
    if (!existsSync(path)) {
      if (options.readOnly || options.create === false) throw noDataFile(path);
      mkdirSync(dirname(path), { recursive: true });
      return new Store(path, indexer, search, false, true);
    }
    checkDataFile(path, FORMAT);
    // Read-only, a command reads the file as it is without ever taking the write lock: lmdb opens each
    // table of a read-write environment in a write transaction of its own, so `catalog get` waited
    // for a server's running ingest batch to commit before it could read anything. A file that lacks
    // a table or was indexed under other declarations is opened read-write instead, which migrates
    // it as every open did before.
    if (options.readOnly) {
      const store = new Store(path, indexer, search, true);
      if (store.readableAsIs()) return store;
      void store.env.close();
      // With no write pending, a read-only environment closes at once; one still open would be handed
      // to the read-write open below (lmdb shares an environment per path within a process).
      if ((store.env as unknown as { status: string }).status !== 'closed')
        throw new Error(`${path}: the read-only open did not close`);
    }
    return new Store(path, indexer, search, false);
  }

  /**
   * Opens the data file at `path` read-only exactly as it is, whatever its indexes or tables: never
   * written, never migrated, never created (`catalog verify`, which reports what a read-write open
   * would change rather than change it).
   */
  static openAsIs(path: string, indexer: RelationshipIndexer, search: SearchIndexer): Store {
    if (!existsSync(path)) throw noDataFile(path);
    checkDataFile(path, FORMAT);
    return new Store(path, indexer, search, true);
  }

  /**
   * Checks the whole file (verify.ts): its structure, every value against its checksum, the entity,
   * relationship and search indexes against the aspects, the sync bases. Reads one snapshot,
   * synchronously, writing nothing; `report` hears each problem as it is found.
   */
  verify(report: (problem: VerifyProblem) => void, progress?: VerifyProgress): VerifySummary {
    return verifyStore(
      {
        path: this.path,
        env: this.env,
        tables: this.tables,
        compression: this.compression,
        relationships: this.relationships,
        events: this.eventLog,
        search: this.search,
        sync: openSyncTables(this.env),
      },
      report,
      progress,
    );
  }

  /** Whether a read-only open found every table, and both indexes built under the current declarations. */
  private readableAsIs(): boolean {
    return (
      Object.values(this.tables).every(Boolean) &&
      this.search.tablesOpen() &&
      this.relationships.isCurrent() &&
      this.search.isCurrent()
    );
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
      // A scope that wrote nothing: every document is read from the file.
      const scope = new WriteScope(this.parts);
      try {
        this.search.clear();
        for (const urn of this.walk('entities', this.entities, {})) {
          if (scope.indexDocument(urn)) documents++;
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

  /**
   * Rebuilds the relationships index from the latest aspects, in one write transaction. On open it
   * runs only when the file was indexed under other declarations; another process opening the file
   * at the same time waits for the write lock, then finds it done.
   */
  reindexRelationships(options: { onlyIfStale?: boolean } = {}): { edges: number } {
    let edges = 0;
    this.writeSync(() => {
      // Another process may have re-indexed while this one waited for the write lock.
      if (options.onlyIfStale && this.relationships.isCurrent()) return;
      const ids = new EntityIdCounter(this.meta);
      let done = false;
      try {
        const rebuilt = this.relationships.rebuild(ids);
        edges = rebuilt.edges;
        // Search documents are keyed by entity id: new ids need them rebuilt (on open, that runs next).
        if (rebuilt.gaveIds) this.search.markStale();
        done = true;
      } finally {
        ids.settle(done);
        this.relationships.discard();
      }
    });
    return { edges };
  }

  /**
   * Runs `fn` in one write transaction and resolves with its result once committed to disk.
   * `fn` must be synchronous; if it throws, nothing it wrote is kept and the promise rejects.
   * `options.atEnd` runs inside the same transaction once `fn` and the indexes' writes are done,
   * before the commit, while what the transaction made is still alive: a pull collects its garbage
   * there, so the collection does not free the hidden classes the write path's optimized code
   * embeds (docs/bundle.md, "A pull's speed").
   */
  write<T>(fn: (txn: StoreTxn) => T, options: { atEnd?: () => void } = {}): Promise<T> {
    if (this.readOnly)
      return Promise.reject(new Error(`${this.path} is open read-only here: this command may not write`));
    let wroteEvents = false;
    const inTransaction = (): T => {
      const scope = new WriteScope(this.parts);
      let done = false;
      try {
        const result = fn(scope);
        scope.finish();
        options.atEnd?.();
        done = true;
        wroteEvents = scope.wroteEvents;
        return result;
      } finally {
        scope.end(done);
        if (!done) forgetStructures(this.tables);
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
    return written.then(
      (result) => {
        if (wroteEvents) for (const listener of this.eventListeners) listener();
        return result;
      },
      (e: unknown) => {
        forgetStructures(this.tables);
        throw e;
      },
    );
  }

  /**
   * Gives the store the model's deriver of change events (openCatalog does): from then on every
   * write transaction writes the events its changes make, in the same transaction.
   */
  setEventDeriver(deriver: ChangeEventDeriver | undefined): void {
    this.parts.events.deriver = deriver;
  }

  /** Calls `listener` after each commit of this process that wrote events; returns its removal. */
  onEvents(listener: () => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  /** Sets how many events, and how old, the log keeps; trims it at once. */
  async setEventRetention(retention: EventRetention): Promise<void> {
    if (this.readOnly) throw new Error(`${this.path} is open read-only here: this command may not write`);
    this.writeSync(() => this.eventLog.setRetention(retention, Date.now()));
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
      forgetStructures(this.tables);
      throw e;
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
   * copy under a read transaction; `compact` rewrites the catalog into the smallest file (backup.ts).
   */
  async backup(path: string, compact: boolean): Promise<void> {
    await backup(this.env, this.compression, path, compact, checkedCopy(this.path, this.tables));
  }

  async close(): Promise<void> {
    await this.env.close();
  }

  /**
   * For a file this open made (`created`) for a command that then failed: closes it and removes it and
   * its lock file while it holds nothing — no entity, remote or token, in this process or another
   * that opened it meanwhile. Answers whether it did (the store is then closed); otherwise it is left
   * open as it was.
   */
  async removeIfNothingIn(): Promise<boolean> {
    if (!this.created || this.readOnly) return false;
    this.refresh();
    if (this.entityTypes().length > 0 || this.remotes().length > 0 || this.listTokens().length > 0) return false;
    await this.env.close();
    for (const file of [this.path, `${this.path}-lock`]) rmSync(file, { force: true });
    return true;
  }

  /**
   * Lets go of the data file's pages this process has mapped: they leave its resident set and stay in
   * the page cache (format.ts releaseMap). For long walks (pull, push, diff): between two pages, so
   * the RSS of a walk over 100 000 entities is that of a walk over a page. Reads and writes go on as
   * before; the next read of a released page costs a minor fault. False where nothing was released.
   */
  releaseMappedPages(): boolean {
    return releaseMap(this.env);
  }

  /**
   * The file as it is now, read in one read transaction until `done()` (view.ts StoreSnapshot).
   * `latest`: the transaction starts afresh on the latest commit, and `txnId` tells which commit
   * that is (two snapshots with the same `txnId`, in any threads or processes, read the same file).
   */
  snapshot(options: { latest?: boolean } = {}): StoreSnapshot {
    // The id of the last commit to the file; a read transaction begun between two equal readings of
    // it reads that commit (lmdb-js does not tell a read transaction's own id).
    const lastCommit = () => (this.env as unknown as { env: { info(): { lastTxnId: number } } }).env.info().lastTxnId;
    const before = options.latest ? lastCommit() : undefined;
    // The read transaction lmdb-js shares may have begun on an older commit earlier in this turn.
    if (options.latest) this.env.resetReadTxn();
    const transaction = this.env.useReadTransaction();
    const txnId = before !== undefined && lastCommit() === before ? before : undefined;
    const inTxn = { transaction } as never;
    const urnsOfType = (entityType: string, after: string | undefined, limit: number): string[] => {
      const start: [string, string] = after === undefined ? [entityType, ''] : [entityType, after + AFTER];
      return Array.from(
        this.walk<[string, string]>('byType', this.byType, {
          start,
          end: [entityType + AFTER, ''],
          limit,
          transaction,
        } as never),
        (k) => k[1],
      );
    };
    let open = true;
    return {
      txnId,
      entityTypes: () => {
        const types: string[] = [];
        let start: [string, string] = ['', ''];
        for (;;) {
          const next = this.walk<[string, string]>('byType', this.byType, {
            start,
            limit: 1,
            transaction,
          } as never).next().value;
          if (!next) return types;
          types.push(next[0]);
          start = [next[0] + AFTER, ''];
        }
      },
      *eachUrnOfType(entityType: string, pageSize = 1000) {
        let after: string | undefined;
        for (;;) {
          const page = urnsOfType(entityType, after, pageSize);
          yield* page;
          if (page.length < pageSize) return;
          after = page[page.length - 1];
        }
      },
      getEntity: (urn) => this.entities.get(urn, inTxn),
      getAspect: (urn, aspectName, version = 0) => this.aspects.get([urn, aspectName, version], inTxn),
      aspectJson: (urn, aspectName, version = 0) => this.rowJson([urn, aspectName, version], inTxn),
      done: () => {
        if (open) transaction.done();
        open = false;
      },
    };
  }

  getAspect(urn: string, aspectName: string, version = 0): AspectRecord | undefined {
    return this.aspects.get([urn, aspectName, version]);
  }

  /**
   * An aspect version's value as the JSON `JSON.stringify` gives for it, as UTF-8, and the row's
   * `history`: read straight from the stored bytes (valueJson.ts), or decoded and stringified where
   * that reader gives up. The answer and its bytes are reused by the next call. Checked as every read
   * is: a damaged value fails as it does in getAspect.
   */
  aspectJson(urn: string, aspectName: string, version = 0): RowJson | undefined {
    return this.rowJson([urn, aspectName, version], undefined);
  }

  private rowJson(key: [string, string, number], options: { transaction: unknown } | undefined): RowJson | undefined {
    const decoder = (this.aspects as unknown as LmdbInternals).decoder;
    // Inside a write transaction the bytes may be uncommitted, and lmdb-js reads them differently.
    if (decoder?.structures && !(this.env as unknown as LmdbInternals).env.writeTxn) {
      let fast: Buffer | undefined;
      try {
        fast = (
          this.aspects as unknown as { getBinaryFast(key: unknown, options: unknown): Buffer | undefined }
        ).getBinaryFast(key, options);
      } catch (e) {
        throw namedDamage(this.path, 'aspects', key, e);
      }
      if (fast === undefined) return undefined;
      // `length`, not `byteLength`: lmdb hands out its whole shared buffer with `length` set to the value's.
      const end = fast.length;
      try {
        // A value that fails its checksum, or has none, is read again below, which says what is wrong.
        if (checkStored(fast, end) === 'sound') {
          const json = aspectRowJson(fast, CHECKSUM_HEADER, end, decoder.structures);
          if (json) {
            rowJsonReads.direct++;
            return json;
          }
        }
      } finally {
        spoil(this.aspects, fast);
      }
    }
    const record = this.aspects.get(key, options as never);
    if (!record) return undefined;
    rowJsonReads.decoded++;
    return decodedRowJson(record.value, record.history);
  }

  readAspect(urn: string, aspectName: string): Readonly<AspectRecord> | undefined {
    // Inside a write transaction the bytes may be uncommitted: read them as they are, share nothing.
    if ((this.env as unknown as LmdbInternals).env.writeTxn) return this.getAspect(urn, aspectName);
    let fast: ReturnType<typeof this.aspects.getBinaryFast>;
    try {
      fast = this.aspects.getBinaryFast([urn, aspectName, 0]);
    } catch (e) {
      throw namedDamage(this.path, 'aspects', [urn, aspectName, 0], e);
    }
    if (fast === undefined) return undefined;
    // `length`, not `byteLength`: lmdb hands out its whole shared buffer with `length` set to the value's.
    const bytes = fast.subarray(0, fast.length);
    // The table's decoder checks the value's checksum before decoding it (checksum.ts); bytes equal to
    // those decoded last time were checked then.
    const decoder = (this.aspects as unknown as LmdbInternals).decoder!;
    try {
      return this.decoded.get(urn, aspectName, bytes, (stable) => decoder.decode(stable) as AspectRecord);
    } catch (e) {
      throw namedDamage(this.path, 'aspects', [urn, aspectName, 0], e);
    } finally {
      spoil(this.aspects, fast);
    }
  }

  /**
   * Whether some values of the file have no checksum yet: an older file not yet opened read-write by
   * this release, or one whose upgrade was interrupted (checksumUpgrade.ts). They read as before.
   */
  get checksumsPending(): boolean {
    return this.meta?.get(CHECKSUMS_KEY) !== undefined;
  }

  /**
   * Gives every value of the file that has none its checksum, in batches of their own transactions
   * (checksumUpgrade.ts); openCatalog runs it on a read-write open when checksumsPending.
   */
  addChecksums(progress?: ChecksumProgress): ChecksumUpgrade {
    if (this.readOnly) throw new Error(`${this.path} is open read-only here: its values cannot be given checksums`);
    try {
      return addChecksums(this.env, this.tables, this.compression, progress);
    } catch (e) {
      forgetStructures(this.tables);
      throw e;
    }
  }

  /**
   * Sets the heap budget of the decoded values readAspect shares (`catalog serve --cache-mb`); a
   * smaller one empties them.
   */
  setSharedValuesBudget(bytes: number): void {
    this.decoded.resize(bytes);
  }

  /** The heap budget of the decoded values readAspect shares, and what those it keeps cost now. */
  get sharedValuesMemory(): { budget: number; used: number } {
    return { budget: this.decoded.budget, used: this.decoded.used };
  }

  /** How many readAspect calls shared a decoded value, and how many decoded. */
  get sharedReads(): { hits: number; misses: number } {
    return { hits: this.decoded.hits, misses: this.decoded.misses };
  }

  getEntity(urn: string): EntityRecord | undefined {
    return this.entities.get(urn);
  }

  entityExists(urn: string): boolean {
    return this.entities.doesExist(urn);
  }

  urnsOfType(entityType: string, options: { after?: string; limit?: number } = {}): string[] {
    const start: [string, string] =
      options.after === undefined ? [entityType, ''] : [entityType, options.after + AFTER];
    const out: string[] = [];
    for (const key of this.walk<[string, string]>('byType', this.byType, {
      start,
      end: [entityType + AFTER, ''],
      limit: options.limit,
    })) {
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
    return this.relationships.edges(urn, direction, types);
  }

  getToken(id: string): unknown {
    return this.tokens.get(id);
  }

  listTokens(): Array<{ id: string; value: unknown }> {
    return Array.from(this.walk('tokens', this.tokens, {}), (id) => ({ id, value: this.tokens.get(id) }));
  }

  getSetting(name: string): unknown {
    return this.meta.get(`setting:${name}`);
  }

  timeseries(urn: string, aspectName: string, range: TimeRange = {}): TimeseriesRow[] {
    return timeseries(this.walkEntries, this.series, urn, aspectName, range);
  }

  timeseriesNewestFirst(urn: string, aspectName: string, range: TimeRange = {}): Generator<TimeseriesRow> {
    return timeseriesNewestFirst(this.path, this.series, urn, aspectName, range);
  }

  timeseriesAspects(urn: string): string[] {
    return timeseriesAspects(this.walk, this.series, urn);
  }

  remotes(): RemoteRecord[] {
    return this.syncReads.remotes();
  }

  getRemote(name: string): RemoteRecord | undefined {
    return this.syncReads.getRemote(name);
  }

  syncLocations(): string[] {
    return this.syncReads.syncLocations();
  }

  getSyncBase(location: string, urn: string, aspectName: string): SyncBase | undefined {
    return this.syncReads.getSyncBase(location, urn, aspectName);
  }

  syncBases(location: string, urn?: string): Generator<{ urn: string; aspectName: string; base: SyncBase }> {
    return this.syncReads.syncBases(location, urn);
  }

  getBundle(key: string): BundleRecord | undefined {
    return this.syncReads.getBundle(key);
  }

  bundleRecords(): Array<{ key: string; value: BundleRecord }> {
    return this.syncReads.bundleRecords();
  }
}
