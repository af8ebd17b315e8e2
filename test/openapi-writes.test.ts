// OpenAPI v3 writes and write tracing as DataHub's SDK sends them (docs/datahub/rest-cli.md §5.3, §5.4;
// DataHub's v3 EntityController and TraceController), and /config (§3), over a real server on a temp
// data file: shapes, statuses, every error message, and that a bad request writes nothing.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { CatalogError } from '../src/errors.ts';
import { exportEntities, exportTypes } from '../src/ops/ingest/exportCatalog.ts';
import { parseEntityWrites } from '../src/server/rest/openapiEntity.ts';
import { parseTraceRequest } from '../src/ops/admin/traceWrites.ts';
import { loadSdl } from '../src/server/graphql/schema.ts';
import { DATAHUB_VERSION, schemaHashOf } from '../src/server/rest/config.ts';
import { startServer, type RunningServer } from '../src/server/server.ts';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import type { Store } from '../src/store/store.ts';
import { S, startSampleServer, type GqlServer } from './graphql-helpers.ts';
import { tempDataPath } from './helpers.ts';
import { propertyRuns } from './property-runs.ts';

const enc = encodeURIComponent;
const DS_A = 'urn:li:dataset:(urn:li:dataPlatform:postgres,public.orders,PROD)';
const DS_B = 'urn:li:dataset:(urn:li:dataPlatform:postgres,public.customers,PROD)';
const TRACEPARENT = /^00-([0-9a-f]{32})-[0-9a-f]{16}-01$/;

interface Reply {
  status: number;
  body: any;
  headers: Headers;
}

function client(base: string) {
  const send = async (method: string, path: string, body?: unknown): Promise<Reply> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text === '' ? undefined : JSON.parse(text), headers: res.headers };
  };
  return {
    send,
    post: (path: string, body: unknown) => send('POST', path, body),
    patch: (path: string, body: unknown) => send('PATCH', path, body),
    /** The stored aspects of an entity (404 when it has none), as `GET /openapi/v3/entity` answers. */
    entity: (type: string, urn: string) => send('GET', `/openapi/v3/entity/${type}/${enc(urn)}`),
    trace: (traceId: string, request: unknown, query = 'onlyIncludeErrors=false&detailed=true') =>
      send('POST', `/openapi/v1/trace/write/${traceId}?${query}`, request),
  };
}

/** One body item as the SDK's OpenApiRequest.from_mcp builds it. */
const item = (urn: string, aspects: Record<string, unknown>, systemMetadata: unknown = null) => ({
  urn,
  ...Object.fromEntries(Object.entries(aspects).map(([name, value]) => [name, { value, systemMetadata, headers: {} }])),
});
const tags = (...urns: string[]) => ({ tags: urns.map((tag) => ({ tag })) });
const error = (status: number, message: string) => ({ status, body: { status, message } });
const traceIdOf = (r: Reply): string =>
  TRACEPARENT.exec(r.headers.get('traceparent') ?? '')?.[1] ??
  assert.fail(`no traceparent on ${JSON.stringify(r.body)}`);
const strip = ({ status, body }: Reply) => ({ status, body });

