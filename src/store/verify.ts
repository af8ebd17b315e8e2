/**
 * `catalog verify`'s walks over a data file (the operation is src/ops/admin/verify.ts): everything the
 * file holds, checked without writing anything, in one read snapshot and with memory bounded by a
 * block of entities, whatever the file's size.
 *
 * 1. Every table, key by key in order: the keys must come in order and every value must read — a
 *    damaged B-tree page stops a walk with an LMDB error, which is reported, and the walk goes on
 *    from the table's other end, so the damage is bounded by the keys on both sides of it. The values
 *    of `aspects`, `timeseries` and `entities` are held to their checksums (checksum.ts), and the
 *    record structures of each of those tables too; other values must decode and have their shape.
 *    Along the way: the entity index (`entities`, `byType`, `entityUrns`) against the aspects — every
 *    latest aspect listed by its entity and every listed one stored, each entity in `byType` under
 *    its type and nothing else there, each id mapped to its entity — each aspect's history against
 *    its latest version, and the sync bases (each kept for a remote's location, its fields well-formed).
 * 2. The relationships and search indexes against what the current indexers give from the latest
 *    aspects (searchVerify.ts for the search index), entity by entity in id order, a block of 128 ids
 *    at a time: the index keeps its entries in blocks of 128 ids, so each expected block is built
 *    and compared with the stored one byte for byte — a missing, extra or different entry is named by
 *    its entity. Blocks no entity gives are found by counting: the file must hold as many blocks as
 *    the entities give. The index's own counters (document statistics, term counts, facet counts)
 *    are then held against its entries.
 *
 * Problems are reported as they are found, each with what fixes it: restoring a backup for damage
 * to what only the file holds (values, the entity index, the file's structure), `catalog reindex`
 * for an index that does not match the aspects it is derived from.
 */
import type { Database, Key, RootDatabase } from 'lmdb';
import { checkStored, CHECKSUMMED_TABLES, describeKey, spoilBuffer, STRUCTURES_KEY } from './checksum.ts';
import {
  CHECKSUMS_KEY,
  COMPRESSED_TABLES,
  DICTIONARY_KEY,
  everyValueChecksummed,
  FORMAT,
  FORMAT_KEY,
  releaseMap,
  type Compression,
} from './format.ts';
import { BLOCK_BITS } from './idBlocks.ts';
import { comesAfter } from './keyWalks.ts';
import type { RelationshipIndex } from './relationships.ts';
import type { EventLog } from './events.ts';
import type { SearchTables } from './searchIndex.ts';
import { SearchCheck } from './searchVerify.ts';
import type { SyncTables } from './syncState.ts';
import { NEXT_ENTITY_ID, type AspectRecord, type EntityRecord, type Tables } from './tables.ts';
import { counted, type LatestAspects, type VerifyFix, type VerifyProblem, type VerifySummary } from './verifyReport.ts';
import { lmdbDamageText } from './damage.ts';

export type { VerifyFix, VerifyProblem, VerifySummary } from './verifyReport.ts';

/** The store's parts verify reads (Store.verify hands them over). */
export interface VerifyParts {
  path: string;
  env: RootDatabase;
  tables: Tables;
  compression: Compression;
  relationships: RelationshipIndex;
  /** The change event log: its summary goes in the report as it is. */
  events: EventLog;
  search: SearchTables;
  sync: SyncTables;
}

/** Progress of a verify: entries done of the total (an estimate from the tables' sizes). */
export type VerifyProgress = (done: number, total: number) => void;

/** Tables whose values are bytes, not msgpack. */
const BINARY_TABLES = new Set(['relBlocks', 'postingBlocks', 'keywordBlocks', 'facetColumns']);
/**
 * Entries between two releases of the pages walked (Store.releaseMappedPages), and reports of progress.
 * Some walks read at random across the file for each entry (an entity's aspects), and each read maps
 * the pages around it (the kernel's fault-around, up to 16): at 4096 entries a release, verify of
 * 100 000 bench datasets peaked at 292 MB of file pages; released more often, it stays near a walk's.
 */
const RELEASE_EVERY = 512;
const HEX64 = /^[0-9a-f]{64}$/;

interface Decoder {
  decode(bytes: Uint8Array, end: number): unknown;
}

/** An error in words: LMDB's for a damaged page as what it found (damage.ts), any other as its message. */
const messageOf = (e: unknown): string => lmdbDamageText(e) ?? (e instanceof Error ? e.message : String(e));
const keyText = (key: unknown): string => (typeof key === 'symbol' ? String(key) : JSON.stringify(key));

