// A walk through everything `catalog` offers, as a user runs it: every CLI command, then a served
// catalog answering every GraphQL query and mutation of the schema and every REST endpoint at least
// once, with the server still healthy at the end. `npm test` runs it against the single executable
// (CATALOG_BIN=build/catalog), where whole-catalog paths once crashed (issue 12).
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildSchema } from 'graphql';
import { generate } from '../bench/generate.ts';
import { SAMPLE_MCPS, SAMPLE_URNS as S } from '../src/sample/sample.ts';
import { SHOWCASE_URNS as SC } from '../src/sample/showcase.ts';

/** The sample's entities (`ingest --sample` writes them all). */
const SAMPLE_ENTITIES = new Set(SAMPLE_MCPS.map((m) => m['entityUrn'] as string));
import { loadSdl } from '../src/server/graphql/schema.ts';
import { runCli, serveCatalog, tempDir, type SpawnedServer } from './helpers.ts';

const enc = encodeURIComponent;

describe('walk through every CLI command', () => {
  const dir = tempDir('catalog-walk-cli-');
  const data = join(dir, 'c.lmdb');
  const file = (name: string, text: string) => {
    const p = join(dir, name);
    writeFileSync(p, text);
    return p;
  };
  const ok = async (args: string[], input?: string) => {
    const r = await runCli([...args, '--data', data], { input, cwd: dir });
    assert.equal(r.code, 0, `catalog ${args.join(' ')}\n${r.stderr}`);
    return r;
  };

  it('--version, --help', async () => {
    assert.match((await runCli(['--version'])).stdout, /^\d+\.\d+\.\d+ \(\w+-\w+, Node [\d.]+\)\n$/);
    const help = await runCli(['--help']);
    for (const c of ['ingest', 'get', 'serve', 'put', 'user', 'group', 'deprecate', 'export', 'token'])
      assert.match(help.stdout, new RegExp(`catalog ${c}`));
  });

  it('ingest --sample, get, put, user and group upsert, deprecate and --undo, token create/list/revoke', async () => {
    assert.match((await ok(['ingest', '--sample'])).stdout, new RegExp(`Ingested ${SAMPLE_MCPS.length} records`));
    assert.deepEqual(Object.keys(JSON.parse((await ok(['get', '--urn', S.legacy])).stdout)), [
      'tagKey',
      'tagProperties',
    ]);
    assert.ok(
      'created' in
        JSON.parse((await ok(['get', '--urn', S.legacy, '-a', 'tagProperties', '--details'])).stdout).tagProperties,
    );
    await ok(['put', '--urn', 'urn:li:tag:pii', '--aspect', 'tagProperties', '-d', '-'], '{"name":"PII"}');
    assert.match(
      (await ok(['user', 'upsert', '-f', file('u.yaml', 'id: ann\nemail: ann@x.org\ndisplay_name: Ann\n')])).stdout,
      /ann/,
    );
    assert.match(
      (await ok(['group', 'upsert', '-f', file('g.yaml', 'id: g1\nowners: [ann]\nmembers: [ann]\n')])).stdout,
      /g1/,
    );
    await ok(['deprecate', '--urn', S.hiveSample, '--note', 'use the lakehouse', '--decommission-time', '2026-12-31']);
    assert.equal(
      JSON.parse((await ok(['get', '--urn', S.hiveSample, '-a', 'deprecation'])).stdout).deprecation.deprecated,
      true,
    );
    await ok(['deprecate', '--urn', S.hiveSample, '--undo']);
    assert.equal(
      JSON.parse((await ok(['get', '--urn', S.hiveSample, '-a', 'deprecation'])).stdout).deprecation.deprecated,
      false,
    );
    const token = await ok(['token', 'create', '--user', 'ann', '--name', 'walk', '--expires', '1d']);
    const id = /id: ([0-9a-f]+)/.exec(token.stdout)?.[1] ?? /([0-9a-f]{16})/.exec(token.stdout)?.[1];
    assert.ok(id, token.stdout);
    assert.match((await ok(['token', 'list'])).stdout, new RegExp(id!));
    await ok(['token', 'revoke', id!]);
    assert.match((await ok(['token', 'list'])).stdout, new RegExp(`${id} +revoked`));
  });

  it('export of the whole catalog, to a file and to stdout, by entity type, and back through ingest', async () => {
    const out = join(dir, 'sample-export.json');
    // The sample's entities, and the tag, user and group the step before added.
    assert.match(
      (await ok(['export', '-f', out])).stdout,
      new RegExp(`Exported \\d+ aspects of ${SAMPLE_ENTITIES.size + 3} entities`),
    );
    const records = JSON.parse(readFileSync(out, 'utf8')) as Array<{ entityType: string }>;
    assert.deepEqual(
      [...new Set(records.map((r) => r.entityType))],
      [...new Set(SAMPLE_MCPS.map((m) => m['entityType'] as string))].sort(),
    );
    const tags = JSON.parse((await ok(['export', '-f', '-', '--entity-type', 'tag'])).stdout) as Array<{
      entityUrn: string;
    }>;
    assert.deepEqual([...new Set(tags.map((r) => r.entityUrn))], [S.legacy, SC.pii, SC.tier1, 'urn:li:tag:pii']);
    const copy = join(dir, 'copy.lmdb');
    assert.equal((await runCli(['ingest', '-f', out, '--data', copy])).code, 0);
    const again = join(dir, 'again.json');
    assert.equal((await runCli(['export', '-f', again, '--data', copy])).code, 0);
    assert.equal(readFileSync(again, 'utf8'), readFileSync(out, 'utf8'));
  });

  it('export of 10 000 generated datasets, re-ingested into a new file, exports the same', async () => {
    const generated = join(dir, 'gen.jsonl');
    await generate(generated, 10_000, 'jsonl');
    const big = join(dir, 'big.lmdb');
    assert.match((await runCli(['ingest', '-f', generated, '--data', big])).stdout, /Ingested 40000 records/);
    const first = join(dir, 'big-1.json');
    const e1 = await runCli(['export', '-f', first, '--data', big]);
    assert.equal(e1.code, 0, e1.stderr);
    assert.match(e1.stdout, /Exported 40000 aspects of 10000 entities/);
    const copy = join(dir, 'big-copy.lmdb');
    assert.match((await runCli(['ingest', '-f', first, '--data', copy])).stdout, /Ingested 40000 records/);
    const second = join(dir, 'big-2.json');
    assert.equal((await runCli(['export', '-f', second, '--data', copy])).code, 0);
    assert.ok(readFileSync(first).equals(readFileSync(second)), 'export → ingest → export is identical');
  });

  it('search and reindex, offline on the data file', async () => {
    const table = (await ok(['search', 'users', '--type', 'dataset'])).stdout;
    assert.match(table, /^TYPE\s+NAME\s+PLATFORM\s+URN\n/);
    assert.match(table, /2 of 2 results\n$/);
    const json = JSON.parse(
      (await ok(['search', '*', '--filter', 'platform=urn:li:dataPlatform:kafka', '--json'])).stdout,
    );
    assert.deepEqual(
      json.results.map((r: any) => r.urn),
      [S.kafkaSample, SC.customersTopic, SC.ordersTopic],
    );
    assert.match((await ok(['reindex'])).stdout, /^Reindexed \d+ entities and \d+ relationships in [\d.]+s\n$/);
  });

  it('lineage: upstream by default as `datahub lineage`, --direction, --hops, --json', async () => {
    assert.match((await runCli(['--help'])).stdout, /catalog lineage/);
    await ok(
      ['put', '--urn', S.usersDeleted, '--aspect', 'upstreamLineage', '-d', '-'],
      JSON.stringify({
        upstreams: [
          { dataset: S.usersCreated, type: 'TRANSFORMED', auditStamp: { time: 0, actor: 'urn:li:corpuser:unknown' } },
        ],
      }),
    );
    const up = JSON.parse((await ok(['lineage', '--urn', S.usersDeleted, '--json'])).stdout);
    assert.deepEqual(
      up.results.map((r: any) => [r.urn, r.hops, r.type, r.direction]),
      [[S.usersCreated, 1, 'DATASET', 'upstream']],
    );
    const down = (await ok(['lineage', '--urn', S.usersCreated, '--direction', 'downstream', '--hops', '1'])).stdout;
    assert.match(down, /^Downstream lineage: 1 entities, up to 1 hops\n/);
    assert.match(down, /1\s+DATASET\s+hive\s+fct_users_deleted\s+urn:li:dataset:/);
  });
});