describe('OpenAPI v3 writes: POST upserts, PATCH patches, DELETE deletes', () => {
  let s: GqlServer;
  let api: ReturnType<typeof client>;
  before(async () => {
    s = await startSampleServer();
    api = client(s.server.url);
  });
  after(() => s.close());

  it('POST upserts several aspects of several entities in one request, answers them with a traceparent, and they read back', async () => {
    const sm = { lastObserved: 0, runId: 'no-run-id-provided', properties: { clientId: 'acryl-datahub' } };
    const r = await api.post('/openapi/v3/entity/dataset?async=false', [
      item(DS_A, { globalTags: tags('urn:li:tag:orders'), editableDatasetProperties: { description: 'Orders' } }, sm),
      item(DS_B, { status: { removed: false }, datasetKey: {} }),
    ]);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body, [
      {
        urn: DS_A,
        globalTags: { value: tags('urn:li:tag:orders') },
        editableDatasetProperties: { value: { description: 'Orders' } },
      },
      // A key aspect follows from the urn, whatever the client sent for it.
      {
        urn: DS_B,
        status: { value: { removed: false } },
        datasetKey: { value: { platform: 'urn:li:dataPlatform:postgres', name: 'public.customers', origin: 'PROD' } },
      },
    ]);
    traceIdOf(r);
    const a = await api.entity('dataset', DS_A);
    assert.deepEqual(Object.keys(a.body).sort(), ['datasetKey', 'editableDatasetProperties', 'globalTags', 'urn']);
    assert.deepEqual(a.body.globalTags.value, tags('urn:li:tag:orders'));
    assert.deepEqual((await api.entity('dataset', DS_B)).body.status.value, { removed: false });
    // What the write stored is what the other doors read.
    const g = await s.gql(`{ dataset(urn: "${DS_A}") { properties { description } tags { tags { tag { urn } } } } }`);
    assert.deepEqual(g.body.data.dataset, {
      properties: { description: 'Orders' },
      tags: { tags: [{ tag: { urn: 'urn:li:tag:orders' } }] },
    });
  });

  it("the stored system metadata keeps the client's and carries the trace id; systemMetadata=true answers it with the audit stamp; async=true is written at once too", async () => {
    const urn = 'urn:li:tag:openapi-sm';
    const r = await api.post('/openapi/v3/entity/tag?async=true&systemMetadata=true', [
      item(urn, { tagProperties: { name: 'sm' } }, { runId: 'run-7', properties: { clientId: 'acryl-datahub' } }),
    ]);
    assert.equal(r.status, 200);
    const traceId = traceIdOf(r);
    const aspect = r.body[0].tagProperties;
    assert.deepEqual(Object.keys(aspect), ['value', 'systemMetadata', 'auditStamp']);
    assert.deepEqual(aspect.systemMetadata.properties, { clientId: 'acryl-datahub', telemetryTraceId: traceId });
    assert.equal(aspect.systemMetadata.runId, 'run-7');
    assert.equal(aspect.auditStamp.actor, 'urn:li:corpuser:datahub');
    const stored = await api.send(
      'GET',
      `/openapi/v3/entity/tag/${enc(urn)}?aspects=tagProperties&systemMetadata=true`,
    );
    assert.deepEqual(stored.body.tagProperties.systemMetadata, aspect.systemMetadata);
  });

  it('PATCH {"patch": [...]} adds a tag to the stored ones; {"patch", "arrayPrimaryKeys"} removes one; the answer is the patch, as DataHub\'s', async () => {
    const add = [{ op: 'add', path: '/tags/urn:li:tag:patched', value: { tag: 'urn:li:tag:patched' } }];
    const r = await api.patch('/openapi/v3/entity/dataset?async=false', [
      item(S.hiveSample, { globalTags: { patch: add } }),
    ]);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body, [{ urn: S.hiveSample, globalTags: { value: { patch: add } } }]);
    traceIdOf(r);
    assert.deepEqual(
      (await api.entity('dataset', S.hiveSample)).body.globalTags.value,
      tags(S.legacy, 'urn:li:tag:patched'),
    );

    const remove = { patch: [{ op: 'remove', path: '/tags/urn:li:tag:patched' }], arrayPrimaryKeys: { tags: ['tag'] } };
    const r2 = await api.patch('/openapi/v3/entity/dataset', [item(S.hiveSample, { globalTags: remove })]);
    assert.deepEqual(strip(r2), { status: 200, body: [{ urn: S.hiveSample, globalTags: { value: remove } }] });
    assert.deepEqual((await api.entity('dataset', S.hiveSample)).body.globalTags.value, tags(S.legacy));
  });

  it('PATCH of an aspect not stored yet starts from its empty value', async () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:postgres,public.patched_new,PROD)';
    const r = await api.patch('/openapi/v3/entity/dataset', [
      item(urn, {
        globalTags: { patch: [{ op: 'add', path: '/tags/urn:li:tag:t1', value: { tag: 'urn:li:tag:t1' } }] },
      }),
    ]);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual((await api.entity('dataset', urn)).body.globalTags.value, tags('urn:li:tag:t1'));
  });

  it('DELETE removes the entity (raw or encoded urn); aspects= removes only those; clear=true keeps the empty entity', async () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:postgres,public.to_delete,PROD)';
    const write = () =>
      api.post('/openapi/v3/entity/dataset', [
        item(urn, {
          status: { removed: false },
          globalTags: tags('urn:li:tag:x'),
          editableDatasetProperties: { description: 'd' },
        }),
      ]);
    assert.equal((await write()).status, 200);
    // DataHub's client sends `[]` as the body and the urn unencoded in the path.
    assert.deepEqual(strip(await api.send('DELETE', `/openapi/v3/entity/dataset/${urn}?aspects=globalTags`, [])), {
      status: 200,
      body: undefined,
    });
    assert.deepEqual(Object.keys((await api.entity('dataset', urn)).body).sort(), [
      'datasetKey',
      'editableDatasetProperties',
      'status',
      'urn',
    ]);
    assert.equal((await api.send('DELETE', `/openapi/v3/entity/dataset/${enc(urn)}?clear=true`)).status, 200);
    assert.deepEqual(Object.keys((await api.entity('dataset', urn)).body), ['urn', 'datasetKey']);
    assert.equal((await write()).status, 200);
    assert.equal((await api.send('DELETE', `/openapi/v3/entity/dataset/${urn}`)).status, 200);
    assert.deepEqual(strip(await api.entity('dataset', urn)), error(404, `Entity ${urn} not found`));
    const exists = await s.gql(`{ entityExists(urn: "${urn}") }`);
    assert.equal(exists.body.data.entityExists, false);
    // Deleting what is not there is not an error, as in DataHub.
    assert.equal((await api.send('DELETE', `/openapi/v3/entity/dataset/${urn}`)).status, 200);
  });

  it('DELETE: a type mismatch, an invalid urn and an aspect the entity does not have are 400s', async () => {
    assert.deepEqual(
      strip(await api.send('DELETE', `/openapi/v3/entity/tag/${S.hiveSample}`)),
      error(400, `urn: ${S.hiveSample} is a dataset urn, but the path names entity type tag`),
    );
    assert.deepEqual(
      strip(await api.send('DELETE', '/openapi/v3/entity/dataset/urn:li:dataset:bad')),
      error(
        400,
        'urn: Invalid urn "urn:li:dataset:bad": a dataset urn has the form urn:li:dataset:(urn:li:dataPlatform:<platform>,<name>,<env>)',
      ),
    );
    assert.deepEqual(
      strip(await api.send('DELETE', `/openapi/v3/entity/tag/${S.legacy}?aspects=tagPropertie`)),
      error(
        400,
        `aspects: unknown aspect "tagPropertie": ${S.legacy} has no such aspect (it has tagKey, tagProperties)`,
      ),
    );
    assert.equal((await api.entity('tag', S.legacy)).status, 200);
  });
});

