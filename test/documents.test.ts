// Documents, queries and the server configuration (issue 13): DataHub's knowledge-base documents
// (`document(urn)`, `relatedDocuments` on assets, written through ingest as the SDK's `Document`
// writes them), query entities (`listQueries`, the MCP server's get_dataset_queries), `appConfig`,
// and the group/column fields DataHub's clients read. Reads, DataHub's visibility and filter rules,
// and every error a client can cause: missing entities, wrong entity types, bad input, bad aspects.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { getSchema } from '../src/server/graphql/schema.ts';
import { kinds } from '../src/server/graphql/types/registry.ts';
import { expectedError, S, startSampleServer, type GqlServer } from './graphql-helpers.ts';
import { mcp, runCli, tempDataPath, writeTemp } from './helpers.ts';

const ROOT_DOC = 'urn:li:document:handbook';
const FAQ = 'urn:li:document:faq';
const DRAFT = 'urn:li:document:draft';
const GONE = 'urn:li:document:gone';
const OTHER = 'urn:li:document:other';
const COLUMN = `urn:li:schemaField:(${S.usersCreated},user_id)`;
const Q1 = 'urn:li:query:q1';
const Q2 = 'urn:li:query:q2';
const Q3 = 'urn:li:query:q3';

const stamp = (time: number, actor: string = S.datahub) => ({ time, actor });

/** documentInfo as the SDK's Document.create_document writes it. */
function documentInfo(title: string, time: number, extra: Record<string, unknown> = {}) {
  return {
    customProperties: {},
    title,
    source: { sourceType: 'NATIVE' },
    status: { state: 'PUBLISHED' },
    contents: { text: `${title} text` },
    created: stamp(time),
    lastModified: stamp(time),
    ...extra,
  };
}

function queryProperties(name: string, time: number, source: 'MANUAL' | 'SYSTEM', sql: string) {
  return {
    customProperties: { team: 'growth' },
    statement: { value: sql, language: 'SQL' },
    source,
    name,
    created: stamp(time, S.jdoe),
    lastModified: stamp(time + 1, S.jdoe),
  };
}

const proposal = (urn: string, aspectName: string, value: unknown) => ({
  entityType: urn.split(':')[2],
  entityUrn: urn,
  changeType: 'UPSERT',
  aspectName,
  aspect: { value: JSON.stringify(value), contentType: 'application/json' },
});

