/**
 * `catalog pull` removes here the entities the remote removed altogether (issue 34): a hard delete
 * there takes the entity out of the remote's scroll, so pull finds it by the pull id its bases lack
 * (src/ops/sync/pull.ts), confirms it with the remote, and decides each of its aspects as removed
 * there. Real stores on temp files, a file remote, and our server as an HTTP remote.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { isKeyAspect } from '../src/model/registry.ts';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { writeAspect } from '../src/ops/core/writeAspect.ts';
import { FileRemote } from '../src/ops/sync/fileRemote.ts';
import { entityTypeOf } from '../src/ops/sync/local.ts';
import { pull, type PullOptions, type PullSummary } from '../src/ops/sync/pull.ts';
import { newRunId, planPush, sendPlan } from '../src/ops/sync/push.ts';
import { startServer } from '../src/server/server.ts';
import type { Store } from '../src/store/store.ts';
import { HttpRemote } from '../src/sync/remote/http.ts';
import type { Remote } from '../src/sync/remote/types.ts';
import { tempDir } from './helpers.ts';

const hive = (n: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,rm.${n},PROD)`;
const A = hive('a');
const B = hive('b');
const C = 'urn:li:dataset:(urn:li:dataPlatform:mysql,rm.c,PROD)';
const TAG = 'urn:li:tag:pii';
const stamp = { actor: 'urn:li:corpuser:tester', time: 1_000 };
const tags = (...n: string[]) => ({ tags: n.map((x) => ({ tag: `urn:li:tag:${x}` })) });
const desc = (description: string) => ({ description });

/** What the remote holds at first: A with two aspects, B and C with one, and the tag they point to. */
async function seed(there: Store): Promise<void> {
  await there.write((txn) => {
    writeAspect(txn, stamp, A, 'globalTags', tags('pii'));
    writeAspect(txn, stamp, A, 'editableDatasetProperties', desc('orders'));
    writeAspect(txn, stamp, B, 'globalTags', tags('pii'));
    writeAspect(txn, stamp, C, 'editableDatasetProperties', desc('users'));
    writeAspect(txn, stamp, TAG, 'tagProperties', { name: 'pii' });
  });
}

interface Pair {
  local: Store;
  remote: Remote;
  /** The remote's own store, written directly as someone else's edits there. */
  there: Store;
  pull(options?: Partial<PullOptions>): Promise<PullSummary>;
  bases(urn: string): string[];
  aspects(urn: string): string[];
  close(): Promise<void>;
}

/** A local file that pulled everything once from a file remote holding `seed`. */
async function filePair(): Promise<Pair> {
  const dir = tempDir();
  const remote = new FileRemote(join(dir, 'remote.lmdb'), true);
  const there = (remote as unknown as { store: Store }).store;
  await seed(there);
  return pairOf(openCatalog(join(dir, 'local.lmdb')), remote, there, async () => {
    await remote.close();
  });
}

async function pairOf(local: Store, remote: Remote, there: Store, close: () => Promise<void>): Promise<Pair> {
  const p: Pair = {
    local,
    remote,
    there,
    pull: (options = {}) => pull(local, remote, { slice: {}, ...options }),
    bases: (urn) => Array.from(local.syncBases(remote.location, urn), (b) => b.aspectName),
    aspects: (urn) => (local.getEntity(urn)?.aspects ?? []).filter((a) => !isKeyAspect(entityTypeOf(urn), a)).sort(),
    close: async () => {
      await close();
      await local.close();
    },
  };
  const first = await p.pull();
  assert.deepEqual([first.entities, first.removed, first.conflicts.length], [4, 0, 0]);
  return p;
}

const removeThere = (p: Pair, urn: string) => p.there.write((txn) => txn.deleteEntity(urn));