describe('OpenAPI v3 writes: a bad request is refused whole, with what and where', () => {
  let s: GqlServer;
  let api: ReturnType<typeof client>;
  before(async () => {
    s = await startSampleServer();
    api = client(s.server.url);
  });
  after(() => s.close());

  const good = item(DS_A, { globalTags: tags('urn:li:tag:good') });
  const nothingWritten = async () =>
    assert.deepEqual(strip(await api.entity('dataset', DS_A)), error(404, `Entity ${DS_A} not found`));
  const post = (body: unknown, path = '/openapi/v3/entity/dataset?async=false') => api.post(path, body).then(strip);

  it('a batch with one item of the wrong shape writes nothing, and names the item and field', async () => {
    assert.deepEqual(
      await post([good, item(DS_B, { ownership: { owners: [{ owner: 5, type: 'DATAOWNER' }] } })]),
      error(422, '[1].ownership.value: Invalid ownership at owners[0].owner: expected a urn string, got number 5'),
    );
    await nothingWritten();
    assert.deepEqual(strip(await api.entity('dataset', DS_B)), error(404, `Entity ${DS_B} not found`));
  });

  it('a patch whose result is not a valid aspect is refused at write time, and the items before it are not written', async () => {
    const bad = item(S.hiveSample, {
      globalTags: { patch: [{ op: 'add', path: '/tags/urn:li:tag:n', value: { tag: 5 } }] },
    });
    const r = await api.patch('/openapi/v3/entity/dataset', [
      item(DS_A, {
        globalTags: { patch: [{ op: 'add', path: '/tags/urn:li:tag:a', value: { tag: 'urn:li:tag:a' } }] },
      }),
      bad,
    ]);
    assert.deepEqual(
      strip(r),
      error(
        422,
        '[1].globalTags.value: Invalid patch of globalTags: the patched value is not valid: Invalid globalTags at tags[1].tag: expected a urn string, got number 5',
      ),
    );
    await nothingWritten();
    assert.deepEqual((await api.entity('dataset', S.hiveSample)).body.globalTags.value, tags(S.legacy));
  });

  it("an urn of another entity type than the path's is a 400 naming the item", async () => {
    assert.deepEqual(
      await post([good, item(S.jdoe, { status: { removed: false } })]),
      error(400, `[1].urn: ${S.jdoe} is a corpuser urn, but the path names entity type dataset`),
    );
    await nothingWritten();
  });

  it('an unknown aspect name and the key aspect of another entity type are 400s naming the item and aspect', async () => {
    assert.deepEqual(
      await post([good, { urn: DS_B, 'global-tags': { value: tags('urn:li:tag:a') } }]),
      error(
        400,
        '[1].global-tags: unknown aspect "global-tags" for entity type dataset: an aspect name is a plain identifier',
      ),
    );
    assert.deepEqual(
      await post([item(DS_B, { corpUserKey: { username: 'x' } })]),
      error(
        400,
        "[0].corpUserKey: unknown aspect corpUserKey for entity type dataset: it is the key aspect of another entity type (dataset's is datasetKey)",
      ),
    );
    await nothingWritten();
  });

  it('wrong JSON types in an item: each a 4xx naming the field', async () => {
    const cases: Array<[unknown, number, string]> = [
      [[good, 'x'], 400, '[1]: expected an object {"urn": …, "<aspect name>": {"value": …}}, got the string "x"'],
      [[{ globalTags: { value: tags() } }], 400, '[0].urn: required string is missing'],
      [[{ urn: 7 }], 400, '[0].urn: expected a string, got number 7'],
      [[{ urn: DS_A, globalTags: tags('urn:li:tag:a') }], 400, '[0].globalTags.value: required object is missing'],
      [
        [{ urn: DS_A, globalTags: [] }],
        400,
        '[0].globalTags: expected {"value": …, "systemMetadata"?: {…}, "headers"?: {…}}, got an array',
      ],
      [
        [{ urn: DS_A, globalTags: { value: 'tags' } }],
        422,
        '[0].globalTags.value: Invalid globalTags: expected a JSON object, got the string "tags"',
      ],
      [
        [{ urn: DS_A, globalTags: { value: { tags: 'a' } } }],
        422,
        '[0].globalTags.value: Invalid globalTags at tags: expected an array, got the string "a"',
      ],
      [
        [{ urn: DS_A, globalTags: { value: tags(), systemMetadata: 'x' } }],
        400,
        '[0].globalTags.systemMetadata: expected an object, got the string "x"',
      ],
      [
        [{ urn: DS_A, globalTags: { value: tags(), systemMetadata: { properties: [] } } }],
        400,
        '[0].globalTags.systemMetadata.properties: expected an object of strings, got an array',
      ],
      [
        [{ urn: DS_A, globalTags: { value: tags(), headers: { 'X-DataHub-Sync-Index-Update': true } } }],
        400,
        '[0].globalTags.headers.X-DataHub-Sync-Index-Update: expected a string, got boolean true',
      ],
      [
        [{ urn: DS_A, globalTags: { value: tags(), headers: { 'If-Modified-Since': 'today' } } }],
        400,
        '[0].globalTags.headers.If-Modified-Since: expected an ISO-8601 instant such as 2026-01-31T12:00:00Z, got "today"',
      ],
    ];
    for (const [body, status, message] of cases)
      assert.deepEqual(await post(body), error(status, message), JSON.stringify(body));
    await nothingWritten();
  });

  it("SYNC_WAIT's X-DataHub-Sync-Index-Update header is accepted (our indexes are always written with the aspect)", async () => {
    const urn = 'urn:li:tag:sync-wait';
    const r = await api.post('/openapi/v3/entity/tag', [
      {
        urn,
        tagProperties: {
          value: { name: 'sw' },
          systemMetadata: null,
          headers: { 'X-DataHub-Sync-Index-Update': 'true' },
        },
      },
    ]);
    assert.equal(r.status, 200);
    assert.deepEqual((await api.entity('tag', urn)).body.tagProperties.value, { name: 'sw' });
  });

  it('bad patches: no `patch` field, an unknown op, a path that is not a pointer', async () => {
    const patch = (value: unknown) =>
      api.patch('/openapi/v3/entity/dataset', [item(DS_A, { globalTags: value })]).then(strip);
    assert.deepEqual(
      await patch([{ op: 'add', path: '/tags/urn:li:tag:a', value: { tag: 'urn:li:tag:a' } }]),
      error(
        422,
        '[0].globalTags.value: Invalid patch of globalTags: Missing `patch` field: a PATCH value is {"patch": [operations], "arrayPrimaryKeys"?: {…}}, got an array',
      ),
    );
    assert.deepEqual(
      await patch({ patch: [{ op: 'move', path: '/tags/a' }] }),
      error(
        422,
        '[0].globalTags.value: Invalid patch of globalTags: patch[0]: Unsupported PATCH operation: "move" (supported: add, remove, replace)',
      ),
    );
    assert.deepEqual(
      await patch({ patch: [{ op: 'add', path: 'tags', value: 1 }] }),
      error(
        422,
        '[0].globalTags.value: Invalid patch of globalTags: patch[0] (add): path must be a JSON pointer starting with "/", got "tags"',
      ),
    );
    await nothingWritten();
  });

  it('malformed JSON, an object instead of a list, an empty body and a bad async are 400s', async () => {
    assert.deepEqual(
      await post('[{"urn": '),
      error(400, 'Request body is not valid JSON: Unexpected end of JSON input'),
    );
    assert.deepEqual(
      await post({ urn: DS_A }),
      error(
        400,
        'Request body must be a JSON array of {"urn": …, "<aspect name>": {"value": …}} objects, got an object',
      ),
    );
    assert.deepEqual(await post(''), error(400, 'Request body is empty; expected JSON'));
    assert.deepEqual(
      await post([good], '/openapi/v3/entity/dataset?async=soon'),
      error(400, 'async: expected true or false, got "soon"'),
    );
    await nothingWritten();
  });

  it('an empty list writes nothing and answers an empty list', async () => {
    assert.deepEqual(await post([]), { status: 200, body: [] });
  });
});

