// Search over the index kept in the data file (issue 14, docs/datahub/discovery.md §2): result sets and
// order for text, column names, prefixes, phrases and field terms; DataHub's filters with negation
// and conditions; facets with counts; paging by offset and by scroll id; autocomplete and browse;
// soft-deleted entities hidden; writes visible in the next search; reindex equal to incremental
// maintenance; and clear errors for bad requests.
import assert from 'node:assert/strict';
import { writeAspect } from '../src/ops/core/writeAspect.ts';
import { after, before, describe, it } from 'node:test';
import { proposalFromMcp } from '../src/model/mcp.ts';
import { ingestProposals } from '../src/ops/ingest/ingestProposals.ts';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { searchEntities } from '../src/ops/search/search.ts';
import type { Store } from '../src/store/store.ts';
import { S, startSampleServer, type GqlServer } from './graphql-helpers.ts';
import { SAMPLE_MCPS } from '../src/sample/sample.ts';
import { SHOWCASE_URNS as SC } from '../src/sample/showcase.ts';
import { mcp, runCli, serveCatalog, tempDataPath, writeTemp } from './helpers.ts';

const SEARCH = `query s($i: SearchAcrossEntitiesInput!) { searchAcrossEntities(input: $i) {
  start count total searchResults { entity { urn type } matchedFields { name value } }
  facets { field displayName aggregations { value count entity { urn type } } } } }`;
const SCROLL = `query s($i: ScrollAcrossEntitiesInput!) { scrollAcrossEntities(input: $i) { nextScrollId count total searchResults { entity { urn } } } }`;

const ingest = (store: Store, mcps: Array<Record<string, unknown>>) =>
  ingestProposals(
    { store, actor: 'urn:li:corpuser:datahub' },
    mcps.map((m) => proposalFromMcp(m)),
  );

