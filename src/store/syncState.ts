/**
 * What the data file keeps for sync (`catalog remote`, `pull`, `push`, `diff`, `status`), in two
 * tables of their own:
 * - `remotes`:   name → RemoteRecord: the remotes a user named, each with its location (the URL of a
 *                server or the absolute path of a data file). Never a credential: the file is the one
 *                people ship, tokens stay outside it.
 * - `syncBases`: [remote location, urn, aspect] → SyncBase: the remote's version of the aspect and
 *                the hash of its value at the last sync (and the id of the pull that wrote it, when
 *                a pull did), written in the same write transaction as the aspects it describes.
 *                Keyed by location rather than by name, so a remote used by its bare URL or path
 *                shares the bases of the name given to it.
 *
 * - `bundles`:   what the file knows of bundles (src/ops/bundle/): under `catalog`, this catalog's
 *                own random id (given on the first `bundle create` or bundle pull); under a bundle's
 *                content checksum, a BundleRecord: a bundle this file made or pulled, so a later
 *                bundle that needs it as its prerequisite is known to be held here.
 *
 * Older files lack these tables. They are not part of the data file's format (no format bump): a
 * read-write open creates them, and a read-only open of a file without them reads them as empty.
 */
import type { Database, RootDatabase } from 'lmdb';
import { AFTER, type Walk, type WalkEntries } from './keyWalks.ts';

export interface RemoteRecord {
  name: string;
  /** `http(s)://…` for a server, an absolute path for a data file. */
  location: string;
  /**
   * The runId of a push to this remote that has not finished: set before its first batch, cleared
   * when its last is acknowledged; a push that finds it continues under it (ops/sync/push.ts).
   */
  pushRun?: string;
}

export interface SyncBase {
  /** The remote's version of the aspect at the last sync. */
  version: string;
  /** SHA-256 (hex) of the canonical JSON of the value both sides held then. */
  hash: string;
  /**
   * The id of the pull that wrote the base (absent: written by a push, or before pulls recorded it).
   * A pull of every entity of its types rewrites the base of every aspect it read; afterwards, an
   * entity none of whose bases carries that pull's id was not in the remote's scroll (pull.ts).
   */
  pull?: string;
  /**
   * Set by a pull that left the aspect in conflict: the remote's version and value hash shown then,
   * and the hash of the local value at that moment (sync/base.ts ConflictMark, sync/reconcile.ts).
   */
  conflict?: { version: string; hash: string; local: string };
}

/** A bundle this file made or pulled (`made`), or, under the key `catalog`, this catalog's identity. */
export interface BundleRecord {
  /** The catalog that made the bundle (under `catalog`: this catalog's own id). */
  catalog: string;
  /** When it was made (ISO 8601). */
  date: string;
  made?: boolean;
}

/** Bases read at a time by `syncBases`. */
const BASES_PAGE = 1000;

/** A key of `syncBases`: [remote location, urn, aspect]. */
export type SyncBaseKey = [string, string, string];

export interface SyncTables {
  /** Undefined only on a read-only open of a file written before sync existed. */
  readonly remotes: Database<RemoteRecord, string> | undefined;
  readonly syncBases: Database<SyncBase, SyncBaseKey> | undefined;
  readonly bundles: Database<BundleRecord, string> | undefined;
}

export function openSyncTables(env: RootDatabase): SyncTables {
  return {
    remotes: env.openDB('remotes', {}) ?? undefined,
    syncBases: env.openDB('syncBases', {}) ?? undefined,
    bundles: env.openDB('bundles', {}) ?? undefined,
  };
}

/** Reads of the sync tables (the Store's and every write transaction's). */
export class SyncReads {
  constructor(
    protected readonly tables: SyncTables,
    protected readonly walk: Walk,
    protected readonly walkEntries: WalkEntries,
  ) {}

  remotes(): RemoteRecord[] {
    const db = this.tables.remotes;
    if (!db) return [];
    return Array.from(this.walkEntries('remotes', db, {}), (e) => e.value);
  }

