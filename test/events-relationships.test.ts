// The relationships DataHub derives that change events' consumers follow (issue 47, Deliver 3): IsA /
// HasA / HasValue / IsRelatedTo from `glossaryRelatedTerms`, and the column-level DownstreamOf edges
// DataHub derives from `fineGrainedLineages` (downstream column → upstream column), whose source is a
// column rather than the entity holding the aspect. Served by the store, REST `/relationships`, GraphQL
// `relationships`, and held against the aspects by `catalog verify`.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { edgesOf, relationshipIndexer } from '../src/model/relationships.ts';
import { searchIndexer } from '../src/model/search/indexer.ts';
import { verifyCatalog } from '../src/ops/admin/verify.ts';
import { writeAspect } from '../src/ops/core/writeAspect.ts';
import { Store } from '../src/store/store.ts';
import { startSampleServer, type GqlServer } from './graphql-helpers.ts';
import { tempDataPath } from './helpers.ts';

const stamp = { actor: 'urn:li:corpuser:tester', time: 1 };
const A = 'urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)';
const B = 'urn:li:dataset:(urn:li:dataPlatform:hive,b,PROD)';
const J = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,f,PROD),j)';
const col = (d: string, f: string) => `urn:li:schemaField:(${d},${f})`;
const T1 = 'urn:li:glossaryTerm:Email';
const T2 = 'urn:li:glossaryTerm:PII';
const T3 = 'urn:li:glossaryTerm:Address';

describe('relationships DataHub derives', () => {
  it('glossaryRelatedTerms declares IsA, HasA, HasValue and IsRelatedTo', () => {
    assert.deepEqual(
      edgesOf('glossaryRelatedTerms', {
        isRelatedTerms: [T2],
        hasRelatedTerms: [T3],
        values: ['urn:li:glossaryTerm:v'],
        relatedTerms: ['urn:li:glossaryTerm:r'],
      }),
      [
        { type: 'IsA', dest: T2 },
        { type: 'HasA', dest: T3 },
        { type: 'HasValue', dest: 'urn:li:glossaryTerm:v' },
        { type: 'IsRelatedTo', dest: 'urn:li:glossaryTerm:r' },
      ],
    );
  });

  it('fineGrainedLineages give an edge from each downstream column to each upstream, stopping where DataHub stops', () => {
    const value = {
      upstreams: [{ dataset: A, type: 'TRANSFORMED' }],
      fineGrainedLineages: [
        {
          upstreamType: 'FIELD_SET',
          upstreams: [col(A, 'email'), col(A, 'name')],
          downstreamType: 'FIELD',
          downstreams: [col(B, 'email')],
        },
        { upstreamType: 'FIELD_SET', upstreams: [col(A, 'id')], downstreams: [] },
        // After an entry without downstreams DataHub derives nothing more (its loop breaks).
        { upstreamType: 'FIELD_SET', upstreams: [col(A, 'x')], downstreams: [col(B, 'x')] },
      ],
    };
    assert.deepEqual(edgesOf('upstreamLineage', value), [
      { type: 'DownstreamOf', dest: A },
      { type: 'DownstreamOf', dest: col(A, 'email') },
      { type: 'DownstreamOf', dest: col(A, 'name') },
      { type: 'DownstreamOf', dest: col(A, 'id') },
      { type: 'DownstreamOf', dest: col(A, 'x') },
      { type: 'DownstreamOf', dest: col(A, 'email'), source: col(B, 'email') },
      { type: 'DownstreamOf', dest: col(A, 'name'), source: col(B, 'email') },
    ]);
    assert.deepEqual(
      edgesOf('dataJobInputOutput', {
        inputDatasets: [A],
        fineGrainedLineages: [{ upstreams: [col(A, 'id')], downstreams: [col(B, 'id')] }],
      }),
      [
        { type: 'Consumes', dest: A },
        { type: 'DownstreamOf', dest: col(A, 'id'), source: col(B, 'id') },
      ],
    );
  });
});

