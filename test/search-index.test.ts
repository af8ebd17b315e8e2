// The search index's packed layout (issue 14): postings and keyword sets in blocks of 128 ids,
// facet columns in chunks of 1024, all rewritten in the write transaction. Checked against a model
// kept by the test on catalogs large enough to cross block and chunk boundaries, after random
// edits, soft deletions and deletions spread over several transactions; and a file indexed under
// the layout before loses its old tables when it is re-indexed on open.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { open } from 'lmdb';
import { proposalFromMcp } from '../src/model/mcp.ts';
import {
  someTermPasses,
  TermCounter,
  terms,
  urnWords,
  words,
  wordsOfAscii,
  wordsOfUnicode,
} from '../src/model/search/analysis.ts';
import { SEARCH_FIELDS } from '../src/model/search/fields.ts';
import { analyseDocument, completeDocument, searchDocumentOf } from '../src/model/search/document.ts';
import { ingestProposals } from '../src/ops/ingest/ingestProposals.ts';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { mergeAscending } from '../src/search/postings.ts';
import { searchEntities } from '../src/ops/search/search.ts';
import type { FilterGroup, SearchRequest } from '../src/ops/search/types.ts';
import { IdBlocks } from '../src/store/idBlocks.ts';
import type { Store } from '../src/store/store.ts';
import { mcp, tempDataPath } from './helpers.ts';

// Three words share a prefix: `al*` expands to several terms, enough postings to score them densely.
const WORDS = ['alpha', 'alpine', 'alto', 'bravo', 'delta', 'gamma'];
const TAGS = ['pii', 'gold', 'raw', 'legacy'];
const PLATFORMS = ['hive', 'kafka', 'snowflake'];

interface Entity {
  words: Set<string>;
  tags: Set<string>;
  platform: string;
  removed: boolean;
}

const urnOf = (i: number, platform: string) => `urn:li:dataset:(urn:li:dataPlatform:${platform},db.t${i},PROD)`;
const ingest = (store: Store, mcps: Array<Record<string, unknown>>) =>
  ingestProposals(
    { store, actor: 'urn:li:corpuser:datahub' },
    mcps.map((m) => proposalFromMcp(m)),
  );

/** One change to one dataset: new words and tags, a soft deletion (or its undoing), or a deletion. */
const change = fc.record({
  i: fc.nat(),
  kind: fc.constantFrom('edit', 'edit', 'edit', 'remove', 'restore', 'delete'),
  words: fc.subarray(WORDS, { minLength: 1 }),
  tags: fc.subarray(TAGS),
});

function expectedCounts(
  model: Map<string, Entity>,
  hit: (e: Entity) => boolean,
): { total: number; tags: Map<string, number>; platforms: Map<string, number> } {
  const tags = new Map<string, number>();
  const platforms = new Map<string, number>();
  let total = 0;
  for (const e of model.values()) {
    if (e.removed || !hit(e)) continue;
    total++;
    for (const t of e.tags) tags.set(`urn:li:tag:${t}`, (tags.get(`urn:li:tag:${t}`) ?? 0) + 1);
    platforms.set(`urn:li:dataPlatform:${e.platform}`, (platforms.get(`urn:li:dataPlatform:${e.platform}`) ?? 0) + 1);
  }
  return { total, tags, platforms };
}

function facet(page: ReturnType<typeof searchEntities>, field: string): Map<string, number> {
  return new Map((page.facets.find((f) => f.field === field)?.values ?? []).map((v) => [v.value, v.count]));
}

/** Every answer the model predicts: each word alone, and each word with each tag as a filter. */
function checkAgainst(store: Store, model: Map<string, Entity>): void {
  for (const w of WORDS) {
    const page = searchEntities(store, {
      query: w,
      types: ['dataset'],
      count: 10,
      facets: ['tags', 'platform'],
      maxAggValues: 100,
    });
    const want = expectedCounts(model, (e) => e.words.has(w));
    assert.equal(page.total, want.total, `total of "${w}"`);
    assert.deepEqual(facet(page, 'tags'), want.tags, `tag facet of "${w}"`);
    assert.deepEqual(facet(page, 'platform'), want.platforms, `platform facet of "${w}"`);
    for (const t of TAGS) {
      const filtered = searchEntities(store, {
        query: w,
        types: ['dataset'],
        count: 5,
        skipAggregates: true,
        filters: [[{ field: 'tags', values: [`urn:li:tag:${t}`], condition: 'EQUAL', negated: false }]],
      });
      assert.equal(
        filtered.total,
        expectedCounts(model, (e) => e.words.has(w) && e.tags.has(t)).total,
        `"${w}" tagged ${t}`,
      );
    }
  }
  const prefixed = searchEntities(store, {
    query: 'al*',
    types: ['dataset'],
    count: 2000,
    facets: ['tags'],
    maxAggValues: 100,
  });
  const wantPrefixed = expectedCounts(model, (e) => [...e.words].some((w) => w.startsWith('al')));
  assert.equal(prefixed.total, wantPrefixed.total, 'total of al*');
  assert.deepEqual(facet(prefixed, 'tags'), wantPrefixed.tags, 'tag facet of al*');
  assert.deepEqual(
    new Set(prefixed.hits.map((h) => h.urn)),
    new Set([...model].filter(([, e]) => !e.removed && [...e.words].some((w) => w.startsWith('al'))).map(([u]) => u)),
  );
  const all = searchEntities(store, { query: '*', types: ['dataset'], count: 0, facets: ['tags'], maxAggValues: 100 });
  const want = expectedCounts(model, () => true);
  assert.equal(all.total, want.total);
  assert.deepEqual(facet(all, 'tags'), want.tags);
  // `db` is in every urn: a long postings list, kept decoded between writes; a write must retire it.
  const everyUrn = searchEntities(store, {
    query: 'db',
    types: ['dataset'],
    count: 3,
    facets: ['tags'],
    maxAggValues: 100,
  });
  assert.equal(everyUrn.total, want.total);
  assert.deepEqual(facet(everyUrn, 'tags'), want.tags);
  for (const h of everyUrn.hits) assert.ok(model.has(h.urn) && !model.get(h.urn)!.removed, `${h.urn} is live`);
}

