// Pages of an aspect's earlier versions (issue 33): the operation behind the MCP tool
// get_aspect_history (src/ops/timeline/aspectHistory.ts) on the real store — the page anchored on the
// latest value's systemMetadata.version, a caller's start capped there, the limit and where the next
// page starts, an absent aspect, an aspect with no earlier version, and the batch reads counted per
// entity type and round as DataHub's server makes them.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Proposal } from '../src/model/mcp.ts';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { ingestProposals } from '../src/ops/ingest/ingestProposals.ts';
import { readAspectHistories } from '../src/ops/timeline/aspectHistory.ts';
import type { Store } from '../src/store/store.ts';
import { tempDataPath } from './helpers.ts';

const D = 'urn:li:dataset:(urn:li:dataPlatform:hive,users,PROD)';
const TAG = 'urn:li:tag:PII';
const ALICE = 'urn:li:corpuser:alice';
const tags = (...names: string[]) => ({ tags: names.map((n) => ({ tag: `urn:li:tag:${n}` })) });

describe('readAspectHistories', () => {
  let store: Store;
  before(async () => {
    store = openCatalog(tempDataPath());
    const put = (
      urn: string,
      entityType: string,
      aspectName: string,
      value: Record<string, unknown>,
      time: number,
    ): Promise<unknown> =>
      ingestProposals({ store, actor: ALICE, now: () => time }, [
        { entityType, entityUrn: urn, changeType: 'UPSERT', aspectName, value } satisfies Proposal,
      ]);
    await put(D, 'dataset', 'globalTags', tags('a'), 1000);
    await put(D, 'dataset', 'globalTags', tags('a', 'b'), 2000);
    await put(D, 'dataset', 'globalTags', tags('b'), 3000);
    await put(D, 'dataset', 'status', { removed: false }, 1000);
    await put(TAG, 'tag', 'tagProperties', { name: 'PII' }, 1000);
    await put(TAG, 'tag', 'tagProperties', { name: 'Personal data' }, 2000);
  });
  after(() => store.close());

  const history = (fromVersion: number | null, limit: number, ...pairs: Array<[string, string]>) =>
    readAspectHistories(store, { pairs: pairs.map(([urn, aspect]) => ({ urn, aspect })), fromVersion, limit });

  it("anchors the page on the latest value's version: every earlier version, newest first, with its value and stamp", () => {
    const { pairs, batchReads } = history(null, 20, [D, 'globalTags']);
    const [p] = pairs;
    assert.ok(p);
    assert.equal(p.anchor, 'systemMetadata');
    assert.equal(p.fromVersion, 2);
    assert.deepEqual(p.current?.value, tags('b'));
    assert.equal(p.current?.systemMetadata?.['version'], '3');
    assert.deepEqual(
      p.history.map((h) => [h.version, h.read.value, h.read.created]),
      [
        [2, tags('a', 'b'), { time: 2000, actor: ALICE }],
        [1, tags('a'), { time: 1000, actor: ALICE }],
      ],
    );
    assert.deepEqual([p.hasMore, p.nextFromVersion], [false, null]);
    assert.equal(batchReads, 3, 'the latest versions, then version 2, then version 1');
  });

  it('stops at the limit and names where the next page starts', () => {
    const [p] = history(null, 1, [D, 'globalTags']).pairs;
    assert.deepEqual(
      p?.history.map((h) => h.version),
      [2],
    );
    assert.deepEqual([p?.hasMore, p?.nextFromVersion], [true, 1]);
  });

  it("starts from the caller's version, capped at the newest earlier version", () => {
    const [from1] = history(1, 20, [D, 'globalTags']).pairs;
    assert.deepEqual([from1?.anchor, from1?.fromVersion, from1?.history.map((h) => h.version)], ['caller', 1, [1]]);
    const [from50] = history(50, 20, [D, 'globalTags']).pairs;
    assert.deepEqual(
      [from50?.anchor, from50?.fromVersion, from50?.history.map((h) => h.version)],
      ['caller', 2, [2, 1]],
    );
  });

  it('an aspect not stored, and one with no earlier version, have an empty page', () => {
    const [absent, single] = history(null, 20, [D, 'ownership'], [D, 'status']).pairs;
    assert.deepEqual(absent, {
      urn: D,
      aspect: 'ownership',
      current: null,
      history: [],
      fromVersion: null,
      anchor: 'aspectAbsent',
      hasMore: false,
      nextFromVersion: null,
    });
    assert.equal(single?.anchor, 'systemMetadata');
    assert.deepEqual(single?.current?.value, { removed: false });
    assert.deepEqual([single?.fromVersion, single?.history, single?.hasMore], [null, [], false]);
  });

  it('answers the pairs in the order asked, reading once per entity type and round', () => {
    const { pairs, batchReads } = history(null, 20, [TAG, 'tagProperties'], [D, 'globalTags'], [D, 'status']);
    assert.deepEqual(
      pairs.map((p) => [p.urn, p.aspect, p.history.map((h) => h.version)]),
      [
        [TAG, 'tagProperties', [1]],
        [D, 'globalTags', [2, 1]],
        [D, 'status', []],
      ],
    );
    // Round 1: the latest of both types (2); round 2: the tag's version 1 and the dataset's version 2 (2); round 3: the dataset's version 1 (1).
    assert.equal(batchReads, 5);
  });
});