describe('column edges in the store', () => {
  let store: Store;
  const path = tempDataPath();
  before(() => {
    store = Store.open(path, relationshipIndexer, searchIndexer);
  });
  after(() => store.close());
  const list = (urn: string, direction: 'INCOMING' | 'OUTGOING', ...types: string[]) =>
    store.edges(urn, direction, types).map((e) => `${e.type} ${e.urn} ${e.aspectName}`);
  const lineage = (pairs: Array<[string, string]>) => ({
    upstreams: [{ dataset: A, type: 'TRANSFORMED' }],
    fineGrainedLineages: pairs.map(([u, d]) => ({
      upstreamType: 'FIELD_SET',
      downstreamType: 'FIELD',
      upstreams: [col(A, u)],
      downstreams: [col(B, d)],
    })),
  });

  it('are added, replaced and removed with the aspect, from the column in both directions', async () => {
    await store.write((txn) =>
      writeAspect(
        txn,
        stamp,
        B,
        'upstreamLineage',
        lineage([
          ['email', 'email'],
          ['name', 'full_name'],
        ]),
      ),
    );
    // The dataset's own edge to the upstream column (UpstreamLineage declares it) and the column's.
    assert.deepEqual(list(col(A, 'email'), 'INCOMING'), [
      `DownstreamOf ${B} upstreamLineage`,
      `DownstreamOf ${col(B, 'email')} upstreamLineage`,
    ]);
    assert.deepEqual(list(col(B, 'email'), 'OUTGOING'), [`DownstreamOf ${col(A, 'email')} upstreamLineage`]);
    assert.deepEqual(list(col(B, 'email'), 'OUTGOING', 'IsA'), []);
    // The dataset's own edges are the ones its aspect declares for it: not the columns'.
    assert.deepEqual(list(B, 'OUTGOING'), [
      `DownstreamOf ${A} upstreamLineage`,
      `DownstreamOf ${col(A, 'email')} upstreamLineage`,
      `DownstreamOf ${col(A, 'name')} upstreamLineage`,
    ]);
    await store.write((txn) => writeAspect(txn, stamp, B, 'upstreamLineage', lineage([['name', 'full_name']])));
    assert.deepEqual(list(col(A, 'email'), 'INCOMING', 'DownstreamOf'), []);
    assert.deepEqual(list(col(A, 'name'), 'INCOMING', 'DownstreamOf'), [
      `DownstreamOf ${B} upstreamLineage`,
      `DownstreamOf ${col(B, 'full_name')} upstreamLineage`,
    ]);
    // A job's column lineage too; deleting the entity takes its column edges.
    await store.write((txn) =>
      writeAspect(txn, stamp, J, 'dataJobInputOutput', {
        inputDatasets: [A],
        outputDatasets: [B],
        fineGrainedLineages: [
          {
            upstreamType: 'FIELD_SET',
            downstreamType: 'FIELD',
            upstreams: [col(A, 'name')],
            downstreams: [col(B, 'nick')],
          },
        ],
      }),
    );
    assert.deepEqual(list(col(A, 'name'), 'INCOMING'), [
      `DownstreamOf ${B} upstreamLineage`,
      `DownstreamOf ${col(B, 'full_name')} upstreamLineage`,
      `DownstreamOf ${col(B, 'nick')} dataJobInputOutput`,
    ]);
    await store.write((txn) => txn.deleteEntity(J));
    await store.write((txn) => txn.deleteAspect(B, 'upstreamLineage'));
    assert.deepEqual(list(col(A, 'name'), 'INCOMING'), []);
    assert.deepEqual(list(col(B, 'full_name'), 'OUTGOING'), []);
  });

  it('a rolled-back write leaves none; a rebuild gives the same edges as the writes kept', async () => {
    await assert.rejects(
      store.write((txn) => {
        writeAspect(txn, stamp, B, 'upstreamLineage', lineage([['zip', 'zip']]));
        throw new Error('boom');
      }),
      /boom/,
    );
    assert.deepEqual(list(col(A, 'zip'), 'INCOMING'), []);
    await store.write((txn) => {
      writeAspect(txn, stamp, B, 'upstreamLineage', lineage([['email', 'email']]));
      writeAspect(txn, stamp, T1, 'glossaryRelatedTerms', { isRelatedTerms: [T2], hasRelatedTerms: [T3] });
    });
    const kept = [list(col(A, 'email'), 'INCOMING'), list(col(B, 'email'), 'OUTGOING'), list(T2, 'INCOMING')];
    store.reindexRelationships();
    assert.deepEqual(
      [list(col(A, 'email'), 'INCOMING'), list(col(B, 'email'), 'OUTGOING'), list(T2, 'INCOMING')],
      kept,
    );
    assert.deepEqual(kept[2], [`IsA ${T1} glossaryRelatedTerms`]);
  });

  it('catalog verify checks the column edges', async () => {
    await store.close();
    const ok = await verifyCatalog(path);
    assert.equal(ok.ok, true, JSON.stringify(ok.problems));
    // Take one key of a column edge out behind the store's back: verify names the edge.
    const { open } = await import('lmdb');
    const env = open({ path, maxDbs: 64 });
    const db = env.openDB('relSourced', {});
    await db.remove(['in', col(A, 'email'), 'DownstreamOf', col(B, 'email'), 'upstreamLineage', B]);
    // And one of an edge no aspect declares.
    await db.put(['out', col(B, 'gone'), 'DownstreamOf', col(A, 'gone'), 'upstreamLineage', B], true);
    await env.close();
    const bad = await verifyCatalog(path);
    assert.equal(bad.ok, false);
    assert.deepEqual(
      bad.problems.map((p) => [p.part, p.subject, p.problem, p.fix]),
      [
        [
          'relSourced',
          `${col(B, 'email')} --DownstreamOf--> ${col(A, 'email')}`,
          `the relationships index lacks this column edge, which aspect upstreamLineage of ${B} declares`,
          'reindex',
        ],
        ['relSourced', 'the relationships index', 'it holds 1 key of column edges that no aspect declares', 'reindex'],
      ],
    );
    store = Store.open(path, relationshipIndexer, searchIndexer);
  });
});

