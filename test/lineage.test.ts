// Lineage (issue 14, docs/datahub/discovery.md §3): the traversal over the relationships index (degrees,
// paths, jobs between datasets, charts and dashboards, cycles, soft-deleted and ghost entities,
// column-level lineage), the GraphQL `lineage` field, searchAcrossLineage / scrollAcrossLineage,
// updateLineage, and `catalog lineage` — on a real store and a real server.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { traverseLineage, type LineageResult } from '../src/ops/lineage/lineage.ts';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { writeAspect } from '../src/ops/core/writeAspect.ts';
import { startServer, type RunningServer } from '../src/server/server.ts';
import type { Store } from '../src/store/store.ts';
import { runCli, tempDataPath } from './helpers.ts';

const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;
const col = (dataset: string, field: string) => `urn:li:schemaField:(${dataset},${field})`;
const FLOW = 'urn:li:dataFlow:(airflow,etl,prod)';

// The generated graph: raw_a, raw_b → stg (upstreamLineage) → job → mart → chart → dashboard, the
// dashboard also reading stg; a cycle cyc1 ⇄ cyc2 hanging off raw_b; a soft-deleted dataset and a
// never-written ("ghost") one; column lineage raw_a.amount → stg.amount → mart.total ← stg.id.
const G = {
  rawA: ds('raw_a'),
  rawB: ds('raw_b'),
  stg: ds('stg'),
  mart: ds('mart'),
  gone: ds('gone'),
  ghost: ds('ghost'),
  cyc1: ds('cyc1'),
  cyc2: ds('cyc2'),
  job: `urn:li:dataJob:(${FLOW},transform)`,
  chart: 'urn:li:chart:(looker,revenue)',
  dash: 'urn:li:dashboard:(looker,exec)',
};
const EDGE_TIME = 1_700_000_000_000;
const stamp = { actor: 'urn:li:corpuser:tester', time: 1 };

async function writeGraph(store: Store): Promise<void> {
  const upstream = (dataset: string) => ({
    dataset,
    type: 'TRANSFORMED',
    auditStamp: { time: EDGE_TIME, actor: 'urn:li:corpuser:etl' },
  });
  await store.write((txn) => {
    const put = (urn: string, aspect: string, value: unknown) => writeAspect(txn, stamp, urn, aspect, value);
    for (const name of ['raw_a', 'raw_b', 'stg', 'mart', 'gone', 'cyc1', 'cyc2'])
      put(ds(name), 'datasetProperties', { name, description: `the ${name} table`, customProperties: {} });
    put(G.stg, 'upstreamLineage', {
      upstreams: [upstream(G.rawA), upstream(G.rawB), upstream(G.ghost)],
      fineGrainedLineages: [
        {
          upstreamType: 'FIELD_SET',
          upstreams: [col(G.rawA, 'amount')],
          downstreamType: 'FIELD',
          downstreams: [col(G.stg, 'amount')],
          confidenceScore: 1,
        },
      ],
    });
    put(G.mart, 'upstreamLineage', {
      upstreams: [],
      fineGrainedLineages: [
        {
          upstreamType: 'FIELD_SET',
          upstreams: [col(G.stg, 'id'), col(G.stg, 'amount')],
          downstreamType: 'FIELD',
          downstreams: [col(G.mart, 'total')],
          confidenceScore: 1,
        },
      ],
    });
    put(G.job, 'dataJobInfo', { name: 'Transform', type: 'COMMAND', customProperties: {} });
    put(G.job, 'dataJobInputOutput', {
      inputDatasets: [],
      outputDatasets: [G.mart],
      inputDatasetEdges: [
        {
          destinationUrn: G.stg,
          created: { time: EDGE_TIME, actor: 'urn:li:corpuser:ann' },
          properties: { source: 'UI' },
        },
      ],
    });
    put(G.chart, 'chartInfo', {
      title: 'Revenue',
      description: '',
      lastModified: { created: stamp, lastModified: stamp },
      inputs: [G.mart],
    });
    put(G.dash, 'dashboardInfo', {
      title: 'Exec',
      description: '',
      lastModified: { created: stamp, lastModified: stamp },
      charts: [G.chart],
      datasetEdges: [{ destinationUrn: G.stg }],
    });
    put(G.gone, 'upstreamLineage', { upstreams: [upstream(G.mart)] });
    put(G.gone, 'status', { removed: true });
    put(G.cyc2, 'upstreamLineage', { upstreams: [upstream(G.rawB), upstream(G.cyc1)] });
    put(G.cyc1, 'upstreamLineage', { upstreams: [upstream(G.cyc2)] });
  });
}

