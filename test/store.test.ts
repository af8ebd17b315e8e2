import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { checkedKeys, KeyWalkError, type Store } from '../src/store/store.ts';
import { CatalogError } from '../src/errors.ts';
import { writeAspect } from '../src/ops/core/writeAspect.ts';
import { ingestProposals } from '../src/ops/ingest/ingestProposals.ts';
import { getEntity } from '../src/ops/entities/getEntity.ts';
import { proposalFromMcp } from '../src/model/mcp.ts';
import { validateAspect } from '../src/model/aspects.ts';
import { HIVE_T1, mcp, ROOT, tempDataPath, tempDir } from './helpers.ts';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { after as afterPart } from '../src/store/keyWalks.ts';
import { DecodedCache } from '../src/store/decodedCache.ts';
import { checksumTable } from '../src/store/checksum.ts';
import { datasetOf } from '../src/ops/read/dataset.ts';
import * as lmdb from 'lmdb';
import fc from 'fast-check';
import { propertyRuns } from './property-runs.ts';

const stamp = (time: number) => ({ actor: 'urn:li:corpuser:tester', time });

describe('versioned aspect store', () => {
  let store: Store;
  before(() => {
    store = openCatalog(tempDataPath());
  });
  after(() => store.close());

  it('keeps version 0 as latest and older values as versions 1..n in order', async () => {
    for (const [i, d] of ['one', 'two', 'three'].entries()) {
      await store.write((txn) => writeAspect(txn, stamp(100 + i), HIVE_T1, 'datasetProperties', { description: d }));
    }
    assert.deepEqual(store.getAspect(HIVE_T1, 'datasetProperties', 0)?.value, { description: 'three' });
    assert.deepEqual(store.getAspect(HIVE_T1, 'datasetProperties', 1)?.value, { description: 'one' });
    assert.deepEqual(store.getAspect(HIVE_T1, 'datasetProperties', 2)?.value, { description: 'two' });
    assert.equal(store.getAspect(HIVE_T1, 'datasetProperties', 3), undefined);
    assert.equal(store.getAspect(HIVE_T1, 'datasetProperties', 0)?.history, 2);
    assert.deepEqual(store.getAspect(HIVE_T1, 'datasetProperties', 1)?.created, {
      actor: 'urn:li:corpuser:tester',
      time: 100,
    });
  });

  it('writes no new version for an identical value, whatever the key order', async () => {
    const urn = 'urn:li:tag:noop';
    const first = await store.write((txn) =>
      writeAspect(txn, stamp(1), urn, 'tagProperties', { name: 'n', description: 'd' }),
    );
    const again = await store.write((txn) =>
      writeAspect(txn, stamp(2), urn, 'tagProperties', { description: 'd', name: 'n' }),
    );
    assert.equal(first.changed, true);
    assert.equal(again.changed, false);
    assert.equal(store.getAspect(urn, 'tagProperties', 1), undefined);
    assert.equal(store.getAspect(urn, 'tagProperties', 0)?.systemMetadata?.['lastObserved'], 2);
  });

  it('stores the key aspect derived from the urn on first write', async () => {
    const urn = 'urn:li:corpGroup:bfoo';
    const r = await store.write((txn) =>
      writeAspect(txn, stamp(1), urn, 'corpGroupInfo', { displayName: 'B Foo', admins: [], members: [], groups: [] }),
    );
    assert.equal(r.created, true);
    assert.deepEqual(store.getAspect(urn, 'corpGroupKey')?.value, { name: 'bfoo' });
    const { id, ...entity } = store.getEntity(urn)!;
    assert.deepEqual(entity, { entityType: 'corpGroup', aspects: ['corpGroupKey', 'corpGroupInfo'] });
    assert.equal(typeof id, 'number');
  });

  it('keeps systemMetadata as received plus lastObserved, and created {time, actor}', async () => {
    const urn = 'urn:li:tag:sm';
    await store.write((txn) =>
      writeAspect(txn, stamp(42), urn, 'tagProperties', { name: 'sm' }, { runId: 'r1', properties: { a: 'b' } }),
    );
    const rec = store.getAspect(urn, 'tagProperties')!;
    assert.deepEqual(rec.systemMetadata, { runId: 'r1', properties: { a: 'b' }, lastObserved: 42, version: '1' });
    // Each change moves the latest to history; version names the row the next change will take.
    await store.write((txn) => writeAspect(txn, stamp(43), urn, 'tagProperties', { name: 'sm2' }));
    await store.write((txn) => writeAspect(txn, stamp(44), urn, 'tagProperties', { name: 'sm3' }));
    assert.equal(store.getAspect(urn, 'tagProperties')!.systemMetadata!['version'], '3');
    assert.deepEqual(store.getAspect(urn, 'tagProperties', 2)!.value, { name: 'sm2' });
    assert.deepEqual(rec.created, { time: 42, actor: 'urn:li:corpuser:tester' });
  });

  it('indexes urns by entity type, paged in key order', async () => {
    await ingestProposals(
      { store, actor: 'urn:li:corpuser:x' },
      ['a', 'b', 'c', 'd'].map((id) => proposalFromMcp(mcp(`urn:li:corpuser:${id}`, 'corpUserInfo', { active: true }))),
    );
    assert.deepEqual(store.urnsOfType('corpuser'), [
      'urn:li:corpuser:a',
      'urn:li:corpuser:b',
      'urn:li:corpuser:c',
      'urn:li:corpuser:d',
    ]);
    assert.deepEqual(store.urnsOfType('corpuser', { after: 'urn:li:corpuser:b', limit: 1 }), ['urn:li:corpuser:c']);
    assert.ok(store.entityTypes().includes('corpuser'));
    assert.ok(store.entityTypes().includes('dataset'));
    assert.deepEqual(store.urnsOfType('corp'), []);
  });

  it('walks every urn of a type a page at a time, long and non-ASCII urns included, each once and in order', async () => {
    const ids = ['a', 'b', 'c', 'd', 'e', `${'x'.repeat(80)}-long`, 'zürich', 'キー', '😀'];
    await ingestProposals(
      { store, actor: 'urn:li:corpuser:x' },
      ids.map((id) =>
        proposalFromMcp(
          mcp(`urn:li:corpGroup:${id}`, 'corpGroupInfo', { displayName: id, admins: [], members: [], groups: [] }),
        ),
      ),
    );
    const all = store.urnsOfType('corpGroup');
    for (const pageSize of [1, 2, 4, 1000])
      assert.deepEqual([...store.eachUrnOfType('corpGroup', pageSize)], all, `page size ${pageSize}`);
    assert.ok(ids.every((id) => all.includes(`urn:li:corpGroup:${id}`)));
    assert.deepEqual(
      store.entityTypes(),
      [...store.entityTypes()].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y))),
    );
  });

  it('stops a key walk that makes no progress with an error naming the store, table and key', () => {
    // A codec or cursor bug that hands back the same key forever, or a key before the range start.
    const stuck = {
      *getKeys() {
        for (;;) yield ['tag', 'urn:li:tag:a'] as [string, string];
      },
    };
    assert.throws(
      () => [...checkedKeys('/data/c.lmdb', 'byType', stuck, {})],
      (e: unknown) =>
        e instanceof KeyWalkError &&
        e.code === 500 &&
        /store \/data\/c\.lmdb, table byType: key walk made no progress: key \["tag","urn:li:tag:a"\]/.test(e.message),
    );
    const behind = {
      *getKeys() {
        yield ['dataset', 'urn:li:dataset:x'] as [string, string];
      },
    };
    assert.throws(
      () => [...checkedKeys('c.lmdb', 'byType', behind, { start: ['tag\u0000', ''] })],
      /does not come after \["tag\\u0000",""\]/,
    );
    // An ordered walk passes, the start key itself included.
    const fine = {
      *getKeys() {
        yield ['tag', 'a'] as [string, string];
        yield ['tag', 'b'] as [string, string];
      },
    };
    assert.deepEqual(
      [...checkedKeys('c.lmdb', 'byType', fine, { start: ['tag', 'a'] })],
      [
        ['tag', 'a'],
        ['tag', 'b'],
      ],
    );
  });

  it('gives each write transaction a scope of its own: ids a rolled-back write took are given again, batched writes do not share what they wrote', async () => {
    const urn = (n: string) => `urn:li:tag:scope-${n}`;
    await store.write((txn) => writeAspect(txn, stamp(0), urn('first'), 'tagProperties', { name: 'first' }));
    await assert.rejects(
      store.write((txn) => {
        writeAspect(txn, stamp(1), urn('lost'), 'tagProperties', { name: 'lost' });
        throw new Error('rolled back');
      }),
      /rolled back/,
    );
    await store.write((txn) => writeAspect(txn, stamp(2), urn('kept'), 'tagProperties', { name: 'kept' }));
    const kept = store.getEntity(urn('kept'))!.id!;
    assert.equal(kept, store.getEntity(urn('first'))!.id! + 1, 'the id the rolled-back write took is given again');
    // Two writes of one event-loop turn run in one batch, one after the other: the first fails.
    const [failed, second] = await Promise.allSettled([
      store.write((txn) => {
        writeAspect(txn, stamp(3), urn('a'), 'tagProperties', { name: 'a' });
        throw new Error('rolled back');
      }),
      store.write((txn) => writeAspect(txn, stamp(4), urn('b'), 'tagProperties', { name: 'b' })),
    ]);
    assert.equal(failed.status, 'rejected');
    assert.equal(second.status, 'fulfilled');
    assert.equal(store.getEntity(urn('a')), undefined);
    assert.equal(store.getEntity(urn('b'))!.id, kept + 1, 'the id the failed write took is given to the next entity');
    const lost = await store.write((txn) => txn.getEntity(urn('lost')));
    assert.equal(lost, undefined);
    // The search documents are those of the committed writes only.
    assert.equal(store.search.record(kept)?.urn, urn('kept'));
    assert.equal(store.search.record(kept + 1)?.urn, urn('b'));
    assert.equal(store.search.record(kept + 2), undefined);
  });

  it('rolls back everything an operation wrote when it throws', async () => {
    const urn = 'urn:li:tag:rollback';
    await assert.rejects(
      store.write((txn) => {
        writeAspect(txn, stamp(1), urn, 'tagProperties', { name: 'x' });
        throw new Error('boom');
      }),
      /boom/,
    );
    assert.equal(store.entityExists(urn), false);
    assert.equal(store.getAspect(urn, 'tagKey'), undefined);
    assert.deepEqual(store.urnsOfType('tag').includes(urn), false);
  });

  it('rejects an invalid aspect shape with the field path and writes nothing', async () => {
    const urn = 'urn:li:tag:badshape';
    await assert.rejects(
      store.write((txn) => writeAspect(txn, stamp(1), urn, 'tagProperties', { name: 5 })),
      /Invalid tagProperties at name: expected a string, got number 5/,
    );
    assert.equal(store.entityExists(urn), false);
  });

  it('names the failing field by its path through arrays, maps and nested records', () => {
    const fails = (aspect: string, value: unknown) => {
      try {
        validateAspect('dataset', aspect, value);
      } catch (e) {
        return (e as Error).message;
      }
      return 'no error';
    };
    const owner = (urn: string) => ({ owner: urn, type: 'DATAOWNER' });
    assert.equal(
      fails('ownership', { owners: [owner('urn:li:corpuser:a'), owner('urn:li:tag:b')] }),
      'Invalid ownership at owners[1].owner: expected a urn:li:corpuser or urn:li:corpGroup urn, got "urn:li:tag:b"',
    );
    assert.equal(
      fails('datasetProperties', { customProperties: { fine: 'x', 'bad.key': 5 } }),
      'Invalid datasetProperties at customProperties.bad.key: expected a string, got number 5',
    );
    assert.equal(
      fails('ownership', { owners: [{ ...owner('urn:li:corpuser:a'), source: { url: 'u' } }] }),
      'Invalid ownership at owners[0].source.type: required field is missing',
    );
    assert.equal(fails('ownership', { owners: [owner('urn:li:corpuser:a'), owner('urn:li:corpGroup:g')] }), 'no error');
  });

  it('deletes one aspect with its history, or a whole entity', async () => {
    const urn = 'urn:li:tag:del';
    await store.write((txn) => writeAspect(txn, stamp(1), urn, 'tagProperties', { name: 'a' }));
    await store.write((txn) => writeAspect(txn, stamp(2), urn, 'tagProperties', { name: 'b' }));
    await store.write((txn) => writeAspect(txn, stamp(3), urn, 'status', { removed: false }));
    assert.equal(await store.write((txn) => txn.deleteAspect(urn, 'tagProperties')), 2);
    assert.deepEqual(getEntity(store, urn)?.aspects.has('tagProperties'), false);
    assert.equal(store.getAspect(urn, 'tagProperties', 1), undefined);
    assert.equal(await store.write((txn) => txn.deleteEntity(urn)), 2);
    assert.equal(store.entityExists(urn), false);
    assert.equal(getEntity(store, urn), undefined);
    assert.equal(store.urnsOfType('tag').includes(urn), false);
  });

  it('persists across close and reopen', async () => {
    const path = tempDataPath();
    const s1 = openCatalog(path);
    await s1.write((txn) => writeAspect(txn, stamp(1), 'urn:li:tag:p', 'tagProperties', { name: 'p' }));
    await s1.close();
    const s2 = openCatalog(path);
    assert.deepEqual(s2.getAspect('urn:li:tag:p', 'tagProperties')?.value, { name: 'p' });
    await s2.close();
  });

  it('a write that fails after meeting a new shape of value leaves every later value readable, after reopening too', async () => {
    const path = tempDataPath();
    const s1 = openCatalog(path);
    // customProperties keys make new record shapes; the failed write met one first.
    const props = (k: string, i: number) => ({ customProperties: { [k]: String(i) }, description: `d${i}` });
    await assert.rejects(
      s1.write((txn) => {
        writeAspect(txn, stamp(1), 'urn:li:tag:a', 'tagProperties', { name: 'a', description: 'never kept' });
        writeAspect(txn, stamp(1), HIVE_T1, 'datasetProperties', props('novelKey', 0));
        throw new Error('boom');
      }),
      /boom/,
    );
    for (let i = 1; i <= 3; i++)
      await s1.write((txn) => writeAspect(txn, stamp(1 + i), HIVE_T1, 'datasetProperties', props('novelKey', i)));
    await s1.write((txn) =>
      writeAspect(txn, stamp(9), 'urn:li:tag:b', 'tagProperties', { name: 'b', description: 'kept' }),
    );
    const check = (s: Store) => {
      assert.deepEqual(s.getAspect(HIVE_T1, 'datasetProperties')?.value, props('novelKey', 3));
      assert.deepEqual(s.getAspect(HIVE_T1, 'datasetProperties', 1)?.value, props('novelKey', 1));
      assert.deepEqual(s.getAspect('urn:li:tag:b', 'tagProperties')?.value, { name: 'b', description: 'kept' });
      assert.equal(s.getAspect('urn:li:tag:a', 'tagProperties'), undefined);
      assert.deepEqual(s.getEntity(HIVE_T1)?.aspects, ['datasetKey', 'datasetProperties']);
    };
    check(s1);
    await s1.close();
    const s2 = openCatalog(path);
    try {
      check(s2);
    } finally {
      await s2.close();
    }
  });

  it('reads values of format 1 (record structures inline) beside format 2 ones, and refuses a file of a newer format by name', async () => {
    const path = tempDataPath();
    const s1 = openCatalog(path);
    await s1.write((txn) =>
      writeAspect(txn, stamp(1), HIVE_T1, 'datasetProperties', {
        description: 'format 2',
        customProperties: { a: '1' },
      }),
    );
    await s1.close();
    // A value as the release before format 2 wrote it: its structures inside the value, no checksum;
    // the file marked as one written before formats were recorded (its values get checksums on open).
    const old = {
      value: { description: 'format 1', customProperties: { b: '2' } },
      systemMetadata: { lastObserved: 1 },
      created: { time: 1, actor: 'urn:li:corpuser:old' },
    };
    let env = lmdb.open({ path, compression: false, maxDbs: 32, encoding: 'msgpack' });
    await env.openDB('aspects', {}).put([HIVE_T1, 'datasetProperties', 7], old);
    await env.openDB('meta', {}).remove('formatVersion');
    await env.close();
    const s2 = openCatalog(path);
    try {
      assert.deepEqual(s2.getAspect(HIVE_T1, 'datasetProperties', 7), old);
      assert.deepEqual(s2.getAspect(HIVE_T1, 'datasetProperties')?.value, {
        description: 'format 2',
        customProperties: { a: '1' },
      });
      await s2.write((txn) =>
        writeAspect(txn, stamp(2), HIVE_T1, 'datasetProperties', {
          description: 'again',
          customProperties: { c: '3' },
        }),
      );
      assert.deepEqual(s2.getAspect(HIVE_T1, 'datasetProperties', 7), old);
    } finally {
      await s2.close();
    }
    env = lmdb.open({ path, compression: false, maxDbs: 32, encoding: 'msgpack' });
    await env.openDB('meta', {}).put('formatVersion', 99);
    await env.close();
    for (const readOnly of [false, true]) {
      assert.throws(
        () => openCatalog(path, { readOnly }),
        (e: Error) =>
          e.message ===
          `${path} was written by a newer catalog (data file format 99; this one reads formats up to 4): use that release or a newer one`,
      );
    }
  });

  it('opens a format 2 file as it is read-only; read-write, its values get their checksums, compressed with them; a file reads with the dictionary it was written with', async () => {
    const path = tempDataPath();
    const structures = { sharedStructuresKey: Symbol.for('structures') };
    // A file as format 2 wrote it: shared structures, nothing compressed, no dictionary.
    const fields = Array.from({ length: 40 }, (_, i) => ({
      fieldPath: `col_${i}`,
      nativeDataType: 'varchar',
      description: `column ${i}`,
    }));
    const old = {
      value: { fields },
      systemMetadata: { lastObserved: 1 },
      created: { time: 1, actor: 'urn:li:corpuser:old' },
    };
    let env = lmdb.open({ path, compression: false, maxDbs: 32, encoding: 'msgpack' });
    await env.openDB('aspects', structures).put([HIVE_T1, 'schemaMetadata', 3], old);
    await env.openDB('meta', {}).put('formatVersion', 2);
    await env.close();
    const reader = openCatalog(path, { readOnly: true });
    try {
      assert.deepEqual(reader.getAspect(HIVE_T1, 'schemaMetadata', 3), old);
    } finally {
      await reader.close();
    }
    const s = openCatalog(path);
    try {
      assert.deepEqual(s.getAspect(HIVE_T1, 'schemaMetadata', 3), old);
      await s.write((txn) =>
        writeAspect(txn, stamp(2), HIVE_T1, 'schemaMetadata', {
          schemaName: 't1',
          platform: 'urn:li:dataPlatform:hive',
          version: 0,
          hash: '',
          platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } },
          fields: fields.map((f) => ({ ...f, type: { type: { 'com.linkedin.schema.StringType': {} } } })),
        }),
      );
    } finally {
      await s.close();
    }
    env = lmdb.open({ path, compression: false, maxDbs: 32, encoding: 'msgpack' });
    const raw = env.openDB('aspects', { encoding: 'binary' });
    const meta = env.openDB('meta', {});
    const fresh = raw.getBinary([HIVE_T1, 'schemaMetadata', 0]);
    assert.ok(fresh && fresh[0]! >= 254, 'the new value is stored compressed');
    assert.ok(
      raw.getBinary([HIVE_T1, 'schemaMetadata', 3])![0]! >= 254,
      'the format 2 value was given its checksum by the read-write open, and compressed with it',
    );
    assert.equal(meta.get('formatVersion'), 4);
    const dictionary = Buffer.from(meta.get('valueDictionary') as Uint8Array);
    assert.ok(dictionary.length > 1000);
    const value = (await (async () => {
      const s3 = openCatalog(path, { readOnly: true });
      try {
        return s3.getAspect(HIVE_T1, 'schemaMetadata');
      } finally {
        await s3.close();
      }
    })())!;
    await env.close();
    // A file written with another dictionary reads with its own: the value, and the record structures
    // it is read through, compressed under a different one (and sealed, as the store writes them).
    const otherPath = tempDataPath();
    const other = Buffer.alloc(dictionary.length, 'x');
    const otherEnv = lmdb.open({ path: otherPath, compression: false, maxDbs: 32, encoding: 'msgpack' });
    const otherAspects = otherEnv.openDB('aspects', {
      ...structures,
      compression: { dictionary: other, threshold: 64 },
    });
    checksumTable(otherAspects as never, otherPath, 'aspects', () => true);
    await otherAspects.put([HIVE_T1, 'schemaMetadata', 0], value);
    await otherEnv.openDB('meta', {}).put('valueDictionary', other);
    await otherEnv.openDB('meta', {}).put('formatVersion', 4);
    await otherEnv.close();
    for (const readOnly of [true, false]) {
      const s4 = openCatalog(path, { readOnly });
      const s5 = openCatalog(otherPath, { readOnly });
      try {
        assert.deepEqual(s4.getAspect(HIVE_T1, 'schemaMetadata'), value);
        assert.deepEqual(s4.getAspect(HIVE_T1, 'schemaMetadata', 3), old);
        assert.deepEqual(s5.getAspect(HIVE_T1, 'schemaMetadata'), value);
      } finally {
        await s4.close();
        await s5.close();
      }
    }
  });

  it('a compacted copy of a format 2 file is format 4: every value compressed, each reading as before', async () => {
    const path = tempDataPath();
    const structures = { sharedStructuresKey: Symbol.for('structures') };
    const fields = Array.from({ length: 40 }, (_, i) => ({
      fieldPath: `col_${i}`,
      nativeDataType: 'varchar',
      description: `column ${i}`,
    }));
    const records = Array.from({ length: 30 }, (_, i) => ({
      value: { fields, name: `t${i}` },
      systemMetadata: { lastObserved: i },
      created: { time: i, actor: 'urn:li:corpuser:old' },
    }));
    const env = lmdb.open({ path, compression: false, maxDbs: 32, encoding: 'msgpack' });
    const aspects = env.openDB('aspects', structures);
    for (const [i, r] of records.entries())
      await aspects.put([`urn:li:dataset:(urn:li:dataPlatform:hive,t${i},PROD)`, 'schemaMetadata', 0], r);
    await env.openDB('meta', {}).put('formatVersion', 2);
    await env.close();
    const source = openCatalog(path, { readOnly: true });
    const copy = join(tempDir(), 'copy.lmdb');
    try {
      assert.equal(
        source.readOnly,
        false,
        'a format 2 file without the current indexes is opened read-write, and so migrated',
      );
      await source.backup(copy, true);
    } finally {
      await source.close();
    }
    assert.ok(!existsSync(`${copy}-lock`), 'the copy leaves no lock file behind');
    const rawEnv = lmdb.open({ path: copy, compression: false, maxDbs: 32, encoding: 'msgpack', readOnly: true });
    try {
      assert.equal(rawEnv.openDB('meta', {}).get('formatVersion'), 4);
      assert.equal(
        rawEnv.openDB('meta', {}).get('checksumUpgrade'),
        undefined,
        'every value of the copy has its checksum',
      );
      const raw = rawEnv.openDB('aspects', { keyEncoding: 'binary', encoding: 'binary' });
      let values = 0;
      for (const { key: k, value } of raw.getRange({})) {
        const key = k as Buffer;
        if (key[0] === 2) continue; // the shared structures
        values++;
        assert.ok(value[0]! >= 254, `${key.toString('latin1')} is stored compressed`);
      }
      assert.equal(values, records.length);
    } finally {
      await rawEnv.close();
    }
    const reopened = openCatalog(copy, { readOnly: true });
    try {
      assert.equal(reopened.readOnly, true, 'the copy opens as it is');
      for (const [i, r] of records.entries())
        assert.deepEqual(
          reopened.getAspect(`urn:li:dataset:(urn:li:dataPlatform:hive,t${i},PROD)`, 'schemaMetadata'),
          r,
        );
    } finally {
      await reopened.close();
    }
  });

  it('opens read-only when asked and the file is readable as it is; else read-write, migrating it; never creates one read-only', async () => {
    // A read-only open of a path with no file refuses, and makes nothing there.
    const path = tempDataPath();
    assert.throws(
      () => openCatalog(path, { readOnly: true }),
      (e: Error) => e instanceof CatalogError && e.message.startsWith(`no data file at ${path} (`),
    );
    assert.equal(existsSync(path), false);
    assert.equal(existsSync(`${path}-lock`), false);
    // Nor does a read-write open told not to create one.
    assert.throws(() => openCatalog(path, { create: false }), /no data file at/);
    assert.equal(existsSync(path), false);
    // A read-write open makes it, and says so.
    const created = openCatalog(path);
    assert.equal(created.readOnly, false);
    assert.equal(created.created, true);
    await created.write((txn) => writeAspect(txn, stamp(1), 'urn:li:tag:p', 'tagProperties', { name: 'p' }));
    await created.close();
    // A current file opens read-only: it reads, and refuses to write.
    const reader = openCatalog(path, { readOnly: true });
    assert.equal(reader.readOnly, true);
    assert.deepEqual(reader.getAspect('urn:li:tag:p', 'tagProperties')?.value, { name: 'p' });
    await assert.rejects(
      reader.write(() => undefined),
      /open read-only here: this command may not write/,
    );
    await reader.close();
    // A file indexed under other relationship declarations is migrated by a read-write open.
    const env = lmdb.open({ path, compression: false, maxDbs: 32, encoding: 'msgpack' });
    await env.openDB('meta', {}).put('relationshipsIndexVersion', 'other');
    await env.close();
    const migrated = openCatalog(path, { readOnly: true });
    try {
      assert.equal(migrated.readOnly, false);
      assert.deepEqual(migrated.getAspect('urn:li:tag:p', 'tagProperties')?.value, { name: 'p' });
      await migrated.write((txn) => writeAspect(txn, stamp(2), 'urn:li:tag:q', 'tagProperties', { name: 'q' }));
    } finally {
      await migrated.close();
    }
    const again = openCatalog(path, { readOnly: true });
    assert.equal(again.readOnly, true);
    await again.close();
  });

  it('maps a data file once while it grows (lmdb-js keeps every smaller map a file outgrew)', {
    skip: process.platform !== 'linux' && 'reads /proc/self/maps',
  }, async () => {
    const path = tempDataPath();
    const store = openCatalog(path);
    try {
      // 8 MB of values that do not compress: lmdb-js's own map starts at 128 KB and doubles, which
      // would leave a map of the file for every doubling. In an aspect search does not index (`embed`):
      // random text would fill the search index with words, which only makes the test slow.
      for (let batch = 0; batch < 8; batch++) {
        await store.write((txn) => {
          for (let i = 0; i < 256; i++) {
            const urn = `urn:li:tag:t${batch}_${i}`;
            writeAspect(txn, stamp(2), urn, 'embed', { renderUrl: randomBytes(2048).toString('base64') });
          }
        });
      }
      assert.ok(statSync(path).size > 8e6, `the file grew to ${statSync(path).size} bytes`);
      assert.ok(store.getAspect('urn:li:tag:t7_255', 'embed'));
      const maps = readFileSync('/proc/self/maps', 'utf8')
        .split('\n')
        .filter((line) => line.endsWith(` ${path}`));
      assert.equal(maps.length, 1, maps.join('\n'));
    } finally {
      await store.close();
    }
  });
});

