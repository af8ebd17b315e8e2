import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { S, startSampleServer, type GqlServer } from './graphql-helpers.ts';

describe('GraphQL behaviour', () => {
  let s: GqlServer;
  before(async () => {
    s = await startSampleServer();
  });
  after(() => s.close());

  it('a column description set through GraphQL shows at schemaMetadata.fields[].description and at editableSchemaMetadata', async () => {
    await s.gql(
      `mutation { updateDescription(input: { description: "edited", resourceUrn: "${S.usersCreated}", subResourceType: DATASET_FIELD, subResource: "user_id" }) }`,
    );
    const r = await s.gql(
      `{ dataset(urn: "${S.usersCreated}") { schemaMetadata { fields { fieldPath description } } editableSchemaMetadata { editableSchemaFieldInfo { fieldPath description } } } }`,
    );
    const fields = r.body.data.dataset.schemaMetadata.fields as Array<{ fieldPath: string; description: string }>;
    assert.equal(fields.find((f) => f.fieldPath === 'user_id')?.description, 'edited');
    assert.equal(
      fields.find((f) => f.fieldPath === 'user_name')?.description,
      'Name of the user who signed up',
      'other columns keep the ingested text',
    );
    assert.deepEqual(r.body.data.dataset.editableSchemaMetadata.editableSchemaFieldInfo, [
      { fieldPath: 'user_id', description: 'edited' },
    ]);
    // The REST-level aspects stay exactly as stored: the ingested schema is unchanged.
    const stored = s.store.getAspect(S.usersCreated, 'schemaMetadata')?.value as {
      fields: Array<{ fieldPath: string; description: string }>;
    };
    assert.equal(stored.fields.find((f) => f.fieldPath === 'user_id')?.description, 'Id of the user created');
  });

  it('column tags read as ingested ∪ edited', async () => {
    await s.gql('mutation { createTag(input: { id: "pii", name: "PII" }) }');
    const { ingestProposals } = await import('../src/ops/ingest/ingestProposals.ts');
    const { proposalFromMcp } = await import('../src/model/mcp.ts');
    const schema = structuredClone(s.store.getAspect(S.hiveSample, 'schemaMetadata')!.value) as {
      fields: Array<Record<string, unknown>>;
    };
    schema.fields[0]!['globalTags'] = { tags: [{ tag: 'urn:li:tag:Legacy' }] };
    await ingestProposals({ store: s.store, actor: 'urn:li:corpuser:datahub' }, [
      proposalFromMcp({ entityUrn: S.hiveSample, aspectName: 'schemaMetadata', aspect: { json: schema } }),
    ]);
    await s.gql(
      `mutation { addTag(input: { tagUrn: "urn:li:tag:pii", resourceUrn: "${S.hiveSample}", subResourceType: DATASET_FIELD, subResource: "field_foo" }) }`,
    );
    const r = await s.gql(
      `{ dataset(urn: "${S.hiveSample}") { schemaMetadata { fields { fieldPath tags { tags { tag { urn } associatedUrn } } } } } }`,
    );
    assert.deepEqual(r.body.data.dataset.schemaMetadata.fields[0].tags.tags, [
      { tag: { urn: 'urn:li:tag:Legacy' }, associatedUrn: S.hiveSample },
      { tag: { urn: 'urn:li:tag:pii' }, associatedUrn: S.hiveSample },
    ]);
  });

  it('a batch with one bad item changes nothing', async () => {
    const before = await s.gql(
      `{ a: dataset(urn: "${S.hdfsSample}") { tags { tags { tag { urn } } } } b: dataset(urn: "${S.kafkaSample}") { deprecation { deprecated } } }`,
    );
    const tags = await s.gql(
      `mutation { batchAddTags(input: { tagUrns: ["urn:li:tag:Legacy"], resources: [{ resourceUrn: "${S.hdfsSample}" }, { resourceUrn: "${S.kafkaSample}", subResourceType: DATASET_FIELD, subResource: "nope" }] }) }`,
    );
    assert.match(tags.body.errors[0].message, /Field nope does not exist/);
    const dep = await s.gql(
      `mutation { batchUpdateDeprecation(input: { deprecated: true, resources: [{ resourceUrn: "${S.kafkaSample}" }, { resourceUrn: "urn:li:dataset:(urn:li:dataPlatform:hive,ghost,PROD)" }] }) }`,
    );
    assert.match(dep.body.errors[0].message, /Entity does not exist/);
    const after = await s.gql(
      `{ a: dataset(urn: "${S.hdfsSample}") { tags { tags { tag { urn } } } } b: dataset(urn: "${S.kafkaSample}") { deprecation { deprecated } } }`,
    );
    assert.deepEqual(after.body, before.body);
  });

  it('several columns of one dataset in one batch are all updated (DataHub bug #9284)', async () => {
    const r = await s.gql(`mutation { batchAddTags(input: { tagUrns: ["urn:li:tag:Legacy"], resources: [
      { resourceUrn: "${S.usersDeleted}", subResourceType: DATASET_FIELD, subResource: "user_id" },
      { resourceUrn: "${S.usersDeleted}", subResourceType: DATASET_FIELD, subResource: "browser_id" },
      { resourceUrn: "${S.usersDeleted}", subResourceType: DATASET_FIELD, subResource: "session_id" } ] }) }`);
    assert.deepEqual(r.body.data, { batchAddTags: true });
    const read = await s.gql(
      `{ dataset(urn: "${S.usersDeleted}") { editableSchemaMetadata { editableSchemaFieldInfo { fieldPath tags { tags { tag { name } } } } } } }`,
    );
    assert.deepEqual(
      read.body.data.dataset.editableSchemaMetadata.editableSchemaFieldInfo,
      ['user_id', 'browser_id', 'session_id'].map((fieldPath) => ({
        fieldPath,
        tags: { tags: [{ tag: { name: 'Legacy' } }] },
      })),
    );
  });

  it('20 concurrent addTags clients on one dataset leave all 20 tags attached', async () => {
    for (let i = 0; i < 20; i++) await s.gql(`mutation { createTag(input: { id: "c${i}", name: "c${i}" }) }`);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        s.gql(`mutation { addTags(input: { tagUrns: ["urn:li:tag:c${i}"], resourceUrn: "${S.kafkaSample}" }) }`),
      ),
    );
    for (const r of results) assert.deepEqual(r.body.data, { addTags: true });
    const read = await s.gql(`{ dataset(urn: "${S.kafkaSample}") { tags { tags { tag { urn } } } } }`);
    const urns = (read.body.data.dataset.tags.tags as Array<{ tag: { urn: string } }>).map((t) => t.tag.urn).sort();
    assert.deepEqual(urns, Array.from({ length: 20 }, (_, i) => `urn:li:tag:c${i}`).sort());
  });

  it('updateTag keeps colorHex and owners (docs/design.md §2.5); deleteTag removes the tag and its associations', async () => {
    await s.gql('mutation { createTag(input: { id: "keep", name: "Keep", description: "d" }) }');
    await s.gql('mutation { setTagColor(urn: "urn:li:tag:keep", colorHex: "#00ff00") }');
    const u = await s.gql(
      'mutation { updateTag(urn: "urn:li:tag:keep", input: { urn: "urn:li:tag:keep", name: "Kept", description: "new" }) { urn properties { name description colorHex } ownership { owners { owner { ... on CorpUser { urn } } } } } }',
    );
    assert.deepEqual(u.body.data.updateTag, {
      urn: 'urn:li:tag:keep',
      properties: { name: 'Kept', description: 'new', colorHex: '#00ff00' },
      ownership: { owners: [{ owner: { urn: 'urn:li:corpuser:datahub' } }] },
    });
    await s.gql(`mutation { addTags(input: { tagUrns: ["urn:li:tag:keep"], resourceUrn: "${S.hdfsSample}" }) }`);
    await s.gql(
      `mutation { addTags(input: { tagUrns: ["urn:li:tag:keep"], resourceUrn: "${S.hdfsSample}", subResourceType: DATASET_FIELD, subResource: "shipment_info" }) }`,
    );
    const d = await s.gql('mutation { deleteTag(urn: "urn:li:tag:keep") }');
    assert.deepEqual(d.body, { data: { deleteTag: true }, extensions: {} });
    assert.equal((await s.gql('{ entityExists(urn: "urn:li:tag:keep") }')).body.data.entityExists, false);
    assert.ok(!JSON.stringify(s.store.getAspect(S.hdfsSample, 'globalTags')?.value).includes('urn:li:tag:keep'));
    assert.ok(
      !JSON.stringify(s.store.getAspect(S.hdfsSample, 'editableSchemaMetadata')?.value).includes('urn:li:tag:keep'),
    );
  });

  it('links: add is idempotent for the same url and label; remove by url', async () => {
    const add = `mutation { addLink(input: { linkUrl: "https://docs.example.com/x", label: "Docs", resourceUrn: "${S.usersDeleted}" }) }`;
    assert.deepEqual((await s.gql(add)).body.data, { addLink: true });
    await s.gql(add);
    const read = await s.gql(
      `{ dataset(urn: "${S.usersDeleted}") { institutionalMemory { elements { url label created { actor } } } } }`,
    );
    assert.deepEqual(read.body.data.dataset.institutionalMemory.elements, [
      { url: 'https://docs.example.com/x', label: 'Docs', created: { actor: 'urn:li:corpuser:datahub' } },
    ]);
    await s.gql(
      `mutation { removeLink(input: { linkUrl: "https://docs.example.com/x", resourceUrn: "${S.usersDeleted}" }) }`,
    );
    const gone = await s.gql(`{ dataset(urn: "${S.usersDeleted}") { institutionalMemory { elements { url } } } }`);
    assert.deepEqual(gone.body.data.dataset.institutionalMemory.elements, []);
  });

  it('users and groups read their properties', async () => {
    const r = await s.gql(
      '{ corpUser(urn: "urn:li:corpuser:jdoe") { username properties { displayName email active } } corpGroup(urn: "urn:li:corpGroup:bfoo") { name properties { displayName description } origin { type } } }',
    );
    assert.deepEqual(r.body.data, {
      corpUser: { username: 'jdoe', properties: { displayName: 'John Doe', email: 'jdoe@example.com', active: true } },
      corpGroup: {
        name: 'bfoo',
        properties: { displayName: 'Bar Foo', description: 'A group of bar and foo enthusiasts' },
        origin: { type: 'UNKNOWN' },
      },
    });
  });
});