describe('pull removes what the remote removed altogether (a file remote)', () => {
  it('removed there, unchanged here: the entity goes here, with its bases and timeseries events; a second pull removes nothing', async () => {
    const p = await filePair();
    try {
      await p.local.write((txn) =>
        writeAspect(txn, stamp, A, 'datasetProfile', { timestampMillis: 5_000, rowCount: 3 }),
      );
      assert.equal(p.local.timeseries(A, 'datasetProfile').length, 1);
      await removeThere(p, A);
      const s = await p.pull();
      assert.deepEqual([s.removed, s.written, s.conflicts.length, s.entities], [1, 2, 0, 3]);
      assert.equal(p.local.entityExists(A), false);
      assert.deepEqual(p.bases(A), []);
      assert.deepEqual(p.local.timeseries(A, 'datasetProfile'), [], 'removed as a hard delete removes it');
      assert.deepEqual(p.aspects(B), ['globalTags'], 'the others stay');
      assert.deepEqual(p.aspects(C), ['editableDatasetProperties']);
      const again = await p.pull();
      assert.deepEqual([again.removed, again.written, again.conflicts.length], [0, 0, 0]);
    } finally {
      await p.close();
    }
  });

  it('removed there, changed here: a conflict over the changed aspect, which stays with its base; --theirs then removes the entity', async () => {
    const p = await filePair();
    try {
      await p.local.write((txn) => writeAspect(txn, stamp, A, 'editableDatasetProperties', desc('orders, mine')));
      await removeThere(p, A);
      const s = await p.pull();
      assert.equal(s.removed, 0);
      assert.equal(s.conflicts.length, 1);
      const c = s.conflicts[0]!;
      assert.deepEqual(
        [c.urn, c.aspect, c.path, c.local, c.remote],
        [A, 'editableDatasetProperties', '', desc('orders, mine'), undefined],
      );
      assert.deepEqual(
        p.local.getAspect(A, 'editableDatasetProperties')?.value,
        desc('orders, mine'),
        'the conflicting aspect is left as it is',
      );
      // As for any aspect removed there: the one unchanged here goes, the conflicting one keeps its base.
      assert.deepEqual(p.aspects(A), ['editableDatasetProperties']);
      assert.deepEqual(p.bases(A), ['editableDatasetProperties']);
      // Pulled again, the same conflict: nothing was settled meanwhile.
      assert.equal((await p.pull()).conflicts.length, 1);
      const theirs = await p.pull({ resolve: 'theirs' });
      assert.deepEqual([theirs.removed, theirs.conflicts.length], [1, 0]);
      assert.equal(p.local.entityExists(A), false);
      assert.deepEqual(p.bases(A), []);
    } finally {
      await p.close();
    }
  });

  it('removed there, changed here, --ours: the local value stays without a base, so the next push sends it back', async () => {
    const p = await filePair();
    try {
      await p.local.write((txn) => writeAspect(txn, stamp, A, 'editableDatasetProperties', desc('orders, mine')));
      await removeThere(p, A);
      const ours = await p.pull({ resolve: 'ours' });
      assert.deepEqual([ours.removed, ours.conflicts.length], [0, 0]);
      assert.deepEqual(p.local.getAspect(A, 'editableDatasetProperties')?.value, desc('orders, mine'));
      assert.deepEqual(p.aspects(A), ['editableDatasetProperties'], 'the aspect unchanged here went');
      assert.deepEqual(p.bases(A), []);
      const plan = await planPush(p.local, p.remote);
      assert.deepEqual([plan.writes, plan.deletes, plan.conflicts.length], [1, 0, 0]);
      await sendPlan(p.local, p.remote, plan, newRunId());
      assert.deepEqual(p.there.getAspect(A, 'editableDatasetProperties')?.value, desc('orders, mine'));
    } finally {
      await p.close();
    }
  });

  it('a filtered slice removes nothing; the full pull after it does', async () => {
    const p = await filePair();
    try {
      await removeThere(p, B);
      for (const slice of [{ platform: 'urn:li:dataPlatform:hive' }, { query: 'rm' }, { tag: TAG }]) {
        const s = await p.pull({ slice });
        assert.equal(s.removed, 0, JSON.stringify(slice));
        assert.deepEqual(p.aspects(B), ['globalTags'], JSON.stringify(slice));
      }
      const full = await p.pull();
      assert.equal(full.removed, 1);
      assert.equal(p.local.entityExists(B), false);
    } finally {
      await p.close();
    }
  });

  it('--urn removes a named urn the remote lacks, and only that one', async () => {
    const p = await filePair();
    try {
      await removeThere(p, B);
      await removeThere(p, C);
      const s = await p.pull({ slice: { urns: [B, A] } });
      assert.deepEqual([s.entities, s.removed], [1, 1]);
      assert.equal(p.local.entityExists(B), false);
      assert.deepEqual(p.aspects(C), ['editableDatasetProperties'], 'not named: left for another pull');
      assert.deepEqual(p.aspects(A), ['editableDatasetProperties', 'globalTags']);
    } finally {
      await p.close();
    }
  });

  it('--type removes only urns of the types pulled', async () => {
    const p = await filePair();
    try {
      await removeThere(p, C);
      await removeThere(p, TAG);
      // The only tag is gone there: past the fail-safe, which the pull is told to let through.
      const tagsOnly = await p.pull({ slice: { types: ['tag'] }, failSafeThreshold: 100 });
      assert.equal(tagsOnly.removed, 1);
      assert.equal(p.local.entityExists(TAG), false);
      assert.deepEqual(p.aspects(C), ['editableDatasetProperties']);
      const datasets = await p.pull({ slice: { types: ['dataset'] } });
      assert.equal(datasets.removed, 1);
      assert.equal(p.local.entityExists(C), false);
    } finally {
      await p.close();
    }
  });

  it('aspects added here and never pushed keep the entity: only the aspects with a base go', async () => {
    const p = await filePair();
    try {
      await p.local.write((txn) =>
        writeAspect(txn, stamp, B, 'institutionalMemory', {
          elements: [{ url: 'https://wiki/b', description: 'doc', createStamp: stamp }],
        }),
      );
      await removeThere(p, B);
      const s = await p.pull();
      assert.deepEqual([s.removed, s.written, s.conflicts.length], [0, 1, 0]);
      assert.deepEqual(p.aspects(B), ['institutionalMemory']);
      assert.deepEqual(p.bases(B), []);
    } finally {
      await p.close();
    }
  });

  it("an entity missing from the scroll's decisions but still there is not removed (its only aspect skipped); one really gone is", async () => {
    const p = await filePair();
    try {
      // A value this release refuses, stored there as is: the pull skips it and writes no base for B.
      await p.there.write((txn) =>
        txn.putAspect({
          urn: B,
          entityType: 'dataset',
          aspectName: 'globalTags',
          value: { tags: 'pii' },
          created: stamp,
          key: { aspectName: 'datasetKey', value: {} },
        }),
      );
      await removeThere(p, C);
      const s = await p.pull();
      assert.deepEqual(
        s.skipped.map((x) => [x.urn, x.aspect]),
        [[B, 'globalTags']],
      );
      assert.equal(s.removed, 1);
      assert.equal(p.local.entityExists(C), false);
      assert.deepEqual(
        p.local.getAspect(B, 'globalTags')?.value,
        tags('pii'),
        'B is still there: nothing of it is removed here',
      );
    } finally {
      await p.close();
    }
  });

  it('many removals, a page at a time: every one is found', async () => {
    const dir = tempDir();
    const remote = new FileRemote(join(dir, 'remote.lmdb'), true);
    const there = (remote as unknown as { store: Store }).store;
    const local = openCatalog(join(dir, 'local.lmdb'));
    try {
      const urns = Array.from({ length: 9 }, (_, i) => hive(`many${i}`));
      await there.write((txn) => {
        for (const urn of urns) writeAspect(txn, stamp, urn, 'editableDatasetProperties', desc(urn));
      });
      assert.equal((await pull(local, remote, { slice: {}, pageSize: 2 })).entities, 9);
      const gone = urns.filter((_, i) => i % 3 !== 1);
      await there.write((txn) => {
        for (const urn of gone) txn.deleteEntity(urn);
      });
      const s = await pull(local, remote, { slice: {}, pageSize: 2 });
      assert.deepEqual([s.entities, s.removed], [3, 6]);
      assert.deepEqual(
        urns.filter((u) => local.entityExists(u)),
        urns.filter((u) => !gone.includes(u)),
      );
    } finally {
      await remote.close();
      await local.close();
    }
  });
});

