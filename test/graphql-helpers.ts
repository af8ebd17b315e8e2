/** Fixtures for GraphQL tests: a real server on port 0 over a temp data file loaded with the sample. */
import assert from 'node:assert/strict';
import type { Store } from '../src/store/store.ts';
import { startServer, type RunningServer } from '../src/server/server.ts';
import { ingestFile } from '../src/cli/commands/ingestRun.ts';
import { tempDataPath } from './helpers.ts';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './helpers.ts';
import { EVERY_FIELD_MCPS, EVERY_FIELD_MUTATIONS } from './fixtures/every-field.ts';

import { TUTORIAL_MCPS } from '../src/sample/sample.ts';
export { SAMPLE_URNS as S } from '../src/sample/sample.ts';

export interface GqlServer {
  url: string;
  store: Store;
  server: RunningServer;
  /** POSTs a document; returns status and parsed body. */
  gql(
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any }>;
  /** Runs a document that must succeed; returns its data. */
  ok(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>): Promise<any>;
  /** Runs a document that must fail; returns the first error's message and code. */
  fails(
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<[string, number]>;
  close(): Promise<void>;
}

/**
 * A real server over a temp data file loaded with the sample's tutorial entities (the nine DataHub's
 * API tutorials query, which these tests' expectations are written against), or with nothing when
 * `sample` is false. The whole sample (`--sample`) is tested in test/sample.test.ts.
 */
export async function startSampleServer(options: { sample?: boolean } = {}): Promise<GqlServer> {
  const store = openCatalog(tempDataPath());
  if (options.sample !== false) {
    const file = join(tempDir(), 'tutorial-entities.json');
    writeFileSync(file, JSON.stringify(TUTORIAL_MCPS));
    await ingestFile(store, file);
  }
  const server = await startServer({ store, port: 0 });
  const url = `${server.url}/api/graphql`;
  const self: GqlServer = {
    url,
    store,
    server,
    async gql(query, variables, headers = {}) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(variables ? { query, variables } : { query, variables: {} }),
      });
      return { status: res.status, body: await res.json() };
    },
    async ok(query, variables, headers) {
      const r = await self.gql(query, variables, headers);
      assert.equal(r.body.errors, undefined, JSON.stringify(r.body.errors));
      return r.body.data;
    },
    async fails(query, variables, headers) {
      const r = await self.gql(query, variables, headers);
      assert.ok(r.body.errors?.length, `expected an error from ${query}, got ${JSON.stringify(r.body)}`);
      return [r.body.errors[0].message, r.body.errors[0].extensions?.code];
    },
    async close() {
      await server.close();
      await store.close();
    },
  };
  return self;
}

/**
 * A real server over the catalog of test/fixtures/every-field.ts, which fills every field of every
 * entity type: its MCPs go through the real ingest (as `catalog ingest -f` would), then the few
 * writes only the server can make (an encrypted connection) through GraphQL.
 */
export async function startEveryFieldServer(): Promise<GqlServer> {
  const srv = await startSampleServer({ sample: false });
  const file = join(tempDir(), 'every-field.json');
  writeFileSync(file, JSON.stringify(EVERY_FIELD_MCPS));
  try {
    const summary = await ingestFile(srv.store, file);
    assert.equal(summary.records, EVERY_FIELD_MCPS.length);
    for (const m of EVERY_FIELD_MUTATIONS) await srv.ok(m);
  } catch (e) {
    // The suite's `after` never gets the server: close it here, or it keeps a shared test process alive.
    await srv.close();
    throw e;
  }
  return srv;
}

/** The error object DataHub sends for a resolver failure (docs/datahub/graphql.md §1.4). */
export function expectedError(message: string, path: string, code = 400): Record<string, unknown> {
  const type = { 400: 'BAD_REQUEST', 404: 'NOT_FOUND' }[code as 400 | 404];
  return { message, path: [path], extensions: { code, type, classification: 'DataFetchingException' } };
}
