// The reading rules of the typed read models of src/ops/read, each on its own, against the real store
// on a temp file: a fallback, a default or a filter removed from a read function fails its test here.
// Covered: ML entities (ml.ts), notebooks (notebook.ts), data products and applications (product.ts),
// platform resources (platformResource.ts).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import {
  readMlDescription,
  readMlEditable,
  readMlFeatureProperties,
  readMlFeatureTableProperties,
  readMlIdentity,
  readMlModelGroupProperties,
  readMlModelProperties,
} from '../src/ops/read/ml.ts';
import { readNotebookEditable, readNotebookIdentity, readNotebookInfo } from '../src/ops/read/notebook.ts';
import { readPlatformResourcePlatform, readPlatformResourceProperties } from '../src/ops/read/platformResource.ts';
import {
  readApplicationProperties,
  readDataProductAssets,
  readDataProductProperties,
} from '../src/ops/read/product.ts';
import type { Store } from '../src/store/store.ts';
import { mcp, tempDataPath } from './helpers.ts';
import { seedRecords } from './storedBeforeChecks.ts';

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD)';
const U = {
  model: 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,churn,dev)',
  modelBare: 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,bare,PROD)',
  modelOdd: 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,odd,PROD)',
  modelNoVersion: 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,noversion,PROD)',
  group: 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,churns,Prod)',
  feature: 'urn:li:mlFeature:(orders_ns,amount)',
  featureUnedited: 'urn:li:mlFeature:(orders_ns,count)',
  primaryKey: 'urn:li:mlPrimaryKey:(orders_ns,order_id)',
  table: 'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,orders)',
  tableOdd: 'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,odd)',
  notebook: 'urn:li:notebook:(querybook,42)',
  notebookPlain: 'urn:li:notebook:(querybook,43)',
  notebookBare: 'urn:li:notebook:(querybook,44)',
  product: 'urn:li:dataProduct:orders',
  productNamed: 'urn:li:dataProduct:named',
  productOdd: 'urn:li:dataProduct:odd',
  application: 'urn:li:application:shop',
  applicationNamed: 'urn:li:application:named',
  resource: 'urn:li:platformResource:alice',
  resourceArray: 'urn:li:platformResource:array',
  resourceBad: 'urn:li:platformResource:bad',
  resourceBinary: 'urn:li:platformResource:binary',
  resourceNoValue: 'urn:li:platformResource:novalue',
};
const ALICE = 'urn:li:corpuser:alice';

