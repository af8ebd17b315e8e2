/**
 * What the store's tables hold: the records and keys of each, and the handles the store's modules
 * share. A leaf of src/store (it imports no module of it), with `deepEqual`, so every other module
 * may import it.
 *
 * Layout, all in one LMDB environment (one data file plus its `-lock` file):
 * - `aspects`:  [urn, aspectName, version] → AspectRecord. Version 0 is the latest value; each change
 *               copies the previous latest to version max+1, so history is 1..n in order of age.
 *               Values are LZ4-compressed with the file's dictionary (format 3, see format.ts).
 * - `entities`: urn → EntityRecord (its entity type, the names of its aspects, and its id: a number
 *               given once, at creation, in order of creation; the counter is `meta`'s `nextEntityId`).
 * - `byType`:   [entityType, urn] → true, the index of URNs by entity type.
 * - `tokens`:   token id → token record (access tokens, stored hashed).
 * - `relBlocks`: [destination urn, relationship, aspect, block] → the entity ids (low 7 bits, a byte
 *               each) of the sources in ids `block·128 … block·128+127` whose aspect declares the edge
 *               (see relationships.ts and IdBlocks), kept in the same transaction as the aspect.
 *               A batch of new entities tagged alike rewrites one block per tag instead of putting a
 *               key per edge: with a key per edge ([destination, relationship, source id, aspect] →
 *               source urn, layout relIn-2), the puts were most of what the index cost an ingest.
 *               Outgoing edges need no index: they are read from the entity's own aspects.
 * - `relSourced`: the edges whose source is not the entity of the aspect declaring them (the column
 *               edges of `fineGrainedLineages`: a column has no entity id), each under two keys, one
 *               per direction (relationships.ts `SourcedKey`), kept in the same transaction.
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
 * - `meta`:     name → value: the data file's format and value dictionary, the versions of the
 *               relationships and search indexes the file was built with, the next entity id, and the
 *               search statistics; and, under `setting:<name>`, settings of the file itself that no
 *               read path serves (the key secrets are encrypted with, src/ops/admin/secrets.ts).
 */
import type { Database, Key } from 'lmdb';

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

/** A key of the `aspects` table: [urn, aspect, version]. */
export type AspectKey = [string, string, number];

/** A key of the `relBlocks` table: [destination urn, relationship, aspect, block of source ids]. */
export type RelBlockKey = [string, string, string, number];

/** A key of the `timeseries` table: [urn, aspect, timestampMillis, partition]. */
export type SeriesKey = [string, string, number, string];

/**
 * The store's own tables (the search index opens its own, see searchIndex.ts). A read-only open of a
 * file written before a table existed finds it missing: such a handle is undefined until Store.open
 * reopens the file read-write.
 */
export interface Tables {
  readonly meta: Database<unknown, string>;
  readonly aspects: Database<AspectRecord, AspectKey>;
  readonly entities: Database<EntityRecord, string>;
  readonly byType: Database<true, [string, string]>;
  readonly tokens: Database<unknown, string>;
  readonly relBlocks: Database<Buffer, Key>;
  readonly entityUrns: Database<string, number>;
  readonly series: Database<TimeseriesRecord, SeriesKey>;
}

/** The `meta` entry holding the next entity id. */
export const NEXT_ENTITY_ID = 'nextEntityId';

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
  return ak.every((k) => Object.hasOwn(bo, k) && deepEqual((a as Record<string, unknown>)[k], bo[k]));
}
