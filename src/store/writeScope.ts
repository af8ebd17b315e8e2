/**
 * One write transaction: the StoreTxn that `Store.write` hands to its function, and everything the
 * transaction accumulates until its end — the aspects and entities it wrote, the entities whose
 * search documents it may have changed, the ids it gave and took back — made when the transaction
 * starts and dropped with it. At its end (finish) the search documents of what it touched are
 * brought in line and the pending index changes written, in the same transaction as the aspects.
 */
import type { Database, Key } from 'lmdb';
import { AFTER, type Walk } from './keyWalks.ts';
import {
  EntityIdCounter,
  type RelatedEdge,
  type RelationshipDirection,
  type RelationshipIndex,
} from './relationships.ts';
import type { SearchTables } from './searchIndex.ts';
import {
  deepEqual,
  type AspectKey,
  type AuditStamp,
  type AspectRecord,
  type EntityRecord,
  type Tables,
  type SeriesKey,
  type TimeRange,
  type TimeseriesRecord,
  type TimeseriesRow,
} from './tables.ts';
import { seriesKeys } from './timeseries.ts';
import type { PutAspectInput, PutAspectResult, StoreTxn, StoreView } from './view.ts';
import type { BundleRecord, RemoteRecord, SyncBase, SyncWrites } from './syncState.ts';
import {
  isRead,
  sameReads,
  seriesId,
  type AspectChangeEntry,
  type AspectChangeInput,
  type ChangeEntry,
  type ChangeEventDeriver,
  type EventLog,
  type MaterializeScope,
} from './events.ts';

/** What a write scope reads and writes through: the store's parts, made once when it opens. */
export interface StoreParts {
  readonly tables: Tables;
  readonly relationships: RelationshipIndex;
  readonly search: SearchTables;
  /** The search indexer's `derived` aspects. */
  readonly derived: ReadonlySet<string>;
  /** The store's reads (a write transaction reads its own writes through them). */
  readonly view: StoreView;
  readonly walk: Walk;
  /** The sync tables' writes (syncState.ts). */
  readonly syncWrites: SyncWrites;
  /** The change event log (events.ts), and the model's deriver of events once openCatalog has given it. */
  readonly events: { readonly log: EventLog; deriver: ChangeEventDeriver | undefined };
}

/** The actor of an event whose change carries no stamp (a delete): DataHub's system actor. */
const SYSTEM_ACTOR = 'urn:li:corpuser:__datahub_system';

/**
 * Puts `value` under `key` unless the key holds one already; answers whether it did. Inside a write
 * transaction LMDB answers at once (MDB_NOOVERWRITE), so the put is its own existence check.
 */
function putIfNew<K extends Key, V>(db: Database<V, K>, key: K, value: V): boolean {
  const done = db.put(key, value, { noOverwrite: true } as unknown as number) as Promise<boolean> & {
    result?: boolean;
  };
  return done.result === true;
}

export class WriteScope implements StoreTxn {
  readonly search: SearchTables;
  /** The entity ids this transaction gives. */
  readonly ids: EntityIdCounter;
  /** Entities whose search document this transaction may have changed. */
  private readonly dirty = new Set<string>();
  /**
   * The ids of the entities this transaction deleted, by urn (the first, if it deleted one twice):
   * their documents go at its end, under those ids, even when the urn is created again.
   */
  private readonly deletedIds = new Map<string, number>();
  /**
   * The values the search indexer's `derived` aspects had before this transaction changed them
   * (undefined: absent), by `urn␀aspect`: the stored documents lack what those aspects gave, so
   * taking an old document out reads it back from them.
   */
  private readonly derivedBefore = new Map<string, unknown>();
  /**
   * What this transaction wrote, for re-indexing at its end without reading back and decoding what
   * it just encoded: latest aspect records by urn then aspect name, and entity records by urn
   * (undefined: removed). By urn first, so a lookup makes no `urn␀aspect` string (a long urn hashed
   * again for every aspect a document reads).
   */
  private readonly writtenAspects = new Map<string, Map<string, AspectRecord | undefined>>();
  private readonly writtenEntities = new Map<string, EntityRecord | undefined>();
  private readonly view: StoreView;
  private readonly relationships: RelationshipIndex;
  private readonly derived: ReadonlySet<string>;
  private readonly walk: Walk;
  private readonly aspects: Tables['aspects'];
  private readonly entities: Tables['entities'];
  private readonly byType: Tables['byType'];
  private readonly tokens: Tables['tokens'];
  private readonly series: Tables['series'];
  private readonly entityUrns: Tables['entityUrns'];
  private readonly meta: Tables['meta'];
  private readonly sync: SyncWrites;
  private readonly events: StoreParts['events'];
  /** The change log entries of this transaction's changes, written at its end (finish), by entity, time and actor too. */
  private readonly pendingEntries: ChangeEntry[] = [];
  private readonly pendingByKey = new Map<string, ChangeEntry>();
  /** The stamp of the transaction's last aspect write: the actor of its deletes' events. */
  private lastStamp: { time: number; actor: string } | undefined;
  /** Whether finish() wrote events (the store then tells whoever waits for them, once committed). */
  wroteEvents = false;