const RECORDS = [
  mcp(DATASET, 'status', { removed: false }),
  mcp(U.model, 'mlModelProperties', {
    name: 'Churn',
    description: 'Predicts churn',
    date: 5,
    version: { versionTag: '2' },
    type: 'classifier',
    externalUrl: 'https://example.com/m',
    customProperties: { team: 'ml' },
    groups: [U.group],
  }),
  mcp(U.model, 'editableMlModelProperties', { description: 'Our churn model' }),
  mcp(U.modelBare, 'status', { removed: false }),
  mcp(U.modelOdd, 'mlModelProperties', { description: 'odd', version: 'v2', groups: U.group, date: 'yesterday' }),
  mcp(U.modelNoVersion, 'mlModelProperties', { version: { versionTag: 2 } }),
  mcp(U.group, 'mlModelGroupProperties', {
    name: 'Churns',
    created: { time: 7, actor: ALICE },
    version: { versionTag: '1' },
  }),
  mcp(U.feature, 'mlFeatureProperties', {
    description: 'Order amount',
    dataType: 'CONTINUOUS',
    version: { versionTag: '3' },
    customProperties: { unit: 'EUR' },
  }),
  mcp(U.feature, 'editableMlFeatureProperties', { description: 7 }),
  mcp(U.featureUnedited, 'mlFeatureProperties', { description: 'Order count' }),
  mcp(U.primaryKey, 'mlPrimaryKeyProperties', { description: 'Order id', dataType: 'TEXT' }),
  mcp(U.table, 'mlFeatureTableProperties', {
    description: 'Order features',
    mlFeatures: [U.feature],
    mlPrimaryKeys: [U.primaryKey],
  }),
  mcp(U.tableOdd, 'mlFeatureTableProperties', { mlFeatures: U.feature }),
  mcp(U.notebook, 'notebookInfo', {
    title: 'Orders',
    description: 'Explores orders',
    externalUrl: 'https://example.com/nb',
    customProperties: { team: 'bi' },
    changeAuditStamps: { created: { time: 3, actor: ALICE }, lastModified: {} },
  }),
  mcp(U.notebook, 'editableNotebookProperties', { description: 'Our notebook' }),
  mcp(U.notebookPlain, 'notebookInfo', {
    title: 'Plain',
    changeAuditStamps: {
      created: { time: 1, actor: ALICE },
      lastModified: { time: 2, actor: ALICE },
      deleted: { time: 4 },
    },
  }),
  mcp(U.notebookBare, 'notebookInfo', { title: 'Bare' }),
  mcp(U.product, 'dataProductProperties', {
    description: 'no name',
    assets: [{ destinationUrn: DATASET }, { created: { time: 1, actor: ALICE } }],
  }),
  mcp(U.productNamed, 'dataProductProperties', {
    name: 'Orders product',
    externalUrl: 'https://example.com/p',
    customProperties: { tier: 'gold' },
  }),
  mcp(U.productOdd, 'dataProductProperties', { name: 'Odd', assets: DATASET }),
  mcp(U.application, 'applicationProperties', { description: 'no name' }),
  mcp(U.applicationNamed, 'applicationProperties', {
    name: 'Shop',
    externalUrl: 'https://example.com/app',
    customProperties: { tier: 'gold' },
  }),
  mcp(U.resource, 'platformResourceInfo', {
    resourceType: 'user',
    primaryKey: 'alice',
    secondaryKeys: ['alice@example.com'],
    value: { blob: '{"name":"Alice","admin":true,"teams":["a"]}', schemaType: 'JSON', schemaRef: 'SlackUser' },
  }),
  mcp(U.resource, 'dataPlatformInstance', { platform: 'urn:li:dataPlatform:slack' }),
  mcp(U.resourceArray, 'platformResourceInfo', {
    resourceType: 'user',
    primaryKey: 'a',
    value: { blob: '["a"]', contentType: 'JSON' },
  }),
  mcp(U.resourceBad, 'platformResourceInfo', { resourceType: 'user', primaryKey: 'b', value: { blob: '{not json' } }),
  mcp(U.resourceBinary, 'platformResourceInfo', {
    resourceType: 'user',
    primaryKey: 'c',
    value: { blob: '{"a":"b"}', contentType: 'BINARY' },
  }),
  mcp(U.resourceNoValue, 'platformResourceInfo', { resourceType: 'user', primaryKey: 'd' }),
];

