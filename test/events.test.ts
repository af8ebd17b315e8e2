// The change event log and DataHub's events API (issue 47, Deliver 1 and 2): every committed change
// logs its EntityChangeEvents in its own transaction, computed by the timeline's differs; offsets are
// monotonic and survive a restart; `GET /openapi/v1/events/poll` answers DataHub's shape, long-polls,
// and refuses bad input with DataHub's statuses.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { verifyCatalog } from '../src/ops/admin/verify.ts';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { writeAspect } from '../src/ops/core/writeAspect.ts';
import { hardDelete } from '../src/ops/entities/deleteEntity.ts';
import { pollEvents, readEvents, setRetention } from '../src/ops/events/poll.ts';
import { ingestProposals } from '../src/ops/ingest/ingestProposals.ts';
import { rollbackRun } from '../src/ops/ingest/rollbackRun.ts';
import type { Store } from '../src/store/store.ts';
import { startSampleServer, type GqlServer } from './graphql-helpers.ts';
import { tempDataPath } from './helpers.ts';

const D = 'urn:li:dataset:(urn:li:dataPlatform:hive,events_a,PROD)';
const E = 'urn:li:dataset:(urn:li:dataPlatform:hive,events_b,PROD)';
const stamp = (time = Date.now()) => ({ actor: 'urn:li:corpuser:ann', time });
const tags = (...names: string[]) => ({ tags: names.map((n) => ({ tag: `urn:li:tag:${n}` })) });

/** Every event after `after`, as `category operation entityUrn modifier`. */
const summary = (store: Store, after = 0) =>
  readEvents(store, after, 5000).events.map((e) =>
    [e.event['category'], e.event['operation'], e.event['entityUrn'], e.event['modifier']].filter(Boolean).join(' '),
  );

