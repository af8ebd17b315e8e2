// Entity versioning (DataHub's versioning.graphql, EntityVersioningServiceImpl and its side effects)
// and platform resources: linkAssetVersion / unlinkAssetVersion with DataHub's messages, the latest
// version kept current by every write of versionProperties, VersionSet reads and versionsSearch,
// and the DataHubPlatformResource read model with a search by key.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ingestProposals } from '../src/ops/ingest/ingestProposals.ts';
import { incrementSortId, INITIAL_SORT_ID } from '../src/ops/versioning/versioning.ts';
import { searchEntities } from '../src/ops/search/search.ts';
import { S, startSampleServer, type GqlServer } from './graphql-helpers.ts';

const VS = 'urn:li:versionSet:(users,dataset)';
const V1 = S.usersCreated;
const V2 = S.usersDeleted;
const V3 = S.hiveSample;

describe('entity versioning over GraphQL', () => {
  let s: GqlServer;
  before(async () => {
    s = await startSampleServer();
  });
  after(() => s.close());

  const ok = (query: string, variables?: Record<string, unknown>) => s.ok(query, variables);
  const fails = (query: string, variables?: Record<string, unknown>) => s.fails(query, variables);
  const value = (urn: string, aspect: string) => s.store.getAspect(urn, aspect)?.value as any;
  const LINK = 'mutation($input: LinkVersionInput!) { linkAssetVersion(input: $input) { urn type } }';
  const UNLINK = 'mutation($input: UnlinkVersionInput!) { unlinkAssetVersion(input: $input) { urn type } }';
  const link = (linkedEntity: string, version: string, extra: Record<string, unknown> = {}, versionSet = VS) =>
    s.gql(LINK, { input: { versionSet, linkedEntity, version, ...extra } });
  const versionOf = async (urn: string) =>
    (
      await ok(
        `{ dataset(urn: "${urn}") { versionProperties { versionSet { urn type } version { versionTag } aliases { versionTag } comment isLatest created { time actor { urn } } createdInSource { time actor { urn } } } } }`,
      )
    ).dataset.versionProperties;

  it('links a first version: creates the version set, sortId AAAAAAAA, the asset is the latest', async () => {
    const r = await link(V1, 'v1', { comment: 'first cut', sourceTimestamp: 1700000000000, sourceCreator: 'jdoe' });
    assert.equal(r.body.errors, undefined, JSON.stringify(r.body.errors));
    assert.deepEqual(r.body.data, { linkAssetVersion: { urn: VS, type: 'VERSION_SET' } });
    const props = value(V1, 'versionProperties');
    assert.equal(props.sortId, INITIAL_SORT_ID);
    assert.equal(props.versionSet, VS);
    assert.equal(props.isLatest, true);
    assert.deepEqual(props.sourceCreatedTimestamp, { time: 1700000000000, actor: 'urn:li:corpuser:jdoe' });
    assert.deepEqual(value(VS, 'versionSetProperties'), {
      latest: V1,
      versioningScheme: 'ALPHANUMERIC_GENERATED_BY_DATAHUB',
    });
    assert.deepEqual(value(VS, 'versionSetKey'), { id: 'users', entityType: 'dataset' });
    const v = await versionOf(V1);
    assert.deepEqual(
      { ...v, created: { ...v.created, time: typeof v.created.time } },
      {
        versionSet: { urn: VS, type: 'VERSION_SET' },
        version: { versionTag: 'v1' },
        aliases: [],
        comment: 'first cut',
        isLatest: true,
        created: { time: 'number', actor: { urn: S.datahub } },
        createdInSource: { time: 1700000000000, actor: { urn: 'urn:li:corpuser:jdoe' } },
      },
    );
    // versionProperties.versionSet is DataHub's VersionOf relationship.
    const rel = await ok(
      `{ versionSet(urn: "${VS}") { relationships(input: { types: ["VersionOf"], direction: INCOMING }) { total relationships { entity { urn } } } } }`,
    );
    assert.deepEqual(rel.versionSet.relationships, { total: 1, relationships: [{ entity: { urn: V1 } }] });
  });

  it('links the next version after the latest (AAAAAAAB): it becomes the latest, the old one no longer is', async () => {
    const r = await link(V2, 'v2');
    assert.deepEqual(r.body.data, { linkAssetVersion: { urn: VS, type: 'VERSION_SET' } });
    assert.equal(value(V2, 'versionProperties').sortId, 'AAAAAAAB');
    assert.equal(value(VS, 'versionSetProperties').latest, V2);
    assert.equal((await versionOf(V1)).isLatest, false);
    assert.equal((await versionOf(V2)).isLatest, true);
    const set = await ok(`{ versionSet(urn: "${VS}") { urn type latestVersion { urn ... on Dataset { name } }
      versionsSearch(input: { query: "*", count: 10 }) { total searchResults { entity { urn ... on Dataset { versionProperties { version { versionTag } isLatest } } } } } } }`);
    assert.deepEqual(set.versionSet.latestVersion, { urn: V2, name: 'fct_users_deleted' });
    // Newest first (sortId descending), as DataHub's VersionsSearchResolver sorts.
    assert.deepEqual(set.versionSet.versionsSearch.total, 2);
    assert.deepEqual(
      set.versionSet.versionsSearch.searchResults.map((x: any) => [
        x.entity.urn,
        x.entity.versionProperties.version.versionTag,
        x.entity.versionProperties.isLatest,
      ]),
      [
        [V2, 'v2', true],
        [V1, 'v1', false],
      ],
    );
    // The version fields are searchable as DataHub indexes them.
    assert.deepEqual(
      searchEntities(s.store, {
        query: '*',
        types: ['dataset'],
        filters: [
          [
            { field: 'isLatest', values: ['true'], condition: 'EQUAL', negated: false },
            { field: 'versionSet', values: [VS], condition: 'EQUAL', negated: false },
          ],
        ],
      }).hits.map((h) => h.urn),
      [V2],
    );
  });

  it('linking an asset again to its own set changes nothing and answers null', async () => {
    const before = s.store.getAspect(V1, 'versionProperties');
    const r = await link(V1, 'again');
    assert.equal(r.body.errors, undefined);
    assert.deepEqual(r.body.data, { linkAssetVersion: null });
    assert.deepEqual(s.store.getAspect(V1, 'versionProperties'), before);
  });

  it("refuses what DataHub refuses, with DataHub's messages, and writes nothing", async () => {
    assert.deepEqual(await fails(LINK, { input: { versionSet: S.legacy, linkedEntity: V3, version: 'x' } }), [
      `Version Set urn ${S.legacy} must be of type Version Set.`,
      400,
    ]);
    assert.deepEqual(
      await fails(LINK, {
        input: { versionSet: 'urn:li:versionSet:(models,mlModel)', linkedEntity: V3, version: 'x' },
      }),
      ["Entity type must match Version Set's specified type: mlModel invalid type: dataset", 400],
    );
    assert.deepEqual(
      await fails(LINK, { input: { versionSet: 'urn:li:versionSet:(other,dataset)', linkedEntity: V1, version: 'x' } }),
      [`Version already exists for specified entity: ${V1} for a different Version Set: ${VS}`, 400],
    );
    assert.deepEqual(await fails(LINK, { input: { versionSet: VS, linkedEntity: V3, version: 'v1' } }), [
      'Sort Id and Version label must be unique: sort ID: AAAAAAAC version label: v1',
      400,
    ]);
    const missing = 'urn:li:dataset:(urn:li:dataPlatform:hive,nope,PROD)';
    assert.deepEqual(await fails(LINK, { input: { versionSet: VS, linkedEntity: missing, version: 'v9' } }), [
      `Failed to link version for Entity ${missing}. Entity does not exist.`,
      400,
    ]);
    assert.deepEqual(
      await fails(UNLINK, { input: { versionSet: 'urn:li:versionSet:(other,dataset)', unlinkedEntity: V1 } }),
      [
        `Version is not linked to specified version set: urn:li:versionSet:(other,dataset) but is linked to: ${VS}`,
        400,
      ],
    );
    assert.deepEqual(await fails(UNLINK, { input: { versionSet: S.legacy, unlinkedEntity: V1 } }), [
      `Version Set urn ${S.legacy} must be of type Version Set.`,
      400,
    ]);
    assert.deepEqual(await fails(UNLINK, { input: { unlinkedEntity: V1 } }), [
      'unlinkAssetVersion needs both versionSet and unlinkedEntity.',
      400,
    ]);
    assert.equal(s.store.getAspect(V3, 'versionProperties'), undefined);
    assert.equal(s.store.entityExists('urn:li:versionSet:(other,dataset)'), false);
    assert.equal(s.store.entityExists(missing), false);
  });

  it('unlinks: the version before the latest takes over; an unversioned asset answers null; the last one deletes the set', async () => {
    assert.deepEqual((await ok(UNLINK, { input: { versionSet: VS, unlinkedEntity: V3 } })).unlinkAssetVersion, null);
    assert.deepEqual((await ok(UNLINK, { input: { versionSet: VS, unlinkedEntity: V2 } })).unlinkAssetVersion, {
      urn: VS,
      type: 'VERSION_SET',
    });
    assert.equal(s.store.getAspect(V2, 'versionProperties'), undefined);
    assert.equal(value(VS, 'versionSetProperties').latest, V1);
    assert.equal((await versionOf(V1)).isLatest, true);
    assert.equal(
      (await ok(`{ dataset(urn: "${V2}") { versionProperties { isLatest } } }`)).dataset.versionProperties,
      null,
    );
    assert.deepEqual((await ok(UNLINK, { input: { versionSet: VS, unlinkedEntity: V1 } })).unlinkAssetVersion, {
      urn: VS,
      type: 'VERSION_SET',
    });
    assert.equal(s.store.entityExists(VS), false);
    assert.deepEqual(s.store.edges(VS, 'INCOMING', ['VersionOf']), []);
    const r = await s.gql(`{ versionSet(urn: "${VS}") { urn } }`);
    assert.equal(r.body.data.versionSet, null);
    assert.equal(r.body.errors[0].extensions.code, 404);
  });

  it('versions written by ingestion (mlflow, the SDK) create their set and move its latest by sortId; a client isLatest is recomputed', async () => {
    const set = 'urn:li:versionSet:(mlflow_model,mlModel)';
    const model = (v: string) => `urn:li:mlModel:(urn:li:dataPlatform:mlflow,model_${v},PROD)`;
    const version = (v: string, sortId: string, isLatest?: boolean) => ({
      entityType: 'mlModel',
      entityUrn: model(v),
      changeType: 'UPSERT' as const,
      aspectName: 'versionProperties',
      value: {
        versionSet: set,
        version: { versionTag: v },
        aliases: [{ versionTag: 'champion' }],
        sortId,
        ...(isLatest === undefined ? {} : { isLatest }),
      },
    });
    await ingestProposals({ store: s.store, actor: S.datahub }, [version('1', '0000000001', false)]);
    assert.deepEqual(value(set, 'versionSetProperties'), {
      versioningScheme: 'LEXICOGRAPHIC_STRING',
      latest: model('1'),
    });
    assert.equal(value(model('1'), 'versionProperties').isLatest, true);
    await ingestProposals({ store: s.store, actor: S.datahub }, [
      version('3', '0000000003'),
      version('2', '0000000002', true),
    ]);
    assert.equal(value(set, 'versionSetProperties').latest, model('3'));
    assert.deepEqual(
      ['1', '2', '3'].map((v) => value(model(v), 'versionProperties').isLatest),
      [false, false, true],
    );
    const m = await ok(
      `{ mlModel(urn: "${model('3')}") { versionProperties { isLatest aliases { versionTag } versionSet { latestVersion { urn } } } } }`,
    );
    assert.deepEqual(m.mlModel.versionProperties, {
      isLatest: true,
      aliases: [{ versionTag: 'champion' }],
      versionSet: { latestVersion: { urn: model('3') } },
    });
    // A set with another scheme cannot take a DataHub-generated sortId: DataHub's generator refuses it.
    await ingestProposals({ store: s.store, actor: S.datahub }, [
      {
        entityType: 'mlModel',
        entityUrn: model('4'),
        changeType: 'UPSERT',
        aspectName: 'status',
        value: { removed: false },
      },
    ]);
    assert.deepEqual(await fails(LINK, { input: { versionSet: set, linkedEntity: model('4'), version: '4' } }), [
      'Input string must be exactly 8 characters long',
      400,
    ]);
    assert.equal(s.store.getAspect(model('4'), 'versionProperties'), undefined);
  });
});

