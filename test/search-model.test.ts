// Search answers against a model of the catalog (issue 14), on a catalog large enough for every
// path a search can take: common words held by most documents (their postings and scores kept for
// the index's generation), filters far more selective than the word (each candidate found by
// galloping through the word's postings), facets over matches spread across several facet column
// chunks, score ties in the thousands (ordered by urn), other entity types holding the same words,
// and writes between searches (nothing kept from an older generation may answer a newer one).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { proposalFromMcp } from '../src/model/mcp.ts';
import { ingestProposals } from '../src/ops/ingest/ingestProposals.ts';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { Scratch } from '../src/search/scratch.ts';
import { searchEntities } from '../src/ops/search/search.ts';
import type { Criterion, SearchHit, SearchRequest } from '../src/ops/search/types.ts';
import type { Store } from '../src/store/store.ts';
import { mcp, tempDataPath } from './helpers.ts';

/** Words whose index terms are themselves (no stemming to account for in the model). */
// gamma and gammon: a prefix of two common completions (scored over an array of every id); alpha and
// the rare alphabet: a prefix one completion dominates (merged without one).
const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'gammon'];
const TAGS = ['urn:li:tag:common', 'urn:li:tag:half', 'urn:li:tag:rare'];
const N = 2600;

interface Doc {
  urn: string;
  type: 'dataset' | 'tag';
  words: string[];
  tags: string[];
  /** Soft-deleted: found by no search (none here asks for them). */
  removed?: boolean;
}

// Urns in another order than the ids the datasets get (ingest order), so ties ordered by id would show.
const datasetUrn = (i: number) =>
  `urn:li:dataset:(urn:li:dataPlatform:hive,model.t${String((i * 7919) % N).padStart(5, '0')},PROD)`;

/** The description of a document: its words, repeated as generated (term frequencies vary). */
const describe_ = (words: string[]) => words.join(' ');

function datasetMcps(d: Doc): Array<Record<string, unknown>> {
  return [
    mcp(d.urn, 'datasetProperties', {
      name: d.urn.slice(d.urn.indexOf('model.') + 6, -6),
      description: describe_(d.words),
      customProperties: {},
    }),
    mcp(d.urn, 'globalTags', { tags: d.tags.map((tag) => ({ tag })) }),
    mcp(d.urn, 'status', { removed: d.removed === true }),
  ];
}

/** Does `doc` hold every word of the query (the last one as a prefix when it ends in `*`)? */
function holds(doc: Doc, query: string): boolean {
  return query
    .split(' ')
    .every((w) => (w.endsWith('*') ? doc.words.some((x) => x.startsWith(w.slice(0, -1))) : doc.words.includes(w)));
}

function passes(doc: Doc, filter: Criterion | undefined): boolean {
  if (!filter) return true;
  const has = filter.values.some((v) => doc.tags.includes(v));
  return filter.negated ? !has : has;
}

/** Scores never rise down the list, and equal scores are in urn order. */
function assertOrdered(hits: SearchHit[], what: string): void {
  for (let i = 1; i < hits.length; i++) {
    const [a, b] = [hits[i - 1]!, hits[i]!];
    assert.ok(
      a.score > b.score || (a.score === b.score && a.urn < b.urn),
      `${what}: ${a.urn} (${a.score}) before ${b.urn} (${b.score})`,
    );
  }
}

