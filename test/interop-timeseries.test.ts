// DataHub's clients of timeseries aspects (issue 13) against a real `catalog serve`: the GraphQL
// Operation client (report_operation, query_operations), get_latest_timeseries_value on a profile
// emitted as an MCP, and the runs of a data job emitted by the SDK's DataProcessInstance — listed by
// `DataJob.runs` and pruned by DataHub's own GC source (DataProcessCleanup, keep the last 5); and
// stateful ingestion (`/config` statefulIngestionCapable): `datahub ingest` keeps its checkpoint as a
// timeseries aspect and soft-deletes what a second run no longer sees.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SAMPLE_URNS as S } from '../src/sample/sample.ts';
import { tempDir } from './helpers.ts';
import { hasPython, requirePython, startInterop, type Interop } from './interop/setup.ts';

requirePython('INTEROP TIMESERIES SUITE');

describe('DataHub clients of operations, profiles and runs against catalog serve', {
  skip: !hasPython && 'python3 missing',
}, () => {
  let t: Interop;
  before(async () => {
    t = await startInterop();
  });
  after(async () => {
    await t?.server.stop();
  });

  it('reports and lists operations, reads the latest profile, lists runs and lets the GC source prune them', async () => {
    const out = await t.py('timeseries_clients.py', [S.usersCreated]);
    assert.deepEqual(out.reported, [true, true, true]);
    assert.deepEqual(
      out.operations.map((o: any) => [o.operationType, o.sourceType, o.numAffectedRows, o.partition]),
      [
        ['DELETE', 'MANUAL', 0, null],
        ['UPDATE', 'DATA_PROCESS', 3, '2026-11-25'],
        ['INSERT', 'DATA_PROCESS', 10, null],
      ],
    );
    assert.ok(out.operations.every((o: any) => typeof o.actor === 'string' && o.actor.startsWith('urn:li:corpuser:')));
    assert.deepEqual(out.profile, { rowCount: 44, timestampMillis: 1_700_000_100_000 });
    assert.deepEqual(out.runs_before, { total: 7, latest: { status: 'COMPLETE', result: { resultType: 'SUCCESS' } } });
    // jobs_found adds up each scroll page's `count`, which echoes the page size as DataHub's does.
    assert.deepEqual({ ...out.cleanup, jobs_found: undefined }, { removed: 2, jobs_found: undefined, failures: [] });
    // The newest five are kept: runs list newest first, by their creation time.
    assert.deepEqual(out.runs_after, out.run_urns.slice(2).reverse());
  });

  it('stateful ingestion: a second `datahub ingest` of a pipeline soft-deletes what it no longer sees', async () => {
    const dir = tempDir();
    const schemas = join(dir, 'schemas');
    mkdirSync(schemas);
    const schema = (name: string) =>
      JSON.stringify({
        $id: `https://example.com/${name}.json`,
        title: name,
        type: 'object',
        properties: { id: { type: 'string' } },
      });
    writeFileSync(join(schemas, 'orders.json'), schema('orders'));
    writeFileSync(join(schemas, 'refunds.json'), schema('refunds'));
    const recipe = join(dir, 'recipe.yml');
    writeFileSync(
      recipe,
      [
        'pipeline_name: schemas_stateful',
        'source:',
        '  type: json-schema',
        '  config:',
        `    path: ${schemas}`,
        '    platform: schemaregistry',
        '    stateful_ingestion: { enabled: true, remove_stale_metadata: true }',
        'sink:',
        '  type: datahub-rest',
        `  config: { server: "${t.server.url}" }`,
        '',
      ].join('\n'),
    );
    const gql = async (query: string) => {
      const res = await fetch(`${t.server.url}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      });
      return ((await res.json()) as { data: any }).data;
    };
    const live = async () => {
      const d = await gql(
        '{ searchAcrossEntities(input: { types: [DATASET], query: "*", count: 50, orFilters: [{ and: [{ field: "platform", values: ["urn:li:dataPlatform:schemaregistry"] }] }] }) { searchResults { entity { urn ... on Dataset { name } } } } }',
      );
      return d.searchAcrossEntities.searchResults.map((r: any) => r.entity.name).sort();
    };
    const first = await t.dh(['ingest', '-c', recipe]);
    assert.equal(first.code, 0, first.stdout + first.stderr);
    const names = await live();
    assert.equal(names.length, 2, JSON.stringify(names));
    rmSync(join(schemas, 'refunds.json'));
    const second = await t.dh(['ingest', '-c', recipe]);
    assert.equal(second.code, 0, second.stdout + second.stderr);
    const left = await live();
    assert.equal(left.length, 1, JSON.stringify(left));
    assert.ok(left[0].includes('orders'), JSON.stringify(left));
  });
});
