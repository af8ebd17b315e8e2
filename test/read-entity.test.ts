// The reading rules of src/ops/read/entity.ts (what any entity may carry besides its labels), each on
// its own, against the real store on a temp file: a rule removed from a read function fails its test.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { proposalFromMcp } from '../src/model/mcp.ts';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { writeAspect } from '../src/ops/core/writeAspect.ts';
import { ingestProposals } from '../src/ops/ingest/ingestProposals.ts';
import {
  propertyValueOf,
  readBrowsePath,
  readContainer,
  readDisplayProperties,
  readDocumentation,
  readDomain,
  readLastIngested,
  readParentContainers,
  readPlatformInstance,
  readStructuredProperties,
  readSubTypes,
} from '../src/ops/read/entity.ts';
import { readDataset } from '../src/ops/read/dataset.ts';
import type { Store } from '../src/store/store.ts';
import { mcp, tempDataPath } from './helpers.ts';
import { seedRecords } from './storedBeforeChecks.ts';

const T = 'urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD)';
const BARE = 'urn:li:dataset:(urn:li:dataPlatform:hive,bare,PROD)';
const C = (n: number) => `urn:li:container:c${n}`;
const LOOP = (n: number) => `urn:li:container:loop${n}`;
const PROP = (n: number) => `urn:li:structuredProperty:io.acryl.p${n}`;

const RECORDS = [
  mcp(T, 'domains', { domains: ['urn:li:domain:sales', 'urn:li:domain:finance'] }),
  mcp(T, 'subTypes', { typeNames: ['Table'] }),
  mcp(T, 'container', { container: C(1) }),
  mcp(C(1), 'container', { container: C(2) }),
  mcp(C(2), 'container', { container: C(3) }),
  mcp(C(3), 'containerProperties', { name: 'root' }),
  mcp(LOOP(1), 'container', { container: LOOP(2) }),
  mcp(LOOP(2), 'container', { container: LOOP(1) }),
  mcp(T, 'structuredProperties', {
    properties: [
      { propertyUrn: PROP(1), values: [{ string: 'gold' }, { double: 2 }] },
      { propertyUrn: PROP(2), values: [{ string: 'urn:li:corpuser:alice' }] },
    ],
  }),
  mcp(T, 'browsePathsV2', { path: [{ id: 'prod' }, { id: 'c1', urn: C(1) }] }),
  mcp(T, 'dataPlatformInstance', {
    platform: 'urn:li:dataPlatform:hive',
    instance: 'urn:li:dataPlatformInstance:(urn:li:dataPlatform:hive,eu)',
  }),
  mcp(T, 'documentation', {
    documentations: [
      { documentation: 'Orders, one row each', attribution: { time: 5, actor: 'urn:li:corpuser:alice' } },
      { attribution: { time: 6, actor: 'urn:li:corpuser:bob' } },
    ],
  }),
  mcp(T, 'displayProperties', {
    colorHex: '#ff0000',
    icon: { iconLibrary: 'FONT_AWESOME', name: 'table', style: 'solid' },
  }),
  mcp(C(1), 'displayProperties', { colorHex: '#00ff00', icon: { iconLibrary: 'MATERIAL', name: 'folder' } }),
  mcp(BARE, 'subTypes', {}),
];

