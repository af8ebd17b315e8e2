// The Rest.li endpoints (docs/datahub/rest-cli.md §2, §3) over a real server: shapes, statuses, messages.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { compilePath } from '../src/server/rest/route.ts';
import { REST_ROUTES } from '../src/server/rest/routes.ts';
import { S, startSampleServer, type GqlServer } from './graphql-helpers.ts';

const enc = encodeURIComponent;

describe('REST endpoints', () => {
  let s: GqlServer;
  let base: string;
  before(async () => {
    s = await startSampleServer();
    base = s.server.url;
  });
  after(() => s.close());

  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-RestLi-Protocol-Version': '2.0.0' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const get = async (path: string) => {
    const res = await fetch(`${base}${path}`);
    return { status: res.status, body: (await res.json()) as any };
  };
  const proposal = (urn: string, aspectName: string, value: unknown) => ({
    entityType: urn.split(':')[2],
    entityUrn: urn,
    changeType: 'UPSERT',
    aspectName,
    aspect: { value: JSON.stringify(value), contentType: 'application/json' },
  });

  it('GET /config advertises noCode as the string "true" and the DataHub version of our pinned client', async () => {
    const r = await get('/config');
    assert.equal(r.status, 200);
    assert.equal(r.body.noCode, 'true');
    assert.equal(r.body.versions['acryldata/datahub'].version, 'v1.7.0.1');
    assert.notEqual(r.body.datahub.serverType, 'quickstart');
  });

  it('ingestProposal writes before replying; GET /aspects returns the VersionedAspect under the schema name', async () => {
    const urn = 'urn:li:tag:rest1';
    for (const path of ['/aspects?action=ingestProposal', '/aspects/?action=ingestProposal']) {
      const r = await post(path, { proposal: proposal(urn, 'tagProperties', { name: path }), async: 'true' });
      assert.deepEqual(r, { status: 200, body: { value: 'success' } });
    }
    const latest = await get(`/aspects/${enc(urn)}?aspect=tagProperties&version=0`);
    assert.deepEqual(latest.body, {
      aspect: { 'com.linkedin.tag.TagProperties': { name: '/aspects/?action=ingestProposal' } },
      version: 0,
    });
    const first = await get(`/aspects/${enc(urn)}?aspect=tagProperties&version=1`);
    assert.deepEqual(first.body, {
      aspect: { 'com.linkedin.tag.TagProperties': { name: '/aspects?action=ingestProposal' } },
      version: 1,
    });
    const missing = await get(`/aspects/${enc(urn)}?aspect=tagProperties&version=2`);
    assert.equal(missing.status, 404);
    assert.deepEqual(missing.body, { status: 404, message: `Aspect tagProperties (version 2) of ${urn} not found` });
    assert.equal((await get(`/aspects/${enc('urn:li:tag:none')}?aspect=tagProperties`)).status, 404);
  });

  it('a REST write is visible in GraphQL at once, and a GraphQL mutation in GET /aspects', async () => {
    await post('/aspects?action=ingestProposal', {
      proposal: proposal(S.kafkaSample, 'editableDatasetProperties', { description: 'via REST' }),
    });
    const g = await s.gql(`{ dataset(urn: "${S.kafkaSample}") { properties { description } } }`);
    assert.equal(g.body.data.dataset.properties.description, 'via REST');
    await s.gql(`mutation { addTags(input: { tagUrns: ["urn:li:tag:Legacy"], resourceUrn: "${S.kafkaSample}" }) }`);
    const r = await get(`/aspects/${enc(S.kafkaSample)}?aspect=globalTags&version=0`);
    assert.deepEqual(r.body.aspect, { 'com.linkedin.common.GlobalTags': { tags: [{ tag: 'urn:li:tag:Legacy' }] } });
  });

  it('ingestProposalBatch is atomic: one invalid proposal → 422 naming it, nothing written', async () => {
    const good = proposal('urn:li:tag:batchA', 'tagProperties', { name: 'a' });
    const bad = proposal('urn:li:tag:batchB', 'tagProperties', { name: 1 });
    const r = await post('/aspects?action=ingestProposalBatch', { proposals: [good, bad] });
    assert.equal(r.status, 422);
    assert.deepEqual(r.body, {
      status: 422,
      message: 'proposals[1]: Invalid tagProperties at name: expected a string, got number 1',
    });
    assert.equal(s.store.entityExists('urn:li:tag:batchA'), false);
    const ok = await post('/aspects?action=ingestProposalBatch', {
      proposals: [good, proposal('urn:li:tag:batchB', 'tagProperties', { name: 'b' })],
    });
    assert.deepEqual(ok.body, { value: 'success' });
    assert.equal(s.store.entityExists('urn:li:tag:batchB'), true);
  });

  it('client mistakes are 4xx with {status, message}', async () => {
    const cases: Array<[Promise<{ status: number; body: any }>, number, RegExp]> = [
      [post('/aspects?action=ingestProposal', 'not json'), 400, /^Request body is not valid JSON/],
      [
        post('/aspects?action=ingestProposal', { proposal: proposal('urn:li:bad', 'status', { removed: true }) }),
        400,
        /^proposal: Invalid urn "urn:li:bad"/,
      ],
      [
        post('/aspects?action=ingestProposal', { proposal: { entityUrn: 'urn:li:tag:x', aspectName: 'status' } }),
        400,
        /^proposal: aspect: required object is missing/,
      ],
      [post('/aspects?action=ingestProposalBatch', { proposals: 'x' }), 400, /^proposals: expected an array/],
      [post('/aspects?action=nope', {}), 400, /^Unknown action "nope" on \/aspects/],
      [post('/entities?action=delete', {}), 400, /^urn: required string is missing/],
      [get(`/aspects/${enc('urn:li:tag:x')}`), 400, /^aspect: the query parameter is required/],
      [
        get(`/aspects/${enc('urn:li:tag:x')}?aspect=status&version=-1`),
        400,
        /^version: expected a non-negative integer/,
      ],
      [get(`/entitiesV2/${enc('urn:li:dataset:(x')}`), 400, /^Invalid urn "urn:li:dataset:\(x"/],
      [get('/nope'), 404, /^No route for GET \/nope$/],
    ];
    for (const [promise, status, message] of cases) {
      const r = await promise;
      assert.equal(r.status, status, JSON.stringify(r.body));
      assert.equal(r.body.status, status);
      assert.match(r.body.message, message);
    }
  });

  it('GET /entitiesV2 returns envelopes, filters with List(...), and always includes the key aspect', async () => {
    const all = await get(`/entitiesV2/${enc(S.hiveSample)}`);
    assert.equal(all.body.urn, S.hiveSample);
    assert.equal(all.body.entityName, 'dataset');
    assert.deepEqual(Object.keys(all.body.aspects).sort(), [
      'datasetKey',
      'datasetProperties',
      'globalTags',
      'institutionalMemory',
      'ownership',
      'schemaMetadata',
    ]);
    const env = all.body.aspects.globalTags;
    assert.deepEqual(Object.keys(env).sort(), ['created', 'name', 'systemMetadata', 'type', 'value', 'version']);
    assert.deepEqual([env.name, env.type, env.version], ['globalTags', 'VERSIONED', 0]);
    const some = await get(`/entitiesV2/${enc(S.hiveSample)}?aspects=List(ownership,status)`);
    assert.deepEqual(Object.keys(some.body.aspects).sort(), ['datasetKey', 'ownership']);
    const ghost = await get(`/entitiesV2/${enc('urn:li:corpuser:ghost')}`);
    assert.equal(ghost.status, 200);
    assert.deepEqual(Object.keys(ghost.body.aspects), ['corpUserKey']);
    assert.deepEqual(ghost.body.aspects.corpUserKey.value, { username: 'ghost' });
    assert.equal(ghost.body.aspects.corpUserKey.created.actor, 'urn:li:corpuser:__datahub_system');
  });

  it('delete removes an entity or one aspect; deleteReferences lists (dry run) and removes references', async () => {
    await s.gql('mutation { createTag(input: { id: "gone", name: "gone" }) }');
    await s.gql(`mutation { addTags(input: { tagUrns: ["urn:li:tag:gone"], resourceUrn: "${S.usersDeleted}" }) }`);
    const dry = await post('/entities?action=deleteReferences', { urn: 'urn:li:tag:gone', dryRun: true });
    assert.deepEqual(dry.body, {
      value: {
        total: 1,
        relatedAspects: [{ relationshipType: 'TaggedWith', urn: S.usersDeleted, aspectName: 'globalTags' }],
      },
    });
    assert.ok(
      JSON.stringify(s.store.getAspect(S.usersDeleted, 'globalTags')?.value).includes('urn:li:tag:gone'),
      'a dry run changes nothing',
    );
    const del = await post('/entities?action=delete', { urn: 'urn:li:tag:gone' });
    assert.deepEqual(del.body, { value: { urn: 'urn:li:tag:gone', rows: 3, timeseriesRows: 0 } });
    const refs = await post('/entities?action=deleteReferences', { urn: 'urn:li:tag:gone', dryRun: false });
    assert.equal(refs.body.value.total, 1);
    assert.deepEqual(s.store.getAspect(S.usersDeleted, 'globalTags')?.value, { tags: [] });
    const one = await post('/entities?action=delete', { urn: S.hdfsSample, aspectName: 'ownership' });
    assert.deepEqual(one.body.value, { urn: S.hdfsSample, rows: 1, timeseriesRows: 0 });
    assert.equal(s.store.getAspect(S.hdfsSample, 'ownership'), undefined);
    assert.equal(s.store.entityExists(S.hdfsSample), true);
  });

  it('MCE ingest and an empty timeseries answer', async () => {
    const r = await post('/entities?action=ingest', {
      entity: {
        value: {
          'com.linkedin.metadata.snapshot.CorpUserSnapshot': {
            urn: 'urn:li:corpuser:mce',
            aspects: [{ 'com.linkedin.identity.CorpUserInfo': { active: true, displayName: 'M' } }],
          },
        },
      },
    });
    assert.equal(r.status, 200);
    assert.deepEqual(s.store.getAspect('urn:li:corpuser:mce', 'corpUserInfo')?.value, {
      active: true,
      displayName: 'M',
    });
    const ts = await post('/aspects?action=getTimeseriesAspectValues', {
      urn: S.hiveSample,
      entity: 'dataset',
      aspect: 'datasetProfile',
      limit: 1,
    });
    assert.deepEqual(ts.body, { value: { entityName: 'dataset', aspectName: 'datasetProfile', limit: 1, values: [] } });
  });

  it('a snapshot aspect that fails validation is a 400 naming the entity and the aspect in the snapshot; nothing is written', async () => {
    const r = await post('/entities?action=batchIngest', {
      entities: [
        {
          'com.linkedin.metadata.snapshot.TagSnapshot': {
            urn: 'urn:li:tag:mceOk',
            aspects: [{ 'com.linkedin.tag.TagProperties': { name: 'ok' } }],
          },
        },
        {
          'com.linkedin.metadata.snapshot.TagSnapshot': {
            urn: 'urn:li:tag:mceBad',
            aspects: [{ 'com.linkedin.tag.TagProperties': { name: 5 } }],
          },
        },
      ],
    });
    assert.deepEqual(r, {
      status: 400,
      body: {
        status: 400,
        message:
          'entities[1]: proposedSnapshot.com.linkedin.metadata.snapshot.TagSnapshot.aspects[0]: Invalid tagProperties at name: expected a string, got number 5',
      },
    });
    assert.equal(s.store.entityExists('urn:li:tag:mceOk'), false);
  });
});

