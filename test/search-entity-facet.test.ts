/**
 * DataHub's legacy `entity` facet (issue 48): its SearchService answers a search across entities with
 * a copy of the `_entityType` facet named `entity` (display name "Type"), last, and DataHub's web app
 * reads it for a tag's "Applied to" counts (its TagStyleEntity: `searchAcrossEntities` with `*`,
 * count 1 and the filter `tags` = the tag; each value links to a search filtered on `_entityType`).
 * Over the whole sample (`--sample`), on a real server on an ephemeral port; the expected counts are
 * worked out from the sample's records, not from the index.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ingestFile } from '../src/cli/commands/ingestRun.ts';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { SAMPLE_MCPS } from '../src/sample/sample.ts';
import { SHOWCASE_URNS as U } from '../src/sample/showcase.ts';
import { startServer, type RunningServer } from '../src/server/server.ts';
import type { Store } from '../src/store/store.ts';
import { tempDataPath, tempDir } from './helpers.ts';

/** The entities the sample tags with `tag` anywhere (their own tags or a column's, as stored or as edited). */
function taggedInSample(tag: string): string[] {
  const out = new Set<string>();
  for (const m of SAMPLE_MCPS)
    if (m['entityUrn'] !== tag && JSON.stringify(m['aspect']).includes(`"tag":"${tag}"`))
      out.add(m['entityUrn'] as string);
  return [...out].sort();
}

const FACETS = 'facets { field displayName aggregations { value count entity { urn } } }';
const SAE = `query($i: SearchAcrossEntitiesInput!) { searchAcrossEntities(input: $i) { total searchResults { entity { urn type } } ${FACETS} } }`;
const SCROLL = `query($i: ScrollAcrossEntitiesInput!) { scrollAcrossEntities(input: $i) { total ${FACETS} } }`;
const AGGREGATE = `query($i: AggregateAcrossEntitiesInput!) { aggregateAcrossEntities(input: $i) { ${FACETS} } }`;
const SEARCH = `query($i: SearchInput!) { search(input: $i) { total ${FACETS} } }`;

type Facet = { field: string; displayName: string; aggregations: Array<{ value: string; count: number }> };
const facet = (facets: Facet[], field: string) => facets.find((f) => f.field === field);
const fields = (facets: Facet[]) => facets.map((f) => f.field);
const withTag = (tag: string) => [{ and: [{ field: 'tags', values: [tag] }] }];