describe('the packed search index against a model', () => {
  it('totals, facets and tag filters match the model after random edits across block and chunk boundaries, and a rebuild changes nothing', async () => {
    // 1100 datasets: ids cross eight posting blocks (128) and a facet chunk (1024).
    const N = 1100;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(change, { maxLength: 60 }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        async (batches, seed) => {
          const store = openCatalog(tempDataPath());
          try {
            const model = new Map<string, Entity>();
            let s = seed;
            const next = () => (s = (s * 48271) % 2147483647);
            const initial: Array<Record<string, unknown>> = [];
            for (let i = 0; i < N; i++) {
              const e: Entity = {
                words: new Set([WORDS[next() % WORDS.length]!, WORDS[next() % WORDS.length]!]),
                tags: new Set(TAGS.filter(() => next() % 3 === 0)),
                platform: PLATFORMS[i % 3]!,
                removed: false,
              };
              const urn = urnOf(i, e.platform);
              model.set(urn, e);
              initial.push(mcp(urn, 'datasetProperties', { name: `t${i}`, description: [...e.words].join(' ') }));
              if (e.tags.size)
                initial.push(mcp(urn, 'globalTags', { tags: [...e.tags].map((t) => ({ tag: `urn:li:tag:${t}` })) }));
            }
            await ingest(store, initial);
            for (const batch of batches) {
              const writes: Array<Record<string, unknown>> = [];
              const deletions: string[] = [];
              for (const c of batch) {
                const i = c.i % N;
                const urn = urnOf(i, PLATFORMS[i % 3]!);
                const e = model.get(urn);
                if (!e || deletions.includes(urn)) continue;
                if (c.kind === 'edit') {
                  e.words = new Set(c.words);
                  e.tags = new Set(c.tags);
                  writes.push(mcp(urn, 'datasetProperties', { name: `t${i}`, description: c.words.join(' ') }));
                  writes.push(mcp(urn, 'globalTags', { tags: c.tags.map((t) => ({ tag: `urn:li:tag:${t}` })) }));
                } else if (c.kind === 'delete') {
                  model.delete(urn);
                  deletions.push(urn);
                } else {
                  e.removed = c.kind === 'remove';
                  writes.push(mcp(urn, 'status', { removed: e.removed }));
                }
              }
              // Writes and deletions of a batch land in one transaction, as one write of the store.
              const proposals = writes.map((m) => proposalFromMcp(m));
              if (proposals.length) await ingestProposals({ store, actor: 'urn:li:corpuser:datahub' }, proposals);
              if (deletions.length)
                await store.write((txn) => {
                  for (const u of deletions) txn.deleteEntity(u);
                });
              checkAgainst(store, model);
            }
            checkAgainst(store, model);
            store.reindexSearch();
            checkAgainst(store, model);
          } finally {
            await store.close();
          }
        },
      ),
      { numRuns: 4 },
    );
  });
});