describe('read models of what any entity carries (entity.ts)', () => {
  let store: Store;
  before(async () => {
    store = openCatalog(tempDataPath());
    await seedRecords(store, RECORDS);
  });
  after(() => store.close());

  it('the domain is the first of the stored domains; none when none is stored', () => {
    assert.equal(readDomain(store, T), 'urn:li:domain:sales');
    assert.equal(readDomain(store, BARE), null);
  });

  it('sub-types: the stored names, no names when the aspect lists none, null without the aspect', () => {
    assert.deepEqual(readSubTypes(store, T), { typeNames: ['Table'] });
    assert.deepEqual(readSubTypes(store, BARE), { typeNames: [] });
    assert.equal(readSubTypes(store, C(1)), null);
  });

  it('the container path: nearest first, up to the root', () => {
    assert.equal(readContainer(store, T), C(1));
    assert.deepEqual(readParentContainers(store, T), [C(1), C(2), C(3)]);
    assert.deepEqual(readParentContainers(store, C(3)), []);
  });

  it('a container path that comes back on itself stops before repeating a container', () => {
    assert.deepEqual(readParentContainers(store, LOOP(1)), [LOOP(2)]);
  });

  it('structured property values: strings and numbers read as such, anything else as none', () => {
    assert.deepEqual(propertyValueOf({ string: 'x' }), { kind: 'string', value: 'x' });
    assert.deepEqual(propertyValueOf({ double: 1.5 }), { kind: 'number', value: 1.5 });
    assert.equal(propertyValueOf({ double: '1.5' }), null);
    assert.equal(propertyValueOf('x'), null);
  });

  it("structured properties: each property's values, and the entity a urn value names", () => {
    assert.deepEqual(readStructuredProperties(store, T), [
      {
        property: PROP(1),
        values: [
          { kind: 'string', value: 'gold' },
          { kind: 'number', value: 2 },
        ],
        valueEntities: [null, null],
        attribution: null,
      },
      {
        property: PROP(2),
        values: [{ kind: 'string', value: 'urn:li:corpuser:alice' }],
        valueEntities: ['urn:li:corpuser:alice'],
        attribution: null,
      },
    ]);
    assert.equal(readStructuredProperties(store, BARE), null);
  });

  it('the browse path: each step, with the entity it stands for when one is named', () => {
    assert.deepEqual(readBrowsePath(store, T), [
      { name: 'prod', entity: null },
      { name: 'c1', entity: C(1) },
    ]);
    assert.equal(readBrowsePath(store, BARE), null);
  });

  it('the platform instance is the stored instance urn; none without one', () => {
    assert.equal(readPlatformInstance(store, T), 'urn:li:dataPlatformInstance:(urn:li:dataPlatform:hive,eu)');
    assert.equal(readPlatformInstance(store, BARE), null);
  });

  it('documentation: each entry with its attribution; an entry without text reads as empty text', () => {
    const docs = readDocumentation(store, T);
    assert.equal(docs?.length, 2);
    assert.equal(docs?.[0]?.documentation, 'Orders, one row each');
    assert.equal(docs?.[0]?.attribution?.actor, 'urn:li:corpuser:alice');
    assert.equal(docs?.[1]?.documentation, '');
    assert.equal(readDocumentation(store, BARE), null);
  });

  it('display properties: an icon library DataHub does not name reads as none; MATERIAL is kept', () => {
    assert.deepEqual(readDisplayProperties(store, T), {
      colorHex: '#ff0000',
      icon: { iconLibrary: null, name: 'table', style: 'solid' },
    });
    assert.deepEqual(readDisplayProperties(store, C(1)), {
      colorHex: '#00ff00',
      icon: { iconLibrary: 'MATERIAL', name: 'folder', style: null },
    });
    assert.equal(readDisplayProperties(store, BARE), null);
  });

  it('last ingested is the latest lastObserved of any of its aspects, not the last one written', async () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,observed,PROD)';
    const actor = 'urn:li:corpuser:tester';
    await store.write((txn) => writeAspect(txn, { actor, time: 1_000 }, urn, 'status', { removed: false }));
    await store.write((txn) => writeAspect(txn, { actor, time: 3_000 }, urn, 'subTypes', { typeNames: ['Table'] }));
    await store.write((txn) => writeAspect(txn, { actor, time: 2_000 }, urn, 'container', { container: C(1) }));
    assert.equal(readLastIngested(store, urn), 3_000);
    assert.equal(readLastIngested(store, 'urn:li:dataset:(urn:li:dataPlatform:hive,never,PROD)'), null);
  });
});

describe('readDataset: the read of one stored dataset (dataset(urn))', () => {
  let store: Store;
  before(async () => {
    store = openCatalog(tempDataPath());
    await ingestProposals({ store, actor: 'urn:li:corpuser:datahub' }, [proposalFromMcp(RECORDS[0]!)]);
  });
  after(() => store.close());

  it('a stored dataset reads as datasetOf reads it', () => {
    const read = readDataset(store, T);
    assert.equal(read.urn, T);
    assert.equal(read.name, 'orders');
    assert.equal(read.platformUrn, 'urn:li:dataPlatform:hive');
  });

  it("refuses another type's urn, an invalid dataset urn and a dataset with nothing stored, with DataHub's messages", () => {
    assert.throws(() => readDataset(store, 'urn:li:tag:orders'), {
      name: 'BadRequestError',
      message: 'urn:li:tag:orders is not a dataset urn (expected urn:li:dataset:…)',
    });
    assert.throws(() => readDataset(store, 'urn:li:dataset:(urn:li:dataPlatform:hive,orders,NOWHERE)'), {
      name: 'InvalidUrnError',
    });
    assert.throws(() => readDataset(store, BARE), {
      name: 'NotFoundError',
      message: `Dataset ${BARE} does not exist.`,
    });
  });
});
