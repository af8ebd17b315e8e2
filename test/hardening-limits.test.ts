// Limits (issue 6 §3) and the GraphQL-over-HTTP audit of graphql-http (issue 6 §4).
import assert from 'node:assert/strict';
import { parse, type OperationDefinitionNode } from 'graphql';
import { measureOperationCost } from '../src/server/graphql/limitRules.ts';
import { getSchema } from '../src/server/graphql/schema.ts';
import { after, before, describe, it } from 'node:test';
import { auditServer } from 'graphql-http';
import { startServer, type RunningServer } from '../src/server/server.ts';
import type { Store } from '../src/store/store.ts';
import { runCli, serveCatalog, tempDataPath } from './helpers.ts';
import { openCatalog } from '../src/ops/core/openCatalog.ts';

describe('graphql-http audit of /api/graphql', () => {
  it('passes every MUST and SHOULD; the only misses are the MAYs about GET, which DataHub does not serve either', async () => {
    const store = openCatalog(tempDataPath());
    const server = await startServer({ store, port: 0 });
    try {
      const results = await auditServer({ url: `${server.url}/api/graphql` });
      assert.ok(results.length > 50);
      const failed = results.filter((r) => r.status !== 'ok');
      assert.deepEqual(
        failed.filter((r) => !r.name.startsWith('MAY ')).map((r) => r.name),
        [],
      );
      // Deliberate: GMS answers GET /api/graphql with 405 (docs/datahub/graphql.md §1.1), and so do we.
      for (const r of failed) assert.match(r.name, /GET/);
    } finally {
      await server.close();
      await store.close();
    }
  });
});

describe('query cost', () => {
  it('on a union or interface, the most expensive concrete type counts, not the sum of all; aliases add up', () => {
    const cost = (q: string) => {
      const doc = parse(q);
      return measureOperationCost(getSchema(), doc, doc.definitions[0] as OperationDefinitionNode);
    };
    const owner = (alias: string) =>
      `${alias}: dataset(urn: "x") { ownership { owners { owner { ... on CorpUser { urn type username exists isNativeUser info { active } } ... on CorpGroup { urn type name exists info { description } } } } } }`;
    // dataset, ownership, owners, owner: 4; CorpUser 7 fields, CorpGroup 6: 4 + 7 (a sum would give 17).
    assert.deepEqual(cost(`{ ${owner('a')} }`), { depth: 6, fields: 11 });
    assert.deepEqual(cost(`{ ${owner('a')} ${owner('b')} }`), { depth: 6, fields: 22 });
    // A fragment on the interface applies to every concrete type and counts with each.
    assert.deepEqual(
      cost(
        '{ tag(urn: "x") { relationships(input: { types: [], direction: INCOMING }) { relationships { entity { urn ... on Dataset { name } ... on Tag { name description } } } } } }',
      ),
      { depth: 5, fields: 7 },
    );
  });
});