  constructor(parts: StoreParts) {
    ({
      view: this.view,
      relationships: this.relationships,
      search: this.search,
      derived: this.derived,
      walk: this.walk,
    } = parts);
    ({
      aspects: this.aspects,
      entities: this.entities,
      byType: this.byType,
      tokens: this.tokens,
      series: this.series,
      entityUrns: this.entityUrns,
      meta: this.meta,
    } = parts.tables);
    this.ids = new EntityIdCounter(this.meta);
    this.sync = parts.syncWrites;
    this.events = parts.events;
  }

  /** The deriver, when it makes events of changes of this aspect of this entity type. */
  private deriverFor(aspectName: string, entityType: string, lifecycle = false): ChangeEventDeriver | undefined {
    const deriver = this.events.deriver;
    return deriver?.carries(aspectName, entityType, lifecycle) ? deriver : undefined;
  }

  /**
   * Adds a change to the entry of its entity, actor and time in this transaction (a new entry for the
   * first): an ingest logs one entry per entity and batch, not one per aspect.
   */
  private log(
    urn: string,
    entityType: string,
    stamp: { time: number; actor: string },
    change: AspectChangeEntry,
  ): void {
    // Writes of one entity come together (an ingest's series events, an entity's aspects): the last
    // entry is looked at before the map.
    const last = this.pendingEntries[this.pendingEntries.length - 1];
    if (last && last.urn === urn && last.time === stamp.time && last.actor === stamp.actor) {
      // Series events of one aspect in a row share a change: one [time, partition] more each.
      const previous = last.changes[last.changes.length - 1];
      if (
        change.series &&
        previous?.series &&
        previous.events === undefined &&
        previous.aspectName === change.aspectName &&
        sameReads(previous.reads, change.reads)
      )
        previous.series.push(...change.series);
      else last.changes.push(change);
      return;
    }
    const key = `${urn}\u0000${stamp.time}\u0000${stamp.actor}`;
    let entry = this.pendingByKey.get(key);
    if (!entry) {
      entry = { time: stamp.time, actor: stamp.actor, urn, entityType, changes: [] };
      this.pendingByKey.set(key, entry);
      this.pendingEntries.push(entry);
    }
    entry.changes.push(change);
  }

  /**
   * Logs a change whose values go with it (a delete, a revert), its events computed now; before
   * that, every entry naming versions of the aspect (of every aspect, for the entity's deletion) gets
   * its events computed, while they are stored.
   */
  private logRemoval(change: AspectChangeInput, deriver: ChangeEventDeriver): void {
    const { urn, aspectName } = change;
    this.materializeAll(urn, { aspectName: change.lifecycle ? undefined : aspectName }, deriver);
    this.log(urn, change.entityType, change.stamp, {
      aspectName,
      ...(change.lifecycle && { lifecycle: change.lifecycle }),
      events: deriver.derive(change),
    });
  }

  /** Computes the events of the entries (committed and pending) of `urn` whose changes in `scope` name stored values. */
  private materializeAll(urn: string, scope: MaterializeScope, deriver: ChangeEventDeriver): void {
    const derive = (c: AspectChangeInput) => deriver.derive(c);
    this.events.log.materialize(urn, scope, derive);
    for (const e of this.pendingEntries) if (e.urn === urn) this.events.log.materializeEntry(e, scope, derive);
  }

  /**
   * Before versions of an aspect go that the events of series events read (a run's relationships),
   * the entries naming those versions get their events computed.
   */
  private materializeReaders(urn: string, aspectName: string): void {
    const deriver = this.events.deriver;
    if (deriver && isRead(deriver, aspectName)) this.materializeAll(urn, { aspectName }, deriver);
  }