describe('the change event log', () => {
  const path = tempDataPath();
  let store: Store;
  before(() => {
    store = openCatalog(path);
  });
  after(() => store.close());

  it('logs DataHub’s EntityChangeEvents of each committed change, from the timeline’s differs', async () => {
    const at = stamp();
    await store.write((txn) => {
      writeAspect(txn, at, D, 'globalTags', tags('pii'));
      writeAspect(txn, at, D, 'ownership', { owners: [{ owner: 'urn:li:corpuser:bo', type: 'DATAOWNER' }] });
      writeAspect(txn, at, D, 'editableSchemaMetadata', {
        editableSchemaFieldInfo: [{ fieldPath: 'email', description: 'The address' }],
      });
      writeAspect(txn, at, D, 'deprecation', { deprecated: true, note: 'old', actor: at.actor });
    });
    const page = readEvents(store, 0, 100);
    assert.deepEqual(summary(store), [
      `LIFECYCLE CREATE ${D}`,
      `TAG ADD ${D} urn:li:tag:pii`,
      `OWNER ADD ${D} urn:li:corpuser:bo`,
      `DOCUMENTATION ADD urn:li:schemaField:(${D},email) email`,
      `DEPRECATION MODIFY ${D}`,
    ]);
    assert.deepEqual(page.events[1]!.event, {
      entityType: 'dataset',
      entityUrn: D,
      category: 'TAG',
      operation: 'ADD',
      modifier: 'urn:li:tag:pii',
      parameters: { tagUrn: 'urn:li:tag:pii', context: '{}' },
      auditStamp: at,
      version: 0,
    });
    assert.equal(page.events[3]!.event['entityType'], 'schemaField');
    assert.deepEqual(page.events[3]!.event['parameters'], { description: 'The address' });
  });

  it('a change that is rolled back logs nothing; one that changes nothing logs no event', async () => {
    const before = store.eventLog.nextOffset();
    await assert.rejects(
      store.write((txn) => {
        writeAspect(txn, stamp(), D, 'globalTags', tags('pii', 'gone'));
        throw new Error('boom');
      }),
      /boom/,
    );
    await store.write((txn) => writeAspect(txn, stamp(), D, 'globalTags', tags('pii')));
    assert.equal(store.eventLog.nextOffset(), before);
  });

  it('keeps the events of a change whose values are deleted or reverted afterwards', async () => {
    const from = store.eventLog.nextOffset() - 1;
    await store.write((txn) => writeAspect(txn, stamp(), E, 'globalTags', tags('a')));
    await store.write((txn) => writeAspect(txn, stamp(), E, 'globalTags', tags('a', 'b')));
    await store.write((txn) => txn.revertAspect(E, 'globalTags'));
    await store.write((txn) => txn.deleteAspect(E, 'globalTags'));
    await store.write((txn) => txn.deleteEntity(E));
    assert.deepEqual(summary(store, from), [
      `LIFECYCLE CREATE ${E}`,
      `TAG ADD ${E} urn:li:tag:a`,
      `TAG ADD ${E} urn:li:tag:b`,
      `TAG REMOVE ${E} urn:li:tag:b`,
      `TAG REMOVE ${E} urn:li:tag:a`,
      `LIFECYCLE HARD_DELETE ${E}`,
    ]);
  });

  it('a delete’s and a revert’s events carry the operation’s own time and actor', async () => {
    const F = 'urn:li:dataset:(urn:li:dataPlatform:hive,events_f,PROD)';
    const at = Date.now();
    const ctx = { store, actor: 'urn:li:corpuser:cy', now: () => at };
    const written = { actor: 'urn:li:corpuser:ann', time: at - 60_000 };
    const from = store.eventLog.nextOffset() - 1;
    await store.write((txn) =>
      writeAspect(txn, written, F, 'glossaryTerms', { terms: [{ urn: 'urn:li:glossaryTerm:t' }], auditStamp: written }),
    );
    await store.write((txn) =>
      writeAspect(txn, written, F, 'ownership', { owners: [{ owner: 'urn:li:corpuser:bo', type: 'DATAOWNER' }] }),
    );
    await ingestProposals(ctx, [
      {
        entityType: 'dataset',
        entityUrn: F,
        changeType: 'UPSERT',
        aspectName: 'globalTags',
        value: tags('a'),
        systemMetadata: { runId: 'run-events-f' },
      },
    ]);
    const tail = () => readEvents(store, from, 5000).events.slice(-1)[0]!.event;
    await rollbackRun({ ...ctx, now: () => at + 1 }, { runId: 'run-events-f', dryRun: false, safe: false });
    assert.deepEqual(
      readEvents(store, from, 5000)
        .events.filter((e) => e.event['category'] === 'TAG')
        .map((e) => [e.event['operation'], e.event['auditStamp']]),
      [
        ['ADD', { actor: 'urn:li:corpuser:cy', time: at }],
        ['REMOVE', { actor: 'urn:li:corpuser:cy', time: at + 1 }],
      ],
    );
    await hardDelete({ ...ctx, now: () => at + 2 }, F, 'glossaryTerms');
    assert.deepEqual(
      [tail()['category'], tail()['operation'], tail()['auditStamp']],
      ['GLOSSARY_TERM', 'REMOVE', { actor: 'urn:li:corpuser:cy', time: at + 2 }],
    );
    await ingestProposals({ ...ctx, now: () => at + 3 }, [
      { entityType: 'dataset', entityUrn: F, changeType: 'DELETE', aspectName: 'ownership' },
    ]);
    assert.deepEqual(
      [tail()['category'], tail()['operation'], tail()['auditStamp']],
      ['OWNER', 'REMOVE', { actor: 'urn:li:corpuser:cy', time: at + 3 }],
    );
    await hardDelete({ ...ctx, now: () => at + 4 }, F);
    assert.deepEqual(
      [tail()['category'], tail()['operation'], tail()['auditStamp']],
      ['LIFECYCLE', 'HARD_DELETE', { actor: 'urn:li:corpuser:cy', time: at + 4 }],
    );
  });

  it('INCIDENT events of an incident raised or its state changed, RUN events of assertion and process runs', async () => {
    const from = store.eventLog.nextOffset() - 1;
    const INC = 'urn:li:incident:events-late';
    const ASSERTION = 'urn:li:assertion:events-fresh';
    const RUN = 'urn:li:dataProcessInstance:events-run-1';
    const JOB = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,nightly,prod),load)';
    const at = stamp();
    const incident = (state: string, message?: string) => ({
      type: 'FRESHNESS',
      entities: [D, E],
      status: { state, ...(message && { message }), lastUpdated: at },
      created: at,
    });
    const assertionRun = (status: string, time: number, result?: string) => ({
      timestampMillis: time,
      runId: `run-${time}`,
      asserteeUrn: D,
      assertionUrn: ASSERTION,
      status,
      ...(result && { result: { type: result } }),
    });
    await store.write((txn) => writeAspect(txn, at, INC, 'incidentInfo', incident('ACTIVE')));
    await store.write((txn) => writeAspect(txn, at, INC, 'incidentInfo', incident('ACTIVE', 'looking')));
    await store.write((txn) => writeAspect(txn, at, INC, 'incidentInfo', incident('RESOLVED')));
    await store.write((txn) => {
      writeAspect(txn, at, ASSERTION, 'assertionRunEvent', assertionRun('RUNNING', 1_000));
      writeAspect(txn, at, ASSERTION, 'assertionRunEvent', assertionRun('COMPLETE', 2_000, 'SUCCESS'));
    });
    await store.write((txn) => {
      writeAspect(txn, at, RUN, 'dataProcessInstanceRelationships', { parentTemplate: JOB, upstreamInstances: [] });
      writeAspect(txn, at, RUN, 'dataProcessInstanceRunEvent', {
        timestampMillis: 1_000,
        status: 'STARTED',
        attempt: 1,
      });
      writeAspect(txn, at, RUN, 'dataProcessInstanceRunEvent', {
        timestampMillis: 2_000,
        status: 'COMPLETE',
        attempt: 1,
        result: { type: 'FAILURE', nativeResultType: 'airflow' },
      });
    });
    const events = readEvents(store, from, 5000).events.map((e) => e.event);
    const pick = (e: Record<string, unknown>) => [
      e['entityType'],
      e['entityUrn'],
      e['category'],
      e['operation'],
      e['parameters'],
    ];
    assert.deepEqual(events.filter((e) => e['category'] !== 'LIFECYCLE').map(pick), [
      ['incident', INC, 'INCIDENT', 'ACTIVE', { entities: `[${D}, ${E}]` }],
      ['incident', INC, 'INCIDENT', 'RESOLVED', { entities: `[${D}, ${E}]` }],
      [
        'assertion',
        ASSERTION,
        'RUN',
        'COMPLETED',
        { asserteeUrn: D, assertionResult: 'SUCCESS', runId: 'run-2000', runResult: 'COMPLETE' },
      ],
      ['dataProcessInstance', RUN, 'RUN', 'STARTED', { attempt: 1, dataJobUrn: JOB }],
      ['dataProcessInstance', RUN, 'RUN', 'COMPLETED', { attempt: 1, runResult: 'FAILURE', dataJobUrn: JOB }],
    ]);
    assert.deepEqual(events.find((e) => e['category'] === 'RUN')!['auditStamp'], at);
    // The entries name the series events; deleting the series computes their events first, so they
    // read as they were.
    await store.write((txn) => txn.deleteTimeseries(ASSERTION));
    assert.deepEqual(
      readEvents(store, from, 5000).events.map((e) => e.event),
      events,
    );
  });

  it('a series event’s entry names it; its events stay as they were when it is replaced or what they read goes', async () => {
    const ASSERTION = 'urn:li:assertion:events-named';
    const RUN = 'urn:li:dataProcessInstance:events-run-named';
    const JOB = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,nightly,prod),named)';
    const at = stamp();
    const run = (runId: string, result: string) => ({
      timestampMillis: 5_000,
      runId,
      asserteeUrn: D,
      assertionUrn: ASSERTION,
      status: 'COMPLETE',
      result: { type: result },
    });
    const from = store.eventLog.nextOffset() - 1;
    await store.write((txn) => writeAspect(txn, at, ASSERTION, 'assertionRunEvent', run('first', 'FAILURE')));
    await store.write((txn) => {
      writeAspect(txn, at, RUN, 'dataProcessInstanceRelationships', { parentTemplate: JOB, upstreamInstances: [] });
      writeAspect(txn, at, RUN, 'dataProcessInstanceRunEvent', { timestampMillis: 1_000, status: 'STARTED' });
    });
    // The entries hold no events: they name the series event (its time and partition), and for a
    // run the version of the relationships its events read.
    const named = store.eventLog.after(from, 10).map((e) => e.entry.changes.filter((c) => c.series));
    assert.deepEqual(
      named.map((changes) => changes.map((c) => [c.aspectName, c.series, c.reads, c.events])),
      [
        [['assertionRunEvent', [[5_000, '']], undefined, undefined]],
        [['dataProcessInstanceRunEvent', [[1_000, '']], [['dataProcessInstanceRelationships', 1]], undefined]],
      ],
    );
    const before = readEvents(store, from, 5000).events.map((e) => e.event);
    const runs = () =>
      readEvents(store, from, 5000)
        .events.map((e) => e.event)
        .filter((e) => e['category'] === 'RUN')
        .map((e) => e['parameters']);
    assert.deepEqual(runs(), [
      { asserteeUrn: D, assertionResult: 'FAILURE', runId: 'first', runResult: 'COMPLETE' },
      { dataJobUrn: JOB },
    ]);
    // The same time and partition again replaces the series event: the first one's event stays as it was.
    await store.write((txn) => writeAspect(txn, at, ASSERTION, 'assertionRunEvent', run('second', 'SUCCESS')));
    assert.deepEqual(store.timeseries(ASSERTION, 'assertionRunEvent').length, 1);
    assert.deepEqual(runs(), [
      { asserteeUrn: D, assertionResult: 'FAILURE', runId: 'first', runResult: 'COMPLETE' },
      { dataJobUrn: JOB },
      { asserteeUrn: D, assertionResult: 'SUCCESS', runId: 'second', runResult: 'COMPLETE' },
    ]);
    // The relationships a run's event read go: the event still names the job.
    await store.write((txn) => txn.deleteAspect(RUN, 'dataProcessInstanceRelationships'));
    assert.deepEqual(
      readEvents(store, from, 5000)
        .events.slice(0, before.length)
        .map((e) => e.event),
      before,
    );
    // Replaced and deleted in one transaction: each entry keeps what it named.
    await store.write((txn) => {
      writeAspect(txn, at, ASSERTION, 'assertionRunEvent', run('third', 'ERROR'));
      txn.deleteTimeseries(ASSERTION);
    });
    assert.deepEqual(runs().slice(2), [
      { asserteeUrn: D, assertionResult: 'SUCCESS', runId: 'second', runResult: 'COMPLETE' },
      { asserteeUrn: D, assertionResult: 'ERROR', runId: 'third', runResult: 'COMPLETE' },
    ]);
    // Runs written together share one change; replacing the middle one keeps the three in order.
    const at3 = (time: number, runId: string) => ({ ...run(runId, 'SUCCESS'), timestampMillis: time });
    const mark = store.eventLog.nextOffset() - 1;
    await store.write((txn) => {
      for (const [time, id] of [
        [10_000, 'a'],
        [11_000, 'b'],
        [12_000, 'c'],
      ] as const)
        writeAspect(txn, at, ASSERTION, 'assertionRunEvent', at3(time, id));
    });
    const [entry] = store.eventLog.after(mark, 10);
    assert.deepEqual(entry!.entry.changes, [
      {
        aspectName: 'assertionRunEvent',
        series: [
          [10_000, ''],
          [11_000, ''],
          [12_000, ''],
        ],
      },
    ]);
    await store.write((txn) => writeAspect(txn, at, ASSERTION, 'assertionRunEvent', at3(11_000, 'b2')));
    const ids = () =>
      readEvents(store, mark, 5000).events.map((e) => (e.event['parameters'] as { runId: string }).runId);
    assert.deepEqual(ids(), ['a', 'b', 'c', 'b2']);
    assert.deepEqual(
      store.eventLog.after(mark, 1)[0]!.entry.changes.map((c) => [c.series, c.events?.length]),
      [
        [[[10_000, '']], undefined],
        [undefined, 1],
        [[[12_000, '']], undefined],
      ],
    );
  });

  it('catalog verify holds each entry to what it names', async () => {
    const path = tempDataPath();
    const own = openCatalog(path);
    const ASSERTION = 'urn:li:assertion:events-verified';
    await own.write((txn) => {
      writeAspect(txn, stamp(), D, 'globalTags', tags('pii'));
      writeAspect(txn, stamp(), ASSERTION, 'assertionRunEvent', {
        timestampMillis: 7_000,
        runId: 'r',
        asserteeUrn: D,
        assertionUrn: ASSERTION,
        status: 'COMPLETE',
        result: { type: 'SUCCESS' },
      });
    });
    await own.close();
    const ok = await verifyCatalog(path);
    assert.equal(ok.ok, true, JSON.stringify(ok.problems));
    // Behind the store's back: the series event goes, and an entry names a version never written.
    const { open } = await import('lmdb');
    const env = open({ path, maxDbs: 64 });
    await env.openDB('timeseries', {}).remove([ASSERTION, 'assertionRunEvent', 7_000, '']);
    await env.openDB('events', {}).put(999, {
      time: 1,
      actor: 'urn:li:corpuser:ann',
      urn: D,
      entityType: 'dataset',
      changes: [{ aspectName: 'globalTags', from: 1, to: 7 }],
    });
    await env.close();
    const bad = await verifyCatalog(path);
    assert.deepEqual(
      bad.problems.map((p) => [p.part, p.subject, p.problem, p.fix]),
      [
        [
          'events',
          'entry 2 of the change log',
          `it names the assertionRunEvent event of ${ASSERTION} at 7000, which is not stored`,
          'restore',
        ],
        [
          'events',
          'entry 999 of the change log',
          `it names version 7 of aspect globalTags of ${D}, which is not stored`,
          'restore',
        ],
      ],
    );
  });

  it('DOCUMENTATION events of the documentation aspect, one per documentation by its attribution source', async () => {
    const CHART = 'urn:li:chart:(looker,events_docs)';
    const from = store.eventLog.nextOffset() - 1;
    const doc = (text: string, source?: string) => ({
      documentation: text,
      ...(source && { attribution: { time: 1, actor: 'urn:li:corpuser:ann', source } }),
    });
    const AI = 'urn:li:dataHubAction:ai-docs';
    await store.write((txn) =>
      writeAspect(txn, stamp(), CHART, 'documentation', { documentations: [doc('Orders by day')] }),
    );
    await store.write((txn) =>
      writeAspect(txn, stamp(), CHART, 'documentation', {
        documentations: [doc('Orders per day'), doc('Daily order counts', AI)],
      }),
    );
    await store.write((txn) =>
      writeAspect(txn, stamp(), CHART, 'documentation', { documentations: [doc('Daily order counts', AI)] }),
    );
    // Links are documentation of any entity too, as DataHub's generator is registered by aspect name.
    const link = { url: 'https://wiki/orders', description: 'Runbook', createStamp: stamp() };
    await store.write((txn) => writeAspect(txn, stamp(), CHART, 'institutionalMemory', { elements: [link] }));
    const events = readEvents(store, from, 5000)
      .events.map((e) => e.event)
      .filter((e) => e['category'] === 'DOCUMENTATION');
    assert.deepEqual(
      events.map((e) => [e['entityType'], e['operation'], e['modifier'], e['parameters']]),
      [
        ['chart', 'ADD', undefined, { documentation: 'Orders by day' }],
        ['chart', 'MODIFY', undefined, { documentation: 'Orders per day' }],
        ['chart', 'ADD', AI, { documentation: 'Daily order counts' }],
        ['chart', 'REMOVE', undefined, { documentation: 'Orders per day' }],
        ['chart', 'ADD', 'https://wiki/orders', undefined],
      ],
    );
  });

  it('offsets go on after a restart: a consumer resuming from its offset sees each event once', async () => {
    const seen = readEvents(store, 0, 5000);
    await store.close();
    store = openCatalog(path);
    await store.write((txn) => writeAspect(txn, stamp(), D, 'globalTags', tags('pii', 'fresh')));
    const next = readEvents(store, Number(seen.offsetId), 5000);
    assert.deepEqual(
      next.events.map((e) => `${e.event['operation']} ${e.event['modifier']}`),
      ['ADD urn:li:tag:fresh'],
    );
    assert.ok(next.events[0]!.offset > Number(seen.offsetId));
    assert.equal(readEvents(store, Number(next.offsetId), 5000).count, 0);
  });

  it('pages hold whole changes: at most `limit` events, or one change alone when it has more', () => {
    const first = readEvents(store, 0, 2);
    // The first change (its entity's creation and four aspects) makes five events: alone in its page.
    assert.equal(first.count, 5);
    // The next change made two (E's creation and its first tag): both, though the limit is one.
    const second = readEvents(store, Number(first.offsetId), 1);
    assert.equal(second.count, 2);
    assert.ok(Number(second.offsetId) > Number(first.offsetId));
  });

  it('retention is bounded and configurable; trimmed in write transactions', async () => {
    const s = await setRetention(store, { maxEvents: 2 });
    assert.deepEqual(s, { maxEvents: 2, maxAgeDays: 7 });
    assert.equal(store.eventLog.summary().count, 2);
    await store.write((txn) => writeAspect(txn, stamp(), D, 'globalTags', tags('pii')));
    const log = store.eventLog.summary();
    assert.equal(log.count, 2);
    assert.equal(log.newest, store.eventLog.nextOffset() - 1);
    await assert.rejects(setRetention(store, { maxDays: 0 }), /maxDays: expected a number above 0, got 0/);
    await setRetention(store, { maxEvents: 1_000_000 });
  });
});