describe('OpenAPI v3 writes: request limits', () => {
  let store: Store;
  let server: RunningServer;
  before(async () => {
    store = openCatalog(tempDataPath());
    server = await startServer({ store, port: 0, limits: { maxBodyBytes: 2048, maxBatchItems: 5 } });
  });
  after(async () => {
    await server.close();
    await store.close();
  });

  it('an oversized body is a 413 naming the limit, and too many items one naming where', async () => {
    const api = client(server.url);
    const big = [item(DS_A, { editableDatasetProperties: { description: 'x'.repeat(4096) } })];
    assert.deepEqual(
      strip(await api.post('/openapi/v3/entity/dataset', big)),
      error(
        413,
        `Request body of ${JSON.stringify(big).length} bytes exceeds the limit of 2048 bytes (--max-body-bytes)`,
      ),
    );
    const many = Array.from({ length: 6 }, (_, i) => ({ urn: `urn:li:tag:t${i}` }));
    assert.deepEqual(
      strip(await api.post('/openapi/v3/entity/tag', many)),
      error(413, 'request body: 6 items are over the limit of 5 per request (--max-batch-items)'),
    );
    assert.equal(store.entityExists(DS_A), false);
  });
});

describe('write tracing: POST /openapi/v1/trace/write/{traceId}', () => {
  let s: GqlServer;
  let api: ReturnType<typeof client>;
  before(async () => {
    s = await startSampleServer();
    api = client(s.server.url);
  });
  after(() => s.close());

  it('a trace request naming an invalid urn is refused, the urn in front of why', () => {
    assert.throws(
      () => parseTraceRequest({ 'urn:li:nope': ['status'] }),
      (e: unknown) =>
        e instanceof CatalogError &&
        e.code === 400 &&
        e.message === 'urn:li:nope: Invalid urn "urn:li:nope": the entity type must be followed by ":" and a key',
    );
  });

  const active = {
    success: true,
    primaryStorage: { writeStatus: 'ACTIVE_STATE' },
    searchStorage: { writeStatus: 'ACTIVE_STATE' },
  };
  const historic = {
    success: true,
    primaryStorage: { writeStatus: 'HISTORIC_STATE' },
    searchStorage: { writeStatus: 'HISTORIC_STATE' },
  };
  const noOp = { success: true, primaryStorage: { writeStatus: 'NO_OP' }, searchStorage: { writeStatus: 'NO_OP' } };
  const notStored = {
    success: false,
    primaryStorage: {
      writeStatus: 'ERROR',
      writeMessage: 'The aspect is not stored: this write did not happen or was deleted since.',
    },
    searchStorage: { writeStatus: 'ERROR', writeMessage: 'Primary storage write failed.' },
  };

  it('the aspects a write stored are ACTIVE_STATE in both storages; one never written is an ERROR; by traceparent too', async () => {
    const w = await api.post('/openapi/v3/entity/dataset', [
      item(DS_A, { globalTags: tags('urn:li:tag:t'), status: { removed: false } }),
    ]);
    const traceId = traceIdOf(w);
    const r = await api.trace(traceId, { [DS_A]: ['globalTags', 'status', 'ownership'] });
    assert.deepEqual(strip(r), {
      status: 200,
      body: { [DS_A]: { globalTags: active, status: active, ownership: notStored } },
    });
    assert.deepEqual((await api.trace(w.headers.get('traceparent')!, { [DS_A]: ['status'] })).body, {
      [DS_A]: { status: active },
    });
  });

  it('a write overwritten later is HISTORIC_STATE; one that equalled the stored value is NO_OP', async () => {
    const first = traceIdOf(
      await api.post('/openapi/v3/entity/dataset', [item(DS_B, { globalTags: tags('urn:li:tag:1') })]),
    );
    const second = traceIdOf(
      await api.post('/openapi/v3/entity/dataset', [item(DS_B, { globalTags: tags('urn:li:tag:2') })]),
    );
    const same = traceIdOf(
      await api.post('/openapi/v3/entity/dataset', [item(DS_B, { globalTags: tags('urn:li:tag:2') })]),
    );
    const ask = { [DS_B]: ['globalTags'] };
    assert.deepEqual((await api.trace(first, ask)).body, { [DS_B]: { globalTags: historic } });
    assert.deepEqual((await api.trace(second, ask)).body, { [DS_B]: { globalTags: active } });
    assert.deepEqual((await api.trace(same, ask)).body, { [DS_B]: { globalTags: noOp } });
  });

  it("onlyIncludeErrors defaults to true, as DataHub's: only failed aspects, urns without any left out", async () => {
    const traceId = traceIdOf(
      await api.post('/openapi/v3/entity/tag', [item('urn:li:tag:traced', { tagProperties: { name: 'traced' } })]),
    );
    const ask = { 'urn:li:tag:traced': ['tagProperties', 'ownership'], [S.legacy]: ['tagProperties'] };
    const r = await api.trace(traceId, ask, '');
    assert.deepEqual(r.body, {
      'urn:li:tag:traced': { ownership: notStored },
      [S.legacy]: {
        tagProperties: {
          ...notStored,
          primaryStorage: { writeStatus: 'ERROR', writeMessage: 'The stored value was not written by this trace.' },
        },
      },
    });
    assert.deepEqual(
      (await api.trace(traceId, { 'urn:li:tag:traced': ['tagProperties'] }, 'onlyIncludeErrors=true')).body,
      {},
    );
  });

  it('a bad trace id, a body that is not urn → aspect names, an invalid urn and a bad flag are 400s', async () => {
    const id = '0'.repeat(32);
    assert.deepEqual(
      strip(await api.trace('abc', {})),
      error(
        400,
        'traceId: expected 32 hex digits or a traceparent header value (00-<trace id>-<span id>-01), got "abc"',
      ),
    );
    assert.deepEqual(
      strip(await api.trace(id, [DS_A])),
      error(400, 'Request body must be a JSON object of urn → list of aspect names, got an array'),
    );
    assert.deepEqual(
      strip(await api.trace(id, { [DS_A]: 'status' })),
      error(400, `${DS_A}: expected a list of aspect names, got the string "status"`),
    );
    assert.deepEqual(
      strip(await api.trace(id, { 'urn:li:dataset:bad': ['status'] })),
      error(
        400,
        'urn:li:dataset:bad: Invalid urn "urn:li:dataset:bad": a dataset urn has the form urn:li:dataset:(urn:li:dataPlatform:<platform>,<name>,<env>)',
      ),
    );
    assert.deepEqual(
      strip(await api.trace(id, {}, 'detailed=maybe')),
      error(400, 'detailed: expected true or false, got "maybe"'),
    );
  });
});

