/**
 * The pull's fail-safe and dry run, in process on real files (src/ops/sync/pull.ts): a pull that may
 * still reach the threshold holds its pages back, so a stop writes nothing — not even the pages that
 * came before it; once past the point where the threshold cannot be reached, the held pages are
 * written and the pull ends as one that never held anything back; a dry run predicts the real pull.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { writeAspect } from '../src/ops/core/writeAspect.ts';
import { FileRemote } from '../src/ops/sync/fileRemote.ts';
import { FailSafeError, pull, PullStopped, type PullChange, type PullOptions } from '../src/ops/sync/pull.ts';
import type { Store } from '../src/store/store.ts';
import { canonicalJson } from '../src/sync/canonical.ts';
import { tempDir } from './helpers.ts';

const N = 12;
const urn = (i: number) => `urn:li:dataset:(urn:li:dataPlatform:hive,fs.t${String(i).padStart(2, '0')},PROD)`;
const stamp = { actor: 'urn:li:corpuser:tester', time: 1_000 };
const desc = (description: string) => ({ description });

/** Every aspect and every base of a file, as text: two files that compare equal hold the same. */
function state(store: Store, location: string): string {
  const out: unknown[] = [];
  for (const type of store.entityTypes()) {
    for (const u of store.eachUrnOfType(type)) {
      for (const a of store.getEntity(u)?.aspects ?? []) out.push([u, a, store.getAspect(u, a)?.value]);
      for (const b of store.syncBases(location, u)) out.push([u, b.aspectName, b.base.version, b.base.hash]);
    }
  }
  return canonicalJson(out);
}

/** A remote file with N datasets, and a local file that pulled them all once; `change` then edits the remote. */
async function pair(change: (there: Store) => Promise<void>) {
  const dir = tempDir();
  const remote = new FileRemote(join(dir, 'remote.lmdb'), true);
  const there = (remote as unknown as { store: Store }).store;
  await there.write((txn) => {
    for (let i = 0; i < N; i++) writeAspect(txn, stamp, urn(i), 'editableDatasetProperties', desc(`table ${i}`));
  });
  const local = openCatalog(join(dir, 'local.lmdb'));
  const first = await pull(local, remote, { slice: {} });
  assert.equal(first.entities, N);
  await change(there);
  return {
    local,
    remote,
    dir,
    run: (options: Partial<PullOptions> = {}) => pull(local, remote, { slice: {}, pageSize: 2, ...options }),
    close: async () => {
      await remote.close();
      await local.close();
    },
  };
}

describe("the fail-safe holds a pull's pages back until it cannot be reached", () => {
  it('a pull that stops writes nothing, not even the changed pages it read before knowing', async () => {
    // There: two datasets changed, the ten others removed altogether (10 of 12: 83%).
    const p = await pair(async (there) => {
      await there.write((txn) => {
        writeAspect(txn, stamp, urn(0), 'editableDatasetProperties', desc('changed'));
        writeAspect(txn, stamp, urn(1), 'editableDatasetProperties', desc('changed'));
        for (let i = 2; i < N; i++) txn.deleteEntity(urn(i));
      });
    });
    try {
      const before = state(p.local, p.remote.location);
      await assert.rejects(p.run(), (e: unknown) => {
        assert.ok(e instanceof PullStopped && e.cause instanceof FailSafeError);
        assert.deepEqual([e.cause.gone, e.cause.covered, e.cause.threshold, e.summary.committed], [10, 12, 75, 0]);
        return true;
      });
      assert.equal(state(p.local, p.remote.location), before, 'nothing written');
      // At 90 percent it goes through, writing both changes and the removals.
      const s = await p.run({ failSafeThreshold: 90 });
      assert.deepEqual([s.entities, s.removed, s.conflicts.length], [2, 10, 0]);
      assert.deepEqual(p.local.getAspect(urn(0), 'editableDatasetProperties')?.value, desc('changed'));
      assert.equal(p.local.entityExists(urn(5)), false);
    } finally {
      await p.close();
    }
  });

  it('entities the remote still lists but emptied count as removed too', async () => {
    const p = await pair(async (there) => {
      await there.write((txn) => {
        for (let i = 0; i < 10; i++) txn.deleteAspect(urn(i), 'editableDatasetProperties');
      });
    });
    try {
      const before = state(p.local, p.remote.location);
      await assert.rejects(
        p.run(),
        (e: unknown) => e instanceof PullStopped && e.cause instanceof FailSafeError && e.cause.gone === 10,
      );
      assert.equal(state(p.local, p.remote.location), before);
    } finally {
      await p.close();
    }
  });

  it('held pages are written once the threshold cannot be reached: the end is the same as a pull that held nothing back', async () => {
    const edit = async (there: Store) => {
      await there.write((txn) => {
        for (let i = 0; i < N; i += 3)
          writeAspect(txn, stamp, urn(i), 'editableDatasetProperties', desc(`table ${i}, edited there`));
        txn.deleteEntity(urn(N - 1));
      });
    };
    const held = await pair(edit);
    const direct = await pair(edit);
    try {
      await held.local.write((txn) =>
        writeAspect(txn, stamp, urn(1), 'editableDatasetProperties', desc('edited here')),
      );
      await direct.local.write((txn) =>
        writeAspect(txn, stamp, urn(1), 'editableDatasetProperties', desc('edited here')),
      );
      // Pages of two: the first pages wait, then everything is written; no guard at all on the other.
      const a = await held.run();
      const b = await direct.run({ failSafeThreshold: 100 });
      assert.deepEqual({ ...a, committed: 0 }, { ...b, committed: 0 });
      assert.equal(a.committed, b.committed);
      assert.deepEqual([a.removed, a.written], [1, 5]);
      assert.equal(state(held.local, held.remote.location), state(direct.local, direct.remote.location));
    } finally {
      await held.close();
      await direct.close();
    }
  });

  it('a dry run writes nothing and predicts the pull: the same counts, and a change for each aspect written or removed', async () => {
    const p = await pair(async (there) => {
      await there.write((txn) => {
        writeAspect(txn, stamp, urn(0), 'editableDatasetProperties', desc('theirs'));
        writeAspect(txn, stamp, urn(2), 'globalTags', { tags: [{ tag: 'urn:li:tag:pii' }] });
        txn.deleteEntity(urn(3));
        txn.deleteAspect(urn(4), 'editableDatasetProperties');
      });
    });
    try {
      await p.local.write((txn) => writeAspect(txn, stamp, urn(0), 'editableDatasetProperties', desc('mine')));
      const before = state(p.local, p.remote.location);
      const changes: PullChange[] = [];
      const dry = await p.run({ dryRun: true, onChange: (c) => changes.push(c) });
      assert.equal(state(p.local, p.remote.location), before, 'a dry run writes nothing');
      assert.deepEqual(changes, [
        { urn: urn(2), aspect: 'globalTags', action: 'write' },
        { urn: urn(4), aspect: 'editableDatasetProperties', action: 'remove' },
        { urn: urn(3), aspect: 'editableDatasetProperties', action: 'remove' },
        { urn: urn(3), action: 'remove' },
      ]);
      const real = await p.run();
      for (const k of ['entities', 'removed', 'written', 'unchanged', 'merged', 'conflicts', 'skipped'] as const)
        assert.deepEqual(dry[k], real[k], k);
      assert.equal(dry.committed, 0);
    } finally {
      await p.close();
    }
  });
});
