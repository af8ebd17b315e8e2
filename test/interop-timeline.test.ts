// DataHub's real CLI and SDK (acryl-datahub, pinned in scripts/interop-venv.sh) reading through the
// OpenAPI endpoints of docs/datahub/discovery.md §7.4–§7.5: `datahub timeline` against the change history
// of a dataset edited three times, and DataHubGraph.get_entities (v3 batchGet). A real `catalog
// serve` on an ephemeral port; telemetry off, HOME in a temp dir, no call leaves the machine.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { SAMPLE_URNS as S } from '../src/sample/sample.ts';
import type { RunResult, SpawnedServer } from './helpers.ts';
import { hasPython, requirePython, startInterop, type Interop } from './interop/setup.ts';

requirePython('INTEROP TIMELINE SUITE');

const MISSING = 'urn:li:dataset:(urn:li:dataPlatform:hive,no_such_table,PROD)';

/** Python's `urllib.parse.quote(s, safe="")`, which the CLI encodes urns with (docs/datahub/rest-cli.md §1.5). */
const quote = (s: string): string =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

describe('DataHub CLI timeline and SDK get_entities against catalog serve', {
  skip: !hasPython && 'python3 missing',
}, () => {
  let t: Interop;
  let server: SpawnedServer;

  before(async () => {
    t = await startInterop();
    server = t.server;
  });
  after(async () => {
    await server?.stop();
  });

  const dh = (args: string[]): Promise<RunResult> => t.dh(args);
  const py = (script: string, args: string[], extraEnv: Record<string, string> = {}): Promise<any> =>
    t.py(script, args, extraEnv);
  /** One GraphQL mutation in its own millisecond, so each edit is its own timeline transaction. */
  const mutate = async (document: string): Promise<void> => {
    await sleep(3);
    const res = await fetch(`${server.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: document }),
    });
    const body = (await res.json()) as { errors?: unknown };
    assert.equal(body.errors, undefined, JSON.stringify(body.errors));
    await sleep(3);
  };

  it('datahub timeline lists a tag, a description and an owner added to a dataset, oldest first', async () => {
    const urn = S.usersDeleted;
    const start = Date.now();
    await mutate(`mutation { addTag(input: { tagUrn: "${S.legacy}", resourceUrn: "${urn}" }) }`);
    await mutate(
      `mutation { updateDataset(urn: "${urn}", input: { editableProperties: { description: "Users who left" } }) { urn } }`,
    );
    await mutate(
      `mutation { addOwner(input: { ownerUrn: "${S.datahub}", ownerEntityType: CORP_USER, type: TECHNICAL_OWNER, resourceUrn: "${urn}" }) }`,
    );

    const r = await dh([
      'timeline',
      '--urn',
      urn,
      '--category',
      'TAG',
      '--category',
      'OWNER',
      '--category',
      'DOCUMENTATION',
      '--start',
      String(start),
    ]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const lines = r.stdout.trimEnd().split('\n');
    // The CLI echoes the URL it calls first: OWNER went out as OWNERSHIP.
    assert.equal(
      lines[0],
      `${server.url}/openapi/v2/timeline/v1/${quote(urn)}?categories=TAG,OWNERSHIP,DOCUMENTATION&startTime=${start}`,
    );
    const target = 'dataset:hive:fct_users_deleted';
    assert.deepEqual(
      lines.slice(1).map((l) => l.replace(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d - /, '<time> - ')),
      [
        '<time> - 0.0.0-computed',
        `\tADD TAG ${target} (urn:li:tag:Legacy): Tag 'Legacy' added to entity '${urn}'.`,
        '<time> - 0.1.0-computed',
        `\tADD DOCUMENTATION ${target} : Documentation for '${urn}' has been added: 'Users who left'.`,
        '<time> - 0.2.0-computed',
        `\tADD OWNERSHIP ${target} (urn:li:corpuser:datahub): 'datahub' added as a \`TECHNICAL_OWNER\` of '${urn}'.`,
      ],
    );

    // --verbose prints the server's JSON as is.
    const verbose = await dh(['timeline', '--urn', urn, '-c', 'tag', '--start', String(start), '--verbose']);
    assert.equal(verbose.code, 0, verbose.stderr);
    const json = JSON.parse(verbose.stdout.slice(verbose.stdout.indexOf('\n') + 1));
    assert.deepEqual(
      json.map((t: { changeEvents: Array<{ operation: string; modifier: string }> }) =>
        t.changeEvents.map((e) => [e.operation, e.modifier]),
      ),
      [[['ADD', S.legacy]]],
    );
  });

  it('DataHubGraph.get_entities reads typed aspects through OpenAPI v3 batchGet, leaving out urns with no aspect', async () => {
    const some = await py('get_entities.py', ['dataset', S.hiveSample, MISSING, S.kafkaSample], {
      ASPECTS: 'ownership,globalTags',
    });
    assert.deepEqual(some, {
      [S.hiveSample]: {
        globalTags: { class: 'GlobalTagsClass', summary: [S.legacy], systemMetadata: false },
        ownership: {
          class: 'OwnershipClass',
          summary: [
            [S.datahub, 'DATAOWNER'],
            [S.jdoe, 'DATAOWNER'],
          ],
          systemMetadata: false,
        },
      },
      [S.kafkaSample]: {
        ownership: {
          class: 'OwnershipClass',
          summary: [
            [S.datahub, 'DATAOWNER'],
            [S.jdoe, 'DATAOWNER'],
          ],
          systemMetadata: false,
        },
      },
    });
    const all = await py('get_entities.py', ['dataset', S.usersCreated], { SYSTEM_METADATA: 'true' });
    assert.deepEqual(Object.keys(all[S.usersCreated]), [
      'datasetKey',
      'datasetProperties',
      'deprecation',
      'ownership',
      'schemaMetadata',
    ]);
    assert.deepEqual(all[S.usersCreated].datasetProperties, {
      class: 'DatasetPropertiesClass',
      summary: 'table containing all the users created on a single day',
      systemMetadata: true,
    });
    assert.deepEqual(all[S.usersCreated].datasetKey, { class: 'DatasetKeyClass', summary: null, systemMetadata: true });
  });
});