describe('pull removes what the remote removed altogether (our server as an HTTP remote)', () => {
  it('an entity hard-deleted there (POST /entities?action=delete, as `datahub delete --hard` sends) goes here', async () => {
    const dir = tempDir();
    const there = openCatalog(join(dir, 'remote.lmdb'));
    await seed(there);
    const server = await startServer({ store: there, port: 0 });
    const remote = new HttpRemote(server.url, { entityTypeOf, isKeyAspect });
    const p = await pairOf(openCatalog(join(dir, 'local.lmdb')), remote, there, async () => {
      await remote.close();
      await server.close();
      await there.close();
    });
    try {
      const res = await fetch(`${server.url.replace(/\/$/, '')}/entities?action=delete`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ urn: C }),
      });
      assert.equal(res.status, 200, await res.text());
      const s = await p.pull();
      assert.deepEqual([s.removed, s.conflicts.length], [1, 0]);
      assert.equal(p.local.entityExists(C), false);
      assert.deepEqual(p.bases(C), []);
      assert.deepEqual(p.aspects(A), ['editableDatasetProperties', 'globalTags']);
    } finally {
      await p.close();
    }
  });
});

describe('the bases of a remote, read a page at a time', () => {
  it('a walk over more bases than a page sees each once, in key order; awaiting between two, it holds no snapshot: later pages see writes', async () => {
    const store = openCatalog(join(tempDir(), 'bases.lmdb'));
    try {
      const location = '/somewhere/remote.lmdb';
      const urns = Array.from({ length: 1_300 }, (_, i) => hive(`b${String(i).padStart(4, '0')}`));
      await store.write((txn) => {
        for (const urn of urns)
          for (const aspect of ['globalTags', 'ownership'])
            txn.putSyncBase(location, urn, aspect, { version: '1', hash: 'h' });
        txn.putSyncBase(`${location}x`, urns[0]!, 'globalTags', { version: '1', hash: 'h' });
      });
      const read: string[] = [];
      let n = 0;
      const last = urns[urns.length - 1]!;
      for (const { urn, aspectName } of store.syncBases(location)) {
        read.push(`${urn} ${aspectName}`);
        // At the end of the first page: a base behind the walk goes, one ahead of it comes.
        if (++n === 1_000) {
          await store.write((txn) => {
            txn.deleteSyncBase(location, urn, 'globalTags');
            txn.putSyncBase(location, last, 'status', { version: '1', hash: 'h' });
          });
        }
      }
      assert.deepEqual(read, [...urns.flatMap((u) => [`${u} globalTags`, `${u} ownership`]), `${last} status`]);
      assert.equal(Array.from(store.syncBases(location)).length, 2 * urns.length);
    } finally {
      await store.close();
    }
  });
});