describe('DataHub sortId generation', () => {
  it('increments the last letter, carries, wraps, and refuses what DataHub refuses', () => {
    assert.equal(incrementSortId('AAAAAAAA'), 'AAAAAAAB');
    assert.equal(incrementSortId('AAAAAAAZ'), 'AAAAAABA');
    assert.equal(incrementSortId('AAAAAZZZ'), 'AAAABAAA');
    assert.equal(incrementSortId('ZZZZZZZZ'), 'AAAAAAAA');
    assert.throws(() => incrementSortId('AAA'), { message: 'Input string must be exactly 8 characters long' });
    assert.throws(() => incrementSortId('AAAA$AAA'), { message: 'Invalid character in input string: $' });
  });
});

describe('platform resources', () => {
  let s: GqlServer;
  before(async () => {
    s = await startSampleServer({ sample: false });
  });
  after(() => s.close());

  const resource = (id: string, info: Record<string, unknown>, removed = false) =>
    [
      ['platformResourceInfo', info],
      [
        'dataPlatformInstance',
        {
          platform: 'urn:li:dataPlatform:slack',
          instance: 'urn:li:dataPlatformInstance:(urn:li:dataPlatform:slack,acme)',
        },
      ],
      ['status', { removed }],
    ].map(([aspectName, value]) => ({
      entityType: 'platformResource',
      entityUrn: `urn:li:platformResource:${id}`,
      changeType: 'UPSERT' as const,
      aspectName: aspectName as string,
      value: value as Record<string, unknown>,
    }));

  before(async () => {
    await ingestProposals({ store: s.store, actor: S.datahub }, [
      ...resource('u1', {
        resourceType: 'user-info',
        primaryKey: 'U123',
        secondaryKeys: ['jdoe@acme.com', 'jdoe-x'],
        value: { blob: '{"offset_id":"42","n":3}', contentType: 'JSON', schemaType: 'JSON' },
      }),
      ...resource('u2', {
        resourceType: 'user-info',
        primaryKey: 'jdoe@acme.com',
        value: { blob: 'AAEC', contentType: 'BINARY' },
      }),
      ...resource('u3', { resourceType: 'user-info', primaryKey: 'U999' }, true),
    ]);
  });

  it('entity(urn) answers a DataHubPlatformResource: its info, value, platform, instance and status', async () => {
    const r = await s.gql(
      `query getPlatformResource($urn: String!) { entity(urn: $urn) { urn type ... on DataHubPlatformResource {
      properties { resourceType primaryKey secondaryKeys value { blob contentType schemaType schemaRef } customProperties { key value associatedUrn } }
      platform { urn } dataPlatformInstance { urn } status { removed } } } }`,
      { urn: 'urn:li:platformResource:u1' },
    );
    assert.equal(r.body.errors, undefined, JSON.stringify(r.body.errors));
    assert.deepEqual(r.body.data.entity, {
      urn: 'urn:li:platformResource:u1',
      type: 'OTHER',
      properties: {
        resourceType: 'user-info',
        primaryKey: 'U123',
        secondaryKeys: ['jdoe@acme.com', 'jdoe-x'],
        value: { blob: '{"offset_id":"42","n":3}', contentType: 'JSON', schemaType: 'JSON', schemaRef: null },
        customProperties: [
          { key: 'offset_id', value: '42', associatedUrn: 'urn:li:platformResource:u1' },
          { key: 'n', value: '3', associatedUrn: 'urn:li:platformResource:u1' },
        ],
      },
      platform: { urn: 'urn:li:dataPlatform:slack' },
      dataPlatformInstance: { urn: 'urn:li:dataPlatformInstance:(urn:li:dataPlatform:slack,acme)' },
      status: { removed: false },
    });
    const binary = await s.gql(
      '{ entity(urn: "urn:li:platformResource:u2") { ... on DataHubPlatformResource { properties { value { contentType } customProperties { key } } } } }',
    );
    assert.deepEqual(binary.body.data.entity.properties, { value: { contentType: 'BINARY' }, customProperties: [] });
    // The unstructured source's legacy offset lookup names an entity type DataHub does not have: null, no error.
    const legacy = await s.gql(
      '{ entity(urn: "urn:li:dataHubPlatformResource:consumer-topic") { ... on DataHubPlatformResource { properties { customProperties { key value } } } } }',
    );
    assert.deepEqual(legacy.body, { data: { entity: null }, extensions: {} });
  });

  it('GET /openapi/v3/entity/{type} scrolls the resources matching a key, as PlatformResource.search_by_key asks', async () => {
    const scroll = async (query: string, includeSoftDelete = false) => {
      const res = await fetch(
        `${s.server.url}/openapi/v3/entity/platformresource?systemMetadata=false&includeSoftDelete=${includeSoftDelete}&skipCache=false&aspects=platformResourceKey&count=1000&query=${encodeURIComponent(query)}`,
      );
      assert.equal(res.status, 200);
      return (await res.json()) as { scrollId: string | null; entities: Array<Record<string, unknown>> };
    };
    // The SDK's ElasticsearchQueryBuilder: an OR group in parentheses, values quoted and escaped.
    assert.deepEqual(await scroll('(primaryKey:"jdoe@acme.com")'), {
      scrollId: null,
      entities: [{ urn: 'urn:li:platformResource:u2', platformResourceKey: { value: { id: 'u2' } } }],
    });
    assert.deepEqual(
      (await scroll('(primaryKey:"jdoe@acme.com" OR secondaryKeys:"jdoe@acme.com")')).entities.map((e) => e.urn),
      ['urn:li:platformResource:u1', 'urn:li:platformResource:u2'],
    );
    assert.deepEqual(
      (await scroll('(secondaryKeys:"jdoe\\-x")')).entities.map((e) => e.urn),
      ['urn:li:platformResource:u1'],
    );
    assert.deepEqual(
      (await scroll('(platform.keyword:"urn\\:li\\:dataPlatform\\:slack" AND resourceType:"user-info")')).entities.map(
        (e) => e.urn,
      ),
      ['urn:li:platformResource:u1', 'urn:li:platformResource:u2'],
    );
    // Soft-deleted resources only when asked for.
    assert.deepEqual((await scroll('primaryKey:"U999"')).entities, []);
    assert.deepEqual(
      (await scroll('primaryKey:"U999"', true)).entities.map((e) => e.urn),
      ['urn:li:platformResource:u3'],
    );
    // Pages continue from the scrollId.
    const first = await fetch(
      `${s.server.url}/openapi/v3/entity/platformResource?count=1&query=resourceType:user-info`,
    ).then((r) => r.json());
    assert.equal(first.entities.length, 1);
    assert.equal(typeof first.scrollId, 'string');
    const second = await fetch(
      `${s.server.url}/openapi/v3/entity/platformResource?count=1&query=resourceType:user-info&scrollId=${encodeURIComponent(first.scrollId)}`,
    ).then((r) => r.json());
    assert.deepEqual(
      [first.entities[0].urn, second.entities[0].urn],
      ['urn:li:platformResource:u1', 'urn:li:platformResource:u2'],
    );
    assert.equal(second.scrollId, null);
  });
});
