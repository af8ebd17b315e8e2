/**
 * What the web UI's browser tests share: a `catalog serve` on the sample's tutorial entities, spawned
 * as the other process-level tests spawn it (the executable named by CATALOG_BIN, or the sources), Chromium,
 * and ways to look behind the page: GraphQL, `catalog get` and the data file's path.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TUTORIAL_MCPS } from '../../src/sample/sample.ts';
import { ROOT, runCli, serveCatalog, tempDataPath, writeTemp, type SpawnedServer } from '../helpers.ts';
import { launchChromium } from './browser.ts';

export const USERS_DELETED = 'urn:li:dataset:(urn:li:dataPlatform:hive,fct_users_deleted,PROD)';
export const USERS_CREATED = 'urn:li:dataset:(urn:li:dataPlatform:hive,fct_users_created,PROD)';
export const HIVE_SAMPLE = 'urn:li:dataset:(urn:li:dataPlatform:hive,SampleHiveDataset,PROD)';
export const KAFKA_SAMPLE = 'urn:li:dataset:(urn:li:dataPlatform:kafka,SampleKafkaDataset,PROD)';
export const HDFS_SAMPLE = 'urn:li:dataset:(urn:li:dataPlatform:hdfs,SampleHdfsDataset,PROD)';

/**
 * Where the tests write their screenshots: under build/, untracked. `npm run screenshots` copies the
 * ones the README shows into docs/.
 */
export const SCREENSHOTS = join(ROOT, 'build', 'screenshots');

export interface UiWorld {
  server: SpawnedServer;
  data: string;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** POSTs GraphQL (with `token` as Bearer when given); fails the test on errors. */
  gql<T = any>(query: string, variables?: Record<string, unknown>, token?: string): Promise<T>;
  /** `catalog get --urn URN --aspect NAME` on the data file, parsed. */
  get(urn: string, aspect: string): Promise<any>;
  close(): Promise<void>;
}

export async function startWorld(chromium: string, options: { args?: string[]; data?: string } = {}): Promise<UiWorld> {
  const data = options.data ?? tempDataPath();
  // The sample's tutorial entities, which these tests' expectations are written against.
  const loaded = await runCli([
    'ingest',
    '-f',
    writeTemp('tutorial-entities.json', JSON.stringify(TUTORIAL_MCPS)),
    '--data',
    data,
  ]);
  assert.equal(loaded.code, 0, loaded.stderr);
  const server = await serveCatalog(['serve', '--port', '0', '--data', data, ...(options.args ?? [])]);
  const browser = await launchChromium(chromium);
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return {
    server,
    data,
    browser,
    context,
    page,
    async gql(query, variables = {}, token) {
      const res = await fetch(`${server.url}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await res.json()) as { data?: any; errors?: unknown[] };
      assert.equal(body.errors, undefined, JSON.stringify(body.errors));
      return body.data;
    },
    async get(urn, aspect) {
      const r = await runCli(['get', '--urn', urn, '--aspect', aspect, '--data', data]);
      assert.equal(r.code, 0, r.stderr);
      return JSON.parse(r.stdout)[aspect];
    },
    async close() {
      assert.deepEqual(errors, [], 'the page threw');
      await browser.close();
      await server.stop();
    },
  };
}

export function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return join(SCREENSHOTS, name);
}