  /**
   * The stamp of a delete's or revert's events: the one its caller gives (the operation's own), else
   * now, by the transaction's last writer or the system.
   */
  private deleteStamp(given: AuditStamp | undefined): { time: number; actor: string } {
    if (given) return { time: given.time, actor: given.actor };
    return { time: Date.now(), actor: this.lastStamp?.actor ?? SYSTEM_ACTOR };
  }

  getAspect(urn: string, aspectName: string, version?: number): AspectRecord | undefined {
    return this.view.getAspect(urn, aspectName, version);
  }

  readAspect(urn: string, aspectName: string): Readonly<AspectRecord> | undefined {
    return this.view.getAspect(urn, aspectName);
  }
  getEntity(urn: string): EntityRecord | undefined {
    return this.view.getEntity(urn);
  }
  entityExists(urn: string): boolean {
    return this.view.entityExists(urn);
  }
  urnsOfType(entityType: string, options?: { after?: string; limit?: number }): string[] {
    return this.view.urnsOfType(entityType, options);
  }
  eachUrnOfType(entityType: string, pageSize?: number): Generator<string> {
    return this.view.eachUrnOfType(entityType, pageSize);
  }
  entityTypes(): string[] {
    return this.view.entityTypes();
  }
  edges(urn: string, direction: RelationshipDirection, types?: readonly string[]): RelatedEdge[] {
    return this.view.edges(urn, direction, types);
  }
  getToken(id: string): unknown {
    return this.view.getToken(id);
  }
  listTokens(): Array<{ id: string; value: unknown }> {
    return this.view.listTokens();
  }
  timeseries(urn: string, aspectName: string, range?: TimeRange): TimeseriesRow[] {
    return this.view.timeseries(urn, aspectName, range);
  }
  timeseriesNewestFirst(urn: string, aspectName: string, range?: TimeRange): Generator<TimeseriesRow> {
    return this.view.timeseriesNewestFirst(urn, aspectName, range);
  }
  timeseriesAspects(urn: string): string[] {
    return this.view.timeseriesAspects(urn);
  }
  getSetting(name: string): unknown {
    return this.view.getSetting(name);
  }

  remotes(): RemoteRecord[] {
    return this.sync.remotes();
  }

  syncLocations(): string[] {
    return this.sync.syncLocations();
  }
  getRemote(name: string): RemoteRecord | undefined {
    return this.sync.getRemote(name);
  }
  getSyncBase(location: string, urn: string, aspectName: string): SyncBase | undefined {
    return this.sync.getSyncBase(location, urn, aspectName);
  }
  syncBases(location: string, urn?: string): Generator<{ urn: string; aspectName: string; base: SyncBase }> {
    return this.sync.syncBases(location, urn);
  }
  getBundle(key: string): BundleRecord | undefined {
    return this.sync.getBundle(key);
  }
  bundleRecords(): Array<{ key: string; value: BundleRecord }> {
    return this.sync.bundleRecords();
  }
  putBundle(key: string, record: BundleRecord): void {
    this.sync.putBundle(key, record);
  }
  putRemote(record: RemoteRecord): void {
    this.sync.putRemote(record);
  }
  deleteRemote(name: string): boolean {
    return this.sync.deleteRemote(name);
  }
  putSyncBase(location: string, urn: string, aspectName: string, base: SyncBase): void {
    this.sync.putSyncBase(location, urn, aspectName, base);
  }
  deleteSyncBase(location: string, urn: string, aspectName: string): void {
    this.sync.deleteSyncBase(location, urn, aspectName);
  }
  deleteSyncBases(location: string): number {
    return this.sync.deleteSyncBases(location);
  }

  putSetting(name: string, value: unknown): void {
    this.meta.put(`setting:${name}`, value);
  }

  /** Keeps what a derived aspect was before the transaction, the first time it changes (see derivedBefore). */
  private keepDerived(urn: string, aspectName: string, value: unknown): void {
    if (!this.derived.has(aspectName)) return;
    const k = `${urn}\u0000${aspectName}`;
    if (!this.derivedBefore.has(k)) this.derivedBefore.set(k, value);
  }

  private wrote(urn: string, aspectName: string, record: AspectRecord | undefined): void {
    let byName = this.writtenAspects.get(urn);
    if (!byName) this.writtenAspects.set(urn, (byName = new Map()));
    byName.set(aspectName, record);
  }

  /** A new entity's id, with its urn recorded for the indexes that hold the id. */
  private newId(urn: string): number {
    const id = this.ids.take();
    this.entityUrns.put(id, urn);
    return id;
  }

