/**
 * The store as the layers above see it: read access (StoreView, the Store itself and every write
 * transaction) and write access (StoreTxn, only inside `Store.write`).
 */
import type { RelatedEdge, RelationshipDirection } from './relationships.ts';
import type { SearchView } from './searchIndex.ts';
import type { BundleRecord, RemoteRecord, SyncBase } from './syncState.ts';
import type { AspectRecord, AuditStamp, EntityRecord, TimeRange, TimeseriesRecord, TimeseriesRow } from './tables.ts';
import type { RowJson } from './valueJson.ts';

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

/** Read access, outside or inside a write transaction. */
export interface StoreView {
  getAspect(urn: string, aspectName: string, version?: number): AspectRecord | undefined;
  /**
   * The latest version of an aspect for reading only: outside a write transaction it may be the very
   * value an earlier read got (decoded once while the stored bytes stay the same, decodedCache.ts);
   * such a shared value is deeply frozen, one not shared (a first read, or inside a write transaction,
   * getAspect's) is not. Either way it must not be changed. For read models.
   */
  readAspect(urn: string, aspectName: string): Readonly<AspectRecord> | undefined;
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
  /** The remotes named in the file (syncState.ts), in name order. */
  remotes(): RemoteRecord[];
  /** Every remote location the file keeps sync bases for (syncState.ts). */
  syncLocations(): string[];
  getRemote(name: string): RemoteRecord | undefined;
  /** What the file knows of the remote at `location`'s value of an aspect at the last sync. */
  getSyncBase(location: string, urn: string, aspectName: string): SyncBase | undefined;
  /** The bases kept for the remote at `location` (of one entity when `urn` is given), in key order, read a page at a time (a caller may await between two). */
  syncBases(location: string, urn?: string): Generator<{ urn: string; aspectName: string; base: SyncBase }>;
  /** A bundle record (syncState.ts `bundles`): a bundle's content checksum, or `catalog` for this catalog's id. */
  getBundle(key: string): BundleRecord | undefined;
  bundleRecords(): Array<{ key: string; value: BundleRecord }>;
}

/**
 * Reads of the file as it was at one moment (one LMDB read transaction): what other writers commit
 * meanwhile, in this process or another, is not seen. `done()` ends it; until then the file keeps the
 * pages it reads, so a snapshot is for one long read (an export), not for keeping.
 */
export interface StoreSnapshot {
  /** The commit it reads, when asked for the latest (Store.snapshot) and known. */
  readonly txnId: number | undefined;
  entityTypes(): string[];
  eachUrnOfType(entityType: string, pageSize?: number): Generator<string>;
  getEntity(urn: string): EntityRecord | undefined;
  getAspect(urn: string, aspectName: string, version?: number): AspectRecord | undefined;
  /** An aspect version's value as JSON (Store.aspectJson), in this snapshot. */
  aspectJson(urn: string, aspectName: string, version?: number): RowJson | undefined;
  done(): void;
}

/** Write access; only valid inside `Store.write`. */
export interface StoreTxn extends StoreView {
  putAspect(input: PutAspectInput): PutAspectResult;
  /**
   * Removes an aspect and its history; returns the number of rows removed. `stamp`: who deleted it
   * and when, for its change events (absent: now, by the transaction's last writer or the system).
   */
  deleteAspect(urn: string, aspectName: string, stamp?: AuditStamp): number;
  /**
   * Undoes an aspect's latest version: the version before it becomes the latest again, or, when it
   * has none, the aspect is removed. Returns what happened (`none`: no such aspect). `stamp` as
   * deleteAspect's.
   */
  revertAspect(urn: string, aspectName: string, stamp?: AuditStamp): 'restored' | 'deleted' | 'none';
  /** Removes an entity with every aspect and version; returns the number of rows removed. `stamp` as deleteAspect's. */
  deleteEntity(urn: string, stamp?: AuditStamp): number;
  putToken(id: string, value: unknown): void;
  deleteToken(id: string): boolean;
  /** Stores one event; an event at the same time and partition is replaced. */
  putTimeseries(
    urn: string,
    aspectName: string,
    timestampMillis: number,
    partition: string,
    record: TimeseriesRecord,
  ): void;
  /** Removes the events of `urn` (of one aspect, in a time range, when given); returns how many. */
  deleteTimeseries(urn: string, aspectName?: string, range?: TimeRange): number;
  putSetting(name: string, value: unknown): void;
  putRemote(record: RemoteRecord): void;
  deleteRemote(name: string): boolean;
  putSyncBase(location: string, urn: string, aspectName: string, base: SyncBase): void;
  deleteSyncBase(location: string, urn: string, aspectName: string): void;
  /** Removes every base kept for the remote at `location`; returns how many. */
  deleteSyncBases(location: string): number;
  putBundle(key: string, record: BundleRecord): void;
}
