// Access tokens and their enforcement (issue 6): CLI and GraphQL token management, 401s that say
// why, the token's user as actor, revocation by another process, and the start-up refusal.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ingestFile } from '../src/cli/commands/ingestRun.ts';
import { createToken } from '../src/ops/identity/tokens.ts';
import { startServer, type RunningServer } from '../src/server/server.ts';
import type { Store } from '../src/store/store.ts';
import { SAMPLE_URNS as S } from '../src/sample/sample.ts';
import { runCli, serveCatalog, tempDataPath } from './helpers.ts';
import { openCatalog } from '../src/ops/core/openCatalog.ts';

const SERVE = ['serve', '--port', '0'];

describe('catalog token', () => {
  it('create prints the token once; list shows status but never secrets; revoke marks it', async () => {
    const data = tempDataPath();
    const created = await runCli([
      'token',
      'create',
      '--user',
      'jdoe',
      '--name',
      'ci',
      '--expires',
      '7d',
      '--data',
      data,
    ]);
    assert.equal(created.code, 0, created.stderr);
    const [token, info] = created.stdout.split('\n');
    assert.match(token!, /^ctk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    assert.match(
      info!,
      /^Token [0-9a-f]{16} acts as urn:li:corpuser:jdoe; expires: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\.$/,
    );
    const id = token!.split('_')[1]!;
    const list = await runCli(['token', 'list', '--data', data]);
    assert.match(
      list.stdout,
      new RegExp(`^ID +STATUS +USER +CREATED +EXPIRES +NAME\\n${id} +active +urn:li:corpuser:jdoe .* ci\\n$`),
    );
    // The secret is everything after `ctk_<id>_`; it may hold `_` itself (base64url), so not split('_').
    const secret = token!.slice('ctk_'.length + id.length + 1);
    assert.equal(secret.length, 43);
    assert.ok(!list.stdout.includes(secret), 'the secret is never shown again');
    const revoked = await runCli(['token', 'revoke', id, '--data', data]);
    assert.equal(revoked.stdout, `Revoked token ${id} (urn:li:corpuser:jdoe).\n`);
    assert.match((await runCli(['token', 'list', '--data', data])).stdout, new RegExp(`${id} +revoked`));
    const unknown = await runCli(['token', 'revoke', 'feedfeedfeedfeed', '--data', data]);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /No access token with id feedfeedfeedfeed/);
    const bad = await runCli(['token', 'create', '--user', 'jdoe', '--expires', 'soon', '--data', data]);
    assert.match(bad.stderr, /--expires: "soon" is not a duration; use e\.g\. 30m, 12h, 7d, 4w, 1y or never/);
  });

  it('the stored record holds only a hash of the secret', async () => {
    const data = tempDataPath();
    const store = openCatalog(data);
    try {
      const { token, metadata } = await createToken(
        { store, actor: 'urn:li:corpuser:datahub' },
        { userUrn: 'urn:li:corpuser:jdoe', expiresInMs: null },
      );
      const record = store.getToken(metadata.id) as Record<string, unknown>;
      assert.match(String(record['hash']), /^[0-9a-f]{64}$/);
      const secret = token.slice(`ctk_${metadata.id}_`.length);
      assert.equal(secret.length, 43);
      assert.ok(!JSON.stringify(record).includes(secret));
    } finally {
      await store.close();
    }
  });
});

