// DataHub's real Actions framework (acryl-datahub-actions, pinned in scripts/interop-venv.sh) against
// `catalog serve` (issue 47, Tests): its Kafka-free `datahub-cloud` event source polls
// `/openapi/v1/events/poll`, and the tag, term and documentation propagation actions run to the end and
// propagate down table and column lineage (a tag to the direct downstream, a term found by `IsA`, a
// column description along column lineage). A consumer restarted from its stored offset sees nothing
// twice; a SIGKILL of the server mid-ingest leaves no change without its event nor an event without its
// change; `catalog events --follow` prints an edit made through GraphQL. Telemetry off, HOME in a temp
// dir, no call leaves the machine.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { catalogCommand, ingestRecords, mcp, runCli, runProcess, serveCatalog, tempDir } from './helpers.ts';
import { hasPython, requirePython, startInterop, type Interop } from './interop/setup.ts';

requirePython('INTEROP ACTIONS SUITE');

const UP = 'urn:li:dataset:(urn:li:dataPlatform:hive,actions_up,PROD)';
const DOWN = 'urn:li:dataset:(urn:li:dataPlatform:hive,actions_down,PROD)';
const col = (d: string, f: string) => `urn:li:schemaField:(${d},${f})`;
const TARGET = 'urn:li:glossaryTerm:Classification';
const EMAIL = 'urn:li:glossaryTerm:EmailAddress';

const schema = (name: string) => ({
  schemaName: name,
  platform: 'urn:li:dataPlatform:hive',
  version: 0,
  hash: '',
  platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } },
  fields: [{ fieldPath: 'email', nativeDataType: 'string', type: { type: { 'com.linkedin.schema.StringType': {} } } }],
});

const RECORDS = [
  mcp(UP, 'schemaMetadata', schema('actions_up')),
  mcp(DOWN, 'schemaMetadata', schema('actions_down')),
  mcp(DOWN, 'upstreamLineage', {
    upstreams: [{ dataset: UP, type: 'TRANSFORMED', auditStamp: { time: 0, actor: 'urn:li:corpuser:unknown' } }],
    fineGrainedLineages: [
      {
        upstreamType: 'FIELD_SET',
        upstreams: [col(UP, 'email')],
        downstreamType: 'FIELD',
        downstreams: [col(DOWN, 'email')],
      },
    ],
  }),
  mcp('urn:li:tag:pii', 'tagProperties', { name: 'pii' }),
  mcp(TARGET, 'glossaryTermInfo', { name: 'Classification', definition: '', termSource: 'INTERNAL' }),
  mcp(EMAIL, 'glossaryTermInfo', { name: 'EmailAddress', definition: '', termSource: 'INTERNAL' }),
  mcp(EMAIL, 'glossaryRelatedTerms', { isRelatedTerms: [TARGET] }),
];