describe('read models', () => {
  let store: Store;
  before(async () => {
    store = openCatalog(tempDataPath());
    await seedRecords(store, RECORDS);
  });
  after(() => store.close());

  describe('ML entities (ml.ts)', () => {
    it('a model or group: name, platform and origin from the urn, the origin upper-cased; no feature namespace', () => {
      assert.deepEqual(readMlIdentity(U.model), {
        name: 'churn',
        platformUrn: 'urn:li:dataPlatform:sagemaker',
        origin: 'DEV',
        featureNamespace: null,
      });
      assert.equal(readMlIdentity(U.group).origin, 'PROD');
    });

    it('a feature or primary key: name and namespace from the urn; no platform, no origin', () => {
      assert.deepEqual(readMlIdentity(U.feature), {
        name: 'amount',
        platformUrn: null,
        origin: null,
        featureNamespace: 'orders_ns',
      });
      assert.deepEqual(readMlIdentity(U.primaryKey), {
        name: 'order_id',
        platformUrn: null,
        origin: null,
        featureNamespace: 'orders_ns',
      });
    });

    it('the description shown is the edited one when one is stored', () => {
      assert.equal(readMlDescription(store, 'mlModel', U.model), 'Our churn model');
    });

    it("the description falls back to the properties' one when nothing was edited, or the edited one is not text", () => {
      assert.equal(readMlDescription(store, 'mlFeature', U.featureUnedited), 'Order count');
      assert.equal(readMlDescription(store, 'mlFeature', U.feature), 'Order amount');
    });

    it('no description when neither aspect is stored', () => {
      assert.equal(readMlDescription(store, 'mlModel', U.modelBare), null);
    });

    it('the edited properties: null when none are stored, a description that is not text reads null', () => {
      assert.deepEqual(readMlEditable(store, 'mlModel', U.model), { description: 'Our churn model' });
      assert.equal(readMlEditable(store, 'mlModel', U.modelBare), null);
      assert.deepEqual(readMlEditable(store, 'mlFeature', U.feature), { description: null });
    });

    it("a model's properties as stored, its groups as urns", () => {
      assert.deepEqual(readMlModelProperties(store, U.model), {
        name: 'Churn',
        description: 'Predicts churn',
        date: 5,
        version: { versionTag: '2' },
        type: 'classifier',
        externalUrl: 'https://example.com/m',
        customProperties: [{ key: 'team', value: 'ml' }],
        groups: [U.group],
        created: null,
        tags: [],
      });
      assert.equal(readMlModelProperties(store, U.modelBare), null);
    });

    it('a version stored as anything but an object reads as none; a version tag that is not text reads null', () => {
      assert.equal(readMlModelProperties(store, U.modelOdd)?.version, null);
      assert.deepEqual(readMlModelProperties(store, U.modelNoVersion)?.version, { versionTag: null });
    });

    it('groups stored as anything but a list read as none; a date that is not a number reads null', () => {
      const p = readMlModelProperties(store, U.modelOdd);
      assert.deepEqual(p?.groups, []);
      assert.equal(p?.date, null);
    });

    it("a model group's creation time is the time of its created stamp", () => {
      assert.deepEqual(readMlModelGroupProperties(store, U.group), {
        name: 'Churns',
        description: null,
        createdAt: 7,
        version: { versionTag: '1' },
        externalUrl: null,
        customProperties: [],
        created: { actor: 'urn:li:corpuser:alice', time: 7 },
      });
    });

    it("a feature's and a primary key's properties, each from its own aspect", () => {
      assert.deepEqual(readMlFeatureProperties(store, 'mlFeature', U.feature), {
        description: 'Order amount',
        dataType: 'CONTINUOUS',
        version: { versionTag: '3' },
        customProperties: [{ key: 'unit', value: 'EUR' }],
        sources: null,
      });
      assert.deepEqual(readMlFeatureProperties(store, 'mlPrimaryKey', U.primaryKey), {
        description: 'Order id',
        dataType: 'TEXT',
        version: null,
        customProperties: [],
        sources: null,
      });
      assert.equal(readMlFeatureProperties(store, 'mlPrimaryKey', U.feature), null);
    });

    it("a feature table's features and primary keys as urns; a value that is not a list reads as none", () => {
      assert.deepEqual(readMlFeatureTableProperties(store, U.table), {
        description: 'Order features',
        customProperties: [],
        mlFeatures: [U.feature],
        mlPrimaryKeys: [U.primaryKey],
      });
      const odd = readMlFeatureTableProperties(store, U.tableOdd);
      assert.deepEqual([odd?.mlFeatures, odd?.mlPrimaryKeys], [[], []]);
    });
  });

  describe('notebooks (notebook.ts)', () => {
    it('the tool and id from the urn, the tool as the platform', () => {
      assert.deepEqual(readNotebookIdentity(U.notebook), {
        tool: 'querybook',
        notebookId: '42',
        platformUrn: 'urn:li:dataPlatform:querybook',
      });
    });

    it('its info as stored; a stamp without time or actor reads time 0 and no actor; no deleted stamp when none is stored', () => {
      assert.deepEqual(readNotebookInfo(store, U.notebook), {
        title: 'Orders',
        description: 'Explores orders',
        externalUrl: 'https://example.com/nb',
        customProperties: [{ key: 'team', value: 'bi' }],
        changeAuditStamps: {
          created: { time: 3, actor: ALICE },
          lastModified: { time: 0, actor: null },
          deleted: null,
        },
      });
    });

    it('a deleted stamp when one is stored', () => {
      assert.deepEqual(readNotebookInfo(store, U.notebookPlain)?.changeAuditStamps?.deleted, { time: 4, actor: null });
    });

    it('no change stamps when none are stored', () => {
      assert.deepEqual(readNotebookInfo(store, U.notebookBare), {
        title: 'Bare',
        description: null,
        externalUrl: null,
        customProperties: [],
        changeAuditStamps: null,
      });
    });

    it('no info and no edited properties when none are stored', () => {
      assert.equal(readNotebookInfo(store, U.product), null);
      assert.equal(readNotebookEditable(store, U.notebookPlain), null);
      assert.deepEqual(readNotebookEditable(store, U.notebook), { description: 'Our notebook' });
    });
  });

  describe('data products and applications (product.ts)', () => {
    it("a data product's name falls back to the id from its urn", () => {
      assert.equal(readDataProductProperties(store, U.product)?.name, 'orders');
      assert.deepEqual(readDataProductProperties(store, U.productNamed), {
        name: 'Orders product',
        description: null,
        externalUrl: 'https://example.com/p',
        numAssets: 0,
        customProperties: [{ key: 'tier', value: 'gold' }],
      });
    });

    it('numAssets counts every stored asset entry; assets stored as anything but a list count none', () => {
      assert.equal(readDataProductProperties(store, U.product)?.numAssets, 2);
      assert.equal(readDataProductProperties(store, U.productOdd)?.numAssets, 0);
    });

    it("the assets a product holds are its entries' destination urns, entries without one left out", () => {
      assert.deepEqual(readDataProductAssets(store, U.product), [DATASET]);
      assert.deepEqual(readDataProductAssets(store, U.productOdd), []);
      assert.deepEqual(readDataProductAssets(store, U.application), []);
    });

    it("an application's name falls back to the id from its urn", () => {
      assert.deepEqual(readApplicationProperties(store, U.application), {
        name: 'shop',
        description: 'no name',
        externalUrl: null,
        customProperties: [],
      });
      assert.equal(readApplicationProperties(store, U.applicationNamed)?.name, 'Shop');
      assert.equal(readApplicationProperties(store, U.product), null);
    });
  });

  describe('platform resources (platformResource.ts)', () => {
    it("a JSON object value's entries are its custom properties, a value that is not text as JSON", () => {
      const p = readPlatformResourceProperties(store, U.resource);
      assert.deepEqual(p?.customProperties, [
        { key: 'name', value: 'Alice' },
        { key: 'admin', value: 'true' },
        { key: 'teams', value: '["a"]' },
      ]);
      assert.deepEqual(p?.secondaryKeys, ['alice@example.com']);
    });

    it('the content type reads JSON when none is stored, schema type and ref null when not stored', () => {
      assert.deepEqual(readPlatformResourceProperties(store, U.resource)?.value, {
        blob: '{"name":"Alice","admin":true,"teams":["a"]}',
        contentType: 'JSON',
        schemaType: 'JSON',
        schemaRef: 'SlackUser',
      });
      assert.deepEqual(readPlatformResourceProperties(store, U.resourceArray)?.value, {
        blob: '["a"]',
        contentType: 'JSON',
        schemaType: null,
        schemaRef: null,
      });
    });

    it('a JSON array, a blob that is not JSON, and a binary value give no custom properties', () => {
      for (const urn of [U.resourceArray, U.resourceBad, U.resourceBinary])
        assert.deepEqual(readPlatformResourceProperties(store, urn)?.customProperties, [], urn);
    });

    it('no value and no secondary keys when none are stored', () => {
      const p = readPlatformResourceProperties(store, U.resourceNoValue);
      assert.deepEqual([p?.value, p?.secondaryKeys, p?.customProperties], [null, null, []]);
      assert.equal(readPlatformResourceProperties(store, U.product), null);
    });

    it('the platform is the one its dataPlatformInstance names; none when none is stored', () => {
      assert.equal(readPlatformResourcePlatform(store, U.resource), 'urn:li:dataPlatform:slack');
      assert.equal(readPlatformResourcePlatform(store, U.resourceBad), null);
    });
  });
});