describe('a file indexed under the layout before', () => {
  it('is re-indexed on open, and its tables of one key per posting and per keyword entry are dropped', async () => {
    const path = tempDataPath();
    let store = openCatalog(path);
    await ingest(store, [mcp(urnOf(1, 'hive'), 'datasetProperties', { name: 't1', description: 'alpha bravo' })]);
    await store.close();
    // What the previous layout left: its tables, and its version in the meta table.
    const env = open({ path, compression: false, maxDbs: 32, encoding: 'msgpack' });
    const legacy = ['postings', 'keywords', 'searchKeys', 'searchIds', 'searchUrns'];
    for (const name of legacy) env.openDB(name, {}).putSync(['alpha', 1], [1, 2, 1]);
    env.openDB('meta', {}).putSync('searchIndexVersion', 'search-7:0123456789abcdef');
    await env.close();

    store = openCatalog(path);
    try {
      assert.deepEqual(
        searchEntities(store, { query: 'bravo', count: 10 }).hits.map((h) => h.urn),
        [urnOf(1, 'hive')],
      );
    } finally {
      await store.close();
    }
    const after = open({ path, compression: false, maxDbs: 32, encoding: 'msgpack', readOnly: true });
    try {
      for (const name of legacy)
        assert.equal(after.openDB(name, { create: false } as object), undefined, `${name} is gone`);
    } finally {
      await after.close();
    }
  });
});

describe('columns read back from the schema aspects', () => {
  // Stored documents leave out what schemaMetadata and editableSchemaMetadata give (their columns):
  // an update takes the old columns out by reading those aspects as they were before the write.
  const COLUMNS = ['quartz', 'basalt', 'gneiss', 'marble'];
  const EDITED = ['opal', 'onyx'];
  const COLUMN_TAGS = ['urn:li:tag:col_a', 'urn:li:tag:col_b'];
  const D = 6;
  const op = fc.oneof(
    fc.record({
      kind: fc.constant('schema' as const),
      i: fc.nat(D - 1),
      columns: fc.subarray(COLUMNS),
      tag: fc.option(fc.constantFrom(...COLUMN_TAGS), { nil: undefined }),
    }),
    fc.record({
      kind: fc.constant('edited' as const),
      i: fc.nat(D - 1),
      word: fc.option(fc.constantFrom(...EDITED), { nil: undefined }),
    }),
    fc.record({ kind: fc.constant('dropSchema' as const), i: fc.nat(D - 1) }),
    fc.record({ kind: fc.constant('delete' as const), i: fc.nat(D - 1) }),
  );
  interface Columns {
    columns: string[];
    tag?: string;
    edited?: string;
  }
  const at = (i: number) => urnOf(100 + i, 'hive');
  const stamp = { time: 5, actor: 'urn:li:corpuser:t' };
  const key = { aspectName: 'datasetKey', value: {} };

  it('search, filters and term counts follow every column change, several to one entity in one write included, and a rebuild changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(op, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 5 }),
        async (batches) => {
          const store = openCatalog(tempDataPath());
          try {
            const model = new Map<number, Columns>();
            const check = () => {
              const expect = (has: (c: Columns) => boolean) =>
                [...model]
                  .filter(([, c]) => has(c))
                  .map(([i]) => at(i))
                  .sort();
              const found = (query: string, filters: FilterGroup[] = []) =>
                searchEntities(store, { query, count: 100, filters })
                  .hits.map((h) => h.urn)
                  .sort();
              for (const w of COLUMNS) {
                assert.deepEqual(
                  found(w),
                  expect((c) => c.columns.includes(w)),
                  `column ${w}`,
                );
                assert.equal(
                  store.search.postingCount(terms(w)[0]!),
                  expect((c) => c.columns.includes(w)).length,
                  `postings of ${w}`,
                );
              }
              for (const w of EDITED)
                assert.deepEqual(
                  found(w),
                  expect((c) => c.edited === w),
                  `edited ${w}`,
                );
              for (const t of COLUMN_TAGS) {
                assert.deepEqual(
                  found('*', [[{ field: 'fieldTags', values: [t], condition: 'EQUAL', negated: false }]]),
                  expect((c) => c.tag === t && c.columns.length > 0),
                  `tag ${t}`,
                );
              }
              assert.equal(store.search.stats().docs, model.size);
            };
            for (const batch of batches) {
              await store.write((txn) => {
                for (const o of batch) {
                  const urn = at(o.i);
                  const c = model.get(o.i) ?? { columns: [] };
                  if (o.kind === 'delete') {
                    txn.deleteEntity(urn);
                    model.delete(o.i);
                    continue;
                  }
                  if (o.kind === 'dropSchema') {
                    if (model.has(o.i)) txn.deleteAspect(urn, 'schemaMetadata');
                    if (model.has(o.i)) model.set(o.i, { ...c, columns: [], tag: undefined });
                    continue;
                  }
                  if (o.kind === 'schema') {
                    const fields = o.columns.map((name) => ({
                      fieldPath: name,
                      nativeDataType: 'string',
                      type: { type: { 'com.linkedin.schema.StringType': {} } },
                      ...(o.tag ? { globalTags: { tags: [{ tag: o.tag }] } } : {}),
                    }));
                    const value = {
                      schemaName: 't',
                      platform: 'urn:li:dataPlatform:hive',
                      version: 0,
                      hash: '',
                      platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } },
                      fields,
                    };
                    txn.putAspect({
                      urn,
                      entityType: 'dataset',
                      aspectName: 'schemaMetadata',
                      value,
                      created: stamp,
                      key,
                    });
                    model.set(o.i, { ...c, columns: [...o.columns], tag: o.tag });
                  } else if (o.word === undefined) {
                    if (model.has(o.i)) txn.deleteAspect(urn, 'editableSchemaMetadata');
                    if (model.has(o.i)) model.set(o.i, { ...c, edited: undefined });
                  } else {
                    const value = {
                      editableSchemaFieldInfo: [{ fieldPath: 'any', description: `the ${o.word} column` }],
                    };
                    txn.putAspect({
                      urn,
                      entityType: 'dataset',
                      aspectName: 'editableSchemaMetadata',
                      value,
                      created: stamp,
                      key,
                    });
                    model.set(o.i, { ...c, edited: o.word });
                  }
                }
              });
              check();
            }
            store.reindexSearch();
            check();
          } finally {
            await store.close();
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('a phrase, a column field, a column filter and highlighting read the columns; the stored document does not hold them', async () => {
    const store = openCatalog(tempDataPath());
    try {
      const urn = at(1);
      const field = (fieldPath: string, description: string) => ({
        fieldPath,
        description,
        nativeDataType: 'string',
        type: { type: { 'com.linkedin.schema.StringType': {} } },
      });
      await ingest(store, [
        mcp(urn, 'datasetProperties', { name: 'rocks', description: 'stones' }),
        mcp(urn, 'schemaMetadata', {
          schemaName: 't',
          platform: 'urn:li:dataPlatform:hive',
          version: 0,
          hash: '',
          platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } },
          fields: [field('grain_size', 'median grain size in microns')],
        }),
      ]);
      const id = store.search.idOf(urn)!;
      const stored = store.search.record(id)!.doc as { fields: Record<string, string[]> };
      assert.equal(stored.fields['fieldPaths'], undefined, 'columns are not stored');
      assert.deepEqual(
        (store.search.wholeRecord(id)!.doc as { fields: Record<string, string[]> }).fields['fieldPaths'],
        ['grain_size'],
      );
      const urns = (req: SearchRequest) => searchEntities(store, { count: 10, ...req }).hits.map((h) => h.urn);
      assert.deepEqual(urns({ query: '"grain size in"' }), [urn]);
      assert.deepEqual(urns({ query: 'fieldPaths:grain_size' }), [urn]);
      assert.deepEqual(
        urns({
          query: '*',
          filters: [[{ field: 'fieldDescriptions', condition: 'CONTAIN', values: ['microns'], negated: false }]],
        }),
        [urn],
      );
      assert.deepEqual(
        urns({
          query: '*',
          filters: [[{ field: 'fieldDescriptions', condition: 'CONTAIN', values: ['microns'], negated: true }]],
        }),
        [],
      );
      assert.deepEqual(urns({ query: '*', sort: [{ field: 'fieldPaths', order: 'ASCENDING' }] }), [urn]);
      const hit = searchEntities(store, { query: 'microns', count: 10 }).hits[0]!;
      assert.deepEqual(hit.matchedFields, [{ name: 'fieldDescriptions', value: 'median grain size in microns' }]);
    } finally {
      await store.close();
    }
  });
});

