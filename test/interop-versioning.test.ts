// DataHub's own Python client against catalog serve for entity versioning and platform resources:
// DataHubGraph.link_asset_to_version_set, link_asset_to_versioned_asset,
// unlink_latest_asset_from_version_set and unlink_asset_from_version_set (versioning.graphql), and the
// PlatformResource SDK (create, from_datahub, search_by_key through GET /openapi/v3/entity/{type},
// delete). A real `catalog serve` on an ephemeral port; telemetry off, HOME in a temp dir.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SAMPLE_URNS as S } from '../src/sample/sample.ts';
import { hasPython, requirePython, startInterop, type Interop } from './interop/setup.ts';

requirePython('INTEROP VERSIONING SUITE');

describe('DataHubGraph entity versioning and the PlatformResource SDK against catalog serve', {
  skip: !hasPython && 'python3 missing',
}, () => {
  let t: Interop;
  before(async () => {
    t = await startInterop();
  });
  after(async () => {
    await t?.server.stop();
  });

  it('links, relinks, unlinks and reads back versions; finds platform resources by primary and secondary key', async () => {
    const out = await t.py('entity_versioning.py', [S.usersCreated, S.usersDeleted, S.hiveSample]);
    const vs: string = out.created;
    assert.match(vs, /^urn:li:versionSet:\([0-9a-f-]{36},dataset\)$/);
    assert.equal(out.again, null);
    assert.equal(out.next, vs);
    assert.deepEqual(out.after_link, {
      first: { set: vs, label: 'v1', sortId: 'AAAAAAAA', isLatest: false, comment: 'first cut' },
      second: { set: vs, label: 'v2', sortId: 'AAAAAAAB', isLatest: true, comment: 'second cut' },
      set: { latest: S.usersDeleted, scheme: 'ALPHANUMERIC_GENERATED_BY_DATAHUB' },
    });
    assert.match(out.duplicate, /Sort Id and Version label must be unique: sort ID: AAAAAAAC version label: v1/);
    assert.equal(out.unlink_latest, vs);
    assert.deepEqual(out.after_unlink_latest, {
      first: { set: vs, label: 'v1', sortId: 'AAAAAAAA', isLatest: true, comment: 'first cut' },
      second: null,
      set: { latest: S.usersCreated, scheme: 'ALPHANUMERIC_GENERATED_BY_DATAHUB' },
    });
    assert.equal(out.unlink_unversioned, null);
    assert.equal(out.unlink_last, vs);
    assert.equal(out.set_exists, false);

    assert.deepEqual(out.resource, {
      id: true,
      type: 'user-info',
      primary: 'U123',
      secondary: ['jdoe@acme.com'],
      value: { email: 'jdoe@acme.com', real_name: 'John Doe' },
      content_type: 'JSON',
      platform: 'urn:li:dataPlatform:slack',
      instance: 'urn:li:dataPlatformInstance:(urn:li:dataPlatform:slack,acme)',
      removed: false,
    });
    assert.deepEqual(out.by_primary, ['U123']);
    assert.deepEqual(out.by_secondary_primary_only, []);
    assert.deepEqual(out.by_secondary, ['U123']);
    assert.equal(out.after_delete, true);
  });
});
