/**
 * Sync both ways converges (issue 34's property): two data files share a starting point, each gets
 * random edits (tags, owners, links, descriptions, whole datasets removed, on the same datasets), then the second pulls from
 * the first and pushes back to it. Whenever neither the pull nor the push reported a conflict, both
 * files hold the same values; when one did, nothing was pushed. Runs the real pull and push on real
 * files (the first file is a file remote, as `catalog pull ./teammate.lmdb` opens it).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { SYSTEM_ACTOR } from '../src/ops/core/context.ts';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { writeAspect } from '../src/ops/core/writeAspect.ts';
import { FileRemote } from '../src/ops/sync/fileRemote.ts';
import { pull } from '../src/ops/sync/pull.ts';
import { newRunId, planPush, sendPlan } from '../src/ops/sync/push.ts';
import type { Store } from '../src/store/store.ts';
import { canonicalJson } from '../src/sync/canonical.ts';
import { tempDataPath } from './helpers.ts';

const DATASETS = ['a', 'b'].map((n) => `urn:li:dataset:(urn:li:dataPlatform:hive,db.${n},PROD)`);
const TAGS = ['pii', 'gold', 'legacy'].map((t) => `urn:li:tag:${t}`);
const OWNERS = ['ana', 'ben'].map((u) => `urn:li:corpuser:${u}`);
const LINKS = ['https://wiki/x', 'https://wiki/y'];
const SYNCED = ['globalTags', 'ownership', 'institutionalMemory', 'editableDatasetProperties'];

type Edit =
  | { op: 'tag' | 'untag'; ds: number; tag: number }
  | { op: 'own' | 'disown'; ds: number; owner: number }
  | { op: 'link' | 'unlink'; ds: number; link: number }
  | { op: 'describe'; ds: number; text: string }
  | { op: 'drop'; ds: number };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ op: fc.constantFrom('tag' as const, 'untag' as const), ds: fc.nat(1), tag: fc.nat(2) }),
  fc.record({ op: fc.constantFrom('own' as const, 'disown' as const), ds: fc.nat(1), owner: fc.nat(1) }),
  fc.record({ op: fc.constantFrom('link' as const, 'unlink' as const), ds: fc.nat(1), link: fc.nat(1) }),
  fc.record({
    op: fc.constant('describe' as const),
    ds: fc.nat(1),
    text: fc.constantFrom('orders', 'all orders', 'legacy orders'),
  }),
  // A hard delete of the whole dataset (`datahub delete --hard`): on the remote, out of its scroll.
  fc.record({ op: fc.constant('drop' as const), ds: fc.nat(1) }),
);

type Obj = Record<string, unknown>;
const stamp = { actor: SYSTEM_ACTOR, time: 1 };

/** Applies one edit as the catalog's own operations would: read the aspect, change a copy, write it. */
async function apply(store: Store, e: Edit): Promise<void> {
  const urn = DATASETS[e.ds]!;
  await store.write((txn) => {
    if (e.op === 'drop') {
      txn.deleteEntity(urn);
      return;
    }
    const get = (name: string, empty: Obj): Obj =>
      structuredClone((txn.getAspect(urn, name)?.value as Obj | undefined) ?? empty);
    const put = (name: string, value: Obj) => writeAspect(txn, stamp, urn, name, value);
    if (e.op === 'tag' || e.op === 'untag') {
      const v = get('globalTags', { tags: [] }) as { tags: Array<{ tag: string }> };
      const rest = v.tags.filter((t) => t.tag !== TAGS[e.tag]);
      put('globalTags', { tags: e.op === 'tag' ? [...rest, { tag: TAGS[e.tag]! }] : rest });
    } else if (e.op === 'own' || e.op === 'disown') {
      const v = get('ownership', { owners: [] }) as { owners: Array<{ owner: string; type: string }> };
      const rest = v.owners.filter((o) => o.owner !== OWNERS[e.owner]);
      put('ownership', {
        owners: e.op === 'own' ? [...rest, { owner: OWNERS[e.owner]!, type: 'TECHNICAL_OWNER' }] : rest,
      });
    } else if (e.op === 'link' || e.op === 'unlink') {
      const v = get('institutionalMemory', { elements: [] }) as { elements: Array<{ url: string }> };
      const rest = v.elements.filter((l) => l.url !== LINKS[e.link]);
      put('institutionalMemory', {
        elements: e.op === 'link' ? [...rest, { url: LINKS[e.link]!, description: 'doc', createStamp: stamp }] : rest,
      });
    } else if (e.op === 'describe') {
      put('editableDatasetProperties', { description: e.text });
    }
  });
}

