/**
 * DataHub's own web app against `catalog serve --sample --datahub-web-app DIR`, in real Chromium
 * (docs/datahub-web-app.md §4): the five pages a DataHub user lives in — home, search, a dataset's
 * Schema tab, its Lineage tab, a tag page — each showing the sample's data, with no GraphQL error
 * and no failed API call in the network log. Opt-in: CI has no build of the app, so the suite is
 * skipped unless CATALOG_TEST_DATAHUB_WEB_APP names one. Screenshots go to build/screenshots/, and
 * the GraphQL operations each page sent to build/webapp-pages-ops.txt.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page, Response } from 'playwright-core';
import { SAMPLE_MCPS } from '../src/sample/sample.ts';
import { SHOWCASE_URNS } from '../src/sample/showcase.ts';
import { ROOT, serveCatalog, tempDataPath, type SpawnedServer } from './helpers.ts';
import { chromiumPath, launchChromium } from './ui/browser.ts';
import { screenshotPath } from './ui/harness.ts';

const APP = process.env['CATALOG_TEST_DATAHUB_WEB_APP'];
const SKIP = APP
  ? false
  : "set CATALOG_TEST_DATAHUB_WEB_APP to a build of DataHub's web app (datahub-web-react's dist/, docs/datahub-web-app.md) to run it";

/** The app is several megabytes of script; a loaded machine takes its time to run it. */
const PAGE_TIMEOUT_MS = 120_000;

const DATASET = SHOWCASE_URNS.fctOrders;
const TAG = SHOWCASE_URNS.pii;

/**
 * CATALOG_TEST_DATAHUB_WEB_APP_PAGES: the pages to visit (home, search, schema, lineage, tag; comma
 * separated), all when unset: Chromium and the app are heavy on a small machine.
 */
const PAGES = process.env['CATALOG_TEST_DATAHUB_WEB_APP_PAGES']?.split(',').map((p) => p.trim());
const skipPage = (name: string) =>
  PAGES && !PAGES.includes(name) ? `not in CATALOG_TEST_DATAHUB_WEB_APP_PAGES` : false;

/** What one page's load sent and got: GraphQL operations by name, their errors, failed calls. */
interface PageLog {
  ops: string[];
  graphqlErrors: string[];
  failedCalls: string[];
  /** GraphQL calls the page aborted itself, by operation name: failures unless a later call of the same operation was answered. */
  aborted: string[];
  /** Operations answered, in order. */
  answered: string[];
  pending: number;
}