describe('search over GraphQL on the sample', () => {
  let s: GqlServer;
  before(async () => {
    s = await startSampleServer();
  });
  after(() => s.close());

  const search = async (input: Record<string, unknown>) => {
    const r = await s.gql(SEARCH, { i: { query: '*', ...input } });
    assert.equal(r.body.errors, undefined, JSON.stringify(r.body.errors));
    return r.body.data.searchAcrossEntities;
  };
  const urns = async (input: Record<string, unknown>) =>
    (await search(input)).searchResults.map((r: any) => r.entity.urn);
  const fails = async (doc: string, variables: Record<string, unknown>) => {
    const r = await s.gql(doc, variables);
    assert.ok(r.body.errors?.length, `expected an error, got ${JSON.stringify(r.body)}`);
    assert.notEqual(r.status, 500);
    return r.body.errors[0];
  };

  it('finds datasets by a word of their name, description or columns, stemmed, best match first', async () => {
    assert.deepEqual(
      (await urns({ query: 'users', types: ['DATASET'] })).sort(),
      [S.usersCreated, S.usersDeleted].sort(),
    );
    // "deleted" is in one name; the other mentions no deletion anywhere.
    assert.deepEqual(await urns({ query: 'deleted' }), [S.usersDeleted]);
    // A column name (fieldPaths) finds its dataset first; the other one only has both words in prose.
    const byColumn = await search({ query: 'user_name' });
    assert.deepEqual(
      byColumn.searchResults.map((r: any) => r.entity.urn),
      [S.usersCreated, S.usersDeleted],
    );
    assert.ok(
      byColumn.searchResults[0].matchedFields.some((m: any) => m.name === 'fieldPaths' && m.value === 'user_name'),
    );
  });

  it('ranks an exact name first, then other matches', async () => {
    const found = await urns({ query: 'SampleHiveDataset' });
    assert.equal(found[0], S.hiveSample);
    const exact = await urns({ query: 'fct_users_created' });
    assert.deepEqual(exact, [S.usersCreated]);
  });

  it('understands prefixes, quoted phrases, field terms and * for everything', async () => {
    assert.deepEqual(
      (await urns({ query: 'Sample*', types: ['DATASET'] })).sort(),
      [S.hdfsSample, S.hiveSample, S.kafkaSample].sort(),
    );
    assert.deepEqual(await urns({ query: '"users deleted"' }), [S.usersDeleted]);
    assert.deepEqual(await urns({ query: '"deleted users"' }), [], 'a phrase keeps its word order');
    assert.deepEqual(await urns({ query: 'platform:kafka' }), [S.kafkaSample]);
    assert.deepEqual((await urns({ query: 'users platform:hive' })).sort(), [S.usersCreated, S.usersDeleted].sort());
    const all = await search({ query: '*', searchFlags: { skipAggregates: true } });
    assert.equal(all.total, 9, 'five datasets, two users, a group and a tag');
    assert.deepEqual(all.searchResults[0].matchedFields, [], '* highlights nothing');
  });

  it('answers score, the fields fetchExtraFields names (as JSON), and lastIngested as the clients read them', async () => {
    const r =
      await s.gql(`{ searchAcrossEntities(input: { query: "fct_users_deleted", searchFlags: { fetchExtraFields: ["platform", "fieldPaths", "nosuch"] } }) {
      searchResults { score extraProperties { name value } entity { urn ... on Dataset { lastIngested } } } } }`);
    assert.equal(r.body.errors, undefined, JSON.stringify(r.body.errors));
    const [hit] = r.body.data.searchAcrossEntities.searchResults;
    assert.equal(hit.entity.urn, S.usersDeleted);
    assert.ok(hit.score >= 1000, 'an exact name match scores above any word match');
    assert.deepEqual(hit.extraProperties[0], { name: 'platform', value: '"urn:li:dataPlatform:hive"' });
    assert.equal(hit.extraProperties[1].name, 'fieldPaths');
    assert.ok(JSON.parse(hit.extraProperties[1].value).includes('deletion_reason'));
    assert.equal(hit.extraProperties.length, 2, 'a field the document does not hold is left out');
    const stored = Math.max(
      ...s.store
        .getEntity(S.usersDeleted)!
        .aspects.map((a) => s.store.getAspect(S.usersDeleted, a)!.systemMetadata!['lastObserved'] as number),
    );
    assert.equal(hit.entity.lastIngested, stored);
  });

  it('sorts by lastModifiedAt: the entity written last comes first, in the listing and in a filtered search', async () => {
    const sort = { sortCriteria: [{ field: 'lastModifiedAt', sortOrder: 'DESCENDING' }] };
    const before = await search({ sortInput: sort, searchFlags: { skipAggregates: true } });
    assert.equal(before.searchResults.length, Math.min(10, before.total), 'a page of the listing');
    const edited = await s.gql(
      `mutation { updateDescription(input: { description: "now", resourceUrn: "${S.hdfsSample}" }) }`,
    );
    assert.equal(edited.body.errors, undefined, JSON.stringify(edited.body.errors));
    assert.equal(
      (await urns({ sortInput: sort }))[0],
      S.hdfsSample,
      'the listing walks the index from the latest change',
    );
    assert.equal(
      (
        await urns({
          types: ['DATASET'],
          sortInput: sort,
          orFilters: [{ and: [{ field: 'origin', values: ['PROD'] }] }],
        })
      )[0],
      S.hdfsSample,
    );
    const oldest = await urns({
      types: ['DATASET'],
      sortInput: { sortCriteria: [{ field: 'lastModifiedAt', sortOrder: 'ASCENDING' }] },
    });
    assert.equal(oldest[oldest.length - 1], S.hdfsSample);
  });

  it('understands OR between alternatives and the singular field names of the query string (/q kafka OR hdfs, /q tag:Legacy)', async () => {
    assert.deepEqual((await urns({ query: '/q kafka OR hdfs' })).sort(), [S.hdfsSample, S.kafkaSample].sort());
    assert.deepEqual(
      (await urns({ query: 'deleted || SampleKafkaDataset' })).sort(),
      [S.kafkaSample, S.usersDeleted].sort(),
    );
    assert.deepEqual(await urns({ query: '/q tag:Legacy' }), await urns({ query: 'tags:Legacy' }));
    assert.ok((await urns({ query: '/q tag:Legacy' })).length > 0);
  });

  it("a filtered _entityType value with hits is counted once, in the facet's own spelling (DATASET)", async () => {
    const r = await search({
      types: ['DATASET'],
      orFilters: [
        {
          and: [
            { field: '_entityType', condition: 'EQUAL', values: ['DATASET'] },
            { field: 'platform.keyword', values: ['urn:li:dataPlatform:kafka'] },
          ],
        },
      ],
    });
    assert.deepEqual(
      r.facets.find((f: any) => f.field === '_entityType').aggregations.map((a: any) => [a.value, a.count]),
      [['DATASET', 1]],
    );
    const none = await search({
      types: ['DATASET'],
      orFilters: [{ and: [{ field: '_entityType', values: ['CHART'] }] }],
    });
    assert.deepEqual(
      none.facets.find((f: any) => f.field === '_entityType').aggregations.map((a: any) => [a.value, a.count]),
      [['CHART', 0]],
    );
  });

  it("applies DataHub's filters: platform.keyword, owners, _entityType spellings, negation, CONTAIN, START_WITH, EXISTS", async () => {
    const hive = { field: 'platform.keyword', values: ['urn:li:dataPlatform:hive'], condition: 'EQUAL' };
    assert.deepEqual(
      (await urns({ orFilters: [{ and: [hive] }] })).sort(),
      [S.hiveSample, S.usersCreated, S.usersDeleted].sort(),
    );
    assert.deepEqual(
      (
        await urns({
          orFilters: [
            {
              and: [
                { ...hive, negated: true },
                { field: '_entityType', values: ['DATASET'] },
              ],
            },
          ],
        })
      ).sort(),
      [S.hdfsSample, S.kafkaSample].sort(),
    );
    assert.deepEqual(
      (await urns({ orFilters: [{ and: [{ field: '_entityType', values: ['corp_user'] }] }] })).sort(),
      [S.datahub, S.jdoe].sort(),
    );
    assert.deepEqual(
      await urns({ orFilters: [{ and: [{ field: 'name', values: ['users_del'], condition: 'CONTAIN' }] }] }),
      [S.usersDeleted],
    );
    assert.deepEqual(
      (await urns({ orFilters: [{ and: [{ field: 'name', values: ['fct_'], condition: 'START_WITH' }] }] })).sort(),
      [S.usersCreated, S.usersDeleted],
    );
    const tagged = await urns({ orFilters: [{ and: [{ field: 'tags', values: [S.legacy] }] }] });
    assert.ok(tagged.length > 0 && tagged.every((u: string) => u.startsWith('urn:li:dataset:')));
    const withTags = await urns({ orFilters: [{ and: [{ field: 'tags', condition: 'EXISTS' }] }] });
    assert.deepEqual(withTags.sort(), tagged.sort());
    // Groups are OR-ed; `filters` is ignored beside `orFilters`.
    const either = await urns({
      orFilters: [
        { and: [{ field: 'platform', values: ['urn:li:dataPlatform:kafka'] }] },
        { and: [{ field: 'platform', values: ['urn:li:dataPlatform:hdfs'] }] },
      ],
      filters: [hive],
    });
    assert.deepEqual(either.sort(), [S.hdfsSample, S.kafkaSample].sort());
    // The deprecated single `value`, used when `values` is null.
    assert.deepEqual(await urns({ filters: [{ field: 'platform', value: 'urn:li:dataPlatform:kafka' }] }), [
      S.kafkaSample,
    ]);
    // A criterion with no values is dropped, as DataHub drops it.
    assert.equal((await search({ orFilters: [{ and: [{ field: 'platform', values: [] }] }] })).total, 9);
  });

  it('a view narrows a search to its entity types and ANDs its filter; an unknown view is skipped, as DataHub skips it', async () => {
    const VIEW = 'urn:li:dataHubView:hive-datasets';
    await s.store.write((txn) =>
      writeAspect(txn, { actor: S.datahub, time: 1 }, VIEW, 'dataHubViewInfo', {
        name: 'Hive datasets',
        type: 'GLOBAL',
        definition: {
          entityTypes: ['dataset', 'chart'],
          filter: { or: [{ and: [{ field: 'platform', values: ['urn:li:dataPlatform:hive'], condition: 'EQUAL' }] }] },
        },
        created: { actor: S.datahub, time: 1 },
        lastModified: { actor: S.datahub, time: 1 },
      }),
    );
    const hive = [S.hiveSample, S.usersCreated, S.usersDeleted].sort();
    assert.deepEqual((await urns({ viewUrn: VIEW, count: 50 })).sort(), hive);
    // The request's own filter still applies, within the view.
    assert.deepEqual(
      await urns({ viewUrn: VIEW, orFilters: [{ and: [{ field: 'name', values: ['fct_users_created'] }] }] }),
      [S.usersCreated],
    );
    // Types in common: datasets only; none in common: nothing.
    assert.equal((await search({ viewUrn: VIEW, types: ['DATASET', 'CORP_USER'] })).total, 3);
    assert.deepEqual(await search({ viewUrn: VIEW, types: ['CORP_USER'] }).then((r) => [r.total, r.searchResults]), [
      0,
      [],
    ]);
    assert.equal((await search({ viewUrn: 'urn:li:dataHubView:nope' })).total, 9);
  });

  it('filters by a urn of any length (a dataset urn is longer than the 62 characters lmdb writes raw)', async () => {
    assert.ok(S.kafkaSample.length > 62);
    assert.deepEqual(await urns({ orFilters: [{ and: [{ field: 'urn', values: [S.kafkaSample] }] }] }), [
      S.kafkaSample,
    ]);
    assert.deepEqual(
      (await urns({ orFilters: [{ and: [{ field: 'urn', values: [S.kafkaSample, S.hdfsSample] }] }] })).sort(),
      [S.hdfsSample, S.kafkaSample].sort(),
    );
  });

  it('counts facets over every match, with the value entities resolved and _entityType as the enum', async () => {
    const r = await search({ types: ['DATASET'] });
    const facet = (name: string) => r.facets.find((f: any) => f.field === name);
    assert.deepEqual(
      facet('platform').aggregations.map((a: any) => [a.value, a.count, a.entity?.type]),
      [
        ['urn:li:dataPlatform:hive', 3, 'DATA_PLATFORM'],
        ['urn:li:dataPlatform:hdfs', 1, 'DATA_PLATFORM'],
        ['urn:li:dataPlatform:kafka', 1, 'DATA_PLATFORM'],
      ],
    );
    assert.equal(facet('platform').displayName, 'Platform');
    assert.deepEqual(
      facet('_entityType').aggregations.map((a: any) => [a.value, a.count]),
      [['DATASET', 5]],
    );
    assert.deepEqual(facet('owners').aggregations[0], {
      value: S.jdoe,
      count: 5,
      entity: { urn: S.jdoe, type: 'CORP_USER' },
    });
    // maxAggValues caps each facet; a filtered value with no hits is still listed, with 0.
    const capped = await search({
      types: ['DATASET'],
      searchFlags: { maxAggValues: 1 },
      orFilters: [
        { and: [{ field: 'platform', values: ['urn:li:dataPlatform:hive', 'urn:li:dataPlatform:nowhere'] }] },
      ],
    });
    const platform = capped.facets.find((f: any) => f.field === 'platform');
    assert.deepEqual(
      platform.aggregations.map((a: any) => [a.value, a.count]),
      [['urn:li:dataPlatform:hive', 3]],
    );
    const agg = await s.gql(
      `{ aggregateAcrossEntities(input: { query: "*", facets: ["platform", "_entityType"], orFilters: [{ and: [{ field: "platform", values: ["urn:li:dataPlatform:nowhere"] }] }] }) { facets { field aggregations { value count } } } }`,
    );
    assert.deepEqual(agg.body.data.aggregateAcrossEntities.facets, [
      { field: 'platform', aggregations: [{ value: 'urn:li:dataPlatform:nowhere', count: 0 }] },
      { field: '_entityType', aggregations: [] },
      // `_entityType` asked brings DataHub's legacy copy of it (test/search-entity-facet.test.ts).
      { field: 'entity', aggregations: [] },
    ]);
  });

  it('hides soft-deleted entities unless asked for, or unless a filter on removed decides', async () => {
    const del = await s.gql(
      `mutation { batchUpdateSoftDeleted(input: { urns: ["${S.kafkaSample}"], deleted: true }) }`,
    );
    assert.equal(del.body.errors, undefined, JSON.stringify(del.body.errors));
    try {
      assert.ok(!(await urns({ query: 'SampleKafkaDataset' })).includes(S.kafkaSample));
      assert.deepEqual(await urns({ query: 'SampleKafkaDataset', searchFlags: { includeSoftDeleted: true } }), [
        S.kafkaSample,
      ]);
      assert.deepEqual(await urns({ orFilters: [{ and: [{ field: 'removed', values: ['true'] }] }] }), [S.kafkaSample]);
      // The SDK's default filter (removed=true negated) shows the rest.
      const live = await search({ orFilters: [{ and: [{ field: 'removed', values: ['true'], negated: true }] }] });
      assert.equal(live.total, 8);
    } finally {
      await s.gql(`mutation { batchUpdateSoftDeleted(input: { urns: ["${S.kafkaSample}"], deleted: false }) }`);
    }
  });

  it('sees a GraphQL write and a REST ingest in the very next search', async () => {
    const tag = await s.gql(
      `mutation { addTag(input: { tagUrn: "urn:li:tag:Legacy", resourceUrn: "${S.kafkaSample}" }) }`,
    );
    assert.equal(tag.body.errors, undefined, JSON.stringify(tag.body.errors));
    assert.ok((await urns({ orFilters: [{ and: [{ field: 'tags', values: [S.legacy] }] }] })).includes(S.kafkaSample));
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,analytics.orders_fresh,PROD)';
    const res = await fetch(`${s.server.url}/aspects?action=ingestProposal`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        proposal: {
          entityType: 'dataset',
          entityUrn: urn,
          changeType: 'UPSERT',
          aspectName: 'datasetProperties',
          aspect: {
            contentType: 'application/json',
            value: JSON.stringify({
              name: 'orders_fresh',
              description: 'Freshly ingested orders',
              customProperties: {},
            }),
          },
        },
      }),
    });
    assert.equal(res.status, 200, await res.text());
    assert.deepEqual(await urns({ query: 'orders' }), [urn]);
    assert.deepEqual(
      await urns({
        query: '*',
        orFilters: [{ and: [{ field: 'platform', values: ['urn:li:dataPlatform:snowflake'] }] }],
      }),
      [urn],
    );
  });

  it('completes a prefix with entity names, names that start with it first', async () => {
    const r = await s.gql(
      `{ autoComplete(input: { type: DATASET, query: "fct_users_d" }) { query suggestions entities { urn } } }`,
    );
    assert.deepEqual(r.body.data.autoComplete, {
      query: 'fct_users_d',
      suggestions: ['fct_users_deleted'],
      entities: [{ urn: S.usersDeleted }],
    });
    const multi = await s.gql(
      `{ autoCompleteForMultiple(input: { query: "Sample", limit: 2 }) { suggestions { type suggestions entities { urn } } } }`,
    );
    const groups = multi.body.data.autoCompleteForMultiple.suggestions;
    assert.equal(groups.length, 1);
    assert.equal(groups[0].type, 'DATASET');
    assert.equal(groups[0].entities.length, 2);
    const blank = await fails(`{ autoComplete(input: { query: " " }) { suggestions } }`, {});
    assert.equal(blank.message, "'query' parameter can not be null or empty");
  });

  it('refuses bad requests with clear errors, never a 500: unknown facet, bad query, foreign scroll id, oversized page', async () => {
    assert.equal(
      (
        await fails(
          `{ aggregateAcrossEntities(input: { query: "*", facets: ["nosuchfacet"] }) { facets { field } } }`,
          {},
        )
      ).message,
      'Unknown facet field "nosuchfacet"',
    );
    assert.match(
      (await fails(SEARCH, { i: { query: '"unbalanced' } })).message,
      /^Failed to parse query "\\?"unbalanced": unbalanced quote$/,
    );
    assert.match(
      (
        await fails(SEARCH, {
          i: { query: '*', orFilters: [{ and: [{ field: 'platform', values: ['x'], condition: 'NEAR' }] }] },
        })
      ).message,
      /FilterOperator/,
    );
    assert.equal(
      (await fails(SCROLL, { i: { query: '*', scrollId: 'not-ours' } })).message,
      'Invalid scrollId "not-ours": not a scroll id of this server',
    );
    const first = await s.gql(SCROLL, { i: { query: '*', count: 1 } });
    const id = first.body.data.scrollAcrossEntities.nextScrollId;
    assert.match(
      (await fails(SCROLL, { i: { query: 'users', count: 1, scrollId: id } })).message,
      /belongs to a different query/,
    );
    assert.equal(
      (await fails(SEARCH, { i: { query: '*', count: 10001 } })).message,
      'count must be at most 10000, got 10001',
    );
    assert.equal(
      (
        await fails(SEARCH, {
          i: { query: '*', sortInput: { sortCriteria: [{ field: 'colour', sortOrder: 'ASCENDING' }] } },
        })
      ).message,
      'Unknown sort field "colour"',
    );
    assert.equal(
      (await fails('{ autoComplete(input: { query: "fct", limit: -1 }) { suggestions } }', {})).message,
      'limit must be an integer from 0 to 10000, got -1',
    );
    assert.equal(
      (await fails('{ browseV2(input: { path: [], count: -2 }) { total } }', {})).message,
      'count: expected a non-negative integer, got -2',
    );
    assert.equal(
      (
        await fails(SEARCH, {
          i: {
            query: '*',
            types: ['DATASET'],
            orFilters: [{ and: [{ field: 'platform', values: ['x'] }] }],
            start: -1,
          },
        })
      ).message,
      'start: expected a non-negative integer, got -1',
    );
  });
});