/** What a file holds of the synced aspects, as canonical JSON (order of set-like lists ignored by sorting). */
function state(store: Store): string {
  const out: Record<string, unknown> = {};
  for (const urn of DATASETS) {
    for (const name of SYNCED) {
      const v = store.getAspect(urn, name)?.value as Obj | undefined;
      if (v === undefined) continue;
      const sorted = JSON.parse(canonicalJson(v)) as Obj;
      for (const list of ['tags', 'owners', 'elements']) {
        if (Array.isArray(sorted[list])) sorted[list] = (sorted[list] as unknown[]).map((x) => canonicalJson(x)).sort();
      }
      out[`${urn} ${name}`] = sorted;
    }
  }
  return canonicalJson(out);
}

describe('sync both ways', () => {
  it('two files edited apart converge after pull then push, whenever no conflict is reported', async () => {
    let converged = 0;
    let conflicted = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(edit, { maxLength: 6 }),
        fc.array(edit, { maxLength: 6 }),
        fc.array(edit, { maxLength: 4 }),
        async (start, theirs, ours) => {
          const remotePath = tempDataPath();
          const seed = openCatalog(remotePath);
          for (const e of [
            { op: 'describe' as const, ds: 0, text: 'orders' },
            { op: 'describe' as const, ds: 1, text: 'orders' },
            ...start,
          ])
            await apply(seed, e);
          await seed.close();
          const local = openCatalog(tempDataPath());
          try {
            // The shared starting point: the local file pulls everything once.
            let remote = new FileRemote(remotePath, false);
            const first = await pull(local, remote, { slice: {} });
            await remote.close();
            assert.equal(first.conflicts.length, 0);
            assert.equal(state(local), await stateOf(remotePath));
            // Apart: the remote's owner and the local user each edit.
            const other = openCatalog(remotePath);
            for (const e of theirs) await apply(other, e);
            await other.close();
            for (const e of ours) await apply(local, e);
            const remoteBefore = await stateOf(remotePath);
            // Both ways: pull (merge theirs into ours), then push (ours, now merged, back).
            remote = new FileRemote(remotePath, false);
            // Two datasets, both may be dropped there: the fail-safe would stop such a pull (sync-untrusted.test.ts).
            const pulled = await pull(local, remote, { slice: {}, failSafeThreshold: 100 });
            await remote.close();
            remote = new FileRemote(remotePath, true);
            const plan = await planPush(local, remote, {});
            if (pulled.conflicts.length === 0 && plan.conflicts.length === 0) {
              await sendPlan(local, remote, plan, newRunId());
              await remote.close();
              assert.equal(
                state(local),
                await stateOf(remotePath),
                'no conflict reported, so both files hold the same values',
              );
              converged++;
            } else {
              await remote.close();
              assert.equal(await stateOf(remotePath), remoteBefore, 'a conflict was reported: the remote is untouched');
              conflicted++;
            }
          } finally {
            await local.close();
          }
        },
      ),
      {
        numRuns: 40,
        // Both outcomes, whatever the random runs draw: a clash of descriptions, and edits that merge.
        examples: [
          [[], [{ op: 'describe', ds: 0, text: 'all orders' }], [{ op: 'describe', ds: 0, text: 'legacy orders' }]],
          [
            [{ op: 'tag', ds: 0, tag: 0 }],
            [
              { op: 'tag', ds: 0, tag: 1 },
              { op: 'own', ds: 1, owner: 0 },
            ],
            [
              { op: 'untag', ds: 0, tag: 0 },
              { op: 'link', ds: 0, link: 1 },
            ],
          ],
          // Removed there altogether, untouched here: the pull removes it here too.
          [[{ op: 'tag', ds: 1, tag: 0 }], [{ op: 'drop', ds: 1 }], [{ op: 'link', ds: 0, link: 0 }]],
          // Removed there, changed here: a conflict, and nothing pushed.
          [[], [{ op: 'drop', ds: 0 }], [{ op: 'describe', ds: 0, text: 'all orders' }]],
          // Removed on both sides.
          [
            [{ op: 'own', ds: 0, owner: 1 }],
            [{ op: 'drop', ds: 0 }],
            [
              { op: 'drop', ds: 0 },
              { op: 'tag', ds: 1, tag: 2 },
            ],
          ],
        ],
      },
    );
    assert.ok(converged >= 1, `converged ${converged}`);
    assert.ok(conflicted >= 1, `conflicted ${conflicted}`);
  });
});

async function stateOf(path: string): Promise<string> {
  const s = openCatalog(path, { readOnly: true });
  try {
    return state(s);
  } finally {
    await s.close();
  }
}