describe('served as DataHub serves them', () => {
  let srv: GqlServer;
  before(async () => {
    srv = await startSampleServer({ sample: false });
    await srv.store.write((txn) => {
      writeAspect(txn, stamp, T1, 'glossaryRelatedTerms', { isRelatedTerms: [T2] });
      writeAspect(txn, stamp, T2, 'glossaryTermInfo', { name: 'PII', definition: '', termSource: 'INTERNAL' });
      writeAspect(txn, stamp, T1, 'glossaryTermInfo', { name: 'Email', definition: '', termSource: 'INTERNAL' });
      writeAspect(txn, stamp, B, 'upstreamLineage', {
        upstreams: [{ dataset: A, type: 'TRANSFORMED' }],
        fineGrainedLineages: [
          {
            upstreamType: 'FIELD_SET',
            downstreamType: 'FIELD',
            upstreams: [col(A, 'email')],
            downstreams: [col(B, 'email')],
          },
        ],
      });
    });
  });
  after(() => srv.close());

  it('REST /relationships answers IsA and a column DownstreamOf, INCOMING', async () => {
    const base = srv.url.replace('/api/graphql', '');
    const get = async (urn: string, type: string) => {
      const res = await fetch(
        `${base}/relationships?direction=INCOMING&types=List(${type})&urn=${encodeURIComponent(urn)}`,
      );
      assert.equal(res.status, 200);
      return res.json();
    };
    const isA = (await get(T2, 'IsA')) as { total: number; relationships: Array<{ type: string; entity: string }> };
    assert.equal(isA.total, 1);
    assert.deepEqual(
      isA.relationships.map((r) => [r.type, r.entity]),
      [['IsA', T1]],
    );
    const down = (await get(col(A, 'email'), 'DownstreamOf')) as {
      total: number;
      relationships: Array<{ type: string; entity: string }>;
    };
    assert.deepEqual(
      down.relationships.map((r) => [r.type, r.entity]),
      [
        ['DownstreamOf', B],
        ['DownstreamOf', col(B, 'email')],
      ],
    );
  });

  it('GraphQL relationships(types: ["IsA"]) lists the term that is an IsA of it', async () => {
    const data = await srv.ok(
      `{ glossaryTerm(urn: "${T2}") { relationships(input: {types: ["IsA"], direction: INCOMING}) { total relationships { type entity { urn } } } } }`,
    );
    assert.deepEqual(data.glossaryTerm.relationships, {
      total: 1,
      relationships: [{ type: 'IsA', entity: { urn: T1 } }],
    });
  });
});

