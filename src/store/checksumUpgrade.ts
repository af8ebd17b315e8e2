/**
 * Gives every value of an older data file its checksum (format 4, format.ts and checksum.ts): the
 * first read-write open of the file by this release runs it, before anything else reads the file.
 *
 * Each batch of BATCH values is a write transaction of its own: a value is read as stored (its
 * msgpack bytes, decompressed), checked to decode, and written back sealed, as bytes — nothing is
 * decoded and encoded again, so no value can change. Where the batches got to is in `meta`
 * (CHECKSUMS_KEY), written in the same transaction: an interrupted upgrade goes on from there at the
 * next read-write open, and two processes opening the file at once share the work (each batch reads
 * the position inside its transaction). Values a writer of this release wrote meanwhile are sealed
 * already and skipped. A value that does not decode is left as it is — sealing it would vouch for
 * damage — and reads as damaged once the upgrade is done (`catalog verify` names it).
 *
 * Rewriting in place also compresses every value of the compressed tables, those format 2 left
 * uncompressed included. Cost (bench section 12): 4.7 s for the 120 000 values of 20 000 bench
 * datasets, 1.6 times a `catalog backup --compact` of the same file; the file grows by about a batch,
 * since each transaction's freed pages serve the next.
 */
import type { Database, Key, RootDatabase } from 'lmdb';
import {
  checkStored,
  CHECKSUMMED_TABLES,
  CHECKSUM_MARKER,
  DamagedValueError,
  sealed,
  spoilBuffer,
  STRUCTURES_KEY,
  type ChecksummedTable,
} from './checksum.ts';
import { CHECKSUMS_KEY, COMPRESSED_TABLES, everyValueChecksummed, releaseMap, type Compression } from './format.ts';
import { decodeKey, encodeKey, sameKey } from './keyWalks.ts';
import type { Tables } from './tables.ts';

/** Values given their checksum per write transaction. */
const BATCH = 5000;

/** Where the upgrade got to, as kept in `meta`: the table it is in (absent: the first) and the last key done (encoded: it may be the structures' symbol). */
interface Position {
  table?: ChecksummedTable;
  after?: Uint8Array;
}

/** What a caller shows while values get their checksums: the count to do, then how many are done. */
export interface ChecksumProgress {
  begin(values: number): void;
  update(done: number): void;
  end(result: ChecksumUpgrade): void;
}

export interface ChecksumUpgrade {
  /** Values given their checksum by this run. */
  sealed: number;
  /** Values left as they were because they did not decode. */
  unreadable: number;
  seconds: number;
}

/**
 * Runs the upgrade of the file open in `env` to its end (nothing to do when `meta` has no
 * CHECKSUMS_KEY). `tables` are the store's tables, whose decoders check that a value decodes.
 */