export function verifyStore(
  parts: VerifyParts,
  report: (p: VerifyProblem) => void,
  progress?: VerifyProgress,
): VerifySummary {
  const { env, tables, compression } = parts;
  const summary: VerifySummary = {
    tables: 0,
    entries: 0,
    entities: 0,
    aspectValues: 0,
    timeseriesValues: 0,
    checksummed: 0,
    unsealed: 0,
    pending: tables.meta?.get(CHECKSUMS_KEY) !== undefined,
    relationships: 'absent',
    edges: 0,
    search: 'absent',
    documents: 0,
    remotes: 0,
    syncBases: 0,
    events: parts.events.summary(),
  };
  const problem = (part: string, subject: string, what: string, fix: VerifyFix) =>
    report({ part, subject, problem: what, fix });

  // Every handle is opened before the first read: opening a table ends the read transaction, and the
  // whole verify reads one snapshot (it runs synchronously, in lmdb's read transaction of the moment).
  let names: string[];
  try {
    names = (Array.from(env.getKeys({})) as unknown[]).filter((n): n is string => typeof n === 'string');
  } catch (e) {
    problem('file', 'its list of tables', `it could not be read: ${messageOf(e)}`, 'restore');
    return summary;
  }
  const raw = new Map<string, Database<Buffer, Key>>();
  for (const name of names) {
    try {
      const db = env.openDB(name, {
        encoding: 'binary',
        ...(COMPRESSED_TABLES.has(name) && { compression }),
        create: false,
      } as object) as Database<Buffer, Key> | undefined;
      if (db) raw.set(name, db);
    } catch (e) {
      problem(name, 'the table', `it could not be opened: ${messageOf(e)}`, 'restore');
    }
  }
  const inspection = parts.search.inspection();
  const decoders = new Map<string, Decoder>();
  const decoderOf = (db: unknown) => (db as { decoder?: Decoder } | undefined)?.decoder;
  for (const [name, db] of [
    ['aspects', tables.aspects],
    ['entities', tables.entities],
    ['timeseries', tables.series],
    ['byType', tables.byType],
    ['tokens', tables.tokens],
    ['entityUrns', tables.entityUrns],
    ['meta', tables.meta],
    ['remotes', parts.sync.remotes],
    ['syncBases', parts.sync.syncBases],
    ['bundles', parts.sync.bundles],
    ...Object.entries(inspection?.tables ?? {}),
  ] as const) {
    const decoder = decoderOf(db);
    if (decoder && !BINARY_TABLES.has(name)) decoders.set(name, decoder);
  }
  const relationshipsCurrent = tables.meta !== undefined && parts.relationships.isCurrent();
  const searchCurrent = tables.meta !== undefined && inspection !== undefined && parts.search.isCurrent();
  summary.relationships = tables.relBlocks === undefined ? 'absent' : relationshipsCurrent ? 'checked' : 'stale';
  summary.search = inspection === undefined ? 'absent' : searchCurrent ? 'checked' : 'stale';

  const entries = (name: string) => (raw.get(name)?.getStats() as { entryCount?: number } | undefined)?.entryCount ?? 0;
  // Every entry once, then the entity ids again (the indexes) and the keyword entries again (the facet counters).
  const total =
    [...raw.keys()].reduce((n, name) => n + entries(name), 0) + entries('entityUrns') + entries('keywordBlocks');
  let done = 0;
  const tick = () => {
    done++;
    if (done % RELEASE_EVERY === 0) {
      releaseMap(env);
      progress?.(Math.min(done, total), total);
    }
  };

  const strict = everyValueChecksummed(tables.meta);
  /** Checksummed tables whose record structures are damaged. */
  const unstructured = new Set<string>();
  /** Whether an entity record did not read: the aspects its entity lists are then not all known. */
  let entityDamage = false;
  const entityOf = cachedEntity(tables);
  const remoteLocations = new Set<string>();
  for (const { value } of safeRange(parts.sync.remotes))
    if (value && typeof (value as { location?: unknown }).location === 'string')
      remoteLocations.add((value as { location: string }).location);

  // A value of a checksummed table: held to its checksum, decoded when `decode` (undefined: damaged, reported).
  const checked = (table: string, key: unknown, bytes: Buffer, decode: boolean): { value?: unknown } | undefined => {
    const state = checkStored(bytes);
    if (state === 'damaged') {
      problem(
        table,
        describeKey(table, key),
        'its checksum does not match its bytes: it is not the value that was written',
        'restore',
      );
      return undefined;
    }
    if (state === 'unsealed') {
      if (strict) {
        problem(
          table,
          describeKey(table, key),
          'it carries no checksum, which every value of this file has: it is not the value that was written',
          'restore',
        );
        return undefined;
      }
      summary.unsealed++;
    } else summary.checksummed++;
    if (!decode && state === 'sound') return {};
    // Values whose table's record structures are damaged cannot be decoded: that was reported once.
    if (unstructured.has(table)) return {};
    try {
      return { value: decoders.get(table)!.decode(bytes, bytes.length) };
    } catch (e) {
      problem(table, describeKey(table, key), `it cannot be decoded: ${messageOf(e)}`, 'restore');
      return undefined;
    }
  };

  // --- 1. every table ---
  const aspects = aspectHistory(problem, entityOf);
  let listedAspects = 0;
  let maxId = 0;
  const visitors: Record<string, (key: Key, bytes: Buffer) => void> = {
    aspects: (key, bytes) => {
      summary.aspectValues++;
      if (!isAspectKey(key))
        return problem('aspects', keyText(key), 'its key is not [urn, aspect, version]', 'restore');
      const read = checked('aspects', key, bytes, key[2] === 0);
      aspects.entry(key, read);
    },
    timeseries: (key, bytes) => {
      summary.timeseriesValues++;
      if (
        !Array.isArray(key) ||
        key.length !== 4 ||
        typeof key[0] !== 'string' ||
        typeof key[1] !== 'string' ||
        typeof key[2] !== 'number'
      ) {
        return problem('timeseries', keyText(key), 'its key is not [urn, aspect, time, partition]', 'restore');
      }
      const read = checked('timeseries', key, bytes, true);
      if (read && 'value' in read && !(isRecord(read.value) && isRecord(read.value['value'])))
        problem('timeseries', describeKey('timeseries', key), 'it is not an event record', 'restore');
    },
    entities: (key, bytes) => {
      summary.entities++;
      const read = checked('entities', key, bytes, true);
      if (!read || !('value' in read)) entityDamage = true;
      if (!read || !('value' in read) || typeof key !== 'string') return;
      const entity = read.value as EntityRecord;
      if (!isEntityRecord(entity)) {
        entityDamage = true;
        return problem(
          'entities',
          describeKey('entities', key),
          'it is not an entity record (entityType, aspects, id)',
          'restore',
        );
      }
      if (new Set(entity.aspects).size !== entity.aspects.length)
        problem('entities', describeKey('entities', key), 'it lists an aspect twice', 'restore');
      listedAspects += entity.aspects.length;
      if (tables.byType && !tables.byType.doesExist([entity.entityType, key]))
        problem('byType', key, `the index of entities by type does not list it under ${entity.entityType}`, 'restore');
      for (const name of entity.aspects) {
        if (!tables.aspects?.doesExist([key, name, 0]))
          problem('entities', key, `it lists aspect ${name}, which is not stored`, 'restore');
      }
      if (!relationshipsCurrent || !tables.entityUrns) return;
      if (!Number.isInteger(entity.id) || entity.id! < 1)
        return problem('entityUrns', key, 'it has no entity id', 'reindex');
      maxId = Math.max(maxId, entity.id!);
      const urn = safeGet(tables.entityUrns, entity.id!);
      if (urn !== key)
        problem(
          'entityUrns',
          key,
          `its entity id ${entity.id} is mapped to ${urn === undefined ? 'no urn' : urn}`,
          'reindex',
        );
    },
    byType: (key, bytes) => {
      const value = decodeOrReport('byType', key, bytes);
      if (
        !Array.isArray(key) ||
        key.length !== 2 ||
        typeof key[0] !== 'string' ||
        typeof key[1] !== 'string' ||
        value !== true
      )
        return problem('byType', keyText(key), 'it is not an entry [type, urn] → true', 'restore');
      const entity = entityOf(key[1]);
      if (entity === undefined)
        problem('byType', key[1], `it is listed under ${key[0]}, but no such entity is stored`, 'restore');
      else if (entity !== null && entity.entityType !== key[0])
        problem('byType', key[1], `it is listed under ${key[0]}, but it is a ${entity.entityType}`, 'restore');
    },
    entityUrns: (key, bytes) => {
      const urn = decodeOrReport('entityUrns', key, bytes);
      if (!relationshipsCurrent) return;
      if (typeof key !== 'number' || typeof urn !== 'string')
        return problem('entityUrns', keyText(key), 'it is not an entry id → urn', 'reindex');
      const entity = entityOf(urn);
      if (entity === undefined)
        problem('entityUrns', urn, `entity id ${key} is mapped to it, but no such entity is stored`, 'reindex');
      else if (entity !== null && entity.id !== key)
        problem('entityUrns', urn, `entity id ${key} is mapped to it, but its id is ${entity.id}`, 'reindex');
    },
    tokens: (key, bytes) => void decodeOrReport('tokens', key, bytes),
    meta: (key, bytes) => void decodeOrReport('meta', key, bytes),
    remotes: (key, bytes) => {
      summary.remotes++;
      const value = decodeOrReport('remotes', key, bytes) as { name?: unknown; location?: unknown } | undefined;
      if (!isRecord(value) || value.name !== key || typeof value.location !== 'string')
        problem('remotes', keyText(key), 'it is not a remote record (name, location)', 'sync');
    },
    syncBases: (key, bytes) => {
      summary.syncBases++;
      const value = decodeOrReport('syncBases', key, bytes) as
        | { version?: unknown; hash?: unknown; pull?: unknown }
        | undefined;
      if (!Array.isArray(key) || key.length !== 3 || !key.every((k) => typeof k === 'string'))
        return problem('syncBases', keyText(key), 'its key is not [remote location, urn, aspect]', 'sync');
      const [location, urn, aspect] = key as [string, string, string];
      const subject = `the base of aspect ${aspect} of ${urn} for remote ${location}`;
      if (!remoteLocations.has(location) && !isLocation(location))
        problem(
          'syncBases',
          subject,
          "it is kept for no remote: its location is neither a remote's nor a URL or an absolute path",
          'sync',
        );
      if (
        !isRecord(value) ||
        typeof value.version !== 'string' ||
        typeof value.hash !== 'string' ||
        !HEX64.test(value.hash) ||
        (value.pull !== undefined && typeof value.pull !== 'string')
      ) {
        problem(
          'syncBases',
          subject,
          'it is not a sync base (version, a SHA-256 hash in hex, the pull that wrote it)',
          'sync',
        );
      }
    },
  };
  const search = searchCurrent ? new SearchCheck(inspection!, problem) : undefined;
  if (search) Object.assign(visitors, search.tableVisitors(decodeOrReport));

  function decodeOrReport(table: string, key: Key, bytes: Buffer): unknown {
    const decoder = decoders.get(table);
    if (!decoder) return bytes;
    try {
      return decoder.decode(bytes, bytes.length);
    } catch (e) {
      problem(
        table,
        keyText(key),
        `its value cannot be decoded: ${messageOf(e)}`,
        table === 'remotes' || table === 'syncBases' ? 'sync' : isIndexTable(table) ? 'reindex' : 'restore',
      );
      return undefined;
    }
  }

  for (const [name, db] of raw) {
    summary.tables++;
    if ((CHECKSUMMED_TABLES as readonly string[]).includes(name)) {
      // The record structures first: an entry of the table no range walk shows, through which every
      // value of it decodes.
      const structures = safeBinary(db, STRUCTURES_KEY);
      if (structures.error)
        problem(name, describeKey(name, STRUCTURES_KEY), `they could not be read: ${structures.error}`, 'restore');
      const sound =
        !structures.error &&
        (structures.bytes === undefined || checked(name, STRUCTURES_KEY, structures.bytes, false) !== undefined);
      if (!sound) unstructured.add(name);
    }
    const visit = visitors[name];
    const walked = walkTable(
      name,
      db,
      (key, bytes) => {
        summary.entries++;
        tick();
        if (!visit) return;
        try {
          visit(key, bytes);
        } catch (e) {
          problem(
            name,
            keyText(key),
            `it could not be read: ${messageOf(e)}`,
            isIndexTable(name) ? 'reindex' : 'restore',
          );
        }
      },
      problem,
    );
    if (name === 'aspects') aspects.end();
    search?.tableWalked(name, walked);
  }

  // The counts the walks can only compare at their end.
  if (aspects.latest !== listedAspects && summary.entities > 0 && !entityDamage && !unstructured.has('entities')) {
    problem(
      'entities',
      'the entities',
      `they list ${counted(listedAspects, 'aspect')}, but ${counted(aspects.latest, 'latest aspect value')} ${aspects.latest === 1 ? 'is' : 'are'} stored`,
      'restore',
    );
  }
  const entityCount = summary.entities;
  if (tables.byType && entries('byType') !== entityCount)
    problem(
      'byType',
      'the index of entities by type',
      `it has ${counted(entries('byType'), 'entry', 'entries')} for ${counted(entityCount, 'entity', 'entities')}`,
      'restore',
    );
  if (relationshipsCurrent && tables.entityUrns && entries('entityUrns') !== entityCount)
    problem(
      'entityUrns',
      'the entity ids',
      `${counted(entries('entityUrns'), 'id is', 'ids are')} mapped to urns, for ${counted(entityCount, 'entity', 'entities')}`,
      'reindex',
    );
  checkMeta(tables, maxId, relationshipsCurrent, problem);
  // The change log's entries against what they name (events.ts).
  for (const { key, value } of safeRange(parts.events.db)) {
    try {
      for (const gone of parts.events.missing(value))
        problem('events', `entry ${String(key)} of the change log`, `it names ${gone}, which is not stored`, 'restore');
    } catch (e) {
      problem('events', `entry ${String(key)} of the change log`, `it could not be read: ${messageOf(e)}`, 'restore');
    }
  }

  // --- 2. the indexes, entity by entity in id order ---
  if ((relationshipsCurrent && tables.relBlocks) || search) {
    const relationships =
      relationshipsCurrent && tables.relBlocks
        ? new RelationshipCheck(parts.relationships, tables.relBlocks, problem)
        : undefined;
    let block = -1;
    let complete = true;
    // A damaged entity record or aspect (reported): what the indexes should hold of that entity is
    // not known, so its entries are not held to anything, and the counts cannot be either.
    const unknown = (id: number) => {
      complete = false;
      relationships?.unknown(id);
      search?.unknown(id);
    };
    const endBlock = () => {
      if (block < 0) return;
      relationships?.endBlock(block);
      search?.endBlock(block);
      // A block's reads land all over the file (its entities' aspects, every word's postings).
      releaseMap(env);
    };
    for (const { key: id, value: urn } of walkEntriesOf(
      tables.entityUrns,
      'entityUrns',
      problem,
      () => (complete = false),
    )) {
      tick();
      if (typeof id !== 'number' || typeof urn !== 'string') continue;
      if (id >>> BLOCK_BITS !== block) {
        try {
          endBlock();
        } catch (e) {
          problem(
            'indexes',
            `the entities of ids ${block << BLOCK_BITS}–${((block + 1) << BLOCK_BITS) - 1}`,
            `their index entries could not be checked: ${messageOf(e)}`,
            'reindex',
          );
        }
        block = id >>> BLOCK_BITS;
      }
      const entity = entityOf(urn);
      // Reported by the walks: an id of no entity, or of another one.
      if (!entity || entity.id !== id) {
        if (entity === null) unknown(id);
        continue;
      }
      const latest = latestAspects(tables, urn, entity);
      if (latest === undefined) {
        unknown(id);
        continue;
      }
      try {
        relationships?.entity(id, urn, entity, latest);
        search?.entity(id, urn, entity, latest);
      } catch (e) {
        // An index read that failed (a damaged page): reported, and the walk goes on.
        problem('indexes', urn, `its index entries could not be checked: ${messageOf(e)}`, 'reindex');
        unknown(id);
      }
    }
    try {
      endBlock();
      if (relationships) summary.edges = relationships.finish(complete);
      if (search) summary.documents = search.finish(complete, tick);
    } catch (e) {
      problem('indexes', 'the indexes', `their counts could not be checked: ${messageOf(e)}`, 'reindex');
    }
  }
  progress?.(total, total);
  return summary;
}

