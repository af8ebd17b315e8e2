// Ingestion sources over GraphQL (DataHub's ingestion.graphql, resolvers/ingest/source and
// /execution): upsert (what `datahub ingest deploy` sends), read, list with query, filters, sort and
// paging, delete; the runs clients report through REST listed as the source's executions; and the
// messages of DataHub's resolvers — plus the refusal to execute, since Catalog has no executor.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSampleServer, type GqlServer } from './graphql-helpers.ts';

const SOURCE = 'urn:li:dataHubIngestionSource:deploy-abc';
const RECIPE = JSON.stringify({
  source: { type: 'file', config: { path: 'mces.json' } },
  sink: { type: 'datahub-rest', config: { server: 'http://localhost:8080' } },
});

/** What `datahub ingest deploy` sends (datahub/utilities/ingest_utils.py deploy_source_vars). */
const deployInput = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'file',
  config: { recipe: RECIPE, executorId: 'default', debugMode: false, version: null },
  ...extra,
});

const UPDATE =
  'mutation u($urn: String!, $input: UpdateIngestionSourceInput!) { updateIngestionSource(urn: $urn, input: $input) }';
const SOURCE_FIELDS =
  'urn type name schedule { interval timezone } platform { urn } config { recipe executorId version debugMode extraArgs { key value } }';

