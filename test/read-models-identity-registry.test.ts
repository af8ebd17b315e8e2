// The reading rules of the typed read models of users' and groups' edited profiles, settings
// (src/ops/read/identity.ts, settings.ts), saved views and ownership types (admin.ts), the registry
// entities — data types, entity types, structured properties, platform instances (registry.ts) —,
// a dataset's operations and profiles (timeseries.ts) and runs (run.ts), each on its own, against the real store on a temp file: a fallback, a default or a
// filter removed from a read function fails its test here.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { readDataHubView, readOwnershipType } from '../src/ops/read/admin.ts';
import { readGroupEditable, readUserEditable } from '../src/ops/read/identity.ts';
import { readRun, readRunEvents } from '../src/ops/read/run.ts';
import { readDatasetProfiles, readOperations } from '../src/ops/read/timeseries.ts';
import {
  readDataType,
  readEntityType,
  readPlatformInstance,
  readStructuredProperty,
} from '../src/ops/read/registry.ts';
import { readGlobalViewsSettings, readUserSettings } from '../src/ops/read/settings.ts';
import type { Store } from '../src/store/store.ts';
import { mcp, tempDataPath } from './helpers.ts';
import { putAsStored, seedRecords } from './storedBeforeChecks.ts';

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
  string: 'urn:li:dataType:datahub.string',
  richText: 'urn:li:dataType:datahub.rich_text',
  customType: 'urn:li:dataType:io.acme.money',
  bareNumber: 'urn:li:dataType:number',
  datasetType: 'urn:li:entityType:datahub.dataset',
  userType: 'urn:li:entityType:corpuser',
  property: 'urn:li:structuredProperty:io.acme.retention',
  propertyOdd: 'urn:li:structuredProperty:io.acme.odd',
  propertyBare: 'urn:li:structuredProperty:io.acme.bare',
  instance: 'urn:li:dataPlatformInstance:(urn:li:dataPlatform:hive,warehouse)',
  instanceOdd: 'urn:li:dataPlatformInstance:(urn:li:dataPlatform:kafka,odd)',
  instanceBare: 'urn:li:dataPlatformInstance:(urn:li:dataPlatform:kafka,bare)',
  dataset: 'urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD)',
  run: 'urn:li:dataProcessInstance:run1',
  runOdd: 'urn:li:dataProcessInstance:run2',
  runBare: 'urn:li:dataProcessInstance:run3',
  job: 'urn:li:dataJob:(urn:li:dataFlow:(airflow,daily,prod),load)',
};
const ALICE = 'urn:li:corpuser:alice';
const BOB = 'urn:li:corpuser:bob';