describe('matched fields', () => {
  // Words in names, descriptions, column paths and column descriptions, plurals among them (one
  // term), so a word is often in a column and the stored part at once.
  const VOCABULARY = ['rock', 'rocks', 'stone', 'grain', 'size', 'micron', 'sand'];
  const text = fc.array(fc.constantFrom(...VOCABULARY), { minLength: 1, maxLength: 3 });
  const dataset = fc.record({
    name: text,
    description: fc.option(text, { nil: undefined }),
    columns: fc.array(fc.record({ path: text, description: fc.option(text, { nil: undefined }) }), { maxLength: 3 }),
  });
  const query = fc.oneof(
    fc.constantFrom(...VOCABULARY),
    fc.tuple(fc.constantFrom(...VOCABULARY), fc.constantFrom(...VOCABULARY)).map(([a, b]) => `"${a} ${b}"`),
  );
  const at = (i: number) => urnOf(200 + i, 'hive');
  const WEIGHTED = [...new Map(SEARCH_FIELDS.filter((f) => f.weight > 0).map((f) => [f.field, f])).values()];

  it('are the fields of the whole document holding a query word, columns read only when they may hold one', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(dataset, { minLength: 1, maxLength: 6 }),
        fc.array(query, { minLength: 1, maxLength: 4 }),
        async (datasets, queries) => {
          const store = openCatalog(tempDataPath());
          try {
            const field = (fieldPath: string, description?: string) => ({
              fieldPath,
              ...(description && { description }),
              nativeDataType: 'string',
              type: { type: { 'com.linkedin.schema.StringType': {} } },
            });
            await ingest(
              store,
              datasets.flatMap((d, i) => [
                mcp(at(i), 'datasetProperties', {
                  name: d.name.join(' '),
                  ...(d.description && { description: d.description.join(' ') }),
                }),
                mcp(at(i), 'schemaMetadata', {
                  schemaName: 't',
                  platform: 'urn:li:dataPlatform:hive',
                  version: 0,
                  hash: '',
                  platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } },
                  fields: d.columns.map((c, k) => field(`${c.path.join('_')}_${k}`, c.description?.join(' '))),
                }),
              ]),
            );
            for (const q of queries) {
              const wanted = new Set(
                q
                  .replaceAll('"', '')
                  .split(' ')
                  .flatMap((w) => terms(w)),
              );
              for (const hit of searchEntities(store, { query: q, count: 10, skipAggregates: true }).hits) {
                // The reference: every weighted field of the whole document, each value holding a wanted term.
                const whole = store.search.wholeRecord(store.search.idOf(hit.urn)!)!.doc as {
                  fields: Record<string, string[]>;
                };
                const expected = WEIGHTED.flatMap((f) =>
                  (whole.fields[f.field] ?? [])
                    .filter((v) => terms(f.kind === 'urn' ? urnWords(v) : v).some((t) => wanted.has(t)))
                    .map((value) => ({ name: f.field, value })),
                ).slice(0, 10);
                assert.deepEqual(hit.matchedFields, expected, `${q} in ${hit.urn}`);
              }
            }
          } finally {
            await store.close();
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('the urn keyword', () => {
  it('is answered from the entity ids, never written: exact urn first, urn filters, a deleted entity gone', async () => {
    const path = tempDataPath();
    const store = openCatalog(path);
    const [a, b, c] = [urnOf(1, 'hive'), urnOf(2, 'hive'), urnOf(3, 'kafka')];
    try {
      await ingest(store, [
        mcp(a, 'datasetProperties', { name: 'one', description: `see ${b}` }),
        mcp(b, 'datasetProperties', { name: 'two', description: 'plain' }),
        mcp(c, 'datasetProperties', { name: 'three', description: `see ${b}` }),
      ]);
      const urns = (req: SearchRequest) => searchEntities(store, { count: 10, ...req }).hits.map((h) => h.urn);
      const byUrn = (values: string[], negated = false): FilterGroup[] => [
        [{ field: 'urn', values, condition: 'EQUAL', negated }],
      ];
      assert.deepEqual(urns({ query: b }), [b, a, c], 'the exact urn first, though its own words lack `urn` and `li`');
      assert.deepEqual(urns({ query: b, filters: byUrn([a]) }), [a], 'filters still hold');
      assert.deepEqual(urns({ query: b, types: ['corpuser'] }), [], 'and types');
      assert.deepEqual(urns({ query: '*', filters: byUrn([b, c]) }).sort(), [b, c].sort());
      assert.deepEqual(urns({ query: '*', filters: byUrn([b], true) }).sort(), [a, c].sort());
      assert.deepEqual(
        urns({ query: '*', filters: byUrn(['urn:li:dataset:(urn:li:dataPlatform:hive,nope,PROD)']) }),
        [],
      );
      await store.write((txn) => txn.deleteEntity(b));
      assert.deepEqual(urns({ query: '*', filters: byUrn([b]) }), []);
      assert.deepEqual(
        Array.from(store.search.keywordEntries('urn', 'urn:li:dataset:(urn:li:dataPlatform:hive')).map(([u]) => u),
        [a],
      );
      assert.deepEqual(
        Array.from(store.search.keywordEntriesDescending('urn')).map(([u]) => u),
        [c, a],
      );
    } finally {
      await store.close();
    }
    const env = open({ path, compression: false, maxDbs: 32, readOnly: true });
    try {
      const keys = Array.from(env.openDB('keywordBlocks', { encoding: 'binary' }).getKeys({}) as Iterable<unknown[]>);
      assert.ok(keys.length > 0);
      assert.deepEqual(
        keys.filter((k) => k[0] === 'urn'),
        [],
      );
    } finally {
      await env.close();
    }
  });
});

describe('an entity deleted and created again in one write', () => {
  it('loses the document of its old id and is found by its new content only', async () => {
    const store = openCatalog(tempDataPath());
    try {
      const urn = urnOf(7, 'hive');
      const other = urnOf(8, 'hive');
      await ingest(store, [
        mcp(urn, 'datasetProperties', { name: 't7', description: 'alpha' }),
        mcp(other, 'datasetProperties', { name: 't8', description: 'alpha' }),
      ]);
      const before = store.getEntity(urn)!.id!;
      await store.write((txn) => {
        txn.deleteEntity(urn);
        txn.putAspect({
          urn,
          entityType: 'dataset',
          aspectName: 'datasetProperties',
          value: { name: 't7', description: 'bravo' },
          created: { time: 2, actor: 'urn:li:corpuser:t' },
          key: { aspectName: 'datasetKey', value: {} },
        });
      });
      const after = store.getEntity(urn)!.id!;
      assert.notEqual(after, before, 'ids are never given again');
      const hits = (query: string) => searchEntities(store, { query, count: 10 }).hits.map((h) => h.urn);
      assert.deepEqual(hits('alpha'), [other]);
      assert.deepEqual(hits('bravo'), [urn]);
      assert.equal(store.search.record(before), undefined);
      assert.equal(store.search.stats().docs, 2);
      store.reindexSearch();
      assert.deepEqual([hits('alpha'), hits('bravo'), store.search.stats().docs], [[other], [urn], 2]);
    } finally {
      await store.close();
    }
  });
});

describe('text analysis', () => {
  it('splits ASCII text by one scan exactly as the Unicode rules do (case, letter/digit and punctuation boundaries)', () => {
    const same = (s: string) => assert.deepEqual(wordsOfAscii(s), wordsOfUnicode(s), JSON.stringify(s));
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'aZbY09_ -.HTTPServeruserIdv2E'.split('')), maxLength: 30 }),
        same,
      ),
      { numRuns: 5000 },
    );
    fc.assert(fc.property(fc.string({ unit: 'binary-ascii', maxLength: 30 }), same), { numRuns: 5000 });
    assert.deepEqual(words('fct_users_deleted userId HTTPServer v2Events'), [
      'fct',
      'users',
      'deleted',
      'user',
      'id',
      'http',
      'server',
      'v',
      '2',
      'events',
    ]);
    assert.deepEqual(words('Größe der Tabelle'), ['größe', 'der', 'tabelle'], 'non-ASCII text takes the Unicode rules');
  });
});

