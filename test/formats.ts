/**
 * Data files as older releases left them, made from files of this one (the tests of format upgrades:
 * test/checksum.test.ts, test/cli-offline.test.ts, test/verify.test.ts).
 */
import * as lmdb from 'lmdb';

/** The env of a closed data file, opened the plain lmdb-js way (without the store). */
export function rawEnv(path: string, readOnly = false): lmdb.RootDatabase {
  return lmdb.open({ path, compression: false, maxDbs: 32, encoding: 'msgpack', readOnly });
}

/** A table of `env` with its values as stored bytes, decompressed as the store reads them; keys as the store's. */
export function rawTable(env: lmdb.RootDatabase, table: string): lmdb.Database<Buffer, lmdb.Key> {
  const stored = env.openDB('meta', {}).get('valueDictionary') as Uint8Array | undefined;
  const compressed = stored !== undefined && (table === 'aspects' || table === 'timeseries');
  return env.openDB(table, {
    encoding: 'binary',
    ...(compressed && { compression: { dictionary: Buffer.from(stored), threshold: 64 } }),
  } as object) as lmdb.Database<Buffer, lmdb.Key>;
}

/**
 * Takes the checksums off every value of a closed file (format 4 puts them in front of the msgpack
 * bytes) and marks it `format`, as the release before checksums left it. Returns how many values it
 * changed, record structures included.
 */
export async function withoutChecksums(path: string, format: number): Promise<number> {
  const env = rawEnv(path);
  let values = 0;
  try {
    for (const table of ['aspects', 'timeseries', 'entities']) {
      const db = rawTable(env, table);
      const structures = db.getBinary(Symbol.for('structures') as never);
      const entries: Array<[lmdb.Key, Buffer]> = structures
        ? [[Symbol.for('structures') as never, Buffer.from(structures)]]
        : [];
      for (const { key, value } of db.getRange({})) entries.push([key, Buffer.from(value)]);
      await env.transaction(() => {
        for (const [key, bytes] of entries) {
          if (bytes[0] !== 0xc1) throw new Error(`${table} ${JSON.stringify(key)} has no checksum to take off`);
          void db.put(key, bytes.subarray(5));
        }
      });
      values += entries.length;
    }
    await env.openDB('meta', {}).put('formatVersion', format);
  } finally {
    await env.close();
  }
  return values;
}