const RECORDS = [
  mcp(U.user, 'corpUserEditableInfo', {
    displayName: 'Alice',
    teams: ['bi'],
    skills: [],
    slack: '@alice',
    phone: null,
  }),
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
  mcp(U.custom, 'ownershipTypeInfo', {
    name: 'Reviewer',
    description: 'Reviews changes',
    created: { time: 1_700_000_000_000, actor: 'urn:li:corpuser:ana' },
    lastModified: { time: 1_700_000_500_000, actor: 'urn:li:corpuser:bo' },
  }),
  mcp(U.customOdd, 'ownershipTypeInfo', { description: 3 }),
  mcp(U.string, 'dataTypeInfo', { qualifiedName: 'datahub.string', displayName: 'Text', description: 'Any text' }),
  mcp(U.richText, 'dataTypeInfo', { qualifiedName: 5 }),
  mcp(U.customType, 'dataTypeInfo', { displayName: 'Money' }),
  mcp(U.bareNumber, 'status', { removed: false }),
  mcp(U.datasetType, 'entityTypeInfo', { qualifiedName: 'datahub.dataset', displayName: 'Dataset' }),
  mcp(U.userType, 'entityTypeInfo', { displayName: 7 }),
  mcp(U.property, 'propertyDefinition', {
    qualifiedName: 'io.acme.retention',
    displayName: 'Retention',
    description: 'Days kept',
    valueType: 'urn:li:dataType:datahub.urn',
    cardinality: 'MULTIPLE',
    immutable: true,
    typeQualifier: { allowedTypes: [U.datasetType, 'not an urn', 5, 'urn:li:corpuser:x'] },
    allowedValues: [{ value: { string: 'a' }, description: 'A' }, { value: { double: 2 } }, { value: { other: 1 } }],
    entityTypes: [U.datasetType],
    allowedPlatforms: ['urn:li:dataPlatform:hive', 'hive', 3, 'urn:li:corpuser:x'],
    created: { time: 3, actor: ALICE },
    lastModified: { time: 4, actor: BOB },
  }),
  mcp(U.property, 'structuredPropertySettings', {
    isHidden: true,
    showInSearchFilters: true,
    showInAssetSummary: true,
    hideInAssetSummaryWhenEmpty: true,
    showAsAssetBadge: true,
    showInColumnsTable: true,
  }),
  mcp(U.propertyOdd, 'propertyDefinition', {
    qualifiedName: 5,
    valueType: 5,
    cardinality: 7,
    immutable: 'yes',
    typeQualifier: { allowedTypes: 'x' },
    allowedValues: 'a',
    entityTypes: 'x',
    allowedPlatforms: 'hive',
  }),
  mcp(U.propertyOdd, 'structuredPropertySettings', { isHidden: 'true', showInSearchFilters: 1 }),
  mcp(U.propertyBare, 'status', { removed: false }),
  mcp(U.instance, 'dataPlatformInstanceProperties', {
    name: 'Warehouse',
    description: 'The warehouse',
    customProperties: { tier: 'gold' },
    externalUrl: 'https://example.com/dw',
  }),
  mcp(U.instanceOdd, 'dataPlatformInstanceProperties', { name: 5, customProperties: 'x' }),
  mcp(U.instanceBare, 'status', { removed: false }),
  mcp(U.dataset, 'operation', {
    timestampMillis: 1000,
    actor: ALICE,
    operationType: 'INSERT',
    numAffectedRows: 42,
    affectedDatasets: ['urn:li:dataset:(urn:li:dataPlatform:hive,raw,PROD)'],
    lastUpdatedTimestamp: 900,
    partitionSpec: { partition: 'ds=1' },
    customProperties: { job: 'load' },
  }),
  mcp(U.dataset, 'operation', {
    timestampMillis: 2000,
    numAffectedRows: 'many',
    affectedDatasets: 'raw',
    partitionSpec: 'ds=2',
    customProperties: 'x',
  }),
  mcp(U.dataset, 'datasetProfile', {
    timestampMillis: 1000,
    rowCount: 10,
    columnCount: 2,
    sizeInBytes: 'big',
    partitionSpec: { type: 'FULL_TABLE' },
    fieldProfiles: [
      { fieldPath: 'amount', nullCount: 0, min: 1, max: '9', mean: 4.5, sampleValues: [1, 'two'] },
      { uniqueCount: 'x', sampleValues: 'x' },
    ],
  }),
  mcp(U.dataset, 'datasetProfile', {
    timestampMillis: 2000,
    partitionSpec: { partition: 'ds=2', timePartition: { startTimeMillis: 1, length: { unit: 'HOUR', multiple: 2 } } },
    fieldProfiles: 'x',
  }),
  mcp(U.dataset, 'datasetProfile', { timestampMillis: 3000 }),
  mcp(U.run, 'dataProcessInstanceProperties', {
    name: 'run 1',
    externalUrl: 'https://example.com/r',
    created: { time: 5, actor: ALICE },
    customProperties: { a: 'b' },
  }),
  mcp(U.run, 'dataProcessInstanceRelationships', { parentTemplate: U.job, upstreamInstances: [] }),
  mcp(U.run, 'dataPlatformInstance', { platform: 'urn:li:dataPlatform:airflow' }),
  mcp(U.run, 'dataProcessInstanceRunEvent', { timestampMillis: 1000, status: 'STARTED', attempt: 1 }),
  mcp(U.run, 'dataProcessInstanceRunEvent', {
    timestampMillis: 2000,
    status: 'COMPLETE',
    attempt: 'one',
    durationMillis: 1000,
    result: { type: 'SUCCESS', nativeResultType: 'airflow' },
  }),
  mcp(U.runOdd, 'dataProcessInstanceRelationships', { parentTemplate: 5, upstreamInstances: [] }),
  mcp(U.runOdd, 'dataProcessInstanceRunEvent', { timestampMillis: 1000, result: { nativeResultType: 3 } }),
];