describe('documents, queries and appConfig over GraphQL', () => {
  let s: GqlServer;
  const ingest = async (proposals: unknown[]) => {
    const res = await fetch(`${s.server.url}/aspects?action=ingestProposalBatch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-RestLi-Protocol-Version': '2.0.0' },
      body: JSON.stringify({ proposals }),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const ok = async (query: string, variables?: Record<string, unknown>, headers?: Record<string, string>) => {
    const r = await s.gql(query, variables, headers);
    assert.equal(r.body.errors, undefined, JSON.stringify(r.body.errors));
    return r.body.data;
  };
  const fails = async (query: string): Promise<any> => {
    const r = await s.gql(query);
    assert.equal(r.status, 200);
    assert.equal(r.body.errors?.length, 1, JSON.stringify(r.body));
    return r.body;
  };

  before(async () => {
    s = await startSampleServer();
    const written = await ingest([
      proposal(ROOT_DOC, 'documentInfo', documentInfo('Handbook', 100)),
      proposal(ROOT_DOC, 'documentSettings', { showInGlobalContext: true, lastModified: stamp(100) }),
      proposal(ROOT_DOC, 'subTypes', { typeNames: ['Folder'] }),
      proposal(
        FAQ,
        'documentInfo',
        documentInfo('FAQ', 300, {
          customProperties: { team: 'data' },
          parentDocument: { document: ROOT_DOC },
          relatedAssets: [{ asset: S.usersCreated }, { asset: 'urn:li:glossaryTerm:PII' }],
          relatedDocuments: [{ document: OTHER }],
        }),
      ),
      proposal(FAQ, 'subTypes', { typeNames: ['FAQ'] }),
      proposal(FAQ, 'ownership', { owners: [{ owner: S.jdoe, type: 'TECHNICAL_OWNER' }] }),
      proposal(FAQ, 'globalTags', { tags: [{ tag: S.legacy }] }),
      proposal(FAQ, 'domains', { domains: ['urn:li:domain:growth'] }),
      proposal(FAQ, 'semanticText', { text: 'What users ask about the users table' }),
      proposal(
        OTHER,
        'documentInfo',
        documentInfo('Other', 200, {
          source: { sourceType: 'EXTERNAL', externalUrl: 'https://wiki.example.org/other', externalId: 'w-1' },
          relatedAssets: [{ asset: S.usersCreated }],
        }),
      ),
      proposal(OTHER, 'dataPlatformInstance', { platform: 'urn:li:dataPlatform:notion' }),
      // Unpublished, owned by the group bfoo (jdoe is a member, datahub is too).
      proposal(
        DRAFT,
        'documentInfo',
        documentInfo('Draft', 400, { status: { state: 'UNPUBLISHED' }, relatedAssets: [{ asset: S.usersCreated }] }),
      ),
      proposal(DRAFT, 'ownership', { owners: [{ owner: S.bfoo, type: 'TECHNICAL_OWNER' }] }),
      proposal(GONE, 'documentInfo', documentInfo('Gone', 500, { relatedAssets: [{ asset: S.usersCreated }] })),
      proposal(GONE, 'status', { removed: true }),

      proposal(
        Q1,
        'queryProperties',
        queryProperties('Daily signups', 1000, 'MANUAL', 'SELECT count(*) FROM fct_users_created'),
      ),
      proposal(Q1, 'querySubjects', { subjects: [{ entity: S.usersCreated }, { entity: COLUMN }] }),
      proposal(Q1, 'dataPlatformInstance', { platform: 'urn:li:dataPlatform:hive' }),
      proposal(
        Q2,
        'queryProperties',
        queryProperties('Deleted users', 2000, 'SYSTEM', 'SELECT user_name FROM fct_users_deleted'),
      ),
      proposal(Q2, 'querySubjects', { subjects: [{ entity: S.usersDeleted }] }),
      proposal(Q3, 'queryProperties', {
        ...queryProperties(
          'Join',
          3000,
          'SYSTEM',
          'SELECT * FROM fct_users_created JOIN fct_users_deleted USING (user_id)',
        ),
        origin: S.usersCreated,
      }),
      proposal(Q3, 'querySubjects', { subjects: [{ entity: S.usersCreated }, { entity: S.usersDeleted }] }),
      proposal(
        'urn:li:query:removed',
        'queryProperties',
        queryProperties('Removed', 4000, 'MANUAL', 'SELECT 1 FROM fct_users_created'),
      ),
      proposal('urn:li:query:removed', 'querySubjects', { subjects: [{ entity: S.usersCreated }] }),
      proposal('urn:li:query:removed', 'status', { removed: true }),
    ]);
    assert.equal(written.status, 200, JSON.stringify(written.body));
  });
  after(() => s.close());

  describe('document(urn), entity(urn) and entities(urns)', () => {
    it('reads a document as DataHub shows it: info, settings, sub-type, platform, parent chain, related entities', async () => {
      const d = await ok(`{ document(urn: "${FAQ}") {
        urn type subType exists
        platform { urn name }
        dataPlatformInstance { urn }
        info {
          title source { sourceType externalUrl } status { state }
          contents { text semanticText }
          created { time actor { urn username } } lastModified { time }
          relatedAssets { asset { urn type } }
          relatedDocuments { document { urn info { title } } }
          parentDocument { document { urn info { title } } }
          customProperties { key value }
        }
        settings { showInGlobalContext }
        parentDocuments { count documents { urn } }
        ownership { owners { owner { ... on CorpUser { urn } } } }
        tags { tags { tag { urn } } }
        domain { domain { urn } }
      } }`);
      assert.deepEqual(d.document, {
        urn: FAQ,
        type: 'DOCUMENT',
        subType: 'FAQ',
        exists: true,
        platform: { urn: 'urn:li:dataPlatform:datahub', name: 'datahub' },
        dataPlatformInstance: null,
        info: {
          title: 'FAQ',
          source: { sourceType: 'NATIVE', externalUrl: null },
          status: { state: 'PUBLISHED' },
          contents: { text: 'FAQ text', semanticText: 'What users ask about the users table' },
          created: { time: 300, actor: { urn: S.datahub, username: 'datahub' } },
          lastModified: { time: 300 },
          relatedAssets: [
            { asset: { urn: S.usersCreated, type: 'DATASET' } },
            { asset: { urn: 'urn:li:glossaryTerm:PII', type: 'GLOSSARY_TERM' } },
          ],
          relatedDocuments: [{ document: { urn: OTHER, info: { title: 'Other' } } }],
          parentDocument: { document: { urn: ROOT_DOC, info: { title: 'Handbook' } } },
          customProperties: [{ key: 'team', value: 'data' }],
        },
        settings: null,
        parentDocuments: { count: 1, documents: [{ urn: ROOT_DOC }] },
        ownership: { owners: [{ owner: { urn: S.jdoe } }] },
        tags: { tags: [{ tag: { urn: S.legacy } }] },
        domain: { domain: { urn: 'urn:li:domain:growth' } },
      });
      const root = await ok(
        `{ document(urn: "${ROOT_DOC}") { subType settings { showInGlobalContext } parentDocuments { count } info { parentDocument { document { urn } } customProperties { key } } } }`,
      );
      assert.deepEqual(root.document, {
        subType: 'Folder',
        settings: { showInGlobalContext: true },
        parentDocuments: { count: 0 },
        info: { parentDocument: null, customProperties: null },
      });
    });

    it('an external document shows its source and its platform; a soft-deleted one reads exists: false', async () => {
      const d = await ok(
        `{ entities(urns: ["${OTHER}", "${GONE}", "urn:li:document:none"]) { urn ... on Document { exists platform { urn } info { source { sourceType externalUrl externalId } } } } }`,
      );
      assert.deepEqual(d.entities, [
        {
          urn: OTHER,
          exists: true,
          platform: { urn: 'urn:li:dataPlatform:notion' },
          info: {
            source: { sourceType: 'EXTERNAL', externalUrl: 'https://wiki.example.org/other', externalId: 'w-1' },
          },
        },
        {
          urn: GONE,
          exists: false,
          platform: { urn: 'urn:li:dataPlatform:datahub' },
          info: { source: { sourceType: 'NATIVE', externalUrl: null, externalId: null } },
        },
        null,
      ]);
    });

    it('a document that does not exist is NOT_FOUND; a urn of another type or a malformed urn is a 400', async () => {
      const missing = await fails('{ document(urn: "urn:li:document:none") { urn } }');
      assert.deepEqual(missing.data, { document: null });
      assert.deepEqual(missing.errors[0], {
        ...expectedError('Document urn:li:document:none does not exist.', 'document', 404),
        locations: missing.errors[0].locations,
      });
      const wrongType = await fails(`{ document(urn: "${S.legacy}") { urn } }`);
      assert.equal(wrongType.errors[0].message, `${S.legacy} is not a document urn (expected urn:li:document:…)`);
      assert.equal(wrongType.errors[0].extensions.code, 400);
      const malformed = await fails('{ document(urn: "document:x") { urn } }');
      assert.match(malformed.errors[0].message, /^Invalid urn "document:x"/);
      assert.equal(malformed.errors[0].extensions.code, 400);
    });

    it("the relationships index holds a document's parent, related documents and related assets, both ways", async () => {
      const d = await ok(`{
        document(urn: "${FAQ}") { relationships(input: { types: ["IsChildOf", "RelatedDocument", "RelatedAsset"], direction: OUTGOING }) { total relationships { type entity { urn } } } }
        dataset(urn: "${S.usersCreated}") { relationships(input: { types: ["RelatedAsset"], direction: INCOMING }) { total } }
      }`);
      assert.deepEqual(
        d.document.relationships.relationships.map((r: any) => [r.type, r.entity?.urn ?? null]),
        [
          ['IsChildOf', ROOT_DOC],
          ['RelatedAsset', S.usersCreated],
          ['RelatedAsset', 'urn:li:glossaryTerm:PII'],
          ['RelatedDocument', OTHER],
        ],
      );
      assert.equal(
        d.dataset.relationships.total,
        4,
        'FAQ, Other, Draft and the soft-deleted Gone point at the dataset',
      );
    });
  });

  describe('relatedDocuments on assets', () => {
    // Someone who owns nothing and belongs to no group sees the published documents only.
    const STRANGER = { 'X-DataHub-Actor': 'urn:li:corpuser:stranger' };
    const related = (input: string, headers: Record<string, string> = STRANGER) =>
      ok(
        `{ dataset(urn: "${S.usersCreated}") { relatedDocuments(input: { ${input} }) { start count total documents { urn } } } }`,
        undefined,
        headers,
      ).then((d) => d.dataset.relatedDocuments);

    it('lists the published documents related to the asset, most recently modified first, without soft-deleted ones', async () => {
      assert.deepEqual(await related(''), { start: 0, count: 2, total: 2, documents: [{ urn: FAQ }, { urn: OTHER }] });
      assert.deepEqual(await related('start: 1, count: 5'), {
        start: 1,
        count: 1,
        total: 2,
        documents: [{ urn: OTHER }],
      });
    });

    it('shows an unpublished document only to its owners: the user, or a member of the owning group', async () => {
      const asJdoe = await related('', { 'X-DataHub-Actor': S.jdoe });
      assert.deepEqual(
        asJdoe.documents,
        [{ urn: DRAFT }, { urn: FAQ }, { urn: OTHER }],
        'jdoe is a member of bfoo, which owns the draft',
      );
      const asGroupOwnerOnly = await related('', { 'X-DataHub-Actor': 'urn:li:corpuser:stranger' });
      assert.deepEqual(asGroupOwnerOnly.documents, [{ urn: FAQ }, { urn: OTHER }]);
      const d = await ok(`{ document(urn: "${DRAFT}") { info { status { state } } } }`, undefined, {
        'X-DataHub-Actor': 'urn:li:corpuser:stranger',
      });
      assert.deepEqual(
        d.document.info.status,
        { state: 'UNPUBLISHED' },
        'document(urn) reads it for anyone, as DataHub does',
      );
    });

    it('filters by parent, root level, sub-type, domain and source type', async () => {
      assert.deepEqual((await related(`parentDocuments: ["${ROOT_DOC}"]`)).documents, [{ urn: FAQ }]);
      assert.deepEqual((await related('rootOnly: true')).documents, [{ urn: OTHER }]);
      assert.deepEqual((await related('types: ["FAQ", "Runbook"]')).documents, [{ urn: FAQ }]);
      assert.deepEqual((await related('domains: ["urn:li:domain:growth"]')).documents, [{ urn: FAQ }]);
      assert.deepEqual((await related('sourceType: EXTERNAL')).documents, [{ urn: OTHER }]);
      assert.deepEqual((await related('types: ["Runbook"]')).total, 0);
    });

    it('answers on every asset type documents relate to, e.g. a glossary term; an asset with none gives an empty page', async () => {
      const d = await ok(`{
        entity(urn: "urn:li:glossaryTerm:PII") { ... on GlossaryTerm { relatedDocuments(input: {}) { total documents { urn info { title } } } } }
        dataset(urn: "${S.kafkaSample}") { relatedDocuments(input: { count: 10 }) { start count total documents { urn } } }
      }`);
      assert.deepEqual(d.entity, null, 'nothing is stored for the term itself');
      assert.deepEqual(d.dataset.relatedDocuments, { start: 0, count: 0, total: 0, documents: [] });
    });

    it('a negative count or start is a 400 that names it', async () => {
      const r = await fails(
        `{ dataset(urn: "${S.usersCreated}") { relatedDocuments(input: { count: -1 }) { total } } }`,
      );
      assert.equal(r.errors[0].message, 'count: expected a non-negative integer, got -1');
      assert.equal(r.errors[0].extensions.code, 400);
    });

    it('every GraphQL type with relatedDocuments builds it (the SDL extensions and the read models agree)', () => {
      const schema = getSchema();
      const holders = schema
        .getPossibleTypes(schema.getType('Entity') as never)
        .filter((t) => 'relatedDocuments' in t.getFields())
        .map((t) => t.name)
        .sort();
      assert.equal(holders.length, 16);
      const urnTypes = Object.entries(kinds()).filter(([, k]) => holders.includes(k.typename));
      assert.deepEqual(urnTypes.map(([, k]) => k.typename).sort(), holders);
      const tupleUrns: Record<string, string> = {
        dataset: S.usersCreated,
        dashboard: 'urn:li:dashboard:(looker,x)',
        chart: 'urn:li:chart:(looker,x)',
        dataFlow: 'urn:li:dataFlow:(airflow,x,prod)',
        dataJob: 'urn:li:dataJob:(urn:li:dataFlow:(airflow,x,prod),x)',
        mlModel: 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,x,PROD)',
        mlModelGroup: 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,x,PROD)',
        mlFeatureTable: 'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,x)',
        mlFeature: 'urn:li:mlFeature:(ns,x)',
        mlPrimaryKey: 'urn:li:mlPrimaryKey:(ns,x)',
      };
      for (const [type, k] of urnTypes) {
        const built = k.build(s.store, tupleUrns[type] ?? `urn:li:${type}:x`);
        assert.equal(typeof (built as { relatedDocuments?: unknown }).relatedDocuments, 'function', k.typename);
      }
    });
  });

  describe('listQueries and QueryEntity', () => {
    const list = async (input: string) =>
      (await ok(`{ listQueries(input: { ${input} }) { start count total queries { urn } } }`)).listQueries;
    const urns = async (input: string) => (await list(input)).queries.map((q: any) => q.urn);

    it('lists stored queries newest first, without soft-deleted ones; pages by start and count', async () => {
      assert.deepEqual(await list(''), {
        start: 0,
        count: 3,
        total: 3,
        queries: [{ urn: Q3 }, { urn: Q2 }, { urn: Q1 }],
      });
      assert.deepEqual(await list('start: 1, count: 1'), { start: 1, count: 1, total: 3, queries: [{ urn: Q2 }] });
    });

    it('filters by a dataset or a column among the subjects, by source, by orFilters and by words of the query', async () => {
      assert.deepEqual(await urns(`datasetUrn: "${S.usersCreated}"`), [Q3, Q1]);
      assert.deepEqual(await urns(`datasetUrn: "${S.usersCreated}", source: MANUAL`), [Q1]);
      // What the MCP server's get_dataset_queries sends: an `entities` filter on the dataset or column urn.
      assert.deepEqual(
        await urns(
          `orFilters: [{ and: [{ field: "entities", condition: EQUAL, values: ["${COLUMN}"] }, { field: "removed", condition: EQUAL, values: ["true"], negated: true }] }]`,
        ),
        [Q1],
      );
      assert.deepEqual(
        await urns(
          `orFilters: [{ and: [{ field: "entities", values: ["${S.usersDeleted}"] }, { field: "source", values: ["SYSTEM"] }] }]`,
        ),
        [Q3, Q2],
      );
      assert.deepEqual(
        await urns(
          `orFilters: [{ and: [{ field: "entities", values: ["${S.usersDeleted}"], negated: true }] }, { and: [{ field: "origin", condition: EXISTS }] }]`,
        ),
        [Q3, Q1],
      );
      assert.deepEqual(
        await urns('orFilters: [{ and: [{ field: "platform", values: ["urn:li:dataPlatform:hive"] }] }]'),
        [Q1],
      );
      assert.deepEqual(await urns('query: "select JOIN"'), [Q3]);
      assert.deepEqual(await urns('query: "*"'), [Q3, Q2, Q1]);
      assert.deepEqual(await urns(`datasetUrn: "${S.kafkaSample}"`), []);
    });

    it('sorts by createdAt, lastModifiedAt or name, either way', async () => {
      assert.deepEqual(await urns('sortInput: { sortCriterion: { field: "name", sortOrder: ASCENDING } }'), [
        Q1,
        Q2,
        Q3,
      ]);
      assert.deepEqual(await urns('sortInput: { sortCriterion: { field: "createdAt", sortOrder: ASCENDING } }'), [
        Q1,
        Q2,
        Q3,
      ]);
      assert.deepEqual(await urns('sortInput: { sortCriterion: { field: "lastModifiedAt", sortOrder: DESCENDING } }'), [
        Q3,
        Q2,
        Q1,
      ]);
    });

    it("reads a query as the MCP server's documents select it: statement, subjects (a column with its dataset), platform, origin", async () => {
      const d = await ok(`{
        listQueries(input: { datasetUrn: "${S.usersCreated}", source: MANUAL }) { queries {
          urn type
          properties { name description source statement { value language } customProperties { key value } origin { urn } created { time actor } createdOn { time actor { urn } } lastModified { time actor } }
          platform { urn name }
          subjects { dataset { urn type ... on Dataset { name } } schemaField { urn type fieldPath } }
        } }
        entity(urn: "${Q3}") { urn type ... on QueryEntity { properties { origin { urn type } } platform { urn } subjects { dataset { urn } schemaField { urn } } } }
      }`);
      assert.deepEqual(d.listQueries.queries, [
        {
          urn: Q1,
          type: 'QUERY',
          properties: {
            name: 'Daily signups',
            description: null,
            source: 'MANUAL',
            statement: { value: 'SELECT count(*) FROM fct_users_created', language: 'SQL' },
            customProperties: [{ key: 'team', value: 'growth' }],
            origin: null,
            created: { time: 1000, actor: S.jdoe },
            createdOn: { time: 1000, actor: { urn: S.jdoe } },
            lastModified: { time: 1001, actor: S.jdoe },
          },
          platform: { urn: 'urn:li:dataPlatform:hive', name: 'hive' },
          subjects: [
            { dataset: { urn: S.usersCreated, type: 'DATASET', name: 'fct_users_created' }, schemaField: null },
            {
              dataset: { urn: S.usersCreated, type: 'DATASET', name: 'fct_users_created' },
              schemaField: { urn: COLUMN, type: 'SCHEMA_FIELD', fieldPath: 'user_id' },
            },
          ],
        },
      ]);
      assert.deepEqual(d.entity, {
        urn: Q3,
        type: 'QUERY',
        properties: { origin: { urn: S.usersCreated, type: 'DATASET' } },
        platform: null,
        subjects: [
          { dataset: { urn: S.usersCreated }, schemaField: null },
          { dataset: { urn: S.usersDeleted }, schemaField: null },
        ],
      });
    });

    it('refuses filters, sorts, urns and pages it cannot answer, with a message that says what to send', async () => {
      const cases: Array<[string, string]> = [
        [
          'orFilters: [{ and: [{ field: "name", values: ["x"] }] }]',
          'Cannot filter queries by field "name". Filterable fields: entities, source, origin, platform, removed.',
        ],
        [
          'orFilters: [{ and: [{ field: "entities", condition: CONTAIN, values: ["x"] }] }]',
          'Cannot filter queries with condition CONTAIN. Supported conditions: EQUAL, IN, EXISTS.',
        ],
        [
          'sortInput: { sortCriterion: { field: "rank", sortOrder: ASCENDING } }',
          'Cannot sort queries by field "rank". Sortable fields: createdAt, lastModifiedAt, name.',
        ],
        ['count: -5', 'count: expected a non-negative integer, got -5'],
        [
          'orFilters: [{ and: [{ field: "constructor", values: ["x"] }] }]',
          'Cannot filter queries by field "constructor". Filterable fields: entities, source, origin, platform, removed.',
        ],
      ];
      for (const [input, message] of cases) {
        const r = await fails(`{ listQueries(input: { ${input} }) { total } }`);
        assert.deepEqual([r.errors[0].message, r.errors[0].extensions.code], [message, 400], input);
      }
      const bad = await fails('{ listQueries(input: { datasetUrn: "fct_users_created" }) { total } }');
      assert.match(bad.errors[0].message, /^Invalid urn "fct_users_created"/);
    });
  });

  describe('appConfig, group and column fields the clients read', () => {
    it('appConfig says what this server does not do: no semantic search, no Search V3 indices, no metrics, no third-party logging', async () => {
      const d = await ok(`{ appConfig {
        telemetryConfig { enableThirdPartyLogging }
        featureFlags { metricsEnabled }
        semanticSearchConfig { enabled enabledEntities embeddingConfig { provider modelId modelEmbeddingKey awsProviderConfig { region } vertexProviderConfig { projectId location } } }
        entityIndexV3 { enabled }
      } }`);
      assert.deepEqual(d.appConfig, {
        telemetryConfig: { enableThirdPartyLogging: false },
        featureFlags: { metricsEnabled: false },
        semanticSearchConfig: { enabled: false, enabledEntities: [], embeddingConfig: null },
        entityIndexV3: { enabled: false },
      });
    });

    it('semantic search answers as DataHub does with it switched off: a 400 the CLI and the MCP server recognise', async () => {
      for (const doc of [
        '{ semanticSearchAcrossEntities(input: { query: "users", types: [], count: 1 }) { total } }',
        '{ semanticSearch(input: { type: DATASET, query: "users" }) { total } }',
      ]) {
        const r = await s.gql(doc);
        assert.equal(r.body.errors[0].message, 'Semantic search is disabled in this environment');
        assert.equal(r.body.errors[0].extensions.code, 400);
      }
    });

    it("a group's info lists its admins, members and groups; an ownership type reads its status", async () => {
      const d = await ok(
        `{ corpGroup(urn: "${S.bfoo}") { info { admins { urn info { displayName } } members { urn } groups } properties { admins { urn } } } }`,
      );
      assert.deepEqual(d.corpGroup, {
        info: {
          admins: [{ urn: S.jdoe, info: { displayName: 'John Doe' } }],
          members: [{ urn: S.jdoe }, { urn: S.datahub }],
          groups: [],
        },
        properties: { admins: [{ urn: S.jdoe }] },
      });
      const t = await ok(
        `{ dataset(urn: "${S.hiveSample}") { ownership { owners { ownershipType { urn status { removed } } } } } }`,
      );
      assert.deepEqual(
        t.dataset.ownership.owners[0].ownershipType.status,
        null,
        'no status aspect is stored for a system ownership type',
      );
    });

    it('a schema field links to its column entity, whose deprecation it shows', async () => {
      const column = `urn:li:schemaField:(${S.usersCreated},browser_id)`;
      const w = await ingest([
        proposal(column, 'deprecation', { deprecated: true, note: 'use session_id', actor: S.jdoe }),
      ]);
      assert.equal(w.status, 200, JSON.stringify(w.body));
      const d = await ok(
        `{ dataset(urn: "${S.usersCreated}") { schemaMetadata { fields { fieldPath schemaFieldEntity { urn fieldPath deprecation { deprecated note } } } } } }`,
      );
      const byPath = Object.fromEntries(
        d.dataset.schemaMetadata.fields.map((f: any) => [f.fieldPath, f.schemaFieldEntity]),
      );
      assert.deepEqual(byPath['browser_id'], {
        urn: column,
        fieldPath: 'browser_id',
        deprecation: { deprecated: true, note: 'use session_id' },
      });
      assert.deepEqual(byPath['user_id'], { urn: COLUMN, fieldPath: 'user_id', deprecation: null });
    });
  });

  describe('ingest of document and query aspects is validated', () => {
    const bad: Array<[string, string, unknown, string]> = [
      [
        FAQ,
        'documentInfo',
        { ...documentInfo('x', 1), status: { state: 'DRAFT' } },
        'Invalid documentInfo at status.state: expected one of PUBLISHED, UNPUBLISHED, got the string "DRAFT"',
      ],
      [
        FAQ,
        'documentInfo',
        { title: 'no body', status: { state: 'PUBLISHED' }, created: stamp(1), lastModified: stamp(1) },
        'Invalid documentInfo at contents: required field is missing',
      ],
      [
        FAQ,
        'documentInfo',
        { ...documentInfo('x', 1), relatedAssets: [{ asset: S.jdoe }] },
        'Invalid documentInfo at relatedAssets[0].asset: expected a urn:li:container or urn:li:dataset or urn:li:dataJob or urn:li:dataFlow or urn:li:dashboard or urn:li:chart or urn:li:application or urn:li:mlModel or urn:li:mlModelGroup or urn:li:mlPrimaryKey or urn:li:mlFeature or urn:li:mlFeatureTable or urn:li:dataProduct or urn:li:domain or urn:li:glossaryTerm or urn:li:glossaryNode or urn:li:tag or urn:li:structuredProperty urn, got "urn:li:corpuser:jdoe"',
      ],
      [
        FAQ,
        'documentInfo',
        { ...documentInfo('x', 1), parentDocument: { document: S.usersCreated } },
        `Invalid documentInfo at parentDocument.document: expected a urn:li:document urn, got "${S.usersCreated}"`,
      ],
      [
        FAQ,
        'documentSettings',
        { showInGlobalContext: 'yes' },
        'Invalid documentSettings at showInGlobalContext: expected a boolean, got the string "yes"',
      ],
      [
        Q1,
        'queryProperties',
        { source: 'MANUAL', created: stamp(1), lastModified: stamp(1) },
        'Invalid queryProperties at statement: required field is missing',
      ],
      [
        Q1,
        'queryProperties',
        { ...queryProperties('x', 1, 'MANUAL', 'SELECT 1'), source: 'USER' },
        'Invalid queryProperties at source: expected one of MANUAL, SYSTEM, got the string "USER"',
      ],
      [
        Q1,
        'querySubjects',
        { subjects: [{ entity: 'fct_users_created' }] },
        'Invalid querySubjects at subjects[0].entity: Invalid urn "fct_users_created"',
      ],
    ];

    it('through REST ingestProposal: a bad aspect is refused with the field at fault, and nothing is written', async () => {
      const before = [s.store.getAspect(FAQ, 'documentInfo')?.value, s.store.getAspect(Q1, 'queryProperties')?.value];
      for (const [urn, aspect, value, message] of bad) {
        const res = await fetch(`${s.server.url}/aspects?action=ingestProposal`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'X-RestLi-Protocol-Version': '2.0.0' },
          body: JSON.stringify({ proposal: proposal(urn, aspect, value) }),
        });
        const body = (await res.json()) as { status: number; message: string };
        assert.ok(res.status >= 400 && res.status < 500, `${aspect}: HTTP ${res.status}`);
        assert.ok(body.message.includes(message), `${body.message}\n  does not include\n${message}`);
      }
      assert.deepEqual(
        [s.store.getAspect(FAQ, 'documentInfo')?.value, s.store.getAspect(Q1, 'queryProperties')?.value],
        before,
      );
    });

    it('through catalog ingest: the file fails with the record and the field at fault, and nothing of it is written', async () => {
      const data = tempDataPath();
      const good = mcp('urn:li:document:fine', 'documentInfo', documentInfo('Fine', 1));
      const r = await runCli([
        'ingest',
        '-f',
        writeTemp('docs.json', JSON.stringify([good, mcp(FAQ, 'documentInfo', bad[0]![2])])),
        '--data',
        data,
      ]);
      assert.equal(r.code, 1, r.stdout);
      assert.match(
        r.stderr,
        /Invalid documentInfo at status\.state: expected one of PUBLISHED, UNPUBLISHED, got the string "DRAFT"/,
      );
      const get = await runCli(['get', '--urn', 'urn:li:document:fine', '--data', data]);
      assert.notEqual(get.code, 0, 'the good record of the failed file was not written');
    });
  });
});