export function addChecksums(
  env: RootDatabase,
  tables: Tables,
  compression: Compression,
  progress?: ChecksumProgress,
): ChecksumUpgrade {
  const started = performance.now();
  const result = { sealed: 0, unreadable: 0, seconds: 0 };
  const meta = tables.meta;
  if (meta.get(CHECKSUMS_KEY) === undefined) return result;
  // Values as bytes, keys as the store's own keys: a handle with binary keys must never write to a
  // table the store also opens, because lmdb-js compares that table's keys as its own zero-padded
  // encoding (compareFast), and the bytes after a binary key are not zeros (docs/stack.md, lmdb-js).
  const raw = new Map<ChecksummedTable, Database<Buffer, Key>>();
  for (const name of CHECKSUMMED_TABLES) {
    const db = env.openDB(name, {
      encoding: 'binary',
      ...(COMPRESSED_TABLES.has(name) && { compression }),
      create: false,
    } as object) as Database<Buffer, Key> | undefined;
    if (db) raw.set(name, db);
  }
  const decoders: Record<ChecksummedTable, Database<unknown, never> | undefined> = {
    aspects: tables.aspects as never,
    entities: tables.entities as never,
    timeseries: tables.series as never,
  };
  const total = [...raw.values()].reduce(
    (n, db) => n + ((db.getStats() as { entryCount?: number }).entryCount ?? 0),
    0,
  );
  if (total > 0) progress?.begin(total);
  let done = 0;
  for (;;) {
    let finished = false;
    env.transactionSync(() => {
      // Read inside the transaction: another process may have moved it on, or finished.
      const at = meta.get(CHECKSUMS_KEY) as Position | undefined;
      if (at === undefined) {
        finished = true;
        return;
      }
      let index = Math.max(0, at.table === undefined ? 0 : CHECKSUMMED_TABLES.indexOf(at.table));
      let after: Key | undefined = at.after && decodeKey(Buffer.from(at.after));
      let budget = BATCH;
      while (budget > 0 && index < CHECKSUMMED_TABLES.length) {
        const name = CHECKSUMMED_TABLES[index]!;
        const db = raw.get(name);
        const batch: Array<[Key, Buffer]> = [];
        if (db) {
          // The table's record structures are an entry of it that range reads leave out (its key, a
          // symbol, sorts before every key they start from): taken first.
          if (after === undefined) {
            const structures = db.getBinary(STRUCTURES_KEY as never);
            if (structures) batch.push([STRUCTURES_KEY as never, Buffer.from(structures)]);
            spoilBuffer(db);
          }
          for (const { key, value } of batch.length < budget
            ? db.getRange(after !== undefined ? { start: after } : {})
            : []) {
            if (after !== undefined && sameKey(after, key)) continue;
            // Copied: lmdb may hand out a view of a buffer it reuses. And that buffer must not pass
            // for the next value if its decompression fails (checksum.ts spoil).
            batch.push([key, Buffer.from(value)]);
            spoilBuffer(db);
            if (batch.length >= budget) break;
          }
        }
        for (const [key, value] of batch) {
          if (value.length > 0 && value[0] === CHECKSUM_MARKER) continue;
          if (!decodes(decoders[name], value)) {
            result.unreadable++;
            continue;
          }
          void db!.put(key, sealed(value));
          result.sealed++;
        }
        done += batch.length;
        budget -= batch.length;
        if (budget > 0) {
          // The table is done.
          index++;
          after = undefined;
        } else after = batch[batch.length - 1]![0];
      }
      if (index >= CHECKSUMMED_TABLES.length) {
        void meta.remove(CHECKSUMS_KEY);
        finished = true;
      } else
        void meta.put(CHECKSUMS_KEY, {
          table: CHECKSUMMED_TABLES[index],
          ...(after !== undefined && { after: encodeKey(after) }),
        } satisfies Position);
    });
    progress?.update(Math.min(done, total));
    // The pages walked stay in the page cache, not in this process's resident set.
    releaseMap(env);
    if (finished) break;
  }
  result.seconds = (performance.now() - started) / 1000;
  if (total > 0) progress?.end(result);
  return result;
}

/** Whether a value from before checksums decodes (through the table's own decoder, which still reads such values). */
function decodes(db: Database<unknown, never> | undefined, bytes: Buffer): boolean {
  const decoder = (db as unknown as { decoder?: { decode(bytes: Uint8Array, end: number): unknown } } | undefined)
    ?.decoder;
  if (!decoder) return true;
  try {
    decoder.decode(bytes, bytes.length);
    return true;
  } catch {
    return false;
  }
}

/**
 * How `catalog backup --compact` copies a value of a checksummed table (backup.ts): checked, as every
 * read is — a damaged value fails the copy by name rather than travel into it — and, from a file
 * not yet given checksums, sealed, so the copy (format 4 throughout) has every value's checksum.
 * `key` is the value's key as stored (encoded).
 */
export function checkedCopy(path: string, tables: Tables): (table: string, key: Buffer, value: Buffer) => Buffer {
  const decoders: Record<string, Database<unknown, never> | undefined> = {
    aspects: tables.aspects as never,
    entities: tables.entities as never,
    timeseries: tables.series as never,
  };
  const strict = everyValueChecksummed(tables.meta);
  return (table, key, value) => {
    if (!(table in decoders)) return value;
    const state = checkStored(value);
    if (state === 'sound') return value;
    if (state === 'damaged') throw new DamagedValueError(path, table, decodeKey(key), 'checksum');
    if (strict) throw new DamagedValueError(path, table, decodeKey(key), 'missing');
    if (!decodes(decoders[table], value))
      throw new DamagedValueError(path, table, decodeKey(key), 'undecodable', 'msgpack');
    return sealed(value);
  };
}
