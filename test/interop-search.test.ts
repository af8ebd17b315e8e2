// DataHub's own search clients (acryl-datahub, pinned in scripts/interop-venv.sh) against a real
// `catalog serve` on the sample (issue 14 item 5): DataHubGraph.get_urns_by_filter scrolling with
// batches of one and two, DataHubClient.search.get_urns with FilterDsl, `datahub search`, and
// `datahub delete --platform` (dry run, then for real). Telemetry off, HOME in a temp dir, no call
// leaves the machine.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SAMPLE_URNS as S } from '../src/sample/sample.ts';
import { hasPython, requirePython, startInterop, type Interop } from './interop/setup.ts';

requirePython('INTEROP SEARCH SUITE');

describe("DataHub's search clients against catalog serve", { skip: !hasPython && 'python3 missing' }, () => {
  let t: Interop;
  before(async () => {
    t = await startInterop();
  });
  after(async () => {
    await t?.server.stop();
  });

  it('get_urns_by_filter and search.get_urns return what DataHub would, through scrollAcrossEntities', async () => {
    const r = await t.py('search_clients.py');
    const datasets = [S.hdfsSample, S.hiveSample, S.usersCreated, S.usersDeleted, S.kafkaSample].sort();
    assert.deepEqual(r.all_datasets, datasets, 'scrolled two at a time');
    assert.deepEqual(r.hive, [S.hiveSample, S.usersCreated, S.usersDeleted].sort(), 'scrolled one at a time');
    assert.deepEqual(r.prod_query, [S.usersCreated, S.usersDeleted].sort());
    assert.deepEqual(r.only_deleted, []);
    assert.deepEqual(r.users, [S.datahub, S.jdoe]);
    assert.deepEqual(r.sdk_platform, [S.kafkaSample]);
    assert.deepEqual(r.sdk_tag, [S.hiveSample]);
    assert.deepEqual(r.sdk_not, [S.hdfsSample, S.kafkaSample].sort());
    assert.deepEqual(r.sdk_or, [S.hdfsSample, S.kafkaSample].sort());
    assert.deepEqual(r.sdk_query, [S.usersDeleted]);
  });

  it('datahub search prints the matches and their facets as JSON', async () => {
    const r = await t.dh(['search', 'users', '--format', 'json']);
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.deepEqual(out.searchResults.map((x: any) => x.entity.urn).sort(), [S.usersCreated, S.usersDeleted].sort());
    const platform = out.facets.find((f: any) => f.field === 'platform');
    assert.deepEqual(
      platform.aggregations.map((a: any) => [a.value, a.count]),
      [['urn:li:dataPlatform:hive', 2]],
    );
  });

  it("datahub delete --platform finds the platform's datasets by search; a dry run deletes nothing, a real run soft-deletes", async () => {
    const dry = await t.dh(['delete', '--platform', 'kafka', '--dry-run']);
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(
      dry.stdout,
      /Found 1 dataset urn\(s\)\. Sample: \['urn:li:dataset:\(urn:li:dataPlatform:kafka,SampleKafkaDataset,PROD\)'\]/,
    );
    assert.match(dry.stdout, /\[Dry-run\] Would delete 1 entities/);
    const real = await t.dh(['delete', '--platform', 'kafka', '--force']);
    assert.equal(real.code, 0, real.stderr);
    const after = await t.py('search_clients.py');
    assert.deepEqual(after.only_deleted, [S.kafkaSample], 'soft-deleted, and found as such');
    assert.ok(!after.all_datasets.includes(S.kafkaSample), 'hidden from the default search');
  });
});