describe('shared reads (readAspect)', () => {
  const urn = 'urn:li:tag:shared';
  it('shares a frozen value from the second read while the bytes stay the same; changing it throws', async () => {
    const store = openCatalog(tempDataPath());
    try {
      await store.write((txn) =>
        writeAspect(txn, stamp(1), urn, 'tagProperties', { name: 'shared', description: 'one' }),
      );
      // A first read is the reader's own: not kept, not frozen.
      const once = store.readAspect(urn, 'tagProperties');
      assert.deepEqual(once?.value, { name: 'shared', description: 'one' });
      assert.deepEqual(once, store.getAspect(urn, 'tagProperties'));
      assert.equal(Object.isFrozen(once) || Object.isFrozen(once!.value), false);
      // The second is decoded again, frozen and kept; the next ones share it.
      const first = store.readAspect(urn, 'tagProperties');
      assert.notEqual(first, once);
      assert.deepEqual(first, once);
      assert.equal(store.readAspect(urn, 'tagProperties'), first, 'decoded twice, then shared');
      assert.ok(Object.isFrozen(first) && Object.isFrozen(first!.value));
      assert.throws(() => {
        (first!.value as Record<string, unknown>)['description'] = 'changed';
      }, TypeError);
      assert.equal(store.readAspect(urn, 'absent'), undefined);
      // getAspect still gives a value of the caller's own.
      const own = store.getAspect(urn, 'tagProperties')!;
      assert.notEqual(own, first);
      assert.equal(Object.isFrozen(own.value), false);
    } finally {
      await store.close();
    }
  });

  it('a write through this store, or through another store object on the file, shows on the next read', async () => {
    const path = tempDataPath();
    const store = openCatalog(path);
    const other = openCatalog(path);
    try {
      await store.write((txn) =>
        writeAspect(txn, stamp(1), urn, 'tagProperties', { name: 'shared', description: 'one' }),
      );
      const one = store.readAspect(urn, 'tagProperties');
      await store.write((txn) =>
        writeAspect(txn, stamp(2), urn, 'tagProperties', { name: 'shared', description: 'two' }),
      );
      assert.deepEqual(store.readAspect(urn, 'tagProperties')?.value, { name: 'shared', description: 'two' });
      assert.deepEqual(
        one?.value,
        { name: 'shared', description: 'one' },
        'a value already handed out stays as it was',
      );
      // `other` has its own cache: nothing tells `store` of this write but the bytes it reads.
      await other.write((txn) =>
        writeAspect(txn, stamp(3), urn, 'tagProperties', { name: 'shared', description: 'three' }),
      );
      assert.deepEqual(store.readAspect(urn, 'tagProperties')?.value, { name: 'shared', description: 'three' });
      await other.write((txn) => txn.deleteAspect(urn, 'tagProperties'));
      assert.equal(store.readAspect(urn, 'tagProperties'), undefined);
    } finally {
      await other.close();
      await store.close();
    }
  });

  it("inside a write transaction it reads the transaction's own writes and shares none of them", async () => {
    const store = openCatalog(tempDataPath());
    try {
      await store.write((txn) =>
        writeAspect(txn, stamp(1), urn, 'tagProperties', { name: 'shared', description: 'kept' }),
      );
      assert.deepEqual(store.readAspect(urn, 'tagProperties')?.value, { name: 'shared', description: 'kept' });
      await assert.rejects(
        store.write((txn) => {
          writeAspect(txn, stamp(2), urn, 'tagProperties', { name: 'shared', description: 'rolled back' });
          const inside = txn.readAspect(urn, 'tagProperties');
          assert.deepEqual(inside?.value, { name: 'shared', description: 'rolled back' });
          assert.equal(Object.isFrozen(inside), false);
          // The store object itself, asked inside the transaction, shares nothing either.
          const direct = store.readAspect(urn, 'tagProperties');
          assert.deepEqual(direct?.value, { name: 'shared', description: 'rolled back' });
          assert.equal(Object.isFrozen(direct), false);
          throw new Error('roll back');
        }),
        /roll back/,
      );
      assert.deepEqual(store.readAspect(urn, 'tagProperties')?.value, { name: 'shared', description: 'kept' });
    } finally {
      await store.close();
    }
  });

  it('keeps at most its byte budget: what was not read for a generation goes, what was read stays', () => {
    // Marks of keys read once are not counted (the doorkeeper's): the generations of kept values alone.
    const cache = new DecodedCache<string>(800, (b) => b.length);
    const bytes = (c: number) => Buffer.alloc(100, c);
    let decodes = 0;
    const decode = (b: Buffer) => {
      decodes++;
      return `v${b[0]}`;
    };
    const read = (i: number, c = i) => cache.get(`urn:li:tag:t${i}`, 'tagProperties', bytes(c), decode);
    // A first read decodes and keeps nothing but a mark; the second decodes again and keeps the value.
    // A generation is half the budget: four values of 100 bytes.
    for (let i = 0; i < 4; i++) assert.equal(read(i), `v${i}`);
    assert.equal(cache.used, 0);
    for (let i = 0; i < 4; i++) assert.equal(read(i), `v${i}`);
    assert.equal(decodes, 8);
    assert.equal(cache.used, 400);
    read(4);
    read(4); // the first four become the older generation
    assert.equal(decodes, 10);
    read(0); // read again: t0 moves up to the recent generation, without decoding
    assert.equal(decodes, 10);
    for (const i of [5, 5, 6, 6]) read(i); // recent: t4, t0, t5, t6
    read(7);
    read(7); // a new generation: t1, t2 and t3 were not read in the last one and go
    assert.equal(decodes, 16);
    for (const i of [0, 4, 5, 6, 7]) read(i);
    assert.equal(decodes, 16, 'what was read in the last generation is kept');
    read(1);
    assert.equal(decodes, 17, 't1 went');
    // The same urn under another aspect is another value.
    assert.equal(cache.get('urn:li:tag:t0', 'globalTags', bytes(0), decode), 'v0');
    assert.equal(decodes, 18);
    // Different bytes under a key read before decode again; a value over an eighth of the budget is not kept.
    assert.equal(read(0, 42), 'v42');
    assert.equal(read(0, 42), 'v42');
    assert.equal(decodes, 19);
    for (let i = 0; i < 3; i++) cache.get('urn:li:tag:big', 'tagProperties', Buffer.alloc(101), decode);
    assert.equal(decodes, 22);
    assert.deepEqual({ hits: cache.hits, misses: cache.misses }, { hits: 7, misses: 22 });
  });
});

