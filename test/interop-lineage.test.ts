// DataHub's own lineage clients against a real `catalog serve` (issue 14, docs/datahub/discovery.md §3.1):
// the SDK's `DataHubClient.lineage` (add_lineage, get_lineage over scrollAcrossLineage, column lineage
// with its SCHEMA_FIELD grouping) and `datahub lineage --format json`. Without the interop virtualenv the
// suite fails, saying to run scripts/setup.sh.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SAMPLE_URNS as S } from '../src/sample/sample.ts';
import { hasPython, requirePython, startInterop, type Interop } from './interop/setup.ts';

requirePython('LINEAGE INTEROP SUITE');

const JOB = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,lineage_interop,prod),load)';
const column = (dataset: string) => `urn:li:schemaField:(${dataset},user_name)`;

describe("DataHub's lineage clients against catalog serve", { skip: !hasPython && 'python3 missing' }, () => {
  let t: Interop;
  before(async () => {
    t = await startInterop();
  });
  after(async () => {
    await t?.server.stop();
  });

  it('DataHubClient.lineage: add_lineage writes, get_lineage reads hops 1 and 3, downstream and column lineage', async () => {
    // SampleHiveDataset → fct_users_created (add_lineage) → job → fct_users_deleted; a column edge deleted.user_name ← created.user_name.
    const r = await t.py('lineage_client.py', [S.hiveSample, S.usersCreated, S.usersDeleted]);
    assert.deepEqual(r.up1, [[JOB, 'DATA_JOB', 1, []]]);
    assert.deepEqual(r.up3, [
      [JOB, 'DATA_JOB', 1, []],
      [S.usersCreated, 'DATASET', 2, []],
      [S.hiveSample, 'DATASET', 3, []],
    ]);
    assert.deepEqual(r.down2, [
      [S.usersCreated, 'DATASET', 1, []],
      [JOB, 'DATA_JOB', 2, []],
    ]);
    assert.deepEqual(r.column, [
      [column(S.usersCreated), 'SCHEMA_FIELD', 1, [column(S.usersDeleted), column(S.usersCreated)]],
    ]);
  });

  it('datahub lineage --format json (upstream by default, 3 hops = the whole graph)', async () => {
    const r = await t.dh(['lineage', '--urn', S.usersDeleted, '--format', 'json']);
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout.slice(r.stdout.indexOf('{')));
    assert.deepEqual(out.metadata, {
      direction: 'upstream',
      hops_requested: 3,
      max_hops_found: 3,
      count: 3,
      capped: false,
    });
    assert.deepEqual(
      out.results.map((x: any) => [x.urn, x.type, x.hops]).sort((a: any, b: any) => a[2] - b[2]),
      [
        [JOB, 'DATA_JOB', 1],
        [S.usersCreated, 'DATASET', 2],
        [S.hiveSample, 'DATASET', 3],
      ],
    );
    const table = await t.dh(['lineage', '--urn', S.hiveSample, '--direction', 'downstream', '--hops', '1']);
    assert.equal(table.code, 0, table.stderr);
    assert.match(table.stdout, /Downstream lineage: 1 entities, up to 1 hops/);
    assert.match(table.stdout, /1\s+DATASET\s+hive\s+fct_users_created\s+urn:li:dataset:/);
  });
});