/** Whether a table is part of an index that `catalog reindex` rebuilds. */
function isIndexTable(name: string): boolean {
  return [
    'relBlocks',
    'entityUrns',
    'searchDocs',
    'postingBlocks',
    'keywordBlocks',
    'searchTerms',
    'facetCounts',
    'facetColumns',
    'facetOrdinals',
    'facetValues',
  ].includes(name);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isEntityRecord = (v: unknown): v is EntityRecord =>
  isRecord(v) &&
  typeof v['entityType'] === 'string' &&
  Array.isArray(v['aspects']) &&
  (v['aspects'] as unknown[]).every((a) => typeof a === 'string') &&
  (v['id'] === undefined || typeof v['id'] === 'number');
const isAspectKey = (key: unknown): key is [string, string, number] =>
  Array.isArray(key) &&
  key.length === 3 &&
  typeof key[0] === 'string' &&
  typeof key[1] === 'string' &&
  Number.isInteger(key[2]) &&
  (key[2] as number) >= 0;
/** A remote's location as `catalog remote` writes it: a URL's origin and path, a database URL, or an absolute path. */
const isLocation = (s: string): boolean =>
  /^(https?|postgres(ql)?):\/\/[^\s]+$/i.test(s) || s.startsWith('/') || /^[A-Za-z]:[\\/]/.test(s);

/**
 * Walks every entry of a table in key order with its value as stored, checking that each key comes
 * after the one before. A walk that fails (a damaged page) is reported and the table is walked again
 * from its end down to the last key read, so only the entries between the two failures go unread.
 * Returns how many entries were read.
 */
function walkTable(
  name: string,
  db: Database<Buffer, Key>,
  visit: (key: Key, bytes: Buffer) => void,
  problem: (part: string, subject: string, what: string, fix: VerifyFix) => void,
): number {
  let count = 0;
  let last: Key | undefined;
  try {
    // Values as lmdb hands them out for a table of bytes: copied out of its reused buffer already.
    for (const { key, value } of db.getRange({})) {
      if (last !== undefined && !comesAfter(key, last)) {
        problem(
          name,
          keyText(key),
          `its key comes after ${keyText(last)} although it sorts before it: the table's structure is damaged`,
          'restore',
        );
      }
      spoilBuffer(db);
      last = key;
      count++;
      visit(key, value);
    }
    return count;
  } catch (e) {
    problem(
      name,
      last === undefined ? 'its first entries' : `the entries after key ${keyText(last)}`,
      `they could not be read: ${messageOf(e)}`,
      'restore',
    );
  }
  // The rest, from the end down: the pages after a damaged one may still read.
  let first: Key | undefined;
  try {
    for (const { key, value } of db.getRange({ reverse: true, ...(last !== undefined && { end: last }) })) {
      spoilBuffer(db);
      first = key;
      count++;
      visit(key, value);
    }
  } catch (e) {
    problem(
      name,
      first === undefined ? 'its last entries' : `the entries before key ${keyText(first)}`,
      `they could not be read either: ${messageOf(e)}`,
      'restore',
    );
  }
  return count;
}

/** Entries of a table read with its own decoding; a failure is reported and ends the walk (`stopped`). */
function* walkEntriesOf<K extends Key, V>(
  db: Database<V, K> | undefined,
  name: string,
  problem: (part: string, subject: string, what: string, fix: VerifyFix) => void,
  stopped: () => void,
): Generator<{ key: K; value: V }> {
  if (!db) return;
  let last: K | undefined;
  try {
    for (const entry of db.getRange({})) {
      last = entry.key;
      yield entry;
    }
  } catch (e) {
    stopped();
    problem(
      name,
      last === undefined ? 'its first entries' : `the entries after key ${keyText(last)}`,
      `the indexes could not be checked past them: ${messageOf(e)}`,
      'restore',
    );
  }
}

function* safeRange<V>(db: Database<V, Key> | undefined): Generator<{ key: Key; value: V }> {
  if (!db) return;
  try {
    yield* db.getRange({});
  } catch {
    // Reported by the walk of the table.
  }
}

function safeGet<V>(db: Database<V, Key>, key: Key): V | undefined {
  try {
    return db.get(key);
  } catch {
    return undefined;
  }
}

function safeBinary(db: Database<Buffer, Key>, key: unknown): { bytes?: Buffer; error?: string } {
  try {
    const bytes = db.getBinary(key as Key);
    const copy = bytes && Buffer.from(bytes);
    spoilBuffer(db);
    return { bytes: copy };
  } catch (e) {
    return { error: messageOf(e) };
  }
}

/** Entities by urn, the last few kept (the walks ask for the same one several times in a row). Null: damaged. */
function cachedEntity(tables: Tables): (urn: string) => EntityRecord | null | undefined {
  let lastUrn: string | undefined;
  let last: EntityRecord | null | undefined;
  return (urn) => {
    if (urn === lastUrn) return last;
    lastUrn = urn;
    try {
      last = tables.entities?.get(urn);
      // A record of another shape is damage too (reported by the walk of `entities`).
      if (last !== undefined && !isEntityRecord(last)) last = null;
    } catch {
      last = null;
    }
    return last;
  };
}

/**
 * The latest value of each aspect `entity` lists, read as the indexes read them (undefined when one
 * of them does not read: damage the walks report, and what the indexes should hold is then unknown).
 */
function latestAspects(tables: Tables, urn: string, entity: EntityRecord): LatestAspects | undefined {
  const records = new Map<string, AspectRecord | undefined>();
  try {
    for (const name of entity.aspects) records.set(name, tables.aspects.get([urn, name, 0]));
  } catch {
    return undefined;
  }
  return {
    value: (name) => records.get(name)?.value,
    modified: () => Math.max(0, ...[...records.values()].map((r) => r?.created?.time ?? 0)),
  };
}

/**
 * The history of each aspect, from the walk of `aspects` in key order ([urn, aspect, 0], then 1 …
 * n): the latest version is stored, says how many older versions there are, and those are 1 … n;
 * its entity exists and lists it.
 */
function aspectHistory(
  problem: (part: string, subject: string, what: string, fix: VerifyFix) => void,
  entityOf: (urn: string) => EntityRecord | null | undefined,
) {
  let group:
    | { urn: string; aspect: string; latest: boolean; history: number | undefined; versions: number }
    | undefined;
  let latest = 0;
  const close = () => {
    if (!group) return;
    const subject = `aspect ${group.aspect} of ${group.urn}`;
    if (!group.latest)
      problem(
        'aspects',
        subject,
        `${counted(group.versions, 'older version is', 'older versions are')} stored, but no latest version`,
        'restore',
      );
    else if (group.history !== undefined && group.versions !== group.history)
      problem(
        'aspects',
        subject,
        `its latest version says it has ${counted(group.history, 'older version')}, but ${group.versions} ${group.versions === 1 ? 'is' : 'are'} stored`,
        'restore',
      );
  };
  return {
    get latest() {
      return latest;
    },
    entry(key: [string, string, number], read: { value?: unknown } | undefined) {
      const [urn, aspect, version] = key;
      if (!group || group.urn !== urn || group.aspect !== aspect) {
        close();
        group = { urn, aspect, latest: false, history: undefined, versions: 0 };
      }
      if (version > 0) {
        group.versions++;
        return;
      }
      group.latest = true;
      latest++;
      if (read && 'value' in read) {
        const record = read.value as AspectRecord;
        if (
          !isRecord(record) ||
          !('value' in record) ||
          !isRecord(record.created) ||
          typeof record.created.time !== 'number' ||
          typeof record.created.actor !== 'string'
        ) {
          problem(
            'aspects',
            describeKey('aspects', key),
            'it is not an aspect record (value, systemMetadata, created)',
            'restore',
          );
        } else if (typeof record.history === 'number') group.history = record.history;
      }
      const entity = entityOf(urn);
      if (entity === undefined)
        problem('aspects', describeKey('aspects', key), 'it is stored, but its entity is not', 'restore');
      else if (entity !== null && !entity.aspects.includes(aspect))
        problem('entities', urn, `it does not list its aspect ${aspect}, which is stored`, 'restore');
    },
    end() {
      close();
      group = undefined;
    },
  };
}

/** The `meta` entries verify can check on their own: the format, the dictionary, the entity id counter. */
function checkMeta(
  tables: Tables,
  maxId: number,
  idsChecked: boolean,
  problem: (part: string, subject: string, what: string, fix: VerifyFix) => void,
): void {
  const meta = tables.meta;
  if (!meta) return;
  let format: unknown;
  let dictionary: unknown;
  let next: unknown;
  try {
    format = meta.get(FORMAT_KEY);
    dictionary = meta.get(DICTIONARY_KEY);
    next = meta.get(NEXT_ENTITY_ID);
  } catch (e) {
    return problem('meta', "the file's settings", `they could not be read: ${messageOf(e)}`, 'restore');
  }
  if (
    format !== undefined &&
    (typeof format !== 'number' || !Number.isInteger(format) || format < 1 || format > FORMAT)
  )
    problem('meta', 'the data file format', `it is ${JSON.stringify(format)}`, 'restore');
  if (typeof format === 'number' && format >= 3 && !(dictionary instanceof Uint8Array && dictionary.length > 0))
    problem(
      'meta',
      'the value dictionary',
      'a file of format 3 or later has none: its compressed values cannot be read',
      'restore',
    );
  if (idsChecked && maxId > 0 && !(typeof next === 'number' && next > maxId))
    problem(
      'meta',
      'the entity id counter',
      `it is ${JSON.stringify(next)}, but entity id ${maxId} is given already: the next new entity would share an id`,
      'restore',
    );
}

/**
 * The relationships index against the edges the latest aspects declare, a block of 128 source ids at
 * a time: each [destination, relationship, aspect, block] holds exactly the ids whose aspect
 * declares the edge.
 */
class RelationshipCheck {
  private readonly pending = new Map<string, { dest: string; type: string; aspect: string; ids: Set<number> }>();
  private readonly urns = new Map<number, string>();
  /** Ids of the current block whose entries cannot be judged (their entity did not read). */
  private readonly unknowns = new Set<number>();
  private blocks = 0;
  private edges = 0;
  /** Column edges the aspects declare (relSourced holds two keys for each), and of their keys those held. */
  private sourced = 0;
  private sourcedHeld = 0;

  unknown(id: number): void {
    this.unknowns.add(id);
  }

  constructor(
    private readonly index: RelationshipIndex,
    private readonly db: Database<Buffer, Key>,
    private readonly problem: (part: string, subject: string, what: string, fix: VerifyFix) => void,
  ) {}

  entity(id: number, urn: string, entity: EntityRecord, latest: LatestAspects): void {
    this.urns.set(id, urn);
    for (const aspect of entity.aspects) {
      if (!this.index.carries(aspect)) continue;
      const value = latest.value(aspect);
      if (value === undefined) continue;
      for (const e of this.index.edgesOf(aspect, value)) {
        const { type, dest } = e;
        if (e.source !== undefined) {
          // A column edge (relSourced): held under both keys, or a problem.
          this.sourced++;
          const held = this.index.sourcedKeysHeld(urn, aspect, e);
          this.sourcedHeld += held;
          if (held < 2)
            this.problem(
              'relSourced',
              `${e.source} --${type}--> ${dest}`,
              `the relationships index lacks this column edge, which aspect ${aspect} of ${urn} declares`,
              'reindex',
            );
          continue;
        }
        const k = `${dest}\u0000${type}\u0000${aspect}`;
        let group = this.pending.get(k);
        if (!group) this.pending.set(k, (group = { dest, type, aspect, ids: new Set() }));
        group.ids.add(id);
      }
    }
  }

  endBlock(block: number): void {
    const base = block << BLOCK_BITS;
    for (const { dest, type, aspect, ids } of this.pending.values()) {
      this.blocks++;
      this.edges += ids.size;
      let stored: Buffer | undefined;
      try {
        stored = this.db.getBinary([dest, type, aspect, block]);
      } catch {
        stored = undefined;
      }
      const held = new Set(stored ? Array.from(stored, (low) => base + low) : []);
      for (const id of ids) {
        if (!held.has(id))
          this.problem(
            'relBlocks',
            `${this.urns.get(id)} --${type}--> ${dest}`,
            `the relationships index lacks this edge, which aspect ${aspect} declares`,
            'reindex',
          );
      }
      for (const id of held) {
        if (!ids.has(id) && !this.unknowns.has(id))
          this.problem(
            'relBlocks',
            `${this.urns.get(id) ?? `entity id ${id}`} --${type}--> ${dest}`,
            `the relationships index holds this edge, which aspect ${aspect} does not declare`,
            'reindex',
          );
      }
    }
    this.pending.clear();
    this.urns.clear();
    this.unknowns.clear();
  }

  /** Returns the edges the aspects declare; `complete`: every entity was read, so the counts must agree. */
  finish(complete: boolean): number {
    const stored = (this.db.getStats() as { entryCount?: number }).entryCount ?? 0;
    if (complete && stored > this.blocks) {
      this.problem(
        'relBlocks',
        'the relationships index',
        `it holds ${counted(stored - this.blocks, 'block')} of edges that no aspect declares (of entities that are gone, or of values that changed)`,
        'reindex',
      );
    }
    const held = this.index.sourcedEntries();
    if (complete && held > this.sourcedHeld) {
      this.problem(
        'relSourced',
        'the relationships index',
        `it holds ${counted(held - this.sourcedHeld, 'key')} of column edges that no aspect declares`,
        'reindex',
      );
    }
    return this.edges + this.sourced;
  }
}