  /**
   * Every location the file keeps bases for, in order: one key read per location (the walk jumps past
   * each location's bases), whether or not a remote record names it — a file of a release that kept
   * bases only has none for a remote used by its bare URL or path.
   */
  syncLocations(): string[] {
    const db = this.tables.syncBases;
    if (!db) return [];
    const out: string[] = [];
    let start: SyncBaseKey = ['', '', ''];
    for (;;) {
      const next = this.walk<SyncBaseKey>('syncBases', db, { start, limit: 1 }).next().value;
      if (!next) return out;
      out.push(next[0]);
      start = [next[0] + AFTER, '', ''];
    }
  }

  getRemote(name: string): RemoteRecord | undefined {
    return this.tables.remotes?.get(name);
  }

  getSyncBase(location: string, urn: string, aspectName: string): SyncBase | undefined {
    return this.tables.syncBases?.get([location, urn, aspectName]);
  }

  getBundle(key: string): BundleRecord | undefined {
    return this.tables.bundles?.get(key);
  }

  /** Every bundle record, in key order (a few per bundle exchanged: small). */
  bundleRecords(): Array<{ key: string; value: BundleRecord }> {
    const db = this.tables.bundles;
    if (!db) return [];
    return Array.from(this.walkEntries('bundles', db, {}), (e) => ({ key: e.key as string, value: e.value }));
  }

  /**
   * The bases kept for a remote, of one entity when `urn` is given, in key order, read BASES_PAGE at
   * a time: no read transaction stays open between two pages, so a caller may await (and write)
   * between two bases — what a page holds is as it was when the page was read.
   */
  *syncBases(location: string, urn?: string): Generator<{ urn: string; aspectName: string; base: SyncBase }> {
    const db = this.tables.syncBases;
    if (!db) return;
    let start: SyncBaseKey = urn === undefined ? [location, '', ''] : [location, urn, ''];
    const end: SyncBaseKey = urn === undefined ? [location + AFTER, '', ''] : [location, urn + AFTER, ''];
    for (;;) {
      const page = Array.from(this.walkEntries('syncBases', db, { start, end, limit: BASES_PAGE }));
      for (const { key, value } of page) yield { urn: key[1], aspectName: key[2], base: value };
      if (page.length < BASES_PAGE) return;
      const last = page[page.length - 1]!.key;
      // The least key after the last one read (aspect names are short strings: AFTER bounds them).
      start = [last[0], last[1], last[2] + AFTER];
    }
  }
}

/** Writes of the sync tables, inside a write transaction. */
export class SyncWrites extends SyncReads {
  private writable<T>(db: T | undefined): T {
    // A read-write open always creates the tables; a write transaction exists only there.
    if (!db) throw new Error('the sync tables are not open for writing');
    return db;
  }

  putRemote(record: RemoteRecord): void {
    this.writable(this.tables.remotes).put(record.name, record);
  }

  deleteRemote(name: string): boolean {
    const db = this.writable(this.tables.remotes);
    if (!db.doesExist(name)) return false;
    db.remove(name);
    return true;
  }

  putSyncBase(location: string, urn: string, aspectName: string, base: SyncBase): void {
    this.writable(this.tables.syncBases).put([location, urn, aspectName], base);
  }

  putBundle(key: string, record: BundleRecord): void {
    this.writable(this.tables.bundles).put(key, record);
  }

  deleteSyncBase(location: string, urn: string, aspectName: string): void {
    this.writable(this.tables.syncBases).remove([location, urn, aspectName]);
  }

  /** Removes every base kept for a remote; returns how many. */
  deleteSyncBases(location: string): number {
    const db = this.writable(this.tables.syncBases);
    const keys = Array.from(
      this.walk<SyncBaseKey>('syncBases', db, { start: [location, '', ''], end: [location + AFTER, '', ''] }),
    );
    for (const k of keys) db.remove(k);
    return keys.length;
  }
}
