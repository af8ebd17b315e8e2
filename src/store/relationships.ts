/**
 * The relationships index and the entity ids it is keyed by: `relBlocks` (incoming edges, by
 * destination) and `entityUrns` (id → urn), kept in the same write transaction as the aspects that
 * declare the edges; reads of the edges into and out of an entity; the rebuild of both tables.
 */
import type { Database, RootDatabase } from 'lmdb';
import { BLOCK_BITS, IdBlocks } from './idBlocks.ts';
import { AFTER, type KeyRange, type WalkEntries, type Walk } from './keyWalks.ts';
import type { EntityIds } from './searchIndex.ts';
import { NEXT_ENTITY_ID, type RelBlockKey, type Tables } from './tables.ts';

/**
 * What the store needs to keep the relationships index: the edges an aspect value declares. The
 * model provides it (src/model/relationships.ts); the store knows nothing of aspect shapes.
 */
export interface RelationshipIndexer {
  /** Changes whenever the declarations change; a file indexed under another version is re-indexed on open. */
  version: string;
  carries(aspectName: string): boolean;
  /** `source` is set on an edge whose source is not the aspect's entity (a column of `fineGrainedLineages`). */
  edgesOf(aspectName: string, value: unknown): Array<{ type: string; dest: string; source?: string }>;
}

/** One edge as an aspect declares it: `source` set when the edge starts elsewhere than at the aspect's entity. */
type DeclaredEdge = { type: string; dest: string; source?: string };

/**
 * A key of `relSourced`, the edges whose source is not the entity of the aspect declaring them (the
 * column edges DataHub derives from `fineGrainedLineages`: a column is no entity, has no id, so
 * `relBlocks` cannot hold it). Each edge is held twice: ['in', destination, relationship, source,
 * aspect, owner] for incoming reads and ['out', source, relationship, destination, aspect, owner] for
 * outgoing ones; `owner` is the urn of the entity whose aspect declares it.
 */
export type SourcedKey = [string, string, string, string, string, string];

export type RelationshipDirection = 'INCOMING' | 'OUTGOING';

/** One edge as seen from an entity: the relationship, the entity at its other end, the aspect declaring it. */
export interface RelatedEdge {
  type: string;
  /** The other end: the source for INCOMING, the destination for OUTGOING. */
  urn: string;
  /** The aspect of the source entity that declares the edge. */
  aspectName: string;
}

/** The `meta` entry holding the version of the relationships index. */
const RELATIONSHIPS_KEY = 'relationshipsIndexVersion';
/** The layout of the index itself; part of the version, so a change of layout re-indexes too. */
const RELATIONSHIPS_LAYOUT = 'relBlocks-2';
/** The table of the edges whose source is not the declaring aspect's entity (`SourcedKey`). */
const SOURCED_TABLE = 'relSourced';

const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const edgeOrder = (a: RelatedEdge, b: RelatedEdge) =>
  order(a.type, b.type) || order(a.urn, b.urn) || order(a.aspectName, b.aspectName);

/**
 * The entity id counter as one write transaction has it: read from `meta` at the first id it gives,
 * written back at its end (settle), forgotten with it: the next transaction reads it again.
 */
// Its writes run inside the store's write transaction, where lmdb writes at once and throws on failure:
// the promise put and remove return is already settled, hence `void`.
export class EntityIdCounter {
  private next: number | undefined;
  /** The first id given (undefined: none yet): ids from it on are new in this transaction. */
  private first: number | undefined;
  private changed = false;

  constructor(private readonly meta: Database<unknown, string>) {}

  /** A new entity id. */
  take(): number {
    if (this.next === undefined) this.next = this.first = (this.meta.get(NEXT_ENTITY_ID) as number | undefined) ?? 1;
    this.changed = true;
    return this.next++;
  }

  /** Whether this transaction gave `id` (ids are never given twice, so such an entity has no search document yet). */
  isNew(id: number): boolean {
    return this.first !== undefined && id >= this.first;
  }