  // Every aspect change keeps both indexes: edges now, the search document at the end of the write.
  private indexEdges(urn: string, id: number | undefined, aspectName: string, before: unknown, after: unknown): void {
    this.relationships.updateEdges(urn, id, aspectName, before, after);
    if (this.search.shapes(aspectName)) this.dirty.add(urn);
  }

  private aspectKeys(urn: string, name: string): AspectKey[] {
    return Array.from(
      this.walk<AspectKey>('aspects', this.aspects, { start: [urn, name, 0], end: [urn, name + AFTER, 0] }),
    );
  }

  putAspect(input: PutAspectInput): PutAspectResult {
    const { aspects, entities, writtenEntities } = this;
    const { urn, aspectName } = input;
    const systemMetadata: Record<string, unknown> = {
      ...(input.systemMetadata ?? {}),
      lastObserved: input.created.time,
    };
    let entity = writtenEntities.has(urn) ? writtenEntities.get(urn) : entities.get(urn);
    const createdEntity = entity === undefined;
    let entityChanged = createdEntity;
    if (!entity) {
      entity = { entityType: input.entityType, aspects: [], id: this.newId(urn) };
      this.byType.put([input.entityType, urn], true);
    } else if (entity.id === undefined) {
      entity = { ...entity, id: this.newId(urn) };
      entityChanged = true;
    }
    if (!entity.aspects.includes(input.key.aspectName)) {
      // The key aspect has a version of its own (1): the incoming value's version is not its.
      const { version: _version, ...keyMetadata } = systemMetadata;
      const keyRecord = { value: input.key.value, systemMetadata: keyMetadata, created: input.created, history: 0 };
      aspects.put([urn, input.key.aspectName, 0], keyRecord);
      this.wrote(urn, input.key.aspectName, keyRecord);
      this.indexEdges(urn, entity.id, input.key.aspectName, undefined, input.key.value);
      if (createdEntity && this.deriverFor(input.key.aspectName, input.entityType, true))
        this.log(urn, input.entityType, input.created, { aspectName: input.key.aspectName, lifecycle: 'CREATE' });
      entity = { ...entity, aspects: [...entity.aspects, input.key.aspectName] };
      entityChanged = true;
    }
    // The entity record lists every aspect it has, so an aspect it does not list needs no lookup.
    const written = this.writtenAspects.get(urn)?.get(aspectName);
    const current = entity.aspects.includes(aspectName) ? (written ?? aspects.get([urn, aspectName, 0])) : undefined;
    this.keepDerived(urn, aspectName, current?.value);
    if (current && deepEqual(current.value, input.value)) {
      // As DataHub does for a value it already holds: no new version, lastObserved and runId refreshed,
      // the previous runId kept as lastRunId.
      const before = current.systemMetadata ?? {};
      const runId = input.systemMetadata?.['runId'];
      const rerun =
        typeof runId === 'string'
          ? { runId, ...(typeof before['runId'] === 'string' && { lastRunId: before['runId'] }) }
          : {};
      const observed = { ...current, systemMetadata: { ...before, lastObserved: input.created.time, ...rerun } };
      aspects.put([urn, aspectName, 0], observed);
      this.wrote(urn, aspectName, observed);
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
    const latest = {
      value: input.value,
      systemMetadata: { ...systemMetadata, version: String(history + 1) },
      created: input.created,
      history,
    };
    aspects.put([urn, aspectName, 0], latest);
    this.wrote(urn, aspectName, latest);
    this.indexEdges(urn, entity.id, aspectName, current?.value, input.value);
    this.lastStamp = input.created;
    if (this.deriverFor(aspectName, entity.entityType))
      this.log(urn, entity.entityType, input.created, {
        aspectName,
        ...(current && { from: (current.history ?? 0) + 1 }),
        to: history + 1,
      });
    if (!entity.aspects.includes(aspectName)) {
      entity = { ...entity, aspects: [...entity.aspects, aspectName] };
      entityChanged = true;
    }
    if (entityChanged) {
      entities.put(urn, entity);
      writtenEntities.set(urn, entity);
    }
    return { changed: true, history, created: createdEntity };
  }

  deleteAspect(urn: string, aspectName: string, stamp?: AuditStamp): number {
    const { aspects, entities } = this;
    const entity = entities.get(urn);
    if (!entity?.aspects.includes(aspectName)) return 0;
    const value = aspects.get([urn, aspectName, 0])?.value;
    this.keepDerived(urn, aspectName, value);
    this.indexEdges(urn, entity.id, aspectName, value, undefined);
    this.materializeReaders(urn, aspectName);
    const deriver = this.deriverFor(aspectName, entity.entityType);
    if (deriver)
      this.logRemoval(
        {
          urn,
          entityType: entity.entityType,
          aspectName,
          before: value,
          after: undefined,
          stamp: this.deleteStamp(stamp),
        },
        deriver,
      );
    let rows = 0;
    for (const key of this.aspectKeys(urn, aspectName)) {
      aspects.remove(key);
      rows++;
    }
    const remaining = { ...entity, aspects: entity.aspects.filter((a) => a !== aspectName) };
    entities.put(urn, remaining);
    this.writtenEntities.set(urn, remaining);
    this.wrote(urn, aspectName, undefined);
    return rows;
  }

  revertAspect(urn: string, aspectName: string, stamp?: AuditStamp): 'restored' | 'deleted' | 'none' {
    const entity = this.writtenEntities.has(urn) ? this.writtenEntities.get(urn) : this.entities.get(urn);
    if (!entity?.aspects.includes(aspectName)) return 'none';
    const current = this.writtenAspects.get(urn)?.get(aspectName) ?? this.aspects.get([urn, aspectName, 0]);
    const history = current?.history ?? 0;
    const previous = history > 0 ? this.aspects.get([urn, aspectName, history]) : undefined;
    if (!current || !previous) {
      this.deleteAspect(urn, aspectName, stamp);
      return 'deleted';
    }
    this.keepDerived(urn, aspectName, current.value);
    this.materializeReaders(urn, aspectName);
    const deriver = this.deriverFor(aspectName, entity.entityType);
    if (deriver)
      this.logRemoval(
        {
          urn,
          entityType: entity.entityType,
          aspectName,
          before: current.value,
          after: previous.value,
          stamp: this.deleteStamp(stamp),
        },
        deriver,
      );
    this.aspects.remove([urn, aspectName, history]);
    const latest = { ...previous, history: history - 1 };
    this.aspects.put([urn, aspectName, 0], latest);
    this.wrote(urn, aspectName, latest);
    this.indexEdges(urn, entity.id, aspectName, current.value, previous.value);
    return 'restored';
  }

  deleteEntity(urn: string, stamp?: AuditStamp): number {
    const { aspects, entities } = this;
    const entity = entities.get(urn);
    if (!entity) return 0;
    // The log's entries naming the entity's versions get their events before the versions go.
    if (this.events.deriver) this.materializeAll(urn, { aspectName: undefined }, this.events.deriver);
    let rows = 0;
    for (const name of entity.aspects) {
      const value = aspects.get([urn, name, 0])?.value;
      this.keepDerived(urn, name, value);
      this.indexEdges(urn, entity.id, name, value, undefined);
      for (const key of this.aspectKeys(urn, name)) {
        aspects.remove(key);
        rows++;
      }
    }
    entities.remove(urn);
    const lifecycle = this.deriverFor(entity.aspects[0] ?? '', entity.entityType, true);
    if (lifecycle)
      this.logRemoval(
        {
          urn,
          entityType: entity.entityType,
          aspectName: entity.aspects[0] ?? '',
          before: undefined,
          after: undefined,
          stamp: this.deleteStamp(stamp),
          lifecycle: 'HARD_DELETE',
        },
        lifecycle,
      );
    // Ids are never given again: its edges went with its aspects, its document goes at the end of the write.
    if (entity.id !== undefined) {
      this.entityUrns.remove(entity.id);
      if (!this.deletedIds.has(urn)) this.deletedIds.set(urn, entity.id);
    }
    this.writtenEntities.set(urn, undefined);
    for (const name of entity.aspects) this.wrote(urn, name, undefined);
    this.byType.remove([entity.entityType, urn]);
    this.dirty.add(urn);
    return rows;
  }

  putToken(id: string, value: unknown): void {
    this.tokens.put(id, value);
  }

  deleteToken(id: string): boolean {
    if (!this.tokens.doesExist(id)) return false;
    this.tokens.remove(id);
    return true;
  }

  putTimeseries(
    urn: string,
    aspectName: string,
    timestampMillis: number,
    partition: string,
    record: TimeseriesRecord,
  ): void {
    const key: SeriesKey = [urn, aspectName, timestampMillis, partition];
    const entityType = urn.slice(7, urn.indexOf(':', 7));
    const deriver = this.deriverFor(aspectName, entityType);
    if (!deriver) {
      this.series.put(key, record);
      return;
    }
    // An entry may name the event this one replaces: its events are computed before it goes. The
    // put itself says whether there was one (no second lookup of the key on every write).
    if (!putIfNew(this.series, key, record)) {
      this.materializeAll(urn, { aspectName, series: new Set([seriesId(timestampMillis, partition)]) }, deriver);
      this.series.put(key, record);
    }
    // The entry names the series event (and the versions of the other aspects its events read); its
    // events are computed when the log is read. Nothing is logged of an event that makes none (a run
    // not completed).
    if (deriver.seriesMakesEvents && !deriver.seriesMakesEvents(aspectName, record.value)) return;
    const reads = deriver.reads?.get(aspectName);
    const change: AspectChangeEntry = { aspectName, series: [[timestampMillis, partition]] };
    if (reads)
      change.reads = reads.map((name): [string, number] => {
        const current = this.getAspect(urn, name);
        return [name, current ? (current.history ?? 0) + 1 : 0];
      });
    this.log(urn, entityType, record.created, change);
  }

  deleteTimeseries(urn: string, aspectName?: string, range: TimeRange = {}): number {
    const keys = seriesKeys(this.walk, this.series, urn, aspectName, range);
    const deriver = this.events.deriver;
    if (deriver) {
      // The entries naming the events that go get their events computed first, by aspect.
      const entityType = urn.slice(7, urn.indexOf(':', 7));
      const going = new Map<string, Set<string>>();
      for (const [, name, time, partition] of keys) {
        if (!deriver.carries(name, entityType, false)) continue;
        let ids = going.get(name);
        if (!ids) going.set(name, (ids = new Set()));
        ids.add(seriesId(time, partition));
      }
      for (const [name, series] of going) this.materializeAll(urn, { aspectName: name, series }, deriver);
    }
    for (const key of keys) this.series.remove(key);
    return keys.length;
  }

  /** Brings the search document of `urn` in line with its aspects (also `catalog reindex`, through a scope of its own). */
  indexDocument(urn: string): boolean {
    const entity = this.writtenEntities.has(urn) ? this.writtenEntities.get(urn) : this.entities.get(urn);
    // Each latest record read once: the document reads the aspects it indexes, and when the entity
    // last changed is the latest `created` time among all of them.
    const records = new Map<string, AspectRecord | undefined>();
    const written = this.writtenAspects.get(urn);
    const record = (name: string) => {
      if (!records.has(name)) {
        // An aspect the entity does not list is not in the file (putAspect relies on it too): no lookup.
        const absent = entity !== undefined && !entity.aspects.includes(name);
        records.set(
          name,
          written?.has(name) ? written.get(name) : absent ? undefined : this.aspects.get([urn, name, 0]),
        );
      }
      return records.get(name);
    };
    const was = (name: string) => {
      const k = `${urn}\u0000${name}`;
      return this.derivedBefore.has(k) ? this.derivedBefore.get(k) : record(name)?.value;
    };
    const deleted = this.deletedIds.get(urn);
    if (deleted !== undefined && deleted !== entity?.id)
      this.search.update(
        urn,
        deleted,
        undefined,
        () => undefined,
        () => 0,
        was,
      );
    // Every entity has an id once the relationships index is current (see reindexRelationships).
    if (entity?.id === undefined) return false;
    const modified = () => Math.max(0, ...(entity?.aspects ?? []).map((name) => record(name)?.created.time ?? 0));
    // Ids are never given twice, so an id this transaction gave has no document yet: none to read.
    const isNew = this.ids.isNew(entity.id);
    return this.search.update(urn, entity.id, entity, (name) => record(name)?.value, modified, was, isNew);
  }

  /**
   * The end of the transaction's function: the search documents and incoming edges of what it
   * touched change in the same transaction as the aspects.
   */
  finish(): void {
    for (const urn of this.dirty) this.indexDocument(urn);
    this.search.flush();
    this.relationships.flush();
    if (this.pendingEntries.length > 0) {
      this.events.log.append(this.pendingEntries, Date.now());
      this.wroteEvents = true;
    }
  }

  /** The end of the transaction, committed (`done`) or not: the id counter written back if done, pending index changes dropped. */
  end(done: boolean): void {
    this.ids.settle(done);
    this.search.discard();
    this.relationships.discard();
  }
}
