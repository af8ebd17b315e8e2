// DataHub's real Python CLI and SDK (acryl-datahub, pinned in scripts/interop-venv.sh) against a real
// `catalog serve` on an ephemeral port (issue 4). Telemetry off, HOME in a temp dir, no call leaves
// the machine. Without the interop virtualenv the suite fails, saying to run scripts/setup.sh.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { generate } from '../bench/generate.ts';
import { sortKeys } from '../src/cli/output.ts';
import { GROUP_YAML, USERS_YAML } from './fixtures/identity.ts';
import { datahubExecutable, hasPython, requirePython, startInterop, type Interop } from './interop/setup.ts';
import { runCli, runProcess, serveCatalog, tempDir, type RunResult, type SpawnedServer } from './helpers.ts';

requirePython('INTEROP SUITE');

const DOC_TAG = 'urn:li:tag:deprecated';
const H_FUC = 'urn:li:dataset:(urn:li:dataPlatform:hive,fct_users_created,PROD)';

describe('DataHub Python CLI and SDK against catalog serve', { skip: !hasPython && 'python3 missing' }, () => {
  let datahub: string;
  let server: SpawnedServer;
  let data: string;
  let home: string;
  let env: Record<string, string>;

  let t: Interop;

  before(async () => {
    data = join(tempDir(), 'catalog.lmdb');
    t = await startInterop(data);
    ({ datahub, home, server, env } = t);
  });
  after(async () => {
    await server?.stop();
  });

  const dh = (args: string[]): Promise<RunResult> => t.dh(args);
  const py = (script: string, ...args: string[]): Promise<any> => t.py(script, args);
  const gql = async (query: string): Promise<any> => {
    const res = await fetch(`${server.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    return ((await res.json()) as { data: unknown }).data;
  };
  const getJson = async (urn: string, ...aspects: string[]): Promise<any> => {
    const r = await dh(['get', '--urn', urn, ...aspects.flatMap((a) => ['--aspect', a])]);
    assert.equal(r.code, 0, r.stderr);
    return JSON.parse(r.stdout);
  };

  it('datahub user upsert and group upsert with the documented YAML examples, read back', async () => {
    const users = join(home, 'bar.user.dhub.yaml');
    writeFileSync(users, USERS_YAML);
    const group = join(home, 'foo.group.dhub.yaml');
    writeFileSync(group, GROUP_YAML);
    const u = await dh(['user', 'upsert', '-f', users]);
    assert.equal(u.code, 0, u.stderr);
    assert.match(
      u.stdout,
      /Update succeeded for urn urn:li:corpuser:bar@acryl\.io\.\nUpdate succeeded for urn urn:li:corpuser:datahub\.\n/,
    );
    const g = await dh(['group', 'upsert', '-f', group]);
    assert.equal(g.code, 0, g.stderr);
    assert.match(g.stdout, /Update succeeded for group urn:li:corpGroup:foogroup@acryl\.io\./);

    const bar = await getJson('urn:li:corpuser:bar@acryl.io');
    assert.equal(bar.corpUserEditableInfo.aboutMe, 'I like raising the bar higher');
    assert.equal(bar.corpUserEditableInfo.slack, '@the_bar_raiser');
    assert.deepEqual(bar.groupMembership, { groups: ['urn:li:corpGroup:foogroup@acryl.io'] });
    const foo = await getJson('urn:li:corpGroup:foogroup@acryl.io', 'corpGroupInfo', 'ownership');
    assert.equal(foo.corpGroupInfo.displayName, 'Foo Group');
    assert.deepEqual(foo.corpGroupInfo.members, ['urn:li:corpuser:bar@acryl.io', 'urn:li:corpuser:joe@acryl.io']);
    assert.deepEqual(
      foo.ownership.owners.map((o: { owner: string }) => o.owner),
      ['urn:li:corpuser:datahub'],
    );

    const read = await gql(
      '{ corpUser(urn: "urn:li:corpuser:bar@acryl.io") { username editableProperties { aboutMe slack email } } corpGroup(urn: "urn:li:corpGroup:foogroup@acryl.io") { name properties { displayName } ownership { owners { owner { ... on CorpUser { urn } } } } } }',
    );
    assert.deepEqual(read, {
      corpUser: {
        username: 'bar@acryl.io',
        editableProperties: {
          aboutMe: 'I like raising the bar higher',
          slack: '@the_bar_raiser',
          email: 'bar@acryl.io',
        },
      },
      corpGroup: {
        name: 'foogroup@acryl.io',
        properties: { displayName: 'Foo Group' },
        ownership: { owners: [{ owner: { urn: 'urn:li:corpuser:datahub' } }] },
      },
    });
  });

  it('datahub get --aspect tagProperties / globalTags print the documented output', async () => {
    await gql(
      'mutation { createTag(input: { name: "Deprecated", id: "deprecated", description: "Having this tag means this column or table is deprecated." }) }',
    );
    const tag = await dh(['get', '--urn', DOC_TAG, '--aspect', 'tagProperties']);
    assert.equal(
      tag.stdout,
      `${JSON.stringify({ tagProperties: { description: 'Having this tag means this column or table is deprecated.', name: 'Deprecated' } }, null, 2)}\n`,
    );
    await gql(`mutation { addTags(input: { tagUrns: ["${DOC_TAG}"], resourceUrn: "${H_FUC}" }) }`);
    const tagged = await getJson(H_FUC, 'globalTags');
    assert.deepEqual(tagged, { globalTags: { tags: [{ tag: DOC_TAG }] } });
    await gql(`mutation { removeTag(input: { tagUrn: "${DOC_TAG}", resourceUrn: "${H_FUC}" }) }`);
    const removed = await dh(['get', '--urn', H_FUC, '--aspect', 'globalTags']);
    assert.equal(removed.stdout, '{\n  "globalTags": {\n    "tags": []\n  }\n}\n');
  });

  it('datahub put writes an aspect; delete --urn soft-deletes; --hard removes the entity and its references', async () => {
    const file = join(home, 'props.json');
    writeFileSync(file, JSON.stringify({ name: 'Put', description: 'written by datahub put' }));
    const put = await dh(['put', '--urn', 'urn:li:tag:put', '--aspect', 'tagProperties', '-d', file]);
    assert.equal(put.code, 0, put.stderr);
    assert.deepEqual(await getJson('urn:li:tag:put', 'tagProperties'), {
      tagProperties: { description: 'written by datahub put', name: 'Put' },
    });

    const soft = await dh(['delete', '--urn', 'urn:li:dataset:(urn:li:dataPlatform:kafka,SampleKafkaDataset,PROD)']);
    assert.equal(soft.code, 0, soft.stderr);
    assert.match(soft.stdout, /Soft deleted 1 entities/);
    const status = await gql(
      '{ dataset(urn: "urn:li:dataset:(urn:li:dataPlatform:kafka,SampleKafkaDataset,PROD)") { status { removed } } }',
    );
    assert.deepEqual(status, { dataset: { status: { removed: true } } });

    const hard = await dh(['delete', '--urn', 'urn:li:tag:Legacy', '--hard', '-f']);
    assert.equal(hard.code, 0, hard.stderr);
    assert.match(hard.stdout, /Hard deleted 1 entities .* and cleaned up 1 referenced entities/);
    const gone = await runCli(['get', '--urn', 'urn:li:tag:Legacy', '--data', data]);
    assert.equal(gone.stderr, 'urn urn:li:tag:Legacy not found\n');
    const hive = await getJson('urn:li:dataset:(urn:li:dataPlatform:hive,SampleHiveDataset,PROD)', 'globalTags');
    assert.deepEqual(hive, { globalTags: { tags: [] } });
  });

  it('datahub ingest -c recipe.yml: file source → datahub-rest sink', async () => {
    const mcps = join(home, 'mcps.json');
    writeFileSync(
      mcps,
      JSON.stringify([
        {
          entityType: 'dataset',
          entityUrn: 'urn:li:dataset:(urn:li:dataPlatform:mysql,shop.orders,PROD)',
          changeType: 'UPSERT',
          aspectName: 'datasetProperties',
          aspect: { json: { customProperties: {}, description: 'orders from the recipe' } },
        },
        {
          entityType: 'dataset',
          entityUrn: 'urn:li:dataset:(urn:li:dataPlatform:mysql,shop.items,PROD)',
          changeType: 'UPSERT',
          aspectName: 'status',
          aspect: { json: { removed: false } },
        },
      ]),
    );
    const recipe = join(home, 'recipe.yml');
    writeFileSync(
      recipe,
      `source:\n  type: file\n  config:\n    path: ${mcps}\nsink:\n  type: datahub-rest\n  config:\n    server: ${server.url}\n`,
    );
    const r = await dh(['ingest', '-c', recipe]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout + r.stderr, /Pipeline finished successfully/);
    const orders = await getJson('urn:li:dataset:(urn:li:dataPlatform:mysql,shop.orders,PROD)', 'datasetProperties');
    assert.equal(orders.datasetProperties.description, 'orders from the recipe');
    assert.deepEqual(await getJson('urn:li:dataset:(urn:li:dataPlatform:mysql,shop.items,PROD)', 'status'), {
      status: { removed: false },
    });
  });

  it('DatahubRestEmitter emit / emit_mcps of every interpreted aspect; GraphQL and datahub get agree', async () => {
    const out = await py('emit_aspects.py', 'users');
    const urn = out.urn as string;
    assert.deepEqual(out.emitted, [
      'tagProperties',
      'datasetProperties',
      'schemaMetadata',
      'editableDatasetProperties',
      'institutionalMemory',
      'globalTags',
      'ownership',
      'deprecation',
    ]);
    const viaGet = await getJson(urn);
    assert.deepEqual(Object.keys(viaGet), [
      'datasetKey',
      'datasetProperties',
      'deprecation',
      'editableDatasetProperties',
      'globalTags',
      'institutionalMemory',
      'ownership',
      'schemaMetadata',
    ]);
    assert.deepEqual(
      viaGet.schemaMetadata.fields.map((f: any) => Object.keys(f.type.type)[0]),
      ['com.linkedin.schema.NumberType', 'com.linkedin.schema.StringType', 'com.linkedin.schema.ArrayType'],
    );
    const viaGraphql = await gql(
      `{ dataset(urn: "${urn}") { properties { description customProperties { key value } } editableProperties { description } schemaMetadata { fields { fieldPath type nullable description } } tags { tags { tag { urn properties { colorHex } } } } ownership { owners { type owner { ... on CorpUser { urn } } } } deprecation { deprecated note decommissionTime actor } institutionalMemory { elements { url label } } } }`,
    );
    const d = viaGraphql.dataset;
    assert.equal(d.editableProperties.description, viaGet.editableDatasetProperties.description);
    assert.equal(d.properties.description, 'edited description');
    assert.deepEqual(d.properties.customProperties, [{ key: 'team', value: 'data' }]);
    assert.deepEqual(d.schemaMetadata.fields, [
      { fieldPath: 'id', type: 'NUMBER', nullable: false, description: 'primary key' },
      { fieldPath: 'email', type: 'STRING', nullable: true, description: null },
      { fieldPath: 'tags', type: 'ARRAY', nullable: false, description: null },
    ]);
    assert.deepEqual(d.tags.tags, [{ tag: { urn: 'urn:li:tag:emitted', properties: { colorHex: '#123456' } } }]);
    assert.deepEqual(d.ownership.owners, [{ type: 'TECHNICAL_OWNER', owner: { urn: 'urn:li:corpuser:jdoe' } }]);
    assert.deepEqual(d.deprecation, {
      deprecated: true,
      note: 'use users_v2',
      decommissionTime: 1767225600000,
      actor: 'urn:li:corpuser:jdoe',
    });
    assert.deepEqual(d.deprecation.note, viaGet.deprecation.note);
    assert.deepEqual(d.institutionalMemory.elements, [{ url: 'https://wiki.example.com/users', label: 'Wiki' }]);
  });

  it('DataHubGraph get_aspect, exists, get_entity_semityped and execute_graphql', async () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:postgres,graph_reads,PROD)';
    await py('emit_aspects.py', 'graph_reads');
    const r = await py('graph_reads.py', urn);
    assert.equal(r.description, 'emitted description');
    assert.deepEqual(r.customProperties, { team: 'data' });
    assert.deepEqual(r.fieldTypes, ['NumberTypeClass', 'StringTypeClass', 'ArrayTypeClass']);
    assert.deepEqual(r.owners, [['urn:li:corpuser:jdoe', 'TECHNICAL_OWNER']]);
    assert.equal(r.statusMissing, true);
    assert.equal(r.exists, true);
    assert.equal(r.existsMissing, false);
    assert.deepEqual(r.semitypedAspects, [
      'datasetKey',
      'datasetProperties',
      'deprecation',
      'editableDatasetProperties',
      'globalTags',
      'institutionalMemory',
      'ownership',
      'schemaMetadata',
    ]);
    assert.equal(r.semitypedDeprecationNote, 'use users_v2');
    assert.deepEqual(r.query, {
      dataset: {
        properties: { description: 'edited description' },
        tags: { tags: [{ tag: { name: 'emitted' } }] },
        deprecation: { deprecated: true, note: 'use users_v2' },
      },
    });
    assert.deepEqual(r.mutation, { updateDescription: true });
    assert.match(r.graphqlError, /does not exist\..*'code': 404, 'type': 'NOT_FOUND'/);
    const col = await gql(
      `{ dataset(urn: "${urn}") { editableSchemaMetadata { editableSchemaFieldInfo { fieldPath description } } } }`,
    );
    assert.deepEqual(col.dataset.editableSchemaMetadata.editableSchemaFieldInfo, [
      { fieldPath: 'email', description: 'from execute_graphql' },
    ]);
  });

  it("DataHub's SDK patch builders add and remove a tag, an owner, a column tag and custom properties (changeType PATCH)", async () => {
    const before = await getJson(H_FUC, 'globalTags', 'ownership', 'datasetProperties');
    assert.deepEqual(await py('patch_builders.py', H_FUC, 'add'), [
      'datasetProperties',
      'editableSchemaMetadata',
      'globalTags',
      'ownership',
    ]);
    const added = await getJson(H_FUC, 'globalTags', 'ownership', 'datasetProperties', 'editableSchemaMetadata');
    assert.deepEqual(
      added.globalTags.tags.map((t: { tag: string }) => t.tag),
      [...(before.globalTags?.tags ?? []).map((t: { tag: string }) => t.tag), 'urn:li:tag:patched'],
    );
    assert.ok(
      added.ownership.owners.some(
        (o: { owner: string; type: string }) => o.owner === 'urn:li:corpuser:patcher' && o.type === 'TECHNICAL_OWNER',
      ),
      JSON.stringify(added.ownership),
    );
    assert.equal(added.datasetProperties.customProperties.team, 'data-eng');
    assert.equal(added.datasetProperties.customProperties['tier/level'], 'gold');
    assert.equal(
      added.datasetProperties.description,
      before.datasetProperties.description,
      'a patch keeps the fields it does not name',
    );
    const column = added.editableSchemaMetadata.editableSchemaFieldInfo.find(
      (f: { fieldPath: string }) => f.fieldPath === 'user_id',
    );
    assert.deepEqual(column.globalTags.tags, [{ tag: 'urn:li:tag:pii' }]);
    await py('patch_builders.py', H_FUC, 'remove');
    const removed = await getJson(H_FUC, 'globalTags', 'ownership', 'datasetProperties');
    assert.ok(!removed.globalTags.tags.some((t: { tag: string }) => t.tag === 'urn:li:tag:patched'));
    assert.ok(!removed.ownership.owners.some((o: { owner: string }) => o.owner === 'urn:li:corpuser:patcher'));
    assert.deepEqual(removed.datasetProperties.customProperties, {
      ...before.datasetProperties.customProperties,
      'tier/level': 'gold',
    });
  });

  it('DataHubGraph.get_related_entities: group members and the datasets carrying a tag', async () => {
    assert.deepEqual(
      await py('related.py', 'urn:li:corpGroup:bfoo', 'INCOMING', 'IsMemberOfGroup', 'IsMemberOfNativeGroup'),
      [
        ['urn:li:corpuser:datahub', 'IsMemberOfGroup'],
        ['urn:li:corpuser:jdoe', 'IsMemberOfGroup'],
      ],
    );
    const file = join(home, 'related-tags.json');
    writeFileSync(file, JSON.stringify({ tags: [{ tag: 'urn:li:tag:related' }] }));
    assert.equal((await dh(['put', '--urn', H_FUC, '--aspect', 'globalTags', '-d', file])).code, 0);
    assert.deepEqual(await py('related.py', 'urn:li:tag:related', 'INCOMING', 'TaggedWith'), [[H_FUC, 'TaggedWith']]);
  });

  it('DataHubClient (datahub.sdk) reads a dataset', async () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:postgres,sdk_read,PROD)';
    await py('emit_aspects.py', 'sdk_read');
    const r = await py('sdk_client.py', urn);
    assert.deepEqual(r, {
      urn,
      description: 'edited description',
      tags: ['urn:li:tag:emitted'],
      owners: ['urn:li:corpuser:jdoe'],
      fields: ['id', 'email', 'tags'],
    });
  });

  it('DataHubClient.from_env() (client mode SDK) writes through OpenAPI v3: upsert, patches, SYNC_WAIT, DELETE, ASYNC_WAIT polling the trace API', async () => {
    // docs/datahub/rest-cli.md §4.7, §5.3: /config advertises >= 1.0.1, so an SDK-mode client writes with OpenAPI.
    const r = await py('sdk_openapi_writes.py', 'a');
    assert.equal(r.openapi, true);
    const writes = r.calls.filter(([, path]: [string, string]) => !path.startsWith('/openapi/v1/trace/'));
    assert.deepEqual(
      [...new Set(writes.map(([method, path]: [string, string]) => `${method} ${path}`))],
      [
        'POST /openapi/v3/entity/dataset',
        'PATCH /openapi/v3/entity/dataset',
        `DELETE /openapi/v3/entity/dataset/${r.doomed}`,
      ],
    );
    // Each ASYNC_WAIT write (the upsert, two patches, the status) was confirmed through the trace API.
    const polls = r.calls.filter(([, path]: [string, string]) => path.startsWith('/openapi/v1/trace/write/'));
    assert.ok(polls.length >= 4, JSON.stringify(r.calls));
    for (const [method, path] of polls)
      assert.match(`${method} ${path}`, /^POST \/openapi\/v1\/trace\/write\/[0-9a-f]{32}$/);
    assert.deepEqual(r.trace, {
      [r.urn]: {
        editableDatasetProperties: {
          success: true,
          primaryStorage: { writeStatus: 'ACTIVE_STATE' },
          searchStorage: { writeStatus: 'ACTIVE_STATE' },
        },
      },
    });
    assert.equal(r.doomedExists, false);
    // `datahub get` reads what DataHub would store.
    const got = await getJson(
      r.urn,
      'globalTags',
      'ownership',
      'datasetProperties',
      'editableDatasetProperties',
      'status',
    );
    assert.deepEqual(got.globalTags.tags, [{ tag: 'urn:li:tag:patched' }]);
    assert.deepEqual(got.ownership.owners.map((o: { owner: string; type: string }) => `${o.owner} ${o.type}`).sort(), [
      'urn:li:corpuser:jdoe TECHNICAL_OWNER',
      'urn:li:corpuser:patcher TECHNICAL_OWNER',
    ]);
    assert.deepEqual(got.datasetProperties.customProperties, { tier: 'gold' });
    assert.equal(got.editableDatasetProperties.description, 'edited through OpenAPI');
    assert.deepEqual(got.status, { removed: false });
    assert.deepEqual(await gql(`{ entityExists(urn: "${r.doomed}") }`), { entityExists: false });
  });

  it('what the client turns on at the version /config reports works: status as a PATCH in ingestion (>= 1.7.0), assertion notes (>= 1.7.0.1)', async () => {
    const gates = await py('version_gates.py');
    assert.equal(gates.version, 'v1.7.0.1');
    assert.deepEqual(gates.features, {
      openapi_sdk: true,
      api_tracing: true,
      no_code: true,
      stateful_ingestion: true, // checkpoints are timeseries events (test/interop-timeseries.test.ts)
      impact_analysis: false,
      patch_capable: true,
      cli_telemetry: false,
      datahub_cloud: false,
      semantic_model_entities: false,
      assertion_note_aspect: true,
    });
    assert.equal(gates.statusPatch, true);
    assert.equal(gates.assertionNote, 'order ids are never null');
    assert.equal(gates.assertionNoteClient, 'acryl-datahub');
    assert.equal(
      gates.assertionNoteDirect,
      'order ids are never null',
      'GET /aspects answers assertionNote under its schema name',
    );
    // datahub-lineage-file runs AutoStatusAspectProcessor, which now emits status as a PATCH (Rest.li).
    const lineage = join(home, 'lineage.yml');
    writeFileSync(
      lineage,
      'version: 1\nlineage:\n  - entity: {name: db.orders_enriched, type: dataset, env: PROD, platform: postgres}\n    upstream:\n      - entity: {name: db.orders, type: dataset, env: PROD, platform: postgres}\n',
    );
    const recipe = join(home, 'lineage-recipe.yml');
    writeFileSync(
      recipe,
      `source:\n  type: datahub-lineage-file\n  config:\n    file: ${lineage}\nsink:\n  type: datahub-rest\n  config:\n    server: ${server.url}\n`,
    );
    const run = await dh(['ingest', '-c', recipe]);
    assert.equal(run.code, 0, run.stderr + run.stdout);
    assert.match(run.stdout + run.stderr, /'status_patch_mode': True/);
    const enriched = 'urn:li:dataset:(urn:li:dataPlatform:postgres,db.orders_enriched,PROD)';
    const got = await getJson(enriched, 'status', 'upstreamLineage');
    assert.deepEqual(got.status, { removed: false });
    assert.equal(
      got.upstreamLineage.upstreams[0].dataset,
      'urn:li:dataset:(urn:li:dataPlatform:postgres,db.orders,PROD)',
    );
  });

  it("an export of 10 000 generated datasets is read whole by DataHub's file source", async () => {
    const generated = join(home, 'gen.jsonl');
    await generate(generated, 10_000, 'jsonl');
    const big = join(tempDir(), 'big.lmdb');
    assert.equal((await runCli(['ingest', '-f', generated, '--data', big])).code, 0);
    const exported = join(home, 'big-export.json');
    assert.equal((await runCli(['export', '-f', exported, '--data', big])).code, 0);
    assert.deepEqual(await py('file_source_reads.py', exported), { workunits: 40_000, failures: 0, warnings: 0 });
  });

  it("a catalog export is ingested by DataHub's file source into an identical catalog", async () => {
    const exported = join(home, 'export.json');
    assert.equal((await runCli(['export', '-f', exported, '--data', data])).code, 0);
    const freshData = join(tempDir(), 'fresh.lmdb');
    const fresh = await serveCatalog(['serve', '--port', '0', '--data', freshData]);
    try {
      const recipe = join(home, 'roundtrip.yml');
      writeFileSync(
        recipe,
        `source:\n  type: file\n  config:\n    path: ${exported}\nsink:\n  type: datahub-rest\n  config:\n    server: ${fresh.url}\n`,
      );
      const r = await runProcess(datahub, ['ingest', '-c', recipe], {
        env: { ...env, DATAHUB_GMS_URL: fresh.url },
        cwd: home,
      });
      assert.equal(r.code, 0, r.stdout + r.stderr);
    } finally {
      await fresh.stop();
    }
    const again = join(home, 'export-again.json');
    assert.equal((await runCli(['export', '-f', again, '--data', freshData])).code, 0);
    // DataHub's pipeline adds its own run-report entities, and its Python classes fill in PDL defaults
    // (e.g. corpUserInfo.system = false): every exported record must arrive with every field unchanged.
    const { readFileSync } = await import('node:fs');
    type Rec = { entityUrn: string; aspectName: string; aspect: { json: Record<string, unknown> } };
    const before = JSON.parse(readFileSync(exported, 'utf8')) as Rec[];
    const after = new Map(
      (JSON.parse(readFileSync(again, 'utf8')) as Rec[]).map((x) => [`${x.entityUrn} ${x.aspectName}`, x.aspect.json]),
    );
    const changed = before.filter((x) => {
      const got = after.get(`${x.entityUrn} ${x.aspectName}`);
      return (
        !got ||
        Object.entries(x.aspect.json).some(([k, v]) => JSON.stringify(sortKeys(got[k])) !== JSON.stringify(sortKeys(v)))
      );
    });
    assert.deepEqual(changed, []);
    assert.ok(before.length > 40);
  });
});

describe('DataHub Python client with an access token', { skip: !hasPython && 'python3 missing' }, () => {
  it('authenticates with DATAHUB_GMS_TOKEN against catalog serve --auth, and is refused without it', async () => {
    const datahub = datahubExecutable();
    const data = join(tempDir(), 'auth.lmdb');
    const created = await runCli(['token', 'create', '--user', 'jdoe', '--data', data]);
    const token = created.stdout.split('\n')[0]!;
    const server = await serveCatalog(['serve', '--port', '0', '--auth', '--sample', '--data', data]);
    const home = tempDir('catalog-interop-home-');
    const env = {
      DATAHUB_GMS_URL: server.url,
      DATAHUB_TELEMETRY_ENABLED: 'false',
      HOME: home,
      PYTHONWARNINGS: 'ignore',
    };
    try {
      const file = join(home, 'tag.json');
      writeFileSync(file, JSON.stringify({ name: 'Secure', description: 'written with a token' }));
      const put = await runProcess(
        datahub,
        ['put', '--urn', 'urn:li:tag:secure', '--aspect', 'tagProperties', '-d', file],
        { env: { ...env, DATAHUB_GMS_TOKEN: token }, cwd: home },
      );
      assert.equal(put.code, 0, put.stderr);
      const get = await runProcess(datahub, ['get', '--urn', 'urn:li:tag:secure', '--aspect', 'tagProperties'], {
        env: { ...env, DATAHUB_GMS_TOKEN: token },
        cwd: home,
      });
      assert.deepEqual(JSON.parse(get.stdout), {
        tagProperties: { description: 'written with a token', name: 'Secure' },
      });
      const res = await fetch(`${server.url}/aspects/${encodeURIComponent('urn:li:tag:secure')}?aspect=tagProperties`, {
        headers: { authorization: `Bearer ${token}` },
      });
      assert.equal(res.status, 200);
      const details = await runCli(['get', '--urn', 'urn:li:tag:secure', '--details', '--data', data]);
      assert.equal(
        JSON.parse(details.stdout).tagProperties.created.actor,
        'urn:li:corpuser:jdoe',
        "the token's user is the actor",
      );

      const refused = await runProcess(datahub, ['get', '--urn', 'urn:li:tag:secure', '--aspect', 'tagProperties'], {
        env: { ...env, DATAHUB_GMS_TOKEN: '' },
        cwd: home,
      });
      assert.notEqual(refused.code, 0);
      assert.match(refused.stdout + refused.stderr, /401|Unauthorized/);
    } finally {
      await server.stop();
    }
  });
});