describe("DataHub's web app in Chromium against catalog serve --sample --datahub-web-app", { skip: SKIP }, () => {
  let server: SpawnedServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];
  const logs = new Map<string, PageLog>();
  let log: PageLog = { ops: [], graphqlErrors: [], failedCalls: [], aborted: [], answered: [], pending: 0 };

  before(async () => {
    server = await serveCatalog(
      ['serve', '--port', '0', '--data', tempDataPath(), '--sample', '--datahub-web-app', APP!],
      { timeoutMs: 120_000 },
    );
    browser = await launchChromium(chromiumPath("DataHub's web app tests (test/webapp-browser.test.ts)"));
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'en-US',
      timezoneId: 'UTC',
    });
    page = await context.newPage();
    page.setDefaultTimeout(PAGE_TIMEOUT_MS);
    page.on('pageerror', (e) => pageErrors.push(e.message));
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname !== '/api/v2/graphql') return;
      log.ops.push(operationOf(req.url(), req.postData()));
      log.pending++;
    });
    page.on('response', (res) => void record(log, res));
    page.on('requestfailed', (req) => {
      const url = new URL(req.url());
      const reason = req.failure()?.errorText ?? 'failed';
      if (url.pathname === '/api/v2/graphql') {
        log.pending--;
        // The app cancels a query whose variables changed before it was answered (the tag page asks
        // for the tag's assets before it has the tag): that call counts as failed only if no later
        // call of the same operation was answered (checked in assertClean).
        if (reason === 'net::ERR_ABORTED') {
          log.aborted.push(operationOf(req.url(), req.postData()));
          return;
        }
      }
      // A static file the page itself stopped loading (a lazy chunk when the page moves on) is not a
      // failure of the server; an aborted API call still counts.
      if (reason === 'net::ERR_ABORTED' && !url.pathname.startsWith('/api/')) return;
      log.failedCalls.push(`${req.method()} ${url.pathname}: ${reason}`);
    });
  });

  after(async () => {
    const lines = [...logs].flatMap(([name, l]) => [...new Set(l.ops)].map((op) => `${op}\t${name}`));
    mkdirSync(join(ROOT, 'build'), { recursive: true });
    writeFileSync(join(ROOT, 'build', 'webapp-pages-ops.txt'), `${lines.join('\n')}\n`);
    if (pageErrors.length > 0) process.stderr.write(`The app's own errors in the page:\n${pageErrors.join('\n')}\n`);
    await browser?.close();
    await server?.stop();
  });

  async function record(into: PageLog, res: Response): Promise<void> {
    const url = new URL(res.url());
    const api = url.pathname.startsWith('/api/') || url.pathname.startsWith('/openapi/');
    if (url.pathname !== '/api/v2/graphql') {
      if (res.status() >= 400 && (api || url.pathname.startsWith('/assets/')))
        into.failedCalls.push(`${res.request().method()} ${url.pathname}: HTTP ${res.status()}`);
      return;
    }
    const name = url.searchParams.get('operationName') ?? 'anonymous';
    try {
      if (res.status() !== 200) into.failedCalls.push(`${name}: HTTP ${res.status()}`);
      const body = (await res.json()) as { errors?: { message: string; path?: unknown[] }[] };
      for (const e of body.errors ?? [])
        into.graphqlErrors.push(`${name}: ${e.message}${e.path ? ` at ${e.path.join('.')}` : ''}`);
      if (res.status() === 200 && !body.errors) into.answered.push(operationOf(res.url(), res.request().postData()));
    } catch (e) {
      into.graphqlErrors.push(`${name}: the answer is not JSON (${(e as Error).message})`);
    } finally {
      into.pending--;
    }
  }

  /** Opens a page with a fresh log, waits for what it must show, then for its GraphQL calls to end. */
  async function visit(name: string, path: string, shows: (p: Page) => Promise<void>): Promise<PageLog> {
    log = { ops: [], graphqlErrors: [], failedCalls: [], aborted: [], answered: [], pending: 0 };
    logs.set(name, log);
    await page.goto(`${server.url}${path}`);
    await shows(page);
    const current = log;
    await waitUntil(() => current.pending <= 0);
    await page.screenshot({ path: screenshotPath(`webapp-${name}.png`), fullPage: false });
    return current;
  }

  function assertClean(l: PageLog): void {
    assert.deepEqual(l.graphqlErrors, [], `GraphQL errors in the network log (operations sent: ${l.ops.join(', ')})`);
    assert.deepEqual(l.failedCalls, [], 'failed calls in the network log');
    const unanswered = l.aborted.filter((op) => !l.answered.includes(op));
    assert.deepEqual(unanswered, [], 'GraphQL calls aborted with no later call of the operation answered');
  }

  it('home: the signed-in local user and the sample behind the page', { skip: skipPage('home') }, async () => {
    const l = await visit('home', '/', async (p) => {
      await p.waitForURL(`${server.url}/`);
      await p
        .getByText(/Welcome back|Good (morning|afternoon|evening)/i)
        .first()
        .waitFor();
    });
    assertClean(l);
  });

  it('search: the results for "orders" with their facets', { skip: skipPage('search') }, async () => {
    const l = await visit('search', '/search?query=orders', async (p) => {
      await p.getByText('fct_orders', { exact: false }).first().waitFor();
      await p
        .getByText(/Platform/)
        .first()
        .waitFor();
      await p
        .getByText(/Snowflake/i)
        .first()
        .waitFor();
    });
    assertClean(l);
  });

  it("a dataset's Schema tab: the columns with their descriptions and tags", { skip: skipPage('schema') }, async () => {
    const l = await visit('schema', `/dataset/${DATASET}/Schema`, async (p) => {
      await p.getByText('order_id', { exact: true }).first().waitFor();
      await p.getByText('customer_email', { exact: true }).first().waitFor();
      await p.getByText("Customer's e-mail address").first().waitFor();
      await p.getByText('PII', { exact: true }).first().waitFor();
    });
    assertClean(l);
  });

  it("a dataset's Lineage tab: the graph with its upstream and downstream neighbours", {
    skip: skipPage('lineage'),
  }, async () => {
    const l = await visit('lineage', `/dataset/${DATASET}/Lineage`, async (p) => {
      // fct_orders with its two upstream datasets and at least one downstream neighbour.
      await p.locator('.react-flow__node').nth(3).waitFor();
      await p.getByText('daily_revenue', { exact: false }).first().waitFor();
    });
    assertClean(l);
  });

  it("a tag's page: its name, description and what it is applied to, whose link lists them", {
    skip: skipPage('tag'),
  }, async () => {
    // The sample tags only datasets with PII (columns' tags): "Applied to" counts them, from the
    // search's legacy `entity` facet.
    const tagged = new Set(
      SAMPLE_MCPS.filter((m) => m['entityUrn'] !== TAG && JSON.stringify(m['aspect']).includes(`"tag":"${TAG}"`)).map(
        (m) => m['entityUrn'] as string,
      ),
    );
    assert.ok([...tagged].every((u) => u.startsWith('urn:li:dataset:')));
    const l = await visit('tag', `/tag/${TAG}`, async (p) => {
      await p.getByText('PII', { exact: true }).first().waitFor();
      await p.getByText('Personally identifiable information').first().waitFor();
      await p.getByTestId('stats-DATASET').waitFor();
    });
    assert.match(
      (await page.getByTestId('stats-DATASET').textContent()) ?? '',
      new RegExp(`^${tagged.size} Datasets\\b`),
    );
    // Its link: a search for the tag's datasets, which lists them.
    await page.getByTestId('stats-DATASET').click();
    await page.waitForURL(/\/search\?/);
    await page.getByText('fct_orders', { exact: false }).first().waitFor();
    await page
      .getByText(new RegExp(`of\\s*${tagged.size}\\s*results`))
      .first()
      .waitFor();
    await waitUntil(() => l.pending <= 0);
    await page.screenshot({ path: screenshotPath('webapp-tag-applied-to.png'), fullPage: false });
    assertClean(l);
  });
});

/** The operation a GraphQL call of the app names (its body's operationName, else the address's). */
function operationOf(address: string, body: string | null): string {
  let name = new URL(address).searchParams.get('operationName') ?? 'anonymous';
  try {
    name = (JSON.parse(body ?? '{}') as { operationName?: string }).operationName ?? name;
  } catch {
    // the name in the address stands
  }
  return name;
}

/** Resolves once `done()` holds, checking on each turn of the event loop (the test's own timeout bounds it). */
async function waitUntil(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((r) => setTimeout(r, 50));
}
