// DataHub roles and invite tokens over GraphQL (entity.graphql, resolvers/role, RoleService,
// InviteTokenService): the three built-in roles, batchAssignRole writing roleMembership (the
// IsMemberOfRole relationship) atomically, getInviteToken / createInviteToken stored hashed and
// encrypted, acceptRole — and the messages of DataHub's resolvers.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { S, startSampleServer, type GqlServer } from './graphql-helpers.ts';

const ADMIN = 'urn:li:dataHubRole:Admin';
const EDITOR = 'urn:li:dataHubRole:Editor';
const READER = 'urn:li:dataHubRole:Reader';
const GROUP = 'urn:li:corpGroup:bfoo';

describe('roles and invite tokens over GraphQL', () => {
  let s: GqlServer;
  before(async () => {
    s = await startSampleServer();
  });
  after(() => s.close());

  const ok = async (query: string, variables?: Record<string, unknown>, headers?: Record<string, string>) => {
    const r = await s.gql(query, variables, headers);
    assert.equal(r.body.errors, undefined, JSON.stringify(r.body.errors));
    return r.body.data;
  };
  const fails = async (query: string): Promise<[string, number]> => {
    const r = await s.gql(query);
    assert.ok(r.body.errors?.length, `expected an error from ${query}`);
    return [r.body.errors[0].message, r.body.errors[0].extensions.code];
  };
  const rolesOf = (urn: string) =>
    (s.store.getAspect(urn, 'roleMembership')?.value as { roles: string[] } | undefined)?.roles;

  it('listRoles lists Admin, Editor and Reader by name, with their descriptions, before any is stored', async () => {
    const d = await ok('{ listRoles(input: {}) { start count total roles { urn type name description } } }');
    assert.deepEqual(d.listRoles, {
      start: 0,
      count: 3,
      total: 3,
      roles: [
        { urn: ADMIN, type: 'DATAHUB_ROLE', name: 'Admin', description: 'Can do everything on the platform.' },
        {
          urn: EDITOR,
          type: 'DATAHUB_ROLE',
          name: 'Editor',
          description: 'Can read and edit all metadata. Cannot take administrative actions.',
        },
        {
          urn: READER,
          type: 'DATAHUB_ROLE',
          name: 'Reader',
          description: 'Can read all metadata. Cannot edit anything by default, or take administrative actions.',
        },
      ],
    });
    assert.deepEqual(
      (await ok('{ listRoles(input: { query: "edit", start: 0, count: 5 }) { total roles { name } } }')).listRoles,
      { total: 1, roles: [{ name: 'Editor' }] },
    );
    assert.equal(s.store.entityExists(ADMIN), false, 'reading the roles stores nothing');
  });

  it('batchAssignRole gives users and groups one role each (the DataHubGraph call), replacing the one they had', async () => {
    // What DataHubGraph._assign_role_to_user sends (ingestion/graph/client.py).
    const doc = 'mutation batchAssignRole($input: BatchAssignRoleInput!) { batchAssignRole(input: $input) }';
    assert.deepEqual(await ok(doc, { input: { roleUrn: EDITOR, actors: [S.jdoe, GROUP] } }), { batchAssignRole: true });
    assert.deepEqual(rolesOf(S.jdoe), [EDITOR]);
    assert.deepEqual(rolesOf(GROUP), [EDITOR]);
    assert.deepEqual(
      s.store.getAspect(EDITOR, 'dataHubRoleInfo')?.value,
      {
        name: 'Editor',
        description: 'Can read and edit all metadata. Cannot take administrative actions.',
        editable: false,
      },
      'the role became a stored entity',
    );

    await ok(doc, { input: { roleUrn: ADMIN, actors: [S.jdoe] } });
    assert.deepEqual(rolesOf(S.jdoe), [ADMIN]);
    const d =
      await ok(`{ corpUser(urn: "${S.jdoe}") { relationships(input: { types: ["IsMemberOfRole"], direction: OUTGOING }) {
      total relationships { type entity { urn ... on DataHubRole { name } } } } } }`);
    assert.deepEqual(d.corpUser.relationships, {
      total: 1,
      relationships: [{ type: 'IsMemberOfRole', entity: { urn: ADMIN, name: 'Admin' } }],
    });
    const members = await ok(
      `{ entity(urn: "${ADMIN}") { ... on DataHubRole { name relationships(input: { types: ["IsMemberOfRole"], direction: INCOMING }) { total } } } }`,
    );
    assert.deepEqual(members.entity, { name: 'Admin', relationships: { total: 1 } });
  });

  it('batchAssignRole without a role removes the roles', async () => {
    await ok(`mutation { batchAssignRole(input: { actors: ["${GROUP}"] }) }`);
    assert.deepEqual(rolesOf(GROUP), []);
    assert.deepEqual(s.store.edges(GROUP, 'OUTGOING', ['IsMemberOfRole']), []);
  });

  it("fails with DataHub's message for a missing role, and checks every actor before writing any", async () => {
    assert.deepEqual(
      await fails(
        `mutation { batchAssignRole(input: { roleUrn: "urn:li:dataHubRole:Owner", actors: ["${S.jdoe}"] }) }`,
      ),
      ['Role urn:li:dataHubRole:Owner does not exist. Skipping batch role assignment', 400],
    );
    assert.deepEqual(
      await fails(
        `mutation { batchAssignRole(input: { roleUrn: "${READER}", actors: ["${S.datahub}", "urn:li:corpuser:ghost"] }) }`,
      ),
      [`Failed to assign role ${READER} to actor urn:li:corpuser:ghost, actor does not exist.`, 400],
    );
    assert.deepEqual(
      await fails(
        `mutation { batchAssignRole(input: { roleUrn: "${READER}", actors: ["${S.datahub}", "${S.legacy}"] }) }`,
      ),
      [
        `Failed to assign role ${READER} to actor ${S.legacy}: only users (corpuser) and groups (corpGroup) hold roles.`,
        400,
      ],
    );
    assert.equal(rolesOf(S.datahub), undefined, 'the batch wrote nothing');
    assert.deepEqual(rolesOf(S.jdoe), [ADMIN]);
  });

  it('getInviteToken makes one token per role and hands it out again; it is stored hashed and encrypted', async () => {
    // What DataHubGraph._get_invite_token sends: no role.
    const doc = 'query getInviteToken($input: GetInviteTokenInput!) { getInviteToken(input: $input) { inviteToken } }';
    const plain = (await ok(doc, { input: {} })).getInviteToken.inviteToken as string;
    assert.match(plain, /^[A-Za-z0-9_-]{32}$/);
    assert.equal((await ok(doc, { input: {} })).getInviteToken.inviteToken, plain);
    const reader = (await ok(doc, { input: { roleUrn: READER } })).getInviteToken.inviteToken as string;
    assert.notEqual(reader, plain);
    assert.equal((await ok(doc, { input: { roleUrn: READER } })).getInviteToken.inviteToken, reader);

    const urn = `urn:li:inviteToken:${createHash('sha256').update(reader).digest('hex')}`;
    const stored = s.store.getAspect(urn, 'inviteToken')?.value as { token: string; role: string };
    assert.equal(stored.role, READER);
    assert.ok(!stored.token.includes(reader), 'the token is not stored in plain text');
    assert.deepEqual(s.store.urnsOfType('inviteToken').length, 2);
  });

  it("createInviteToken replaces the role's token with a new one", async () => {
    const get = async () =>
      (await ok(`{ getInviteToken(input: { roleUrn: "${READER}" }) { inviteToken } }`)).getInviteToken
        .inviteToken as string;
    const old = await get();
    const fresh = (await ok(`mutation { createInviteToken(input: { roleUrn: "${READER}" }) { inviteToken } }`))
      .createInviteToken.inviteToken as string;
    assert.notEqual(fresh, old);
    assert.equal(await get(), fresh);
    assert.deepEqual(s.store.urnsOfType('inviteToken').length, 2);
  });

  it("a token this catalog's key cannot decrypt (the key changed, or it came from another catalog) is replaced", async () => {
    const doc = '{ getInviteToken(input: { roleUrn: "urn:li:dataHubRole:Admin" }) { inviteToken } }';
    const before = (await ok(doc)).getInviteToken.inviteToken as string;
    process.env['CATALOG_SECRET_KEY'] = 'another key';
    try {
      const after = (await ok(doc)).getInviteToken.inviteToken as string;
      assert.notEqual(after, before);
      assert.equal((await ok(doc)).getInviteToken.inviteToken, after);
    } finally {
      delete process.env['CATALOG_SECRET_KEY'];
    }
    const admins = s.store
      .urnsOfType('inviteToken')
      .filter((u) => (s.store.getAspect(u, 'inviteToken')!.value as { role?: string }).role === ADMIN);
    assert.equal(admins.length, 1);
  });

  it('acceptRole gives the caller the role of the invite token; an unknown token is invalid', async () => {
    const token = (await ok(`mutation { createInviteToken(input: { roleUrn: "${EDITOR}" }) { inviteToken } }`))
      .createInviteToken.inviteToken as string;
    const invited = 'urn:li:corpuser:invited';
    assert.deepEqual(
      await ok(`mutation { acceptRole(input: { inviteToken: "${token}" }) }`, undefined, {
        'X-DataHub-Actor': invited,
      }),
      { acceptRole: true },
    );
    assert.deepEqual(rolesOf(invited), [EDITOR]);
    assert.deepEqual(await fails('mutation { acceptRole(input: { inviteToken: "not-a-token" }) }'), [
      'Invite token not-a-token is invalid',
      400,
    ]);
  });

  it('invite tokens for a role that does not exist are refused', async () => {
    assert.deepEqual(
      await fails('{ getInviteToken(input: { roleUrn: "urn:li:dataHubRole:Owner" }) { inviteToken } }'),
      ['Failed to get invite token for role urn:li:dataHubRole:Owner. Role does not exist.', 400],
    );
    assert.deepEqual(
      await fails('mutation { createInviteToken(input: { roleUrn: "urn:li:dataHubRole:Owner" }) { inviteToken } }'),
      ['Failed to create invite token for role urn:li:dataHubRole:Owner. Role does not exist.', 400],
    );
  });
});
