// Lineage as DataHub's clients read it (issue 36, docs/datahub/patch-templates.md "Reading"): a dataset's
// and a data job's column lineage through GraphQL `fineGrainedLineages` (SchemaFieldRef {urn, path}), and a
// chart whose chartInfo.inputs hold the union form the SDK writes ({"string": urn}) read back as lineage
// both ways and through searchAcrossLineage. Writes go through REST ingestProposal with the bodies the SDK
// sends; the interop suite (test/interop-patch-templates.test.ts) runs the SDK itself.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSampleServer, type GqlServer } from './graphql-helpers.ts';

const hive = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;
const col = (dataset: string, path: string) => `urn:li:schemaField:(${dataset},${path})`;
const RAW = hive('cl.raw_orders');
const CLEAN = hive('cl.orders');
const JOB = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,cl_flow,prod),clean_orders)';
const CHART = 'urn:li:chart:(looker,cl_revenue)';
const STAMP = { time: 0, actor: 'urn:li:corpuser:unknown' };

const FGL = `fineGrainedLineages { upstreams { urn path } downstreams { urn path } transformOperation confidenceScore query }`;

describe('column lineage and chart inputs as clients read them', () => {
  let s: GqlServer;
  const ingest = async (entityUrn: string, aspectName: string, value: unknown) => {
    const res = await fetch(`${s.server.url}/aspects?action=ingestProposal`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-RestLi-Protocol-Version': '2.0.0' },
      body: JSON.stringify({
        proposal: {
          entityType: entityUrn.split(':')[2],
          entityUrn,
          changeType: 'UPSERT',
          aspectName,
          aspect: { value: JSON.stringify(value), contentType: 'application/json' },
        },
      }),
    });
    assert.equal(res.status, 200, await res.text());
  };

  before(async () => {
    s = await startSampleServer({ sample: false });
    await ingest(RAW, 'datasetProperties', { name: 'raw_orders', customProperties: {} });
    await ingest(CLEAN, 'upstreamLineage', {
      upstreams: [{ auditStamp: STAMP, dataset: RAW, type: 'TRANSFORMED' }],
      fineGrainedLineages: [
        {
          upstreamType: 'FIELD_SET',
          upstreams: [col(RAW, 'amount'), col(RAW, 'tax')],
          downstreamType: 'FIELD',
          downstreams: [col(CLEAN, 'total')],
          transformOperation: 'SUM',
          confidenceScore: 0.9,
          query: 'urn:li:query:cl_total',
        },
        // A whole dataset upstream: not a column, left out of `upstreams` as DataHub does.
        { upstreamType: 'DATASET', upstreams: [RAW], downstreamType: 'FIELD', downstreams: [col(CLEAN, 'id')] },
      ],
    });
    await ingest(JOB, 'dataJobInputOutput', {
      inputDatasets: [RAW],
      outputDatasets: [CLEAN],
      fineGrainedLineages: [
        {
          upstreamType: 'FIELD_SET',
          upstreams: [col(RAW, 'id')],
          downstreamType: 'FIELD',
          downstreams: [col(CLEAN, 'id')],
          transformOperation: 'IDENTITY',
          confidenceScore: 1,
        },
      ],
    });
    // The SDK's ChartInfoClass(inputs=[urn]) serializes each input as the union member {"string": urn}.
    await ingest(CHART, 'chartInfo', {
      customProperties: {},
      title: 'Revenue',
      description: '',
      lastModified: { created: STAMP, lastModified: STAMP },
      inputs: [{ string: CLEAN }],
    });
  });
  after(() => s?.close());

  it('Dataset.fineGrainedLineages: SchemaFieldRef {urn: the dataset, path: the column}, with operation, confidence and query', async () => {
    const d = await s.ok(`{ dataset(urn: ${JSON.stringify(CLEAN)}) { ${FGL} } }`);
    assert.deepEqual(d.dataset.fineGrainedLineages, [
      {
        upstreams: [
          { urn: RAW, path: 'amount' },
          { urn: RAW, path: 'tax' },
        ],
        downstreams: [{ urn: CLEAN, path: 'total' }],
        transformOperation: 'SUM',
        confidenceScore: 0.9,
        query: 'urn:li:query:cl_total',
      },
      {
        upstreams: [],
        downstreams: [{ urn: CLEAN, path: 'id' }],
        transformOperation: null,
        confidenceScore: null,
        query: null,
      },
    ]);
    // A dataset without upstreamLineage has none (null, as DataHub leaves it unset).
    assert.deepEqual(
      (await s.ok(`{ dataset(urn: ${JSON.stringify(RAW)}) { fineGrainedLineages { transformOperation } } }`)).dataset,
      { fineGrainedLineages: null },
    );
  });

  it('DataJob.inputOutput.fineGrainedLineages, from dataJobInputOutput', async () => {
    const d = await s.ok(
      `{ dataJob(urn: ${JSON.stringify(JOB)}) { inputOutput { inputDatasets { urn } outputDatasets { urn } ${FGL} } } }`,
    );
    assert.deepEqual(d.dataJob.inputOutput, {
      inputDatasets: [{ urn: RAW }],
      outputDatasets: [{ urn: CLEAN }],
      fineGrainedLineages: [
        {
          upstreams: [{ urn: RAW, path: 'id' }],
          downstreams: [{ urn: CLEAN, path: 'id' }],
          transformOperation: 'IDENTITY',
          confidenceScore: 1,
          query: null,
        },
      ],
    });
  });

  it('a chart whose inputs hold the union form is downstream of its dataset, both ways and through searchAcrossLineage', async () => {
    const lineage = async (urn: string, kind: string, direction: string) =>
      (
        await s.ok(
          `{ ${kind}(urn: ${JSON.stringify(urn)}) { lineage(input: { direction: ${direction} }) { total relationships { type entity { urn } } } } }`,
        )
      )[kind].lineage;
    assert.deepEqual(await lineage(CHART, 'chart', 'UPSTREAM'), {
      total: 1,
      relationships: [{ type: 'Consumes', entity: { urn: CLEAN } }],
    });
    assert.deepEqual(await lineage(CLEAN, 'dataset', 'DOWNSTREAM'), {
      total: 1,
      relationships: [{ type: 'Consumes', entity: { urn: CHART } }],
    });
    const search = await s.ok(
      `{ searchAcrossLineage(input: { urn: ${JSON.stringify(RAW)}, direction: DOWNSTREAM, query: "*" }) { total searchResults { degree entity { urn } } } }`,
    );
    assert.deepEqual(
      search.searchAcrossLineage.searchResults.map((r: any) => [r.entity.urn, r.degree]).sort(),
      [
        [CHART, 2],
        [CLEAN, 1],
        [JOB, 1],
      ].sort(),
    );
  });

  it('updateLineage removes a chart input held in the union form (and does not add a second one for it)', async () => {
    const m = `mutation($add: [LineageEdge]!, $remove: [LineageEdge]!) { updateLineage(input: { edgesToAdd: $add, edgesToRemove: $remove }) }`;
    const edge = [{ upstreamUrn: CLEAN, downstreamUrn: CHART }];
    await s.ok(m, { add: edge, remove: [] });
    const stored = () => s.store.getAspect(CHART, 'chartInfo')?.value as { inputs?: unknown[]; inputEdges?: unknown[] };
    assert.deepEqual(
      [stored().inputs, stored().inputEdges ?? []],
      [[{ string: CLEAN }], []],
      'already an input: nothing added',
    );
    await s.ok(m, { add: [], remove: edge });
    assert.deepEqual(stored().inputs, []);
    const d = await s.ok(
      `{ chart(urn: ${JSON.stringify(CHART)}) { lineage(input: { direction: UPSTREAM }) { total } } }`,
    );
    assert.equal(d.chart.lineage.total, 0);
  });
});
