/** The file remote's conditional writes and the sync tables of the store, in process. */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { FileRemote } from '../src/ops/sync/fileRemote.ts';
import { PreconditionFailedError } from '../src/sync/remote/types.ts';
import { tempDir } from './helpers.ts';

const URN = 'urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD)';
const write = (value: unknown, ifVersionMatch?: string) => ({ urn: URN, entityType: 'dataset', aspectName: 'editableDatasetProperties', value, ifVersionMatch });

test('a file remote applies If-Version-Match as DataHub does: a batch with a stale version writes nothing', async () => {
  const path = join(tempDir(), 'remote.lmdb');
  const remote = new FileRemote(path, true);
  try {
    const v1 = await remote.write([write({ description: 'a' })], 'run-1');
    assert.equal(v1.get(`${URN}\u0000editableDatasetProperties`), '1');
    const v2 = await remote.write([write({ description: 'b' }, '1')], 'run-2');
    assert.equal(v2.get(`${URN}\u0000editableDatasetProperties`), '2');
    const other = 'urn:li:dataset:(urn:li:dataPlatform:hive,u,PROD)';
    await assert.rejects(
      remote.write([{ ...write({ description: 'x' }), urn: other }, write({ description: 'c' }, '1')], 'run-3'),
      (e: unknown) => e instanceof PreconditionFailedError && /Expected version 1, actual version 2/.test(e.message),
    );
    const [entity] = await remote.getEntities([URN]);
    assert.deepEqual(entity?.aspects.get('editableDatasetProperties'), { value: { description: 'b' }, version: '2' });
    assert.deepEqual(await remote.getEntities([other]), [], 'the batch wrote nothing');
    const history = await remote.history(URN, 'editableDatasetProperties');
    assert.deepEqual(history.map((h) => [h.version, h.value]), [['2', { description: 'b' }], ['1', { description: 'a' }]]);
  } finally {
    await remote.close();
  }
});

test('the sync tables: remotes and bases written in a write transaction, read back, removed with the remote', async () => {
  const path = join(tempDir(), 'c.lmdb');
  const store = openCatalog(path);
  try {
    await store.write((txn) => {
      txn.putRemote({ name: 'team', location: 'http://h:1' });
      txn.putSyncBase('http://h:1', URN, 'globalTags', { version: '3', hash: 'abc' });
      txn.putSyncBase('http://h:1', URN, 'ownership', { version: '1', hash: 'def' });
      txn.putSyncBase('/other', URN, 'globalTags', { version: '9', hash: 'x' });
    });
    assert.deepEqual(store.remotes(), [{ name: 'team', location: 'http://h:1' }]);
    assert.deepEqual(store.getSyncBase('http://h:1', URN, 'globalTags'), { version: '3', hash: 'abc' });
    assert.deepEqual(Array.from(store.syncBases('http://h:1'), (b) => b.aspectName), ['globalTags', 'ownership']);
    // A failed write transaction leaves no base behind.
    await assert.rejects(store.write((txn) => {
      txn.putSyncBase('http://h:1', URN, 'domains', { version: '1', hash: 'z' });
      throw new Error('boom');
    }));
    assert.equal(store.getSyncBase('http://h:1', URN, 'domains'), undefined);
    const removed = await store.write((txn) => (txn.deleteRemote('team'), txn.deleteSyncBases('http://h:1')));
    assert.equal(removed, 2);
    assert.deepEqual(store.remotes(), []);
    assert.deepEqual(store.getSyncBase('/other', URN, 'globalTags'), { version: '9', hash: 'x' });
  } finally {
    await store.close();
  }
});
