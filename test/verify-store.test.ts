// The store's verify walks (src/store/verify.ts, searchVerify.ts) against damage of each kind, made
// behind the store's back through lmdb: each problem is found, named by its part, its entity or key
// and what is wrong, with its fix, and a sound file has none (docs/design.md §3 "Store").
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type * as lmdb from 'lmdb';
import { writeAspect } from '../src/ops/core/writeAspect.ts';
import { openCatalog, openCatalogAsIs } from '../src/ops/core/openCatalog.ts';
import { checksumTable } from '../src/store/checksum.ts';
import type { VerifyProblem } from '../src/store/store.ts';
import { rawEnv, rawTable } from './formats.ts';
import { tempDataPath } from './helpers.ts';

const D1 = 'urn:li:dataset:(urn:li:dataPlatform:hive,d1,PROD)';
const D2 = 'urn:li:dataset:(urn:li:dataPlatform:hive,d2,PROD)';
const T = 'urn:li:tag:pii';
const TIME = 1_700_000_000_000;
const stamp = { actor: 'urn:li:corpuser:tester', time: TIME };
/** A small catalog: two datasets (one with history, a tag, an owner, a timeseries event, an aspect no index reads), a tag, a remote and a sync base. */
async function catalog(): Promise<string> {
  const path = tempDataPath();
  const store = openCatalog(path);
  await store.write((txn) => {
    writeAspect(txn, stamp, D1, 'datasetProperties', { description: 'first words' });
    writeAspect(txn, stamp, D1, 'datasetProperties', { description: 'latest words about customers' });
    writeAspect(txn, stamp, D1, 'globalTags', { tags: [{ tag: T }] });
    writeAspect(txn, stamp, D1, 'ownership', { owners: [{ owner: 'urn:li:corpuser:alice', type: 'DATAOWNER' }] });
    writeAspect(txn, stamp, D1, 'operation', {
      timestampMillis: TIME,
      lastUpdatedTimestamp: TIME,
      operationType: 'INSERT',
    });
    writeAspect(txn, stamp, D2, 'datasetProperties', { description: 'second dataset' });
    writeAspect(txn, stamp, D2, 'verifyBlob', { anything: 'stored as given' });
    writeAspect(txn, stamp, T, 'tagProperties', { name: 'pii' });
    txn.putRemote({ name: 'team', location: '/srv/team.lmdb' });
    txn.putSyncBase('/srv/team.lmdb', D2, 'datasetProperties', { version: '1', hash: 'a'.repeat(64) });
  });
  await store.close();
  return path;
}

/** The problems verify finds in the catalog after `damage`, as `part: subject: problem (fix)` lines. */
async function problemsAfter(
  damage: (env: lmdb.RootDatabase, ids: Record<string, number>, path: string) => unknown,
): Promise<string[]> {
  const path = await catalog();
  const env = rawEnv(path);
  try {
    const ids = Object.fromEntries([D1, D2, T].map((urn) => [urn, idOf(env, urn)]));
    await env.transaction(() => damage(env, ids, path));
  } finally {
    await env.close();
  }
  const store = openCatalogAsIs(path);
  const problems: VerifyProblem[] = [];
  try {
    store.verify((p) => problems.push(p));
  } finally {
    await store.close();
  }
  return problems.map((p) => `${p.part}: ${p.subject}: ${p.problem} (${p.fix})`);
}

function idOf(env: lmdb.RootDatabase, urn: string): number {
  for (const { key, value } of env.openDB('entityUrns', {}).getRange({})) if (value === urn) return key as number;
  throw new Error(`no id for ${urn}`);
}

/** A table of bytes (`encoding: binary`, keys as the store's). */
const bytesOf = (env: lmdb.RootDatabase, table: string) =>
  env.openDB(table, { encoding: 'binary' }) as lmdb.Database<Buffer, lmdb.Key>;