describe('/config (docs/datahub/rest-cli.md §3)', () => {
  let s: GqlServer;
  before(async () => {
    s = await startSampleServer({ sample: false });
  });
  after(() => s.close());

  it('advertises the DataHub version of our pinned client (so SDK clients write through OpenAPI v3) and the GraphQL schema hash', async () => {
    const r = await fetch(`${s.server.url}/config`);
    const body = (await r.json()) as any;
    assert.equal(body.noCode, 'true');
    assert.equal(body.patchCapable, true);
    assert.equal(DATAHUB_VERSION, 'v1.7.0.1');
    assert.equal(body.versions['acryldata/datahub'].version, 'v1.7.0.1');
    const hash = schemaHashOf(loadSdl());
    assert.match(hash, /^[0-9a-f]{64}$/);
    assert.equal(body.graphQL.schemaHash, hash);
    // DataHub's client keys its cached introspection by the commit, so the commit follows the SDL too.
    assert.ok(
      body.versions['acryldata/datahub'].commit.endsWith(hash.slice(0, 12)),
      body.versions['acryldata/datahub'].commit,
    );
  });

  it('the schema hash changes whenever the SDL text changes, and only then', () => {
    const sdl = loadSdl();
    assert.equal(schemaHashOf(sdl), schemaHashOf(`${sdl}`));
    assert.notEqual(schemaHashOf(`${sdl}\n# one more comment`), schemaHashOf(sdl));
    assert.notEqual(schemaHashOf(sdl.replace('type Query', 'type  Query')), schemaHashOf(sdl));
  });
});