describe('search on a generated catalog', () => {
  let store: Store;
  const N = 240;
  const urnOf = (i: number) =>
    `urn:li:dataset:(urn:li:dataPlatform:${i % 3 === 0 ? 'postgres' : 'kafka'},gen.table_${String(i).padStart(3, '0')},PROD)`;
  before(async () => {
    store = openCatalog(tempDataPath());
    const mcps: Array<Record<string, unknown>> = [];
    for (let i = 0; i < N; i++) {
      const urn = urnOf(i);
      mcps.push(
        mcp(urn, 'datasetProperties', {
          name: `table_${i}`,
          description: i % 10 === 0 ? 'Revenue by customer' : `Events of kind ${i}`,
          customProperties: { team: i % 2 ? 'growth' : 'core' },
        }),
      );
      mcps.push(
        mcp(urn, 'browsePathsV2', {
          path: [{ id: 'gen' }, { id: i % 2 ? 'odd' : 'even' }, ...(i % 4 === 0 ? [{ id: 'quarter' }] : [])],
        }),
      );
      if (i % 5 === 0) mcps.push(mcp(urn, 'globalTags', { tags: [{ tag: 'urn:li:tag:pii' }] }));
    }
    await ingest(store, mcps);
  });
  after(() => store.close());

  it('pages by scroll id with small pages: every match once, in the same order as offset paging', () => {
    const seen: string[] = [];
    let scrollId: string | null = null;
    let pages = 0;
    do {
      const page = searchEntities(store, { query: '*', types: ['dataset'], count: 7, scrollId, skipAggregates: true });
      seen.push(...page.hits.map((h) => h.urn));
      scrollId = page.nextScrollId;
      pages++;
    } while (scrollId);
    assert.equal(pages, Math.ceil(N / 7));
    assert.equal(new Set(seen).size, N, 'no duplicates');
    assert.equal(seen.length, N, 'no gaps');
    const byOffset = searchEntities(store, { query: '*', types: ['dataset'], count: N, skipAggregates: true }).hits.map(
      (h) => h.urn,
    );
    assert.deepEqual(seen, byOffset);
  });

  it('a scroll survives writes between pages: nothing handed out twice, nothing skipped that was there', async () => {
    const first = searchEntities(store, { query: 'revenue', count: 5, skipAggregates: true });
    assert.equal(first.total, N / 10);
    // A new match sorting before the position, written between two pages.
    await ingest(store, [
      mcp('urn:li:dataset:(urn:li:dataPlatform:kafka,aaa.first,PROD)', 'datasetProperties', {
        name: 'aaa',
        description: 'Revenue by customer',
        customProperties: {},
      }),
    ]);
    const rest: string[] = [];
    let id = first.nextScrollId;
    while (id) {
      const page = searchEntities(store, { query: 'revenue', count: 5, scrollId: id, skipAggregates: true });
      rest.push(...page.hits.map((h) => h.urn));
      id = page.nextScrollId;
    }
    const handedOut = [...first.hits.map((h) => h.urn), ...rest];
    assert.equal(new Set(handedOut).size, handedOut.length);
    for (let i = 0; i < N; i += 10) assert.ok(handedOut.includes(urnOf(i)), urnOf(i));
  });

  it('filters and counts on a larger set: custom properties as key=value, tags, platform facet', () => {
    const page = searchEntities(store, {
      query: 'revenue',
      types: ['dataset'],
      filters: [[{ field: 'customProperties', values: ['team=core'], condition: 'EQUAL', negated: false }]],
      count: 100,
    });
    assert.equal(page.total, N / 10, 'every 10th is revenue, and all of them are even (team core)');
    const tags = page.facets.find((f) => f.field === 'tags')!;
    assert.deepEqual(tags.values, [{ value: 'urn:li:tag:pii', count: N / 10 }]);
    const platform = searchEntities(store, { query: '*', types: ['dataset'], count: 0, facets: ['platform'] })
      .facets[0]!;
    assert.deepEqual(platform.values, [
      { value: 'urn:li:dataPlatform:kafka', count: N - N / 3 + 1 },
      { value: 'urn:li:dataPlatform:postgres', count: N / 3 },
    ]);
  });

  it('browses browse paths level by level', async () => {
    const { browse } = await import('../src/ops/search/browse.ts');
    const top = browse(store, { path: [], types: ['dataset'] });
    assert.deepEqual(top.groups, [{ name: 'gen', urn: null, count: N, hasSubGroups: true }]);
    const gen = browse(store, { path: ['gen'], types: ['dataset'] });
    assert.deepEqual(gen.groups, [
      { name: 'even', urn: null, count: N / 2, hasSubGroups: true },
      { name: 'odd', urn: null, count: N / 2, hasSubGroups: false },
    ]);
    assert.equal(gen.totalNumEntities, N);
    const even = browse(store, { path: ['gen', 'even'], types: ['dataset'] });
    assert.deepEqual(even.groups, [{ name: 'quarter', urn: null, count: N / 4, hasSubGroups: false }]);
    assert.equal(even.totalNumEntities, N / 2, 'entities at the level itself count too');
  });

  it('rebuilding the index from the aspects gives the same documents and the same answers as incremental maintenance', async () => {
    // Edits, removals and a deletion first, so incremental maintenance has taken things out too.
    await ingest(store, [
      mcp(urnOf(1), 'globalTags', { tags: [{ tag: 'urn:li:tag:pii' }] }),
      mcp(urnOf(5), 'globalTags', { tags: [] }),
    ]);
    await store.write((txn) => txn.deleteEntity(urnOf(2)));
    const queries = ['revenue', 'events', 'table_1*', '*', 'kind 7', 'platform:postgres'];
    const answer = () => queries.map((q) => searchEntities(store, { query: q, count: 1000 }));
    const records = () =>
      Array.from({ length: N }, (_, i) => store.search.record(store.search.idOf(urnOf(i)) ?? -1)?.doc);
    const before = [answer(), records(), store.search.stats()];
    const rebuilt = store.reindexSearch();
    assert.equal(rebuilt.documents, N, 'N datasets, one deleted, one added');
    assert.deepEqual([answer(), records(), store.search.stats()], before);
  });
});