describe('the dataset read model over shared reads', () => {
  it('reuses a schema read while schemaMetadata and editableSchemaMetadata stay the same, and never a stale one', async () => {
    const store = openCatalog(tempDataPath());
    try {
      const field = (fieldPath: string, description: string) => ({
        fieldPath,
        description,
        nativeDataType: 'int',
        type: { type: { 'com.linkedin.schema.NumberType': {} } },
      });
      const schema = (description: string) => ({
        schemaName: 't',
        platform: 'urn:li:dataPlatform:hive',
        version: 0,
        hash: '',
        platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } },
        fields: [field('id', description)],
      });
      await store.write((txn) => writeAspect(txn, stamp(1), HIVE_T1, 'schemaMetadata', schema('ingested')));
      // A first read of the stored value is the reader's own (not shared): its schema read is built and not kept.
      const once = datasetOf(store, HIVE_T1).schema();
      assert.equal(once?.fields[0]?.description, 'ingested');
      assert.equal(Object.isFrozen(once), false);
      const first = datasetOf(store, HIVE_T1).schema();
      assert.notEqual(first, once);
      assert.equal(first?.fields[0]?.description, 'ingested');
      assert.equal(datasetOf(store, HIVE_T1).schema(), first, 'the same read while nothing changed');
      assert.ok(Object.isFrozen(first!.fields[0]));
      // A column edit: a new read with the edit applied.
      await store.write((txn) =>
        writeAspect(txn, stamp(2), HIVE_T1, 'editableSchemaMetadata', {
          editableSchemaFieldInfo: [{ fieldPath: 'id', description: 'edited' }],
        }),
      );
      const edited = datasetOf(store, HIVE_T1).schema();
      assert.equal(edited?.fields[0]?.description, 'edited');
      assert.equal(first?.fields[0]?.description, 'ingested', 'a read handed out earlier is unchanged');
      // A new ingested schema: the edit still wins; the edit removed: the new ingested text.
      await store.write((txn) => writeAspect(txn, stamp(3), HIVE_T1, 'schemaMetadata', schema('re-ingested')));
      assert.equal(datasetOf(store, HIVE_T1).schema()?.fields[0]?.description, 'edited');
      await store.write((txn) => txn.deleteAspect(HIVE_T1, 'editableSchemaMetadata'));
      assert.equal(datasetOf(store, HIVE_T1).schema()?.fields[0]?.description, 're-ingested');
      // Inside a write transaction the read is built from the transaction's own values.
      await store.write((txn) => {
        writeAspect(txn, stamp(4), HIVE_T1, 'schemaMetadata', schema('in the transaction'));
        assert.equal(datasetOf(txn, HIVE_T1).schema()?.fields[0]?.description, 'in the transaction');
      });
    } finally {
      await store.close();
    }
  });
});

