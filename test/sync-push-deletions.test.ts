/**
 * Push of what was removed locally since the last sync (src/ops/sync/push.ts): an aspect or a whole
 * entity removed here is removed there by a DELETE conditional on the base version, through a file
 * remote and through our server as an HTTP remote; a removal against a remote change is a conflict
 * (nothing written), settled with --ours or --theirs; removed on both sides, only the base goes.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { isKeyAspect } from '../src/model/registry.ts';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { writeAspect } from '../src/ops/core/writeAspect.ts';
import { FileRemote } from '../src/ops/sync/fileRemote.ts';
import { entityTypeOf } from '../src/ops/sync/local.ts';
import { syncStatus, unpushed } from '../src/ops/sync/compare.ts';
import { newRunId, planPush, PushStopped, sendPlan, type PushPlan } from '../src/ops/sync/push.ts';
import { startServer, type RunningServer } from '../src/server/server.ts';
import type { Store } from '../src/store/store.ts';
import { HttpRemote } from '../src/sync/remote/http.ts';
import { PreconditionFailedError, type Remote } from '../src/sync/remote/types.ts';
import { tempDir } from './helpers.ts';

const A = 'urn:li:dataset:(urn:li:dataPlatform:hive,del.a,PROD)';
const B = 'urn:li:dataset:(urn:li:dataPlatform:hive,del.b,PROD)';
const stamp = { actor: 'urn:li:corpuser:tester', time: 1_000 };
const tags = (...n: string[]) => ({ tags: n.map((x) => ({ tag: `urn:li:tag:${x}` })) });
const desc = (description: string) => ({ description });

/** Writes the aspects of both datasets locally and pushes them, so both sides share a base. */
async function synced(local: Store, remote: Remote): Promise<void> {
  await local.write((txn) => {
    for (const urn of [A, B]) {
      writeAspect(txn, stamp, urn, 'globalTags', tags('a'));
      writeAspect(txn, stamp, urn, 'editableDatasetProperties', desc('first'));
    }
  });
  const plan = await planPush(local, remote);
  await sendPlan(local, remote, plan, newRunId());
}

async function push(
  local: Store,
  remote: Remote,
  resolve?: 'ours' | 'theirs',
): Promise<{ plan: PushPlan; deleted: number; sent: number }> {
  const plan = await planPush(local, remote, resolve ? { resolve } : {});
  if (plan.conflicts.length > 0) {
    plan.close();
    return { plan, deleted: 0, sent: 0 };
  }
  const summary = await sendPlan(local, remote, plan, newRunId());
  return { plan, deleted: summary.deleted, sent: summary.sent };
}

const remoteValue = async (remote: Remote, urn: string, aspect: string) =>
  (await remote.getEntities([urn]))[0]?.aspects.get(aspect);
const removeLocally = (local: Store, urn: string, aspect?: string) =>
  local.write((txn) => (aspect ? txn.deleteAspect(urn, aspect) : txn.deleteEntity(urn)));