/** `urn@degree` of every entity reached, in the answer's order (degree, then urn). */
const reached = (r: LineageResult) => r.entities.map((e) => `${e.urn}@${e.degree}`);

describe('lineage traversal', () => {
  let store: Store;
  before(async () => {
    store = openCatalog(tempDataPath());
    await writeGraph(store);
  });
  after(() => store.close());
  const walk = (urn: string, direction: string, maxHops?: number | null, more: Record<string, unknown> = {}) =>
    traverseLineage(store, { urn, direction, maxHops, ...more });

  it('upstream of a dataset produced by a job: the job at 1 hop, what it reads at 2, their upstreams at 3 (§3.2)', () => {
    assert.deepEqual(reached(walk(G.mart, 'UPSTREAM', 1)), [`${G.job}@1`]);
    assert.deepEqual(reached(walk(G.mart, 'UPSTREAM', 2)), [`${G.job}@1`, `${G.stg}@2`]);
    assert.deepEqual(reached(walk(G.mart, 'UPSTREAM', 3)), [`${G.job}@1`, `${G.stg}@2`, `${G.rawA}@3`, `${G.rawB}@3`]);
    assert.deepEqual(
      reached(walk(G.mart, 'UPSTREAM')),
      reached(walk(G.mart, 'UPSTREAM', 3)),
      'no limit walks the whole graph',
    );
    const job = walk(G.mart, 'UPSTREAM', 1).entities[0]!;
    assert.equal(job.type, 'Produces', 'an isUpstream:false edge, read from the job');
    assert.equal(walk(G.job, 'UPSTREAM', 1).entities[0]!.type, 'Consumes');
  });

  it('downstream walks the same edges the other way, through the job, the chart and the dashboard', () => {
    const r = walk(G.rawA, 'DOWNSTREAM');
    assert.deepEqual(reached(r), [`${G.stg}@1`, `${G.dash}@2`, `${G.job}@2`, `${G.mart}@3`, `${G.chart}@4`]);
    const dash = r.entities.find((e) => e.urn === G.dash)!;
    assert.deepEqual(dash.degrees, [2, 5], 'reached directly from stg and again through the chart');
    assert.deepEqual(dash.paths, [
      [G.rawA, G.stg, G.dash],
      [G.rawA, G.stg, G.job, G.mart, G.chart, G.dash],
    ]);
    assert.deepEqual(r.entities.find((e) => e.urn === G.chart)!.paths, [[G.rawA, G.stg, G.job, G.mart, G.chart]]);
    assert.deepEqual(reached(walk(G.rawA, 'DOWNSTREAM', 2)), [`${G.stg}@1`, `${G.dash}@2`, `${G.job}@2`]);
  });

  it('charts and dashboards: a dashboard is downstream of its charts and datasets, a chart of its inputs', () => {
    assert.deepEqual(reached(walk(G.dash, 'UPSTREAM', 1)), [`${G.chart}@1`, `${G.stg}@1`]);
    assert.deepEqual(
      walk(G.dash, 'UPSTREAM', 1).entities.map((e) => e.type),
      ['Contains', 'Consumes'],
    );
    assert.deepEqual(reached(walk(G.chart, 'UPSTREAM', 2)), [`${G.mart}@1`, `${G.job}@2`]);
    assert.deepEqual(reached(walk(G.chart, 'DOWNSTREAM')), [`${G.dash}@1`]);
  });

  it('cycles end the walk: each entity once, at its fewest hops, never the source itself', () => {
    assert.deepEqual(reached(walk(G.cyc1, 'UPSTREAM')), [`${G.cyc2}@1`, `${G.rawB}@2`]);
    const down = walk(G.rawB, 'DOWNSTREAM');
    assert.ok(reached(down).includes(`${G.cyc2}@1`) && reached(down).includes(`${G.cyc1}@2`));
    assert.equal(down.entities.filter((e) => e.urn === G.cyc2).length, 1);
    assert.deepEqual(
      down.entities.find((e) => e.urn === G.cyc2)!.degrees,
      [1],
      'going round the loop is no second degree',
    );
    assert.ok(!down.entities.some((e) => e.urn === G.rawB));
    for (const e of down.entities)
      for (const p of e.paths) assert.equal(new Set(p).size, p.length, `a path has no loop: ${p.join(' > ')}`);
  });

  it('soft-deleted and never-written entities are hidden unless asked for, and counted as filtered', () => {
    const down = walk(G.mart, 'DOWNSTREAM', 1);
    assert.deepEqual(reached(down), [`${G.chart}@1`]);
    assert.equal(down.filtered, 1);
    assert.deepEqual(reached(walk(G.mart, 'DOWNSTREAM', 1, { includeSoftDeleted: true })), [
      `${G.chart}@1`,
      `${G.gone}@1`,
    ]);
    const up = walk(G.stg, 'UPSTREAM', 1);
    assert.deepEqual(reached(up), [`${G.rawA}@1`, `${G.rawB}@1`]);
    assert.equal(up.filtered, 1);
    assert.deepEqual(reached(walk(G.stg, 'UPSTREAM', 1, { includeGhosts: true })), [
      `${G.ghost}@1`,
      `${G.rawA}@1`,
      `${G.rawB}@1`,
    ]);
  });

  it('column-level lineage from fineGrainedLineages, both ways', () => {
    const up = walk(col(G.mart, 'total'), 'UPSTREAM');
    assert.deepEqual(reached(up), [`${col(G.stg, 'amount')}@1`, `${col(G.stg, 'id')}@1`, `${col(G.rawA, 'amount')}@2`]);
    assert.deepEqual(up.entities[2]!.paths, [[col(G.mart, 'total'), col(G.stg, 'amount'), col(G.rawA, 'amount')]]);
    assert.equal(up.entities[0]!.type, 'DownstreamOf');
    assert.deepEqual(reached(walk(col(G.rawA, 'amount'), 'DOWNSTREAM')), [
      `${col(G.stg, 'amount')}@1`,
      `${col(G.mart, 'total')}@2`,
    ]);
    assert.deepEqual(reached(walk(col(G.stg, 'id'), 'UPSTREAM')), []);
  });

  it('ignoreAsHops: jobs do not count as a hop, so the datasets either side are 1 hop apart', () => {
    const r = walk(G.mart, 'UPSTREAM', 1, { ignoreAsHops: [{ entityType: 'dataJob' }] });
    assert.deepEqual(reached(r), [`${G.job}@1`, `${G.stg}@1`]);
    assert.equal(r.entities.find((e) => e.urn === G.job)!.ignoredAsHop, true);
  });

  it('refuses a bad direction, hops that are not a positive integer, an invalid urn, and (when asked) an unknown source', () => {
    assert.throws(() => walk(G.mart, 'SIDEWAYS'), {
      message: 'direction: expected UPSTREAM or DOWNSTREAM, got "SIDEWAYS"',
    });
    assert.throws(() => walk(G.mart, 'UPSTREAM', 0), { message: 'hops: expected a positive integer, got 0' });
    assert.throws(() => walk(G.mart, 'UPSTREAM', 1.5), { message: 'hops: expected a positive integer, got 1.5' });
    assert.throws(() => walk('not-a-urn', 'UPSTREAM'), /Invalid urn "not-a-urn"/);
    assert.throws(() => walk(ds('nothing'), 'UPSTREAM', null, { requireSource: true }), {
      message: `urn ${ds('nothing')} not found`,
    });
    assert.deepEqual(
      reached(walk(ds('nothing'), 'UPSTREAM')),
      [],
      'without requireSource an unknown entity simply has no lineage',
    );
  });
});

