// catalog user upsert / group upsert with DataHub's documented YAML (docs/datahub/rest-cli.md §6.3), read
// back through `catalog get` and GraphQL; bad files write nothing and say where the problem is.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startServer } from '../src/server/server.ts';
import { runCli, tempDataPath, writeTemp } from './helpers.ts';
import { GROUP_YAML, USERS_YAML } from './fixtures/identity.ts';
import { openCatalog } from '../src/ops/core/openCatalog.ts';

async function getJson(data: string, urn: string, ...aspects: string[]): Promise<any> {
  const r = await runCli(['get', '--urn', urn, ...aspects.flatMap((a) => ['--aspect', a]), '--data', data]);
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout);
}

describe('catalog user upsert and group upsert', () => {
  it("upserts the documented users: DataHub's lines, its aspects, and no field dropped", async () => {
    const data = tempDataPath();
    const r = await runCli(['user', 'upsert', '-f', writeTemp('bar.user.dhub.yaml', USERS_YAML), '--data', data]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(
      r.stdout,
      'Update succeeded for urn urn:li:corpuser:bar@acryl.io.\nUpdate succeeded for urn urn:li:corpuser:datahub.\n',
    );
    const bar = await getJson(data, 'urn:li:corpuser:bar@acryl.io');
    assert.deepEqual(bar.corpUserEditableInfo, {
      aboutMe: 'I like raising the bar higher',
      displayName: 'The Bar',
      email: 'bar@acryl.io',
      pictureLink: 'assets/platforms/default_avatar.png',
      skills: [],
      slack: '@the_bar_raiser',
      teams: [],
    });
    // DataHub drops these when slack is set; we keep them (docs/design.md §2.5).
    assert.deepEqual(bar.corpUserInfo, {
      active: true,
      customProperties: {},
      displayName: 'The Bar',
      email: 'bar@acryl.io',
      firstName: 'The',
      fullName: 'The Bar',
      lastName: 'Bar',
    });
    assert.deepEqual(bar.groupMembership, { groups: ['urn:li:corpGroup:foogroup@acryl.io'] });
    assert.deepEqual(bar.status, { removed: false });
    const dh = await getJson(data, 'urn:li:corpuser:datahub', 'corpUserEditableInfo', 'corpUserInfo');
    assert.equal(dh.corpUserEditableInfo.phone, '1-800-GOT-META');
    assert.match(dh.corpUserEditableInfo.pictureLink, /datahub-logo-color-stable\.svg$/);
    assert.equal(dh.corpUserInfo, undefined, 'nothing of corpUserInfo was given for datahub');
  });

  it('an upsert of an existing user overwrites its information', async () => {
    const data = tempDataPath();
    await runCli([
      'user',
      'upsert',
      '-f',
      writeTemp('u1.yaml', 'id: ann\ntitle: Engineer\nemail: ann@x.org\n'),
      '--data',
      data,
    ]);
    await runCli(['user', 'upsert', '-f', writeTemp('u2.yaml', 'id: ann\ntitle: Manager\n'), '--data', data]);
    const ann = await getJson(data, 'urn:li:corpuser:ann', 'corpUserInfo');
    assert.deepEqual(ann.corpUserInfo, { active: true, customProperties: {}, title: 'Manager' });
  });

  it('upserts the documented group: inline users, additive owners and members, memberships; visible in GraphQL', async () => {
    const data = tempDataPath();
    await runCli(['user', 'upsert', '-f', writeTemp('users.yaml', USERS_YAML), '--data', data]);
    const r = await runCli(['group', 'upsert', '-f', writeTemp('foo.group.dhub.yaml', GROUP_YAML), '--data', data]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, 'Update succeeded for group urn:li:corpGroup:foogroup@acryl.io.\n');
    const group = await getJson(data, 'urn:li:corpGroup:foogroup@acryl.io');
    assert.deepEqual(group.corpGroupInfo, {
      admins: ['urn:li:corpuser:datahub'],
      displayName: 'Foo Group',
      groups: [],
      members: ['urn:li:corpuser:bar@acryl.io', 'urn:li:corpuser:joe@acryl.io'],
    });
    assert.deepEqual(group.ownership.owners, [{ owner: 'urn:li:corpuser:datahub', type: 'TECHNICAL_OWNER' }]);
    const joe = await getJson(data, 'urn:li:corpuser:joe@acryl.io');
    assert.deepEqual(joe.groupMembership, { groups: ['urn:li:corpGroup:foogroup@acryl.io'] });
    assert.equal(joe.corpUserEditableInfo.slack, '@joe_shmoe');
    assert.equal(joe.corpUserInfo.displayName, "Joe's Hub", "DataHub loses Joe's display name; we keep it");

    // A second upsert with another owner and member adds them (DataHub replaces owners, #14758).
    await runCli([
      'group',
      'upsert',
      '-f',
      writeTemp('more.yaml', 'id: foogroup@acryl.io\nowners: [bar@acryl.io]\nmembers: ["urn:li:corpuser:datahub"]\n'),
      '--data',
      data,
    ]);
    const after = await getJson(data, 'urn:li:corpGroup:foogroup@acryl.io');
    assert.deepEqual(
      after.ownership.owners.map((o: { owner: string }) => o.owner),
      ['urn:li:corpuser:datahub', 'urn:li:corpuser:bar@acryl.io'],
    );
    assert.deepEqual(after.corpGroupInfo.members, [
      'urn:li:corpuser:bar@acryl.io',
      'urn:li:corpuser:joe@acryl.io',
      'urn:li:corpuser:datahub',
    ]);
    assert.equal(after.corpGroupInfo.displayName, 'Foo Group');

    const store = openCatalog(data);
    const server = await startServer({ store, port: 0 });
    try {
      const res = await fetch(`${server.url}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query:
            '{ corpGroup(urn: "urn:li:corpGroup:foogroup@acryl.io") { name properties { displayName } ownership { owners { owner { ... on CorpUser { username } } } } } corpUser(urn: "urn:li:corpuser:bar@acryl.io") { properties { firstName lastName } editableProperties { aboutMe } } }',
        }),
      });
      assert.deepEqual(((await res.json()) as { data: unknown }).data, {
        corpGroup: {
          name: 'foogroup@acryl.io',
          properties: { displayName: 'Foo Group' },
          ownership: { owners: [{ owner: { username: 'datahub' } }, { owner: { username: 'bar@acryl.io' } }] },
        },
        corpUser: {
          properties: { firstName: 'The', lastName: 'Bar' },
          editableProperties: { aboutMe: 'I like raising the bar higher' },
        },
      });
    } finally {
      await server.close();
      await store.close();
    }
  });

  it('--override-editable writes the editable aspect', async () => {
    const data = tempDataPath();
    await runCli([
      'user',
      'upsert',
      '-f',
      writeTemp('u.yaml', 'id: eve\nemail: eve@x.org\n'),
      '--override-editable',
      '--data',
      data,
    ]);
    const eve = await getJson(data, 'urn:li:corpuser:eve', 'corpUserEditableInfo');
    assert.equal(eve.corpUserEditableInfo.email, 'eve@x.org');
    await runCli([
      'group',
      'upsert',
      '-f',
      writeTemp('g.yaml', 'id: g1\ndescription: about\n'),
      '--override-editable',
      '--data',
      data,
    ]);
    const g = await getJson(data, 'urn:li:corpGroup:g1', 'corpGroupEditableInfo');
    assert.equal(g.corpGroupEditableInfo.description, 'about');
  });

  describe('bad files write nothing and say file:line:col and the field', () => {
    const cases: Array<[string, string, string, RegExp]> = [
      ['malformed YAML', 'user', '- id: a\n  groups: [x\n', /users\.yaml:\d+:\d+: invalid YAML: /],
      [
        'aliases expanding beyond the limit',
        'user',
        'a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n',
        /users\.yaml: invalid YAML: Excessive alias count/,
      ],
      [
        'a field of the wrong type',
        'user',
        '- id: a\n- id: b\n  groups: foo\n',
        /Update failed for id b\. due to .*users\.yaml:3:11: \[1\]\.groups: expected a list of group ids or urns, got the string "foo"/,
      ],
      [
        'an unknown field',
        'user',
        'id: a\ncolour: red\n',
        /users\.yaml:2:9: colour: unknown field; expected one of id, display_name/,
      ],
      [
        'an integer field given text',
        'user',
        'id: a\ndepartment_id: sales\n',
        /users\.yaml:2:16: department_id: expected an integer, got the string "sales"/,
      ],
      ['a missing id', 'user', 'email: a@b.c\n', /users\.yaml:1:1: required field "id" is missing/],
      [
        'a group owner that is neither id nor urn nor mapping',
        'group',
        'id: g\nowners:\n  - datahub\n  - [1, 2]\n',
        /users\.yaml:4:5: owners\[1\]: expected a user id, a user or group urn, or a user mapping, got a list/,
      ],
      [
        'a group member that is a number list',
        'group',
        'id: g\nmembers: 5\n',
        /users\.yaml:2:10: members: expected a list of user ids, urns or user mappings, got number 5/,
      ],
    ];
    for (const [name, kind, yaml, message] of cases) {
      it(name, async () => {
        const data = tempDataPath();
        const r = await runCli([kind, 'upsert', '-f', writeTemp('users.yaml', yaml), '--data', data]);
        assert.equal(r.code, 1);
        assert.match(r.stderr, message);
        assert.equal(r.stdout, '');
        const first = await runCli([
          'get',
          '--urn',
          kind === 'user' ? 'urn:li:corpuser:a' : 'urn:li:corpuser:datahub',
          '--data',
          data,
        ]);
        assert.equal(first.code, 1, 'nothing was written');
      });
    }

    it('an unreadable file', async () => {
      const r = await runCli(['user', 'upsert', '-f', '/nonexistent/users.yaml', '--data', tempDataPath()]);
      assert.equal(r.code, 1);
      assert.equal(r.stderr, 'error: cannot read /nonexistent/users.yaml: no such file\n');
    });
  });
});
