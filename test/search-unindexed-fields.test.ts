/**
 * What DataHub's search answers where ours used to differ (issue 36 item 3, docs/datahub/discovery.md
 * §2.3, §2.4): a filter on a field the index does not have matches nothing (an error only for our own
 * CLI, where it is a typo); a structured property is found by its names and filtered by the entity
 * types and platforms it applies to, as DataHub indexes them; and the `_entityType` facet is always
 * in the answer, even when nothing matched.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { searchEntities } from '../src/ops/search/search.ts';
import { startSampleServer, type GqlServer } from './graphql-helpers.ts';

const TIER = 'urn:li:structuredProperty:io.catalog.tier';
const STEWARD = 'urn:li:structuredProperty:io.catalog.chartSteward';
const DATASET_TYPE = 'urn:li:entityType:datahub.dataset';
const SNOWFLAKE = 'urn:li:dataPlatform:snowflake';

const SAE = `query($i: SearchAcrossEntitiesInput!) { searchAcrossEntities(input: $i) { total searchResults { entity { urn } } facets { field displayName aggregations { value count } } } }`;

describe('search: unindexed filter fields, structured property fields, the entity type facet', () => {
  let s: GqlServer;
  const search = async (input: Record<string, unknown>) => (await s.ok(SAE, { i: input })).searchAcrossEntities;
  const urns = (r: any) => r.searchResults.map((h: any) => h.entity.urn).sort();

  async function emit(urn: string, aspectName: string, value: unknown): Promise<void> {
    const proposal = {
      entityType: urn.split(':')[2],
      entityUrn: urn,
      changeType: 'UPSERT',
      aspectName,
      aspect: { value: JSON.stringify(value), contentType: 'application/json' },
    };
    const res = await fetch(`${s.server.url}/aspects?action=ingestProposal`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ proposal }),
    });
    assert.equal(res.status, 200, await res.text());
  }

  before(async () => {
    s = await startSampleServer();
    await emit(TIER, 'propertyDefinition', {
      qualifiedName: 'io.catalog.tier',
      displayName: 'Service tier',
      description: 'How critical the asset is',
      valueType: 'urn:li:dataType:datahub.string',
      entityTypes: [DATASET_TYPE],
      allowedPlatforms: [SNOWFLAKE],
    });
    await emit(STEWARD, 'propertyDefinition', {
      qualifiedName: 'io.catalog.chartSteward',
      valueType: 'urn:li:dataType:datahub.urn',
      entityTypes: ['urn:li:entityType:datahub.chart'],
    });
  });
  after(() => s.close());

  it('a filter on a field the index does not have matches nothing; negated, everything; EXISTS, nothing', async () => {
    const all = await search({ query: '*' });
    assert.ok(all.total > 0);
    const filter = (c: Record<string, unknown>) => ({
      query: '*',
      orFilters: [{ and: [{ field: 'colour', values: ['red'], ...c }] }],
    });
    assert.equal((await search(filter({}))).total, 0);
    assert.equal((await search(filter({ negated: true }))).total, all.total);
    assert.equal((await search(filter({ condition: 'EXISTS', values: [] }))).total, 0);
    // A known field next to it in the same group does not rescue the group; another group still matches.
    const or = await search({
      query: '*',
      orFilters: [
        { and: [{ field: 'colour', values: ['red'] }] },
        { and: [{ field: '_entityType', values: ['TAG'] }] },
      ],
    });
    assert.deepEqual(urns(or), ['urn:li:tag:Legacy']);
  });

  it('the operation refuses an unknown filter field when asked to be strict (our CLI), with the field named', () => {
    assert.throws(
      () =>
        searchEntities(s.store, {
          query: '*',
          filters: [[{ field: 'colour', values: ['red'], condition: 'EQUAL', negated: false }]],
          strictFields: true,
        }),
      { message: 'Unknown filter field "colour"' },
    );
  });

  it('structured properties are filtered by the entity types and platforms they apply to, and found by name', async () => {
    const byType = await search({
      query: '*',
      types: ['STRUCTURED_PROPERTY'],
      orFilters: [{ and: [{ field: 'entityTypes', values: [DATASET_TYPE] }] }],
    });
    assert.deepEqual(urns(byType), [TIER]);
    const byPlatform = await search({
      query: '*',
      types: ['STRUCTURED_PROPERTY'],
      orFilters: [{ and: [{ field: 'allowedPlatforms', values: [SNOWFLAKE] }] }],
    });
    assert.deepEqual(urns(byPlatform), [TIER]);
    assert.deepEqual(urns(await search({ query: 'service tier', types: ['STRUCTURED_PROPERTY'] })), [TIER]);
    assert.deepEqual(urns(await search({ query: 'io.catalog.chartSteward', types: ['STRUCTURED_PROPERTY'] })), [
      STEWARD,
    ]);
  });

  it('the _entityType facet is answered even when nothing matched: empty, or the filtered types at zero', async () => {
    const none = await search({ query: 'nothing_is_called_this' });
    assert.equal(none.total, 0);
    // Across entities, DataHub's legacy `entity` facet follows it with the same values (test/search-entity-facet.test.ts).
    assert.deepEqual(none.facets, [
      { field: '_entityType', displayName: 'Type', aggregations: [] },
      { field: 'entity', displayName: 'Type', aggregations: [] },
    ]);
    const chart = await search({
      query: 'nothing_is_called_this',
      orFilters: [{ and: [{ field: '_entityType', values: ['CHART'] }] }],
    });
    assert.deepEqual(chart.facets, [
      { field: '_entityType', displayName: 'Type', aggregations: [{ value: 'CHART', count: 0 }] },
      { field: 'entity', displayName: 'Type', aggregations: [{ value: 'CHART', count: 0 }] },
    ]);
    // With matches it comes first, with the enum value of each type.
    const some = await search({ query: '*', types: ['TAG'] });
    assert.deepEqual(some.facets[0], {
      field: '_entityType',
      displayName: 'Type',
      aggregations: [{ value: 'TAG', count: 1 }],
    });
  });
});