describe('key bounds over long string parts', () => {
  // lmdb-js writes a string of about 62 characters and up as raw UTF-8 (a short one's U+0000 is
  // escaped), so `s + "\u0000"` once bounded walks *before* the keys [s, …] of a long s: a dataset
  // urn's untyped incoming edges, its timeseries aspects and its `urn` filter found nothing. (Parts
  // with characters below U+0004 change encoding with their length; keys never hold them.)
  const enc = (lmdb as unknown as { keyValueToBuffer(k: unknown): Buffer }).keyValueToBuffer;
  const part = fc.string({
    unit: fc.oneof(fc.constantFrom(...'az:(),_-.AZ09'.split('')), fc.constantFrom('é', '😀', '\u00ff', ' ')),
    minLength: 1,
    maxLength: 200,
    size: 'max',
  });
  const rest = fc.array(fc.oneof(fc.string({ maxLength: 20 }), fc.integer({ min: 0, max: 2 ** 40 })), { maxLength: 3 });

  it('after(s) sorts after every key [s, …] and before every key whose first part is a longer string, at every length', () => {
    fc.assert(
      fc.property(
        part,
        rest,
        fc.constantFrom(' ', '!', 'a', 'é', '\u0004'),
        fc.string({ maxLength: 5 }),
        (s, tail, next, more) => {
          const bound = enc([afterPart(s), '', 0]);
          assert.ok(Buffer.compare(enc([s, ...tail]), bound) < 0, 'a key of s is below the bound');
          assert.ok(Buffer.compare(enc([s + next + more, ...tail]), bound) > 0, 'a longer string is above it');
        },
      ),
      { numRuns: propertyRuns(3000) },
    );
  });

  it('a dataset urn longer than 62 characters: untyped incoming edges, timeseries aspects and deletes see its keys', async () => {
    const store = openCatalog(tempDataPath());
    try {
      const long = 'urn:li:dataset:(urn:li:dataPlatform:hive,a_table_name_long_enough_to_take_the_raw_path,PROD)';
      const child = 'urn:li:dataset:(urn:li:dataPlatform:hive,child,PROD)';
      await store.write((txn) => {
        writeAspect(txn, stamp(1), long, 'datasetProperties', { name: 'long' });
        writeAspect(txn, stamp(1), child, 'upstreamLineage', {
          upstreams: [{ dataset: long, type: 'TRANSFORMED', auditStamp: { time: 0, actor: 'urn:li:corpuser:x' } }],
        });
        writeAspect(txn, stamp(1), long, 'datasetProfile', { timestampMillis: 5, rowCount: 1 });
        writeAspect(txn, stamp(1), long, 'operation', {
          timestampMillis: 6,
          operationType: 'INSERT',
          lastUpdatedTimestamp: 6,
        });
      });
      assert.deepEqual(
        store.edges(long, 'INCOMING').map((e) => [e.type, e.urn]),
        [['DownstreamOf', child]],
      );
      assert.deepEqual(store.timeseriesAspects(long), ['datasetProfile', 'operation']);
      assert.equal(await store.write((txn) => txn.deleteTimeseries(long)), 2);
      assert.deepEqual(store.timeseriesAspects(long), []);
    } finally {
      await store.close();
    }
  });
});