describe('push of local removals, through a file remote', () => {
  let local: Store;
  let remote: FileRemote;
  let remoteStore: Store;
  const dir = tempDir();
  before(async () => {
    local = openCatalog(join(dir, 'local.lmdb'));
    remote = new FileRemote(join(dir, 'remote.lmdb'), true);
    remoteStore = (remote as unknown as { store: Store }).store;
    await synced(local, remote);
  });
  after(async () => {
    await remote.close();
    await local.close();
  });

  it('an aspect removed here is removed there, conditional on the base version; its base goes, and a second push sends nothing', async () => {
    await removeLocally(local, A, 'editableDatasetProperties');
    const { plan, deleted, sent } = await push(local, remote);
    assert.deepEqual([plan.deletes, plan.conflicts.length, deleted, sent], [1, 0, 1, 1]);
    assert.equal(await remoteValue(remote, A, 'editableDatasetProperties'), undefined);
    assert.deepEqual((await remoteValue(remote, A, 'globalTags'))?.value, tags('a'), 'the other aspect stays');
    assert.equal(local.getSyncBase(remote.location, A, 'editableDatasetProperties'), undefined);
    const again = await push(local, remote);
    assert.deepEqual([again.plan.writes, again.plan.deletes], [0, 0]);
  });

  it('a removal against a change made there meanwhile is a conflict: nothing is written, then --ours removes it and --theirs keeps theirs', async () => {
    await removeLocally(local, A, 'globalTags');
    await remoteStore.write((txn) => writeAspect(txn, stamp, A, 'globalTags', tags('a', 'remote')));
    const { plan } = await push(local, remote);
    assert.equal(plan.conflicts.length, 1);
    const c = plan.conflicts[0]!;
    assert.deepEqual(
      [c.urn, c.aspect, c.path, c.local, c.remote],
      [A, 'globalTags', '', undefined, tags('a', 'remote')],
    );
    assert.deepEqual((await remoteValue(remote, A, 'globalTags'))?.value, tags('a', 'remote'), 'nothing written there');
    // --theirs: the remote's value comes back here, and the remote keeps it.
    const theirs = await push(local, remote, 'theirs');
    assert.equal(theirs.plan.conflicts.length, 0);
    assert.deepEqual(local.getAspect(A, 'globalTags')?.value, tags('a', 'remote'));
    assert.deepEqual((await remoteValue(remote, A, 'globalTags'))?.value, tags('a', 'remote'));
    // Removed again here, changed again there: --ours removes it there.
    await removeLocally(local, A, 'globalTags');
    await remoteStore.write((txn) => writeAspect(txn, stamp, A, 'globalTags', tags('again')));
    const ours = await push(local, remote, 'ours');
    assert.deepEqual([ours.plan.conflicts.length, ours.deleted], [0, 1]);
    assert.equal(await remoteValue(remote, A, 'globalTags'), undefined);
  });

  it('an entity removed here loses every aspect there but its key; removed on both sides, only the base goes', async () => {
    // B's description is removed on the remote too, by someone else: nothing to send for it.
    await remoteStore.write((txn) => txn.deleteAspect(B, 'editableDatasetProperties'));
    await removeLocally(local, B);
    const { plan, deleted } = await push(local, remote);
    assert.deepEqual(plan.conflicts, []);
    assert.deepEqual([plan.deletes, deleted], [1, 1]);
    const [entity] = await remote.getEntities([B]);
    assert.deepEqual(entity ? [...entity.aspects.keys()] : [], [], 'no aspect is left there');
    assert.equal(remoteStore.entityExists(B), true, 'the key stays');
    assert.deepEqual(Array.from(local.syncBases(remote.location, B)), [], 'no base is left for B');
  });
});

