/**
 * The versioned aspect store on LMDB (DESIGN.md §3 "Store").
 *
 * Layout, all in one LMDB environment (one data file plus its `-lock` file):
 * - `aspects`:  [urn, aspectName, version] → AspectRecord. Version 0 is the latest value; each change
 *               copies the previous latest to version max+1, so history is 1..n in order of age.
 * - `entities`: urn → EntityRecord (its entity type and the names of its aspects).
 * - `byType`:   [entityType, urn] → true, the index of URNs by entity type.
 * - `tokens`:   token id → token record (access tokens, stored hashed).
 *
 * Every write goes through `write(fn)`: `fn` runs synchronously inside one LMDB write transaction
 * (an lmdb-js child transaction, batched with other writes of the same event-loop turn into one
 * commit). Reads inside `fn` see the transaction's own writes, LMDB serialises writers across
 * processes, and a throw from `fn` rolls back everything `fn` wrote — so a read-modify-write can
 * never lose a concurrent update and a failed operation leaves nothing behind.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import * as lmdb from 'lmdb';
import { open, type Database, type Key, type RootDatabase } from 'lmdb';
import { CatalogError } from '../model/errors.ts';

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
  getToken(id: string): unknown;
  listTokens(): Array<{ id: string; value: unknown }>;
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
}

/** Upper bound for ranges over string key parts: URNs never contain U+0000. */
const AFTER = '\u0000';

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
  let previous: K | undefined = range.start;
  let previousBytes = range.start === undefined ? undefined : encodeKey(range.start);
  let inclusive = true;
  for (const key of db.getKeys(range)) {
    const bytes = encodeKey(key);
    if (previousBytes !== undefined) {
      const order = Buffer.compare(bytes, previousBytes);
      if (order < 0 || (order === 0 && !inclusive)) throw new KeyWalkError(store, name, key, previous);
    }
    previous = key;
    previousBytes = bytes;
    inclusive = false;
    yield key;
  }
}

/** Encoded form of a key: the byte order LMDB sorts by (a JS comparison of strings is not it). */
const encodeKey = (lmdb as unknown as { keyValueToBuffer(key: Key): Buffer }).keyValueToBuffer;

export class Store implements StoreView {
  readonly path: string;
  private readonly env: RootDatabase;
  private readonly aspects: Database<AspectRecord, [string, string, number]>;
  private readonly entities: Database<EntityRecord, string>;
  private readonly byType: Database<true, [string, string]>;
  private readonly tokens: Database<unknown, string>;
  private readonly txn: StoreTxn;

  private constructor(path: string) {
    this.path = path;
    // The same options in every process that opens the file (lmdb requires it).
    this.env = open({ path, compression: false, maxDbs: 8, encoding: 'msgpack' });
    this.aspects = this.env.openDB('aspects', {});
    this.entities = this.env.openDB('entities', {});
    this.byType = this.env.openDB('byType', {});
    this.tokens = this.env.openDB('tokens', {});
    this.txn = this.makeTxn();
  }

  /** Opens (creating if needed) the data file at `path`. */
  static open(path: string): Store {
    mkdirSync(dirname(path), { recursive: true });
    return new Store(path);
  }

  /**
   * Runs `fn` in one write transaction and resolves with its result once committed to disk.
   * `fn` must be synchronous; if it throws, nothing it wrote is kept and the promise rejects.
   */
  write<T>(fn: (txn: StoreTxn) => T): Promise<T> {
    return this.env.childTransaction(() => fn(this.txn)) as Promise<T>;
  }

  /** Makes the latest commits of other processes visible to this process's reads now. */
  refresh(): void {
    this.env.resetReadTxn();
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
    for (const key of this.walk('byType', this.byType, { start, end: [entityType + AFTER, ''], limit: options.limit })) {
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

  private walk<K extends Key>(name: string, db: Database<unknown, K>, range: KeyRange<K>): Generator<K> {
    return checkedKeys<K>(this.path, name, db, range);
  }

  getToken(id: string): unknown {
    return this.tokens.get(id);
  }

  listTokens(): Array<{ id: string; value: unknown }> {
    return Array.from(this.walk('tokens', this.tokens, {}), (id) => ({ id, value: this.tokens.get(id) }));
  }

  private makeTxn(): StoreTxn {
    const { aspects, entities, byType, tokens } = this;
    const aspectKeys = (urn: string, name: string): Array<[string, string, number]> =>
      Array.from(this.walk<[string, string, number]>('aspects', aspects, { start: [urn, name, 0], end: [urn, name + AFTER, 0] }));
    const txn: StoreTxn = {
      getAspect: (u, a, v) => this.getAspect(u, a, v),
      getEntity: (u) => this.getEntity(u),
      entityExists: (u) => this.entityExists(u),
      urnsOfType: (t, o) => this.urnsOfType(t, o),
      eachUrnOfType: (t, p) => this.eachUrnOfType(t, p),
      entityTypes: () => this.entityTypes(),
      getToken: (id) => this.getToken(id),
      listTokens: () => this.listTokens(),

      putAspect(input: PutAspectInput): PutAspectResult {
        const { urn, aspectName } = input;
        const systemMetadata = { ...(input.systemMetadata ?? {}), lastObserved: input.created.time };
        let entity = entities.get(urn);
        const createdEntity = entity === undefined;
        let entityChanged = createdEntity;
        if (!entity) {
          entity = { entityType: input.entityType, aspects: [] };
          byType.put([input.entityType, urn], true);
        }
        if (!entity.aspects.includes(input.key.aspectName)) {
          aspects.put([urn, input.key.aspectName, 0], {
            value: input.key.value,
            systemMetadata,
            created: input.created,
            history: 0,
          });
          entity = { ...entity, aspects: [...entity.aspects, input.key.aspectName] };
          entityChanged = true;
        }
        // The entity record lists every aspect it has, so an aspect it does not list needs no lookup.
        const current = entity.aspects.includes(aspectName) ? aspects.get([urn, aspectName, 0]) : undefined;
        if (current && deepEqual(current.value, input.value)) {
          aspects.put([urn, aspectName, 0], { ...current, systemMetadata: { ...(current.systemMetadata ?? {}), lastObserved: input.created.time } });
          if (entityChanged) entities.put(urn, entity);
          return { changed: false, history: current.history ?? 0, created: createdEntity };
        }
        let history = 0;
        if (current) {
          history = (current.history ?? 0) + 1;
          const { history: _drop, ...old } = current;
          aspects.put([urn, aspectName, history], old);
        }
        aspects.put([urn, aspectName, 0], { value: input.value, systemMetadata, created: input.created, history });
        if (!entity.aspects.includes(aspectName)) {
          entity = { ...entity, aspects: [...entity.aspects, aspectName] };
          entityChanged = true;
        }
        if (entityChanged) entities.put(urn, entity);
        return { changed: true, history, created: createdEntity };
      },

      deleteAspect(urn: string, aspectName: string): number {
        const entity = entities.get(urn);
        if (!entity || !entity.aspects.includes(aspectName)) return 0;
        let rows = 0;
        for (const key of aspectKeys(urn, aspectName)) {
          aspects.remove(key);
          rows++;
        }
        entities.put(urn, { ...entity, aspects: entity.aspects.filter((a) => a !== aspectName) });
        return rows;
      },

      deleteEntity(urn: string): number {
        const entity = entities.get(urn);
        if (!entity) return 0;
        let rows = 0;
        for (const name of entity.aspects) {
          for (const key of aspectKeys(urn, name)) {
            aspects.remove(key);
            rows++;
          }
        }
        entities.remove(urn);
        byType.remove([entity.entityType, urn]);
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