// The last `@Relationship` annotations of DataHub on aspects the catalog stores (its PDL at v1.7.0):
// Applications.applications (AssociatedWith), StructuredPropertyDefinition.entityTypes
// (StructuredPropertyOf), GlobalViewsSettings.defaultView (viewedWith), CorpUserEditableInfo.platforms
// (IsUserOf) and .persona (IsPersona).
const DS = 'urn:li:dataset:(urn:li:dataPlatform:hive,annotated,PROD)';
const APP = 'urn:li:application:billing';
const PROP = 'urn:li:structuredProperty:io.acryl.retention';
const DATASET_TYPE = 'urn:li:entityType:datahub.dataset';
const SETTINGS = 'urn:li:globalSettings:0';
const VIEW = 'urn:li:dataHubView:everything';
const USER = 'urn:li:corpuser:ann';
const PLATFORM = 'urn:li:dataPlatform:snowflake';
const PERSONA = 'urn:li:dataHubPersona:businessUser';
/** Each annotation: the aspect written, its entity, and the edge it makes. */
const ANNOTATED: Array<{ urn: string; aspect: string; value: unknown; type: string; dest: string }> = [
  { urn: DS, aspect: 'applications', value: { applications: [APP] }, type: 'AssociatedWith', dest: APP },
  {
    urn: PROP,
    aspect: 'propertyDefinition',
    value: {
      qualifiedName: 'io.acryl.retention',
      valueType: 'urn:li:dataType:datahub.number',
      entityTypes: [DATASET_TYPE],
    },
    type: 'StructuredPropertyOf',
    dest: DATASET_TYPE,
  },
  {
    urn: SETTINGS,
    aspect: 'globalSettingsInfo',
    value: { views: { defaultView: VIEW } },
    type: 'viewedWith',
    dest: VIEW,
  },
  { urn: USER, aspect: 'corpUserEditableInfo', value: { platforms: [PLATFORM] }, type: 'IsUserOf', dest: PLATFORM },
  { urn: USER, aspect: 'corpUserEditableInfo', value: { persona: PERSONA }, type: 'IsPersona', dest: PERSONA },
];
const userInfo = { platforms: [PLATFORM], persona: PERSONA, skills: [], teams: [] };
const writeAnnotated = (txn: Parameters<Parameters<Store['write']>[0]>[0]) => {
  for (const a of ANNOTATED.slice(0, 3)) writeAspect(txn, stamp, a.urn, a.aspect, a.value);
  writeAspect(txn, stamp, USER, 'corpUserEditableInfo', userInfo);
};