describe('walk through a served catalog: every GraphQL field and REST endpoint', () => {
  const dir = tempDir('catalog-walk-serve-');
  let server: SpawnedServer;
  const seen = new Set<string>();
  before(async () => {
    server = await serveCatalog(['serve', '--port', '0', '--sample', '--data', join(dir, 'c.lmdb')]);
  });
  after(async () => {
    // The server is still healthy after everything, and stops cleanly.
    assert.deepEqual(await (await fetch(`${server.url}/health`)).json(), { status: 'ok' });
    assert.equal(await server.stop(), 0, server.output());
  });

  /** Runs one operation; every root field it selects counts as walked. Resolver errors fail the test. */
  const gql = async (kind: 'query' | 'mutation', body: string, path = '/api/graphql') => {
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `${kind} { ${body} }` }),
    });
    assert.equal(res.status, 200);
    const json = (await res.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
    assert.equal(json.errors, undefined, `${kind} { ${body} }: ${JSON.stringify(json.errors)}`);
    for (const k of Object.keys(json.data ?? {})) seen.add(`${kind === 'query' ? 'Query' : 'Mutation'}.${k}`);
    return json.data as Record<string, any>;
  };
  const rest = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'X-RestLi-Protocol-Version': '2.0.0' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as any;
    assert.equal(res.status, 200, `${method} ${path}: ${JSON.stringify(json)}`);
    return json;
  };
  const proposal = (urn: string, aspectName: string, value: unknown) => ({
    entityType: urn.split(':')[2],
    entityUrn: urn,
    changeType: 'UPSERT',
    aspectName,
    aspect: { value: JSON.stringify(value), contentType: 'application/json' },
  });

  it('answers every Query field', async () => {
    const q = await gql(
      'query',
      `
      dataset(urn: "${S.usersDeleted}") { urn name schemaMetadata { fields { fieldPath } } ownership { owners { owner { ... on CorpUser { urn } } } } }
      tag(urn: "${S.legacy}") { name properties { description } }
      corpUser(urn: "${S.jdoe}") { username }
      corpGroup(urn: "${S.bfoo}") { name }
      entityExists(urn: "${S.legacy}")
      me { corpUser { urn settings { appearance { showSimplifiedHomepage } } } }
      globalViewsSettings { defaultView }
      listOwnershipTypes(input: { start: 0, count: 10 }) { total ownershipTypes { urn info { name } } }
      listAccessTokens(input: { start: 0, count: 10 }) { total }`,
    );
    assert.equal(q.dataset.schemaMetadata.fields.length, 6);
    assert.equal(q.entityExists, true);
    await gql('query', `dataset(urn: "${S.hiveSample}") { urn }`, '/api/v2/graphql');
  });

  it('answers every typed entity query and entity/entities, for an entity of each type', async () => {
    const typed: Array<[string, string, string]> = [
      ['glossaryTerm', 'urn:li:glossaryTerm:walk', 'glossaryTermInfo'],
      ['glossaryNode', 'urn:li:glossaryNode:walk', 'glossaryNodeInfo'],
      ['domain', 'urn:li:domain:walk', 'domainProperties'],
      ['container', 'urn:li:container:walk', 'containerProperties'],
      ['chart', 'urn:li:chart:(looker,walk)', 'chartInfo'],
      ['dashboard', 'urn:li:dashboard:(looker,walk)', 'dashboardInfo'],
      ['dataFlow', 'urn:li:dataFlow:(airflow,walk,prod)', 'dataFlowInfo'],
      ['dataJob', 'urn:li:dataJob:(urn:li:dataFlow:(airflow,walk,prod),job)', 'dataJobInfo'],
      ['dataProduct', 'urn:li:dataProduct:walk', 'dataProductProperties'],
      ['dataPlatform', 'urn:li:dataPlatform:walk', 'dataPlatformInfo'],
      [
        'dataPlatformInstance',
        'urn:li:dataPlatformInstance:(urn:li:dataPlatform:hive,walk)',
        'dataPlatformInstanceProperties',
      ],
      ['mlModel', 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,walk,PROD)', 'mlModelProperties'],
      ['mlModelGroup', 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,walk,PROD)', 'mlModelGroupProperties'],
      ['mlFeature', 'urn:li:mlFeature:(ns,walk)', 'mlFeatureProperties'],
      ['mlFeatureTable', 'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,walk)', 'mlFeatureTableProperties'],
      ['mlPrimaryKey', 'urn:li:mlPrimaryKey:(ns,walk)', 'mlPrimaryKeyProperties'],
      ['notebook', 'urn:li:notebook:(querybook,walk)', 'notebookInfo'],
      ['structuredProperty', 'urn:li:structuredProperty:walk', 'propertyDefinition'],
    ];
    // What DataHub's schema requires of each (checked on write), beside the name.
    const changes = {
      created: { time: 0, actor: 'urn:li:corpuser:walk' },
      lastModified: { time: 0, actor: 'urn:li:corpuser:walk' },
    };
    const required: Record<string, object> = {
      glossaryTermInfo: { definition: 'A walk', termSource: 'INTERNAL' },
      glossaryNodeInfo: { definition: 'A walk' },
      chartInfo: { title: 'walk', description: '', lastModified: changes },
      dashboardInfo: { title: 'walk', description: '', lastModified: changes },
      dataJobInfo: { type: 'COMMAND' },
      dataPlatformInfo: { type: 'OTHERS', datasetNameDelimiter: '.' },
      notebookInfo: { title: 'walk', changeAuditStamps: changes },
      mlPrimaryKeyProperties: { sources: [] },
      propertyDefinition: {
        qualifiedName: 'io.catalog.walk',
        valueType: 'urn:li:dataType:datahub.string',
        entityTypes: ['urn:li:entityType:datahub.dataset'],
      },
    };
    await rest('POST', '/aspects?action=ingestProposalBatch', {
      proposals: typed.map(([, urn, aspect]) => proposal(urn, aspect, { name: 'walk', ...required[aspect] })),
    });
    const q = await gql('query', typed.map(([field, urn]) => `${field}(urn: "${urn}") { urn type }`).join('\n'));
    for (const [field, urn] of typed) assert.equal(q[field].urn, urn, field);
    const e = await gql(
      'query',
      `entity(urn: "urn:li:domain:walk") { urn } entities(urns: ["urn:li:chart:(looker,walk)", "urn:li:chart:(looker,none)"]) { urn }`,
    );
    assert.deepEqual(e, {
      entity: { urn: 'urn:li:domain:walk' },
      entities: [{ urn: 'urn:li:chart:(looker,walk)' }, null],
    });
  });

  it('answers document, listQueries and appConfig, over a document and a query written as the SDK writes them', async () => {
    const stamp = { time: 1, actor: S.datahub };
    await rest('POST', '/aspects?action=ingestProposalBatch', {
      proposals: [
        proposal('urn:li:document:walk', 'documentInfo', {
          title: 'Walk',
          status: { state: 'PUBLISHED' },
          contents: { text: 'walked' },
          created: stamp,
          lastModified: stamp,
          relatedAssets: [{ asset: S.hiveSample }],
        }),
        proposal('urn:li:query:walk', 'queryProperties', {
          statement: { value: 'SELECT 1', language: 'SQL' },
          source: 'MANUAL',
          created: stamp,
          lastModified: stamp,
        }),
        proposal('urn:li:query:walk', 'querySubjects', { subjects: [{ entity: S.hiveSample }] }),
      ],
    });
    const q = await gql(
      'query',
      `
      document(urn: "urn:li:document:walk") { info { title contents { text } } }
      listQueries(input: { datasetUrn: "${S.hiveSample}" }) { total queries { urn properties { statement { value } } } }
      appConfig { semanticSearchConfig { enabled } }
      dataset(urn: "${S.hiveSample}") { relatedDocuments(input: {}) { total documents { urn } } }`,
    );
    assert.deepEqual(q.document, { info: { title: 'Walk', contents: { text: 'walked' } } });
    assert.deepEqual(q.listQueries, {
      total: 1,
      queries: [{ urn: 'urn:li:query:walk', properties: { statement: { value: 'SELECT 1' } } }],
    });
    assert.deepEqual(q.appConfig, { semanticSearchConfig: { enabled: false } });
    assert.deepEqual(q.dataset.relatedDocuments, { total: 1, documents: [{ urn: 'urn:li:document:walk' }] });
  });

  it('answers every Mutation field, the whole-catalog ones (deleteTag) included', async () => {
    const res = (extra = '') => `{ resourceUrn: "${S.kafkaSample}"${extra} }`;
    await gql('mutation', `createTag(input: { id: "walk", name: "Walk", description: "walked" })`);
    await gql(
      'mutation',
      `updateTag(urn: "urn:li:tag:walk", input: { urn: "urn:li:tag:walk", name: "Walk", description: "again" }) { urn }`,
    );
    await gql('mutation', `setTagColor(urn: "urn:li:tag:walk", colorHex: "#00ff00")`);
    await gql('mutation', `addTag(input: { tagUrn: "urn:li:tag:walk", resourceUrn: "${S.kafkaSample}" })`);
    await gql('mutation', `addTags(input: { tagUrns: ["urn:li:tag:walk"], resourceUrn: "${S.hdfsSample}" })`);
    await gql('mutation', `batchAddTags(input: { tagUrns: ["urn:li:tag:walk"], resources: [${res()}] })`);
    await gql('mutation', `removeTag(input: { tagUrn: "urn:li:tag:walk", resourceUrn: "${S.hdfsSample}" })`);
    await gql('mutation', `batchRemoveTags(input: { tagUrns: ["urn:li:tag:walk"], resources: [${res()}] })`);
    await gql(
      'mutation',
      `addOwner(input: { ownerUrn: "${S.jdoe}", ownerEntityType: CORP_USER, type: TECHNICAL_OWNER, resourceUrn: "${S.kafkaSample}" })`,
    );
    await gql(
      'mutation',
      `addOwners(input: { owners: [{ ownerUrn: "${S.bfoo}", ownerEntityType: CORP_GROUP, type: BUSINESS_OWNER }], resourceUrn: "${S.kafkaSample}" })`,
    );
    await gql(
      'mutation',
      `batchAddOwners(input: { owners: [{ ownerUrn: "${S.datahub}", ownerEntityType: CORP_USER, type: DATA_STEWARD }], resources: [${res()}] })`,
    );
    await gql('mutation', `removeOwner(input: { ownerUrn: "${S.datahub}", resourceUrn: "${S.kafkaSample}" })`);
    await gql('mutation', `batchRemoveOwners(input: { ownerUrns: ["${S.bfoo}"], resources: [${res()}] })`);
    await gql(
      'mutation',
      `updateDescription(input: { description: "walked through", resourceUrn: "${S.usersDeleted}", subResourceType: DATASET_FIELD, subResource: "user_name" })`,
    );
    await gql(
      'mutation',
      `addLink(input: { linkUrl: "https://example.org/walk", label: "Walk", resourceUrn: "${S.kafkaSample}" })`,
    );
    await gql(
      'mutation',
      `removeLink(input: { linkUrl: "https://example.org/walk", resourceUrn: "${S.kafkaSample}" })`,
    );
    await gql('mutation', `updateDeprecation(input: { urn: "${S.hdfsSample}", deprecated: true, note: "old" })`);
    await gql(
      'mutation',
      `batchUpdateDeprecation(input: { deprecated: false, resources: [{ resourceUrn: "${S.hdfsSample}" }] })`,
    );
    await gql(
      'mutation',
      `updateDataset(urn: "${S.kafkaSample}", input: { editableProperties: { description: "edited" } }) { urn }`,
    );
    await gql(
      'mutation',
      `updateDatasets(input: [{ urn: "${S.hdfsSample}", update: { tags: { tags: [{ tag: { urn: "urn:li:tag:walk", name: "Walk" } }] } } }]) { urn }`,
    );
    await gql('mutation', `batchUpdateSoftDeleted(input: { urns: ["${S.usersCreated}"], deleted: true })`);
    await gql('mutation', `batchUpdateSoftDeleted(input: { urns: ["${S.usersCreated}"], deleted: false })`);
    const token = await gql(
      'mutation',
      `createAccessToken(input: { type: PERSONAL, actorUrn: "${S.datahub}", duration: ONE_DAY, name: "walk" }) { accessToken metadata { id } }`,
    );
    await gql('mutation', `revokeAccessToken(tokenId: "${token.createAccessToken.metadata.id}")`);
    // Glossary, domains, structured properties, data products.
    await gql('mutation', 'createGlossaryNode(input: { id: "walkNode", name: "Walk node" })');
    await gql('mutation', 'createGlossaryTerm(input: { id: "walkTerm", name: "Walk term" })');
    await gql(
      'mutation',
      'updateParentNode(input: { resourceUrn: "urn:li:glossaryTerm:walkTerm", parentNode: "urn:li:glossaryNode:walkNode" })',
    );
    await gql('mutation', 'updateName(input: { urn: "urn:li:glossaryTerm:walkTerm", name: "Walked term" })');
    await gql(
      'mutation',
      `addTerm(input: { termUrn: "urn:li:glossaryTerm:walkTerm", resourceUrn: "${S.kafkaSample}" })`,
    );
    await gql(
      'mutation',
      `addTerms(input: { termUrns: ["urn:li:glossaryTerm:walkTerm"], resourceUrn: "${S.hdfsSample}" })`,
    );
    await gql(
      'mutation',
      `batchAddTerms(input: { termUrns: ["urn:li:glossaryTerm:walkTerm"], resources: [${res()}] })`,
    );
    await gql(
      'mutation',
      `removeTerm(input: { termUrn: "urn:li:glossaryTerm:walkTerm", resourceUrn: "${S.hdfsSample}" })`,
    );
    await gql(
      'mutation',
      `batchRemoveTerms(input: { termUrns: ["urn:li:glossaryTerm:walkTerm"], resources: [${res()}] })`,
    );
    await gql('mutation', 'createDomain(input: { id: "walkd", name: "Walk" })');
    await gql('mutation', `setDomain(entityUrn: "${S.kafkaSample}", domainUrn: "urn:li:domain:walkd")`);
    await gql('mutation', `unsetDomain(entityUrn: "${S.kafkaSample}")`);
    await gql('mutation', `batchSetDomain(input: { domainUrn: "urn:li:domain:walkd", resources: [${res()}] })`);
    await gql(
      'mutation',
      'createStructuredProperty(input: { qualifiedName: "walk.prop", valueType: "urn:li:dataType:datahub.string", entityTypes: ["urn:li:entityType:datahub.dataset"] }) { urn }',
    );
    await gql(
      'mutation',
      `upsertStructuredProperties(input: { assetUrn: "${S.kafkaSample}", structuredPropertyInputParams: [{ structuredPropertyUrn: "urn:li:structuredProperty:walk.prop", values: [{ stringValue: "x" }] }] }) { properties { values { __typename } } }`,
    );
    await gql(
      'mutation',
      `removeStructuredProperties(input: { assetUrn: "${S.kafkaSample}", structuredPropertyUrns: ["urn:li:structuredProperty:walk.prop"] }) { properties { values { __typename } } }`,
    );
    await gql(
      'mutation',
      'createDataProduct(input: { id: "walkp", domainUrn: "urn:li:domain:walkd", properties: { name: "Walk" } }) { urn }',
    );
    await gql(
      'mutation',
      `batchSetDataProduct(input: { dataProductUrn: "urn:li:dataProduct:walkp", resourceUrns: ["${S.kafkaSample}"] })`,
    );
    await gql('mutation', 'deleteGlossaryEntity(urn: "urn:li:glossaryTerm:walkTerm")');
    await gql('mutation', 'deleteDomain(urn: "urn:li:domain:walkd")');
    assert.deepEqual(
      (
        await gql(
          'query',
          `dataset(urn: "${S.kafkaSample}") { glossaryTerms { terms { term { urn } } } domain { domain { urn } } }`,
        )
      ).dataset,
      { glossaryTerms: { terms: [] }, domain: null },
    );
    // deleteTag walks every entity for references: the call that took the executable down.
    assert.equal((await gql('mutation', `deleteTag(urn: "urn:li:tag:walk")`)).deleteTag, true);
    const hdfs = await gql('query', `dataset(urn: "${S.hdfsSample}") { globalTags { tags { tag { urn } } } }`);
    assert.deepEqual(hdfs.dataset.globalTags?.tags ?? [], [], 'the deleted tag is gone from the datasets it was on');
  });

  it('answers the search fields: search, searchAcrossEntities, scrollAcrossEntities, aggregateAcrossEntities, autoComplete(ForMultiple), browseV2', async () => {
    const q = await gql(
      'query',
      `
      search(input: { type: DATASET, query: "users" }) { total searchResults { entity { urn } } }
      searchAcrossEntities(input: { query: "fct_users_deleted", searchFlags: { skipAggregates: true } }) { total searchResults { entity { urn } matchedFields { name value } } }
      scrollAcrossEntities(input: { query: "*", types: [DATASET], count: 2 }) { nextScrollId total searchResults { entity { urn } } }
      aggregateAcrossEntities(input: { query: "*", facets: ["platform"] }) { facets { field aggregations { value count entity { urn } } } }
      autoComplete(input: { type: DATASET, query: "fct_users_c" }) { suggestions entities { urn } }
      autoCompleteForMultiple(input: { query: "Sample" }) { suggestions { type suggestions } }
      browseV2(input: { types: [DATASET], path: [] }) { total groups { name count } metadata { totalNumEntities } }`,
    );
    assert.equal(q.search.total, 2);
    assert.equal(q.searchAcrossEntities.searchResults[0].entity.urn, S.usersDeleted);
    assert.equal(
      q.scrollAcrossEntities.total,
      [...SAMPLE_ENTITIES].filter((u) => u.startsWith('urn:li:dataset:')).length,
    );
    assert.equal(typeof q.scrollAcrossEntities.nextScrollId, 'string');
    // Earlier steps add entities on hive; the sample alone has three datasets there.
    const hive = q.aggregateAcrossEntities.facets[0].aggregations.find(
      (a: any) => a.value === 'urn:li:dataPlatform:hive',
    );
    assert.ok(hive.count >= 3, JSON.stringify(hive));
    assert.deepEqual(hive.entity, { urn: 'urn:li:dataPlatform:hive' });
    assert.deepEqual(q.autoComplete, { suggestions: ['fct_users_created'], entities: [{ urn: S.usersCreated }] });
    assert.equal(q.autoCompleteForMultiple.suggestions[0].type, 'DATASET');
    // The sample's tables sit in two databases (browsePathsV2); nothing else has a browse path.
    assert.deepEqual(q.browseV2, {
      total: 2,
      groups: [
        { name: 'raw', count: 3 },
        { name: 'ANALYTICS', count: 2 },
      ],
      metadata: { totalNumEntities: 5 },
    });
  });

  it('answers the lineage fields: lineage on entities, searchAcrossLineage, scrollAcrossLineage, updateLineage', async () => {
    await gql(
      'mutation',
      `updateLineage(input: { edgesToAdd: [{ downstreamUrn: "${S.usersDeleted}", upstreamUrn: "${S.usersCreated}" }], edgesToRemove: [] })`,
    );
    const up = await gql(
      'query',
      `dataset(urn: "${S.usersDeleted}") { lineage(input: { direction: UPSTREAM }) { total relationships { type degree isManual entity { urn } } } }`,
    );
    assert.deepEqual(up.dataset.lineage, {
      total: 1,
      relationships: [{ type: 'DownstreamOf', degree: 1, isManual: true, entity: { urn: S.usersCreated } }],
    });
    const search = await gql(
      'query',
      `searchAcrossLineage(input: { urn: "${S.usersCreated}", direction: DOWNSTREAM, query: "*", orFilters: [{ and: [{ field: "degree", values: ["1", "2", "3+"] }] }] }) {
      total facets { field } searchResults { degree paths { path { urn } } entity { urn } } }`,
    );
    assert.deepEqual(search.searchAcrossLineage.searchResults, [
      {
        degree: 1,
        paths: [{ path: [{ urn: S.usersCreated }, { urn: S.usersDeleted }] }],
        entity: { urn: S.usersDeleted },
      },
    ]);
    assert.equal(search.searchAcrossLineage.facets[0].field, 'degree');
    const scroll = await gql(
      'query',
      `scrollAcrossLineage(input: { urn: "${S.usersDeleted}", direction: UPSTREAM, count: 10 }) { nextScrollId total searchResults { degree entity { urn } } }`,
    );
    assert.deepEqual(scroll.scrollAcrossLineage, {
      nextScrollId: null,
      total: 1,
      searchResults: [{ degree: 1, entity: { urn: S.usersCreated } }],
    });
  });

  it('answers the timeseries fields: an operation reported and listed; semantic search refused as DataHub refuses it when off', async () => {
    assert.equal(
      (
        await gql(
          'mutation',
          `reportOperation(input: { urn: "${S.usersCreated}", operationType: INSERT, sourceType: MANUAL, timestampMillis: 1234 })`,
        )
      ).reportOperation,
      true,
    );
    const ops = await gql(
      'query',
      `dataset(urn: "${S.usersCreated}") { operations(limit: 1) { timestampMillis operationType } }`,
    );
    assert.deepEqual(ops.dataset.operations, [{ timestampMillis: 1234, operationType: 'INSERT' }]);
    for (const field of [
      'semanticSearch(input: { type: DATASET, query: "users" })',
      'semanticSearchAcrossEntities(input: { query: "users" })',
    ]) {
      const res = await fetch(`${server.url}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: `{ ${field} { total } }` }),
      });
      const json = (await res.json()) as { errors?: Array<{ message: string }> };
      assert.equal(json.errors?.[0]?.message, 'Semantic search is disabled in this environment');
      seen.add(`Query.${field.slice(0, field.indexOf('('))}`);
    }
  });

  it('answers the versioning fields: a dataset linked to a version set, read as its latest, unlinked again', async () => {
    const vs = 'urn:li:versionSet:(walk,dataset)';
    assert.deepEqual(
      (
        await gql(
          'mutation',
          `linkAssetVersion(input: { versionSet: "${vs}", linkedEntity: "${S.usersCreated}", version: "v1" }) { urn }`,
        )
      ).linkAssetVersion,
      { urn: vs },
    );
    assert.deepEqual((await gql('query', `versionSet(urn: "${vs}") { latestVersion { urn } }`)).versionSet, {
      latestVersion: { urn: S.usersCreated },
    });
    assert.deepEqual(
      (
        await gql(
          'mutation',
          `unlinkAssetVersion(input: { versionSet: "${vs}", unlinkedEntity: "${S.usersCreated}" }) { urn }`,
        )
      ).unlinkAssetVersion,
      { urn: vs },
    );
  });

  it('answers the assertion fields: a custom assertion upserted, a result reported and read, the assertion deleted', async () => {
    const urn = (
      await gql(
        'mutation',
        `upsertCustomAssertion(input: { entityUrn: "${S.usersCreated}", type: "row count", description: "walk", platform: { name: "dbt" } }) { urn }`,
      )
    ).upsertCustomAssertion.urn;
    assert.match(urn, /^urn:li:assertion:/);
    assert.equal(
      (await gql('mutation', `reportAssertionResult(urn: "${urn}", result: { timestampMillis: 5000, type: SUCCESS })`))
        .reportAssertionResult,
      true,
    );
    const read = await gql(
      'query',
      `assertion(urn: "${urn}") { info { entityUrn description } runEvents(limit: 1) { total succeeded } }`,
    );
    assert.deepEqual(read.assertion, {
      info: { entityUrn: S.usersCreated, description: 'walk' },
      runEvents: { total: 1, succeeded: 1 },
    });
    assert.equal((await gql('mutation', `deleteAssertion(urn: "${urn}")`)).deleteAssertion, true);
  });

  it('answers the incident fields: an incident raised, read, updated, resolved, and listed on its dataset', async () => {
    const urn = (
      await gql(
        'mutation',
        `raiseIncident(input: { type: OPERATIONAL, title: "Walk", description: "walked", resourceUrn: "${S.usersCreated}", priority: HIGH })`,
      )
    ).raiseIncident;
    assert.match(urn, /^urn:li:incident:/);
    assert.equal(
      (await gql('mutation', `updateIncident(urn: "${urn}", input: { title: "Walk again" })`)).updateIncident,
      true,
    );
    assert.equal(
      (await gql('mutation', `updateIncidentStatus(urn: "${urn}", input: { state: RESOLVED, message: "fixed" })`))
        .updateIncidentStatus,
      true,
    );
    const read = await gql('query', `incident(urn: "${urn}") { title incidentStatus { state message } }`);
    assert.deepEqual(read.incident, { title: 'Walk again', incidentStatus: { state: 'RESOLVED', message: 'fixed' } });
    const listed = await gql(
      'query',
      `dataset(urn: "${S.usersCreated}") { incidents(state: RESOLVED) { total incidents { urn } } }`,
    );
    assert.deepEqual(listed.dataset.incidents, { total: 1, incidents: [{ urn }] });
  });

  it('answers the secrets and connections fields: a secret created, updated, listed, read and deleted; a connection upserted, patched, read and deleted', async () => {
    const urn = (
      await gql('mutation', 'createSecret(input: { name: "WALK_SECRET", value: "walk-value", description: "walk" })')
    ).createSecret;
    assert.equal(urn, 'urn:li:dataHubSecret:WALK_SECRET');
    await gql('mutation', `updateSecret(input: { urn: "${urn}", name: "WALK_SECRET", value: "walk-value-2" })`);
    assert.deepEqual(
      (await gql('query', 'listSecrets(input: { query: "WALK" }) { total secrets { urn name description } }'))
        .listSecrets,
      { total: 1, secrets: [{ urn, name: 'WALK_SECRET', description: 'walk' }] },
    );
    assert.deepEqual(
      (await gql('query', 'getSecretValues(input: { secrets: ["WALK_SECRET"] }) { name value }')).getSecretValues,
      [{ name: 'WALK_SECRET', value: 'walk-value-2' }],
    );
    assert.equal((await gql('mutation', `deleteSecret(urn: "${urn}")`)).deleteSecret, urn);
    const conn = 'urn:li:dataHubConnection:walk';
    await gql(
      'mutation',
      'upsertConnection(input: { id: "walk", type: JSON, platformUrn: "urn:li:dataPlatform:mysql", json: { blob: "{}" } }) { urn }',
    );
    await gql('mutation', `updateConnection(input: { urn: "${conn}", name: "Walk" }) { urn }`);
    assert.deepEqual(
      (await gql('query', `connection(urn: "${conn}") { details { name json { blob } } platform { urn } }`)).connection,
      {
        details: { name: 'Walk', json: { blob: '{}' } },
        platform: { urn: 'urn:li:dataPlatform:mysql' },
      },
    );
    assert.equal((await gql('mutation', `deleteConnection(input: { urn: "${conn}" })`)).deleteConnection, true);
  });

  it('answers the ingestion source and role fields: a source deployed, read, listed and deleted; roles assigned; invite tokens', async () => {
    const src = 'urn:li:dataHubIngestionSource:walk';
    const config = `config: { recipe: "{}", executorId: "default" }`;
    assert.equal(
      (await gql('mutation', `updateIngestionSource(urn: "${src}", input: { name: "walk", type: "file", ${config} })`))
        .updateIngestionSource,
      src,
    );
    const created = (await gql('mutation', `createIngestionSource(input: { name: "walk 2", type: "file", ${config} })`))
      .createIngestionSource;
    // A run as `datahub ingest` reports it.
    const run = 'urn:li:dataHubExecutionRequest:walk-run';
    await rest('POST', '/aspects?action=ingestProposal', {
      proposal: proposal(run, 'dataHubExecutionRequestInput', {
        task: 'CLI Ingestion',
        args: {},
        executorId: '__datahub_cli_',
        requestedAt: 1,
        source: { type: 'CLI_INGESTION_SOURCE', ingestionSource: src },
      }),
    });
    const q = await gql(
      'query',
      `ingestionSource(urn: "${src}") { name executions { total } }
      executionRequest(urn: "${run}") { id source { urn } }
      listIngestionSources(input: { query: "walk" }) { total ingestionSources { urn } }
      listRoles(input: {}) { roles { name } }
      getInviteToken(input: { roleUrn: "urn:li:dataHubRole:Reader" }) { inviteToken }`,
    );
    assert.deepEqual(q.ingestionSource, { name: 'walk', executions: { total: 1 } });
    assert.deepEqual(q.executionRequest, { id: 'walk-run', source: { urn: src } });
    assert.equal(q.listIngestionSources.total, 2);
    assert.deepEqual(
      q.listRoles.roles.map((r: { name: string }) => r.name),
      ['Admin', 'Editor', 'Reader'],
    );
    await gql('mutation', `batchAssignRole(input: { roleUrn: "urn:li:dataHubRole:Editor", actors: ["${S.jdoe}"] })`);
    const token = (
      await gql('mutation', 'createInviteToken(input: { roleUrn: "urn:li:dataHubRole:Reader" }) { inviteToken }')
    ).createInviteToken.inviteToken;
    assert.equal((await gql('mutation', `acceptRole(input: { inviteToken: "${token}" })`)).acceptRole, true);
    // No executor here: this one always answers with an error, which is its walk.
    const res = await fetch(`${server.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `mutation { createIngestionExecutionRequest(input: { ingestionSourceUrn: "${src}" }) }`,
      }),
    });
    const json = (await res.json()) as { errors?: Array<{ message: string; extensions: { code: number } }> };
    assert.equal(json.errors?.[0]?.extensions.code, 400, JSON.stringify(json));
    assert.match(json.errors![0]!.message, /`datahub ingest -c recipe\.yml`/);
    seen.add('Mutation.createIngestionExecutionRequest');
    await gql('mutation', `deleteIngestionSource(urn: "${src}")`);
    await gql('mutation', `deleteIngestionSource(urn: "${created}")`);
  });

  it("answers the fields DataHub's web app and CLI added: privileges, home page, step states, browse paths, views, schema versions, forms", async () => {
    const form = 'urn:li:form:walk';
    await rest('POST', '/aspects?action=ingestProposalBatch', {
      proposals: [
        proposal(form, 'formInfo', { name: 'Walk form', type: 'COMPLETION', prompts: [], actors: { owners: true } }),
      ],
    });
    await gql(
      'query',
      `getGrantedPrivileges(input: { actorUrn: "${S.datahub}" }) { privileges }
      globalHomePageSettings { __typename }
      listRecommendations(input: { userUrn: "${S.datahub}", requestContext: { scenario: HOME } }) { __typename }
      getQuickFilters(input: {}) { __typename }
      latestProductUpdate { __typename }
      listPosts(input: { start: 0, count: 10 }) { total }
      batchGetStepStates(input: { ids: ["walk"] }) { __typename }
      browsePaths(input: { type: DATASET, urn: "${S.hiveSample}" }) { path }
      listMyViews(input: { start: 0, count: 10 }) { total }
      listGlobalViews(input: { start: 0, count: 10 }) { total }
      getSchemaVersionList(input: { datasetUrn: "${S.hiveSample}" }) { __typename }
      getSchemaBlame(input: { datasetUrn: "${S.hiveSample}" }) { __typename }
      bulkEntityDataProducts(input: { urns: ["${S.hiveSample}"] }) { __typename }
      form(urn: "${form}") { urn }`,
    );
    await gql('mutation', `batchAssignForm(input: { formUrn: "${form}", entityUrns: ["${S.hiveSample}"] })`);
    await gql('mutation', `batchRemoveForm(input: { formUrn: "${form}", entityUrns: ["${S.hiveSample}"] })`);
    await gql(
      'mutation',
      `createDynamicFormAssignment(input: { formUrn: "${form}", orFilters: [{ and: [{ field: "platform", values: ["urn:li:dataPlatform:hive"] }] }] })`,
    );
  });

  it("answers more of the fields DataHub's web app reads beyond its five pages: timeline, versioned dataset, listings, counts", async () => {
    await rest('POST', '/aspects?action=ingestProposalBatch', {
      proposals: [
        proposal('urn:li:dataHubView:walk', 'dataHubViewInfo', {
          name: 'Walk view',
          type: 'GLOBAL',
          definition: { entityTypes: ['DATASET'], filter: { operator: 'AND', filters: [] } },
          created: { time: 1, actor: S.datahub },
          lastModified: { time: 1, actor: S.datahub },
        }),
        proposal('urn:li:application:walk', 'applicationProperties', { name: 'Walk app' }),
        proposal('urn:li:dataProcessInstance:walk', 'dataProcessInstanceProperties', {
          name: 'walk run',
          created: { time: 1, actor: S.datahub },
        }),
      ],
    });
    await gql(
      'query',
      `getTimeline(input: { urn: "${S.hiveSample}" }) { changeTransactions { lastSemanticVersion } }
      versionedDataset(urn: "${S.hiveSample}") { schema { fields { fieldPath } } }
      isAnalyticsEnabled
      view(urn: "urn:li:dataHubView:walk") { urn }
      application(urn: "urn:li:application:walk") { urn }
      dataProcessInstance(urn: "urn:li:dataProcessInstance:walk") { urn }
      listUsers(input: {}) { total }
      listGroups(input: {}) { total }
      listDomains(input: {}) { total }
      searchUsers(input: { query: "*" }) { total }
      getEntityCounts(input: { types: [DATASET] }) { counts { count } }
      getRootGlossaryTerms(input: { start: 0, count: 10 }) { total }`,
    );
  });

  it('covered every Query and Mutation field of the schema', () => {
    const schema = buildSchema(loadSdl());
    const all = [
      ...Object.keys(schema.getQueryType()!.getFields()).map((f) => `Query.${f}`),
      ...Object.keys(schema.getMutationType()!.getFields()).map((f) => `Mutation.${f}`),
    ];
    assert.deepEqual(
      all.filter((f) => !seen.has(f)),
      [],
      'fields no test step walked',
    );
  });

  it('answers every REST endpoint, hard delete with references included', async () => {
    const config = await rest('GET', '/config');
    assert.equal(config.noCode, 'true');
    assert.equal(config.versions['acryldata/datahub'].version, 'v1.7.0.1');
    assert.match(config.graphQL.schemaHash, /^[0-9a-f]{64}$/);
    await rest('POST', '/aspects?action=ingestProposal', {
      proposal: proposal('urn:li:tag:rest', 'tagProperties', { name: 'Rest' }),
    });
    await rest('POST', '/aspects?action=ingestProposalBatch', {
      proposals: [proposal('urn:li:tag:rest2', 'tagProperties', { name: 'Rest2' })],
    });
    assert.deepEqual(
      (
        await rest('POST', '/aspects?action=getTimeseriesAspectValues', {
          urn: S.hiveSample,
          entity: 'dataset',
          aspect: 'datasetProfile',
        })
      ).value.values,
      [],
    );
    assert.equal(
      (await rest('GET', `/aspects/${enc('urn:li:tag:rest')}?aspect=tagProperties&version=0`)).aspect[
        'com.linkedin.tag.TagProperties'
      ].name,
      'Rest',
    );
    assert.equal((await rest('GET', `/entitiesV2/${enc(S.legacy)}`)).urn, S.legacy);
    await rest('POST', '/entities?action=ingest', {
      entity: {
        value: {
          'com.linkedin.metadata.snapshot.CorpUserSnapshot': {
            urn: 'urn:li:corpuser:mce',
            aspects: [{ 'com.linkedin.identity.CorpUserInfo': { active: true, displayName: 'M' } }],
          },
        },
      },
    });
    await rest('POST', '/entities?action=batchIngest', {
      entities: [
        {
          value: {
            'com.linkedin.metadata.snapshot.CorpUserSnapshot': {
              urn: 'urn:li:corpuser:mce2',
              aspects: [{ 'com.linkedin.identity.CorpUserInfo': { active: true } }],
            },
          },
        },
      ],
    });
    assert.equal(
      (await rest('GET', `/entities/${enc(S.legacy)}`)).value['com.linkedin.metadata.snapshot.TagSnapshot'].urn,
      S.legacy,
    );
    assert.equal(
      (await rest('GET', `/relationships?urn=${enc(S.legacy)}&types=List(TaggedWith)&direction=INCOMING`)).total,
      1,
    );
    assert.equal(
      (
        await rest(
          'GET',
          `/openapi/relationships/v1/?urn=${enc(S.legacy)}&relationshipTypes=TaggedWith&direction=INCOMING&start=0`,
        )
      ).count,
      1,
    );
    assert.equal((await rest('GET', `/openapi/v3/entity/tag/${enc(S.legacy)}`)).urn, S.legacy);
    assert.equal((await rest('POST', '/openapi/v3/entity/tag/batchGet', [{ urn: S.legacy }])).length, 1);
    const timeline = await rest('GET', `/openapi/v2/timeline/v1/${enc(S.hiveSample)}?categories=TAG&startTime=0`);
    assert.deepEqual(
      timeline.map((t: any) => t.changeEvents.map((e: any) => `${e.category} ${e.operation} ${e.modifier}`)),
      [[`TAG ADD ${S.legacy}`]],
    );
    // The OpenAPI v3 writes of DataHub's SDK: upsert, patch, trace the write, delete.
    const openapiTag = 'urn:li:tag:openapi';
    const upserted = await rest('POST', '/openapi/v3/entity/tag?async=false&systemMetadata=true', [
      { urn: openapiTag, tagProperties: { value: { name: 'OpenAPI' }, systemMetadata: null, headers: {} } },
    ]);
    const traceId = upserted[0].tagProperties.systemMetadata.properties.telemetryTraceId;
    const owner = { owner: 'urn:li:corpuser:datahub', type: 'DATAOWNER' };
    await rest('PATCH', '/openapi/v3/entity/tag?async=true', [
      {
        urn: openapiTag,
        ownership: { value: { patch: [{ op: 'add', path: `/owners/${owner.owner}/DATAOWNER`, value: owner }] } },
      },
    ]);
    assert.deepEqual(
      (await rest('GET', `/openapi/v3/entity/tag/${enc(openapiTag)}?aspects=ownership`)).ownership.value.owners,
      [owner],
    );
    const traced = await rest('POST', `/openapi/v1/trace/write/${traceId}?onlyIncludeErrors=false&detailed=true`, {
      [openapiTag]: ['tagProperties'],
    });
    assert.equal(traced[openapiTag].tagProperties.primaryStorage.writeStatus, 'ACTIVE_STATE');
    const deleted = await fetch(`${server.url}/openapi/v3/entity/tag/${openapiTag}`, { method: 'DELETE' });
    assert.equal(deleted.status, 200, await deleted.text());
    assert.equal((await gql('query', `entityExists(urn: "${openapiTag}")`)).entityExists, false);
    // The sequence of `datahub delete --hard` with references: count, remove references, delete.
    const dry = await rest('POST', '/entities?action=deleteReferences', { urn: S.legacy, dryRun: true });
    assert.deepEqual(dry.value, {
      total: 1,
      relatedAspects: [{ relationshipType: 'TaggedWith', urn: S.hiveSample, aspectName: 'globalTags' }],
    });
    const done = await rest('POST', '/entities?action=deleteReferences', { urn: S.legacy, dryRun: false });
    assert.equal(done.value.total, dry.value.total);
    await rest('POST', '/entities?action=delete', { urn: S.legacy });
    assert.equal((await gql('query', `entityExists(urn: "${S.legacy}")`)).entityExists, false);
    const owned = await gql('query', `dataset(urn: "${S.hiveSample}") { globalTags { tags { tag { urn } } } }`);
    assert.deepEqual(owned.dataset.globalTags?.tags ?? [], [], 'no dataset keeps a reference to the deleted tag');
  });
});
