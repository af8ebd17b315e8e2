// Secrets and connections over GraphQL (DataHub's ingestion.graphql and connection.graphql): create,
// update, list, read values and delete secrets with DataHub's messages; values and connection blobs
// encrypted at rest (AES-256-GCM) and never shown by any read path; connections upserted, patched,
// read back decrypted and deleted.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { runCli } from './helpers.ts';
import { startSampleServer, type GqlServer } from './graphql-helpers.ts';

const PLAIN = 'pl4intext-S3CRET-value-7f3a';
const BLOB = JSON.stringify({ host: 'db.internal', password: 'conn-pl4intext-Pa55word' });
const BLOB_SECRET = 'conn-pl4intext-Pa55word';
const SECRET_URN = 'urn:li:dataHubSecret:SNOWFLAKE_PASSWORD';
const CONN_URN = 'urn:li:dataHubConnection:warehouse';

const CREATE = `mutation c($name: String!, $value: String!, $description: String) { createSecret(input: { name: $name, value: $value, description: $description }) }`;
const UPDATE = `mutation u($urn: String!, $name: String!, $value: String!, $description: String) { updateSecret(input: { urn: $urn, name: $name, value: $value, description: $description }) }`;
const LIST = `query l($input: ListSecretsInput!) { listSecrets(input: $input) { start count total secrets { urn name description } } }`;
const VALUES = `query v($names: [String!]!) { getSecretValues(input: { secrets: $names }) { name value } }`;
const CONNECTION = `query g($urn: String!) { connection(urn: $urn) { urn type details { type name json { blob } } platform { urn name } } }`;
const UPSERT = `mutation s($id: String, $platformUrn: String!, $blob: String!, $name: String) {
  upsertConnection(input: { id: $id, type: JSON, name: $name, platformUrn: $platformUrn, json: { blob: $blob } }) { urn type details { type name json { blob } } platform { urn } }
}`;

