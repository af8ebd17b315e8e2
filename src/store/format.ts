/**
 * The data file's format: how its environment is opened, how the store's tables encode and compress
 * their values, which format a file is in, and the mark an open leaves when it moves an older file on.
 *
 * The format is recorded in `meta` (absent: format 1).
 * - Format 2 encodes the values of `aspects`, `entities` and `timeseries` with shared record
 *   structures (lmdb-js's sharedStructuresKey): a value's field names are kept once per table, not
 *   inside every value. That took 20% off the aspects' size and made decoding them 2.5 times as fast
 *   (80 000 bench aspects: 107 → 86 MB, 800 → 310 ms).
 * - Format 3 compresses the values of `aspects`, `timeseries`, `searchDocs` and `postingBlocks` of
 *   64 bytes or more with LZ4 and a dictionary of DataHub's vocabulary (valueDictionary.ts), kept in
 *   the file itself under `valueDictionary`. On the aspects of 20 000 bench datasets the table went
 *   from 77.7 to 30.9 MB (no value on an overflow page any more) and reading all of them got faster,
 *   not slower (262 → 204 ms): fewer pages to touch outweighs the decompression.
 *   Older values still decode (a compressed value is marked by its first byte, 254 or 255, which no
 *   msgpack record or map starts with), so format 3 was rolled out lazily: values gained compression
 *   as they were written again, or all at once by `catalog backup --compact`.
 * - Format 4 puts a checksum in front of every value of `aspects`, `timeseries` and `entities`
 *   (0xC1, then the CRC-32 of the msgpack bytes; checksum.ts), written in the same transaction as
 *   the value and checked on every read before it is decoded: a damaged value is an error naming
 *   its entity and aspect, never different data (docs/design.md §3 "Store"). Five bytes a value.
 *   It is not rolled out lazily: a value without a checksum is either older or damaged, and only a
 *   file whose every value has one can tell the two apart. So the first read-write open of an older
 *   file gives every value its checksum in place (checksumUpgrade.ts: batches of their own
 *   transactions, resumable, `CHECKSUMS_KEY` in `meta` saying how far it got), and a value without
 *   one is damage from then on. Until then, and in read-only opens of an older file (which never
 *   write), a value without a checksum decodes as it always did.
 * A release that reads only an older format cannot read the newer values, and a file of a format
 * newer than this release's is refused with a message naming it.
 */
import { readFileSync } from 'node:fs';
import { open, type RootDatabase } from 'lmdb';
import { CatalogError } from '../errors.ts';
import { COMPRESSED_SEARCH_TABLES } from './searchIndex.ts';
import type { Tables } from './tables.ts';
import { valueDictionarySeed } from './valueDictionary.ts';
import { assertFixedLmdb } from './nativeGuard.ts';
import { PAGE_SIZE } from './fileCheck.ts';
import { checksumTable } from './checksum.ts';

export const FORMAT_KEY = 'formatVersion';
export const FORMAT = 4;
/**
 * The `meta` entry present while an older file's values are being given checksums (format 4): the
 * table and the last key done (checksumUpgrade.ts). Absent in a file whose every value has one.
 */
export const CHECKSUMS_KEY = 'checksumUpgrade';
/** The `meta` entry holding the LZ4 dictionary of format 3 values (absent until a writer of format 3 opened the file). */
export const DICTIONARY_KEY = 'valueDictionary';
/** Values shorter than this are stored as they are: with the dictionary, even a tag list gains from LZ4 above it. */
const COMPRESSION_THRESHOLD = 64;
/** The tables whose values are compressed. */
export const COMPRESSED_TABLES = new Set<string>(['aspects', 'timeseries', ...COMPRESSED_SEARCH_TABLES]);
const SHARED_STRUCTURES = { sharedStructuresKey: Symbol.for('structures') };

/** How the compressed tables (COMPRESSED_TABLES) are compressed: the file's dictionary (format 3). */
export interface Compression {
  dictionary: Buffer;
  threshold: number;
}

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
export function openEnv(path: string, readOnly: boolean): RootDatabase {
  assertFixedLmdb();
  // pageSize applies to a file this open creates; an existing file keeps the page size it was made with.
  return open({
    path,
    compression: false,
    // How many named tables one open may use (not stored in the file): the store has about 28 now, with the change
    // log's and the bundles' tables; LMDB refuses the open of one more past this (MDB_DBS_FULL), so keep room.
    maxDbs: 64,
    encoding: 'msgpack',
    readOnly,
    pageSize: PAGE_SIZE,
    ...(mapWholeSize() && { mapSize: MAP_SIZE }),
  });
}

/**
 * Drops the pages of the data file this process has mapped from its resident set (the patched addon's
 * `Env.releaseMap`, docs/patches.md §1): the map is shared and read-only, so the pages stay in the
 * kernel's page cache and the next read of one maps it again, at the cost of a minor fault. A long
 * walk calls it between pages, so its resident set follows the page it is on, not the file it has
 * crossed. Answers false where nothing can be released: the stock addon (CATALOG_UNPATCHED_LMDB), or
 * a platform without madvise.
 */
export function releaseMap(env: RootDatabase): boolean {
  const native = (env as unknown as { env?: { releaseMap?: () => boolean } }).env;
  return typeof native?.releaseMap === 'function' ? native.releaseMap() : false;
}