describe('search against a model of the catalog', () => {
  let store: Store;
  const docs = new Map<string, Doc>();
  const ingest = (mcps: Array<Record<string, unknown>>) =>
    ingestProposals(
      { store, actor: 'urn:li:corpuser:datahub' },
      mcps.map((m) => proposalFromMcp(m)),
    );

  before(async () => {
    store = openCatalog(tempDataPath());
    const random = fc.sample(
      fc.tuple(fc.array(fc.constantFrom(...WORDS, ...WORDS.slice(0, 2)), { minLength: 1, maxLength: 4 }), fc.nat(99)),
      { numRuns: N, seed: 14 },
    );
    const mcps: Array<Record<string, unknown>> = [];
    random.forEach(([words, r], i) => {
      // Most hold alpha once; about half hold tag "half"; 10 % hold tag "rare" (few enough to gallop through alpha's postings).
      const doc: Doc = {
        urn: datasetUrn(i),
        type: 'dataset',
        words: [...(r < 90 ? ['alpha', ...words] : words), ...(r % 50 === 7 ? ['alphabet'] : [])],
        tags: [TAGS[0]!, ...(r % 2 ? [TAGS[1]!] : []), ...(r < 10 ? [TAGS[2]!] : [])],
      };
      docs.set(doc.urn, doc);
      mcps.push(...datasetMcps(doc));
    });
    // Entities of another type holding the same words: found with no type given, not with `dataset`.
    for (let i = 0; i < 30; i++) {
      const doc: Doc = {
        urn: `urn:li:tag:other${i}`,
        type: 'tag',
        words: [WORDS[i % WORDS.length]!, 'alpha'],
        tags: [],
      };
      docs.set(doc.urn, doc);
      mcps.push(mcp(doc.urn, 'tagProperties', { name: `other${i}`, description: describe_(doc.words) }));
    }
    for (const tag of TAGS) mcps.push(mcp(tag, 'tagProperties', { name: tag.slice(11) }));
    // The last entity written holds a rare completion of alp* and not alpha: after alpha's last posting.
    const tail: Doc = {
      urn: 'urn:li:dataset:(urn:li:dataPlatform:hive,model.tail,PROD)',
      type: 'dataset',
      words: ['alphabet', 'beta'],
      tags: [TAGS[0]!],
    };
    docs.set(tail.urn, tail);
    mcps.push(...datasetMcps(tail));
    await ingest(mcps);
  });
  after(() => store.close());

  const queryArb = fc.oneof(
    fc.constantFrom(...WORDS, 'alphabet'),
    fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...WORDS)).map(([a, b]) => `${a} ${b}`),
    fc.constantFrom('alp*', 'del*', 'eps*', 'gam*', 'beta alp*'),
  );
  const filterArb = fc.option(
    fc
      .record({ tag: fc.constantFrom(...TAGS), negated: fc.boolean() })
      .map(({ tag, negated }): Criterion => ({ field: 'tags', values: [tag], condition: 'EQUAL', negated })),
    { nil: undefined },
  );
  // A write between searches: a dataset's words and tags changed, or it soft-deleted or back.
  const writeArb = fc.option(
    fc.record({
      i: fc.nat(N - 1),
      words: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }),
      tags: fc.subarray(TAGS),
      removed: fc.boolean(),
    }),
    { nil: undefined },
  );

  it('a common word answers the same before and after its postings are ordered by score (after 32 pages in one generation)', () => {
    for (const query of ['alpha', 'beta']) {
      const request: SearchRequest = { query, count: 7, skipAggregates: true };
      const pages = (): string[][] => {
        const out: string[][] = [];
        let scrollId: string | null | undefined;
        for (let p = 0; p < 4; p++) {
          const page = searchEntities(store, { ...request, scrollId });
          out.push(page.hits.map((h) => `${h.urn} ${h.score}`));
          scrollId = page.nextScrollId;
        }
        out.push(searchEntities(store, { ...request, start: 50, count: 30 }).hits.map((h) => `${h.urn} ${h.score}`));
        return out;
      };
      const first = pages();
      assert.equal(first[0]!.length, 7);
      for (let i = 0; i < 12; i++) assert.deepEqual(pages(), first, `${query}, round ${i}`);
    }
  });

  it('totals, order, pages, facets and scores agree with the model, with writes in between (150 runs)', async () => {
    await fc.assert(
      fc.asyncProperty(
        queryArb,
        filterArb,
        fc.boolean(),
        fc.integer({ min: 1, max: 40 }),
        writeArb,
        async (query, filter, datasetsOnly, count, write) => {
          if (write) {
            const doc: Doc = {
              urn: datasetUrn(write.i),
              type: 'dataset',
              words: write.words,
              tags: write.tags,
              removed: write.removed,
            };
            docs.set(doc.urn, doc);
            await ingest(datasetMcps(doc));
          }
          const types = datasetsOnly ? ['dataset'] : undefined;
          const filters = filter ? [[filter]] : undefined;
          const expected = [...docs.values()].filter(
            (d) => !d.removed && (!datasetsOnly || d.type === 'dataset') && holds(d, query) && passes(d, filter),
          );
          const request: SearchRequest = {
            query,
            types,
            filters,
            count: 10_000,
            facets: ['tags', 'platform'],
            maxAggValues: 50,
          };
          const all = searchEntities(store, request);
          assert.equal(all.total, expected.length, 'total');
          assert.deepEqual(all.hits.map((h) => h.urn).sort(), expected.map((d) => d.urn).sort(), 'the matches');
          assertOrdered(all.hits, query);
          // Facets over the matches: each tag's count among them.
          const counted = new Map(all.facets.find((f) => f.field === 'tags')!.values.map((v) => [v.value, v.count]));
          for (const tag of TAGS) {
            const n = expected.filter((d) => d.tags.includes(tag)).length;
            if (n > 0 || counted.has(tag)) assert.equal(counted.get(tag) ?? 0, n, `facet ${tag}`);
          }
          // Every dataset is on one platform (the tags of the other type have none).
          const platform = all.facets.find((f) => f.field === 'platform')!.values;
          const datasets = expected.filter((d) => d.type === 'dataset').length;
          assert.deepEqual(
            platform,
            datasets > 0 ? [{ value: 'urn:li:dataPlatform:hive', count: datasets }] : [],
            'facet platform',
          );
          // A page is the same slice of the order, by offset and by scroll id.
          const start = Math.min(all.total, (count * 7) % (all.total + 1));
          const page = searchEntities(store, { ...request, start, count, skipAggregates: true });
          assert.deepEqual(
            page.hits.map((h) => h.urn),
            all.hits.slice(start, start + count).map((h) => h.urn),
            `page at ${start}`,
          );
          const first = searchEntities(store, { ...request, count, skipAggregates: true });
          if (first.nextScrollId) {
            const next = searchEntities(store, {
              ...request,
              count,
              scrollId: first.nextScrollId,
              skipAggregates: true,
            });
            assert.deepEqual(
              next.hits.map((h) => h.urn),
              all.hits.slice(count, 2 * count).map((h) => h.urn),
              'second scroll page',
            );
          }
          // A document scores the same whatever else the request asks: filtered, typed or not.
          const unfiltered = new Map(
            searchEntities(store, { query, count: 10_000, skipAggregates: true }).hits.map((h) => [h.urn, h.score]),
          );
          for (const h of all.hits) assert.equal(h.score, unfiltered.get(h.urn), `score of ${h.urn}`);
          // A completion of a prefix counts 0.8 of the whole word (the same postings, scored two ways).
          if (query === 'alp*') {
            const whole = new Map(
              searchEntities(store, { query: 'alpha', count: 10_000, skipAggregates: true }).hits.map((h) => [
                h.urn,
                h.score,
              ]),
            );
            for (const h of all.hits) {
              // (one holding alphabet too scores the better of its two completions)
              if (docs.get(h.urn)!.words.includes('alphabet')) continue;
              assert.ok(Math.abs(h.score - 0.8 * whole.get(h.urn)!) < 1e-9 * h.score, `alp* score of ${h.urn}`);
            }
          }
        },
      ),
      { numRuns: 150, seed: 1411 },
    );
  });
});

describe('scratch arrays of a search', () => {
  it('come back zeroed when asked, of the length asked, and are reused after release', () => {
    const one = new Scratch();
    const a = one.f64(5000);
    a.fill(7);
    const ids = one.u32(5000);
    assert.equal(ids.length, 5000);
    one.release();
    const two = new Scratch();
    const b = two.f64(5000, true);
    assert.equal(b.length, 5000);
    assert.equal(b.buffer, a.buffer, 'the released array is taken again');
    assert.ok(b.every((x) => x === 0));
    const c = two.f64(5000);
    assert.notEqual(c.buffer, b.buffer, 'an array taken is not handed out twice');
    two.release();
  });
});