describe('term counting while indexing', () => {
  /** What TermCounter must give: terms() of each text, weights summed. */
  const model = (texts: Array<[string, number]>) => {
    const m = new Map<string, number>();
    let length = 0;
    for (const [text, weight] of texts) {
      for (const t of terms(text)) m.set(t, (m.get(t) ?? 0) + weight);
      length += terms(text).length;
    }
    return { terms: [...m].sort(), length };
  };
  const counted = (counter: TermCounter, texts: Array<[string, number]>) => {
    let length = 0;
    for (const [text, weight] of texts) length += counter.add(text, weight);
    return { terms: [...counter.take()].sort(), length };
  };
  // Mixed case, camelCase, digits, punctuation, stemmed and unstemmed words, and some non-ASCII.
  const text = fc.string({
    unit: fc.constantFrom(...'aZbY09_ -.HTTPServeruserIdv2EsingRunnINGé'.split('')),
    maxLength: 40,
  });
  const texts = fc.array(fc.tuple(text, fc.integer({ min: 1, max: 9 })), { maxLength: 12 });
  /** someTermPasses against terms(), over generated wanted terms and texts; ASCII texts ask once per distinct term. */
  const askedOncePerTerm = (numRuns: number) => {
    // A prefix or a whole term, drawn from the same alphabet as the texts.
    const wanted = fc.record({
      term: fc.string({ unit: fc.constantFrom(...'abrunsgiedhtp2e'.split('')), minLength: 1, maxLength: 4 }),
      prefix: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(wanted, { minLength: 1, maxLength: 3 }), fc.array(text, { maxLength: 8 }), (want, list) => {
        const asked = new Map<string, number>();
        const test = (t: string) => {
          asked.set(t, (asked.get(t) ?? 0) + 1);
          return want.some((w) => (w.prefix ? t.startsWith(w.term) : t === w.term));
        };
        const passes = someTermPasses(test);
        for (const t of list)
          assert.equal(
            passes(t),
            terms(t).some((x) => want.some((w) => (w.prefix ? x.startsWith(w.term) : x === w.term))),
            JSON.stringify([want, t]),
          );
        // Non-ASCII texts take terms() and ask again; ASCII ones ask once per term.
        if (list.every((t) => !/[^\p{ASCII}]/u.test(t)))
          for (const [t, n] of asked) assert.equal(n, 1, `asked about ${t} ${n} times`);
      }),
      { numRuns },
    );
  };

  it('gives the terms terms() gives, each weighted by its occurrences, and their count; a counter starts empty after take()', () => {
    const counter = new TermCounter();
    fc.assert(
      fc.property(texts, (list) => {
        assert.deepEqual(counted(counter, list), model(list), JSON.stringify(list));
      }),
      { numRuns: 3000 },
    );
    assert.deepEqual([...counter.take()], []);
    assert.deepEqual(
      counted(counter, [
        ['Running runners RUN', 2],
        ['UserId user_ids', 1],
      ]),
      {
        terms: [
          ['id', 2],
          ['run', 4],
          ['runner', 2],
          ['user', 2],
        ],
        length: 7,
      },
    );
    // Two words of one length with the same 32-bit hash: told apart by their characters, in any case.
    const twins: Array<[string, number]> = [
      ['gxwjqbe', 1],
      ['ENSBCJC Gxwjqbe', 2],
    ];
    assert.deepEqual(counted(counter, twins), model(twins));
    assert.equal(counted(counter, twins).terms.length, 2);
  });

  it('tests texts by their terms as terms() gives them, asking about each distinct term once (matched fields of a search)', () => {
    askedOncePerTerm(2000);
  });

  it('still does once its table of words is full (a catalog of very many distinct words): the words met later take the slow way', () => {
    const counter = new TermCounter();
    // A word the table holds before it fills; later words of the same term find no room.
    counted(counter, [['hyperlinks', 1]]);
    // 140 000 distinct numbers fill the table (it keeps 131 072 words), then the same checks again.
    for (let i = 0; i < 140; i++)
      counted(counter, [[Array.from({ length: 1000 }, (_, k) => `n${i * 1000 + k}`).join(' '), 1]]);
    fc.assert(
      fc.property(texts, (list) => assert.deepEqual(counted(counter, list), model(list))),
      { numRuns: 1000 },
    );
    const late = [['latecomer 140001 unseenword Unseenword', 3]] as Array<[string, number]>;
    assert.deepEqual(counted(counter, late), model(late));
    // A search's test of texts still asks once per distinct term about words the table has no room for.
    const asked = new Map<string, number>();
    const passes = someTermPasses((t) => {
      asked.set(t, (asked.get(t) ?? 0) + 1);
      return t === 'zzlate';
    });
    assert.equal(passes('overflowone overflowtwo Overflowone'), false);
    assert.equal(passes('overflowtwo ZZLATE'), true);
    assert.deepEqual([...asked].sort(), [
      ['overflowon', 1],
      ['overflowtwo', 1],
      ['zzlate', 1],
    ]);
    // Words with no room whose term the table knows through another word: still one question per term.
    asked.clear();
    assert.equal(passes('Hyperlinked hyperlink'), false);
    assert.equal(passes('hyperlinks'), false);
    assert.deepEqual([...asked], [['hyperlink', 1]]);
    const late2 = [['Hyperlinked hyperlink hyperlinks', 2]] as Array<[string, number]>;
    assert.deepEqual(counted(counter, late2), model(late2));
    // And the property of the test above, with most words now past the table.
    askedOncePerTerm(500);
  });
});

