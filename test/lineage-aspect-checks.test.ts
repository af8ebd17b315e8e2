/**
 * The enums and required fields DataHub's schema declares for the lineage aspects are checked on
 * write (issue 48 item 5): `upstreamLineage` (its upstreams, each upstream's dataset and lineage type,
 * the column lineage types) and `dataJobInputOutput` (its two required dataset lists, an edge's
 * destination, the column lineage types). DataHub's reader refuses such a value, so a catalog that
 * stored it would hand DataHub an aspect it drops. A refused value is written nowhere; the sample's
 * lineage and a value as DataHub's SDK writes it pass.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { SHOWCASE_MCPS } from '../src/sample/showcase.ts';
import { startServer, type RunningServer } from '../src/server/server.ts';
import type { Store } from '../src/store/store.ts';
import { ingestProposal, tempDataPath } from './helpers.ts';

const A = 'urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)';
const B = 'urn:li:dataset:(urn:li:dataPlatform:hive,b,PROD)';
const JOB = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,nightly,prod),load)';
const col = (dataset: string, path: string) => `urn:li:schemaField:(${dataset},${path})`;

/** Column lineage as DataHub's SDK writes it: both types set. */
const FINE = {
  upstreamType: 'FIELD_SET',
  upstreams: [col(A, 'email')],
  downstreamType: 'FIELD',
  downstreams: [col(B, 'email')],
  transformOperation: 'IDENTITY',
  confidenceScore: 1.0,
};
const LINEAGE = { upstreams: [{ dataset: A, type: 'TRANSFORMED' }], fineGrainedLineages: [FINE] };
const JOB_IO = { inputDatasets: [A], outputDatasets: [B], fineGrainedLineages: [FINE] };

const withOut = (value: Record<string, unknown>, field: string) =>
  Object.fromEntries(Object.entries(value).filter(([k]) => k !== field));