describe('ingestion sources over GraphQL', () => {
  let s: GqlServer;
  before(async () => {
    s = await startSampleServer({ sample: false });
  });
  after(() => s.close());

  const ok = (query: string, variables?: Record<string, unknown>) => s.ok(query, variables);
  const fails = (query: string, variables?: Record<string, unknown>) => s.fails(query, variables);
  /** A run as `datahub ingest` reports it: input first (synchronously), the result at the end. */
  const reportRun = async (runId: string, source: string, requestedAt: number, status?: string) => {
    const urn = `urn:li:dataHubExecutionRequest:${runId}`;
    const proposal = (aspectName: string, value: unknown) => ({
      entityType: 'dataHubExecutionRequest',
      entityUrn: urn,
      changeType: 'UPSERT',
      aspectName,
      aspect: { value: JSON.stringify(value), contentType: 'application/json' },
    });
    const input = {
      task: 'CLI Ingestion',
      args: { recipe: RECIPE, version: '1.7.0' },
      executorId: '__datahub_cli_',
      requestedAt,
      source: { type: 'CLI_INGESTION_SOURCE', ingestionSource: source },
    };
    const proposals = [proposal('dataHubExecutionRequestInput', input)];
    if (status) {
      const structuredReport = { type: 'CLI_INGEST', serializedValue: '{}', contentType: 'application/json' };
      proposals.push(
        proposal('dataHubExecutionRequestResult', {
          status,
          startTimeMs: requestedAt,
          durationMs: 1200,
          report: '~~~~ Ingestion Report ~~~~',
          structuredReport,
        }),
      );
    }
    const res = await fetch(`${s.server.url}/aspects?action=ingestProposalBatch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ proposals }),
    });
    assert.equal(res.status, 200, await res.text());
    return urn;
  };

  it('updateIngestionSource creates the source its urn names, then replaces its recipe, schedule and config', async () => {
    assert.deepEqual(await ok(UPDATE, { urn: SOURCE, input: deployInput('nightly files') }), {
      updateIngestionSource: SOURCE,
    });
    assert.deepEqual(s.store.getAspect(SOURCE, 'dataHubIngestionSourceInfo')?.value, {
      name: 'nightly files',
      type: 'file',
      config: { recipe: RECIPE, executorId: 'default', debugMode: false },
    });
    const extraArgs = [{ key: 'extra_pip_requirements', value: '["memray"]' }];
    await ok(UPDATE, {
      urn: SOURCE,
      input: deployInput('nightly files v2', {
        schedule: { interval: '0 5 * * *', timezone: 'Europe/Paris' },
        config: { recipe: RECIPE, executorId: 'default', version: '1.7.0', debugMode: true, extraArgs },
      }),
    });
    const d = await ok(`{ ingestionSource(urn: "${SOURCE}") { ${SOURCE_FIELDS} } }`);
    assert.deepEqual(d.ingestionSource, {
      urn: SOURCE,
      type: 'file',
      name: 'nightly files v2',
      schedule: { interval: '0 5 * * *', timezone: 'Europe/Paris' },
      platform: null,
      config: { recipe: RECIPE, executorId: 'default', version: '1.7.0', debugMode: true, extraArgs },
    });
    // The update kept the first version as history.
    assert.equal(
      (s.store.getAspect(SOURCE, 'dataHubIngestionSourceInfo', 1)!.value as { name: string }).name,
      'nightly files',
    );
  });

  it('an update keeps what the input cannot carry (the platform a CLI run recorded)', async () => {
    const cli = 'urn:li:dataHubIngestionSource:cli-0f1e';
    await s.store.write((txn) => {
      txn.putAspect({
        urn: cli,
        entityType: 'dataHubIngestionSource',
        aspectName: 'dataHubIngestionSourceInfo',
        value: {
          name: '[CLI] file',
          type: 'file',
          platform: 'urn:li:dataPlatform:file',
          config: { recipe: '', version: '1.7.0', executorId: '__datahub_cli_' },
        },
        created: { time: 1, actor: 'urn:li:corpuser:datahub' },
        key: { aspectName: 'dataHubIngestionSourceKey', value: { id: 'cli-0f1e' } },
      });
    });
    await ok(UPDATE, { urn: cli, input: deployInput('[CLI] file renamed') });
    const d = await ok(`{ ingestionSource(urn: "${cli}") { name platform { urn } config { executorId } } }`);
    assert.deepEqual(d.ingestionSource, {
      name: '[CLI] file renamed',
      platform: { urn: 'urn:li:dataPlatform:file' },
      config: { executorId: 'default' },
    });
    await ok(`mutation { deleteIngestionSource(urn: "${cli}") }`);
  });

  it('createIngestionSource makes a new urn each time', async () => {
    const one = (
      await ok('mutation c($input: UpdateIngestionSourceInput!) { createIngestionSource(input: $input) }', {
        input: deployInput('adhoc'),
      })
    ).createIngestionSource;
    assert.match(one, /^urn:li:dataHubIngestionSource:[0-9a-f-]{36}$/);
    const two = (
      await ok('mutation c($input: UpdateIngestionSourceInput!) { createIngestionSource(input: $input) }', {
        input: deployInput('adhoc'),
      })
    ).createIngestionSource;
    assert.notEqual(one, two);
    await ok(`mutation { a: deleteIngestionSource(urn: "${one}") b: deleteIngestionSource(urn: "${two}") }`);
  });

  it('lists sources newest first, by query words, by filters (CONTAIN as list-source-runs sends), sorted by name, paged', async () => {
    const other = 'urn:li:dataHubIngestionSource:deploy-mysql';
    await ok(UPDATE, { urn: other, input: { ...deployInput('mysql prod'), type: 'mysql' } });
    const list = async (input: Record<string, unknown>) =>
      (
        await ok(
          'query l($input: ListIngestionSourcesInput!) { listIngestionSources(input: $input) { start count total ingestionSources { urn } } }',
          { input },
        )
      ).listIngestionSources;
    const urns = (r: { ingestionSources: Array<{ urn: string }> }) => r.ingestionSources.map((x) => x.urn);

    assert.deepEqual(urns(await list({})), [other, SOURCE]);
    assert.deepEqual(urns(await list({ query: 'PROD' })), [other]);
    assert.deepEqual(urns(await list({ query: '*' })), [other, SOURCE]);
    assert.deepEqual(urns(await list({ filters: [{ field: 'urn', values: ['deploy-abc'], condition: 'CONTAIN' }] })), [
      SOURCE,
    ]);
    assert.deepEqual(urns(await list({ filters: [{ field: 'name', values: ['NIGHTLY'], condition: 'CONTAIN' }] })), [
      SOURCE,
    ]);
    assert.deepEqual(urns(await list({ filters: [{ field: 'type', values: ['mysql'], negated: true }] })), [SOURCE]);
    assert.deepEqual(urns(await list({ filters: [{ field: 'sourceExecutorId', values: ['default'] }] })), [
      other,
      SOURCE,
    ]);
    assert.deepEqual(urns(await list({ sort: { field: 'name', sortOrder: 'ASCENDING' } })), [SOURCE, other]); // file < mysql
    assert.deepEqual(urns(await list({ sort: { field: 'name', sortOrder: 'DESCENDING' } })), [other, SOURCE]);
    assert.deepEqual(await list({ start: 1, count: 1 }), {
      start: 1,
      count: 1,
      total: 2,
      ingestionSources: [{ urn: SOURCE }],
    });
    assert.deepEqual(
      await fails('{ listIngestionSources(input: { filters: [{ field: "color", values: ["red"] }] }) { total } }'),
      ['Unknown filter field "color"', 400],
    );
    assert.deepEqual(await fails('{ listIngestionSources(input: { count: -1 }) { total } }'), [
      'count: expected a non-negative integer, got -1',
      400,
    ]);
    await ok(`mutation { deleteIngestionSource(urn: "${other}") }`);
  });

  it('executions are the runs reported for the source, latest first, with input and result; executionRequest reads one', async () => {
    const first = await reportRun('file-2024_01_01-00_00_00-a1', SOURCE, 1_700_000_000_000, 'SUCCESS');
    const second = await reportRun('file-2024_01_02-00_00_00-b2', SOURCE, 1_700_000_100_000, 'FAILURE');
    const running = await reportRun('file-2024_01_03-00_00_00-c3', SOURCE, 1_700_000_200_000);
    await reportRun('elsewhere', 'urn:li:dataHubIngestionSource:other', 1_700_000_300_000, 'SUCCESS');

    // The document `datahub ingest list-source-runs` sends (cli/ingest_cli.py).
    const d = await ok(
      `query listIngestionRuns($input: ListIngestionSourcesInput!) {
      listIngestionSources(input: $input) { ingestionSources { urn name executions { executionRequests { id result { startTimeMs status } } } } } }`,
      { input: { start: 0, count: 100, filters: [{ field: 'urn', values: [SOURCE], condition: 'CONTAIN' }] } },
    );
    assert.deepEqual(d.listIngestionSources.ingestionSources, [
      {
        urn: SOURCE,
        name: 'nightly files v2',
        executions: {
          executionRequests: [
            { id: 'file-2024_01_03-00_00_00-c3', result: null },
            { id: 'file-2024_01_02-00_00_00-b2', result: { startTimeMs: 1_700_000_100_000, status: 'FAILURE' } },
            { id: 'file-2024_01_01-00_00_00-a1', result: { startTimeMs: 1_700_000_000_000, status: 'SUCCESS' } },
          ],
        },
      },
    ]);

    const page = await ok(
      `{ ingestionSource(urn: "${SOURCE}") { executions(start: 1, count: 1) { start count total executionRequests { urn } } } }`,
    );
    assert.deepEqual(page.ingestionSource.executions, {
      start: 1,
      count: 1,
      total: 3,
      executionRequests: [{ urn: second }],
    });

    const e = await ok(`{ executionRequest(urn: "${first}") { urn type id
      input { task source { type ingestionSource } arguments { key } requestedAt executorId }
      result { status startTimeMs durationMs report structuredReport { type contentType } }
      source { urn name } } }`);
    assert.deepEqual(e.executionRequest, {
      urn: first,
      type: 'EXECUTION_REQUEST',
      id: 'file-2024_01_01-00_00_00-a1',
      input: {
        task: 'CLI Ingestion',
        source: { type: 'CLI_INGESTION_SOURCE', ingestionSource: SOURCE },
        arguments: [{ key: 'recipe' }, { key: 'version' }],
        requestedAt: 1_700_000_000_000,
        executorId: '__datahub_cli_',
      },
      result: {
        status: 'SUCCESS',
        startTimeMs: 1_700_000_000_000,
        durationMs: 1200,
        report: '~~~~ Ingestion Report ~~~~',
        structuredReport: { type: 'CLI_INGEST', contentType: 'application/json' },
      },
      source: { urn: SOURCE, name: 'nightly files v2' },
    });
    // A run is an entity too: relationships reach it from its source.
    const rel = await ok(
      `{ entity(urn: "${running}") { ... on ExecutionRequest { id } relationships(input: { types: ["ingestionSource"], direction: OUTGOING }) { total } } }`,
    );
    assert.deepEqual(rel.entity, { id: 'file-2024_01_03-00_00_00-c3', relationships: { total: 1 } });
  });

  it('createIngestionExecutionRequest says Catalog has no executor and how to run the recipe instead', async () => {
    const [message, code] = await fails(
      `mutation { createIngestionExecutionRequest(input: { ingestionSourceUrn: "${SOURCE}" }) }`,
    );
    assert.equal(code, 400);
    assert.match(
      message,
      /^Cannot run ingestion source urn:li:dataHubIngestionSource:deploy-abc: running a recipe needs DataHub's ingestion executor/,
    );
    assert.match(message, /`datahub ingest -c recipe\.yml`/);
    assert.equal(s.store.urnsOfType('dataHubExecutionRequest').length, 4, 'no request was queued');
  });

  it("answers with DataHub's messages: missing sources and requests, malformed urns, bad schedules", async () => {
    const missing = 'urn:li:dataHubIngestionSource:nope';
    assert.deepEqual(await fails(`{ ingestionSource(urn: "${missing}") { urn } }`), [
      `Failed to find Ingestion Source with urn ${missing}`,
      404,
    ]);
    assert.deepEqual(await fails('{ executionRequest(urn: "urn:li:dataHubExecutionRequest:nope") { urn } }'), [
      'Failed to find Execution Request with urn urn:li:dataHubExecutionRequest:nope',
      404,
    ]);
    assert.deepEqual(
      await fails(`mutation { createIngestionExecutionRequest(input: { ingestionSourceUrn: "${missing}" }) }`),
      [`Failed to find ingestion source with urn ${missing}`, 400],
    );
    assert.deepEqual(await fails(UPDATE, { urn: 'not a urn', input: deployInput('x') }), [
      'Malformed urn not a urn provided.',
      400,
    ]);
    assert.deepEqual(await fails(UPDATE, { urn: 'urn:li:tag:x', input: deployInput('x') }), [
      'urn:li:tag:x is not an ingestion source urn (expected urn:li:dataHubIngestionSource:…)',
      400,
    ]);
    assert.deepEqual(
      await fails(UPDATE, {
        urn: SOURCE,
        input: deployInput('x', { schedule: { interval: '0 5 * *', timezone: 'UTC' } }),
      }),
      ['Invalid cron schedule `0 5 * *`: Cron expression must consist of 6 fields (found 4 in "0 5 * *")', 400],
    );
    assert.deepEqual(
      await fails(UPDATE, {
        urn: SOURCE,
        input: deployInput('x', { schedule: { interval: '0 25 * * *', timezone: 'UTC' } }),
      }),
      ['Invalid cron schedule `0 25 * * *`: hours: 25 is out of range 0-23 in cron expression "0 0 25 * * *"', 400],
    );
    assert.deepEqual(
      await fails(UPDATE, {
        urn: SOURCE,
        input: deployInput('x', { schedule: { interval: '*/15 9-17 * JAN-MAR MON-FRI', timezone: 'Mars/Olympus' } }),
      }),
      ['Invalid timezone `Mars/Olympus`: Unknown time-zone ID: Mars/Olympus', 400],
    );
    assert.deepEqual(await fails(`mutation { deleteIngestionSource(urn: "${missing}") }`), [
      `Failed to perform delete against ingestion source with urn ${missing}. Ingestion source does not exist.`,
      400,
    ]);
    assert.equal(
      (await ok(`{ ingestionSource(urn: "${SOURCE}") { name } }`)).ingestionSource.name,
      'nightly files v2',
      'nothing was written',
    );
  });

  it('accepts the cron forms Spring does: 5 or 6 fields, names, steps, L/W/# and macros', async () => {
    for (const interval of [
      '0 0 * * *',
      '0 */5 * * * *',
      '0 0 12 ? * MON#2',
      '0 0 L * *',
      '0 0 15W * ?',
      '@daily',
      '0 0 1 1,6 SUN-SAT',
    ]) {
      await ok(UPDATE, {
        urn: 'urn:li:dataHubIngestionSource:cron',
        input: deployInput('cron', { schedule: { interval, timezone: 'America/New_York' } }),
      });
    }
    await ok('mutation { deleteIngestionSource(urn: "urn:li:dataHubIngestionSource:cron") }');
  });

  it('deleteIngestionSource removes the source; the runs reported for it stay', async () => {
    assert.deepEqual(await ok(`mutation { deleteIngestionSource(urn: "${SOURCE}") }`), {
      deleteIngestionSource: SOURCE,
    });
    assert.equal(s.store.entityExists(SOURCE), false);
    assert.equal((await ok('{ listIngestionSources(input: {}) { total } }')).listIngestionSources.total, 0);
    const e = await ok(
      '{ executionRequest(urn: "urn:li:dataHubExecutionRequest:file-2024_01_01-00_00_00-a1") { id source { urn } } }',
    );
    assert.deepEqual(e.executionRequest, { id: 'file-2024_01_01-00_00_00-a1', source: null });
  });
});