describe('analysing a stored document with its derived aspects', () => {
  it('gives what analysing the whole (completed) document gives: repeated, empty and missing column values, tags and terms included', () => {
    const word = fc.constantFrom('orders', 'Order_ID', 'userId', 'amount', '', 'amount');
    const tags = fc.array(fc.record({ tag: fc.constantFrom('urn:li:tag:pii', 'urn:li:tag:gold') }), { maxLength: 2 });
    const column = fc.record(
      {
        fieldPath: word,
        description: fc.option(word, { nil: undefined }),
        label: fc.option(word, { nil: undefined }),
        globalTags: fc.record({ tags }),
        glossaryTerms: fc.record({
          terms: fc.array(
            fc.record({ urn: fc.constantFrom('urn:li:glossaryTerm:Revenue', 'urn:li:glossaryTerm:Pii') }),
            { maxLength: 2 },
          ),
        }),
      },
      { requiredKeys: ['fieldPath'] },
    );
    const edited = fc.record(
      { fieldPath: word, description: fc.option(word, { nil: undefined }), globalTags: fc.record({ tags }) },
      { requiredKeys: ['fieldPath'] },
    );
    const aspects = fc.record(
      {
        datasetProperties: fc.record({ name: word, description: word }),
        // Not a dataset's aspect, but it fills fieldPaths too: a derived field's values once each across aspects.
        schemaFieldKey: fc.record({ fieldPath: word }),
        globalTags: fc.record({ tags }),
        schemaMetadata: fc.record({ fields: fc.array(column, { maxLength: 6 }) }),
        editableSchemaMetadata: fc.record({ editableSchemaFieldInfo: fc.array(edited, { maxLength: 4 }) }),
      },
      { requiredKeys: [] },
    );
    const normal = (index: ReturnType<typeof analyseDocument>) => ({
      terms: [...index.terms].sort(),
      length: index.length,
      keywords: index.keywords.map((k) => k.join('=')).sort(),
      sortKeys: (index.sortKeys ?? []).map((k) => k.join('=')).sort(),
    });
    fc.assert(
      fc.property(aspects, (values) => {
        const all = values as Record<string, unknown>;
        const aspect = (name: string) => all[name];
        const stored = searchDocumentOf(
          'urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)',
          'dataset',
          Object.keys(all),
          aspect,
          () => 7,
        );
        assert.deepEqual(
          normal(analyseDocument(stored, aspect)),
          normal(analyseDocument(completeDocument(stored, aspect))),
        );
      }),
      { numRuns: 1000 },
    );
  });
});

