/**
 * OpenAPI v3's scroll with no query is answered by a walk of the indexes in urn order (the listing
 * path of search.ts), with or without soft-deleted entities: the same pages a query that matches every
 * entity gets from the general path, one walk of the index instead of a match of every document per page.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { writeAspect } from '../src/ops/core/writeAspect.ts';
import { scrollEntitiesV3 } from '../src/ops/entities/openapiScroll.ts';
import type { Store } from '../src/store/store.ts';
import { tempDataPath } from './helpers.ts';

let store: Store;
const stamp = { actor: 'urn:li:corpuser:t', time: 1 };
const dataset = (i: number) => `urn:li:dataset:(urn:li:dataPlatform:hive,t${String(i).padStart(2, '0')},PROD)`;
const chart = (i: number) => `urn:li:chart:(looker,c${i})`;
const removed = new Set([dataset(3), dataset(10), chart(1)]);

before(async () => {
  store = openCatalog(tempDataPath());
  await store.write((txn) => {
    // Written out of urn order, so the order of the pages is the walk's and not the writes'.
    for (let i = 24; i >= 0; i--)
      writeAspect(txn, stamp, dataset(i), 'datasetProperties', { name: `t${i}`, description: 'every table' });
    for (let i = 0; i < 4; i++)
      writeAspect(txn, stamp, chart(i), 'chartInfo', {
        title: `c${i}`,
        description: 'every chart',
        lastModified: {
          created: { time: 0, actor: 'urn:li:corpuser:t' },
          lastModified: { time: 0, actor: 'urn:li:corpuser:t' },
        },
      });
    for (const urn of removed) writeAspect(txn, stamp, urn, 'status', { removed: true });
  });
});
after(() => store.close());

function scrollAll(req: {
  types?: string[];
  entityType?: string;
  query?: string;
  includeSoftDeleted: boolean;
}): string[] {
  const urns: string[] = [];
  let scrollId: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const page = scrollEntitiesV3(store, {
      entityType: req.entityType ?? '',
      types: req.types,
      query: req.query,
      count: 4,
      scrollId,
      aspects: [],
      includeSoftDeleted: req.includeSoftDeleted,
    });
    urns.push(...page.entities.map((e) => e.urn));
    scrollId = page.scrollId;
    if (!scrollId) return urns;
  }
  throw new Error('the scroll did not end');
}

test('a scroll without a query pages through every entity in urn order, leaving out the soft-deleted ones', () => {
  const all = [
    ...Array.from({ length: 25 }, (_, i) => dataset(i)),
    ...Array.from({ length: 4 }, (_, i) => chart(i)),
  ].sort();
  assert.deepEqual(
    scrollAll({ types: [], includeSoftDeleted: false }),
    all.filter((u) => !removed.has(u)),
  );
  assert.deepEqual(
    scrollAll({ entityType: 'dataset', includeSoftDeleted: false }),
    all.filter((u) => u.startsWith('urn:li:dataset') && !removed.has(u)),
  );
});

test('with includeSoftDelete, the soft-deleted entities come too, in their place', () => {
  const all = [
    ...Array.from({ length: 25 }, (_, i) => dataset(i)),
    ...Array.from({ length: 4 }, (_, i) => chart(i)),
  ].sort();
  assert.deepEqual(scrollAll({ types: [], includeSoftDeleted: true }), all);
  const datasets = scrollAll({ entityType: 'dataset', includeSoftDeleted: true });
  assert.equal(datasets.length, 25);
  assert.deepEqual(datasets, [...datasets].sort());
});

test('the listing walk and the general path (a query that matches every entity) give the same pages', () => {
  for (const includeSoftDeleted of [false, true]) {
    assert.deepEqual(
      scrollAll({ types: [], includeSoftDeleted }),
      scrollAll({ types: [], query: 'every', includeSoftDeleted }),
      `includeSoftDeleted ${includeSoftDeleted}`,
    );
  }
});
