// The reading rules of the typed read models of users' and groups' edited profiles, settings
// (src/ops/read/identity.ts, settings.ts), saved views and ownership types (admin.ts), and the
// registry entities — data types, entity types, structured properties, platform instances
// (registry.ts) — each on its own, against the real store on a temp file: a fallback, a default or a
// filter removed from a read function fails its test here.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { proposalFromMcp } from '../src/model/mcp.ts';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { ingestProposals } from '../src/ops/ingest/ingestProposals.ts';
import { readDataHubView, readOwnershipType } from '../src/ops/read/admin.ts';
import { readGroupEditable, readUserEditable } from '../src/ops/read/identity.ts';
import { readGlobalViewsSettings, readUserSettings } from '../src/ops/read/settings.ts';
import type { Store } from '../src/store/store.ts';
import { mcp, tempDataPath } from './helpers.ts';

const U = {
  user: 'urn:li:corpuser:alice',
  userBare: 'urn:li:corpuser:bare',
  userOdd: 'urn:li:corpuser:odd',
  userNoViews: 'urn:li:corpuser:noviews',
  userEmptyView: 'urn:li:corpuser:emptyview',
  group: 'urn:li:corpGroup:analysts',
  view: 'urn:li:dataHubView:mine',
  viewGlobal: 'urn:li:dataHubView:global',
  viewOdd: 'urn:li:dataHubView:odd',
  viewBare: 'urn:li:dataHubView:bare',
  steward: 'urn:li:ownershipType:__system__data_steward',
  custom: 'urn:li:ownershipType:reviewer',
  customOdd: 'urn:li:ownershipType:sla_keeper',
};

const RECORDS = [
  mcp(U.user, 'corpUserEditableInfo', { displayName: 'Alice', teams: ['bi'], skills: [], slack: '@alice', phone: null }),
  mcp(U.user, 'corpUserSettings', { appearance: { showSimplifiedHomepage: true }, views: { defaultView: U.view } }),
  mcp(U.userBare, 'status', { removed: false }),
  mcp(U.userOdd, 'corpUserSettings', { appearance: { showSimplifiedHomepage: 'yes' }, views: { defaultView: 5 } }),
  mcp(U.userNoViews, 'corpUserSettings', { appearance: 'dark' }),
  mcp(U.userEmptyView, 'corpUserSettings', { views: { defaultView: '' } }),
  mcp(U.group, 'corpGroupEditableInfo', { description: 'Analysts', email: 'a@example.com' }),
  mcp('urn:li:globalSettings:0', 'globalSettingsInfo', { views: { defaultView: U.view } }),
  mcp(U.view, 'dataHubViewInfo', { name: 'Mine', description: 'My datasets', type: 'PERSONAL' }),
  mcp(U.viewGlobal, 'dataHubViewInfo', { name: 'Everyone', type: 'GLOBAL' }),
  mcp(U.viewOdd, 'dataHubViewInfo', { name: 7, description: 5, type: 1 }),
  mcp(U.viewBare, 'status', { removed: false }),
  mcp(U.custom, 'ownershipTypeInfo', { name: 'Reviewer', description: 'Reviews changes' }),
  mcp(U.customOdd, 'ownershipTypeInfo', { description: 3 }),
];

describe('read models (c)', () => {
  let store: Store;
  before(async () => {
    store = openCatalog(tempDataPath());
    await ingestProposals({ store, actor: 'urn:li:corpuser:datahub' }, RECORDS.map((r) => proposalFromMcp(r)));
  });
  after(() => store.close());

  describe('edited profiles of users and groups (identity.ts)', () => {
    it("a user's edited profile: each field as stored, null when not stored (or stored null)", () => {
      assert.deepEqual(readUserEditable(store, U.user), {
        displayName: 'Alice', title: null, aboutMe: null, teams: ['bi'], skills: [], pictureLink: null, slack: '@alice', phone: null, email: null,
      });
    });

    it("a group's edited profile: each field as stored, null when not stored", () => {
      assert.deepEqual(readGroupEditable(store, U.group), { description: 'Analysts', slack: null, email: 'a@example.com', pictureLink: null });
    });

    it('no edited profile when none is stored', () => {
      assert.equal(readUserEditable(store, U.userBare), null);
      assert.equal(readGroupEditable(store, U.user), null);
    });
  });

  describe('settings (settings.ts)', () => {
    it("a user's settings as stored", () => {
      assert.deepEqual(readUserSettings(store, U.user), { appearance: { showSimplifiedHomepage: true }, views: { defaultView: U.view } });
    });

    it('appearance always reads: the simplified homepage only when stored as true', () => {
      assert.deepEqual(readUserSettings(store, U.userBare).appearance, { showSimplifiedHomepage: false });
      assert.deepEqual(readUserSettings(store, U.userOdd).appearance, { showSimplifiedHomepage: false });
      assert.deepEqual(readUserSettings(store, U.userNoViews).appearance, { showSimplifiedHomepage: false });
    });

    it('views only when the user set them', () => {
      assert.equal(readUserSettings(store, U.userBare).views, null);
      assert.equal(readUserSettings(store, U.userNoViews).views, null);
    });

    it('a default view that is not text, or empty, reads as none', () => {
      assert.deepEqual(readUserSettings(store, U.userOdd).views, { defaultView: null });
      assert.deepEqual(readUserSettings(store, U.userEmptyView).views, { defaultView: null });
    });

    it("the organization's default view is the one its global settings name", () => {
      assert.deepEqual(readGlobalViewsSettings(store), { defaultView: U.view });
    });
  });

  describe('saved views and ownership types (admin.ts)', () => {
    it('a view as stored', () => {
      assert.deepEqual(readDataHubView(store, U.view), { viewType: 'PERSONAL', name: 'Mine', description: 'My datasets' });
      assert.equal(readDataHubView(store, U.viewGlobal).viewType, 'GLOBAL');
    });

    it("a view's type is PERSONAL and its name the id from its urn when not stored as text; no description then", () => {
      assert.deepEqual(readDataHubView(store, U.viewOdd), { viewType: 'PERSONAL', name: 'odd', description: null });
      assert.deepEqual(readDataHubView(store, U.viewBare), { viewType: 'PERSONAL', name: 'bare', description: null });
    });

    it("an ownership type's stored name and description", () => {
      assert.deepEqual(readOwnershipType(store, U.custom), { name: 'Reviewer', description: 'Reviews changes' });
    });

    it("an ownership type's name falls back to the words of its id; a description that is not text reads null", () => {
      assert.deepEqual(readOwnershipType(store, U.steward), { name: 'Data Steward', description: null });
      assert.deepEqual(readOwnershipType(store, U.customOdd), { name: 'Sla Keeper', description: null });
    });
  });
});

describe('read models (c): no global settings', () => {
  it("the organization's default view is none when no global settings are stored", async () => {
    const store = openCatalog(tempDataPath());
    try {
      assert.deepEqual(readGlobalViewsSettings(store), { defaultView: null });
    } finally {
      await store.close();
    }
  });
});