describe('timeseries walks', () => {
  it('newest first is the oldest-first walk reversed, for any events, time range and neighbouring aspects', async () => {
    const store = openCatalog(tempDataPath());
    try {
      const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,a_table_name_long_enough_to_take_the_raw_path,PROD)';
      const event = fc.record({
        aspect: fc.constantFrom('datasetProfile', 'operation', 'datasetUsageStatistics'),
        time: fc.integer({ min: 0, max: 50 }),
        partition: fc.constantFrom('', 'a', 'b'),
      });
      const bound = fc.option(fc.integer({ min: -1, max: 52 }), { nil: undefined });
      await fc.assert(
        fc.asyncProperty(fc.array(event, { maxLength: 40 }), bound, bound, async (events, from, to) => {
          await store.write((txn) => {
            txn.deleteTimeseries(urn);
            for (const e of events) {
              const value = {
                timestampMillis: e.time,
                partitionSpec: { type: 'PARTITION', partition: e.partition },
                operationType: 'INSERT',
                lastUpdatedTimestamp: e.time,
              };
              writeAspect(txn, stamp(1), urn, e.aspect, value);
            }
          });
          const range = { startTimeMillis: from, endTimeMillis: to };
          const key = (r: { timestampMillis: number; value: Record<string, unknown> }) =>
            `${r.timestampMillis}/${JSON.stringify(r.value)}`;
          const oldest = store.timeseries(urn, 'operation', range).map(key);
          assert.deepEqual(Array.from(store.timeseriesNewestFirst(urn, 'operation', range), key), oldest.reverse());
        }),
        { numRuns: propertyRuns(300) },
      );
    } finally {
      await store.close();
    }
  });
});

describe('store modules', () => {
  it('import no module of src/store in a cycle', () => {
    // Relative imports of every module of src/store, `import type` and re-exports included.
    const dir = join(ROOT, 'src', 'store');
    const modules = readdirSync(dir).filter((f) => f.endsWith('.ts'));
    const imports = new Map(
      modules.map((f) => [
        f,
        [...readFileSync(join(dir, f), 'utf8').matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+'\.\/([^'/]+)'/gms)].map(
          (m) => m[1]!,
        ),
      ]),
    );
    assert.ok((imports.get('store.ts') ?? []).includes('writeScope.ts'), 'the imports are read');
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (f: string, path: string[]) => {
      if (state.get(f) === 'done') return;
      if (state.get(f) === 'open') return void cycles.push([...path.slice(path.indexOf(f)), f].join(' → '));
      state.set(f, 'open');
      for (const d of imports.get(f) ?? []) visit(d, [...path, f]);
      state.set(f, 'done');
    };
    for (const f of modules) visit(f, []);
    assert.deepEqual(cycles, []);
  });
});
