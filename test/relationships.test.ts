// The relationships index (issue 13, docs/datahub/discovery.md §1.3, §1.4, §7.2): edges from the aspects'
// declared fields, kept in the aspect's write transaction in both directions, rebuilt when a file was
// indexed under other declarations, and served by GraphQL `relationships`, REST `GET /relationships`
// and OpenAPI `GET /openapi/relationships/v1/`.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { edgesOf, relationshipIndexer } from '../src/model/relationships.ts';
import { searchIndexer } from '../src/model/search/indexer.ts';
import { writeAspect } from '../src/ops/core/writeAspect.ts';
import { Store } from '../src/store/store.ts';
import { S, startSampleServer, type GqlServer } from './graphql-helpers.ts';
import { tempDataPath } from './helpers.ts';
import { withoutChecksums } from './formats.ts';

const stamp = { actor: 'urn:li:corpuser:tester', time: 1 };
const enc = encodeURIComponent;

describe('relationships from aspect declarations', () => {
  it('reads every declared path, ignores what is not a urn, and lists each edge once', () => {
    assert.deepEqual(
      edgesOf('ownership', {
        owners: [
          { owner: 'urn:li:corpuser:a', typeUrn: 'urn:li:ownershipType:t' },
          { owner: 'urn:li:corpGroup:g' },
          { owner: 'urn:li:corpuser:a', type: 'X' },
          { owner: 42 },
        ],
      }),
      [
        { type: 'OwnedBy', dest: 'urn:li:corpuser:a' },
        { type: 'OwnedBy', dest: 'urn:li:corpGroup:g' },
        { type: 'ownershipType', dest: 'urn:li:ownershipType:t' },
      ],
    );
    assert.deepEqual(
      edgesOf('schemaMetadata', {
        fields: [{ fieldPath: 'a', globalTags: { tags: [{ tag: 'urn:li:tag:pii' }] } }, { fieldPath: 'b' }],
      }),
      [{ type: 'SchemaFieldTaggedWith', dest: 'urn:li:tag:pii' }],
    );
    assert.deepEqual(
      edgesOf('corpGroupInfo', {
        admins: ['urn:li:corpuser:a'],
        members: ['urn:li:corpuser:b'],
        groups: ['urn:li:corpGroup:c'],
      }),
      [
        { type: 'OwnedBy', dest: 'urn:li:corpuser:a' },
        { type: 'IsPartOf', dest: 'urn:li:corpuser:b' },
        { type: 'IsPartOf', dest: 'urn:li:corpGroup:c' },
      ],
    );
    assert.deepEqual(edgesOf('container', { container: 'urn:li:container:c1' }), [
      { type: 'IsPartOf', dest: 'urn:li:container:c1' },
    ]);
    assert.deepEqual(edgesOf('globalTags', { tags: 'not an array' }), []);
    assert.deepEqual(
      edgesOf('tagProperties', { name: 'urn:li:tag:x' }),
      [],
      'an aspect that declares no relationship has none',
    );
  });

  it('reads a declared path through a union member: chart inputs as the SDK writes them ({"string": urn}) and in Pegasus form', () => {
    const a = 'urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)';
    const b = 'urn:li:dataset:(urn:li:dataPlatform:hive,b,PROD)';
    const c = 'urn:li:dataset:(urn:li:dataPlatform:hive,c,PROD)';
    assert.deepEqual(
      edgesOf('chartInfo', {
        inputs: [
          { string: a },
          { 'com.linkedin.common.urn.DatasetUrn': b },
          c,
          { string: 42 },
          { one: a, two: b },
          { string: 'not a urn' },
        ],
      }),
      [
        { type: 'Consumes', dest: a },
        { type: 'Consumes', dest: b },
        { type: 'Consumes', dest: c },
      ],
    );
    // A job's column lists are edges to the columns, as DataHub declares them.
    const f = `urn:li:schemaField:(${a},x)`;
    assert.deepEqual(
      edgesOf('dataJobInputOutput', {
        inputDatasets: [],
        outputDatasets: [],
        inputDatasetFields: [f],
        outputDatasetFields: [`urn:li:schemaField:(${b},y)`],
      }),
      [
        { type: 'Consumes', dest: f },
        { type: 'Produces', dest: `urn:li:schemaField:(${b},y)` },
      ],
    );
  });
});