describe('DataHub Actions (datahub-cloud source, propagation actions) against catalog serve', {
  skip: !hasPython && 'python3 missing',
}, () => {
  let t: Interop;
  let data: string;
  before(async () => {
    data = join(tempDir(), 'catalog.lmdb');
    await ingestRecords(data, RECORDS);
    t = await startInterop(data);
  });
  after(async () => {
    await t?.server.stop();
  });

  const gql = async (document: string) => {
    const res = await fetch(`${t.server.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: document }),
    });
    const body = (await res.json()) as { errors?: unknown; data?: unknown };
    assert.equal(body.errors, undefined, JSON.stringify(body.errors));
    return body.data;
  };
  const aspect = async (urn: string, name: string) => {
    const res = await fetch(`${t.server.url}/aspects/${encodeURIComponent(urn)}?aspect=${name}&version=0`);
    return res.status === 200 ? ((await res.json()) as { aspect: Record<string, any> }).aspect : undefined;
  };

  /** Runs one Actions pipeline to its idle timeout (it exits by itself); returns its log. */
  const pipeline = async (name: string, action: string, config: string): Promise<string> => {
    const file = join(t.home, `${name}.yaml`);
    writeFileSync(
      file,
      [
        `name: "${name}"`,
        'datahub:',
        `  server: "${t.server.url}"`,
        'source:',
        '  type: "datahub-cloud"',
        '  config:',
        '    lookback_days: 1',
        '    kill_after_idle_timeout: true',
        '    idle_timeout_duration_seconds: 4',
        'action:',
        `  type: "${action}"`,
        `  config: ${config}`,
        '',
      ].join('\n'),
    );
    const r = await runProcess(join(t.datahub, '..', 'datahub-actions'), ['actions', '-c', file], {
      env: t.env,
      cwd: t.home,
    });
    const log = r.stdout + r.stderr;
    assert.equal(r.code, 0, log);
    assert.match(log, /All Action Pipelines have finished/);
    return log;
  };

  it('tag propagation adds a tag put on a table to its direct downstream', async () => {
    await gql(`mutation { addTag(input: { tagUrn: "urn:li:tag:pii", resourceUrn: "${UP}" }) }`);
    const log = await pipeline('catalog_tags', 'tag_propagation', '{}');
    assert.match(log, /Detected 1 downstreams for urn:li:dataset:\(urn:li:dataPlatform:hive,actions_up,PROD\)/);
    const tags = await aspect(DOWN, 'globalTags');
    assert.deepEqual(
      tags?.['com.linkedin.common.GlobalTags'].tags.map((x: { tag: string }) => x.tag),
      ['urn:li:tag:pii'],
    );
  });

  it('a consumer stopped (SIGTERM) and restarted from its stored offset sees each event once', async () => {
    // The newest offset now: the consumer has read everything once it is safe to acknowledge it.
    const head = (await (
      await fetch(`${t.server.url}/openapi/v1/events/poll?topic=PlatformEvent_v1&pollTimeoutSeconds=0`)
    ).json()) as { offsetId: string };
    const file = join(t.home, 'catalog_consumer.yaml');
    writeFileSync(
      file,
      [
        'name: "catalog_consumer"',
        'datahub:',
        `  server: "${t.server.url}"`,
        'source:',
        '  type: "datahub-cloud"',
        '  config:',
        '    lookback_days: 1',
        'action:',
        '  type: "tag_propagation"',
        '  config: {}',
        '',
      ].join('\n'),
    );
    const child = spawn(join(t.datahub, '..', 'datahub-actions'), ['--debug', 'actions', '-c', file], {
      env: { ...process.env, ...t.env },
      cwd: t.home,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await new Promise<void>((resolve) => {
      const read = (d: Buffer) => {
        out += d.toString();
        if (out.includes(`Safe to ack offset for PlatformEvent_v1: ${head.offsetId}`)) resolve();
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
    });
    child.kill('SIGTERM');
    assert.equal(await exited, 0, out);
    assert.match(out, new RegExp(`Stored offset id ${head.offsetId} for consumer id`));
    assert.equal(out.match(/Detected urn:li:tag:pii ADD/g)?.length, 2, out);
    // Restarted: nothing it has seen comes again; a new event comes once.
    const again = await pipeline('catalog_consumer', 'tag_propagation', '{}');
    assert.doesNotMatch(again, /Detected urn:li:tag/);
    await gql(`mutation { removeTag(input: { tagUrn: "urn:li:tag:pii", resourceUrn: "${DOWN}" }) }`);
    const third = await pipeline('catalog_consumer', 'tag_propagation', '{}');
    assert.equal(third.match(/Detected urn:li:tag:pii (ADD|REMOVE)/g)?.join(','), 'Detected urn:li:tag:pii REMOVE');
  });

  it('term propagation follows IsA to a target term and adds the term downstream', async () => {
    await gql(`mutation { addTerm(input: { termUrn: "${EMAIL}", resourceUrn: "${UP}" }) }`);
    const log = await pipeline('catalog_terms', 'term_propagation', `{ target_terms: ["${TARGET}"] }`);
    assert.match(
      log,
      /Will add term urn:li:glossaryTerm:EmailAddress to urn:li:dataset:\(urn:li:dataPlatform:hive,actions_down,PROD\)/,
    );
    const terms = await aspect(DOWN, 'glossaryTerms');
    assert.deepEqual(
      terms?.['com.linkedin.common.GlossaryTerms'].terms.map((x: { urn: string }) => x.urn),
      [EMAIL],
    );
  });

  it('documentation propagation carries a column description down column lineage', async () => {
    await gql(
      `mutation { updateDescription(input: { description: "Where to write", resourceUrn: "${UP}", subResourceType: DATASET_FIELD, subResource: "email" }) }`,
    );
    await pipeline('catalog_docs', 'doc_propagation', '{}');
    const docs = await aspect(col(DOWN, 'email'), 'documentation');
    const entry = docs?.['com.linkedin.common.Documentation'].documentations[0];
    assert.equal(entry?.documentation, 'Where to write');
    assert.equal(entry?.attribution.sourceDetail.origin, col(UP, 'email'));
  });

  it('catalog events --follow prints an edit made through GraphQL', async () => {
    const [cmd, args] = catalogCommand(['events', '--follow', '--json', '--data', data]);
    const child = spawn(cmd, args, { env: { ...process.env, CATALOG_DATA: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const seen = new Promise<void>((resolve) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('"modifier":"urn:li:tag:followed"')) resolve();
      });
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // The old events print first: once one is out, the command is reading.
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    await gql(`mutation { createTag(input: { id: "followed", name: "followed" }) }`);
    await gql(`mutation { addTag(input: { tagUrn: "urn:li:tag:followed", resourceUrn: "${UP}" }) }`);
    await seen;
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
    const line = out.split('\n').find((l) => l.includes('urn:li:tag:followed') && l.includes('"TAG"'))!;
    const { event } = JSON.parse(line);
    assert.deepEqual([event.category, event.operation, event.entityUrn], ['TAG', 'ADD', UP]);
  });
});

describe('SIGKILL of the server mid-ingest', { skip: !hasPython && 'python3 missing' }, () => {
  it('leaves no change without its event and no event without its change', async () => {
    const data = join(tempDir(), 'killed.lmdb');
    await ingestRecords(data, [mcp('urn:li:tag:seed', 'tagProperties', { name: 'seed' })]);
    const server = await serveCatalog(['serve', '--port', '0', '--data', data]);
    const batch = (n: number) =>
      Array.from({ length: 50 }, (_, i) => ({
        entityType: 'dataset',
        entityUrn: `urn:li:dataset:(urn:li:dataPlatform:hive,killed_${n}_${i},PROD)`,
        changeType: 'UPSERT',
        aspectName: 'globalTags',
        aspect: { value: JSON.stringify({ tags: [{ tag: 'urn:li:tag:seed' }] }), contentType: 'application/json' },
      }));
    const sent: Array<Promise<unknown>> = [];
    for (let n = 0; n < 40; n++)
      sent.push(
        fetch(`${server.url}/aspects?action=ingestProposalBatch`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ proposals: batch(n) }),
        }).catch(() => undefined),
      );
    // Killed once some batches are committed, others not: the first answer says one is.
    await Promise.race(sent);
    await server.stop('SIGKILL');
    await Promise.allSettled(sent);

    const verify = await runCli(['verify', '--data', data]);
    assert.equal(verify.code, 0, verify.stdout + verify.stderr);
    const events = await runCli(['events', '--json', '--data', data]);
    assert.equal(events.code, 0, events.stderr);
    const tagged = new Set<string>();
    for (const l of events.stdout.split('\n').filter(Boolean)) {
      const { event } = JSON.parse(l);
      if (event.category === 'TAG' && event.operation === 'ADD') tagged.add(event.entityUrn);
    }
    const listed = await runCli(['search', '*', '--data', data, '--type', 'dataset', '--limit', '5000', '--json']);
    assert.equal(listed.code, 0, listed.stderr);
    const stored = new Set<string>(JSON.parse(listed.stdout).results.map((r: { urn: string }) => r.urn));
    assert.ok(stored.size > 0 && stored.size % 50 === 0, `whole batches only: ${stored.size}`);
    assert.deepEqual([...tagged].sort(), [...stored].sort());
  });
});