describe('GET /openapi/v1/events/poll', () => {
  let srv: GqlServer;
  let base: string;
  before(async () => {
    srv = await startSampleServer({ sample: false });
    base = srv.url.replace('/api/graphql', '');
    await srv.store.write((txn) => writeAspect(txn, stamp(), D, 'globalTags', tags('pii')));
  });
  after(() => srv.close());

  const poll = async (query: string) => {
    const res = await fetch(`${base}/openapi/v1/events/poll?${query}`);
    return { status: res.status, body: (await res.json()) as any };
  };

  it('answers DataHub’s shape: PlatformEvents wrapping EntityChangeEvents, as JSON text', async () => {
    const { status, body } = await poll('topic=PlatformEvent_v1&lookbackWindowDays=1&pollTimeoutSeconds=0');
    assert.equal(status, 200);
    assert.equal(body.count, 2);
    assert.equal(body.offsetId, '1');
    const platform = JSON.parse(body.events[1].value);
    assert.equal(body.events[1].contentType, 'application/json');
    assert.equal(platform.name, 'entityChangeEvent');
    assert.equal(typeof platform.header.timestampMillis, 'number');
    assert.equal(platform.payload.contentType, 'application/json');
    const ece = JSON.parse(platform.payload.value);
    assert.deepEqual([ece.category, ece.operation, ece.modifier, ece.entityUrn], ['TAG', 'ADD', 'urn:li:tag:pii', D]);
  });

  it('without an offset or a lookback window, starts at the end; an offset continues after it', async () => {
    const empty = await poll('topic=PlatformEvent_v1&pollTimeoutSeconds=0');
    assert.deepEqual(empty.body, { offsetId: '1', count: 0, events: [] });
    const after = await poll('topic=PlatformEvent_v1&offsetId=1&pollTimeoutSeconds=0');
    assert.equal(after.body.count, 0);
  });

  it('a long poll answers an event committed while it waits', async () => {
    const waiting = poll('topic=PlatformEvent_v1&offsetId=1&pollTimeoutSeconds=10');
    await srv.store.write((txn) => writeAspect(txn, stamp(), D, 'globalTags', tags('pii', 'new')));
    const { body } = await waiting;
    assert.equal(body.count, 1);
    assert.equal(body.offsetId, '2');
    assert.equal(JSON.parse(JSON.parse(body.events[0].value).payload.value).modifier, 'urn:li:tag:new');
  });

  it('the op waits on the commit, not on a clock: woken by this process’s commit', async () => {
    const from = srv.store.eventLog.nextOffset() - 1;
    const waiting = pollEvents(srv.store, {
      topic: 'PlatformEvent_v1',
      offsetId: String(from),
      pollTimeoutSeconds: 10,
    });
    let woken = false;
    void waiting.then(() => {
      woken = true;
    });
    await new Promise((r) => setImmediate(r));
    assert.equal(woken, false);
    await srv.store.write((txn) => writeAspect(txn, stamp(), D, 'globalTags', tags('pii')));
    assert.equal((await waiting).count, 1);
  });

  it('refuses bad input with DataHub’s statuses and a message naming the parameter', async () => {
    assert.deepEqual(await poll('pollTimeoutSeconds=0'), {
      status: 400,
      body: { message: 'topic: the query parameter is required', status: 400 },
    });
    const topic = await poll('topic=MetadataChangeLog_Versioned_v1&pollTimeoutSeconds=0');
    assert.equal(topic.status, 403);
    assert.match(JSON.stringify(topic.body), /topic: \\"MetadataChangeLog_Versioned_v1\\" is not served here/);
    const offset = await poll('topic=PlatformEvent_v1&offsetId=abc&pollTimeoutSeconds=0');
    assert.equal(offset.status, 400);
    assert.match(JSON.stringify(offset.body), /offsetId: \\"abc\\" is not an offset this catalog gave/);
    const limit = await poll('topic=PlatformEvent_v1&limit=many');
    assert.equal(limit.status, 400);
    assert.match(JSON.stringify(limit.body), /limit: expected a whole number, got \\"many\\"/);
    const zero = await poll('topic=PlatformEvent_v1&limit=0');
    assert.match(JSON.stringify(zero.body), /limit: expected at least 1, got 0/);
    const wait = await poll('topic=PlatformEvent_v1&pollTimeoutSeconds=-1');
    assert.equal(wait.status, 400);
    assert.match(JSON.stringify(wait.body), /pollTimeoutSeconds: expected 0 or more, got -1/);
    const back = await poll('topic=PlatformEvent_v1&lookbackWindowDays=-2');
    assert.equal(back.status, 400);
    assert.match(JSON.stringify(back.body), /lookbackWindowDays: expected 0 or more, got -2/);
  });
});