describe('catalog search and reindex (CLI, offline)', () => {
  let data: string;
  before(async () => {
    data = tempDataPath();
    const r = await runCli(['ingest', '--sample', '--data', data]);
    assert.equal(r.code, 0, r.stderr);
  });

  it('prints a table of matches, or JSON, with the filters and types given', async () => {
    const table = await runCli([
      'search',
      'users',
      '--type',
      'dataset',
      '--filter',
      'platform=urn:li:dataPlatform:hive',
      '--data',
      data,
    ]);
    assert.equal(table.code, 0, table.stderr);
    assert.deepEqual(table.stdout.trim().split('\n'), [
      'TYPE     NAME               PLATFORM  URN',
      `dataset  fct_users_created  hive      ${S.usersCreated}`,
      `dataset  fct_users_deleted  hive      ${S.usersDeleted}`,
      '2 of 2 results',
    ]);
    const json = await runCli(['search', '*', '--type', 'CORP_USER', '--json', '--data', data]);
    assert.equal(json.code, 0, json.stderr);
    const parsed = JSON.parse(json.stdout);
    assert.equal(parsed.total, 5);
    assert.deepEqual(
      parsed.results.map((r: any) => r.urn),
      [SC.alice, S.datahub, S.jdoe, SC.omar, SC.priya],
    );
    const negated = await runCli([
      'search',
      '*',
      '--type',
      'dataset',
      '--filter',
      'platform!=urn:li:dataPlatform:hive',
      '--json',
      '--data',
      data,
    ]);
    assert.deepEqual(
      JSON.parse(negated.stdout)
        .results.map((r: any) => r.urn)
        .sort(),
      [S.hdfsSample, S.kafkaSample, SC.ordersTopic, SC.customersTopic, SC.fctOrders, SC.dailyRevenue].sort(),
    );
  });

  it('says what is wrong with a bad filter, type or field', async () => {
    const bad = await runCli(['search', 'x', '--filter', 'platform', '--data', data]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--filter "platform": expected field=value or field!=value/);
    const type = await runCli(['search', 'x', '--type', 'spaceship', '--data', data]);
    assert.equal(type.code, 1);
    assert.match(type.stderr, /Unknown entity type "spaceship"/);
    const field = await runCli(['search', 'x', '--filter', 'colour=red', '--data', data]);
    assert.equal(field.code, 1);
    assert.match(field.stderr, /Unknown filter field "colour"/);
  });

  it('reindex rebuilds the indexes and changes no answer', async () => {
    const before = await runCli(['search', 'users', '--json', '--data', data]);
    const r = await runCli(['reindex', '--data', data]);
    assert.equal(r.code, 0, r.stderr);
    const entities = new Set(SAMPLE_MCPS.map((m) => m['entityUrn'])).size;
    assert.match(r.stdout, new RegExp(`^Reindexed ${entities} entities and \\d+ relationships in [\\d.]+s\n$`));
    const after = await runCli(['search', 'users', '--json', '--data', data]);
    assert.equal(after.stdout, before.stdout);
  });
});

