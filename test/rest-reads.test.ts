// The REST and OpenAPI reads of DataHub's 1.7 Python client (docs/datahub/discovery.md §7.1, §7.4, §7.5)
// over a real server on the sample catalog: shapes, statuses and every error message.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { keyAspectName } from '../src/model/registry.ts';
import { snapshotAspectFqn, snapshotEntityTypes, snapshotUnionOf } from '../src/model/snapshots.ts';
import { S, startSampleServer, type GqlServer } from './graphql-helpers.ts';

const enc = encodeURIComponent;
const MISSING_DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,no_such_table,PROD)';

interface Reply {
  status: number;
  body: any;
}

function client(s: GqlServer) {
  const base = s.server.url;
  return {
    get: async (path: string): Promise<Reply> => {
      const res = await fetch(`${base}${path}`, { headers: { 'X-RestLi-Protocol-Version': '2.0.0' } });
      return { status: res.status, body: await res.json() };
    },
    post: async (path: string, body: unknown): Promise<Reply> => {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
    /** Upserts one aspect through Rest.li ingestProposal, as DatahubRestEmitter does. */
    emit: async (urn: string, aspectName: string, value: unknown): Promise<void> => {
      const proposal = {
        entityType: urn.split(':')[2],
        entityUrn: urn,
        changeType: 'UPSERT',
        aspectName,
        aspect: { value: JSON.stringify(value), contentType: 'application/json' },
      };
      const res = await fetch(`${base}/aspects?action=ingestProposal`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ proposal }),
      });
      assert.equal(res.status, 200, await res.text());
    },
    /** Upserts several aspects in one ingestProposalBatch: one write, one timestamp. */
    emitBatch: async (items: Array<[urn: string, aspectName: string, value: unknown]>): Promise<void> => {
      const proposals = items.map(([urn, aspectName, value]) => ({
        entityType: urn.split(':')[2],
        entityUrn: urn,
        changeType: 'UPSERT',
        aspectName,
        aspect: { value: JSON.stringify(value), contentType: 'application/json' },
      }));
      const res = await fetch(`${base}/aspects?action=ingestProposalBatch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ proposals }),
      });
      assert.equal(res.status, 200, await res.text());
    },
  };
}

const error = (status: number, message: string): Reply => ({ status, body: { status, message } });

describe('GET /entities/{urn}: Rest.li snapshots (docs/datahub/discovery.md §7.1)', () => {
  let s: GqlServer;
  let api: ReturnType<typeof client>;
  before(async () => {
    s = await startSampleServer();
    api = client(s);
  });
  after(() => s.close());

  it('a tag is a TagSnapshot of its key and properties, each under its schema name', async () => {
    assert.deepEqual(await api.get(`/entities/${enc(S.legacy)}`), {
      status: 200,
      body: {
        value: {
          'com.linkedin.metadata.snapshot.TagSnapshot': {
            urn: S.legacy,
            aspects: [
              { 'com.linkedin.metadata.key.TagKey': { name: 'Legacy' } },
              {
                'com.linkedin.tag.TagProperties': {
                  name: 'Legacy',
                  description: 'Indicates the dataset is no longer supported',
                },
              },
            ],
          },
        },
      },
    });
  });

  it("a dataset carries the aspects of its snapshot union in the union's order, not the ones the union lacks", async () => {
    const r = await api.get(`/entities/${enc(S.usersCreated)}`);
    assert.equal(r.status, 200);
    const snapshot = r.body.value['com.linkedin.metadata.snapshot.DatasetSnapshot'];
    assert.equal(snapshot.urn, S.usersCreated);
    // The sample also stores `deprecation`, which DatasetSnapshot cannot carry.
    assert.deepEqual(
      snapshot.aspects.map((a: object) => Object.keys(a)[0]),
      [
        'com.linkedin.metadata.key.DatasetKey',
        'com.linkedin.dataset.DatasetProperties',
        'com.linkedin.common.Ownership',
        'com.linkedin.schema.SchemaMetadata',
      ],
    );
    assert.deepEqual(snapshot.aspects[0], {
      'com.linkedin.metadata.key.DatasetKey': {
        platform: 'urn:li:dataPlatform:hive',
        name: 'fct_users_created',
        origin: 'PROD',
      },
    });
  });

  it('aspects=List(a,b) limits the aspects; the key aspect is always there', async () => {
    const r = await api.get(`/entities/${enc(S.usersCreated)}?aspects=List(ownership,globalTags)`);
    const aspects = r.body.value['com.linkedin.metadata.snapshot.DatasetSnapshot'].aspects;
    assert.deepEqual(
      aspects.map((a: object) => Object.keys(a)[0]),
      ['com.linkedin.metadata.key.DatasetKey', 'com.linkedin.common.Ownership'],
    );
    assert.deepEqual(aspects[1]['com.linkedin.common.Ownership'].owners, [{ owner: S.jdoe, type: 'DATAOWNER' }]);
  });

  it('users and groups are CorpUserSnapshot and CorpGroupSnapshot', async () => {
    const user = await api.get(`/entities/${enc(S.jdoe)}`);
    assert.deepEqual(Object.keys(user.body.value), ['com.linkedin.metadata.snapshot.CorpUserSnapshot']);
    assert.deepEqual(
      user.body.value['com.linkedin.metadata.snapshot.CorpUserSnapshot'].aspects.map((a: object) => Object.keys(a)[0]),
      [
        'com.linkedin.metadata.key.CorpUserKey',
        'com.linkedin.identity.CorpUserInfo',
        'com.linkedin.identity.GroupMembership',
      ],
    );
    const group = await api.get(`/entities/${enc(S.bfoo)}?aspects=List(corpGroupInfo)`);
    assert.equal(
      group.body.value['com.linkedin.metadata.snapshot.CorpGroupSnapshot'].aspects[1][
        'com.linkedin.identity.CorpGroupInfo'
      ].displayName,
      'Bar Foo',
    );
  });

  it('a glossary term and a chart never written answer their snapshot with the key derived from the urn', async () => {
    assert.deepEqual((await api.get(`/entities/${enc('urn:li:glossaryTerm:Classification.PII')}`)).body, {
      value: {
        'com.linkedin.metadata.snapshot.GlossaryTermSnapshot': {
          urn: 'urn:li:glossaryTerm:Classification.PII',
          aspects: [{ 'com.linkedin.metadata.key.GlossaryTermKey': { name: 'Classification.PII' } }],
        },
      },
    });
    const chart = await api.get(`/entities/${enc('urn:li:chart:(looker,dashboard.1)')}`);
    assert.deepEqual(chart.body.value['com.linkedin.metadata.snapshot.ChartSnapshot'].aspects, [
      { 'com.linkedin.metadata.key.ChartKey': { dashboardTool: 'looker', chartId: 'dashboard.1' } },
    ]);
  });

  it('every snapshot union starts with the key aspect the registry derives, and each of its aspects has a schema name', () => {
    for (const type of snapshotEntityTypes()) {
      const union = snapshotUnionOf(type)!;
      assert.equal(union.aspects[0], keyAspectName(type), type);
      for (const aspect of union.aspects)
        assert.match(snapshotAspectFqn(aspect), /^com\.linkedin\.[a-z.]+\.[A-Z]\w+$/, `${type}.${aspect}`);
    }
  });

  it('an entity type without a snapshot is a 400 naming the type and where to read it instead', async () => {
    assert.deepEqual(
      await api.get(`/entities/${enc('urn:li:domain:sales')}`),
      error(
        400,
        'Entity type domain has no Rest.li snapshot, so GET /entities cannot return urn:li:domain:sales; read it with GET /entitiesV2/{urn} or ' +
          'GET /openapi/v3/entity/domain/{urn}. Types with a snapshot: chart, corpGroup, corpuser, dashboard, dataFlow, dataHubPolicy, ' +
          'dataHubRetention, dataJob, dataPlatform, dataProcess, dataset, glossaryNode, glossaryTerm, mlFeature, mlFeatureTable, mlModel, ' +
          'mlModelDeployment, mlModelGroup, mlPrimaryKey, schemaField, tag',
      ),
    );
  });

  it('an aspect the snapshot cannot carry, an invalid urn and bad percent-encoding are 400s', async () => {
    assert.deepEqual(
      await api.get(`/entities/${enc(S.legacy)}?aspects=List(globalTags)`),
      error(
        400,
        'aspects: globalTags is not an aspect of TagSnapshot; it carries tagKey, ownership, tagProperties, status',
      ),
    );
    assert.deepEqual(
      await api.get(`/entities/${enc('urn:li:dataset:bad')}`),
      error(
        400,
        'Invalid urn "urn:li:dataset:bad": a dataset urn has the form urn:li:dataset:(urn:li:dataPlatform:<platform>,<name>,<env>)',
      ),
    );
    assert.deepEqual(
      await api.get('/entities/urn%3Ali%3Atag%3A%E0%A4%A'),
      error(400, 'Malformed percent-encoding in path segment "urn%3Ali%3Atag%3A%E0%A4%A"'),
    );
  });
});

describe('OpenAPI v3 entity reads (docs/datahub/discovery.md §7.4)', () => {
  let s: GqlServer;
  let api: ReturnType<typeof client>;
  before(async () => {
    s = await startSampleServer();
    api = client(s);
  });
  after(() => s.close());

  it('GET /openapi/v3/entity/{type}/{urn} returns {urn, <aspect>: {value}} for every stored aspect', async () => {
    assert.deepEqual(await api.get(`/openapi/v3/entity/tag/${enc(S.legacy)}`), {
      status: 200,
      body: {
        urn: S.legacy,
        tagKey: { value: { name: 'Legacy' } },
        tagProperties: { value: { name: 'Legacy', description: 'Indicates the dataset is no longer supported' } },
      },
    });
  });

  it('the urn may be sent raw; aspects=a&aspects=b, aspects=a,b and aspectNames= limit the aspects', async () => {
    const raw = await api.get(`/openapi/v3/entity/dataset/${S.hiveSample}?aspects=globalTags`);
    assert.deepEqual(raw.body, { urn: S.hiveSample, globalTags: { value: { tags: [{ tag: S.legacy }] } } });
    for (const q of [
      'aspects=ownership&aspects=globalTags',
      'aspects=ownership,globalTags',
      'aspectNames=ownership&aspects=globalTags',
    ]) {
      const r = await api.get(`/openapi/v3/entity/dataset/${enc(S.hiveSample)}?${q}`);
      assert.deepEqual(Object.keys(r.body).sort(), ['globalTags', 'ownership', 'urn'], q);
    }
  });

  it("systemMetadata=true adds each aspect's system metadata and audit stamp", async () => {
    const r = await api.get(`/openapi/v3/entity/tag/${enc(S.legacy)}?aspects=tagProperties&systemMetadata=true`);
    const aspect = r.body.tagProperties;
    assert.deepEqual(Object.keys(aspect), ['value', 'systemMetadata', 'auditStamp']);
    assert.equal(typeof aspect.systemMetadata.lastObserved, 'number');
    assert.equal(aspect.auditStamp.actor, 'urn:li:corpuser:datahub');
    assert.equal(typeof aspect.auditStamp.time, 'number');
  });

  it('GET: a missing entity is 404, a missing aspect of an existing one too; a type mismatch and an invalid urn are 400', async () => {
    assert.deepEqual(
      await api.get(`/openapi/v3/entity/dataset/${enc(MISSING_DATASET)}`),
      error(404, `Entity ${MISSING_DATASET} not found`),
    );
    assert.deepEqual(
      await api.get(`/openapi/v3/entity/tag/${enc(S.legacy)}?aspects=ownership`),
      error(404, `Entity ${S.legacy} has none of the aspects ownership`),
    );
    assert.deepEqual(
      await api.get(`/openapi/v3/entity/tag/${enc(S.hiveSample)}`),
      error(400, `urn: ${S.hiveSample} is a dataset urn, but the path names entity type tag`),
    );
    assert.deepEqual(
      await api.get(`/openapi/v3/entity/dataset/${enc('urn:li:dataset:bad')}`),
      error(
        400,
        'urn: Invalid urn "urn:li:dataset:bad": a dataset urn has the form urn:li:dataset:(urn:li:dataPlatform:<platform>,<name>,<env>)',
      ),
    );
    assert.deepEqual(
      await api.get(`/openapi/v3/entity/tag/${enc(S.legacy)}?systemMetadata=yes`),
      error(400, 'systemMetadata: expected true or false, got "yes"'),
    );
  });

  it('POST batchGet answers in request order, leaves out urns with no stored aspect, merges a repeated urn', async () => {
    const r = await api.post('/openapi/v3/entity/dataset/batchGet', [
      { urn: S.kafkaSample, ownership: {} },
      { urn: MISSING_DATASET },
      { urn: S.hiveSample, globalTags: {} },
      { urn: S.kafkaSample, status: {} },
      { urn: S.hdfsSample, globalTags: {} },
    ]);
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, [
      {
        urn: S.kafkaSample,
        ownership: {
          value: {
            owners: [
              { owner: S.jdoe, type: 'DATAOWNER' },
              { owner: S.datahub, type: 'DATAOWNER' },
            ],
            ownerTypes: {},
            lastModified: { time: 1_700_000_000_000, actor: S.datahub },
          },
        },
      },
      { urn: S.hiveSample, globalTags: { value: { tags: [{ tag: S.legacy }] } } },
    ]);
  });

  it('batchGet with no aspect keys returns every stored aspect; systemMetadata=true adds system metadata and audit stamps', async () => {
    const all = await api.post('/openapi/v3/entity/dataset/batchGet', [{ urn: S.usersCreated }]);
    assert.deepEqual(Object.keys(all.body[0]).sort(), [
      'datasetKey',
      'datasetProperties',
      'deprecation',
      'ownership',
      'schemaMetadata',
      'urn',
    ]);
    assert.deepEqual(Object.keys(all.body[0].ownership), ['value']);
    const withMeta = await api.post('/openapi/v3/entity/dataset/batchGet?systemMetadata=true', [
      { urn: S.usersCreated, deprecation: {} },
    ]);
    assert.deepEqual(Object.keys(withMeta.body[0].deprecation), ['value', 'systemMetadata', 'auditStamp']);
    assert.deepEqual(withMeta.body[0].deprecation.value, { deprecated: false, note: '', actor: S.datahub });
  });

  it('batchGet reads an older aspect version when an item asks with headers If-Version-Match', async () => {
    const urn = 'urn:li:tag:versioned';
    await api.emit(urn, 'tagProperties', { name: 'first' });
    await api.emit(urn, 'tagProperties', { name: 'second' });
    await api.emit(urn, 'tagProperties', { name: 'third' });
    const read = async (version: string | undefined) =>
      (
        await api.post('/openapi/v3/entity/tag/batchGet', [
          { urn, tagProperties: version === undefined ? {} : { headers: { 'If-Version-Match': version } } },
        ])
      ).body;
    assert.deepEqual(await read(undefined), [{ urn, tagProperties: { value: { name: 'third' } } }]);
    assert.deepEqual(await read('0'), [{ urn, tagProperties: { value: { name: 'third' } } }]);
    assert.deepEqual(await read('1'), [{ urn, tagProperties: { value: { name: 'first' } } }]);
    assert.deepEqual(await read('2'), [{ urn, tagProperties: { value: { name: 'second' } } }]);
    assert.deepEqual(await read('3'), []);
  });

  it('batchGet body mistakes are 400s naming the field path', async () => {
    const cases: Array<[unknown, string]> = [
      [{ urn: S.legacy }, 'Request body must be a JSON array of {"urn": …} objects, got an object'],
      [[{ urn: S.legacy }, 'x'], '[1]: expected an object with a urn, got the string "x"'],
      [[{ urn: S.legacy }, { urn: S.legacy }, { tagProperties: {} }], '[2].urn: required string is missing'],
      [[{ urn: 7 }], '[0].urn: expected a string, got number 7'],
      [[{ urn: 'tag:x' }], '[0].urn: Invalid urn "tag:x": it must start with "urn:li:"'],
      [[{ urn: S.hiveSample }], `[0].urn: ${S.hiveSample} is a dataset urn, but the path names entity type tag`],
      [
        [{ urn: S.legacy, tagProperties: true }],
        '[0].tagProperties: expected an object ({} or {"headers": {"If-Version-Match": "<version>"}}), got boolean true',
      ],
      [
        [{ urn: S.legacy, tagProperties: { headers: ['x'] } }],
        '[0].tagProperties.headers: expected an object of header names to strings, got an array',
      ],
      [
        [{ urn: S.legacy, tagProperties: { headers: { 'If-Version-Match': 'latest' } } }],
        '[0].tagProperties.headers.If-Version-Match: expected a non-negative integer version, got "latest"',
      ],
    ];
    for (const [body, message] of cases) {
      assert.deepEqual(await api.post('/openapi/v3/entity/tag/batchGet', body), error(400, message), message);
    }
    assert.deepEqual(
      await api.post('/openapi/v3/entity/tag/batchGet', '[{"urn":'),
      error(400, 'Request body is not valid JSON: Unexpected end of JSON input'),
    );
    assert.deepEqual(
      await api.post('/openapi/v3/entity/tag/batchGet?systemMetadata=1', []),
      error(400, 'systemMetadata: expected true or false, got "1"'),
    );
  });
});

describe('GET /openapi/v2/timeline/v1/{urn}: change history (docs/datahub/discovery.md §7.5)', () => {
  let s: GqlServer;
  let api: ReturnType<typeof client>;
  before(async () => {
    s = await startSampleServer();
    api = client(s);
  });
  after(() => s.close());

  const timeline = (urn: string, query: string) => api.get(`/openapi/v2/timeline/v1/${enc(urn)}?${query}`);
  /** Edits one at a time, each in its own millisecond, so each is its own transaction. */
  const edit = async (document: string, headers: Record<string, string> = {}) => {
    await sleep(3);
    const r = await s.gql(document, undefined, headers);
    assert.equal(r.body.errors, undefined, JSON.stringify(r.body.errors));
    await sleep(3);
  };

  it('a dataset edited three times lists the three changes, in order, with their categories and actors', async () => {
    const urn = S.usersDeleted;
    const start = Date.now();
    await edit(`mutation { addTag(input: { tagUrn: "${S.legacy}", resourceUrn: "${urn}" }) }`);
    await edit(
      `mutation { updateDataset(urn: "${urn}", input: { editableProperties: { description: "Users who left" } }) { urn } }`,
      { 'X-DataHub-Actor': S.jdoe },
    );
    await edit(
      `mutation { addOwner(input: { ownerUrn: "${S.datahub}", ownerEntityType: CORP_USER, type: TECHNICAL_OWNER, resourceUrn: "${urn}" }) }`,
    );

    const r = await timeline(urn, `categories=TAG,OWNERSHIP,DOCUMENTATION&startTime=${start}`);
    assert.equal(r.status, 200);
    assert.deepEqual(
      r.body.map((t: any) => [
        t.semVer,
        t.semVerChange,
        t.actor,
        t.changeEvents.map((e: any) => [e.category, e.operation, e.modifier ?? null, e.description]),
      ]),
      [
        ['0.0.0-computed', 'MINOR', S.datahub, [['TAG', 'ADD', S.legacy, `Tag 'Legacy' added to entity '${urn}'.`]]],
        [
          '0.1.0-computed',
          'MINOR',
          S.jdoe,
          [['DOCUMENTATION', 'ADD', null, `Documentation for '${urn}' has been added: 'Users who left'.`]],
        ],
        [
          '0.2.0-computed',
          'MINOR',
          S.datahub,
          [['OWNERSHIP', 'ADD', S.datahub, `'datahub' added as a \`TECHNICAL_OWNER\` of '${urn}'.`]],
        ],
      ],
    );
    const [tag, doc, owner] = r.body;
    assert.ok(tag.timestamp < doc.timestamp && doc.timestamp < owner.timestamp);
    assert.deepEqual(Object.keys(tag), [
      'timestamp',
      'actor',
      'semVer',
      'semVerChange',
      'changeEvents',
      'versionStamp',
    ]);
    assert.deepEqual(tag.changeEvents[0], {
      entityUrn: urn,
      category: 'TAG',
      operation: 'ADD',
      modifier: S.legacy,
      parameters: { tagUrn: S.legacy, context: '{}' },
      auditStamp: { time: tag.timestamp, actor: S.datahub },
      semVerChange: 'MINOR',
      description: `Tag 'Legacy' added to entity '${urn}'.`,
    });
    assert.deepEqual(doc.changeEvents[0].auditStamp, { time: doc.timestamp, actor: S.jdoe });
    assert.deepEqual(owner.changeEvents[0].parameters, { ownerUrn: S.datahub, ownerType: 'TECHNICAL_OWNER' });
    assert.equal(
      owner.versionStamp,
      'datasetKey:0;datasetProperties:0;editableDatasetProperties:0;globalTags:0;ownership:0;schemaMetadata:0',
    );
    assert.equal(tag.versionStamp, 'datasetKey:0;datasetProperties:0;globalTags:0;ownership:1;schemaMetadata:0');

    // Only the categories asked for; OWNER is the CLI's older name for OWNERSHIP.
    const owners = await timeline(urn, `categories=OWNER&startTime=${start}`);
    assert.deepEqual(
      owners.body.map((t: any) => t.changeEvents.map((e: any) => e.category)),
      [['OWNERSHIP']],
    );
    // endTime bounds the window too.
    const early = await timeline(
      urn,
      `categories=TAG,OWNERSHIP,DOCUMENTATION&startTime=${start}&endTime=${doc.timestamp}`,
    );
    assert.deepEqual(
      early.body.map((t: any) => t.timestamp),
      [tag.timestamp, doc.timestamp],
    );
  });

  it("without startTime the window is the last week, which holds the sample's ingestion; endTime before it gives nothing", async () => {
    const r = await timeline(S.hiveSample, 'categories=TECHNICAL_SCHEMA');
    assert.equal(r.body.length, 1);
    assert.equal(r.body[0].semVer, '0.0.0-computed');
    assert.deepEqual(
      r.body[0].changeEvents.map((e: any) => [e.operation, e.semVerChange, e.modifier, e.description]),
      ['field_bar', 'field_foo'].map((f) => [
        'ADD',
        'MINOR',
        `urn:li:schemaField:(${S.hiveSample},${f})`,
        `A forwards & backwards compatible change due to the newly added field '${f}'.`,
      ]),
    );
    assert.deepEqual((await timeline(S.hiveSample, 'categories=TECHNICAL_SCHEMA&endTime=1000')).body, []);
  });

  it('schema changes: a removed field or a changed type is MAJOR, an added field MINOR; v2 field paths print as v1', async () => {
    const urn = S.kafkaSample;
    const start = Date.now();
    const schema = (fields: Array<[string, string]>) => ({
      schemaName: 'SampleKafkaSchema',
      platform: 'urn:li:dataPlatform:kafka',
      version: 0,
      hash: '',
      created: { time: 0, actor: S.datahub },
      lastModified: { time: 0, actor: S.datahub },
      platformSchema: { 'com.linkedin.schema.KafkaSchema': { documentSchema: '' } },
      fields: fields.map(([fieldPath, nativeDataType]) => ({
        fieldPath,
        nativeDataType,
        nullable: false,
        recursive: false,
        type: { type: { 'com.linkedin.schema.StringType': {} } },
      })),
    });
    await sleep(3);
    await api.emit(
      urn,
      'schemaMetadata',
      schema([
        ['[version=2.0].[type=boolean].field_foo_2', 'string'],
        ['[version=2.0].[type=string].field_baz', 'string'],
      ]),
    );
    const r = await timeline(urn, `categories=TECHNICAL_SCHEMA&startTime=${start}`);
    assert.equal(r.body.length, 1);
    assert.equal(r.body[0].semVer, '0.0.0-computed');
    assert.equal(r.body[0].semVerChange, 'MAJOR');
    assert.deepEqual(
      r.body[0].changeEvents.map((e: any) => [
        e.operation,
        e.semVerChange,
        e.description,
        e.parameters.modificationCategory,
      ]),
      [
        ['REMOVE', 'MAJOR', "A backwards incompatible change due to removal of field: 'field_bar'.", 'OTHER'],
        [
          'MODIFY',
          'MAJOR',
          "A backwards incompatible change due to native datatype of the field 'field_foo_2' changed from 'boolean' to 'string'.",
          'TYPE_CHANGE',
        ],
        ['ADD', 'MINOR', "A forwards & backwards compatible change due to the newly added field 'field_baz'.", 'OTHER'],
      ],
    );
    assert.equal(
      r.body[0].changeEvents[2].modifier,
      `urn:li:schemaField:(${urn},[version=2.0].[type=string].field_baz)`,
    );
    // Counted from the ingestion a week back, the schema change is the second version: a major bump.
    const all = await timeline(urn, 'categories=TECHNICAL_SCHEMA');
    assert.deepEqual(
      all.body.map((t: any) => t.semVer),
      ['0.0.0-computed', '1.0.0-computed'],
    );
  });

  it("column-level tags, terms and descriptions come from editableSchemaMetadata with the column's schemaField urn", async () => {
    const urn = S.hdfsSample;
    const column = `urn:li:schemaField:(${urn},shipment_info)`;
    const start = Date.now();
    await edit(
      `mutation { addTag(input: { tagUrn: "${S.legacy}", resourceUrn: "${urn}", subResourceType: DATASET_FIELD, subResource: "shipment_info" }) }`,
    );
    await edit(
      `mutation { updateDescription(input: { description: "Where it goes", resourceUrn: "${urn}", subResourceType: DATASET_FIELD, subResource: "shipment_info" }) }`,
    );
    const r = await timeline(urn, `categories=TAG,DOCUMENTATION,GLOSSARY_TERM&startTime=${start}`);
    assert.deepEqual(
      r.body.map((t: any) => t.changeEvents),
      [
        [
          {
            entityUrn: column,
            category: 'TAG',
            operation: 'ADD',
            modifier: S.legacy,
            parameters: { fieldPath: 'shipment_info', parentUrn: urn, tagUrn: S.legacy },
            auditStamp: { time: r.body[0].timestamp, actor: S.datahub },
            semVerChange: 'MINOR',
            description: `Tag 'Legacy' added to entity '${column}'.`,
          },
        ],
        [
          {
            entityUrn: column,
            category: 'DOCUMENTATION',
            operation: 'ADD',
            modifier: 'shipment_info',
            parameters: { description: 'Where it goes' },
            auditStamp: { time: r.body[1].timestamp, actor: S.datahub },
            semVerChange: 'MINOR',
            description: `Documentation for the field 'shipment_info' of '${column}' has been added: 'Where it goes'`,
          },
        ],
      ],
    );
  });

  it('links, deprecation, domains and glossary terms; a description edit is MODIFY', async () => {
    const urn = S.hiveSample;
    const start = Date.now();
    await sleep(3);
    await api.emit(urn, 'institutionalMemory', {
      elements: [
        { url: 'https://www.linkedin.com', description: 'Sample doc, edited', createStamp: { time: 0, actor: S.jdoe } },
        { url: 'https://wiki', description: 'Wiki', createStamp: { time: 0, actor: S.jdoe } },
      ],
    });
    await sleep(3);
    await api.emit(urn, 'deprecation', { deprecated: true, note: 'Use v2', actor: S.datahub });
    await sleep(3);
    await api.emit(urn, 'domains', { domains: ['urn:li:domain:marketing'] });
    await sleep(3);
    await api.emit(urn, 'glossaryTerms', {
      terms: [{ urn: 'urn:li:glossaryTerm:Pii' }],
      auditStamp: { time: 0, actor: S.datahub },
    });
    await sleep(3);
    await api.emit(urn, 'datasetProperties', {
      customProperties: {},
      name: 'SampleHiveDataset',
      description: 'Edited at the source',
      tags: [],
    });
    const r = await timeline(urn, `categories=DOCUMENTATION,DEPRECATION,DOMAIN,GLOSSARY_TERM&startTime=${start}`);
    assert.deepEqual(
      r.body.map((t: any) => [
        t.semVer,
        t.changeEvents.map((e: any) => [e.category, e.operation, e.semVerChange, e.modifier ?? null, e.description]),
      ]),
      [
        [
          '0.0.0-computed',
          [
            [
              'DOCUMENTATION',
              'ADD',
              'MINOR',
              'https://wiki',
              `Institutional Memory 'https://wiki' with documentation of '${urn}' has been added: 'Wiki'`,
            ],
            [
              'DOCUMENTATION',
              'MODIFY',
              'PATCH',
              'https://www.linkedin.com',
              `Documentation of Institutional Memory 'https://www.linkedin.com' of '${urn}' has been changed from 'Sample doc' to 'Sample doc, edited'.`,
            ],
          ],
        ],
        [
          '0.1.0-computed',
          [['DEPRECATION', 'MODIFY', 'MINOR', null, `Entity '${urn}' has been deprecated: 'Use v2'.`]],
        ],
        [
          '0.2.0-computed',
          [['DOMAIN', 'ADD', 'MINOR', 'urn:li:domain:marketing', `Domain 'marketing' added to entity '${urn}'.`]],
        ],
        [
          '0.3.0-computed',
          [['GLOSSARY_TERM', 'ADD', 'MINOR', 'urn:li:glossaryTerm:Pii', `Term 'Pii' added to entity '${urn}'.`]],
        ],
        [
          '0.4.0-computed',
          [
            [
              'DOCUMENTATION',
              'MODIFY',
              'MINOR',
              null,
              `Documentation of '${urn}' has been changed from 'This is a sample hive dataset' to 'Edited at the source'.`,
            ],
          ],
        ],
      ],
    );
  });

  it("raw=true adds each transaction's JSON Patch against the version before it", async () => {
    const urn = S.usersCreated;
    const start = Date.now();
    await edit(`mutation { addTag(input: { tagUrn: "${S.legacy}", resourceUrn: "${urn}" }) }`);
    const r = await timeline(urn, `categories=TAG&startTime=${start}&raw=True`);
    assert.deepEqual(r.body[0].rawDiff, [{ op: 'add', path: '/tags', value: [{ tag: S.legacy }] }]);
    await edit(`mutation { removeTag(input: { tagUrn: "${S.legacy}", resourceUrn: "${urn}" }) }`);
    const both = await timeline(urn, `categories=TAG&startTime=${start}&raw=true`);
    assert.deepEqual(both.body[1].rawDiff, [{ op: 'remove', path: '/tags/0' }]);
    assert.deepEqual(
      both.body[1].changeEvents.map((e: any) => e.description),
      [`Tag 'Legacy' removed from entity '${urn}'.`],
    );
    assert.equal((await timeline(urn, `categories=TAG&startTime=${start}`)).body[0].rawDiff, undefined);
  });

  it('aspects written in one batch are one transaction; its raw diff prefixes each path with its aspect; a moved domain is a removal then an addition', async () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,batch_table,PROD)';
    await api.emit(urn, 'domains', { domains: ['urn:li:domain:marketing'] });
    await sleep(3);
    const start = Date.now();
    await api.emitBatch([
      [urn, 'domains', { domains: ['urn:li:domain:sales'] }],
      [urn, 'globalTags', { tags: [{ tag: 'urn:li:tag:Batch' }] }],
    ]);
    const r = await timeline(urn, `categories=DOMAIN,TAG&startTime=${start}&raw=true`);
    assert.equal(r.body.length, 1);
    assert.deepEqual(
      r.body[0].changeEvents.map((e: any) => [e.category, e.operation, e.modifier]),
      [
        ['TAG', 'ADD', 'urn:li:tag:Batch'],
        ['DOMAIN', 'REMOVE', 'urn:li:domain:marketing'],
        ['DOMAIN', 'ADD', 'urn:li:domain:sales'],
      ],
    );
    assert.deepEqual(r.body[0].rawDiff, [
      { op: 'add', path: '/globalTags/tags', value: [{ tag: 'urn:li:tag:Batch' }] },
      { op: 'replace', path: '/domains/domains/0', value: 'urn:li:domain:sales' },
    ]);
  });

  it('mistakes are 400s naming the parameter and what it accepts; a missing entity is 404', async () => {
    const supported =
      'DOCUMENTATION, GLOSSARY_TERM, OWNERSHIP, TECHNICAL_SCHEMA, TAG, DOMAIN, DEPRECATION (OWNER is read as OWNERSHIP)';
    assert.deepEqual(
      await timeline(S.hiveSample, 'categories=TAG,LINEAGE'),
      error(400, `categories: unsupported category "LINEAGE"; supported categories are ${supported}`),
    );
    assert.deepEqual(
      await timeline(S.hiveSample, ''),
      error(400, `categories: the query parameter is required; give one or more of ${supported}`),
    );
    assert.deepEqual(
      await timeline(S.hiveSample, 'categories=TAG&startTime=yesterday'),
      error(400, 'startTime: expected an integer (milliseconds since the epoch), got "yesterday"'),
    );
    assert.deepEqual(
      await timeline(S.hiveSample, 'categories=TAG&endTime=1.5'),
      error(400, 'endTime: expected an integer (milliseconds since the epoch), got "1.5"'),
    );
    assert.deepEqual(
      await timeline(S.hiveSample, 'categories=TAG&raw=maybe'),
      error(400, 'raw: expected true or false, got "maybe"'),
    );
    assert.deepEqual(
      await timeline(S.legacy, 'categories=TAG'),
      error(400, 'Entity Type tag not supported: the timeline covers dataset entities'),
    );
    assert.deepEqual(
      await timeline('urn:li:dataset:bad', 'categories=TAG'),
      error(
        400,
        'Invalid urn "urn:li:dataset:bad": a dataset urn has the form urn:li:dataset:(urn:li:dataPlatform:<platform>,<name>,<env>)',
      ),
    );
    assert.deepEqual(
      await timeline(MISSING_DATASET, 'categories=TAG'),
      error(404, `Entity ${MISSING_DATASET} not found`),
    );
  });
});