describe('REST route table', () => {
  it('path patterns: {x} is one segment, {x*} the rest, {x:urn} a raw or encoded urn, {x:aspect} an aspect name, /? an optional slash', () => {
    const one = compilePath('/entities/{urn}');
    assert.deepEqual({ ...one.exec('/entities/urn%3Ali%3Atag%3Ax')?.groups }, { urn: 'urn%3Ali%3Atag%3Ax' });
    assert.equal(one.test('/entities/a/b'), false);
    assert.equal(one.test('/entities/'), false);
    assert.deepEqual(
      { ...compilePath('/openapi/v2/timeline/v1/{urn*}').exec('/openapi/v2/timeline/v1/urn:li:x/y')?.groups },
      { urn: 'urn:li:x/y' },
    );
    const urn = compilePath('/openapi/v3/entity/{entityType}/{urn:urn}', true);
    assert.deepEqual(
      { ...urn.exec('/OPENAPI/v3/entity/tag/urn:li:tag:a/b')?.groups },
      { entityType: 'tag', urn: 'urn:li:tag:a/b' },
    );
    assert.ok(urn.test('/openapi/v3/entity/tag/urn%3Ali%3Atag%3Aa'));
    assert.equal(urn.test('/openapi/v3/entity/tag/batchGet'), false);
    const aspect = compilePath('/openapi/v3/entity/{entityType}/{urn:urn}/{aspect:aspect}', true);
    assert.deepEqual(
      {
        ...aspect.exec('/openapi/v3/entity/dataset/urn:li:dataset:(urn:li:dataPlatform:s3,a/b,PROD)/globalTags')
          ?.groups,
      },
      {
        entityType: 'dataset',
        urn: 'urn:li:dataset:(urn:li:dataPlatform:s3,a/b,PROD)',
        aspect: 'globalTags',
      },
    );
    assert.equal(
      aspect.test('/openapi/v3/entity/dataset/urn:li:dataset:(urn:li:dataPlatform:s3,a/b,PROD)'),
      false,
      'a last segment that is no aspect name is part of the urn',
    );
    const slash = compilePath('/aspects/?');
    assert.deepEqual(
      ['/aspects', '/aspects/', '/aspects//', '/aspectsX'].map((p) => slash.test(p)),
      [true, true, false, false],
    );
    assert.equal(compilePath('/config').test('/CONFIG'), false, 'case matters unless the route says otherwise');
  });

  it('each (method, path, action) is declared once, and a path made from each pattern reaches that route first', () => {
    const ids = REST_ROUTES.map((r) => `${r.method} ${r.path}${'action' in r ? `?action=${r.action}` : ''}`);
    assert.equal(
      new Set(ids).size,
      ids.length,
      `declared twice: ${ids.filter((id, i) => ids.indexOf(id) !== i).join(', ')}`,
    );
    const sample = (path: string) =>
      path
        .replace(/\/\?$/, '')
        .replace(/\{[A-Za-z]+:urn\}/g, 'urn:li:tag:x')
        .replace(/\{[A-Za-z]+:aspect\}/g, 'globalTags')
        .replace(/\{[A-Za-z]+\*?\}/g, 'x');
    for (const route of REST_ROUTES) {
      const path = sample(route.path);
      const first = REST_ROUTES.find(
        (r) =>
          r.method === route.method &&
          compilePath(r.path, 'ignoreCase' in r && r.ignoreCase === true).test(path) &&
          'action' in r === 'action' in route,
      );
      assert.equal(first?.path, route.path, `${route.method} ${path} reaches ${first?.path}`);
    }
  });
});