describe('a write from another process is found by the next search of a running server', () => {
  it('catalog put on the data file while catalog serve has it open', async () => {
    const data = tempDataPath();
    const server = await serveCatalog(['serve', '--port', '0', '--sample', '--data', data]);
    try {
      const urn = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,finance.invoices_offline,PROD)';
      const search = async () => {
        const res = await fetch(`${server.url}/api/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            query: '{ searchAcrossEntities(input: { query: "invoices" }) { total searchResults { entity { urn } } } }',
          }),
        });
        return ((await res.json()) as any).data.searchAcrossEntities;
      };
      assert.equal((await search()).total, 0);
      const file = writeTemp(
        'invoices.json',
        JSON.stringify({ name: 'invoices_offline', description: 'Invoices written offline', customProperties: {} }),
      );
      const put = await runCli(['put', '--urn', urn, '--aspect', 'datasetProperties', '-d', file, '--data', data]);
      assert.equal(put.code, 0, put.stderr);
      assert.deepEqual((await search()).searchResults, [{ entity: { urn } }]);
      // REST search (Rest.li `search` action, as DataHubGraph calls it) sees it too.
      const rest = await fetch(`${server.url}/entities?action=search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ input: 'invoices', entity: 'dataset', start: 0, count: 10 }),
      });
      const body = (await rest.json()) as any;
      assert.equal(body.value.numEntities, 1);
      assert.equal(body.value.entities[0].entity, urn);
    } finally {
      await server.stop();
    }
  });
});