describe("DataHub's legacy `entity` facet over the sample (a tag's Applied to)", () => {
  let store: Store;
  let server: RunningServer;
  const gql = async (query: string, i: Record<string, unknown>): Promise<any> => {
    const res = await fetch(`${server.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables: { i } }),
    });
    const body = (await res.json()) as any;
    assert.equal(body.errors, undefined, JSON.stringify(body.errors));
    return body.data;
  };
  const rest = async (action: string, body: Record<string, unknown>): Promise<any> => {
    const res = await fetch(`${server.url}/entities?action=${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    assert.equal(res.status, 200, await res.clone().text());
    return ((await res.json()) as any).value;
  };

  before(async () => {
    store = openCatalog(tempDataPath());
    await ingestFile(store, undefined);
    server = await startServer({ store, port: 0 });
  });
  after(async () => {
    await server.close();
    await store.close();
  });

  it("answers the tag page's search with `entity` last: each type's count of entities carrying the tag", async () => {
    const tagged = taggedInSample(U.pii);
    assert.ok(tagged.length > 1, 'the sample tags several datasets with PII');
    assert.ok(tagged.every((u) => u.startsWith('urn:li:dataset:')));
    // What the app sends (TagStyleEntity): query *, one result, the tag as an OR filter.
    const got = (await gql(SAE, { query: '*', start: 0, count: 1, orFilters: withTag(U.pii) })).searchAcrossEntities;
    assert.equal(got.total, tagged.length);
    const facets = got.facets as Facet[];
    assert.equal(fields(facets).at(-1), 'entity');
    assert.deepEqual(facet(facets, 'entity'), {
      field: 'entity',
      displayName: 'Type',
      aggregations: [{ value: 'DATASET', count: tagged.length, entity: null }],
    });
    assert.deepEqual(facet(facets, 'entity')!.aggregations, facet(facets, '_entityType')!.aggregations);
  });

  it("a value's link (the tag AND `_entityType` = the value) finds exactly the entities counted", async () => {
    const got = (
      await gql(SAE, {
        query: '*',
        start: 0,
        count: 100,
        orFilters: [
          {
            and: [
              { field: 'tags', values: [U.pii] },
              { field: '_entityType', values: ['DATASET'] },
            ],
          },
        ],
      })
    ).searchAcrossEntities;
    assert.deepEqual(got.searchResults.map((r: any) => r.entity.urn).sort(), taggedInSample(U.pii));
  });

  it('copies `_entityType` on every search across entities: all of them, scroll, aggregate, a query, a page of 0', async () => {
    for (const input of [
      { query: '*' },
      { query: 'orders', count: 0 },
      { query: '*', types: ['DATASET', 'CHART'] },
      { query: '*', orFilters: withTag(U.tier1) },
    ]) {
      const facets = (await gql(SAE, input)).searchAcrossEntities.facets as Facet[];
      const typed = facet(facets, '_entityType')!;
      assert.ok(typed.aggregations.length > 0, JSON.stringify(input));
      assert.deepEqual(facet(facets, 'entity'), { ...typed, field: 'entity' }, JSON.stringify(input));
      assert.equal(fields(facets).at(-1), 'entity');
    }
    const all = (await gql(SAE, { query: '*' })).searchAcrossEntities.facets as Facet[];
    assert.ok(facet(all, 'entity')!.aggregations.length > 3, 'the sample has many entity types');
    const scrolled = (await gql(SCROLL, { query: '*', orFilters: withTag(U.pii) })).scrollAcrossEntities;
    assert.deepEqual(facet(scrolled.facets, 'entity')!.aggregations, [
      { value: 'DATASET', count: taggedInSample(U.pii).length, entity: null },
    ]);
    // aggregateAcrossEntities names its facets: `_entityType` (or `entity`) asked brings `entity`, others do not.
    const agg = async (facets: string[]) =>
      (await gql(AGGREGATE, { query: '*', orFilters: withTag(U.pii), facets })).aggregateAcrossEntities
        .facets as Facet[];
    assert.deepEqual(fields(await agg(['_entityType', 'platform'])), ['_entityType', 'platform', 'entity']);
    assert.deepEqual(fields(await agg(['platform'])), ['platform']);
    // `entity` asked is answered from `_entityType` (DataHub asks its index for that in its place),
    // never from assertions' `entity` field of the same name.
    const asked = await agg(['entity']);
    assert.deepEqual(fields(asked), ['_entityType', 'entity']);
    assert.deepEqual(asked[1]!.aggregations, asked[0]!.aggregations);
  });

  it("with aggregates skipped, counts the types of the page it answers (DataHub's fallback); the single-type search has none", async () => {
    const page = (
      await gql(SAE, {
        query: '*',
        start: 0,
        count: 3,
        types: ['DATASET', 'CHART'],
        searchFlags: { skipAggregates: true },
      })
    ).searchAcrossEntities;
    const byType = new Map<string, number>();
    for (const r of page.searchResults) byType.set(r.entity.type, (byType.get(r.entity.type) ?? 0) + 1);
    assert.deepEqual(fields(page.facets), ['entity']);
    assert.deepEqual(
      Object.fromEntries(page.facets[0].aggregations.map((a: any) => [a.value, a.count])),
      Object.fromEntries(byType),
    );
    // DataHub's `search` (one type) reads its index directly: no legacy facet.
    const single = (await gql(SEARCH, { type: 'DATASET', query: '*', orFilters: withTag(U.pii) })).search;
    assert.equal(single.total, taggedInSample(U.pii).length);
    assert.equal(facet(single.facets, 'entity'), undefined);
    assert.ok(facet(single.facets, '_entityType'));
  });

  it('counts each type apart once the tag is on other types too, the most first', async () => {
    const file = join(tempDir(), 'tagged.json');
    const tags = { tags: [{ tag: U.pii }] };
    writeFileSync(
      file,
      JSON.stringify(
        [U.revenueChart, U.countryChart, U.salesDashboard].map((urn) => ({
          entityType: urn.split(':')[2],
          entityUrn: urn,
          changeType: 'UPSERT',
          aspectName: 'globalTags',
          aspect: { json: tags },
        })),
      ),
    );
    await ingestFile(store, file);
    const got = (await gql(SAE, { query: '*', start: 0, count: 1, orFilters: withTag(U.pii) })).searchAcrossEntities;
    assert.deepEqual(
      facet(got.facets, 'entity')!.aggregations.map((a: any) => [a.value, a.count]),
      [
        ['DATASET', taggedInSample(U.pii).length],
        ['CHART', 2],
        ['DASHBOARD', 1],
      ],
    );
  });

  it('Rest.li: searchAcrossEntities and scrollAcrossEntities carry `entity` (type names as indexed); `search` does not', async () => {
    const filter = { or: [{ and: [{ field: 'tags', values: [U.pii], condition: 'EQUAL' }] }] };
    for (const action of ['searchAcrossEntities', 'scrollAcrossEntities']) {
      const aggs = (await rest(action, { input: '*', entities: [], filter, count: 1 })).metadata.aggregations as any[];
      const typed = aggs.find((a) => a.name === '_entityType');
      const legacy = aggs.at(-1);
      assert.equal(legacy.name, 'entity', action);
      assert.deepEqual(legacy, { ...typed, name: 'entity' }, action);
      assert.ok(Object.keys(legacy.aggregations).includes('dataset'), JSON.stringify(legacy.aggregations));
    }
    const single = (await rest('search', { input: '*', entity: 'dataset', filter, count: 1 })).metadata
      .aggregations as any[];
    assert.equal(
      single.find((a) => a.name === 'entity'),
      undefined,
    );
  });

  it("an `entity` filter stays the index field (assertions' asserted entity), as in DataHub: no type filter", async () => {
    // DataHub's server translates no legacy `entity` criterion; the app turns one in its address into `_entityType`.
    const got = (await gql(SAE, { query: '*', orFilters: [{ and: [{ field: 'entity', values: ['DATASET'] }] }] }))
      .searchAcrossEntities;
    assert.equal(got.total, 0);
  });
});