  /** Writes the counter back if ids were taken and the transaction is to commit (`keep`). */
  settle(keep: boolean): void {
    if (keep && this.changed) void this.meta.put(NEXT_ENTITY_ID, this.next);
  }
}

// Its writes run inside the store's write transaction, where lmdb writes at once and throws on failure:
// the promise put and remove return is already settled, hence `void`.
export class RelationshipIndex {
  /** Incoming edges: the source ids by [destination, relationship, aspect]; changes wait for flush() at the end of the write. */
  readonly blocks: IdBlocks<true>;
  /** The entity ids as the search index reads them. */
  readonly entityIds: EntityIds;
  /** The edges whose source is not the declaring aspect's entity; undefined on a read-only open of a file without it. */
  readonly sourced: Database<true, SourcedKey> | undefined;

  constructor(
    /** The data file's path, for the errors that name it. */
    private readonly path: string,
    private readonly env: RootDatabase,
    private readonly tables: Tables,
    private readonly indexer: RelationshipIndexer,
    private readonly walk: Walk,
    private readonly walkEntries: WalkEntries,
  ) {
    this.blocks = new IdBlocks('relBlocks', tables.relBlocks, 1, () => {}, walkEntries);
    this.sourced = (env.openDB(SOURCED_TABLE, {}) as Database<true, SourcedKey> | null) ?? undefined;
    const { entities, entityUrns } = tables;
    this.entityIds = {
      idOf: (urn: string) => entities.get(urn)?.id,
      urnOf: (id: number) => entityUrns.get(id),
      withPrefix: (prefix: string) => this.entitiesWithPrefix(prefix),
    };
  }

  /** The version the file's index must have been built under: the layout and the declarations. */
  version(): string {
    return `${RELATIONSHIPS_LAYOUT}:${this.indexer.version}`;
  }

  isCurrent(): boolean {
    return this.tables.meta.get(RELATIONSHIPS_KEY) === this.version();
  }

  carries(aspectName: string): boolean {
    return this.indexer.carries(aspectName);
  }

  /** The edges an aspect value declares, as the index keeps them (`catalog verify` holds the index against them). */
  edgesOf(aspectName: string, value: unknown): DeclaredEdge[] {
    return this.indexer.edgesOf(aspectName, value);
  }

  /** Writes the pending edge changes (inside a write transaction). */
  flush(): void {
    this.blocks.flush();
  }

  /** Drops the pending edge changes (the end of a write transaction, committed or not). */
  discard(): void {
    this.blocks.discard();
  }

  /** [urn, id] of the entities whose urn starts with `prefix`, in urn order (those without an id left out). */
  private *entitiesWithPrefix(prefix: string): Generator<[string, number]> {
    for (const { key, value } of this.walkEntries('entities', this.tables.entities, {
      start: prefix,
      end: prefix + '\uffff',
    })) {
      if (value.id !== undefined) yield [key, value.id];
    }
  }

  /**
   * Rebuilds both tables from the latest aspects (inside a write transaction; the caller settles
   * `ids` and discards what is pending). Entities of files written before ids get theirs from `ids`:
   * `gaveIds` then says their search documents, keyed by id, need rebuilding too.
   */
  rebuild(ids: EntityIdCounter): { edges: number; gaveIds: boolean } {
    const { aspects, entities, entityUrns, meta } = this.tables;
    let edges = 0;
    // Layouts before relBlocks-1 kept a key per edge in `relIn`: dropped whole.
    this.env.openDB('relIn', { create: false } as object)?.dropSync();
    for (const key of Array.from(this.walk('relBlocks', this.blocks.db, {}))) void this.blocks.db.remove(key);
    for (const key of Array.from(this.walk('entityUrns', entityUrns, {}))) void entityUrns.remove(key);
    const sourced = this.sourced;
    if (sourced) for (const key of Array.from(this.walk(SOURCED_TABLE, sourced, {}))) void sourced.remove(key);
    let count = 0;
    let gaveIds = false;
    for (const urn of Array.from(this.walk('entities', entities, {}))) {
      let entity = entities.get(urn);
      if (!entity) continue;
      // Files written before entity ids get theirs here, in urn order.
      if (entity.id === undefined) {
        entity = { ...entity, id: ids.take() };
        entities.put(urn, entity);
        gaveIds = true;
      }
      void entityUrns.put(entity.id!, urn);
      for (const aspectName of entity.aspects) {
        if (!this.indexer.carries(aspectName)) continue;
        edges += this.putEdges(urn, entity.id!, aspectName, aspects.get([urn, aspectName, 0])?.value);
      }
      // Blocks are written a batch at a time: what waits in memory stays bounded.
      if (++count % 10_000 === 0) this.blocks.flush();
    }
    this.blocks.flush();
    void meta.put(RELATIONSHIPS_KEY, this.version());
    return { edges, gaveIds };
  }

