// DataHub's SDK patch builders on every keyed list of the lineage aspects (and the structured property
// definition's), against a real `catalog serve`
// (issue 36 item 5, docs/datahub/patch-templates.md): one Python process (test/interop/py/patch_templates.py)
// runs the whole table — each row an entity, an optional whole aspect written first, then what one builder
// emits — and each stored aspect is compared with the value DataHub's template for the aspect produces from
// the same start and patch (worked out from the template's rules and written below). Then a chart written by
// the SDK (ChartInfoClass(inputs=…), the union form) is read back as lineage both ways through GraphQL, and a
// dataset's column lineage through `catalog lineage --column`.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { join } from 'node:path';
import { runCli, tempDir } from './helpers.ts';
import { hasPython, requirePython, startInterop, type Interop } from './interop/setup.ts';

requirePython('PATCH TEMPLATES INTEROP SUITE');

const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,pt.${name},PROD)`;
const col = (name: string, path: string) => `urn:li:schemaField:(${ds(name)},${path})`;
const job = (name: string) => `urn:li:dataJob:(urn:li:dataFlow:(airflow,pt_flow,prod),${name})`;
const edge = (urn: string) => ({ destinationUrn: urn });
/** An edge as the chart and dashboard builders make it: stamped by the client's default actor at the time of the call. */
const stampedEdge = (urn: string) => ({ destinationUrn: urn, created: CLIENT_NOW, lastModified: CLIENT_NOW });
const STAMP = { time: 0, actor: 'urn:li:corpuser:unknown' };
/** The audit stamp a template default carries: the system actor at the time of the write (checked apart). */
const NOW = { time: '<now>', actor: 'urn:li:corpuser:__datahub_system' };
/** The stamp the SDK's builders put on an edge they make: its default actor at the time of the call. */
const CLIENT_NOW = { time: '<now>', actor: 'urn:li:corpuser:datahub' };
const prop = (id: string) => `urn:li:structuredProperty:io.pt.${id}`;

/** The value each row's aspect must hold: DataHub's template applied to the row's start and patch. */
const EXPECTED: Record<string, unknown> = {
  // From the template default (all nine lists); edges and column lists keyed, fine-grained lineage
  // rebuilt per (operation, downstream, query) with the lowest confidence and FIELD_SET/FIELD types.
  'job: add every list': {
    inputDatasets: [],
    outputDatasets: [],
    inputDatajobs: [],
    inputDatasetEdges: [edge(ds('a'))],
    outputDatasetEdges: [edge(ds('b'))],
    inputDatajobEdges: [edge(job('upstream'))],
    inputDatasetFields: [col('a', 'x'), col('a', 'y')],
    outputDatasetFields: [col('b', 'z')],
    fineGrainedLineages: [
      {
        upstreamType: 'FIELD_SET',
        upstreams: [col('a', 'x'), col('a', 'y')],
        downstreamType: 'FIELD',
        downstreams: [col('b', 'z')],
        transformOperation: 'SUM',
        confidenceScore: 0.7,
      },
      {
        upstreamType: 'FIELD_SET',
        upstreams: [col('a', 'id')],
        downstreamType: 'FIELD',
        downstreams: [col('b', 'id')],
        transformOperation: 'NONE',
        confidenceScore: 1,
        query: 'urn:li:query:pt_q',
      },
    ],
  },
  // The deprecated lists are not in the template: left as written. The missing keyed lists appear empty.
  'job: remove from a stored aspect': {
    inputDatasets: [ds('a')],
    outputDatasets: [ds('b')],
    inputDatasetEdges: [edge(ds('d'))],
    outputDatasetEdges: [],
    inputDatajobEdges: [],
    inputDatasetFields: [col('a', 'y')],
    outputDatasetFields: [],
    fineGrainedLineages: [
      {
        upstreamType: 'FIELD_SET',
        upstreams: [col('a', 'w')],
        downstreamType: 'FIELD',
        downstreams: [col('b', 'z')],
        transformOperation: 'SUM',
        confidenceScore: 0.5,
      },
    ],
  },
  // A whole list put by `add /field` is kept as given, after anything added to it before.
  'job: set whole lists': {
    inputDatasets: [],
    outputDatasets: [],
    inputDatajobs: [],
    inputDatasetEdges: [],
    outputDatasetEdges: [edge(ds('e'))],
    inputDatajobEdges: [],
    inputDatasetFields: [],
    outputDatasetFields: [],
    fineGrainedLineages: [
      {
        upstreamType: 'FIELD_SET',
        upstreams: [col('a', 'q')],
        downstreamType: 'FIELD_SET',
        downstreams: [col('b', 'q'), col('b', 'r')],
        transformOperation: 'JOIN',
        confidenceScore: 0.4,
      },
    ],
  },
  'upstreamLineage: add and remove': {
    upstreams: [
      { auditStamp: STAMP, dataset: ds('u3'), type: 'COPY' },
      { auditStamp: STAMP, dataset: ds('u2'), type: 'TRANSFORMED' },
    ],
    fineGrainedLineages: [
      {
        upstreamType: 'FIELD_SET',
        upstreams: [col('u2', 'a'), col('u2', 'b')],
        downstreamType: 'FIELD',
        downstreams: [col('down', 'a')],
        transformOperation: 'IDENTITY',
        confidenceScore: 0.6,
      },
    ],
  },
  'upstreamLineage: set whole lists': {
    upstreams: [{ auditStamp: STAMP, dataset: ds('u4'), type: 'VIEW' }],
    fineGrainedLineages: [
      {
        upstreamType: 'DATASET',
        upstreams: [ds('u4')],
        downstreamType: 'FIELD',
        downstreams: [col('down_set', 'a')],
        confidenceScore: 1,
      },
    ],
  },
  // The union-form input the SDK wrote stays as written; the one added by key is a plain urn.
  'chart: union-form inputs and edges': {
    customProperties: {},
    title: 'Revenue',
    description: '',
    lastModified: { created: STAMP, lastModified: STAMP },
    inputs: [{ string: ds('a') }, ds('b')],
    inputEdges: [stampedEdge(ds('d'))],
  },
  'dashboard: every list': {
    title: '',
    description: '',
    lastModified: { created: NOW, lastModified: NOW },
    chartEdges: [stampedEdge('urn:li:chart:(looker,pt_c1)')],
    datasetEdges: [stampedEdge(ds('a'))],
    datasets: [ds('b')],
    charts: ['urn:li:chart:(looker,pt_c2)'],
    dashboards: [stampedEdge('urn:li:dashboard:(looker,pt_inner)')],
  },
  'dataProduct: assets': {
    name: 'Orders',
    assets: [
      { destinationUrn: ds('b'), outputPort: false },
      { destinationUrn: ds('c'), outputPort: true },
    ],
  },
  'dataProduct: set assets': { assets: [{ destinationUrn: ds('z'), outputPort: false }] },
  'structuredProperties: set and replace': {
    // Values as the SDK writes them (the union member of each value); the later `tier` replaced the first.
    properties: [
      { propertyUrn: prop('tier'), values: [{ string: 'silver' }] },
      { propertyUrn: prop('owners'), values: [{ string: 'a' }, { string: 'b' }] },
    ],
  },
  // From the template default; allowed values keyed by the string their union holds (a later add replaces).
  'propertyDefinition: entity types and allowed values': {
    qualifiedName: 'io.pt.tier',
    valueType: 'urn:li:dataType:datahub.string',
    cardinality: 'SINGLE',
    entityTypes: ['urn:li:entityType:datahub.dataset', 'urn:li:entityType:datahub.chart'],
    allowedValues: [{ value: { string: 'gold' }, description: 'Still the best' }, { value: { string: 'silver' } }],
  },
};

/** Template defaults stamp the write's time: any number, shown as `<now>`. */
function withNow(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withNow);
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if ((o['actor'] === NOW.actor || o['actor'] === CLIENT_NOW.actor) && typeof o['time'] === 'number' && o['time'] > 0)
      return { ...o, time: '<now>' };
    return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, withNow(x)]));
  }
  return v;
}

describe("DataHub's patch builders on the lineage aspects' keyed lists", {
  skip: !hasPython && 'python3 missing',
}, () => {
  let t: Interop;
  let rows: Record<string, [string, string, string | null]>;
  const data = join(tempDir(), 'catalog.lmdb');
  before(async () => {
    t = await startInterop(data);
    rows = await t.py('patch_templates.py');
  });
  after(async () => {
    await t?.server.stop();
  });

  const stored = async (urn: string, aspect: string): Promise<unknown> => {
    const res = await fetch(`${t.server.url}/aspects/${encodeURIComponent(urn)}?aspect=${aspect}&version=0`);
    const text = await res.text();
    assert.equal(res.status, 200, `${urn} ${aspect}: ${text}`);
    const body = JSON.parse(text) as { aspect: Record<string, unknown> };
    return Object.values(body.aspect)[0];
  };

  it('the table covers every row the script ran', () => {
    assert.deepEqual(Object.keys(rows).sort(), Object.keys(EXPECTED).sort());
  });

  for (const name of Object.keys(EXPECTED)) {
    it(name, async () => {
      const [urn, aspect, error] = rows[name]!;
      assert.equal(error, null, `the server refused the row's writes: ${error}`);
      assert.deepEqual(withNow(await stored(urn, aspect)), EXPECTED[name]);
    });
  }

  it('a chart written by the SDK with inputs is downstream of its dataset in GraphQL lineage and searchAcrossLineage, both ways', async () => {
    const chart = 'urn:li:chart:(looker,pt_chart)';
    const gql = async (query: string) => {
      const res = await fetch(`${t.server.url}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      });
      const body = (await res.json()) as any;
      assert.equal(body.errors, undefined, JSON.stringify(body.errors));
      return body.data;
    };
    const up = await gql(
      `{ chart(urn: "${chart}") { lineage(input: { direction: UPSTREAM }) { relationships { type entity { urn } } } } }`,
    );
    assert.deepEqual(up.chart.lineage.relationships.map((r: any) => [r.type, r.entity.urn]).sort(), [
      ['Consumes', ds('a')],
      ['Consumes', ds('b')],
      ['Consumes', ds('d')],
    ]);
    const down = await gql(
      `{ dataset(urn: "${ds('a')}") { lineage(input: { direction: DOWNSTREAM }) { relationships { type entity { urn } } } } }`,
    );
    assert.ok(
      down.dataset.lineage.relationships.some((r: any) => r.type === 'Consumes' && r.entity.urn === chart),
      JSON.stringify(down),
    );
    const search = await gql(
      `{ searchAcrossLineage(input: { urn: "${ds('a')}", direction: DOWNSTREAM, query: "*", types: [CHART] }) { total searchResults { degree entity { urn } } } }`,
    );
    assert.deepEqual(
      search.searchAcrossLineage.searchResults.map((r: any) => [r.entity.urn, r.degree]),
      [[chart, 1]],
    );
    const back = await gql(
      `{ searchAcrossLineage(input: { urn: "${chart}", direction: UPSTREAM, query: "*" }) { searchResults { degree entity { urn } } } }`,
    );
    assert.deepEqual(
      back.searchAcrossLineage.searchResults
        .filter((r: any) => r.degree === 1)
        .map((r: any) => r.entity.urn)
        .sort(),
      [ds('a'), ds('b'), ds('d')],
    );
  });

  it('column lineage added by the builder reads back through `catalog lineage --column` (on the same data file)', async () => {
    const r = await runCli(['lineage', '--urn', ds('down'), '--column', 'a', '--json', '--data', data]);
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.deepEqual(out.results.map((x: any) => [x.urn, x.hops]).sort(), [
      [col('u2', 'a'), 1],
      [col('u2', 'b'), 1],
    ]);
  });
});