describe('GraphQL over HTTP errors', () => {
  let s: GqlServer;
  before(async () => {
    s = await startSampleServer({ sample: false });
  });
  after(() => s.close());

  const post = (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    fetch(s.url, { method: 'POST', headers, body }).then(async (r) => ({ status: r.status, body: await r.json() }));

  it('a body that is not JSON is a 400 with a JSON message', async () => {
    const r = await post('not json');
    assert.equal(r.status, 400);
    assert.deepEqual(r.body, { errors: [{ message: 'Unparsable JSON body' }], extensions: {} });
  });

  it('a body without query is a 400 with a JSON message', async () => {
    const r = await post('{"variables":{}}');
    assert.equal(r.status, 400);
    assert.deepEqual(r.body, { errors: [{ message: 'Missing query' }], extensions: {} });
  });

  it('syntax and validation errors are 200 with errors and extensions {}', async () => {
    const syntax = await post(JSON.stringify({ query: '{ dataset(urn: ' }));
    assert.equal(syntax.status, 200);
    assert.deepEqual(syntax.body, {
      errors: [
        {
          message: 'Syntax Error: Unexpected <EOF>.',
          locations: [{ line: 1, column: 16 }],
          extensions: { classification: 'InvalidSyntax' },
        },
      ],
      extensions: {},
    });
    const invalid = await post(JSON.stringify({ query: '{ dataset(urn: "x") { nope } }' }));
    assert.equal(invalid.status, 200);
    assert.equal(
      invalid.body.errors[0].message,
      'Cannot query field "nope" on type "Dataset". Did you mean "name" or "type"?',
    );
    assert.deepEqual(invalid.body.errors[0].extensions, { classification: 'ValidationError' });
    // Cached documents give the same answer again.
    assert.deepEqual((await post(JSON.stringify({ query: '{ dataset(urn: "x") { nope } }' }))).body, invalid.body);
  });

  it('curl without a JSON content type still works; GET is 405; oversized bodies are 413', async () => {
    const r = await post(JSON.stringify({ query: '{ entityExists(urn: "urn:li:tag:x") }' }), {
      'content-type': 'application/x-www-form-urlencoded',
    });
    assert.deepEqual(r.body, { data: { entityExists: false }, extensions: {} });
    const get = await fetch(`${s.url}?query={me{corpUser{urn}}}`);
    assert.equal(get.status, 405);
    const big = await post(JSON.stringify({ query: `{ entityExists(urn: "${'x'.repeat(17 * 1024 * 1024)}") }` }));
    assert.equal(big.status, 413);
    assert.match(big.body.message, /exceeds the limit of 16777216 bytes/);
  });

  it('variables are coerced and checked', async () => {
    const q = 'query q($u: String!) { entityExists(urn: $u) }';
    assert.deepEqual((await s.gql(q, { u: 'urn:li:tag:x' })).body.data, { entityExists: false });
    const bad = await s.gql(q, { u: 5 });
    assert.match(bad.body.errors[0].message, /Variable "\$u" got invalid value 5/);
  });
});