describe('id blocks', () => {
  it("hold what a model of sets holds after random changes (any id order, repeats: the last counts; removals) over several flushes, and count each set's gain", async () => {
    const env = open({ path: tempDataPath() });
    const db = env.openDB('blocks', { encoding: 'binary' });
    const walk = ((_name: string, d: typeof db, range: object) =>
      d.getRange(range)) as unknown as ConstructorParameters<typeof IdBlocks>[4];
    const blocks = new IdBlocks<number>('blocks', db as never, 2, (buf, at, p) => (buf[at + 1] = p), walk);
    const model = new Map<string, Map<number, number>>();
    const change = fc.record({
      set: fc.constantFrom('a', 'b', 'c'),
      id: fc.integer({ min: 0, max: 600 }),
      payload: fc.option(fc.integer({ min: 0, max: 255 }), { nil: null }),
    });
    try {
      fc.assert(
        fc.property(fc.array(fc.array(change, { maxLength: 80 }), { minLength: 1, maxLength: 4 }), (flushes) => {
          for (const list of flushes) {
            const sizes = new Map([...model].map(([k, m]) => [k, m.size]));
            env.transactionSync(() => {
              for (const { set, id, payload } of list) {
                blocks.change(set === 'c' ? ['c', 'd'] : set, id, payload);
                const m = model.get(set) ?? new Map<number, number>();
                if (payload === null) m.delete(id);
                else m.set(id, payload);
                model.set(set, m);
              }
              const deltas = new Map<string, number>();
              blocks.flush((prefix, delta) => deltas.set(prefix[0]!, delta));
              for (const [set, m] of model)
                assert.equal(deltas.get(set) ?? 0, m.size - (sizes.get(set) ?? 0), `gain of ${set}`);
            });
            for (const [set, m] of model) {
              const prefix = set === 'c' ? ['c', 'd'] : [set];
              const entries = [...blocks.blocks(prefix)].flatMap(([base, buf]) =>
                Array.from({ length: buf.length / 2 }, (_, k) => [base + buf[2 * k]!, buf[2 * k + 1]!]),
              );
              assert.deepEqual(
                entries,
                [...m].sort((x, y) => x[0] - y[0]),
                `set ${set}`,
              );
            }
          }
        }),
        { numRuns: 300 },
      );
    } finally {
      await env.close();
    }
  });
});

