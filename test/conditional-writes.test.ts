// DataHub's conditional writes (If-Version-Match, If-None-Match, If-Modified-Since,
// If-Unmodified-Since), CREATE / CREATE_ENTITY, runId and lastObserved, over a real server on a temp
// data file: each check passing and failing, with DataHub's status and message, and a refused batch
// writing nothing.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startServer, type RunningServer } from '../src/server/server.ts';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import type { Store } from '../src/store/store.ts';
import { tempDataPath } from './helpers.ts';

const DS = 'urn:li:dataset:(urn:li:dataPlatform:hive,cw.orders,PROD)';
const DS2 = 'urn:li:dataset:(urn:li:dataPlatform:hive,cw.customers,PROD)';

interface Reply {
  status: number;
  body: any;
}

const mcp = (urn: string, aspectName: string, value: unknown, extra: Record<string, unknown> = {}) => ({
  entityType: 'dataset',
  entityUrn: urn,
  changeType: 'UPSERT',
  aspectName,
  aspect: { value: JSON.stringify(value), contentType: 'application/json' },
  ...extra,
});
const desc = (description: string) => ({ description });
const refused = (text: string) => `Failed to validate MCP due to: ValidationExceptionCollection{${text}}`;

describe('conditional writes, CREATE semantics and run ids', () => {
  let store: Store;
  let server: RunningServer;
  const send = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply> => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text === '' ? undefined : JSON.parse(text) };
  };
  const one = (proposal: unknown) => send('POST', '/aspects?action=ingestProposal', { proposal });
  const batch = (proposals: unknown[]) => send('POST', '/aspects?action=ingestProposalBatch', { proposals });
  const stored = (urn: string, aspect: string) => store.getAspect(urn, aspect);
  const description = (urn: string) =>
    (stored(urn, 'editableDatasetProperties')?.value as { description?: string } | undefined)?.description;

  before(async () => {
    store = openCatalog(tempDataPath());
    server = await startServer({ store, port: 0 });
  });
  after(async () => {
    await server.close();
    await store.close();
  });

  it("If-Version-Match: a stale version refuses the whole batch with 422 and DataHub's message; the current one writes", async () => {
    assert.equal((await one(mcp(DS, 'editableDatasetProperties', desc('v1')))).status, 200);
    assert.equal(stored(DS, 'editableDatasetProperties')?.systemMetadata?.['version'], '1');
    const r = await batch([
      mcp(DS2, 'editableDatasetProperties', desc('other')),
      mcp(DS, 'editableDatasetProperties', desc('stale'), { headers: { 'If-Version-Match': '3' } }),
    ]);
    assert.deepEqual(r, {
      status: 422,
      body: {
        status: 422,
        message: refused(
          `EntityAspect:(${DS},editableDatasetProperties) Exceptions: [PRECONDITION Expected version 3, actual version 1]`,
        ),
      },
    });
    assert.equal(description(DS), 'v1');
    assert.equal(store.getEntity(DS2), undefined, 'nothing of the refused batch is written');
    assert.equal(
      (await one(mcp(DS, 'editableDatasetProperties', desc('v2'), { headers: { 'If-Version-Match': '1' } }))).status,
      200,
    );
    assert.equal(description(DS), 'v2');
    assert.equal(stored(DS, 'editableDatasetProperties')?.systemMetadata?.['version'], '2');
  });

  it('If-Version-Match: -1 is an absent aspect, and any CREATE', async () => {
    const r = await one(mcp(DS, 'globalTags', { tags: [] }, { headers: { 'If-Version-Match': '1' } }));
    assert.deepEqual(
      r.body.message,
      refused(`EntityAspect:(${DS},globalTags) Exceptions: [PRECONDITION Expected version 1, actual version -1]`),
    );
    assert.equal(stored(DS, 'globalTags'), undefined);
    assert.equal(
      (await one(mcp(DS, 'globalTags', { tags: [] }, { headers: { 'If-Version-Match': '-1' } }))).status,
      200,
    );
    const create = await one(
      mcp(DS, 'editableDatasetProperties', desc('x'), {
        changeType: 'CREATE',
        headers: { 'If-Version-Match': '2', 'If-None-Match': '*' },
      }),
    );
    assert.equal(
      create.body.message,
      refused(
        `EntityAspect:(${DS},editableDatasetProperties) Exceptions: [PRECONDITION Expected version 2, actual version -1]`,
      ),
    );
  });

  it('If-Version-Match holds for a DELETE too: a stale version keeps the aspect, the current one deletes it', async () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,cw.deleted,PROD)';
    assert.equal((await one(mcp(urn, 'editableDatasetProperties', desc('v1')))).status, 200);
    assert.equal((await one(mcp(urn, 'editableDatasetProperties', desc('v2')))).status, 200);
    const remove = (version: string) => ({
      entityType: 'dataset',
      entityUrn: urn,
      changeType: 'DELETE',
      aspectName: 'editableDatasetProperties',
      headers: { 'If-Version-Match': version },
    });
    const r = await one(remove('1'));
    assert.deepEqual(r, {
      status: 422,
      body: {
        status: 422,
        message: refused(
          `EntityAspect:(${urn},editableDatasetProperties) Exceptions: [PRECONDITION Expected version 1, actual version 2]`,
        ),
      },
    });
    assert.equal(description(urn), 'v2');
    assert.equal((await one(remove('2'))).status, 200);
    assert.equal(stored(urn, 'editableDatasetProperties'), undefined);
  });

  it('If-Unmodified-Since and If-Modified-Since compare ISO-8601 instants with the current audit time', async () => {
    const time = stored(DS, 'editableDatasetProperties')!.created.time;
    const iso = (ms: number) => new Date(ms).toISOString();
    const stale = await one(
      mcp(DS, 'editableDatasetProperties', desc('late'), { headers: { 'If-Unmodified-Since': iso(time - 1000) } }),
    );
    assert.deepEqual(stale, {
      status: 422,
      body: {
        status: 422,
        message: refused(
          `EntityAspect:(${DS},editableDatasetProperties) Exceptions: [PRECONDITION Item last modified ${time} > ${time - 1000} (epoch ms)]`,
        ),
      },
    });
    const notModified = await one(
      mcp(DS, 'editableDatasetProperties', desc('late'), { headers: { 'If-Modified-Since': iso(time + 1000) } }),
    );
    assert.equal(
      notModified.body.message,
      refused(
        `EntityAspect:(${DS},editableDatasetProperties) Exceptions: [PRECONDITION Item last modified ${time} <= ${time + 1000} (epoch ms)]`,
      ),
    );
    const absent = await one(mcp(DS, 'ownership', { owners: [] }, { headers: { 'If-Modified-Since': iso(0) } }));
    assert.equal(
      absent.body.message,
      refused(
        `EntityAspect:(${DS},ownership) Exceptions: [PRECONDITION Item last modified -9223372036854775808 <= 0 (epoch ms)]`,
      ),
    );
    assert.equal(description(DS), 'v2');
    const bad = await one(
      mcp(DS, 'editableDatasetProperties', desc('late'), { headers: { 'If-Unmodified-Since': 'yesterday' } }),
    );
    assert.deepEqual(bad, {
      status: 400,
      body: {
        status: 400,
        message:
          'proposal: headers.If-Unmodified-Since: expected an ISO-8601 instant such as 2026-01-31T12:00:00Z, got "yesterday"',
      },
    });
    assert.equal(
      (
        await one(
          mcp(DS, 'editableDatasetProperties', desc('v3'), {
            headers: { 'If-Unmodified-Since': iso(time), 'If-Modified-Since': iso(time - 1) },
          }),
        )
      ).status,
      200,
    );
    assert.equal(description(DS), 'v3');
  });

  it('RESTATE skips the preconditions', async () => {
    assert.equal(
      (
        await one(
          mcp(DS, 'editableDatasetProperties', desc('v4'), {
            changeType: 'RESTATE',
            headers: { 'If-Version-Match': '99' },
          }),
        )
      ).status,
      200,
    );
    assert.equal(description(DS), 'v4');
  });

  it('CREATE refuses an aspect that exists, CREATE_ENTITY an entity that exists; with If-None-Match: * they are dropped and the rest of the batch is written', async () => {
    const r = await batch([
      mcp(DS2, 'status', { removed: false }),
      mcp(DS, 'editableDatasetProperties', desc('created'), { changeType: 'CREATE' }),
    ]);
    assert.deepEqual(r, {
      status: 422,
      body: {
        status: 422,
        message: refused(
          `EntityAspect:(${DS},editableDatasetProperties) Exceptions: [VALIDATION Cannot perform CREATE since the aspect already exists.]`,
        ),
      },
    });
    const e = await one(mcp(DS, 'ownership', { owners: [] }, { changeType: 'CREATE_ENTITY' }));
    assert.equal(
      e.body.message,
      refused(
        `EntityAspect:(${DS},ownership) Exceptions: [VALIDATION Cannot perform CREATE_ENTITY if not exists since the entity key already exists.]`,
      ),
    );
    assert.equal(store.getEntity(DS2), undefined);
    const kept = await batch([
      mcp(DS2, 'status', { removed: false }),
      mcp(DS, 'editableDatasetProperties', desc('created'), {
        changeType: 'CREATE',
        headers: { 'If-None-Match': '*' },
      }),
      mcp(DS, 'ownership', { owners: [] }, { changeType: 'CREATE_ENTITY', headers: { 'If-None-Match': '*' } }),
    ]);
    assert.equal(kept.status, 200);
    assert.equal(description(DS), 'v4', 'the CREATE of an existing aspect is dropped');
    assert.equal(stored(DS, 'ownership'), undefined, 'the CREATE_ENTITY of an existing entity is dropped');
    assert.deepEqual(stored(DS2, 'status')?.value, { removed: false });
    // A CREATE of what does not exist writes.
    assert.equal((await one(mcp(DS2, 'editableDatasetProperties', desc('new'), { changeType: 'CREATE' }))).status, 200);
    assert.equal(description(DS2), 'new');
    const DS3 = 'urn:li:dataset:(urn:li:dataPlatform:hive,cw.fresh,PROD)';
    assert.equal((await one(mcp(DS3, 'status', { removed: false }, { changeType: 'CREATE_ENTITY' }))).status, 200);
    assert.deepEqual(stored(DS3, 'status')?.value, { removed: false });
  });

  it('runId defaults to no-run-id-provided; the same value again adds no version, refreshes lastObserved and runId, and keeps the old runId as lastRunId', async () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,cw.runs,PROD)';
    await one(mcp(urn, 'status', { removed: true }));
    const first = stored(urn, 'status')!;
    assert.equal(first.systemMetadata?.['runId'], 'no-run-id-provided');
    assert.equal(typeof first.systemMetadata?.['lastObserved'], 'number');
    await new Promise((r) => setTimeout(r, 5));
    await one(mcp(urn, 'status', { removed: true }, { systemMetadata: { runId: 'run-2' } }));
    const again = stored(urn, 'status')!;
    assert.equal(again.systemMetadata?.['version'], '1');
    assert.equal(again.systemMetadata?.['runId'], 'run-2');
    assert.equal(again.systemMetadata?.['lastRunId'], 'no-run-id-provided');
    assert.ok((again.systemMetadata?.['lastObserved'] as number) > (first.systemMetadata?.['lastObserved'] as number));
  });

  it("a record whose systemMetadata.version is set does not give that version to the entity's key aspect", async () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,cw.pulled,PROD)';
    await one(mcp(urn, 'status', { removed: false }, { systemMetadata: { version: '4', runId: 'pull' } }));
    const key = stored(urn, 'datasetKey')!;
    assert.equal(key.systemMetadata?.['version'], undefined);
    assert.equal(key.systemMetadata?.['runId'], 'pull');
  });

  describe('OpenAPI v3 writes', () => {
    const URN = 'urn:li:dataset:(urn:li:dataPlatform:hive,cw.v3,PROD)';
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      send('POST', '/openapi/v3/entity/dataset?async=false', body, headers);
    const item = (urn: string, aspect: string, value: unknown, headers?: Record<string, string>) => ({
      urn,
      [aspect]: { value, ...(headers && { headers }) },
    });

    it('a per-aspect If-Version-Match that fails answers 412 Precondition Error and writes nothing of the request', async () => {
      assert.equal((await post([item(URN, 'editableDatasetProperties', desc('a'))])).status, 200);
      const r = await post([
        item(DS2, 'globalTags', { tags: [] }),
        item(URN, 'editableDatasetProperties', desc('b'), { 'If-Version-Match': '7' }),
      ]);
      assert.deepEqual(r, {
        status: 412,
        body: {
          error: 'Precondition Error',
          message: refused(
            `EntityAspect:(${URN},editableDatasetProperties) Exceptions: [PRECONDITION Expected version 7, actual version 1]`,
          ),
        },
      });
      assert.equal(description(URN), 'a');
      assert.equal(stored(DS2, 'globalTags'), undefined);
      assert.equal(
        (await post([item(URN, 'editableDatasetProperties', desc('b'), { 'If-Version-Match': '1' })])).status,
        200,
      );
      assert.equal(description(URN), 'b');
    });

    it('the HTTP headers apply to every aspect of the request', async () => {
      const r = await post([item(URN, 'editableDatasetProperties', desc('c'))], { 'If-Version-Match': '1' });
      assert.deepEqual(r, {
        status: 412,
        body: {
          error: 'Precondition Error',
          message: refused(
            `EntityAspect:(${URN},editableDatasetProperties) Exceptions: [PRECONDITION Expected version 1, actual version 2]`,
          ),
        },
      });
      assert.equal(
        (await post([item(URN, 'editableDatasetProperties', desc('c'))], { 'If-Version-Match': '2' })).status,
        200,
      );
      assert.equal(description(URN), 'c');
    });

    it('a bad time header is a 400 naming it', async () => {
      const r = await post([item(URN, 'editableDatasetProperties', desc('d'))], { 'If-Unmodified-Since': 'soon' });
      assert.deepEqual(r, {
        status: 400,
        body: {
          status: 400,
          message: 'headers.If-Unmodified-Since: expected an ISO-8601 instant such as 2026-01-31T12:00:00Z, got "soon"',
        },
      });
    });
  });

  describe('POST /runs?action=rollback', () => {
    const R1 = 'urn:li:dataset:(urn:li:dataPlatform:hive,rb.kept,PROD)';
    const R2 = 'urn:li:dataset:(urn:li:dataPlatform:hive,rb.new,PROD)';
    const rollback = (body: unknown) => send('POST', '/runs?action=rollback', body);

    it("a dry run reports what the run wrote, with DataHub's counts, and changes nothing; the rollback restores the previous values and deletes what the run created", async () => {
      await batch([
        mcp(R1, 'editableDatasetProperties', desc('before'), { systemMetadata: { runId: 'base' } }),
        mcp(R1, 'status', { removed: false }, { systemMetadata: { runId: 'base' } }),
      ]);
      await batch([
        mcp(R1, 'editableDatasetProperties', desc('after'), { systemMetadata: { runId: 'push-1' } }),
        mcp(R1, 'globalTags', { tags: [{ tag: 'urn:li:tag:t' }] }, { systemMetadata: { runId: 'push-1' } }),
        mcp(R2, 'status', { removed: false }, { systemMetadata: { runId: 'push-1' } }),
      ]);
      const dry = await rollback({ runId: 'push-1', dryRun: true, safe: true });
      assert.equal(dry.status, 200);
      assert.deepEqual(
        {
          ...dry.body.value,
          aspectRowSummaries: dry.body.value.aspectRowSummaries
            .map((r: any) => [r.urn, r.aspectName, r.runId, r.keyAspect])
            .sort(),
        },
        {
          runId: 'push-1',
          // Under safe, a dry run leaves the key aspect out of its rows and of aspectsReverted, as DataHub's does.
          aspectRowSummaries: [
            [R1, 'editableDatasetProperties', 'push-1', false],
            [R1, 'globalTags', 'push-1', false],
            [R2, 'status', 'push-1', false],
          ].sort(),
          entitiesAffected: 2,
          entitiesDeleted: 1,
          // Aspects of other runs on the entities the run created: R2 has none.
          aspectsAffected: 0,
          aspectsReverted: 3,
          unsafeEntitiesCount: 0,
          unsafeEntities: [],
        },
      );
      assert.equal(description(R1), 'after', 'a dry run changes nothing');
      assert.ok(store.getEntity(R2));
      const done = await rollback({ runId: 'push-1', dryRun: false, safe: true });
      assert.deepEqual(
        [done.body.value.aspectRowSummaries.length, done.body.value.aspectsReverted, done.body.value.aspectsAffected],
        [4, 4, 0],
        'the rollback itself lists and counts the key aspect',
      );
      assert.equal(description(R1), 'before');
      assert.equal(stored(R1, 'editableDatasetProperties')?.systemMetadata?.['runId'], 'base');
      assert.equal(stored(R1, 'editableDatasetProperties')?.systemMetadata?.['version'], '1');
      assert.equal(stored(R1, 'globalTags'), undefined);
      assert.deepEqual(stored(R1, 'status')?.value, { removed: false });
      assert.equal(store.getEntity(R2), undefined, 'the entity the run created is gone');
      const again = await rollback({ runId: 'push-1', dryRun: false, safe: true });
      assert.deepEqual(
        [again.body.value.entitiesAffected, again.body.value.aspectsReverted, again.body.value.aspectRowSummaries],
        [0, 0, []],
      );
    });

    it('safe leaves an entity the run created but that has aspects of other runs, and reports it', async () => {
      const U = 'urn:li:dataset:(urn:li:dataPlatform:hive,rb.unsafe,PROD)';
      await one(mcp(U, 'status', { removed: false }, { systemMetadata: { runId: 'made' } }));
      await one(mcp(U, 'globalTags', { tags: [] }, { systemMetadata: { runId: 'later' } }));
      const r = await rollback({ runId: 'made', dryRun: false, safe: true });
      assert.deepEqual(r.body.value.unsafeEntities, [{ urn: U }]);
      assert.equal(r.body.value.unsafeEntitiesCount, 1);
      // Nothing of it is hidden or deleted: DataHub's CLI warns of none.
      assert.deepEqual([r.body.value.aspectsAffected, r.body.value.entitiesAffected], [0, 0]);
      assert.ok(stored(U, 'status'));
      const dry = await rollback({ runId: 'made', dryRun: true, safe: false });
      assert.deepEqual(
        [dry.body.value.aspectsAffected, dry.body.value.aspectsReverted, dry.body.value.unsafeEntitiesCount],
        [1, 2, 1],
        'without safe, a dry run counts the aspect of the other run that goes with the entity',
      );
      const nuked = await rollback({ runId: 'made', dryRun: false, safe: false });
      assert.deepEqual(
        [nuked.body.value.aspectsAffected, nuked.body.value.aspectsReverted, nuked.body.value.entitiesDeleted],
        [1, 3, 1],
      );
      assert.equal(store.getEntity(U), undefined, 'without safe, undoing the key aspect deletes the entity');
    });

    it('a request without a runId or with a bad flag is a 400', async () => {
      assert.deepEqual(await rollback({ dryRun: true }), {
        status: 400,
        body: { status: 400, message: 'runId: required string is missing' },
      });
      assert.deepEqual(await rollback({ runId: 'x', dryRun: 'maybe' }), {
        status: 400,
        body: { status: 400, message: 'dryRun: expected true or false, got "maybe"' },
      });
    });
  });

  describe('POST /runs?action=list and ?action=describe', () => {
    const L1 = 'urn:li:dataset:(urn:li:dataPlatform:hive,runs.one,PROD)';
    const L2 = 'urn:li:dataset:(urn:li:dataPlatform:hive,runs.two,PROD)';
    const run = (runId: string) => ({ systemMetadata: { runId } });
    // When the server wrote the aspect (its lastObserved).
    const observed = (urn: string, aspect: string) => stored(urn, aspect)?.systemMetadata?.['lastObserved'];
    const list = async (body: unknown) => (await send('POST', '/runs?action=list', body)).body.value;
    const mine = (runs: any[]) => runs.filter((r) => r.runId.startsWith('runs-'));

    before(async () => {
      await batch([mcp(L1, 'status', { removed: false }, run('runs-old'))]);
      await batch([mcp(L1, 'editableDatasetProperties', desc('one'), run('runs-old'))]);
      await batch([mcp(L2, 'status', { removed: true }, run('runs-gone'))]);
      await one(mcp(L1, 'globalTags', { tags: [] }, run('runs-new')));
    });

    it('list: each run id with its rows (the aspects whose latest version it wrote) and latest time, newest first, in pages; a run whose rows are all soft-deleted only with includeSoft', async () => {
      assert.deepEqual(mine(await list({ pageOffset: 0, pageSize: 100, includeSoft: false })), [
        { runId: 'runs-new', timestamp: observed(L1, 'globalTags'), rows: 1 },
        // The entity's key aspect came with the run's first write.
        { runId: 'runs-old', timestamp: observed(L1, 'editableDatasetProperties'), rows: 3 },
      ]);
      assert.deepEqual(
        mine(await list({ pageOffset: 0, pageSize: 100, includeSoft: true }))
          .map((r: any) => [r.runId, r.rows])
          .sort(),
        [
          ['runs-gone', 2],
          ['runs-new', 1],
          ['runs-old', 3],
        ],
      );
      const all = await list({});
      assert.equal(all.length, (await list({ pageOffset: 0, pageSize: 100 })).length, 'defaults: offset 0, 100 runs');
      assert.deepEqual(await list({ pageOffset: 1, pageSize: 1 }), [all[1]]);
    });

    it('describe: the rows of one run by entity and aspect, one page; includeAspect adds each latest value', async () => {
      const rows = (await send('POST', '/runs?action=describe', { runId: 'runs-old', start: 0, count: 10 })).body.value;
      assert.deepEqual(
        rows.map((r: any) => [r.urn, r.aspectName, r.keyAspect, r.runId]),
        [
          [L1, 'datasetKey', true, 'runs-old'],
          [L1, 'editableDatasetProperties', false, 'runs-old'],
          [L1, 'status', false, 'runs-old'],
        ],
      );
      assert.equal(rows[1].timestamp, observed(L1, 'editableDatasetProperties'));
      assert.equal(rows[1].aspect, undefined);
      const page = await send('POST', '/runs?action=describe', {
        runId: 'runs-old',
        start: 1,
        count: 1,
        includeAspect: true,
      });
      assert.deepEqual(page.body.value, [{ ...rows[1], aspect: desc('one') }]);
      const gone = { runId: 'runs-gone', start: 0, count: 10 };
      assert.deepEqual((await send('POST', '/runs?action=describe', gone)).body.value, []);
      assert.equal((await send('POST', '/runs?action=describe', { ...gone, includeSoft: true })).body.value.length, 2);
    });

    it('a bad page parameter, a describe without start or count, or without a runId is a 400 naming it', async () => {
      assert.deepEqual(await send('POST', '/runs?action=list', { pageSize: 'ten' }), {
        status: 400,
        body: { status: 400, message: 'pageSize: expected a non-negative integer, got "ten"' },
      });
      assert.deepEqual(await send('POST', '/runs?action=list', { includeSoft: 'yes' }), {
        status: 400,
        body: { status: 400, message: 'includeSoft: expected true or false, got "yes"' },
      });
      assert.deepEqual(await send('POST', '/runs?action=describe', { runId: 'runs-old', count: 1 }), {
        status: 400,
        body: { status: 400, message: 'start: required integer is missing' },
      });
      assert.deepEqual(await send('POST', '/runs?action=describe', { start: 0, count: 1 }), {
        status: 400,
        body: { status: 400, message: 'runId: required string is missing' },
      });
    });
  });

  describe('full reads', () => {
    const T1 = 'urn:li:dataset:(urn:li:dataPlatform:hive,fr.a,PROD)';
    const T2 = 'urn:li:dataset:(urn:li:dataPlatform:hive,fr.b,PROD)';
    const TAG = 'urn:li:tag:fr-tag';
    before(async () => {
      await batch([
        mcp(T1, 'status', { removed: false }),
        mcp(T2, 'status', { removed: false }),
        {
          entityType: 'tag',
          entityUrn: TAG,
          changeType: 'UPSERT',
          aspectName: 'tagProperties',
          aspect: { value: JSON.stringify({ name: 'fr' }), contentType: 'application/json' },
        },
      ]);
    });

    it("POST /openapi/v3/entity/scroll pages over several types with the aspects asked for, in the single-type scroll's shape", async () => {
      const all: any[] = [];
      let scrollId: string | null = null;
      let pages = 0;
      do {
        const qs: string = `count=3${scrollId ? `&scrollId=${encodeURIComponent(scrollId)}` : ''}`;
        const r = await send('POST', `/openapi/v3/entity/scroll?${qs}`, {
          entities: ['dataset', 'tag'],
          aspects: ['status', 'tagProperties'],
        });
        assert.equal(r.status, 200, JSON.stringify(r.body));
        all.push(...r.body.entities);
        scrollId = r.body.scrollId;
        pages++;
      } while (scrollId && pages < 20);
      const urns = all.map((e) => e.urn);
      assert.ok(urns.includes(T1) && urns.includes(T2) && urns.includes(TAG), urns.join(' '));
      assert.equal(new Set(urns).size, urns.length, 'no entity twice');
      assert.deepEqual(
        all.find((e) => e.urn === TAG),
        { urn: TAG, tagProperties: { value: { name: 'fr' } } },
      );
      assert.deepEqual(
        all.find((e) => e.urn === T1),
        { urn: T1, status: { value: { removed: false } } },
      );
      const single = await send('GET', `/openapi/v3/entity/tag?count=100&aspects=tagProperties`);
      const multi = await send('POST', '/openapi/v3/entity/scroll?count=100', {
        entities: ['tag'],
        aspects: ['tagProperties'],
      });
      assert.deepEqual(multi.body, single.body);
      assert.deepEqual(await send('POST', '/openapi/v3/entity/scroll', { entities: 'tag' }), {
        status: 400,
        body: { status: 400, message: 'entities: expected an array of strings, got the string "tag"' },
      });
    });

    it('GET /entitiesV2?ids=List(…) answers {"results": {urn: EntityResponse}} as /entitiesV2/{urn} shapes each, for the entities that exist', async () => {
      const missing = 'urn:li:dataset:(urn:li:dataPlatform:hive,fr.none,PROD)';
      const ids = [T1, T2, missing].map(encodeURIComponent).join(',');
      const r = await send('GET', `/entitiesV2?ids=List(${ids})&aspects=List(status)`);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.deepEqual(Object.keys(r.body.results).sort(), [T1, T2].sort());
      const one = await send('GET', `/entitiesV2/${encodeURIComponent(T1)}?aspects=List(status)`);
      assert.deepEqual(r.body.results[T1], one.body);
      assert.deepEqual(await send('GET', '/entitiesV2?aspects=List(status)'), {
        status: 400,
        body: { status: 400, message: 'ids: the query parameter is required (ids=List(<url-encoded urn>,…))' },
      });
      const bad = await send('GET', '/entitiesV2?ids=List(nope)');
      assert.equal(bad.status, 400);
      assert.match(bad.body.message, /^ids\[0\]: Invalid urn "nope"/);
    });
  });
});