describe('fuzz: OpenAPI writes and trace requests', () => {
  const urnish = fc.oneof(
    fc.constantFrom(DS_A, S.hiveSample, S.jdoe, 'urn:li:dataset:(', '', 'urn:li:tag:t'),
    fc.string({ maxLength: 20 }),
  );
  const aspectName = fc.oneof(
    fc.constantFrom(
      'globalTags',
      'ownership',
      'status',
      'datasetKey',
      'corpUserKey',
      'documentInfo',
      '1bad',
      '__proto__',
      '',
    ),
    fc.string({ maxLength: 8 }),
  );
  const entry = fc.oneof(
    fc.record(
      {
        value: fc.oneof(
          fc.anything(),
          fc.constant(tags('urn:li:tag:f')),
          fc.record({ patch: fc.anything(), arrayPrimaryKeys: fc.anything() }, { requiredKeys: ['patch'] }),
        ),
        systemMetadata: fc.anything(),
        headers: fc.anything(),
      },
      { requiredKeys: [] },
    ),
    fc.anything(),
  );
  const item = fc.oneof(
    fc.dictionary(aspectName, entry, { maxKeys: 3 }).chain((aspects) => urnish.map((urn) => ({ urn, ...aspects }))),
    fc.anything(),
  );
  const body = fc.oneof(fc.array(item, { maxLength: 4 }), fc.anything());

  it('parsing accepts a body or refuses it with a typed 4xx error, whatever it is given', () => {
    fc.assert(
      fc.property(
        body,
        fc.constantFrom('dataset', 'tag', 'x'),
        fc.constantFrom('UPSERT', 'PATCH') as fc.Arbitrary<'UPSERT' | 'PATCH'>,
        (raw, type, mode) => {
          try {
            parseEntityWrites(raw, type, mode);
          } catch (e) {
            assert.ok(
              e instanceof CatalogError && e.code >= 400 && e.code < 500,
              `not a typed client error: ${String(e)}`,
            );
          }
          try {
            parseTraceRequest(raw);
          } catch (e) {
            assert.ok(e instanceof CatalogError && e.code === 400, `not a typed client error: ${String(e)}`);
          }
        },
      ),
      { numRuns: propertyRuns(400) },
    );
  });

  it('over HTTP: never a 5xx, and a refused request writes nothing', async () => {
    const s = await startSampleServer();
    try {
      const api = client(s.server.url);
      const snapshot = () => {
        s.store.refresh();
        return JSON.stringify([...exportEntities(s.store, exportTypes(s.store))]);
      };
      await fc.assert(
        fc.asyncProperty(body, fc.constantFrom('POST', 'PATCH', 'TRACE'), async (raw, method) => {
          const before = snapshot();
          const r =
            method === 'TRACE'
              ? await api.trace('0'.repeat(32), raw)
              : await api.send(method, '/openapi/v3/entity/dataset', raw);
          assert.ok(r.status < 500, `${method} ${JSON.stringify(raw)} → ${r.status} ${JSON.stringify(r.body)}`);
          if (r.status >= 400)
            assert.equal(snapshot(), before, `${method} ${JSON.stringify(raw)} was refused but wrote`);
        }),
        { numRuns: propertyRuns(60) },
      );
    } finally {
      await s.close();
    }
  });
});