/**
 * Opens the store's tables with the encoding and compression of the current format. `stored` tells
 * whether the file holds its dictionary yet.
 */
export function openTables(env: RootDatabase): { tables: Tables; compression: Compression; stored: boolean } {
  const path = (env as unknown as { path: string }).path;
  const meta: Tables['meta'] = env.openDB('meta', {});
  // Every process decodes with the dictionary the file holds; a file that holds none yet gets the
  // seed, written by the first read-write open (markFormat; a read-only reader uses the same seed, so
  // a writer that adds it meanwhile writes nothing this reader cannot decode).
  const stored = meta?.get(DICTIONARY_KEY) as Uint8Array | undefined;
  const dictionary = stored ? Buffer.from(stored) : valueDictionarySeed();
  const compression = { dictionary, threshold: COMPRESSION_THRESHOLD };
  const compressed = { ...SHARED_STRUCTURES, compression };
  const tables: Tables = {
    meta,
    aspects: env.openDB('aspects', compressed),
    entities: env.openDB('entities', SHARED_STRUCTURES),
    byType: env.openDB('byType', {}),
    tokens: env.openDB('tokens', {}),
    relBlocks: env.openDB('relBlocks', { encoding: 'binary' }),
    entityUrns: env.openDB('entityUrns', {}),
    series: env.openDB('timeseries', compressed),
  };
  // Asked only of a value without a checksum (checksum.ts): damage in a file whose every value has
  // one, an older value in a file not yet given them. Read from `meta` each time, so a file another
  // process has just finished giving checksums is held to them at once.
  const strict = () => everyValueChecksummed(meta);
  for (const [table, db] of [
    ['aspects', tables.aspects],
    ['entities', tables.entities],
    ['timeseries', tables.series],
  ] as const) {
    if (db) checksumTable(db as never, path, table, strict);
  }
  return { tables, compression, stored: Boolean(stored) };
}

/** Whether every value of the file carries a checksum: format 4 or later, and no upgrade pending (CHECKSUMS_KEY). */
export function everyValueChecksummed(meta: Tables['meta'] | undefined): boolean {
  return ((meta?.get(FORMAT_KEY) as number | undefined) ?? 1) >= 4 && meta?.get(CHECKSUMS_KEY) === undefined;
}

/**
 * Reads the file's format: refuses a newer one (CONFLICT), and says whether this open moves the file
 * to FORMAT (`upgraded`, only read-write: its values then get their checksums, checksumUpgrade.ts)
 * and whether it must write the format mark (`mark`).
 */
export function checkFormat(
  path: string,
  tables: Tables,
  dictionaryStored: boolean,
  readOnly: boolean,
): { upgraded: { from: number; to: number } | undefined; mark: boolean } {
  const format = tables.meta?.get(FORMAT_KEY) as number | undefined;
  if (format !== undefined && format > FORMAT) {
    throw new CatalogError(
      'CONFLICT',
      `${path} was written by a newer catalog (data file format ${format}; this one reads formats up to ${FORMAT}): use that release or a newer one`,
    );
  }
  // No format recorded: a new file, or one written before formats were (format 1) if it holds entities.
  const previous = format ?? (Array.from(tables.entities?.getKeys({ limit: 1 }) ?? []).length > 0 ? 1 : undefined);
  const upgraded =
    !readOnly && previous !== undefined && previous < FORMAT ? { from: previous, to: FORMAT } : undefined;
  return { upgraded, mark: !readOnly && (format !== FORMAT || !dictionaryStored) };
}

/**
 * Writes the format mark and the file's dictionary (inside a write transaction of a read-write open).
 * A file moved to format 4 from an older one (or a new one) is marked as having values to give
 * checksums to, in the same transaction: from here on no older release opens it, and
 * checksumUpgrade.ts gives them (a new file has none, and is done at once).
 */
export function markFormat(path: string, meta: Tables['meta'], dictionary: Buffer): void {
  // Another process may have moved the file on since this one read `meta`.
  if (meta.get(FORMAT_KEY) !== FORMAT) meta.put(CHECKSUMS_KEY, {});
  meta.put(FORMAT_KEY, FORMAT);
  // Another process may have written its dictionary since this one read `meta`.
  const now = meta.get(DICTIONARY_KEY) as Uint8Array | undefined;
  if (!now) meta.put(DICTIONARY_KEY, dictionary);
  else if (!Buffer.from(now).equals(dictionary)) {
    throw new CatalogError(
      'CONFLICT',
      `${path} was given its value dictionary by another catalog release while this one opened it: run the command again`,
    );
  }
}

/**
 * Forgets the record structures of the shared-structure tables, to be read again from the file.
 * Needed after any write that did not commit: a write that met a new shape of value saved its
 * structure in its own transaction, and the encoder, still holding it, would encode later values
 * with it although the file never got it — values no one could read again (tested).
 */
export function forgetStructures(tables: Tables): void {
  for (const db of [tables.aspects, tables.entities, tables.series]) {
    const encoder = (db as unknown as { encoder?: { clearSharedData?: () => void; structures?: unknown[] } }).encoder;
    if (encoder?.clearSharedData) encoder.clearSharedData();
    else if (encoder?.structures) encoder.structures = [];
  }
}