  /** Adds the edges `value` declares; returns how many. */
  private putEdges(urn: string, id: number, aspectName: string, value: unknown): number {
    const list = value === undefined ? [] : this.indexer.edgesOf(aspectName, value);
    this.addEdges(urn, id, aspectName, list);
    return list.length;
  }

  /** Puts source `id` in the blocks of the edges `list` of its aspect (and the sourced ones in `relSourced`). */
  private addEdges(urn: string, id: number, aspectName: string, list: readonly DeclaredEdge[]): void {
    for (const e of list) {
      if (e.source === undefined) this.blocks.change([e.dest, e.type, aspectName], id, true);
      else this.changeSourced(urn, aspectName, e, true);
    }
  }

  /** Puts (`add`) or removes both keys of a sourced edge of `owner`'s aspect. */
  private changeSourced(owner: string, aspectName: string, e: DeclaredEdge, add: boolean): void {
    const db = this.sourced;
    if (!db || e.source === undefined) return;
    const keys: SourcedKey[] = [
      ['in', e.dest, e.type, e.source, aspectName, owner],
      ['out', e.source, e.type, e.dest, aspectName, owner],
    ];
    for (const key of keys) void (add ? db.put(key, true) : db.remove(key));
  }

  /** How many of the two keys of a sourced edge `relSourced` holds (`catalog verify`: both, or a problem). */
  sourcedKeysHeld(owner: string, aspectName: string, e: DeclaredEdge): number {
    const db = this.sourced;
    if (!db || e.source === undefined) return 0;
    return (
      Number(db.doesExist(['in', e.dest, e.type, e.source, aspectName, owner])) +
      Number(db.doesExist(['out', e.source, e.type, e.dest, aspectName, owner]))
    );
  }

  /** The entries of `relSourced` (two per edge). */
  sourcedEntries(): number {
    return (this.sourced?.getStats() as { entryCount?: number } | undefined)?.entryCount ?? 0;
  }

  /**
   * Replaces the edges of one aspect of entity `id`: those `before` declared and `after` does
   * not go, the new ones come.
   */
  updateEdges(urn: string, id: number | undefined, aspectName: string, before: unknown, after: unknown): void {
    if (!this.indexer.carries(aspectName)) return;
    // An entity without an id (written by a release before ids, never re-indexed since) has no edges here.
    if (id === undefined) return;
    const old = before === undefined ? [] : this.indexer.edgesOf(aspectName, before);
    const now = after === undefined ? [] : this.indexer.edgesOf(aspectName, after);
    // A new aspect (most writes of an ingest): every edge is added, nothing to compare.
    if (old.length === 0) return this.addEdges(urn, id, aspectName, now);
    const key = (e: DeclaredEdge) => `${e.type}\u0000${e.dest}\u0000${e.source ?? ''}`;
    const keep = new Set(now.map(key));
    const had = new Set(old.map(key));
    for (const e of old) {
      if (keep.has(key(e))) continue;
      if (e.source === undefined) this.blocks.change([e.dest, e.type, aspectName], id, null);
      else this.changeSourced(urn, aspectName, e, false);
    }
    this.addEdges(
      urn,
      id,
      aspectName,
      now.filter((e) => !had.has(key(e))),
    );
  }