describe('decoded documents kept per generation', () => {
  it('a read after a write sees the new document; a write transaction reads around the cache, and one that fails leaves it as committed', async () => {
    const store = openCatalog(tempDataPath());
    try {
      const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,cached_doc,PROD)';
      const describe = (description: string) =>
        ingestProposals({ store, actor: 'urn:li:corpuser:t' }, [
          proposalFromMcp(mcp(urn, 'datasetProperties', { name: 'cached_doc', description })),
        ]);
      const phrase = (text: string) => searchEntities(store, { query: `"${text}"`, count: 10 }).hits.map((h) => h.urn);
      await describe('alpha beta');
      // A phrase is checked on the document: this search decodes and keeps it.
      assert.deepEqual(phrase('alpha beta'), [urn]);
      const id = store.search.idOf(urn)!;
      assert.equal(
        (store.search.record(id)!.doc as { fields: Record<string, string[]> }).fields['description']?.[0],
        'alpha beta',
      );
      await describe('gamma delta');
      assert.deepEqual(phrase('alpha beta'), []);
      assert.deepEqual(phrase('gamma delta'), [urn]);
      await assert.rejects(
        store.write((txn) => {
          txn.putAspect({
            urn,
            entityType: 'dataset',
            aspectName: 'datasetProperties',
            value: { name: 'cached_doc', description: 'never committed' },
            created: { time: 1, actor: 'urn:li:corpuser:t' },
            key: { aspectName: 'datasetKey', value: {} },
          });
          store.search.update(
            urn,
            id,
            txn.getEntity(urn),
            (name: string) => txn.getAspect(urn, name)?.value,
            () => 1,
            () => undefined,
          );
          const inside = (store.search.record(id)!.doc as { fields: Record<string, string[]> }).fields[
            'description'
          ]?.[0];
          assert.equal(inside, 'never committed', 'the transaction sees its own document');
          throw new Error('abort');
        }),
        /abort/,
      );
      assert.deepEqual(phrase('never committed'), []);
      assert.deepEqual(phrase('gamma delta'), [urn]);
    } finally {
      await store.close();
    }
  });
});

describe('filter candidates', () => {
  it('the union of ascending id lists is ascending with each id once, as a set sorted would be', () => {
    const list = fc
      .uniqueArray(fc.integer({ min: 1, max: 5000 }), { maxLength: 200 })
      .map((l) => l.sort((a, b) => a - b));
    fc.assert(
      fc.property(fc.array(list, { maxLength: 6 }), (lists) => {
        assert.deepEqual(
          Array.from(mergeAscending(lists)),
          [...new Set(lists.flat())].sort((a, b) => a - b),
        );
      }),
      { numRuns: 2000 },
    );
  });
});