describe('a server with authentication on', () => {
  let store: Store;
  let server: RunningServer;
  let data: string;
  let token: string;

  before(async () => {
    data = tempDataPath();
    store = openCatalog(data);
    await ingestFile(store, undefined);
    ({ token } = await createToken(
      { store, actor: 'urn:li:corpuser:datahub' },
      { userUrn: 'urn:li:corpuser:jdoe', expiresInMs: null },
    ));
    server = await startServer({ store, port: 0, auth: true });
  });
  after(async () => {
    await server.close();
    await store.close();
  });

  const gql = (query: string, authorization?: string) =>
    fetch(`${server.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization && { authorization }) },
      body: JSON.stringify({ query }),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

  it('refuses requests without a valid token with 401 saying why, before any work', async () => {
    const past = await createToken(
      { store, actor: 'urn:li:corpuser:datahub', now: () => Date.now() - 7_200_000 },
      { userUrn: 'urn:li:corpuser:jdoe', expiresInMs: 3_600_000 },
    );
    const cases: Array<[string | undefined, RegExp]> = [
      [undefined, /No access token: send the header "Authorization: Bearer <token>"\./],
      ['Basic abc', /The Authorization header must be "Bearer <token>"\./],
      ['Bearer <my-access-token>', /The access token is not a Catalog token/],
      [`Bearer ctk_0123456789abcdef_${'a'.repeat(43)}`, /The access token is unknown\./],
      [`Bearer ${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, /The access token is unknown\./],
      [`Bearer ${past.token}`, new RegExp(`The access token ${past.metadata.id} expired at \\d{4}-`)],
    ];
    for (const [authorization, reason] of cases) {
      const r = await gql(
        `mutation { addTags(input: { tagUrns: ["urn:li:tag:Legacy"], resourceUrn: "${S.kafkaSample}" }) }`,
        authorization,
      );
      assert.equal(r.status, 401, String(authorization));
      assert.equal(r.body.status, 401);
      assert.match(r.body.message, /^Unauthorized to perform this action\. /);
      assert.match(r.body.message, reason);
    }
    assert.equal(store.getAspect(S.kafkaSample, 'globalTags'), undefined, 'no refused request wrote anything');
    const rest = await fetch(`${server.url}/entitiesV2/${encodeURIComponent(S.kafkaSample)}`);
    assert.equal(rest.status, 401);
  });

  it('leaves /health and /config open', async () => {
    assert.equal((await fetch(`${server.url}/health`)).status, 200);
    assert.equal((await fetch(`${server.url}/config`)).status, 200);
  });

  it("a valid token's user is the actor of reads and writes", async () => {
    const me = await gql('{ me { corpUser { urn } } }', `Bearer ${token}`);
    assert.deepEqual(me.body.data, { me: { corpUser: { urn: 'urn:li:corpuser:jdoe' } } });
    await gql(
      `mutation { updateDeprecation(input: { urn: "${S.kafkaSample}", deprecated: true }) }`,
      `Bearer ${token}`,
    );
    const rec = store.getAspect(S.kafkaSample, 'deprecation')!;
    assert.equal((rec.value as { actor: string }).actor, 'urn:li:corpuser:jdoe');
    assert.equal(rec.created.actor, 'urn:li:corpuser:jdoe');
    // X-DataHub-Actor cannot impersonate when auth is on.
    const spoof = await fetch(`${server.url}/api/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'x-datahub-actor': 'urn:li:corpuser:datahub',
      },
      body: JSON.stringify({ query: '{ me { corpUser { urn } } }' }),
    });
    assert.deepEqual(((await spoof.json()) as any).data.me.corpUser.urn, 'urn:li:corpuser:jdoe');
  });

  it("GraphQL createAccessToken / listAccessTokens / revokeAccessToken, DataHub's shapes; own tokens only", async () => {
    const created = await gql(
      'mutation { createAccessToken(input: { type: PERSONAL, actorUrn: "urn:li:corpuser:jdoe", duration: ONE_HOUR, name: "my personal token" }) { accessToken metadata { id name description actorUrn ownerUrn type urn expiresAt createdAt } } }',
      `Bearer ${token}`,
    );
    const t = created.body.data.createAccessToken;
    assert.match(t.accessToken, /^ctk_/);
    assert.equal(t.metadata.name, 'my personal token');
    assert.equal(t.metadata.urn, `urn:li:dataHubAccessToken:${t.metadata.id}`);
    assert.deepEqual(
      [t.metadata.type, t.metadata.actorUrn, t.metadata.ownerUrn],
      ['ACCESS_TOKEN', 'urn:li:corpuser:jdoe', 'urn:li:corpuser:jdoe'],
    );
    assert.equal(t.metadata.expiresAt - t.metadata.createdAt, 3_600_000);
    assert.equal((await gql('{ me { corpUser { urn } } }', `Bearer ${t.accessToken}`)).status, 200);

    const forOther = await gql(
      'mutation { createAccessToken(input: { type: PERSONAL, actorUrn: "urn:li:corpuser:datahub", duration: NO_EXPIRY, name: "x" }) { accessToken } }',
      `Bearer ${token}`,
    );
    assert.deepEqual(forOther.body.errors[0].extensions, {
      code: 403,
      type: 'UNAUTHORIZED',
      classification: 'DataFetchingException',
    });
    assert.equal(
      forOther.body.errors[0].message,
      'Unauthorized to perform this action. Please contact your DataHub administrator.',
    );

    const list = await gql(
      '{ listAccessTokens(input: { start: 0, count: 100, filters: [{ field: "ownerUrn", values: ["urn:li:corpuser:jdoe"] }] }) { start count total tokens { id actorUrn } } }',
      `Bearer ${token}`,
    );
    assert.deepEqual(
      list.body.data.listAccessTokens.tokens.map((x: { id: string }) => x.id),
      [t.metadata.id],
    );
    // Paging is checked as every list's is: a negative start or count is a 400, not a wrong page.
    for (const [input, message] of [
      ['start: -1, count: 10', 'start: expected a non-negative integer, got -1'],
      ['start: 0, count: -1', 'count: expected a non-negative integer, got -1'],
    ]) {
      const bad = await gql(
        `{ listAccessTokens(input: { ${input} }) { start count total tokens { id } } }`,
        `Bearer ${token}`,
      );
      assert.equal(bad.body.data.listAccessTokens, null);
      assert.equal(bad.body.errors[0].message, message);
      assert.deepEqual(bad.body.errors[0].extensions, {
        code: 400,
        type: 'BAD_REQUEST',
        classification: 'DataFetchingException',
      });
    }
    const second = await gql(
      '{ listAccessTokens(input: { start: 1, count: 10, filters: [{ field: "ownerUrn", values: ["urn:li:corpuser:jdoe"] }] }) { start count total tokens { id } } }',
      `Bearer ${token}`,
    );
    assert.deepEqual(second.body.data.listAccessTokens, { start: 1, count: 0, total: 1, tokens: [] });
    const revoked = await gql(`mutation { revokeAccessToken(tokenId: "${t.metadata.id}") }`, `Bearer ${token}`);
    assert.deepEqual(revoked.body.data, { revokeAccessToken: true });
    assert.equal((await gql('{ me { corpUser { urn } } }', `Bearer ${t.accessToken}`)).status, 401);
  });

  it('a token revoked by another process is refused at once', async () => {
    const other = await createToken(
      { store, actor: 'urn:li:corpuser:datahub' },
      { userUrn: 'urn:li:corpuser:datahub', expiresInMs: null },
    );
    assert.equal((await gql('{ me { corpUser { urn } } }', `Bearer ${other.token}`)).status, 200);
    const r = await runCli(['token', 'revoke', other.metadata.id, '--data', data]);
    assert.equal(r.code, 0, r.stderr);
    const after = await gql('{ me { corpUser { urn } } }', `Bearer ${other.token}`);
    assert.equal(after.status, 401);
    assert.match(after.body.message, /was revoked/);
    assert.equal((await gql('{ me { corpUser { urn } } }', `Bearer ${token}`)).status, 200, 'other tokens still work');
  });
});

describe('catalog serve and authentication', () => {
  it('refuses a non-loopback host without a token, saying how to create one or opt out', async () => {
    const r = await runCli(['serve', '--host', '0.0.0.0', '--port', '0', '--data', tempDataPath()]);
    assert.equal(r.code, 2);
    assert.match(
      r.stderr,
      /^Refusing to serve on 0\.0\.0\.0, which is reachable from other machines, without authentication set up/,
    );
    assert.match(r.stderr, /catalog token create --user <id> --data /);
    assert.match(r.stderr, /--insecure-no-auth/);
    const loopbackAuth = await runCli(['serve', '--auth', '--port', '0', '--data', tempDataPath()]);
    assert.equal(loopbackAuth.code, 2);
    assert.match(loopbackAuth.stderr, /^Refusing to serve with --auth without authentication set up/);
  });

  it('a non-loopback host with a token serves with auth on; --insecure-no-auth serves without, loudly', async () => {
    const data = tempDataPath();
    const created = await runCli(['token', 'create', '--user', 'jdoe', '--data', data]);
    const token = created.stdout.split('\n')[0]!;
    const secured = await serveCatalog([...SERVE, '--host', '0.0.0.0', '--data', data]);
    try {
      const port = new URL(secured.url).port;
      const url = `http://127.0.0.1:${port}/api/graphql`;
      const body = JSON.stringify({ query: '{ me { corpUser { urn } } }' });
      assert.equal(
        (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).status,
        401,
      );
      const ok = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body,
      });
      assert.deepEqual(((await ok.json()) as any).data.me.corpUser.urn, 'urn:li:corpuser:jdoe');
    } finally {
      await secured.stop();
    }
    const open = await serveCatalog([...SERVE, '--host', '0.0.0.0', '--insecure-no-auth', '--data', tempDataPath()]);
    try {
      assert.match(open.output(), /WARNING: serving 0\.0\.0\.0 without authentication \(--insecure-no-auth\)/);
      const port = new URL(open.url).port;
      const res = await fetch(`http://127.0.0.1:${port}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ me { corpUser { urn } } }' }),
      });
      assert.equal(res.status, 200);
    } finally {
      await open.stop();
    }
  });
});