/** A checksummed table opened as the store opens it: its values written sealed, with its record structures. */
function storeTable(
  env: lmdb.RootDatabase,
  path: string,
  table: 'aspects' | 'entities',
): lmdb.Database<unknown, lmdb.Key> {
  const dictionary = Buffer.from(env.openDB('meta', {}).get('valueDictionary') as Uint8Array);
  const db = env.openDB(table, {
    sharedStructuresKey: Symbol.for('structures'),
    ...(table === 'aspects' && { compression: { dictionary, threshold: 64 } }),
  } as object) as lmdb.Database<unknown, lmdb.Key>;
  checksumTable(db as never, path, table, () => true);
  return db;
}

/** Rewrites a value of a checksummed table through `change`, written as the store writes (so only its content is wrong). */
function rewrite(
  env: lmdb.RootDatabase,
  path: string,
  table: 'aspects' | 'entities',
  key: lmdb.Key,
  change: (value: Record<string, unknown>) => unknown,
): void {
  const db = storeTable(env, path, table);
  void db.put(key, change(db.get(key) as Record<string, unknown>));
}

const record = (value: unknown) => ({ value, systemMetadata: null, created: stamp });

const RESTORE = '(restore)';
const REINDEX = '(reindex)';

describe('catalog verify, the walks', () => {
  it('finds nothing wrong with a sound file', async () => {
    assert.deepEqual(await problemsAfter(() => {}), []);
  });

  it('a value that is not what was written: its checksum, a missing one, its record structures', async () => {
    assert.deepEqual(
      await problemsAfter((env) => {
        const db = rawTable(env, 'aspects');
        const bytes = Buffer.from(db.getBinary([D1, 'datasetProperties', 1])!);
        bytes[bytes.length - 1]! ^= 1;
        void db.put([D1, 'datasetProperties', 1], bytes);
      }),
      [
        `aspects: aspect datasetProperties of ${D1} (version 1): its checksum does not match its bytes: it is not the value that was written ${RESTORE}`,
      ],
    );
    assert.deepEqual(
      await problemsAfter((env) => {
        const db = rawTable(env, 'timeseries');
        const key = [D1, 'operation', TIME, ''];
        void db.put(key, Buffer.from(db.getBinary(key)!).subarray(5));
      }),
      [
        `timeseries: the operation event of ${D1} at ${TIME} (2023-11-14T22:13:20.000Z): it carries no checksum, which every value of this file has: it is not the value that was written ${RESTORE}`,
      ],
    );
    assert.deepEqual(
      await problemsAfter((env) => {
        const db = rawTable(env, 'aspects');
        const bytes = Buffer.from(db.getBinary(Symbol.for('structures') as never)!);
        bytes[bytes.length - 1]! ^= 1;
        void db.put(Symbol.for('structures') as never, bytes);
      }),
      [
        `aspects: the record structures of table aspects, through which every value of it is read: its checksum does not match its bytes: it is not the value that was written ${RESTORE}`,
      ],
    );
    assert.deepEqual(
      await problemsAfter((env) => {
        const db = rawTable(env, 'entities');
        const bytes = Buffer.from(db.getBinary(D2)!);
        bytes[bytes.length - 1]! ^= 1;
        void db.put(D2, bytes);
      }),
      [
        `entities: the entity record of ${D2} (the list of its aspects): its checksum does not match its bytes: it is not the value that was written ${RESTORE}`,
      ],
    );
  });

  it('a value from before checksums that does not decode, in a file still being given them', async () => {
    const problems = await problemsAfter((env) => {
      void env.openDB('meta', {}).put('checksumUpgrade', {});
      void rawTable(env, 'aspects').put([D1, 'datasetProperties', 1], Buffer.from([0x93, 0x01]));
    });
    assert.equal(problems.length, 1, problems.join('\n'));
    assert.match(
      problems[0]!,
      new RegExp(
        `^aspects: aspect datasetProperties of ${D1.replace(/[()]/g, '\\$&')} \\(version 1\\): it cannot be decoded: .+ \\(restore\\)$`,
      ),
    );
  });

  it('the aspects and their history, against the entities', async () => {
    assert.deepEqual(await problemsAfter((env) => void rawTable(env, 'aspects').remove([D1, 'datasetProperties', 1])), [
      `aspects: aspect datasetProperties of ${D1}: its latest version says it has 1 older version, but 0 are stored ${RESTORE}`,
    ]);
    assert.deepEqual(
      await problemsAfter(
        (env, _ids, path) => void storeTable(env, path, 'aspects').put([D2, 'orphan', 1], record({ x: 1 })),
      ),
      [`aspects: aspect orphan of ${D2}: 1 older version is stored, but no latest version ${RESTORE}`],
    );
    assert.deepEqual(
      await problemsAfter(
        (env, _ids, path) =>
          void storeTable(env, path, 'aspects').put(
            ['urn:li:tag:ghost', 'tagProperties', 0],
            record({ name: 'ghost' }),
          ),
      ),
      [
        `aspects: aspect tagProperties of urn:li:tag:ghost (latest version): it is stored, but its entity is not ${RESTORE}`,
        `entities: the entities: they list 9 aspects, but 10 latest aspect values are stored ${RESTORE}`,
      ],
    );
    assert.deepEqual(
      await problemsAfter((env, _ids, path) => void storeTable(env, path, 'aspects').put(['x', 'y'], record({}))),
      [`aspects: ["x","y"]: its key is not [urn, aspect, version] ${RESTORE}`],
    );
    assert.deepEqual(
      await problemsAfter((env, _ids, path) =>
        rewrite(env, path, 'aspects', [D2, 'verifyBlob', 0], (r) => ({ ...r, created: { time: TIME, actor: 5 } })),
      ),
      [
        `aspects: aspect verifyBlob of ${D2} (latest version): it is not an aspect record (value, systemMetadata, created) ${RESTORE}`,
      ],
    );
    assert.deepEqual(
      await problemsAfter((env, _ids, path) =>
        rewrite(env, path, 'entities', D2, (e) => ({
          ...e,
          aspects: (e['aspects'] as string[]).filter((a) => a !== 'verifyBlob'),
        })),
      ),
      [
        `entities: ${D2}: it does not list its aspect verifyBlob, which is stored ${RESTORE}`,
        `entities: the entities: they list 8 aspects, but 9 latest aspect values are stored ${RESTORE}`,
      ],
    );
    assert.deepEqual(
      await problemsAfter((env, _ids, path) =>
        rewrite(env, path, 'entities', D2, (e) => ({ ...e, aspects: [...(e['aspects'] as string[]), 'verifyBlob'] })),
      ),
      [
        `entities: the entity record of ${D2} (the list of its aspects): it lists an aspect twice ${RESTORE}`,
        `entities: the entities: they list 10 aspects, but 9 latest aspect values are stored ${RESTORE}`,
      ],
    );
    assert.deepEqual(
      await problemsAfter((env, _ids, path) =>
        rewrite(env, path, 'entities', D2, (e) => ({ ...e, aspects: [...(e['aspects'] as string[]), 'ghostAspect'] })),
      ),
      [
        `entities: ${D2}: it lists aspect ghostAspect, which is not stored ${RESTORE}`,
        `entities: the entities: they list 10 aspects, but 9 latest aspect values are stored ${RESTORE}`,
      ],
    );
    assert.deepEqual(
      await problemsAfter((env, _ids, path) => rewrite(env, path, 'entities', D2, () => ({ entityType: 7 }))),
      [
        `entities: the entity record of ${D2} (the list of its aspects): it is not an entity record (entityType, aspects, id) ${RESTORE}`,
      ],
    );
  });

  it('the entity index: entities by type, entity ids, the id counter', async () => {
    assert.deepEqual(await problemsAfter((env) => void env.openDB('byType', {}).remove(['dataset', D2])), [
      `byType: ${D2}: the index of entities by type does not list it under dataset ${RESTORE}`,
      `byType: the index of entities by type: it has 2 entries for 3 entities ${RESTORE}`,
    ]);
    assert.deepEqual(await problemsAfter((env) => void env.openDB('byType', {}).put(['tag', D2], true)), [
      `byType: ${D2}: it is listed under tag, but it is a dataset ${RESTORE}`,
      `byType: the index of entities by type: it has 4 entries for 3 entities ${RESTORE}`,
    ]);
    assert.deepEqual(
      await problemsAfter((env) => void env.openDB('byType', {}).put(['tag', 'urn:li:tag:ghost'], true)),
      [
        `byType: urn:li:tag:ghost: it is listed under tag, but no such entity is stored ${RESTORE}`,
        `byType: the index of entities by type: it has 4 entries for 3 entities ${RESTORE}`,
      ],
    );
    assert.deepEqual(await problemsAfter((env) => void env.openDB('byType', {}).put(['tag', T], 'yes')), [
      `byType: ["tag","${T}"]: it is not an entry [type, urn] → true ${RESTORE}`,
    ]);
    const counter = await problemsAfter((env) => void env.openDB('meta', {}).put('nextEntityId', 1));
    assert.deepEqual(counter, [
      `meta: the entity id counter: it is 1, but entity id 3 is given already: the next new entity would share an id ${RESTORE}`,
    ]);
    const noId = await problemsAfter((env, _ids, path) =>
      rewrite(env, path, 'entities', T, (e) => ({ entityType: e['entityType'], aspects: e['aspects'] })),
    );
    assert.ok(noId.includes(`entityUrns: ${T}: it has no entity id ${REINDEX}`), noId.join('\n'));
    const swapped = await problemsAfter((env, ids) => void env.openDB('entityUrns', {}).put(ids[D2]!, D1));
    assert.ok(swapped.includes(`entityUrns: ${D2}: its entity id 2 is mapped to ${D1} ${REINDEX}`), swapped.join('\n'));
    assert.ok(
      swapped.includes(`entityUrns: ${D1}: entity id 2 is mapped to it, but its id is 1 ${REINDEX}`),
      swapped.join('\n'),
    );
    const ghost = await problemsAfter((env) => void env.openDB('entityUrns', {}).put(99, 'urn:li:tag:ghost'));
    assert.deepEqual(ghost, [
      `entityUrns: urn:li:tag:ghost: entity id 99 is mapped to it, but no such entity is stored ${REINDEX}`,
      `entityUrns: the entity ids: 4 ids are mapped to urns, for 3 entities ${REINDEX}`,
    ]);
    // A format mark that is no number is refused before the file is opened, verify's open included (fileCheck.ts).
    await assert.rejects(
      problemsAfter((env) => void env.openDB('meta', {}).put('formatVersion', 'four')),
      (e: Error) => /is damaged: its format mark is not a number \(bytes a4666f7572\)/.test(e.message),
    );
    const older = await problemsAfter((env) => void env.openDB('meta', {}).put('formatVersion', 0));
    assert.deepEqual(older, [`meta: the data file format: it is 0 ${RESTORE}`]);
  });

  it('values of the other tables: undecodable, not of their shape', async () => {
    const token = await problemsAfter((env) => void bytesOf(env, 'tokens').put('t1', Buffer.from([0x93, 0x01])));
    assert.equal(token.length, 1, token.join('\n'));
    assert.match(token[0]!, /^tokens: "t1": its value cannot be decoded: .+ \(restore\)$/);
    assert.deepEqual(await problemsAfter((env) => void env.openDB('remotes', {}).put('team', { name: 'other' })), [
      `remotes: "team": it is not a remote record (name, location) (sync)`,
    ]);
    assert.deepEqual(
      await problemsAfter(
        (env) =>
          void env
            .openDB('syncBases', {})
            .put(['nowhere', D1, 'datasetProperties'], { version: '1', hash: 'b'.repeat(64) }),
      ),
      [
        `syncBases: the base of aspect datasetProperties of ${D1} for remote nowhere: it is kept for no remote: its location is neither a remote's nor a URL or an absolute path (sync)`,
      ],
    );
    assert.deepEqual(
      await problemsAfter(
        (env) => void env.openDB('syncBases', {}).put(['/srv/team.lmdb', D1], { version: '1', hash: 'b'.repeat(64) }),
      ),
      [`syncBases: ["/srv/team.lmdb","${D1}"]: its key is not [remote location, urn, aspect] (sync)`],
    );
  });

  it('the relationships index against the edges the aspects declare', async () => {
    const blocks = (env: lmdb.RootDatabase) => bytesOf(env, 'relBlocks');
    const tagged = (env: lmdb.RootDatabase) =>
      (
        Array.from(blocks(env).getKeys({ start: [T, '', '', 0], end: [`${T}\u0001`, '', '', 0] })) as Array<
          [string, string, string, number]
        >
      )[0]!;
    let edge: [string, string, string, number] | undefined;
    assert.deepEqual(
      await problemsAfter((env, ids) => {
        edge = tagged(env);
        void blocks(env).put(edge, Buffer.from([ids[D1]!, ids[D2]!].sort((a, b) => a - b)));
      }),
      [
        `relBlocks: ${D2} --${edge![1]}--> ${T}: the relationships index holds this edge, which aspect globalTags does not declare ${REINDEX}`,
      ],
    );
    assert.deepEqual(
      await problemsAfter(
        (env, ids) => void blocks(env).put(['urn:li:tag:none', 'TaggedWith', 'globalTags', 0], Buffer.from([ids[D2]!])),
      ),
      [
        `relBlocks: the relationships index: it holds 1 block of edges that no aspect declares (of entities that are gone, or of values that changed) ${REINDEX}`,
      ],
    );
  });

  it('the search index against the documents the aspects give', async () => {
    // The postings of a word of D1's description.
    const word = (env: lmdb.RootDatabase) =>
      (
        Array.from(bytesOf(env, 'postingBlocks').getKeys({ start: ['custom', 0], end: ['customf', 0] })) as Array<
          [string, number]
        >
      )[0]!;
    const postings = (env: lmdb.RootDatabase) => {
      const dictionary = Buffer.from(env.openDB('meta', {}).get('valueDictionary') as Uint8Array);
      return env.openDB('postingBlocks', {
        encoding: 'binary',
        compression: { dictionary, threshold: 64 },
      } as object) as lmdb.Database<Buffer, lmdb.Key>;
    };
    let key: [string, number] | undefined;
    assert.deepEqual(
      await problemsAfter((env) => {
        key = word(env);
        const block = Buffer.from(postings(env).getBinary(key)!);
        block[2]! ^= 1;
        void postings(env).put(key, block);
      }),
      [
        `postingBlocks: ${D1}: the search index holds the word "${key![0]}" for it with another weight, length or type than its document gives ${REINDEX}`,
      ],
    );
    assert.deepEqual(
      await problemsAfter((env, ids) => {
        key = word(env);
        const block = Buffer.from(postings(env).getBinary(key)!);
        const extra = Buffer.from(block);
        extra[0] = ids[D2]!;
        void postings(env).put(key, Buffer.concat(ids[D2]! > ids[D1]! ? [block, extra] : [extra, block]));
      }),
      [
        `searchTerms: the word "${key![0]}": its document count is 1, but 2 documents hold it ${REINDEX}`,
        `postingBlocks: ${D2}: the search index holds the word "${key![0]}" for it, which its document does not have ${REINDEX}`,
      ],
    );
    const zzzz = await problemsAfter((env) => {
      key = word(env);
      void postings(env).put(['zzzz', 0], postings(env).getBinary(key)!);
    });
    assert.equal(
      zzzz[0],
      `searchTerms: the word "zzzz": its document count is undefined, but 1 document holds it ${REINDEX}`,
    );
    assert.equal(
      zzzz[1],
      `postingBlocks: the search index: it holds 1 block of postings that no entity's aspects give (left over from entities that are gone, or values that changed) ${REINDEX}`,
    );
    assert.match(
      zzzz[2]!,
      /^searchTerms: the search index: it counts documents for (\d+) words, but (\d+) words have postings \(reindex\)$/,
    );
    assert.equal(zzzz.length, 3, zzzz.join('\n'));
  });

  it("the search index's documents, keyword entries, facet values and counters", async () => {
    const keyword = (env: lmdb.RootDatabase) => bytesOf(env, 'keywordBlocks');
    const tagKey: [string, string, number] = ['tags', T, 0];
    assert.deepEqual(
      await problemsAfter((env) => void keyword(env).remove(tagKey)),
      // A counter whose value no keyword entry holds any more is one too many.
      [
        `keywordBlocks: ${D1}: the search index lacks its keyword tags=${T} ${REINDEX}`,
        `facetCounts: the search index: it holds 1 facet counter that no live document gives ${REINDEX}`,
      ],
    );
    assert.deepEqual(
      await problemsAfter(
        (env, ids) => void keyword(env).put(tagKey, Buffer.from([ids[D1]!, ids[D2]!].sort((a, b) => a - b))),
      ),
      [
        `keywordBlocks: ${D2}: the search index holds the keyword tags=${T} for it, which its document does not have ${REINDEX}`,
        `facetCounts: tags=${T}: its counter of live documents of type code 1 is 1, but 2 hold it ${REINDEX}`,
      ],
    );
    assert.deepEqual(await problemsAfter((env) => void keyword(env).put(tagKey, Buffer.from([200]))), [
      `keywordBlocks: ["tags","${T}",0]: its block of ids is not a list of ascending ids of one block ${REINDEX}`,
      `keywordBlocks: ${D1}: the search index lacks its keyword tags=${T} ${REINDEX}`,
      `keywordBlocks: entity id 200: the search index holds the keyword tags=${T} for it, which its document does not have ${REINDEX}`,
      `facetCounts: the search index: it holds 1 facet counter that no live document gives ${REINDEX}`,
    ]);
    const docs = (env: lmdb.RootDatabase) => {
      const dictionary = Buffer.from(env.openDB('meta', {}).get('valueDictionary') as Uint8Array);
      return env.openDB('searchDocs', { compression: { dictionary, threshold: 64 } } as object) as lmdb.Database<
        { urn: string; json: string; length: number },
        number
      >;
    };
    assert.deepEqual(
      await problemsAfter((env, ids) => {
        const doc = docs(env).get(ids[D2]!)!;
        void docs(env).put(ids[D2]!, { ...doc, json: doc.json.replace('second dataset', 'another text') });
      }),
      [`searchDocs: ${D2}: its document in the search index is not the one its aspects give ${REINDEX}`],
    );
    assert.deepEqual(await problemsAfter((env, ids) => void docs(env).put(999, docs(env).get(ids[D2]!)!)), [
      `searchDocs: the search index: it holds 1 document that no entity's aspects give (left over from entities that are gone, or values that changed) ${REINDEX}`,
    ]);
    const stats = await problemsAfter((env) => {
      const meta = env.openDB('meta', {});
      const s = meta.get('searchStats') as { docs: number };
      void meta.put('searchStats', { ...s, docs: s.docs + 1 });
    });
    assert.equal(stats.length, 1, stats.join('\n'));
    assert.match(
      stats[0]!,
      /^meta: the search index's statistics: they say 4 documents of total length \d+, but the documents are 3 of total length \d+ \(or of other types\) \(reindex\)$/,
    );
    const codes = await problemsAfter((env) => void env.openDB('meta', {}).put('searchTypeCodes', { tag: 2 }));
    assert.ok(
      codes.includes(`meta: ${D1}: the search index has no code for its type dataset ${REINDEX}`),
      codes.join('\n'),
    );
    assert.deepEqual(await problemsAfter((env) => void env.openDB('searchTerms', {}).put('zzzz', -1)), [
      `searchTerms: the word "zzzz": its document count is -1 ${REINDEX}`,
      `searchTerms: the search index: it counts documents for 18 words, but 17 words have postings ${REINDEX}`,
    ]);
    assert.deepEqual(
      await problemsAfter((env) => void env.openDB('facetCounts', {}).put(['tags', 'urn:li:tag:none', 1], 2)),
      [`facetCounts: the search index: it holds 1 facet counter that no live document gives ${REINDEX}`],
    );
    assert.deepEqual(await problemsAfter((env) => void env.openDB('facetCounts', {}).put(['tags', T, 1], 0)), [
      `facetCounts: ["tags","${T}",1]: its counter is 0 ${REINDEX}`,
      `facetCounts: tags=${T}: its counter of live documents of type code 1 is 0, but 1 holds it ${REINDEX}`,
    ]);
    const ordinals = await problemsAfter(
      (env) => void env.openDB('facetOrdinals', {}).put(['tags', 'urn:li:tag:none'], 99),
    );
    assert.deepEqual(ordinals, [`facetOrdinals: tags=urn:li:tag:none: its ordinal 99 was never given ${REINDEX}`]);
    const values = await problemsAfter((env) => {
      const o = env.openDB('facetOrdinals', {}).get(['tags', T]) as number;
      void env.openDB('facetValues', {}).put(['tags', o], 'urn:li:tag:other');
    });
    assert.deepEqual(values, [
      `facetValues: tags=${T}: ordinal 0 stands for "urn:li:tag:other" instead ${REINDEX}`,
      `facetValues: tags ordinal 0: it stands for "urn:li:tag:other", whose ordinal is undefined ${REINDEX}`,
    ]);
    const missing = await problemsAfter((env) => void env.openDB('facetOrdinals', {}).remove(['tags', T]));
    assert.ok(
      missing.includes(`facetOrdinals: ${D1}: the search index has no ordinal for its value tags=${T} ${REINDEX}`),
      missing.join('\n'),
    );
    const column = await problemsAfter(
      (env) => void bytesOf(env, 'facetColumns').put(['tags', 0], Buffer.from([1, 2, 3])),
    );
    assert.ok(
      column.includes(`facetColumns: ["tags",0]: it is not a column chunk (offsets, then ordinals) ${REINDEX}`),
      column.join('\n'),
    );
    assert.ok(
      column.includes(
        `facetColumns: ${D1}: the search index's values of facet tags for it are not those of its document ${REINDEX}`,
      ),
      column.join('\n'),
    );
  });

  it('timeseries keys and events, the value dictionary, leftover keyword blocks, a document that does not read', async () => {
    assert.deepEqual(
      await problemsAfter((env, _ids, path) => {
        const series = env.openDB('timeseries', {
          sharedStructuresKey: Symbol.for('structures'),
          compression: {
            dictionary: Buffer.from(env.openDB('meta', {}).get('valueDictionary') as Uint8Array),
            threshold: 64,
          },
        } as object) as lmdb.Database<unknown, lmdb.Key>;
        checksumTable(series as never, path, 'timeseries', () => true);
        void series.put([D1, 'operation', 'noon', ''], { value: {} });
        void series.put([D1, 'operation', TIME + 1, ''], 'not an event');
      }),
      // In key order: numbers sort before strings.
      [
        `timeseries: the operation event of ${D1} at ${TIME + 1} (2023-11-14T22:13:20.001Z): it is not an event record ${RESTORE}`,
        `timeseries: ["${D1}","operation","noon",""]: its key is not [urn, aspect, time, partition] ${RESTORE}`,
      ],
    );
    const dictionary = await problemsAfter((env) => void env.openDB('meta', {}).remove('valueDictionary'));
    assert.ok(
      dictionary.includes(
        `meta: the value dictionary: a file of format 3 or later has none: its compressed values cannot be read ${RESTORE}`,
      ),
      dictionary.join('\n'),
    );
    assert.deepEqual(
      await problemsAfter(
        (env, ids) => void bytesOf(env, 'keywordBlocks').put(['tags', 'urn:li:tag:gone', 0], Buffer.from([ids[D2]!])),
      ),
      [
        `keywordBlocks: the search index: it holds 1 block of keyword entries that no entity's aspects give (left over from entities that are gone, or values that changed) ${REINDEX}`,
        // The facet counters are held to the keyword entries of live documents, the leftover one too.
        `facetCounts: tags=urn:li:tag:gone: its counter of live documents of type code 1 is undefined, but 1 holds it ${REINDEX}`,
      ],
    );
    const unreadable = await problemsAfter((env, ids) => {
      const dictionary = Buffer.from(env.openDB('meta', {}).get('valueDictionary') as Uint8Array);
      void env
        .openDB('searchDocs', { encoding: 'binary', compression: { dictionary, threshold: 64 } } as object)
        .put(ids[D2]!, Buffer.from([0x93, 0x01]));
    });
    assert.equal(unreadable.length, 1, unreadable.join('\n'));
    assert.match(
      unreadable[0]!,
      new RegExp(
        `^searchDocs: the document of ${D2.replace(/[()]/g, '\\$&')}: it could not be read: .+ \\(reindex\\)$`,
      ),
    );
  });
});