describe('machine learning lineage', () => {
  // A feature derived from a dataset; a model trained by one job, used by another, fed by the feature
  // and member of a group (docs/datahub/discovery.md §1.4: TrainedBy, UsedBy, MemberOf, Consumes, DerivedFrom).
  const raw = ds('ml_raw');
  const feature = 'urn:li:mlFeature:(fraud,amount)';
  const group = 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,fraud-models,PROD)';
  const model = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud,PROD)';
  const train = `urn:li:dataJob:(${FLOW},train)`;
  const score = `urn:li:dataJob:(${FLOW},score)`;
  let store: Store;
  before(async () => {
    store = openCatalog(tempDataPath());
    await store.write((txn) => {
      const put = (urn: string, aspect: string, value: unknown) => writeAspect(txn, stamp, urn, aspect, value);
      put(raw, 'datasetProperties', { name: 'ml_raw', customProperties: {} });
      put(feature, 'mlFeatureProperties', { description: 'amount of the payment', sources: [raw] });
      put(group, 'mlModelGroupProperties', { description: 'fraud models' });
      put(model, 'mlModelProperties', {
        description: 'fraud score',
        trainingJobs: [train],
        downstreamJobs: [score],
        groups: [group],
        mlFeatures: [feature],
      });
      for (const job of [train, score])
        put(job, 'dataJobInfo', { name: job.slice(-6, -1), type: 'COMMAND', customProperties: {} });
    });
  });
  after(() => store.close());
  const walk = (urn: string, direction: string, maxHops: number) =>
    reached(traverseLineage(store, { urn, direction, maxHops }));

  it('upstream of a model: its training job and its feature, then the dataset the feature derives from', () => {
    assert.deepEqual(walk(model, 'UPSTREAM', 1), [`${train}@1`, `${feature}@1`]);
    assert.deepEqual(walk(model, 'UPSTREAM', 2), [`${train}@1`, `${feature}@1`, `${raw}@2`]);
  });

  it('downstream of a model: the job that uses it and its group; downstream of the dataset: the feature, the model, then both of those', () => {
    assert.deepEqual(walk(model, 'DOWNSTREAM', 1), [`${score}@1`, `${group}@1`]);
    assert.deepEqual(walk(raw, 'DOWNSTREAM', 3), [`${feature}@1`, `${model}@2`, `${score}@3`, `${group}@3`]);
  });
});

