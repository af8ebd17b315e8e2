/**
 * The aspect registry against DataHub's (docs/datahub/rest-cli.md §7.3): every aspect DataHub's
 * entity registry defines for an entity type we serve has its real schema name here, each key aspect
 * has DataHub's name and namespace, nothing we know carries a name DataHub does not give it, and an
 * aspect we do not know is labelled by its own name in Rest.li answers, never by an invented FQN.
 * DataHub's names are facts in our own table, test/fixtures/datahub-registry.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ASPECTS } from '../src/model/aspects/index.ts';
import {
  aspectFqn,
  aspectLabel,
  aspectNameOfFqn,
  isKnownAspect,
  keyAspectName,
  REGISTERED_ENTITY_TYPES,
} from '../src/model/registry.ts';
import { DATAHUB_ASPECT_FQNS, DATAHUB_ENTITY_ASPECTS } from './fixtures/datahub-registry.ts';
import { startSampleServer, type GqlServer } from './graphql-helpers.ts';

describe("the aspect registry walks DataHub's entity registry", () => {
  it("every entity type we register is one of DataHub's, with its key aspect", () => {
    const unknown = REGISTERED_ENTITY_TYPES.filter((t) => !(t in DATAHUB_ENTITY_ASPECTS));
    assert.deepEqual(unknown, [], 'entity types with no row in test/fixtures/datahub-registry.ts');
    const keys = REGISTERED_ENTITY_TYPES.filter((t) => keyAspectName(t) !== DATAHUB_ENTITY_ASPECTS[t]![0]).map(
      (t) => `${t}: ${keyAspectName(t)}`,
    );
    assert.deepEqual(keys, []);
  });

  it("every aspect DataHub defines for an entity type we serve has DataHub's schema name", () => {
    const wrong: string[] = [];
    for (const type of REGISTERED_ENTITY_TYPES) {
      for (const aspect of DATAHUB_ENTITY_ASPECTS[type]!) {
        const ours = aspectFqn(aspect);
        if (ours !== DATAHUB_ASPECT_FQNS[aspect])
          wrong.push(`${type}.${aspect}: ${ours ?? 'unknown'}, DataHub ${DATAHUB_ASPECT_FQNS[aspect]}`);
      }
    }
    assert.deepEqual(wrong, []);
  });

  it('key aspects keep their own namespaces: not every key is in com.linkedin.metadata.key', () => {
    assert.deepEqual(
      [
        'structuredPropertyKey',
        'dataProductKey',
        'dataTypeKey',
        'entityTypeKey',
        'applicationKey',
        'platformResourceKey',
        'datasetKey',
      ].map(aspectFqn),
      [
        'com.linkedin.structured.StructuredPropertyKey',
        'com.linkedin.dataproduct.DataProductKey',
        'com.linkedin.datatype.DataTypeKey',
        'com.linkedin.entitytype.EntityTypeKey',
        'com.linkedin.application.ApplicationKey',
        'com.linkedin.platformresource.PlatformResourceKey',
        'com.linkedin.metadata.key.DatasetKey',
      ],
    );
  });

  it("no aspect we know carries a name DataHub's registry does not give it", () => {
    const invented = ASPECTS.filter((a) => DATAHUB_ASPECT_FQNS[a.name] !== a.fqn).map((a) => `${a.name}: ${a.fqn}`);
    // Only DataHub's aspects are declared (docs/architecture.md, "Add an aspect", step 1): an aspect
    // DataHub does not define is stored as given, with no declaration of ours.
    assert.deepEqual(invented, [], "declared aspects whose name and FQN are not in DataHub's registry");
  });

  it('an aspect we do not know has no schema name; its label is its own name', () => {
    assert.equal(isKnownAspect('catalogNotes'), false);
    assert.equal(aspectFqn('catalogNotes'), undefined);
    assert.equal(aspectLabel('catalogNotes'), 'catalogNotes');
    assert.equal(aspectLabel('incidentInfo'), 'com.linkedin.incident.IncidentInfo');
    // Names of Object's prototype are not aspects either.
    assert.equal(aspectFqn('constructor'), undefined);
    assert.equal(isKnownAspect('toString'), false);
  });

  it('an MCE snapshot names aspects by schema name: the registry maps each back to its aspect name', () => {
    assert.equal(aspectNameOfFqn('com.linkedin.pegasus2avro.ml.metadata.Metrics'), 'mlModelMetrics');
    assert.equal(
      aspectNameOfFqn('com.linkedin.pegasus2avro.ml.metadata.CaveatsAndRecommendations'),
      'mlModelCaveatsAndRecommendations',
    );
    assert.equal(aspectNameOfFqn('com.linkedin.structured.StructuredPropertyKey'), 'structuredPropertyKey');
    assert.equal(aspectNameOfFqn('catalogNotes'), 'catalogNotes');
  });
});

describe('GET /aspects/{urn}: the label of each aspect (docs/datahub/rest-cli.md §2.2, §7.3)', () => {
  let s: GqlServer;
  const base = () => s.server.url;
  const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,registry_labels,PROD)';
  const PROPERTY = 'urn:li:structuredProperty:io.catalog.registryLabel';
  const PRODUCT = 'urn:li:dataProduct:registry-labels';

  async function emit(urn: string, aspectName: string, value: unknown): Promise<void> {
    const proposal = {
      entityType: urn.split(':')[2],
      entityUrn: urn,
      changeType: 'UPSERT',
      aspectName,
      aspect: { value: JSON.stringify(value), contentType: 'application/json' },
    };
    const res = await fetch(`${base()}/aspects?action=ingestProposal`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ proposal }),
    });
    assert.equal(res.status, 200, await res.text());
  }
  async function read(urn: string, aspect: string): Promise<any> {
    const res = await fetch(`${base()}/aspects/${encodeURIComponent(urn)}?aspect=${aspect}&version=0`, {
      headers: { 'X-RestLi-Protocol-Version': '2.0.0' },
    });
    assert.equal(res.status, 200);
    return res.json();
  }

  before(async () => {
    s = await startSampleServer({ sample: false });
    await emit(DATASET, 'catalogNotes', { note: 'kept as given', tags: ['a', 'b'] });
    await emit(DATASET, 'testResults', { failing: [], passing: [] });
    await emit(PROPERTY, 'propertyDefinition', {
      qualifiedName: 'io.catalog.registryLabel',
      valueType: 'urn:li:dataType:datahub.string',
      entityTypes: ['urn:li:entityType:datahub.dataset'],
    });
    await emit(PRODUCT, 'dataProductProperties', { name: 'Registry labels', assets: [] });
  });
  after(() => s.close());

  it('an aspect we do not know is stored and returned as given, under its own name', async () => {
    assert.deepEqual(await read(DATASET, 'catalogNotes'), {
      aspect: { catalogNotes: { note: 'kept as given', tags: ['a', 'b'] } },
      version: 0,
    });
  });

  it('an aspect we only store is labelled with its schema name from the registry', async () => {
    assert.deepEqual(await read(DATASET, 'testResults'), {
      aspect: { 'com.linkedin.test.TestResults': { failing: [], passing: [] } },
      version: 0,
    });
  });

  it("a structured property's key is com.linkedin.structured.StructuredPropertyKey, a data product's com.linkedin.dataproduct.DataProductKey", async () => {
    assert.deepEqual(await read(PROPERTY, 'structuredPropertyKey'), {
      aspect: { 'com.linkedin.structured.StructuredPropertyKey': { id: 'io.catalog.registryLabel' } },
      version: 0,
    });
    assert.deepEqual(await read(PRODUCT, 'dataProductKey'), {
      aspect: { 'com.linkedin.dataproduct.DataProductKey': { id: 'registry-labels' } },
      version: 0,
    });
  });
});