describe('relationships index in the store', () => {
  let store: Store;
  const path = tempDataPath();
  before(() => {
    store = Store.open(path, relationshipIndexer, searchIndexer);
  });
  after(() => store.close());

  const incoming = (urn: string, ...types: string[]) =>
    store.edges(urn, 'INCOMING', types).map((e) => `${e.type} ${e.urn} ${e.aspectName}`);
  const outgoing = (urn: string, ...types: string[]) =>
    store.edges(urn, 'OUTGOING', types).map((e) => `${e.type} ${e.urn} ${e.aspectName}`);
  const D1 = 'urn:li:dataset:(urn:li:dataPlatform:hive,d1,PROD)';
  const D2 = 'urn:li:dataset:(urn:li:dataPlatform:hive,d2,PROD)';

  it('adds, replaces and removes edges with the aspect, in the same transaction', async () => {
    await store.write((txn) => {
      writeAspect(txn, stamp, D1, 'globalTags', { tags: [{ tag: 'urn:li:tag:a' }, { tag: 'urn:li:tag:b' }] });
      writeAspect(txn, stamp, D2, 'globalTags', { tags: [{ tag: 'urn:li:tag:a' }] });
      writeAspect(txn, stamp, D1, 'ownership', { owners: [{ owner: 'urn:li:corpuser:ann', type: 'DATAOWNER' }] });
    });
    assert.deepEqual(incoming('urn:li:tag:a'), [`TaggedWith ${D1} globalTags`, `TaggedWith ${D2} globalTags`]);
    assert.deepEqual(outgoing(D1), [
      'OwnedBy urn:li:corpuser:ann ownership',
      'TaggedWith urn:li:tag:a globalTags',
      'TaggedWith urn:li:tag:b globalTags',
    ]);
    assert.deepEqual(outgoing(D1, 'TaggedWith', 'Nope'), [
      'TaggedWith urn:li:tag:a globalTags',
      'TaggedWith urn:li:tag:b globalTags',
    ]);

    await store.write((txn) =>
      writeAspect(txn, stamp, D1, 'globalTags', { tags: [{ tag: 'urn:li:tag:b' }, { tag: 'urn:li:tag:c' }] }),
    );
    assert.deepEqual(incoming('urn:li:tag:a'), [`TaggedWith ${D2} globalTags`]);
    assert.deepEqual(incoming('urn:li:tag:c'), [`TaggedWith ${D1} globalTags`]);

    await store.write((txn) => txn.deleteAspect(D1, 'globalTags'));
    assert.deepEqual(incoming('urn:li:tag:c'), []);
    assert.deepEqual(outgoing(D1), ['OwnedBy urn:li:corpuser:ann ownership']);

    await store.write((txn) => txn.deleteEntity(D1));
    assert.deepEqual(outgoing(D1), []);
    assert.deepEqual(incoming('urn:li:corpuser:ann'), []);
  });

  it('a failed operation leaves the index as it was', async () => {
    await assert.rejects(
      store.write((txn) => {
        writeAspect(txn, stamp, D2, 'globalTags', { tags: [{ tag: 'urn:li:tag:z' }] });
        throw new Error('boom');
      }),
      /boom/,
    );
    assert.deepEqual(incoming('urn:li:tag:z'), []);
    assert.deepEqual(incoming('urn:li:tag:a'), [`TaggedWith ${D2} globalTags`]);
    // Nothing of the failed write waits to be written with the next one.
    await store.write((txn) => writeAspect(txn, stamp, 'urn:li:corpuser:bob', 'corpUserInfo', { active: true }));
    assert.deepEqual(incoming('urn:li:tag:z'), []);
  });

  it('a write reads the edges it has just changed, before they are committed', async () => {
    const seen = await store.write((txn) => {
      writeAspect(txn, stamp, D2, 'glossaryTerms', { terms: [{ urn: 'urn:li:glossaryTerm:t' }], auditStamp: stamp });
      const added = txn.edges('urn:li:glossaryTerm:t', 'INCOMING').map((e) => e.urn);
      writeAspect(txn, stamp, D2, 'glossaryTerms', { terms: [], auditStamp: stamp });
      return [added, txn.edges('urn:li:glossaryTerm:t', 'INCOMING').map((e) => e.urn)];
    });
    assert.deepEqual(seen, [[D2], []]);
    assert.deepEqual(incoming('urn:li:glossaryTerm:t'), []);
  });

  it('a file indexed under other declarations (or none: a file from before the index) is re-indexed on open, to the same edges', async () => {
    const old = tempDataPath();
    // A data file written by a build whose aspects declared no relationships.
    const none = { version: 'none', carries: () => false, edgesOf: () => [] };
    const before = Store.open(old, none, searchIndexer);
    await before.write((txn) => {
      writeAspect(txn, stamp, D1, 'globalTags', { tags: [{ tag: 'urn:li:tag:a' }] });
      writeAspect(txn, stamp, 'urn:li:corpuser:ann', 'groupMembership', { groups: ['urn:li:corpGroup:g'] });
    });
    assert.deepEqual(before.edges('urn:li:tag:a', 'INCOMING'), []);
    await before.close();
    const reopened = Store.open(old, relationshipIndexer, searchIndexer);
    try {
      assert.deepEqual(reopened.edges('urn:li:tag:a', 'INCOMING'), [
        { type: 'TaggedWith', urn: D1, aspectName: 'globalTags' },
      ]);
      assert.deepEqual(reopened.edges('urn:li:corpGroup:g', 'INCOMING', ['IsMemberOfGroup']), [
        { type: 'IsMemberOfGroup', urn: 'urn:li:corpuser:ann', aspectName: 'groupMembership' },
      ]);
      // Rebuilding again from the aspects gives exactly what incremental maintenance kept.
      const kept = [reopened.edges(D1, 'OUTGOING'), reopened.edges('urn:li:tag:a', 'INCOMING')];
      assert.deepEqual(reopened.reindexRelationships(), { edges: 2 });
      assert.deepEqual([reopened.edges(D1, 'OUTGOING'), reopened.edges('urn:li:tag:a', 'INCOMING')], kept);
    } finally {
      await reopened.close();
    }
  });

  it('a chart written when union members were not read through gets its Consumes edge on the next open', async () => {
    const old = tempDataPath();
    const chart = 'urn:li:chart:(looker,union_inputs)';
    // The reader of a build before union members were read: plain strings only (and another version).
    const plainOnly = (v: unknown): unknown => (Array.isArray(v) ? v.filter((x) => typeof x === 'string') : v);
    const before = Store.open(
      old,
      {
        version: 'plain-strings',
        carries: relationshipIndexer.carries,
        edgesOf: (a: string, v: any) => relationshipIndexer.edgesOf(a, { ...v, inputs: plainOnly(v?.inputs) }),
      },
      searchIndexer,
    );
    await before.write((txn) =>
      writeAspect(txn, stamp, chart, 'chartInfo', {
        title: 't',
        description: '',
        lastModified: { created: stamp, lastModified: stamp },
        inputs: [{ string: D1 }],
      }),
    );
    assert.deepEqual(before.edges(D1, 'INCOMING'), []);
    await before.close();
    const reopened = Store.open(old, relationshipIndexer, searchIndexer);
    try {
      assert.deepEqual(reopened.edges(D1, 'INCOMING'), [{ type: 'Consumes', urn: chart, aspectName: 'chartInfo' }]);
    } finally {
      await reopened.close();
    }
  });

  it('sources are keyed by entity id, given once in order of creation; a file from before ids (sources keyed by urn) is migrated on open to the same edges', async () => {
    const file = tempDataPath();
    const D3 = 'urn:li:dataset:(urn:li:dataPlatform:hive,d0,PROD)';
    const first = Store.open(file, relationshipIndexer, searchIndexer);
    // Created in the order D2, D1, D3; a rolled-back write takes no id for good.
    await first.write((txn) => writeAspect(txn, stamp, D2, 'globalTags', { tags: [{ tag: 'urn:li:tag:a' }] }));
    await assert.rejects(
      first.write((txn) => {
        writeAspect(txn, stamp, 'urn:li:tag:gone', 'tagProperties', { name: 'gone' });
        throw new Error('boom');
      }),
    );
    await first.write((txn) => {
      writeAspect(txn, stamp, D1, 'globalTags', { tags: [{ tag: 'urn:li:tag:a' }] });
      writeAspect(txn, stamp, D3, 'ownership', { owners: [{ owner: 'urn:li:corpuser:ann', type: 'DATAOWNER' }] });
      writeAspect(txn, stamp, D3, 'globalTags', { tags: [{ tag: 'urn:li:tag:a' }] });
    });
    const ids = [D2, D1, D3].map((u) => first.getEntity(u)!.id!);
    assert.deepEqual(
      ids.map((id) => id - ids[0]!),
      [0, 1, 2],
    );
    // Listed by urn, not by the order the sources were created in.
    const tagged = [`TaggedWith ${D3} globalTags`, `TaggedWith ${D1} globalTags`, `TaggedWith ${D2} globalTags`];
    assert.deepEqual(
      first.edges('urn:li:tag:a', 'INCOMING').map((e) => `${e.type} ${e.urn} ${e.aspectName}`),
      tagged,
    );
    const legacyEdges = ['urn:li:tag:a', 'urn:li:corpuser:ann'].flatMap((dest) =>
      first.edges(dest, 'INCOMING').map((e) => ({ dest, ...e })),
    );
    assert.equal(legacyEdges.length, 4);
    await first.close();

    // Rewrite the file as the release before entity ids left it: no ids, no counter, a key per edge in
    // `relIn` keyed by source urn, no `relBlocks` or `entityUrns`; and no checksums (format 4 came later).
    await withoutChecksums(file, 3);
    const { open } = await import('lmdb');
    const env = open({ path: file, compression: false, maxDbs: 32, encoding: 'msgpack' });
    const entities = env.openDB<Record<string, unknown>, string>('entities', {
      sharedStructuresKey: Symbol.for('structures'),
    });
    const relIn = env.openDB<string | boolean, [string, string, number | string, string]>('relIn', {});
    const meta = env.openDB<unknown, string>('meta', {});
    await env.transaction(() => {
      for (const { key, value } of Array.from(entities.getRange({}))) {
        const { id: _id, ...old } = value;
        entities.put(key, old);
      }
      for (const e of legacyEdges) relIn.put([e.dest, e.type, e.urn, e.aspectName], true);
      for (const table of ['relBlocks', 'entityUrns']) env.openDB(table, {}).dropSync();
      meta.remove('nextEntityId');
      meta.put('relationshipsIndexVersion', `relIn-1:${relationshipIndexer.version}`);
    });
    assert.equal(Array.from(entities.getRange({})).filter(({ value }) => 'id' in value).length, 0);
    await env.close();

    const migrated = Store.open(file, relationshipIndexer, searchIndexer);
    try {
      assert.deepEqual(
        migrated.edges('urn:li:tag:a', 'INCOMING').map((e) => `${e.type} ${e.urn} ${e.aspectName}`),
        tagged,
      );
      assert.deepEqual(migrated.edges('urn:li:corpuser:ann', 'INCOMING'), [
        { type: 'OwnedBy', urn: D3, aspectName: 'ownership' },
      ]);
      const given = [D1, D2, D3].map((u) => migrated.getEntity(u)!.id!);
      assert.equal(new Set(given).size, 3);
      // The search documents were keyed by the ids the file lost: rebuilt under the new ones.
      assert.deepEqual(
        given.map((id) => migrated.search.record(id)?.urn),
        [D1, D2, D3],
      );
      // Edges follow the migrated ids: a change and a delete reach the right keys.
      await migrated.write((txn) => writeAspect(txn, stamp, D1, 'globalTags', { tags: [{ tag: 'urn:li:tag:b' }] }));
      await migrated.write((txn) => txn.deleteEntity(D3));
      assert.deepEqual(
        migrated.edges('urn:li:tag:a', 'INCOMING').map((e) => e.urn),
        [D2],
      );
      assert.deepEqual(
        migrated.edges('urn:li:tag:b', 'INCOMING').map((e) => e.urn),
        [D1],
      );
      assert.deepEqual(migrated.edges('urn:li:corpuser:ann', 'INCOMING'), []);
      // The counter goes on past every migrated id.
      await migrated.write((txn) => writeAspect(txn, stamp, 'urn:li:tag:new', 'tagProperties', { name: 'new' }));
      assert.ok(migrated.getEntity('urn:li:tag:new')!.id! > Math.max(...given));
      assert.deepEqual(migrated.reindexRelationships(), { edges: 2 });
      assert.deepEqual(
        migrated.edges('urn:li:tag:a', 'INCOMING').map((e) => e.urn),
        [D2],
      );
    } finally {
      await migrated.close();
    }
    // The legacy table went with the migration.
    const reopened = open({ path: file, compression: false, maxDbs: 32, readOnly: true });
    assert.equal(reopened.openDB('relIn', { create: false } as object), undefined);
    assert.ok(reopened.openDB('relBlocks', { create: false } as object));
    await reopened.close();
  });
});