describe('lineage over GraphQL and the CLI', () => {
  let store: Store;
  let server: RunningServer;
  const path = tempDataPath();
  before(async () => {
    store = openCatalog(path);
    await writeGraph(store);
    server = await startServer({ store, port: 0 });
  });
  after(async () => {
    await server.close();
    await store.close();
  });
  const gql = async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await fetch(`${server.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    assert.equal(res.status, 200);
    return (await res.json()) as { data?: any; errors?: Array<{ message: string; extensions: { code: number } }> };
  };
  const ok = async (query: string, variables: Record<string, unknown> = {}) => {
    const body = await gql(query, variables);
    assert.equal(body.errors, undefined, JSON.stringify(body.errors));
    return body.data;
  };

  it('lineage(input) on a dataset: one hop, type, degree, paths, edge stamps, filtered (§3.2)', async () => {
    const d = await ok(
      `query($u: String!) { dataset(urn: $u) {
      up: lineage(input: { direction: UPSTREAM }) { start count total filtered relationships {
        type degree entity { urn type } paths { path { urn } } createdOn createdActor { urn } updatedOn updatedActor { urn } isManual } }
      down: lineage(input: { direction: DOWNSTREAM, count: 1 }) { start count total relationships { entity { urn } } } } }`,
      { u: G.stg },
    );
    assert.deepEqual(d.dataset.up, {
      start: 0,
      count: 2,
      total: 2,
      filtered: 1,
      relationships: [G.rawA, G.rawB].map((u) => ({
        type: 'DownstreamOf',
        degree: 1,
        entity: { urn: u, type: 'DATASET' },
        paths: [{ path: [{ urn: G.stg }, { urn: u }] }],
        createdOn: null,
        createdActor: null,
        updatedOn: EDGE_TIME,
        updatedActor: { urn: 'urn:li:corpuser:etl' },
        isManual: false,
      })),
    });
    assert.deepEqual(d.dataset.down, { start: 0, count: 1, total: 2, relationships: [{ entity: { urn: G.dash } }] });
    const ghosts = await ok(
      `query($u: String!) { dataset(urn: $u) { lineage(input: { direction: UPSTREAM, includeGhostEntities: true }) { total filtered } } }`,
      { u: G.stg },
    );
    assert.deepEqual(ghosts.dataset.lineage, { total: 3, filtered: 0 });
  });

  it('lineage on a data job, a chart, a dashboard and a column; the job edge drawn in the UI is manual', async () => {
    const d = await ok(
      `query($j: String!, $c: String!, $d: String!, $f: String!) {
      dataJob(urn: $j) { lineage(input: { direction: UPSTREAM }) { relationships { type entity { urn } createdOn createdActor { urn } isManual } } }
      chart(urn: $c) { lineage(input: { direction: DOWNSTREAM }) { relationships { type entity { urn type } } } }
      dashboard(urn: $d) { lineage(input: { direction: UPSTREAM }) { relationships { type entity { urn } } } }
      entity(urn: $f) { ... on EntityWithRelationships { lineage(input: { direction: DOWNSTREAM }) { relationships { entity { urn type } } } } } }`,
      { j: G.job, c: G.chart, d: G.dash, f: G.stg },
    );
    assert.deepEqual(d.dataJob.lineage.relationships, [
      {
        type: 'Consumes',
        entity: { urn: G.stg },
        createdOn: EDGE_TIME,
        createdActor: { urn: 'urn:li:corpuser:ann' },
        isManual: true,
      },
    ]);
    assert.deepEqual(d.chart.lineage.relationships, [{ type: 'Contains', entity: { urn: G.dash, type: 'DASHBOARD' } }]);
    assert.deepEqual(d.dashboard.lineage.relationships, [
      { type: 'Contains', entity: { urn: G.chart } },
      { type: 'Consumes', entity: { urn: G.stg } },
    ]);
    assert.deepEqual(
      d.entity.lineage.relationships.map((r: any) => r.entity.urn),
      [G.dash, G.job],
    );
  });

  it('searchAcrossLineage: hops from the degree filter, the degree facet first, degree, degrees and paths (§3.1)', async () => {
    const q = `query($i: SearchAcrossLineageInput!) { searchAcrossLineage(input: $i) { start count total lineageSearchPath
      facets { field displayName aggregations { value count } }
      searchResults { entity { urn type } degree degrees paths { path { urn } } explored truncatedChildren ignoredAsHop } } }`;
    const degree = (...values: string[]) => ({
      orFilters: [{ and: [{ field: 'degree', condition: 'EQUAL', values }] }],
    });
    const one = await ok(q, { i: { urn: G.rawA, direction: 'DOWNSTREAM', ...degree('1') } });
    assert.deepEqual(
      one.searchAcrossLineage.searchResults.map((r: any) => `${r.entity.urn}@${r.degree}`),
      [`${G.stg}@1`],
    );
    const two = await ok(q, { i: { urn: G.rawA, direction: 'DOWNSTREAM', ...degree('1', '2') } });
    assert.deepEqual(
      new Set(two.searchAcrossLineage.searchResults.map((r: any) => `${r.entity.urn}@${r.degree}`)),
      new Set([`${G.stg}@1`, `${G.job}@2`, `${G.dash}@2`]),
    );
    const all = await ok(q, { i: { urn: G.rawA, direction: 'DOWNSTREAM', count: 50, ...degree('1', '2', '3+') } });
    const res = all.searchAcrossLineage;
    assert.equal(res.total, 5);
    assert.equal(res.lineageSearchPath, 'TORTOISE');
    assert.deepEqual(res.facets[0], {
      field: 'degree',
      displayName: 'Degree of Dependencies',
      aggregations: [
        { value: '1', count: 1 },
        { value: '2', count: 2 },
        { value: '3+', count: 2 },
      ],
    });
    const dash = res.searchResults.find((r: any) => r.entity.urn === G.dash);
    assert.deepEqual(dash, {
      entity: { urn: G.dash, type: 'DASHBOARD' },
      degree: 2,
      degrees: [2, 5],
      paths: [
        { path: [G.rawA, G.stg, G.dash].map((urn) => ({ urn })) },
        { path: [G.rawA, G.stg, G.job, G.mart, G.chart, G.dash].map((urn) => ({ urn })) },
      ],
      explored: true,
      truncatedChildren: false,
      ignoredAsHop: false,
    });
    const only3 = await ok(q, { i: { urn: G.rawA, direction: 'DOWNSTREAM', ...degree('3+') } });
    assert.deepEqual(
      only3.searchAcrossLineage.searchResults.map((r: any) => r.entity.urn).sort(),
      [G.chart, G.mart].sort(),
    );
    // Query text and types narrow the reached set like a search.
    const text = await ok(q, { i: { urn: G.rawA, direction: 'DOWNSTREAM', query: 'mart', types: ['DATASET'] } });
    assert.deepEqual(
      text.searchAcrossLineage.searchResults.map((r: any) => `${r.entity.urn}@${r.degree}`),
      [`${G.mart}@3`],
    );
    const typed = await ok(q, { i: { urn: G.rawA, direction: 'DOWNSTREAM', types: ['CHART', 'DASHBOARD'] } });
    assert.deepEqual(
      typed.searchAcrossLineage.searchResults.map((r: any) => r.entity.urn).sort(),
      [G.chart, G.dash].sort(),
    );
  });

  it('searchAcrossLineage hides soft-deleted entities unless includeSoftDeleted, and refuses a bad degree value', async () => {
    const q = `query($i: SearchAcrossLineageInput!) { searchAcrossLineage(input: $i) { total searchResults { entity { urn } } } }`;
    const hidden = await ok(q, { i: { urn: G.mart, direction: 'DOWNSTREAM' } });
    assert.deepEqual(
      hidden.searchAcrossLineage.searchResults.map((r: any) => r.entity.urn).sort(),
      [G.chart, G.dash].sort(),
    );
    const shown = await ok(q, {
      i: { urn: G.mart, direction: 'DOWNSTREAM', searchFlags: { includeSoftDeleted: true } },
    });
    assert.ok(shown.searchAcrossLineage.searchResults.some((r: any) => r.entity.urn === G.gone));
    const bad = await gql(q, {
      i: { urn: G.mart, direction: 'DOWNSTREAM', orFilters: [{ and: [{ field: 'degree', values: ['4'] }] }] },
    });
    assert.equal(bad.errors?.[0]?.message, '4 is not a valid filter value for degree filters');
    assert.equal(bad.errors?.[0]?.extensions.code, 400);
    const noUrn = await gql(q, { i: { direction: 'DOWNSTREAM' } });
    assert.equal(noUrn.errors?.[0]?.extensions.code, 400);
  });

  it("paging of searchAcrossLineage and of the lineage field is checked as every list's: a 400 naming the argument", async () => {
    const q = `query($i: SearchAcrossLineageInput!) { searchAcrossLineage(input: $i) { total } }`;
    for (const [page, message] of [
      [{ start: -1 }, 'start: expected a non-negative integer, got -1'],
      [{ count: -2 }, 'count: expected a non-negative integer, got -2'],
      [{ count: 10001 }, 'count must be at most 10000, got 10001'],
    ] as const) {
      const bad = await gql(q, { i: { urn: G.mart, direction: 'DOWNSTREAM', ...page } });
      assert.deepEqual([bad.errors?.[0]?.message, bad.errors?.[0]?.extensions.code], [message, 400]);
    }
    const field = await gql(
      `query($u: String!) { dataset(urn: $u) { lineage(input: { direction: UPSTREAM, start: -1 }) { total } } }`,
      { u: G.stg },
    );
    assert.deepEqual(
      [field.errors?.[0]?.message, field.errors?.[0]?.extensions.code],
      ['start: expected a non-negative integer, got -1', 400],
    );
  });

  it('scrollAcrossLineage pages by nextScrollId until it is null, each entity once', async () => {
    const q = `query($i: ScrollAcrossLineageInput!) { scrollAcrossLineage(input: $i) { nextScrollId count total searchResults { entity { urn } degree } } }`;
    const seen: string[] = [];
    let scrollId: string | null = null;
    for (let page = 0; page < 10; page++) {
      const d = await ok(q, { i: { urn: G.rawA, direction: 'DOWNSTREAM', count: 2, scrollId } });
      assert.equal(d.scrollAcrossLineage.total, 5);
      seen.push(...d.scrollAcrossLineage.searchResults.map((r: any) => r.entity.urn));
      scrollId = d.scrollAcrossLineage.nextScrollId;
      if (!scrollId) break;
    }
    assert.deepEqual([...seen].sort(), [G.stg, G.dash, G.job, G.mart, G.chart].sort());
    const other = await gql(q, {
      i: {
        urn: G.rawB,
        direction: 'DOWNSTREAM',
        count: 2,
        scrollId: (await ok(q, { i: { urn: G.rawA, direction: 'DOWNSTREAM', count: 2 } })).scrollAcrossLineage
          .nextScrollId,
      },
    });
    assert.match(other.errors?.[0]?.message ?? '', /^Invalid scrollId/);
  });

  it("column lineage as DataHub's SDK asks for it: columns grouped as columns, degree and removed filters", async () => {
    // The request of `DataHubClient.lineage.get_lineage(source_column=…)` (sdk/lineage_client.py).
    const q = `query scrollAcrossLineage($input: ScrollAcrossLineageInput!) { scrollAcrossLineage(input: $input) { nextScrollId
      searchResults { degree entity { urn type } paths { path { urn type } } } } }`;
    const input = {
      urn: col(G.mart, 'total'),
      direction: 'UPSTREAM',
      count: 500,
      types: null,
      orFilters: [
        {
          and: [
            { field: 'degree', condition: 'EQUAL', values: ['1', '2', '3+'] },
            { field: 'removed', condition: 'EQUAL', values: ['true'], negated: true },
          ],
        },
      ],
      searchFlags: {
        groupingSpec: { groupingCriteria: { baseEntityType: 'SCHEMA_FIELD', groupingEntityType: 'SCHEMA_FIELD' } },
      },
    };
    const d = await ok(q, { input });
    assert.equal(d.scrollAcrossLineage.nextScrollId, null);
    assert.deepEqual(
      d.scrollAcrossLineage.searchResults.map((r: any) => `${r.entity.urn}@${r.degree}`),
      [`${col(G.stg, 'amount')}@1`, `${col(G.stg, 'id')}@1`, `${col(G.rawA, 'amount')}@2`],
    );
    assert.equal(d.scrollAcrossLineage.searchResults[0].entity.type, 'SCHEMA_FIELD');
    assert.deepEqual(
      d.scrollAcrossLineage.searchResults[2].paths[0].path.map((p: any) => p.type),
      ['SCHEMA_FIELD', 'SCHEMA_FIELD', 'SCHEMA_FIELD'],
    );
    // Without the grouping, columns stand for their datasets, as DataHub's default grouping does
    // (indexed entities: the search orders them).
    const grouped = await ok(q, { input: { ...input, searchFlags: null } });
    assert.deepEqual(grouped.scrollAcrossLineage.searchResults.map((r: any) => `${r.entity.urn}@${r.degree}`).sort(), [
      `${G.rawA}@2`,
      `${G.stg}@1`,
    ]);
  });

  it('updateLineage adds and removes edges where DataHub keeps them; removals win; the new edges read back as manual', async () => {
    const extra = ds('extra');
    await ok(
      `mutation { updateDataset(urn: "${G.rawB}", input: { editableProperties: { description: "b" } }) { urn } }`,
    );
    await store.write((txn) =>
      writeAspect(txn, stamp, extra, 'datasetProperties', { name: 'extra', customProperties: {} }),
    );
    const m = `mutation($add: [LineageEdge]!, $remove: [LineageEdge]!) { updateLineage(input: { edgesToAdd: $add, edgesToRemove: $remove }) }`;
    const d = await ok(m, {
      add: [
        { downstreamUrn: extra, upstreamUrn: G.mart },
        { downstreamUrn: extra, upstreamUrn: G.job },
        { downstreamUrn: G.chart, upstreamUrn: G.stg },
        { downstreamUrn: extra, upstreamUrn: G.rawB },
      ],
      remove: [{ downstreamUrn: extra, upstreamUrn: G.rawB }],
    });
    assert.equal(d.updateLineage, true);
    const up = await ok(
      `query($u: String!) { dataset(urn: $u) { lineage(input: { direction: UPSTREAM }) { relationships { type entity { urn } isManual createdActor { urn } } } } }`,
      { u: extra },
    );
    assert.deepEqual(up.dataset.lineage.relationships, [
      { type: 'Produces', entity: { urn: G.job }, isManual: true, createdActor: { urn: 'urn:li:corpuser:datahub' } },
      {
        type: 'DownstreamOf',
        entity: { urn: G.mart },
        isManual: true,
        createdActor: { urn: 'urn:li:corpuser:datahub' },
      },
    ]);
    const io = store.getAspect(G.job, 'dataJobInputOutput')!.value as {
      outputDatasets: string[];
      outputDatasetEdges: Array<{ destinationUrn: string; properties: unknown }>;
    };
    assert.deepEqual(io.outputDatasets, [G.mart], 'the legacy list is kept');
    assert.deepEqual(
      io.outputDatasetEdges.map((e) => [e.destinationUrn, e.properties]),
      [[extra, { source: 'UI' }]],
    );
    const chartUp = await ok(
      `query { chart(urn: "${G.chart}") { lineage(input: { direction: UPSTREAM }) { relationships { entity { urn } } } } }`,
    );
    assert.deepEqual(
      chartUp.chart.lineage.relationships.map((r: any) => r.entity.urn),
      [G.mart, G.stg],
    );
    // Remove them again, the legacy `inputs` entry included.
    await ok(m, {
      add: [],
      remove: [
        { downstreamUrn: extra, upstreamUrn: G.mart },
        { downstreamUrn: extra, upstreamUrn: G.job },
        { downstreamUrn: G.chart, upstreamUrn: G.stg },
      ],
    });
    const after = await ok(
      `query($u: String!) { dataset(urn: $u) { lineage(input: { direction: UPSTREAM }) { total } } }`,
      { u: extra },
    );
    assert.equal(after.dataset.lineage.total, 0);
  });

  it('updateLineage refuses a missing downstream, a wrong upstream type and a missing upstream, writing nothing', async () => {
    const m = `mutation($add: [LineageEdge]!) { updateLineage(input: { edgesToAdd: $add, edgesToRemove: [] }) }`;
    const fail = async (add: unknown[], message: string) => {
      const body = await gql(m, { add });
      assert.equal(body.errors?.[0]?.message, message);
      assert.equal(body.errors?.[0]?.extensions.code, 400);
    };
    const before = store.getAspect(G.mart, 'upstreamLineage')!.value;
    await fail(
      [
        { downstreamUrn: G.mart, upstreamUrn: G.rawA },
        { downstreamUrn: ds('nope'), upstreamUrn: G.rawA },
      ],
      `Cannot upsert lineage as downstream urn ${ds('nope')} doesn't exist`,
    );
    await fail(
      [{ downstreamUrn: G.mart, upstreamUrn: G.chart }],
      `Tried to add lineage edge with non-dataset node when we expect a dataset. Upstream urn: ${G.chart}`,
    );
    await fail(
      [{ downstreamUrn: G.dash, upstreamUrn: G.job }],
      `Tried to add an upstream to a dashboard that isn't a chart or dataset. Upstream urn: ${G.job}`,
    );
    await fail([{ downstreamUrn: G.mart, upstreamUrn: ds('nope') }], `Error: urn does not exist: ${ds('nope')}`);
    assert.deepEqual(store.getAspect(G.mart, 'upstreamLineage')!.value, before, 'the batch is atomic');
  });

  it("catalog lineage: DataHub's table and JSON, upstream by default, --hops and --column", async () => {
    const cli = (...args: string[]) => runCli(['lineage', ...args, '--data', path]);
    const json = await cli('--urn', G.mart, '--json');
    assert.equal(json.code, 0, json.stderr);
    const parsed = JSON.parse(json.stdout);
    assert.deepEqual(
      parsed.metadata,
      { direction: 'upstream', hops_requested: null, max_hops_found: 3, count: 4, filtered: 1 },
      'the ghost upstream of stg is left out',
    );
    assert.deepEqual(parsed.results[0], {
      urn: G.job,
      type: 'DATA_JOB',
      hops: 1,
      direction: 'upstream',
      platform: 'airflow',
      name: 'Transform',
      degrees: [1],
      paths: [[G.mart, G.job]],
    });
    assert.deepEqual(
      parsed.results.map((r: any) => `${r.name}@${r.hops}`),
      ['Transform@1', 'stg@2', 'raw_a@3', 'raw_b@3'],
    );

    const table = await cli('--urn', G.rawA, '--direction', 'downstream', '--hops', '2');
    assert.equal(table.code, 0, table.stderr);
    const lines = table.stdout.split('\n');
    assert.equal(lines[0], 'Downstream lineage: 3 entities, up to 2 hops');
    assert.match(lines[2]!, /^Hop\s+Type\s+Platform\s+Name\s+URN$/);
    assert.match(lines[3]!, new RegExp(`^1\\s+DATASET\\s+hive\\s+stg\\s+${G.stg.replace(/[()]/g, '\\$&')}$`));
    assert.match(table.stdout, /2\s+DASHBOARD\s+looker\s+exec\s+/);

    const column = await cli('--urn', G.mart, '--column', 'total', '--json');
    assert.deepEqual(
      JSON.parse(column.stdout).results.map((r: any) => `${r.type} ${r.name}@${r.hops}`),
      ['SCHEMA_FIELD amount@1', 'SCHEMA_FIELD id@1', 'SCHEMA_FIELD amount@2'],
    );
    const none = await cli('--urn', G.rawA);
    assert.equal(none.stdout, 'Upstream lineage: 0 entities, up to 0 hops\n\nNo upstream lineage found.\n');
  });

  it('catalog lineage errors: unknown urn, bad --direction, --hops not a positive integer, invalid urn, --column on a chart', async () => {
    const cli = (...args: string[]) => runCli(['lineage', ...args, '--data', path]);
    const unknown = await cli('--urn', ds('nothing'));
    assert.deepEqual([unknown.code, unknown.stderr], [1, `error: urn ${ds('nothing')} not found\n`]);
    const direction = await cli('--urn', G.mart, '--direction', 'sideways');
    assert.equal(direction.code, 2);
    assert.match(
      direction.stderr,
      /Invalid values:\s+Argument: direction, Given: "sideways", Choices: "upstream", "downstream"/,
    );
    for (const hops of ['0', '-1', '1.5', 'two']) {
      const r = await cli('--urn', G.mart, '--hops', hops);
      assert.equal(r.code, 2, `--hops ${hops}`);
      assert.match(r.stderr, /^error: --hops: expected a positive integer, got /);
    }
    const bad = await cli('--urn', 'urn:li:dataset:oops');
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /^error: Invalid urn "urn:li:dataset:oops"/);
    const column = await cli('--urn', G.chart, '--column', 'x');
    assert.deepEqual(
      [column.code, column.stderr.split('\n')[0]],
      [2, 'error: --column is only supported for dataset URNs.'],
    );
    assert.doesNotMatch(unknown.stderr + direction.stderr + bad.stderr, /at .*\.ts:\d+/, 'no stack trace');
  });
});