describe('the last annotations DataHub declares', () => {
  it('each aspect declares its edge', () => {
    for (const a of ANNOTATED) assert.deepEqual(edgesOf(a.aspect, a.value), [{ type: a.type, dest: a.dest }], a.type);
  });

  it('a file indexed before them gets their edges when opened, and verify finds it whole', async () => {
    const path = tempDataPath();
    // The index as a release without these declarations built it.
    const NEW = new Set(ANNOTATED.map((a) => a.type));
    const before = {
      version: 'before-the-last-annotations',
      carries: relationshipIndexer.carries,
      edgesOf: (aspect: string, value: unknown) =>
        relationshipIndexer.edgesOf(aspect, value).filter((e) => !NEW.has(e.type)),
    };
    const old = Store.open(path, before, searchIndexer);
    await old.write(writeAnnotated);
    assert.deepEqual(old.edges(APP, 'INCOMING'), []);
    await old.close();
    // A read-only verify of that file says the index is stale (not damaged) ...
    const stale = await verifyCatalog(path);
    assert.equal(stale.ok, true, JSON.stringify(stale.problems));
    assert.equal(stale.summary.relationships, 'stale');
    // ... and the first read-write open brings it up to date.
    const store = Store.open(path, relationshipIndexer, searchIndexer);
    try {
      for (const a of ANNOTATED)
        assert.deepEqual(
          store.edges(a.dest, 'INCOMING', [a.type]).map((e) => [e.type, e.urn, e.aspectName]),
          [[a.type, a.urn, a.aspect]],
        );
    } finally {
      await store.close();
    }
    const fresh = await verifyCatalog(path);
    assert.equal(fresh.ok, true, JSON.stringify(fresh.problems));
    assert.equal(fresh.summary.relationships, 'checked');
  });

  describe('served', () => {
    let srv: GqlServer;
    before(async () => {
      srv = await startSampleServer({ sample: false });
      await srv.store.write(writeAnnotated);
    });
    after(() => srv.close());

    it('REST /relationships answers each edge, INCOMING at its destination and OUTGOING at its source', async () => {
      const base = srv.url.replace('/api/graphql', '');
      const get = async (urn: string, direction: string, type: string) => {
        const res = await fetch(
          `${base}/relationships?direction=${direction}&types=List(${type})&urn=${encodeURIComponent(urn)}`,
        );
        assert.equal(res.status, 200);
        const body = (await res.json()) as { relationships: Array<{ type: string; entity: string }> };
        return body.relationships.map((r) => [r.type, r.entity]);
      };
      for (const a of ANNOTATED) {
        assert.deepEqual(await get(a.dest, 'INCOMING', a.type), [[a.type, a.urn]], a.type);
        assert.deepEqual(await get(a.urn, 'OUTGOING', a.type), [[a.type, a.dest]], a.type);
      }
    });

    it('GraphQL relationships lists each edge', async () => {
      // The global settings are no entity of the API: their edge is read at the view it names.
      await srv.store.write((txn) =>
        writeAspect(txn, stamp, VIEW, 'dataHubViewInfo', {
          type: 'GLOBAL',
          name: 'Everything',
          definition: { entityTypes: [], filter: { operator: 'AND', filters: [] } },
          created: stamp,
          lastModified: stamp,
        }),
      );
      // One document for every edge (compiled once), the edge's urn, type and direction as variables.
      const query = `query ($urn: String!, $types: [String!]!, $direction: RelationshipDirection!) {
        entity(urn: $urn) { relationships(input: {types: $types, direction: $direction}) { total relationships { type entity { urn } } } }
      }`;
      const rels = async (urn: string, direction: string, type: string) =>
        (await srv.ok(query, { urn, types: [type], direction })).entity?.relationships;
      const seen: unknown[] = [];
      for (const a of ANNOTATED)
        seen.push(a.urn === SETTINGS ? await rels(a.dest, 'INCOMING', a.type) : await rels(a.urn, 'OUTGOING', a.type));
      // A persona has no type in the API: its edge is there, its entity unresolved (null), as for any
      // urn of a type the API does not serve.
      assert.deepEqual(seen, [
        { total: 1, relationships: [{ type: 'AssociatedWith', entity: { urn: APP } }] },
        { total: 1, relationships: [{ type: 'StructuredPropertyOf', entity: { urn: DATASET_TYPE } }] },
        { total: 1, relationships: [{ type: 'viewedWith', entity: null }] },
        { total: 1, relationships: [{ type: 'IsUserOf', entity: { urn: PLATFORM } }] },
        { total: 1, relationships: [{ type: 'IsPersona', entity: null }] },
      ]);
    });
  });
});
