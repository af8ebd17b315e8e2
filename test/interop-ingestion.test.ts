// DataHub's real CLI and SDK (acryl-datahub, pinned in scripts/interop-venv.sh) managing ingestion
// sources against `catalog serve`: `datahub ingest deploy` creates and re-deploys (updates) a source,
// `datahub ingest -c` runs the recipe and reports the run, `datahub ingest list-source-runs` lists it,
// the SDK reads, fails to execute (no executor here) and deletes the source; and DataHubGraph's invite
// token and role assignment calls. Telemetry off, HOME in a temp dir, no call leaves the machine.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { RunResult, SpawnedServer } from './helpers.ts';
import { hasPython, requirePython, startInterop, type Interop } from './interop/setup.ts';

requirePython('INTEROP INGESTION SUITE');

describe('datahub ingest deploy / list-source-runs and DataHubGraph roles against catalog serve', {
  skip: !hasPython && 'python3 missing',
}, () => {
  let t: Interop;
  let server: SpawnedServer;
  let recipe: string;
  let deployed: string;

  before(async () => {
    t = await startInterop();
    server = t.server;
    const mcps = join(t.home, 'mcps.json');
    writeFileSync(
      mcps,
      JSON.stringify([
        {
          entityType: 'dataset',
          entityUrn: 'urn:li:dataset:(urn:li:dataPlatform:mysql,shop.orders,PROD)',
          changeType: 'UPSERT',
          aspectName: 'status',
          aspect: { json: { removed: false } },
        },
      ]),
    );
    recipe = join(t.home, 'recipe.yml');
    writeFileSync(
      recipe,
      `source:\n  type: file\n  config:\n    path: ${mcps}\nsink:\n  type: datahub-rest\n  config:\n    server: ${server.url}\n`,
    );
  });
  after(async () => {
    await server?.stop();
  });

  const dh = (args: string[]): Promise<RunResult> => t.dh(args);
  const py = (args: string[]): Promise<any> => t.py('ingestion_sources.py', args);

  it('datahub ingest deploy creates the source, and deploying again updates it in place', async () => {
    const first = await dh(['ingest', 'deploy', '-n', 'nightly files', '-c', recipe]);
    assert.equal(first.code, 0, first.stdout + first.stderr);
    assert.match(first.stdout, /✅ Successfully wrote data ingestion source metadata for recipe nightly files:/);
    const m = /\{'updateIngestionSource': '(urn:li:dataHubIngestionSource:deploy-[0-9a-f]+)'\}/.exec(first.stdout);
    assert.ok(m, first.stdout);
    deployed = m[1]!;

    const again = await dh([
      'ingest',
      'deploy',
      '-n',
      'nightly files',
      '-c',
      recipe,
      '--schedule',
      '0 5 * * *',
      '--time-zone',
      'Europe/Paris',
      '--extra-pip',
      '["memray"]',
    ]);
    assert.equal(again.code, 0, again.stdout + again.stderr);
    assert.ok(again.stdout.includes(`{'updateIngestionSource': '${deployed}'}`), again.stdout);

    const source = await py(['source', deployed]);
    assert.deepEqual(source, {
      urn: deployed,
      name: 'nightly files',
      type: 'file',
      schedule: { interval: '0 5 * * *', timezone: 'Europe/Paris' },
      config: {
        executorId: 'default',
        recipe: {
          source: { type: 'file', config: { path: join(t.home, 'mcps.json') } },
          sink: { type: 'datahub-rest', config: { server: server.url } },
        },
      },
      executions: { total: 0, executionRequests: [] },
    });
  });

  it("a bad schedule is refused with DataHub's message and the CLI exits 1", async () => {
    const r = await dh(['ingest', 'deploy', '-n', 'nightly files', '-c', recipe, '--schedule', '0 5 * *']);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stderr, /Invalid cron schedule `0 5 \* \*`: Cron expression must consist of 6 fields/);
  });

  it('datahub ingest -c reports its run; datahub ingest list-source-runs lists it', async () => {
    const run = await dh(['ingest', '-c', recipe]);
    assert.equal(run.code, 0, run.stdout + run.stderr);

    const all = await dh(['ingest', 'list-source-runs']);
    assert.equal(all.code, 0, all.stdout + all.stderr);
    const row = all.stdout.split('\n').find((l) => l.includes('[CLI] file'));
    assert.ok(row, all.stdout);
    const cells = row
      .split('|')
      .map((c) => c.trim())
      .filter(Boolean);
    // execution id, source name, start time, status, source urn (INGEST_SRC_TABLE_COLUMNS)
    assert.equal(cells[1], '[CLI] file');
    assert.match(cells[2]!, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    assert.equal(cells[3], 'SUCCESS');
    assert.match(cells[4]!, /^urn:li:dataHubIngestionSource:cli-[0-9a-f]+$/);

    // The deployed source has no run: Catalog has no executor to run it.
    const mine = await dh(['ingest', 'list-source-runs', '--urn', deployed]);
    assert.equal(mine.stdout.trim(), 'No execution data found.');
    const byName = await dh(['ingest', 'list-source-runs', '--source', 'CLI']);
    assert.ok(byName.stdout.includes('SUCCESS'), byName.stdout);
    assert.ok(!byName.stdout.includes(deployed), byName.stdout);
  });

  it('executing a deployed source fails, saying to run the recipe with datahub ingest; delete removes it', async () => {
    const { error } = await py(['execute', deployed]);
    assert.match(
      error,
      /Cannot run ingestion source urn:li:dataHubIngestionSource:deploy-[0-9a-f]+: running a recipe needs DataHub\\?'s ingestion executor/,
    );
    assert.deepEqual(await py(['delete', deployed]), { deleteIngestionSource: deployed });
    const after = await dh(['ingest', 'list-source-runs', '--urn', deployed]);
    assert.equal(after.stdout.trim(), 'No ingestion sources or executions found.');
  });

  it('DataHubGraph gets an invite token (the same one twice) and assigns a role', async () => {
    assert.deepEqual(await py(['invite-and-assign', 'urn:li:corpuser:jdoe', 'editor']), {
      tokenLength: 32,
      sameToken: true,
      roles: ['urn:li:dataHubRole:Editor'],
    });
  });
});