describe('relationships over GraphQL and REST (sample catalog)', () => {
  let s: GqlServer;
  before(async () => {
    s = await startSampleServer();
  });
  after(() => s.close());

  const get = async (path: string) => {
    const res = await fetch(`${s.server.url}${path}`, { headers: { 'X-RestLi-Protocol-Version': '2.0.0' } });
    return { status: res.status, body: (await res.json()) as any };
  };

  it("GraphQL: datasets tagged with a tag, members of a group, a user's groups — with the other entity hydrated", async () => {
    const r = await s.gql(`{
      tag(urn: "${S.legacy}") { relationships(input: { types: ["TaggedWith"], direction: INCOMING }) { start count total relationships { type direction entity { urn type ... on Dataset { name } } } } }
      corpGroup(urn: "${S.bfoo}") { relationships(input: { types: ["IsMemberOfGroup", "IsMemberOfNativeGroup"], direction: INCOMING }) { total relationships { entity { urn ... on CorpUser { username } } } } }
      corpUser(urn: "${S.jdoe}") { relationships(input: { types: ["IsMemberOfGroup"], direction: OUTGOING }) { relationships { type entity { urn ... on CorpGroup { name } } } } }
    }`);
    assert.equal(r.body.errors, undefined, JSON.stringify(r.body.errors));
    assert.deepEqual(r.body.data.tag.relationships, {
      start: 0,
      count: 1,
      total: 1,
      relationships: [
        {
          type: 'TaggedWith',
          direction: 'INCOMING',
          entity: { urn: S.hiveSample, type: 'DATASET', name: 'SampleHiveDataset' },
        },
      ],
    });
    assert.deepEqual(r.body.data.corpGroup.relationships, {
      total: 2,
      relationships: [
        { entity: { urn: S.datahub, username: 'datahub' } },
        { entity: { urn: S.jdoe, username: 'jdoe' } },
      ],
    });
    assert.deepEqual(r.body.data.corpUser.relationships.relationships, [
      { type: 'IsMemberOfGroup', entity: { urn: S.bfoo, name: 'bfoo' } },
    ]);
  });

  it('GraphQL: paging with start/count, soft-deleted ends hidden only when includeSoftDelete is false, owners of a dataset', async () => {
    const page = await s.gql(
      `{ dataset(urn: "${S.hiveSample}") { relationships(input: { types: ["OwnedBy"], direction: OUTGOING, start: 1, count: 1 }) { start count total relationships { entity { urn } } } } }`,
    );
    assert.deepEqual(page.body.data.dataset.relationships, {
      start: 1,
      count: 1,
      total: 2,
      relationships: [{ entity: { urn: S.jdoe } }],
    });
    await s.gql(`mutation { batchUpdateSoftDeleted(input: { urns: ["${S.hiveSample}"], deleted: true }) }`);
    const q = (flag: string) =>
      s.gql(
        `{ tag(urn: "${S.legacy}") { relationships(input: { types: ["TaggedWith"], direction: INCOMING${flag} }) { total } } }`,
      );
    assert.equal((await q('')).body.data.tag.relationships.total, 1);
    assert.equal((await q(', includeSoftDelete: false')).body.data.tag.relationships.total, 0);
    await s.gql(`mutation { batchUpdateSoftDeleted(input: { urns: ["${S.hiveSample}"], deleted: false }) }`);
  });

  it('GraphQL: a tag added through a mutation is a relationship at once; a bad count is a BAD_REQUEST', async () => {
    await s.gql(`mutation { addTag(input: { tagUrn: "${S.legacy}", resourceUrn: "${S.kafkaSample}" }) }`);
    const r = await s.gql(
      `{ tag(urn: "${S.legacy}") { relationships(input: { types: ["TaggedWith"], direction: INCOMING }) { relationships { entity { urn } } } } }`,
    );
    assert.deepEqual(
      r.body.data.tag.relationships.relationships.map((x: any) => x.entity.urn),
      [S.hiveSample, S.kafkaSample],
    );
    const bad = await s.gql(
      `{ tag(urn: "${S.legacy}") { relationships(input: { types: [], direction: INCOMING, count: -1 }) { total } } }`,
    );
    assert.equal(bad.body.errors[0].message, 'count: expected a non-negative integer, got -1');
    assert.equal(bad.body.errors[0].extensions.code, 400);
  });

  it('REST GET /relationships: Rest.li shape, types=List(…), direction', async () => {
    const r = await get(
      `/relationships?urn=${enc(S.bfoo)}&types=List(IsMemberOfGroup,IsMemberOfNativeGroup)&direction=INCOMING`,
    );
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, {
      start: 0,
      count: 2,
      total: 2,
      relationships: [
        { type: 'IsMemberOfGroup', entity: S.datahub },
        { type: 'IsMemberOfGroup', entity: S.jdoe },
      ],
    });
    const out = await get(
      `/relationships?urn=${enc(S.bfoo)}&types=List(OwnedBy,IsPartOf)&direction=OUTGOING&start=1&count=5`,
    );
    // Ordered by relationship, then urn: IsPartOf datahub, IsPartOf jdoe, OwnedBy jdoe.
    assert.deepEqual(out.body, {
      start: 1,
      count: 2,
      total: 3,
      relationships: [
        { type: 'IsPartOf', entity: S.jdoe },
        { type: 'OwnedBy', entity: S.jdoe },
      ],
    });
  });

  it('OpenAPI GET /openapi/relationships/v1/: repeated relationshipTypes, paged to an empty page', async () => {
    const first = await get(
      `/openapi/relationships/v1/?urn=${enc(S.hiveSample)}&direction=OUTGOING&relationshipTypes=OwnedBy&relationshipTypes=TaggedWith&start=0`,
    );
    assert.equal(first.status, 200);
    assert.deepEqual(first.body.entities, [
      { urn: S.datahub, relationshipType: 'OwnedBy' },
      { urn: S.jdoe, relationshipType: 'OwnedBy' },
      { urn: S.legacy, relationshipType: 'TaggedWith' },
    ]);
    assert.equal(first.body.count, 3);
    const last = await get(
      `/openapi/relationships/v1/?urn=${enc(S.hiveSample)}&direction=OUTGOING&relationshipTypes=OwnedBy&relationshipTypes=TaggedWith&start=3`,
    );
    assert.deepEqual({ count: last.body.count, entities: last.body.entities }, { count: 0, entities: [] });
  });

  it('REST errors: no urn, a malformed urn, an unknown direction, a bad start are 400s that say what is wrong', async () => {
    assert.deepEqual(await get('/relationships?direction=INCOMING'), {
      status: 400,
      body: { status: 400, message: 'urn: the query parameter is required' },
    });
    assert.deepEqual(await get('/relationships?urn=urn:li:nope&direction=INCOMING'), {
      status: 400,
      body: { status: 400, message: 'Invalid urn "urn:li:nope": the entity type must be followed by ":" and a key' },
    });
    assert.deepEqual(await get(`/relationships?urn=${enc(S.bfoo)}&direction=SIDEWAYS`), {
      status: 400,
      body: { status: 400, message: 'direction: expected INCOMING or OUTGOING, got "SIDEWAYS"' },
    });
    assert.deepEqual(await get(`/openapi/relationships/v1/?urn=${enc(S.bfoo)}&direction=INCOMING&start=x`), {
      status: 400,
      body: { status: 400, message: 'start: expected a non-negative integer, got "x"' },
    });
  });
});