/**
 * Run properties as a client stored them before DataHub's required fields were checked on write (a
 * stamp without its time, no name, no stamp): stored as they are, so the reads' tolerance is tested.
 */
const STORED_BEFORE_CHECKS: Array<[string, string, Record<string, unknown>]> = [
  [U.runOdd, 'dataProcessInstanceProperties', { name: 5, created: { actor: ALICE }, customProperties: 'x' }],
  [U.runBare, 'dataProcessInstanceProperties', { created: { time: 7 } }],
];

/** A view with no definition stored: every entity type, no filter. */
const EVERYTHING = { entityTypes: [], filter: { operator: 'AND', filters: [] } };

describe('read models of identity, settings, admin, registry, timeseries and runs', () => {
  let store: Store;
  before(async () => {
    store = openCatalog(tempDataPath());
    await seedRecords(store, RECORDS);
    await putAsStored(
      store,
      STORED_BEFORE_CHECKS.map(([urn, aspectName, value]) => ({ urn, aspectName, value })),
    );
  });
  after(() => store.close());

  describe('edited profiles of users and groups (identity.ts)', () => {
    it("a user's edited profile: each field as stored, null when not stored (or stored null)", () => {
      assert.deepEqual(readUserEditable(store, U.user), {
        displayName: 'Alice',
        title: null,
        aboutMe: null,
        teams: ['bi'],
        skills: [],
        pictureLink: null,
        slack: '@alice',
        phone: null,
        email: null,
        persona: null,
        platforms: null,
      });
    });

    it("a group's edited profile: each field as stored, null when not stored", () => {
      assert.deepEqual(readGroupEditable(store, U.group), {
        description: 'Analysts',
        slack: null,
        email: 'a@example.com',
        pictureLink: null,
      });
    });

    it('no edited profile when none is stored', () => {
      assert.equal(readUserEditable(store, U.userBare), null);
      assert.equal(readGroupEditable(store, U.user), null);
    });
  });

  describe('settings (settings.ts)', () => {
    it("a user's settings as stored", () => {
      assert.deepEqual(readUserSettings(store, U.user), {
        appearance: { showSimplifiedHomepage: true, showThemeV2: null },
        views: { defaultView: U.view },
        homePage: null,
        locale: null,
      });
    });

    it('appearance always reads: the simplified homepage only when stored as true', () => {
      assert.deepEqual(readUserSettings(store, U.userBare).appearance, {
        showSimplifiedHomepage: false,
        showThemeV2: null,
      });
      assert.deepEqual(readUserSettings(store, U.userOdd).appearance, {
        showSimplifiedHomepage: false,
        showThemeV2: null,
      });
      assert.deepEqual(readUserSettings(store, U.userNoViews).appearance, {
        showSimplifiedHomepage: false,
        showThemeV2: null,
      });
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
      assert.deepEqual(readDataHubView(store, U.view), {
        viewType: 'PERSONAL',
        name: 'Mine',
        description: 'My datasets',
        definition: EVERYTHING,
      });
      assert.equal(readDataHubView(store, U.viewGlobal).viewType, 'GLOBAL');
    });

    it("a view's type is PERSONAL and its name the id from its urn when not stored as text; no description then", () => {
      for (const [urn, name] of [
        [U.viewOdd, 'odd'],
        [U.viewBare, 'bare'],
      ] as const)
        assert.deepEqual(readDataHubView(store, urn), {
          viewType: 'PERSONAL',
          name,
          description: null,
          definition: EVERYTHING,
        });
    });

    it("an ownership type's stored name, description and change stamps", () => {
      assert.deepEqual(readOwnershipType(store, U.custom), {
        name: 'Reviewer',
        description: 'Reviews changes',
        created: { time: 1_700_000_000_000, actor: 'urn:li:corpuser:ana' },
        lastModified: { time: 1_700_000_500_000, actor: 'urn:li:corpuser:bo' },
      });
    });

    it("an ownership type's name falls back to the words of its id; a description that is not text reads null", () => {
      const noStamps = { created: null, lastModified: null };
      assert.deepEqual(readOwnershipType(store, U.steward), { name: 'Data Steward', description: null, ...noStamps });
      assert.deepEqual(readOwnershipType(store, U.customOdd), { name: 'Sla Keeper', description: null, ...noStamps });
    });
  });

  describe('registry entities (registry.ts)', () => {
    it("a data type's standard type is its id without datahub., upper-cased", () => {
      assert.deepEqual(readDataType(store, U.string), {
        type: 'STRING',
        qualifiedName: 'datahub.string',
        displayName: 'Text',
        description: 'Any text',
      });
      assert.equal(readDataType(store, U.richText).type, 'RICH_TEXT');
      assert.equal(readDataType(store, U.bareNumber).type, 'NUMBER');
    });

    it('a data type whose id names no standard type reads OTHER', () => {
      assert.equal(readDataType(store, U.customType).type, 'OTHER');
    });

    it("a data type's or entity type's qualified name falls back to the id from its urn (also when not stored as text)", () => {
      assert.deepEqual(readDataType(store, U.customType), {
        type: 'OTHER',
        qualifiedName: 'io.acme.money',
        displayName: 'Money',
        description: null,
      });
      assert.equal(readDataType(store, U.richText).qualifiedName, 'datahub.rich_text');
      assert.deepEqual(readDataType(store, U.bareNumber), {
        type: 'NUMBER',
        qualifiedName: 'number',
        displayName: null,
        description: null,
      });
      assert.deepEqual(readEntityType(store, U.userType), {
        entityType: 'corpuser',
        qualifiedName: 'corpuser',
        displayName: null,
        description: null,
      });
    });

    it('an entity type names the entity type of its id, datahub. left out', () => {
      assert.deepEqual(readEntityType(store, U.datasetType), {
        entityType: 'dataset',
        qualifiedName: 'datahub.dataset',
        displayName: 'Dataset',
        description: null,
      });
    });

    it("a structured property's definition as stored, its stamps as stored", () => {
      const d = readStructuredProperty(store, U.property).definition;
      assert.deepEqual(
        [d.qualifiedName, d.displayName, d.description, d.cardinality, d.immutable, d.valueType],
        ['io.acme.retention', 'Retention', 'Days kept', 'MULTIPLE', true, 'urn:li:dataType:datahub.urn'],
      );
      assert.deepEqual(d.entityTypes, [U.datasetType]);
      assert.deepEqual(
        [d.created, d.lastModified],
        [
          { time: 3, actor: ALICE },
          { time: 4, actor: BOB },
        ],
      );
    });

    it('only the well-formed entity type urns of the type qualifier, and only the well-formed platform urns, are read', () => {
      const d = readStructuredProperty(store, U.property).definition;
      assert.deepEqual(d.typeQualifier, { allowedTypes: [U.datasetType] });
      assert.deepEqual(d.allowedPlatforms, ['urn:li:dataPlatform:hive']);
    });

    it('an allowed value holding neither text nor a number reads null; text is read before a number', () => {
      assert.deepEqual(readStructuredProperty(store, U.property).definition.allowedValues, [
        { value: { string: 'a' }, description: 'A' },
        { value: { double: 2 }, description: null },
        { value: null, description: null },
      ]);
    });

    it('the defaults of a definition: qualified name from the urn, SINGLE, mutable, text values, no stamps', () => {
      for (const urn of [U.propertyOdd, U.propertyBare]) {
        const d = readStructuredProperty(store, urn).definition;
        assert.deepEqual(
          [d.qualifiedName, d.displayName, d.cardinality, d.immutable, d.valueType, d.created, d.lastModified],
          [
            urn.slice('urn:li:structuredProperty:'.length),
            null,
            'SINGLE',
            false,
            'urn:li:dataType:datahub.string',
            null,
            null,
          ],
          urn,
        );
      }
    });

    it('lists stored as anything else: no allowed values, no entity types, every platform, no allowed types', () => {
      const d = readStructuredProperty(store, U.propertyOdd).definition;
      assert.deepEqual(
        [d.allowedValues, d.entityTypes, d.allowedPlatforms, d.typeQualifier],
        [null, [], null, { allowedTypes: null }],
      );
      assert.equal(readStructuredProperty(store, U.propertyBare).definition.typeQualifier, null);
    });

    it('settings: null when none are stored, each flag true only when stored as true', () => {
      assert.deepEqual(readStructuredProperty(store, U.property).settings, {
        isHidden: true,
        showInSearchFilters: true,
        showInAssetSummary: true,
        hideInAssetSummaryWhenEmpty: true,
        showAsAssetBadge: true,
        showInColumnsTable: true,
      });
      assert.deepEqual(readStructuredProperty(store, U.propertyOdd).settings, {
        isHidden: false,
        showInSearchFilters: false,
        showInAssetSummary: false,
        hideInAssetSummaryWhenEmpty: false,
        showAsAssetBadge: false,
        showInColumnsTable: false,
      });
      assert.equal(readStructuredProperty(store, U.propertyBare).settings, null);
    });

    it('a platform instance: platform and id from its urn, its properties as stored', () => {
      assert.deepEqual(readPlatformInstance(store, U.instance), {
        platformUrn: 'urn:li:dataPlatform:hive',
        instanceId: 'warehouse',
        properties: {
          name: 'Warehouse',
          description: 'The warehouse',
          customProperties: [{ key: 'tier', value: 'gold' }],
          externalUrl: 'https://example.com/dw',
        },
      });
    });

    it('platform instance properties: null when none are stored; a name that is not text and custom properties that are not a map read as none', () => {
      assert.equal(readPlatformInstance(store, U.instanceBare).properties, null);
      assert.deepEqual(readPlatformInstance(store, U.instanceOdd).properties, {
        name: null,
        description: null,
        customProperties: [],
        externalUrl: null,
      });
    });
  });

  describe("a dataset's operations and profiles (timeseries.ts)", () => {
    it('operations newest first, each as it reported it', () => {
      const [newest, oldest] = readOperations(store, U.dataset, {});
      assert.deepEqual(oldest, {
        timestampMillis: 1000,
        actor: ALICE,
        operationType: 'INSERT',
        customOperationType: null,
        sourceType: null,
        numAffectedRows: 42,
        affectedDatasets: ['urn:li:dataset:(urn:li:dataPlatform:hive,raw,PROD)'],
        lastUpdatedTimestamp: 900,
        partition: 'ds=1',
        customProperties: [{ key: 'job', value: 'load' }],
      });
      assert.equal(newest?.timestampMillis, 2000);
    });

    it('an operation of no type is UNKNOWN, last updated when it was reported; fields of another type read as none', () => {
      assert.deepEqual(readOperations(store, U.dataset, {})[0], {
        timestampMillis: 2000,
        actor: null,
        operationType: 'UNKNOWN',
        customOperationType: null,
        sourceType: null,
        numAffectedRows: null,
        affectedDatasets: null,
        lastUpdatedTimestamp: 2000,
        partition: null,
        customProperties: [],
      });
    });

    it('the time range and limit of the query apply', () => {
      assert.deepEqual(
        readOperations(store, U.dataset, { endTimeMillis: 1500 }).map((o) => o.timestampMillis),
        [1000],
      );
      assert.deepEqual(
        readDatasetProfiles(store, U.dataset, { limit: 1 }).map((p) => p.timestampMillis),
        [3000],
      );
    });

    it("a profile's columns: statistics as text, sample values as text, no field path read as ''; numbers of another type read as none", () => {
      const p = readDatasetProfiles(store, U.dataset, {})[2];
      assert.deepEqual([p?.rowCount, p?.columnCount, p?.sizeInBytes], [10, 2, null]);
      assert.deepEqual(p?.fieldProfiles, [
        {
          fieldPath: 'amount',
          uniqueCount: null,
          uniqueProportion: null,
          nullCount: 0,
          nullProportion: null,
          min: '1',
          max: '9',
          mean: '4.5',
          median: null,
          stdev: null,
          sampleValues: ['1', 'two'],
          quantiles: null,
          distinctValueFrequencies: null,
        },
        {
          fieldPath: '',
          uniqueCount: null,
          uniqueProportion: null,
          nullCount: null,
          nullProportion: null,
          min: null,
          max: null,
          mean: null,
          median: null,
          stdev: null,
          sampleValues: null,
          quantiles: null,
          distinctValueFrequencies: null,
        },
      ]);
    });

    it('a partition is of type PARTITION unless stored otherwise; no partition, and no columns, when none are stored', () => {
      const [none, partitioned, full] = readDatasetProfiles(store, U.dataset, {});
      assert.deepEqual(partitioned?.partitionSpec, {
        type: 'PARTITION',
        partition: 'ds=2',
        timePartition: { startTimeMillis: 1, durationMillis: 7_200_000 },
      });
      assert.deepEqual(full?.partitionSpec, { type: 'FULL_TABLE', partition: null, timePartition: null });
      assert.deepEqual([none?.partitionSpec, none?.fieldProfiles, partitioned?.fieldProfiles], [null, null, null]);
    });
  });

  describe('runs (run.ts)', () => {
    it('a run as stored: its properties, the job it is a run of, its platform', () => {
      assert.deepEqual(readRun(store, U.run), {
        name: 'run 1',
        created: { time: 5, actor: ALICE },
        externalUrl: 'https://example.com/r',
        properties: {
          name: 'run 1',
          externalUrl: 'https://example.com/r',
          created: { time: 5, actor: ALICE },
          customProperties: [{ key: 'a', value: 'b' }],
        },
        parentTemplate: U.job,
        platformUrn: 'urn:li:dataPlatform:airflow',
      });
    });

    it("a creation stamp without a time reads as none, and the properties' one as time 0; the properties' name falls back to ''", () => {
      assert.deepEqual(readRun(store, U.runOdd), {
        name: null,
        created: null,
        externalUrl: null,
        properties: { name: '', externalUrl: null, created: { time: 0, actor: null }, customProperties: [] },
        parentTemplate: null,
        platformUrn: null,
      });
    });

    it('a creation stamp without an actor reads no actor', () => {
      assert.deepEqual(readRun(store, U.runBare).created, { time: 7, actor: null });
    });

    it('no properties when none are stored', () => {
      assert.deepEqual(readRun(store, U.job), {
        name: null,
        created: null,
        externalUrl: null,
        properties: null,
        parentTemplate: null,
        platformUrn: null,
      });
    });

    it('run events newest first; a result only when one is stored, fields of another type read as none', () => {
      assert.deepEqual(readRunEvents(store, U.run, {}), [
        {
          timestampMillis: 2000,
          status: 'COMPLETE',
          attempt: null,
          durationMillis: 1000,
          result: { resultType: 'SUCCESS', nativeResultType: 'airflow' },
        },
        { timestampMillis: 1000, status: 'STARTED', attempt: 1, durationMillis: null, result: null },
      ]);
      assert.deepEqual(readRunEvents(store, U.runOdd, {}), [
        {
          timestampMillis: 1000,
          status: null,
          attempt: null,
          durationMillis: null,
          result: { resultType: null, nativeResultType: null },
        },
      ]);
    });
  });
});

describe('read models: no global settings', () => {
  it("the organization's default view is none when no global settings are stored", async () => {
    const store = openCatalog(tempDataPath());
    try {
      assert.deepEqual(readGlobalViewsSettings(store), { defaultView: null });
    } finally {
      await store.close();
    }
  });
});