describe('secrets and connections over GraphQL', () => {
  let s: GqlServer;
  before(async () => {
    s = await startSampleServer();
  });
  after(() => s.close());

  const ok = (query: string, variables?: Record<string, unknown>) => s.ok(query, variables);
  const fails = (query: string, variables?: Record<string, unknown>) => s.fails(query, variables);

  it('creates secrets named as DataHub keys them, lists them newest first without values, and decrypts only in getSecretValues', async () => {
    assert.deepEqual(await ok(CREATE, { name: 'SNOWFLAKE_PASSWORD', value: PLAIN, description: 'warehouse login' }), {
      createSecret: SECRET_URN,
    });
    // The iceberg CLI's document: two aliased creates in one request.
    assert.deepEqual(
      await ok(
        `mutation { a: createSecret(input: { name: "wh-client_id", value: "id-1" }) b: createSecret(input: { name: "wh-client_secret", value: "secret-1" }) }`,
      ),
      { a: 'urn:li:dataHubSecret:wh-client_id', b: 'urn:li:dataHubSecret:wh-client_secret' },
    );
    const all = await ok(LIST, { input: {} });
    assert.deepEqual(all.listSecrets.total, 3);
    assert.deepEqual(
      new Set(all.listSecrets.secrets.map((x: { name: string }) => x.name)),
      new Set(['SNOWFLAKE_PASSWORD', 'wh-client_id', 'wh-client_secret']),
    );
    assert.deepEqual(
      all.listSecrets.secrets.find((x: { urn: string }) => x.urn === SECRET_URN),
      { urn: SECRET_URN, name: 'SNOWFLAKE_PASSWORD', description: 'warehouse login' },
    );
    assert.deepEqual(await ok(LIST, { input: { query: 'client', start: 1, count: 5 } }), {
      listSecrets: {
        start: 1,
        count: 1,
        total: 2,
        secrets: [all.listSecrets.secrets.filter((x: { name: string }) => x.name.includes('client'))[1]],
      },
    });
    // A Secret has no value field at all.
    const [message] = await fails('{ listSecrets(input: {}) { secrets { value } } }');
    assert.match(message, /Cannot query field "value" on type "Secret"/);

    assert.deepEqual(await ok(VALUES, { names: ['SNOWFLAKE_PASSWORD', 'NO_SUCH_SECRET', 'wh-client_id'] }), {
      getSecretValues: [
        { name: 'SNOWFLAKE_PASSWORD', value: PLAIN },
        { name: 'wh-client_id', value: 'id-1' },
      ],
    });
    assert.deepEqual(await ok(VALUES, { names: [] }), { getSecretValues: [] });
  });

  it('stores only ciphertext: the raw aspect and the data file itself never hold the plaintext', async () => {
    const stored = s.store.getAspect(SECRET_URN, 'dataHubSecretValue')!.value as Record<string, unknown>;
    assert.deepEqual(Object.keys(stored).sort(), ['created', 'description', 'name', 'value']);
    assert.equal(stored['name'], 'SNOWFLAKE_PASSWORD');
    assert.notEqual(stored['value'], PLAIN);
    assert.ok(!JSON.stringify(stored).includes(PLAIN));
    // 12-byte iv + 16-byte tag + the ciphertext, base64.
    assert.equal(Buffer.from(stored['value'] as string, 'base64').length, 12 + 16 + Buffer.byteLength(PLAIN));
    const file = readFileSync(s.store.path);
    assert.equal(file.indexOf(PLAIN), -1, 'the plaintext is in the data file');
  });

  it('updates a secret in place: new value and name, description and created stamp kept when not given', async () => {
    const before = s.store.getAspect(SECRET_URN, 'dataHubSecretValue')!.value as Record<string, unknown>;
    assert.deepEqual(await ok(UPDATE, { urn: SECRET_URN, name: 'SNOWFLAKE_PASSWORD', value: `${PLAIN}-2` }), {
      updateSecret: SECRET_URN,
    });
    const after = s.store.getAspect(SECRET_URN, 'dataHubSecretValue')!.value as Record<string, unknown>;
    assert.equal(after['description'], 'warehouse login');
    assert.deepEqual(after['created'], before['created']);
    assert.deepEqual(await ok(VALUES, { names: ['SNOWFLAKE_PASSWORD'] }), {
      getSecretValues: [{ name: 'SNOWFLAKE_PASSWORD', value: `${PLAIN}-2` }],
    });
    // The iceberg CLI's update document; the urn stays what the first name made it.
    await ok(
      `mutation { a: updateSecret(input: { urn: "urn:li:dataHubSecret:wh-client_id", name: "wh-client_id", value: "id-2" }) b: updateSecret(input: { urn: "urn:li:dataHubSecret:wh-client_secret", name: "wh-client_secret", value: "secret-2", description: "rotated" }) }`,
    );
    assert.deepEqual(await ok(VALUES, { names: ['wh-client_id', 'wh-client_secret'] }), {
      getSecretValues: [
        { name: 'wh-client_id', value: 'id-2' },
        { name: 'wh-client_secret', value: 'secret-2' },
      ],
    });
    assert.equal(
      (await ok(LIST, { input: { query: 'wh-client_secret' } })).listSecrets.secrets[0].description,
      'rotated',
    );
  });

  it("refuses a taken name, and an update or delete of a missing secret, with DataHub's messages; nothing is written", async () => {
    assert.deepEqual(await fails(CREATE, { name: 'SNOWFLAKE_PASSWORD', value: 'other' }), [
      'This Secret already exists!',
      400,
    ]);
    assert.deepEqual(await ok(VALUES, { names: ['SNOWFLAKE_PASSWORD'] }), {
      getSecretValues: [{ name: 'SNOWFLAKE_PASSWORD', value: `${PLAIN}-2` }],
    });
    const missing = 'urn:li:dataHubSecret:NOPE';
    assert.deepEqual(await fails(UPDATE, { urn: missing, name: 'NOPE', value: 'x' }), [
      `Secret for urn ${missing} doesn't exists!`,
      400,
    ]);
    assert.equal(s.store.entityExists(missing), false);
    // A urn of another type is no secret either.
    assert.deepEqual(await fails(UPDATE, { urn: 'urn:li:tag:Legacy', name: 'x', value: 'x' }), [
      "Secret for urn urn:li:tag:Legacy doesn't exists!",
      400,
    ]);
    assert.deepEqual(await fails(`mutation { deleteSecret(urn: "${missing}") }`), [
      `Failed to perform delete against secret with urn ${missing}. Secret does not exist.`,
      400,
    ]);
    assert.deepEqual(await fails('mutation { deleteSecret(urn: "urn:li:tag:Legacy") }'), [
      'Failed to perform delete against secret with urn urn:li:tag:Legacy. Secret does not exist.',
      400,
    ]);
    assert.equal(s.store.entityExists('urn:li:tag:Legacy'), true);
  });

  it('upserts a connection, encrypting its JSON blob, and reads it back decrypted with its platform', async () => {
    const created = await ok(UPSERT, {
      id: 'warehouse',
      platformUrn: 'urn:li:dataPlatform:snowflake',
      blob: BLOB,
      name: 'Warehouse',
    });
    const expected = {
      urn: CONN_URN,
      type: 'DATAHUB_CONNECTION',
      details: { type: 'JSON', name: 'Warehouse', json: { blob: BLOB } },
      platform: { urn: 'urn:li:dataPlatform:snowflake' },
    };
    assert.deepEqual(created.upsertConnection, expected);
    assert.deepEqual(await ok(CONNECTION, { urn: CONN_URN }), {
      connection: { ...expected, platform: { urn: 'urn:li:dataPlatform:snowflake', name: 'snowflake' } },
    });

    const details = s.store.getAspect(CONN_URN, 'dataHubConnectionDetails')!.value as {
      type: string;
      name: string;
      json: { encryptedBlob: string };
    };
    assert.deepEqual(Object.keys(details).sort(), ['json', 'name', 'type']);
    assert.ok(!details.json.encryptedBlob.includes(BLOB_SECRET));
    assert.deepEqual(s.store.getAspect(CONN_URN, 'dataPlatformInstance')!.value, {
      platform: 'urn:li:dataPlatform:snowflake',
    });
    assert.equal(readFileSync(s.store.path).indexOf(BLOB_SECRET), -1);

    // entity(urn) answers it as a DataHubConnection.
    assert.deepEqual(
      await ok(
        `{ entity(urn: "${CONN_URN}") { __typename urn type ... on DataHubConnection { details { json { blob } } } } }`,
      ),
      {
        entity: {
          __typename: 'DataHubConnection',
          urn: CONN_URN,
          type: 'DATAHUB_CONNECTION',
          details: { json: { blob: BLOB } },
        },
      },
    );
  });

  it('an upsert replaces the connection whole; without an id it gets a UUID; unknown urns read as null', async () => {
    const replaced = await ok(UPSERT, {
      id: 'warehouse',
      platformUrn: 'urn:li:dataPlatform:postgres',
      blob: '{"host":"pg"}',
    });
    assert.deepEqual(replaced.upsertConnection.details, { type: 'JSON', name: null, json: { blob: '{"host":"pg"}' } });
    assert.deepEqual(replaced.upsertConnection.platform, { urn: 'urn:li:dataPlatform:postgres' });
    const fresh = await ok(UPSERT, { platformUrn: 'urn:li:dataPlatform:mysql', blob: '{}' });
    assert.match(fresh.upsertConnection.urn, /^urn:li:dataHubConnection:[0-9a-f-]{36}$/);

    assert.deepEqual(await ok(CONNECTION, { urn: 'urn:li:dataHubConnection:nope' }), { connection: null });
    assert.deepEqual(await ok(CONNECTION, { urn: 'urn:li:tag:Legacy' }), { connection: null });
    assert.deepEqual(await ok(`{ entity(urn: "urn:li:dataHubConnection:nope") { urn } }`), { entity: null });
  });

  it('refuses an upsert without json or with a platform urn of another type', async () => {
    assert.deepEqual(
      await fails(
        'mutation { upsertConnection(input: { id: "x", type: JSON, platformUrn: "urn:li:dataPlatform:mysql" }) { urn } }',
      ),
      ["Connections with type JSON must provide the field 'json'.", 400],
    );
    assert.deepEqual(
      await fails(
        'mutation { upsertConnection(input: { id: "x", type: JSON, platformUrn: "urn:li:tag:Legacy", json: { blob: "{}" } }) { urn } }',
      ),
      ['urn:li:tag:Legacy is not a data platform urn (expected urn:li:dataPlatform:…)', 400],
    );
    assert.equal(s.store.entityExists('urn:li:dataHubConnection:x'), false);
  });

  it('patches a connection with updateConnection and deletes it with deleteConnection', async () => {
    const patched = await ok(
      `mutation { updateConnection(input: { urn: "${CONN_URN}", name: "Postgres" }) { details { name json { blob } } platform { urn } } }`,
    );
    assert.deepEqual(patched.updateConnection, {
      details: { name: 'Postgres', json: { blob: '{"host":"pg"}' } },
      platform: { urn: 'urn:li:dataPlatform:postgres' },
    });
    assert.deepEqual(
      await fails('mutation { updateConnection(input: { urn: "urn:li:dataHubConnection:nope", name: "x" }) { urn } }'),
      ['Failed to update Connection urn:li:dataHubConnection:nope. Connection does not exist.', 400],
    );
    assert.deepEqual(await ok(`mutation { deleteConnection(input: { urn: "${CONN_URN}" }) }`), {
      deleteConnection: true,
    });
    assert.deepEqual(await ok(CONNECTION, { urn: CONN_URN }), { connection: null });
    assert.deepEqual(await fails(`mutation { deleteConnection(input: { urn: "${CONN_URN}" }) }`), [
      `Failed to delete Connection ${CONN_URN}. Connection does not exist.`,
      400,
    ]);
  });

  it('no read path shows a secret value or a connection blob: REST, OpenAPI, timeline, search, GraphQL, catalog get and export', async () => {
    await ok(UPSERT, { id: 'leakcheck', platformUrn: 'urn:li:dataPlatform:snowflake', blob: BLOB, name: 'Leak check' });
    const conn = 'urn:li:dataHubConnection:leakcheck';
    const current = `${PLAIN}-2`;
    const storedKey = s.store.getSetting('secretKey') as string;
    assert.equal(typeof storedKey, 'string');
    const forbidden = [PLAIN, BLOB_SECRET, storedKey, Buffer.from(storedKey, 'base64').toString('hex')];
    const clean = (where: string, text: string) => {
      for (const f of forbidden)
        assert.ok(!text.includes(f), `${where} shows ${f === storedKey ? 'the key' : 'a plaintext'}`);
      assert.ok(!text.includes(current.slice(0, 12)), `${where} shows the plaintext`);
    };
    const base = s.server.url;
    const get = async (path: string) => (await fetch(`${base}${path}`)).text();
    const post = async (path: string, body: unknown) =>
      (
        await fetch(`${base}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'X-RestLi-Protocol-Version': '2.0.0' },
          body: JSON.stringify(body),
        })
      ).text();
    for (const urn of [SECRET_URN, conn]) {
      const e = encodeURIComponent(urn);
      const type = urn.split(':')[2]!;
      const aspect = type === 'dataHubSecret' ? 'dataHubSecretValue' : 'dataHubConnectionDetails';
      const aspectRead = await get(`/aspects/${e}?aspect=${aspect}`);
      assert.ok(aspectRead.includes(type === 'dataHubSecret' ? 'SNOWFLAKE_PASSWORD' : 'encryptedBlob'), aspectRead);
      clean(`GET /aspects ${type}`, aspectRead);
      clean(`GET /aspects ${type} version 1`, await get(`/aspects/${e}?aspect=${aspect}&version=1`));
      clean(`GET /entitiesV2 ${type}`, await get(`/entitiesV2/${e}`));
      clean(`GET /entities ${type}`, await get(`/entities/${e}`));
      clean(`GET /openapi/v3/entity ${type}`, await get(`/openapi/v3/entity/${type}/${e}?systemMetadata=true`));
      clean(`POST batchGet ${type}`, await post(`/openapi/v3/entity/${type}/batchGet`, [{ urn }]));
      clean(
        `timeline ${type}`,
        await get(`/openapi/v2/timeline/v1/${e}?categories=DOCUMENTATION,TAG,OWNERSHIP,TECHNICAL_SCHEMA`),
      );
      clean(`GraphQL entity ${type}`, JSON.stringify((await s.gql(`{ entity(urn: "${urn}") { urn type } }`)).body));
      const cli = await runCli(['get', '--urn', urn, '--details', '--data', s.store.path]);
      assert.equal(cli.code, 0, cli.stderr);
      assert.ok(cli.stdout.includes(aspect), cli.stdout);
      clean(`catalog get ${type}`, cli.stdout + cli.stderr);
    }
    for (const q of [PLAIN, BLOB_SECRET, 'SNOWFLAKE_PASSWORD', '*']) {
      clean(
        `REST search ${q}`,
        await post('/entities?action=search', { input: q, entity: 'dataHubSecret', start: 0, count: 10 }),
      );
      clean(
        `GraphQL search ${q}`,
        JSON.stringify(
          (
            await s.gql(
              `{ searchAcrossEntities(input: { query: "${q}", count: 50 }) { total searchResults { entity { urn } } } }`,
            )
          ).body,
        ),
      );
    }
    assert.equal(
      (await s.gql(`{ searchAcrossEntities(input: { query: "${PLAIN}" }) { total } }`)).body.data.searchAcrossEntities
        .total,
      0,
    );
    clean('GraphQL listSecrets', JSON.stringify((await s.gql(LIST, { input: {} })).body));
    const exported = await runCli(['export', '-f', '-', '--data', s.store.path]);
    assert.equal(exported.code, 0, exported.stderr);
    assert.ok(exported.stdout.includes(SECRET_URN) && exported.stdout.includes(conn), 'the export holds both entities');
    clean('catalog export', exported.stdout + exported.stderr);
  });

  it('deletes a secret: its value is gone from getSecretValues and listSecrets', async () => {
    assert.deepEqual(await ok(`mutation { deleteSecret(urn: "${SECRET_URN}") }`), { deleteSecret: SECRET_URN });
    assert.equal(s.store.entityExists(SECRET_URN), false);
    assert.deepEqual(await ok(VALUES, { names: ['SNOWFLAKE_PASSWORD'] }), { getSecretValues: [] });
    assert.deepEqual((await ok(LIST, { input: {} })).listSecrets.total, 2);
  });
});

describe('CATALOG_SECRET_KEY', () => {
  let s: GqlServer;
  const saved = process.env['CATALOG_SECRET_KEY'];
  before(async () => {
    s = await startSampleServer({ sample: false });
  });
  after(async () => {
    if (saved === undefined) delete process.env['CATALOG_SECRET_KEY'];
    else process.env['CATALOG_SECRET_KEY'] = saved;
    await s.close();
  });

  it('when set, encrypts with it and keeps no key in the file; without it (or with another) a value cannot be read', async () => {
    process.env['CATALOG_SECRET_KEY'] = 'a long random key for the test only';
    assert.equal((await s.gql(CREATE, { name: 'K', value: PLAIN })).body.data.createSecret, 'urn:li:dataHubSecret:K');
    assert.equal(s.store.getSetting('secretKey'), undefined);
    assert.deepEqual((await s.gql(VALUES, { names: ['K'] })).body.data, {
      getSecretValues: [{ name: 'K', value: PLAIN }],
    });

    process.env['CATALOG_SECRET_KEY'] = 'another key';
    const wrong = await s.gql(VALUES, { names: ['K'] });
    assert.equal(wrong.body.errors[0].extensions.code, 500);
    assert.match(
      wrong.body.errors[0].message,
      /^Failed to decrypt secret K: it was not encrypted with this catalog's key/,
    );
    assert.ok(!JSON.stringify(wrong.body).includes(PLAIN));

    delete process.env['CATALOG_SECRET_KEY'];
    assert.equal((await s.gql(VALUES, { names: ['K'] })).body.errors[0].extensions.code, 500);
  });
});