describe('push of local removals, through our server as an HTTP remote', () => {
  let local: Store;
  let remoteStore: Store;
  let server: RunningServer;
  let remote: HttpRemote;
  before(async () => {
    const dir = tempDir();
    local = openCatalog(join(dir, 'local.lmdb'));
    remoteStore = openCatalog(join(dir, 'remote.lmdb'));
    server = await startServer({ store: remoteStore, port: 0 });
    remote = new HttpRemote(server.url, { entityTypeOf, isKeyAspect });
    await synced(local, remote);
  });
  after(async () => {
    await remote.close();
    await server.close();
    await remoteStore.close();
    await local.close();
  });

  it('sends a conditional DELETE: the aspect goes there, and the base here', async () => {
    await removeLocally(local, A, 'editableDatasetProperties');
    const { deleted } = await push(local, remote);
    assert.equal(deleted, 1);
    assert.equal(remoteStore.getAspect(A, 'editableDatasetProperties'), undefined);
    assert.equal(local.getSyncBase(remote.location, A, 'editableDatasetProperties'), undefined);
  });

  it('a change there between the plan and the send fails the DELETE: the value stays there, the base here', async () => {
    await removeLocally(local, B, 'editableDatasetProperties');
    const plan = await planPush(local, remote);
    assert.equal(plan.deletes, 1);
    await remoteStore.write((txn) => writeAspect(txn, stamp, B, 'editableDatasetProperties', desc('changed there')));
    await assert.rejects(
      sendPlan(local, remote, plan, newRunId()),
      (e: unknown) =>
        e instanceof PushStopped &&
        e.cause instanceof PreconditionFailedError &&
        /Expected version 1, actual version 2/.test(e.message),
    );
    assert.deepEqual(remoteStore.getAspect(B, 'editableDatasetProperties')?.value, desc('changed there'));
    assert.notEqual(local.getSyncBase(remote.location, B, 'editableDatasetProperties'), undefined);
    // Planned again, the removal meets the change: a conflict, settled here with --theirs.
    assert.equal(
      (
        await planPush(local, remote).then((p) => {
          p.close();
          return p;
        })
      ).conflicts.length,
      1,
    );
    await push(local, remote, 'theirs');
    assert.deepEqual(local.getAspect(B, 'editableDatasetProperties')?.value, desc('changed there'));
  });

  it('a removal whose aspect is back here before the send is not sent', async () => {
    await removeLocally(local, A, 'globalTags');
    const plan = await planPush(local, remote);
    assert.equal(plan.deletes, 1);
    await local.write((txn) => writeAspect(txn, stamp, A, 'globalTags', tags('back')));
    const summary = await sendPlan(local, remote, plan, newRunId());
    assert.equal(summary.deleted, 0);
    assert.deepEqual(remoteStore.getAspect(A, 'globalTags')?.value, tags('a'));
  });
});

describe('status lists what was removed here and not pushed yet', () => {
  it('an aspect removed here, and an entity removed here altogether, until a push removes them there', async () => {
    const dir = tempDir();
    const local = openCatalog(join(dir, 'local.lmdb'));
    const remote = new FileRemote(join(dir, 'remote.lmdb'), true);
    try {
      await synced(local, remote);
      assert.deepEqual(Array.from(unpushed(local, remote.location)), []);
      await removeLocally(local, A, 'globalTags');
      await removeLocally(local, B);
      assert.deepEqual(Array.from(unpushed(local, remote.location)), [
        { urn: A, aspects: ['globalTags'], removed: ['globalTags'] },
        {
          urn: B,
          aspects: ['editableDatasetProperties', 'globalTags'],
          removed: ['editableDatasetProperties', 'globalTags'],
        },
      ]);
      await push(local, remote);
      assert.deepEqual(Array.from(unpushed(local, remote.location)), []);
    } finally {
      await remote.close();
      await local.close();
    }
  });
});

describe('status: every location the file syncs with', () => {
  it('lists a location with bases and no remote record (a bare URL or path pulled by an older release) beside the named remotes', async () => {
    const dir = tempDir();
    const local = openCatalog(join(dir, 'local.lmdb'));
    const remote = new FileRemote(join(dir, 'remote.lmdb'), true);
    try {
      await synced(local, remote);
      // What an older release left: bases under the location, no record naming it (this one records it).
      await local.write((txn) => txn.deleteRemote(remote.location));
      assert.deepEqual(local.remotes(), []);
      assert.deepEqual(local.syncLocations(), [remote.location]);
      await local.write((txn) => writeAspect(txn, stamp, A, 'globalTags', tags('a', 'b')));
      await local.write((txn) => txn.putRemote({ name: 'team', location: 'http://team.example:8080' }));
      assert.deepEqual(
        syncStatus(local).map((r) => ({ remote: r.remote, location: r.location, urns: r.entities.map((e) => e.urn) })),
        [
          { remote: 'team', location: 'http://team.example:8080', urns: [A, B] },
          { remote: null, location: remote.location, urns: [A] },
        ],
      );
    } finally {
      await remote.close();
      await local.close();
    }
  });
});