describe('request limits', () => {
  let store: Store;
  let server: RunningServer;
  before(async () => {
    store = openCatalog(tempDataPath());
    server = await startServer({
      store,
      port: 0,
      limits: { maxBodyBytes: 4096, maxBatchItems: 3, maxQueryDepth: 4, maxQueryComplexity: 12, maxStringLength: 100 },
    });
  });
  after(async () => {
    await server.close();
    await store.close();
  });

  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
  const tag = (i: number, description = 'd') => ({
    entityUrn: `urn:li:tag:t${i}`,
    aspectName: 'tagProperties',
    aspect: { json: { name: `t${i}`, description } },
  });

  it('body size: 413 naming the limit and its flag', async () => {
    const r = await post('/api/graphql', { query: `{ entityExists(urn: "${'x'.repeat(5000)}") }` });
    assert.equal(r.status, 413);
    assert.equal(r.body.message, 'Request body of 5039 bytes exceeds the limit of 4096 bytes (--max-body-bytes)');
  });

  it('batch items: a REST batch, a GraphQL list literal and a variables list over the limit', async () => {
    const rest = await post('/aspects?action=ingestProposalBatch', { proposals: [tag(1), tag(2), tag(3), tag(4)] });
    assert.equal(rest.status, 413);
    assert.equal(rest.body.message, 'proposals: 4 items are over the limit of 3 per request (--max-batch-items)');
    assert.equal(store.entityExists('urn:li:tag:t1'), false);
    const literal = await post('/api/graphql', {
      query: 'mutation m { batchUpdateSoftDeleted(input: { urns: ["a", "b", "c", "d"], deleted: true }) }',
    });
    assert.equal(
      literal.body.errors[0].message,
      'a list of 4 items is over the limit of 3 per request (--max-batch-items)',
    );
    const vars = await post('/api/graphql', {
      query: 'mutation m($u: [String!]!) { batchUpdateSoftDeleted(input: { urns: $u, deleted: true }) }',
      variables: { u: ['a', 'b', 'c', 'd'] },
    });
    assert.equal(vars.status, 413);
    assert.equal(vars.body.message, 'variables.u: 4 items are over the limit of 3 per request (--max-batch-items)');
  });

  it('GraphQL depth and complexity, counted through fragments', async () => {
    const deep = await post('/api/graphql', {
      query:
        '{ dataset(urn: "x") { ownership { owners { owner { ... on CorpUser { properties { manager { urn } } } } } } } }',
    });
    assert.equal(deep.status, 200);
    assert.deepEqual(
      deep.body.errors.map((e: { message: string }) => e.message),
      ['maximum query depth exceeded 7 > 4 (--max-query-depth)'],
    );
    const wide = await post('/api/graphql', {
      query:
        'fragment F on Dataset { urn name type exists description } { a: dataset(urn: "x") { ...F } b: dataset(urn: "y") { ...F } c: dataset(urn: "z") { ...F } }',
    });
    assert.deepEqual(
      wide.body.errors.map((e: { message: string }) => e.message),
      ['maximum query complexity exceeded 18 > 12 (--max-query-complexity)'],
    );
    assert.deepEqual(wide.body.errors[0].extensions, { classification: 'ValidationError' });
    // Only the operation that runs is scored: a document may carry others (DataHub's client files do).
    const ops =
      'query Small { entityExists(urn: "urn:li:tag:x") } query Big { a: dataset(urn: "x") { ...F } b: dataset(urn: "y") { ...F } c: dataset(urn: "z") { ...F } } fragment F on Dataset { urn name type exists description }';
    const small = await post('/api/graphql', { query: ops, operationName: 'Small' });
    assert.deepEqual(small.body, { data: { entityExists: false }, extensions: {} });
    const big = await post('/api/graphql', { query: ops, operationName: 'Big' });
    assert.deepEqual(
      big.body.errors.map((e: { message: string }) => e.message),
      ['maximum query complexity exceeded 18 > 12 (--max-query-complexity)'],
    );
  });

  it('string length: in aspect values and in GraphQL variables and literals', async () => {
    const rest = await post('/aspects?action=ingestProposal', { proposal: tag(9, 'y'.repeat(101)) });
    assert.equal(rest.status, 413);
    assert.equal(
      rest.body.message,
      'proposal.aspect.description: a string of 101 characters is over the limit of 100 (--max-string-length)',
    );
    const vars = await post('/api/graphql', {
      query: 'query q($u: String!) { entityExists(urn: $u) }',
      variables: { u: 'z'.repeat(101) },
    });
    assert.equal(vars.status, 413);
    const literal = await post('/api/graphql', { query: `{ entityExists(urn: "${'z'.repeat(101)}") }` });
    assert.equal(
      literal.body.errors[0].message,
      'a string of 101 characters is over the limit of 100 (--max-string-length)',
    );
  });

  it('URN length: --max-urn-length on catalog serve', async () => {
    const s = await serveCatalog(['serve', '--port', '0', '--max-urn-length', '40', '--data', tempDataPath()]);
    try {
      const urn = `urn:li:tag:${'a'.repeat(40)}`;
      const res = await fetch(`${s.url}/entitiesV2/${encodeURIComponent(urn)}`);
      assert.equal(res.status, 400);
      assert.deepEqual(await res.json(), {
        status: 400,
        message: `Invalid urn "${urn}": it is longer than 40 characters (--max-urn-length)`,
      });
    } finally {
      await s.stop();
    }
    const tooSmall = await runCli(['serve', '--port', '0', '--max-urn-length', '5', '--data', tempDataPath()]);
    assert.equal(tooSmall.code, 1);
    assert.match(
      tooSmall.stderr,
      /^error: --max-urn-length: the URN length limit must be an integer from 16 to \d+, got 5\n/,
    );
  });

  it('memory: --cache-mb and --mapped-mb take a number of MB, 0 or more', async () => {
    for (const flag of ['--cache-mb', '--mapped-mb']) {
      const r = await runCli(['serve', '--port', '0', flag, '-1', '--data', tempDataPath()]);
      assert.equal(r.code, 1);
      assert.equal(r.stderr, `error: ${flag} must be a number of MB, 0 or more, got -1\n`);
    }
    const memory = ['--cache-mb', '0', '--mapped-mb', '0'];
    const s = await serveCatalog(['serve', '--port', '0', ...memory, '--data', tempDataPath()]);
    try {
      const res = await fetch(`${s.url}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ entityExists(urn: "urn:li:tag:t") }' }),
      });
      assert.deepEqual(await res.json(), { data: { entityExists: false }, extensions: {} });
    } finally {
      await s.stop();
    }
  });
});