describe('lineage aspects: DataHub’s enums and required fields, checked on write', () => {
  let store: Store;
  let server: RunningServer;
  const ingest = (entityType: string, urn: string, aspectName: string, value: unknown) =>
    ingestProposal(server.url, entityType, urn, aspectName, value);

  before(async () => {
    store = openCatalog(tempDataPath());
    server = await startServer({ store, port: 0 });
  });
  after(async () => {
    await server.close();
    await store.close();
  });

  it('values as DataHub’s SDK writes them are stored', async () => {
    assert.equal((await ingest('dataset', B, 'upstreamLineage', LINEAGE)).status, 200);
    assert.deepEqual(store.getAspect(B, 'upstreamLineage')?.value, LINEAGE);
    assert.equal((await ingest('dataJob', JOB, 'dataJobInputOutput', JOB_IO)).status, 200);
    assert.deepEqual(store.getAspect(JOB, 'dataJobInputOutput')?.value, JOB_IO);
  });

  it('a value DataHub refuses is refused with the aspect, the field path and the allowed values; nothing is written', async () => {
    const cases: Array<[string, string, string, unknown, string]> = [
      [
        'dataset',
        'upstreamLineage',
        'upstream FIELD',
        { ...LINEAGE, fineGrainedLineages: [{ ...FINE, upstreamType: 'FIELD' }] },
        'Invalid upstreamLineage at fineGrainedLineages[0].upstreamType: expected one of FIELD_SET, DATASET, NONE, got the string "FIELD"',
      ],
      [
        'dataset',
        'upstreamLineage',
        'downstream DATASET',
        { ...LINEAGE, fineGrainedLineages: [FINE, { ...FINE, downstreamType: 'DATASET' }] },
        'Invalid upstreamLineage at fineGrainedLineages[1].downstreamType: expected one of FIELD, FIELD_SET, got the string "DATASET"',
      ],
      [
        'dataset',
        'upstreamLineage',
        'no upstream type',
        { ...LINEAGE, fineGrainedLineages: [withOut(FINE, 'upstreamType')] },
        'Invalid upstreamLineage at fineGrainedLineages[0].upstreamType: required field is missing',
      ],
      [
        'dataset',
        'upstreamLineage',
        'no downstream type',
        { ...LINEAGE, fineGrainedLineages: [withOut(FINE, 'downstreamType')] },
        'Invalid upstreamLineage at fineGrainedLineages[0].downstreamType: required field is missing',
      ],
      [
        'dataset',
        'upstreamLineage',
        'no upstreams',
        withOut(LINEAGE, 'upstreams'),
        'Invalid upstreamLineage at upstreams: required field is missing',
      ],
      [
        'dataset',
        'upstreamLineage',
        'no lineage type',
        { upstreams: [{ dataset: A }] },
        'Invalid upstreamLineage at upstreams[0].type: required field is missing',
      ],
      [
        'dataset',
        'upstreamLineage',
        'lineage type COPIED',
        { upstreams: [{ dataset: A, type: 'COPIED' }] },
        'Invalid upstreamLineage at upstreams[0].type: expected one of COPY, TRANSFORMED, VIEW, got the string "COPIED"',
      ],
      [
        'dataset',
        'upstreamLineage',
        'no dataset',
        { upstreams: [{ type: 'COPY' }] },
        'Invalid upstreamLineage at upstreams[0].dataset: required field is missing',
      ],
      [
        'dataJob',
        'dataJobInputOutput',
        'no inputDatasets',
        withOut(JOB_IO, 'inputDatasets'),
        'Invalid dataJobInputOutput at inputDatasets: required field is missing',
      ],
      [
        'dataJob',
        'dataJobInputOutput',
        'no outputDatasets',
        withOut(JOB_IO, 'outputDatasets'),
        'Invalid dataJobInputOutput at outputDatasets: required field is missing',
      ],
      [
        'dataJob',
        'dataJobInputOutput',
        'an edge without destination',
        { ...JOB_IO, inputDatasetEdges: [{ sourceUrn: JOB }] },
        'Invalid dataJobInputOutput at inputDatasetEdges[0].destinationUrn: required field is missing',
      ],
      [
        'dataJob',
        'dataJobInputOutput',
        'job upstream FIELD',
        { ...JOB_IO, fineGrainedLineages: [{ ...FINE, upstreamType: 'FIELD' }] },
        'Invalid dataJobInputOutput at fineGrainedLineages[0].upstreamType: expected one of FIELD_SET, DATASET, NONE, got the string "FIELD"',
      ],
    ];
    for (const [type, aspect, label, value, message] of cases) {
      const urn =
        type === 'dataset' ? `urn:li:dataset:(urn:li:dataPlatform:hive,${label.replace(/ /g, '_')},PROD)` : JOB;
      const before = store.getAspect(urn, aspect)?.value;
      const r = await ingest(type, urn, aspect, value);
      assert.equal(r.status, 422, label);
      assert.equal(r.body.message, `proposal: ${message}`, label);
      assert.deepEqual(store.getAspect(urn, aspect)?.value, before, `${label}: nothing written`);
    }
  });

  it('a lineage edit on a job without inputs and outputs yet writes DataHub’s required lists', async () => {
    const job = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,nightly,prod),fresh)';
    assert.equal((await ingest('dataJob', job, 'dataJobInfo', { name: 'fresh', type: 'COMMAND' })).status, 200);
    assert.equal((await ingest('dataset', A, 'status', { removed: false })).status, 200);
    const res = await fetch(`${server.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `mutation { updateLineage(input: { edgesToAdd: [{ upstreamUrn: "${job}", downstreamUrn: "${A}" }], edgesToRemove: [] }) }`,
      }),
    });
    assert.deepEqual(((await res.json()) as any).data, { updateLineage: true });
    const io = store.getAspect(job, 'dataJobInputOutput')?.value as Record<string, unknown>;
    assert.deepEqual([io['inputDatasets'], io['outputDatasets']], [[], []]);
    assert.deepEqual(
      (io['outputDatasetEdges'] as Array<{ destinationUrn: string }>).map((e) => e.destinationUrn),
      [A],
    );
  });

  it('the sample’s lineage aspects pass the checks', async () => {
    type Mcp = { entityType: string; entityUrn: string; aspectName: string; aspect: { json: unknown } };
    const lineage = (SHOWCASE_MCPS as readonly Mcp[]).filter(
      (m) => m.aspectName === 'upstreamLineage' || m.aspectName === 'dataJobInputOutput',
    );
    assert.ok(lineage.length >= 5, `${lineage.length} lineage aspects in the sample`);
    for (const m of lineage) {
      const r = await ingest(m.entityType, m.entityUrn, m.aspectName, m.aspect.json);
      assert.equal(r.status, 200, `${m.entityUrn} ${m.aspectName}: ${JSON.stringify(r.body)}`);
    }
  });
});