  /**
   * The edges into (INCOMING) or out of (OUTGOING) `urn`, of the given relationship types (all when
   * empty), ordered by type, then the other urn, then aspect.
   */
  edges(urn: string, direction: RelationshipDirection, types: readonly string[]): RelatedEdge[] {
    return direction === 'INCOMING' ? this.incomingEdges(urn, types) : this.outgoingEdges(urn, types);
  }

  private incomingEdges(urn: string, types: readonly string[]): RelatedEdge[] {
    // Inside a write transaction, its own edge changes are written first, so it reads them.
    this.blocks.flush();
    const out: RelatedEdge[] = [];
    const ranges: Array<KeyRange<RelBlockKey>> =
      types.length === 0
        ? [{ start: [urn, '', '', 0], end: [urn + AFTER, '', '', 0] }]
        : [...new Set(types)].sort().map((t) => ({ start: [urn, t, '', 0], end: [urn, t + AFTER, '', 0] }));
    for (const range of ranges) {
      for (const { key, value } of this.walkEntries<RelBlockKey, Buffer>(
        'relBlocks',
        this.blocks.db as Database<Buffer, RelBlockKey>,
        range,
      )) {
        const base = key[3] << BLOCK_BITS;
        // Ids read before the next lookup: lmdb may reuse the value's buffer.
        const ids = Array.from(value, (low) => base + low);
        for (const id of ids) {
          const source = this.tables.entityUrns.get(id);
          if (source === undefined)
            throw new Error(
              `${this.path}: relationship index holds entity id ${id} with no urn: run \`catalog reindex\``,
            );
          out.push({ type: key[1], urn: source, aspectName: key[2] });
        }
      }
    }
    this.sourcedEdges('in', urn, types, out);
    // Blocks order sources by id (creation); callers get them by type, urn, aspect, as outgoing edges.
    return out.sort(edgeOrder);
  }

  /** Outgoing edges come from the entity's own aspects (a handful), in the same order as incoming ones. */
  private outgoingEdges(urn: string, types: readonly string[]): RelatedEdge[] {
    const out: RelatedEdge[] = [];
    for (const aspectName of this.tables.entities.get(urn)?.aspects ?? []) {
      if (!this.indexer.carries(aspectName)) continue;
      const value = this.tables.aspects.get([urn, aspectName, 0])?.value;
      for (const e of value === undefined ? [] : this.indexer.edgesOf(aspectName, value)) {
        // A sourced edge starts at a column of the entity, not at the entity itself.
        if (e.source !== undefined) continue;
        if (types.length === 0 || types.includes(e.type)) out.push({ type: e.type, urn: e.dest, aspectName });
      }
    }
    this.sourcedEdges('out', urn, types, out);
    return out.sort(edgeOrder);
  }

  /** Adds the sourced edges into (`in`) or out of (`out`) `urn` to `out` (the same edge declared twice by one aspect counts once). */
  private sourcedEdges(side: 'in' | 'out', urn: string, types: readonly string[], out: RelatedEdge[]): void {
    const db = this.sourced;
    if (!db) return;
    const ranges: Array<KeyRange<SourcedKey>> =
      types.length === 0
        ? [{ start: [side, urn, '', '', '', ''], end: [side, urn + AFTER, '', '', '', ''] }]
        : [...new Set(types)]
            .sort()
            .map((t) => ({ start: [side, urn, t, '', '', ''], end: [side, urn, t + AFTER, '', '', ''] }));
    const seen = new Set<string>();
    for (const range of ranges) {
      for (const key of this.walk<SourcedKey>(SOURCED_TABLE, db, range)) {
        const k = `${key[2]}\u0000${key[3]}\u0000${key[4]}`;
        if (seen.has(k)) continue;
        seen.add(k);
        out.push({ type: key[2], urn: key[3], aspectName: key[4] });
      }
    }
  }
}