describe('Rest.li search actions', () => {
  let s: GqlServer;
  before(async () => {
    s = await startSampleServer();
  });
  after(() => s.close());
  const post = async (action: string, body: unknown) => {
    const res = await fetch(`${s.server.url}/entities?action=${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  it('search by a name filter, as DataHubGraph.get_domain_urn_by_name asks; listUrns pages every urn of a type', async () => {
    const r = await post('search', {
      input: '*',
      entity: 'dataset',
      start: 0,
      count: 10,
      filter: { or: [{ and: [{ field: 'name', values: ['fct_users_deleted'], condition: 'EQUAL' }] }] },
    });
    assert.equal(r.status, 200);
    assert.deepEqual(
      r.body.value.entities.map((e: any) => e.entity),
      [S.usersDeleted],
    );
    assert.equal(r.body.value.numEntities, 1);
    const platform = r.body.value.metadata.aggregations.find((a: any) => a.name === 'platform');
    assert.deepEqual(platform.aggregations, { 'urn:li:dataPlatform:hive': 1 });
    const page1 = await post('listUrns', { entity: 'dataset', start: 0, count: 3 });
    const page2 = await post('listUrns', { entity: 'dataset', start: 3, count: 3 });
    assert.equal(page1.body.value.total, 5);
    assert.deepEqual(
      [...page1.body.value.entities, ...page2.body.value.entities].sort(),
      [S.hdfsSample, S.hiveSample, S.kafkaSample, S.usersCreated, S.usersDeleted].sort(),
    );
    const scroll = await post('scrollAcrossEntities', { input: '*', entities: ['dataset'], count: 2 });
    assert.equal(scroll.body.value.entities.length, 2);
    assert.equal(typeof scroll.body.value.scrollId, 'string');
  });

  it('bad requests are 400s that say what is wrong', async () => {
    // A filter on a field the index does not have matches nothing, as in DataHub (test/search-unindexed-fields.test.ts).
    const field = await post('search', {
      input: '*',
      entity: 'dataset',
      filter: { or: [{ and: [{ field: 'colour', values: ['red'] }] }] },
    });
    assert.equal(field.status, 200);
    assert.equal(field.body.value.numEntities, 0);
    const type = await post('listUrns', { entity: 'spaceship' });
    assert.equal(type.status, 400);
    assert.match(type.body.message, /Unknown entity type "spaceship"/);
    const count = await post('search', { input: '*', entity: 'dataset', count: -1 });
    assert.equal(count.status, 400);
    assert.match(count.body.message, /count: expected a non-negative integer, got -1/);
  });
});
