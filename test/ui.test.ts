/**
 * The web UI in real Chromium against `catalog serve --sample` (issue 15 "Tests in a real
 * browser"): finding a dataset and reading its schema, every kind of edit checked afterwards through
 * GraphQL and `catalog get`, a CLI change seen after a reload, DataHub-style deep links, not-found,
 * keyboard use, narrow screens, cross-site writes, and the screenshots the README shows.
 */
import assert from 'node:assert/strict';
import { createServer, get as httpGet, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { SHOWCASE_URNS } from '../src/sample/showcase.ts';
import { mcp, runCli, tempDir, writeTemp } from './helpers.ts';
import { chromiumPath } from './ui/browser.ts';
import {
  HDFS_SAMPLE,
  HIVE_SAMPLE,
  KAFKA_SAMPLE,
  screenshotPath,
  startWorld,
  USERS_CREATED,
  USERS_DELETED,
  type UiWorld,
} from './ui/harness.ts';

const chromium = chromiumPath('Web UI tests (test/ui.test.ts)');

/** GETs the bytes exactly as sent, with the given Accept-Encoding. */
function rawGet(
  url: string,
  encoding: string,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

/** DataHub frontend's address of a dataset tab: the urn as its urlEncodeUrn leaves it. */
const datasetUrl = (base: string, urn: string, tab = 'Schema') => `${base}/dataset/${urn}/${tab}`;

describe('the web UI in Chromium', { skip: chromium ? false : 'no Chromium' }, () => {
  let w: UiWorld;
  before(async () => {
    w = await startWorld(chromium!);
    // Lineage for the lineage page: SampleHive, SampleKafka → fct_users_created → fct_users_deleted → SampleHdfs.
    await w.gql(`mutation { updateLineage(input: { edgesToAdd: [
      { downstreamUrn: "${USERS_CREATED}", upstreamUrn: "${HIVE_SAMPLE}" },
      { downstreamUrn: "${USERS_CREATED}", upstreamUrn: "${KAFKA_SAMPLE}" },
      { downstreamUrn: "${USERS_DELETED}", upstreamUrn: "${USERS_CREATED}" },
      { downstreamUrn: "${HDFS_SAMPLE}", upstreamUrn: "${USERS_DELETED}" }], edgesToRemove: [] }) }`);
    await w.gql('mutation { setTagColor(urn: "urn:li:tag:Legacy", colorHex: "#d4380d") }');
    await w.gql(
      'mutation { createGlossaryTerm(input: { id: "EmailAddress", name: "Email address", description: "An **email** address of a person" }) }',
    );
    await w.gql(
      'mutation { createDomain(input: { id: "marketing", name: "Marketing", description: "Campaigns and customers" }) }',
    );
  });
  after(async () => w?.close());

  it('serves the page at / with its assets, and the API is unchanged beside it', async () => {
    const res = await fetch(`${w.server.url}/`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /text\/html/);
    assert.match(res.headers.get('content-security-policy') ?? '', /script-src 'self'/);
    const html = await res.text();
    const js = /src="(\/assets\/app\.[0-9a-f]+\.js)"/.exec(html)?.[1];
    const css = /href="(\/assets\/app\.[0-9a-f]+\.css)"/.exec(html)?.[1];
    assert.ok(js && css, html);
    // The first page's script and style as served compressed (raw bytes: fetch would decode them),
    // within the budget of 200 KB.
    const br = await rawGet(`${w.server.url}${js}`, 'br');
    assert.equal(br.status, 200);
    assert.equal(br.headers['content-encoding'], 'br');
    assert.match(String(br.headers['cache-control']), /immutable/);
    const plain = await rawGet(`${w.server.url}${js}`, 'identity');
    assert.deepEqual(brotliDecompressSync(br.body), plain.body);
    const gz = await Promise.all([js, css].map((p) => rawGet(`${w.server.url}${p}`, 'gzip')));
    assert.deepEqual(gunzipSync(gz[0]!.body), plain.body);
    const compressed = gz.reduce((n, r) => n + r.body.length, 0);
    assert.ok(compressed < 200 * 1024, `first page JS+CSS is ${compressed} bytes gzipped`);
    // An API client still gets JSON at its paths, and a browser asking for a missing path gets the page's 404.
    assert.equal((await fetch(`${w.server.url}/config`)).status, 200);
    const missing = await fetch(`${w.server.url}/no/such/page`, { headers: { accept: 'text/html' } });
    assert.equal(missing.status, 404);
    assert.match(missing.headers.get('content-type') ?? '', /text\/html/);
    const apiMissing = await fetch(`${w.server.url}/no/such/page`);
    assert.match(apiMissing.headers.get('content-type') ?? '', /application\/json/);
  });

  it('home shows a search box and counts by type and platform', async () => {
    const { page } = w;
    await page.goto(`${w.server.url}/`);
    await page.getByRole('heading', { name: 'Find data in the catalog' }).waitFor();
    const types = page.getByRole('region', { name: 'By type' });
    await types.getByRole('link', { name: /Datasets\s*5/ }).waitFor();
    const platforms = page.getByRole('region', { name: 'By platform' });
    await platforms.getByRole('link', { name: /hive\s*3/ }).waitFor();
    await platforms.getByRole('link', { name: /kafka/ }).click();
    await page.waitForURL(/\/search\?/);
    await page.getByText('1 result').waitFor();
    assert.deepEqual(await page.locator('.entity-card h2').allTextContents(), ['SampleKafkaDataset']);
  });

  it('search "users" → open fct_users_deleted → Schema shows its six columns and descriptions', async () => {
    const { page } = w;
    await page.goto(`${w.server.url}/`);
    const box = page.getByRole('combobox', { name: 'Search the catalog' });
    await box.fill('users');
    await box.press('Enter');
    await page.waitForURL(/\/search\?query=users/);
    await page.getByText('2 results for “users”').waitFor();
    await page.getByRole('group', { name: 'Platform' }).waitFor();
    await page.getByRole('link', { name: 'fct_users_deleted' }).click();
    await page.waitForURL(/\/dataset\/urn:li:dataset:\(urn:li:dataPlatform:hive,fct_users_deleted,PROD\)/);
    await page.getByRole('heading', { level: 1, name: 'fct_users_deleted' }).waitFor();
    const rows = page.locator('.schema-table tbody tr');
    await rows.first().waitFor();
    const columns = await page.locator('.schema-table tbody .field-name').allTextContents();
    assert.deepEqual(columns, ['user_name', 'timestamp', 'user_id', 'browser_id', 'session_id', 'deletion_reason']);
    const descriptions = await page.locator('.schema-table tbody .col-description .markdown').allTextContents();
    assert.deepEqual(
      descriptions.map((d) => d.trim()),
      [
        'Name of the user who was deleted',
        'Timestamp user was deleted at',
        'Id of the user deleted',
        'Cookie attached to identify the browser',
        'Cookie attached to identify the session',
        'Why the user chose to deactivate',
      ],
    );
    assert.equal(await page.getByRole('heading', { name: '6 columns' }).count(), 1);
  });

  it('the schema filter narrows the columns', async () => {
    const { page } = w;
    await page.goto(datasetUrl(w.server.url, USERS_DELETED));
    await page.getByRole('searchbox', { name: 'Filter columns' }).fill('cookie');
    await page.waitForFunction(() => document.querySelectorAll('.schema-table tbody tr').length === 2);
    assert.deepEqual(await page.locator('.schema-table tbody .field-name').allTextContents(), [
      'browser_id',
      'session_id',
    ]);
  });

  it('edits a column description in Markdown with a preview; GraphQL and catalog get see it', async () => {
    const { page } = w;
    await page.goto(datasetUrl(w.server.url, USERS_DELETED));
    await page.getByRole('button', { name: 'Edit description of column user_id' }).click();
    const text = 'Id of the **deleted** user, see [the runbook](https://example.com/runbook)';
    await page.getByLabel('Description of column user_id (Markdown)').fill(text);
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.locator('.preview strong', { hasText: 'deleted' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    // Saved: the notice shows and the editor is closed (its preview also shows the text, before saving).
    await page.getByText('Description of user_id saved.').first().waitFor();
    const row = page.locator('tr[data-field-path="user_id"]');
    await row.getByRole('button', { name: 'Edit description of column user_id' }).waitFor();
    await row.locator('.markdown strong', { hasText: 'deleted' }).waitFor();
    assert.equal(await row.locator('.markdown a').getAttribute('rel'), 'noopener noreferrer');

    const data = await w.gql(
      `{ dataset(urn: "${USERS_DELETED}") { schemaMetadata { fields { fieldPath description } } } }`,
    );
    assert.equal(data.dataset.schemaMetadata.fields.find((f: any) => f.fieldPath === 'user_id').description, text);
    const editable = await w.get(USERS_DELETED, 'editableSchemaMetadata');
    assert.equal(editable.editableSchemaFieldInfo.find((f: any) => f.fieldPath === 'user_id').description, text);
  });

  it('renders Markdown sanitised: no script, no event handlers', async () => {
    const { page } = w;
    const evil =
      'Hello <img src=x onerror="window.__pwned=1"> <script>window.__pwned=2</script> [x](javascript:window.__pwned=3)';
    await w.gql(
      'mutation($d: String!) { updateDescription(input: { resourceUrn: "' + USERS_CREATED + '", description: $d }) }',
      { d: evil },
    );
    await page.goto(datasetUrl(w.server.url, USERS_CREATED, 'Documentation'));
    await page.getByRole('region', { name: 'Documentation' }).getByText('Hello').waitFor();
    const html = await page.locator('.tab-panel .markdown').first().innerHTML();
    assert.doesNotMatch(html, /onerror|<script|javascript:/i);
    await page
      .locator('.tab-panel .markdown a')
      .click()
      .catch(() => undefined);
    assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);
  });

  it('adds a new tag and an existing one, undoes a third with the notice; GraphQL and catalog get see them', async () => {
    const { page } = w;
    await page.goto(datasetUrl(w.server.url, USERS_DELETED));
    const tags = page.getByRole('complementary', { name: 'About' }).getByRole('region', { name: 'Tags' });
    // A new tag, created from what was typed.
    await tags.getByRole('button', { name: '+ Add tag' }).click();
    await tags.getByRole('combobox', { name: 'Add tag' }).fill('pii');
    await tags.getByRole('option', { name: /Create tag “pii”/ }).click();
    await tags.getByRole('link', { name: 'pii' }).waitFor();
    // An existing tag, picked from the suggestions.
    await tags.getByRole('button', { name: '+ Add tag' }).click();
    await tags.getByRole('combobox', { name: 'Add tag' }).fill('Leg');
    await tags.getByRole('option', { name: 'Legacy' }).click();
    await tags.getByRole('link', { name: 'Legacy' }).waitFor();
    // A third one, taken back with the notice's Undo.
    await tags.getByRole('button', { name: '+ Add tag' }).click();
    const box = tags.getByRole('combobox', { name: 'Add tag' });
    await box.fill('scratch');
    await tags.getByRole('option', { name: /Create tag “scratch”/ }).waitFor();
    await box.press('ArrowDown');
    await box.press('Enter');
    await tags.getByRole('link', { name: 'scratch' }).waitFor();
    await page.getByRole('status').getByRole('button', { name: 'Undo: Tag scratch added.' }).click();
    await tags.getByRole('link', { name: 'scratch' }).waitFor({ state: 'detached' });

    const data = await w.gql(
      `{ dataset(urn: "${USERS_DELETED}") { tags { tags { tag { urn } } } } tag(urn: "urn:li:tag:pii") { name } }`,
    );
    assert.deepEqual(data.dataset.tags.tags.map((t: any) => t.tag.urn).sort(), ['urn:li:tag:Legacy', 'urn:li:tag:pii']);
    assert.equal(data.tag.name, 'pii');
    const globalTags = await w.get(USERS_DELETED, 'globalTags');
    assert.deepEqual(globalTags.tags.map((t: any) => t.tag).sort(), ['urn:li:tag:Legacy', 'urn:li:tag:pii']);
  });

  it('tags a column from its row', async () => {
    const { page } = w;
    await page.goto(datasetUrl(w.server.url, USERS_DELETED));
    const row = page.locator('tr[data-field-path="user_name"]');
    await row.getByRole('button', { name: '+ Add tag' }).click();
    await row.getByRole('combobox', { name: 'Add tag' }).fill('pii');
    await row.getByRole('option', { name: 'pii', exact: true }).click();
    await row.getByRole('link', { name: 'pii' }).waitFor();
    const editable = await w.get(USERS_DELETED, 'editableSchemaMetadata');
    assert.deepEqual(editable.editableSchemaFieldInfo.find((f: any) => f.fieldPath === 'user_name').globalTags.tags, [
      { tag: 'urn:li:tag:pii' },
    ]);
  });

  it('adds an owner found by name; GraphQL and catalog get see it', async () => {
    const { page } = w;
    await page.goto(datasetUrl(w.server.url, USERS_DELETED));
    const owners = page.getByRole('complementary', { name: 'About' }).getByRole('region', { name: 'Owners' });
    await owners.getByRole('button', { name: '+ Add owner' }).click();
    await owners.getByLabel('Ownership type').selectOption('BUSINESS_OWNER');
    await owners.getByRole('combobox', { name: 'Add owner' }).fill('DataHub');
    await owners.getByRole('option', { name: /DataHub/ }).click();
    await owners.getByRole('link', { name: 'DataHub' }).waitFor();

    const data = await w.gql(
      `{ dataset(urn: "${USERS_DELETED}") { ownership { owners { owner { ... on CorpUser { urn } } type } } } }`,
    );
    assert.deepEqual(
      data.dataset.ownership.owners.find((o: any) => o.owner.urn === 'urn:li:corpuser:datahub')?.type,
      'BUSINESS_OWNER',
    );
    const ownership = await w.get(USERS_DELETED, 'ownership');
    assert.ok(
      ownership.owners.some((o: any) => o.owner === 'urn:li:corpuser:datahub' && o.type === 'BUSINESS_OWNER'),
      JSON.stringify(ownership),
    );

    // Removing an owner, then taking it back, keeps its ownership type.
    await owners.getByRole('button', { name: 'Remove owner John Doe' }).click();
    await owners.getByRole('link', { name: 'John Doe' }).waitFor({ state: 'detached' });
    assert.ok(!(await w.get(USERS_DELETED, 'ownership')).owners.some((o: any) => o.owner === 'urn:li:corpuser:jdoe'));
    await page.getByRole('button', { name: 'Undo: Owner John Doe removed.' }).click();
    await owners.getByRole('link', { name: 'John Doe' }).waitFor();
    const back = (await w.get(USERS_DELETED, 'ownership')).owners.find((o: any) => o.owner === 'urn:li:corpuser:jdoe');
    assert.equal(back.type, 'DATAOWNER', JSON.stringify(back));
  });

  it('adds a glossary term and sets a domain; GraphQL and catalog get see them, and their pages list the dataset', async () => {
    const { page } = w;
    await page.goto(datasetUrl(w.server.url, USERS_DELETED));
    const side = page.getByRole('complementary', { name: 'About' });
    const terms = side.getByRole('region', { name: 'Glossary terms' });
    await terms.getByRole('button', { name: '+ Add term' }).click();
    await terms.getByRole('combobox', { name: 'Add term' }).fill('Email');
    await terms.getByRole('option', { name: 'Email address' }).click();
    await terms.getByRole('link', { name: 'Email address' }).waitFor();
    const domain = side.getByRole('region', { name: 'Domain' });
    await domain.getByRole('button', { name: '+ Add domain' }).click();
    await domain.getByRole('combobox', { name: 'Add domain' }).fill('Mark');
    await domain.getByRole('option', { name: 'Marketing' }).click();
    await domain.getByRole('link', { name: 'Marketing' }).waitFor();

    const data = await w.gql(
      `{ dataset(urn: "${USERS_DELETED}") { glossaryTerms { terms { term { urn } } } domain { domain { urn } } } }`,
    );
    assert.deepEqual(
      data.dataset.glossaryTerms.terms.map((t: any) => t.term.urn),
      ['urn:li:glossaryTerm:EmailAddress'],
    );
    assert.equal(data.dataset.domain.domain.urn, 'urn:li:domain:marketing');
    assert.deepEqual(
      (await w.get(USERS_DELETED, 'glossaryTerms')).terms.map((t: any) => t.urn),
      ['urn:li:glossaryTerm:EmailAddress'],
    );
    assert.deepEqual((await w.get(USERS_DELETED, 'domains')).domains, ['urn:li:domain:marketing']);

    await domain.getByRole('link', { name: 'Marketing' }).click();
    await page.getByRole('heading', { level: 1, name: 'Marketing' }).waitFor();
    await page
      .getByRole('region', { name: /Entities/ })
      .getByRole('link', { name: 'fct_users_deleted' })
      .waitFor();
    await page.goto(`${w.server.url}/glossaryTerm/urn:li:glossaryTerm:EmailAddress`);
    await page.getByRole('heading', { level: 1, name: 'Email address' }).waitFor();
    await page.locator('.entity-side strong', { hasText: 'email' }).waitFor();
    await page
      .getByRole('region', { name: /Related entities/ })
      .getByRole('link', { name: 'fct_users_deleted' })
      .waitFor();
  });

  it('deprecates with a note and a date, then undoes it; GraphQL and catalog get follow', async () => {
    const { page } = w;
    await page.goto(datasetUrl(w.server.url, USERS_DELETED));
    await page.getByRole('button', { name: 'Deprecate…' }).click();
    await page.getByLabel('Note (why, and what to use instead)').fill('Use `fct_users_v2` instead');
    await page.getByLabel('Decommission date (optional)').fill('2030-01-31');
    await page.getByRole('form', { name: 'Deprecate' }).getByRole('button', { name: 'Deprecate' }).click();
    const banner = page.getByRole('region', { name: 'Deprecated' });
    await banner.getByText('fct_users_v2').waitFor();
    await banner.getByText('Scheduled for decommission on Jan 31, 2030').waitFor();

    let data = await w.gql(`{ dataset(urn: "${USERS_DELETED}") { deprecation { deprecated note decommissionTime } } }`);
    assert.deepEqual(data.dataset.deprecation, {
      deprecated: true,
      note: 'Use `fct_users_v2` instead',
      decommissionTime: Date.UTC(2030, 0, 31),
    });
    assert.equal((await w.get(USERS_DELETED, 'deprecation')).deprecated, true);

    await banner.getByRole('button', { name: 'Undo deprecation' }).click();
    await banner.waitFor({ state: 'detached' });
    data = await w.gql(`{ dataset(urn: "${USERS_DELETED}") { deprecation { deprecated } } }`);
    assert.equal(data.dataset.deprecation.deprecated, false);
    assert.equal((await w.get(USERS_DELETED, 'deprecation')).deprecated, false);
  });

  it('raises an incident, shows it in the banner, resolves it with a note and reopens it with Undo; GraphQL and catalog get follow', async () => {
    const { page } = w;
    await page.goto(datasetUrl(w.server.url, USERS_CREATED));
    await page.getByRole('heading', { level: 1, name: 'fct_users_created' }).waitFor();
    assert.equal(await page.getByRole('region', { name: /active incident/ }).count(), 0);
    await page.getByRole('button', { name: 'Raise incident…' }).click();
    const form = page.getByRole('form', { name: 'Raise incident' });
    await form.getByLabel('Title').fill('Nightly load failed');
    await form.getByLabel('Type', { exact: true }).selectOption('FRESHNESS');
    await form.getByLabel('Priority').selectOption('HIGH');
    await form.getByLabel('Description (optional, Markdown)').fill('The **users** feed never arrived.');
    await form.getByRole('button', { name: 'Raise incident' }).click();
    const banner = page.getByRole('region', { name: '1 active incident' });
    await banner.getByText('Nightly load failed').waitFor();
    await banner.getByText('High priority').waitFor();
    await banner.locator('strong', { hasText: 'users' }).waitFor();

    const list = `{ dataset(urn: "${USERS_CREATED}") { incidents { total incidents { urn incidentType title description priority incidentStatus { state message } source { type } } } } }`;
    let data = await w.gql(list);
    assert.equal(data.dataset.incidents.total, 1);
    const incident = data.dataset.incidents.incidents[0];
    assert.deepEqual(
      { ...incident, urn: undefined },
      {
        urn: undefined,
        incidentType: 'FRESHNESS',
        title: 'Nightly load failed',
        description: 'The **users** feed never arrived.',
        priority: 'HIGH',
        incidentStatus: { state: 'ACTIVE', message: null },
        source: { type: 'MANUAL' },
      },
    );
    assert.equal((await w.get(incident.urn, 'incidentInfo')).status.state, 'ACTIVE');

    await banner.getByRole('button', { name: 'Resolve Nightly load failed' }).click();
    await banner.getByLabel('Resolution note (optional)').fill('Re-ran the load');
    await banner
      .getByRole('form', { name: 'Resolve Nightly load failed' })
      .getByRole('button', { name: 'Resolve' })
      .click();
    await banner.waitFor({ state: 'detached' });
    data = await w.gql(`{ incident(urn: "${incident.urn}") { incidentStatus { state message } } }`);
    assert.deepEqual(data.incident.incidentStatus, { state: 'RESOLVED', message: 'Re-ran the load' });
    const stored = await w.get(incident.urn, 'incidentInfo');
    assert.deepEqual([stored.status.state, stored.status.message], ['RESOLVED', 'Re-ran the load']);

    await page.getByRole('status').getByRole('button', { name: 'Undo: Incident resolved.' }).click();
    await page.getByRole('region', { name: '1 active incident' }).getByText('Nightly load failed').waitFor();
    assert.equal((await w.get(incident.urn, 'incidentInfo')).status.state, 'ACTIVE');
    // Left resolved: the other tests expect a dataset without incidents.
    await w.gql('mutation { updateIncidentStatus(urn: "' + incident.urn + '", input: { state: RESOLVED }) }');
  });

  it('a raise the server refuses keeps the form and shows its message; an incident raised by another client shows after a reload', async () => {
    const { page } = w;
    await page.goto(datasetUrl(w.server.url, USERS_DELETED));
    await page.getByRole('heading', { level: 1, name: 'fct_users_deleted' }).waitFor();
    // Another client removes the dataset's key between the page load and the raise: the server refuses it.
    await page.getByRole('button', { name: 'Raise incident…' }).click();
    const form = page.getByRole('form', { name: 'Raise incident' });
    await form.getByLabel('Title').fill('Partner file late');
    await form.getByLabel('Type', { exact: true }).selectOption('CUSTOM');
    await form.getByLabel('Custom type').fill('Partner feed');
    await page.route('**/api/graphql', async (route) => {
      const body = route.request().postDataJSON() as { query: string; variables: { input?: { resourceUrn?: string } } };
      if (body.query.startsWith('mutation raiseIncident') && body.variables.input)
        body.variables.input.resourceUrn = 'urn:li:dataset:(urn:li:dataPlatform:hive,gone,PROD)';
      await route.continue({ postData: JSON.stringify(body) });
    });
    await form.getByRole('button', { name: 'Raise incident' }).click();
    await form
      .getByRole('alert')
      .getByText('Failed to raise incident. Entity urn:li:dataset:(urn:li:dataPlatform:hive,gone,PROD) does not exist.')
      .waitFor();
    await page.unroute('**/api/graphql');
    assert.equal(await form.getByLabel('Title').inputValue(), 'Partner file late');
    await form.getByRole('button', { name: 'Cancel' }).click();

    const raised = await w.gql(
      `mutation { raiseIncident(input: { type: CUSTOM, customType: "Partner feed", title: "Raised elsewhere", resourceUrn: "${USERS_DELETED}", status: { state: ACTIVE, stage: INVESTIGATION, message: "Looking into it" } }) }`,
    );
    await page.reload();
    const banner = page.getByRole('region', { name: '1 active incident' });
    await banner.getByText('Raised elsewhere').waitFor();
    await banner.getByText('Partner feed').waitFor();
    await banner.getByText('Investigation').waitFor();
    await banner.getByText('Looking into it').waitFor();
    await w.gql(`mutation { updateIncidentStatus(urn: "${raised.raiseIncident}", input: { state: RESOLVED }) }`);
  });

  it('adds and removes a link', async () => {
    const { page } = w;
    await page.goto(datasetUrl(w.server.url, USERS_DELETED, 'Documentation'));
    const panel = page.getByRole('region', { name: 'Documentation' });
    await panel.getByRole('button', { name: '+ Add link' }).click();
    await panel.getByLabel('URL').fill('https://example.com/dashboards/users');
    await panel.getByLabel('Label').fill('Users dashboard');
    await panel.getByRole('button', { name: 'Add link' }).click();
    await panel.getByRole('link', { name: /Users dashboard/ }).waitFor();
    const memory = await w.get(USERS_DELETED, 'institutionalMemory');
    assert.equal(memory.elements[0].url, 'https://example.com/dashboards/users');
  });

  it('shows what changed, when and by whom in History', async () => {
    const { page } = w;
    await page.goto(datasetUrl(w.server.url, USERS_DELETED, 'History'));
    const history = page.getByRole('region', { name: 'History' });
    await history.getByText("Tag 'pii' added to").first().waitFor();
    await history
      .getByText(/user_id/)
      .first()
      .waitFor();
    await history.getByLabel('Show').selectOption('DEPRECATION');
    assert.ok((await history.locator('.timeline-events li').count()) >= 2);
  });

  it('shows on History what is not pushed yet to each remote of the data file', async () => {
    const { page } = w;
    // No remote yet: nothing to say.
    await page.goto(datasetUrl(w.server.url, USERS_DELETED, 'History'));
    await page.getByRole('region', { name: 'History' }).getByText("Tag 'pii' added to").first().waitFor();
    assert.equal(await page.getByRole('region', { name: 'Not pushed yet' }).count(), 0);
    // A teammate's file becomes a remote (offline, with the CLI, while the server runs): nothing was pushed to it.
    const added = await runCli(['remote', 'add', 'team', join(tempDir(), 'team.lmdb'), '--data', w.data]);
    assert.equal(added.code, 0, added.stderr);
    await page.reload();
    const pending = page.getByRole('region', { name: 'Not pushed yet' });
    await pending.getByText('team').first().waitFor();
    assert.match((await pending.textContent()) ?? '', /globalTags/);
    assert.match((await pending.textContent()) ?? '', /catalog push team/);
  });

  it('home lists what changed last, the dataset just edited first', async () => {
    const { page } = w;
    await page.goto(`${w.server.url}/`);
    const recent = page.getByRole('region', { name: 'Recently changed' });
    await recent.getByRole('link').first().waitFor();
    // The tests above edited fct_users_deleted last.
    assert.match((await recent.getByRole('link').first().textContent()) ?? '', /^fct_users_deleted/);
    assert.equal((await recent.locator('time').first().getAttribute('datetime')) !== null, true);
  });

  it('keeps what was typed and shows the API error where the edit failed', async () => {
    const { page } = w;
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,scratch_table,PROD)';
    const ingest = await fetch(`${w.server.url}/aspects?action=ingestProposal`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        proposal: {
          entityType: 'dataset',
          entityUrn: urn,
          changeType: 'UPSERT',
          aspectName: 'datasetProperties',
          aspect: {
            contentType: 'application/json',
            value: JSON.stringify({ name: 'scratch_table', description: 'temporary' }),
          },
        },
      }),
    });
    assert.equal(ingest.status, 200);
    await page.goto(datasetUrl(w.server.url, urn, 'Documentation'));
    const panel = page.getByRole('region', { name: 'Documentation' });
    await panel.getByRole('button', { name: 'Edit description of scratch_table' }).click();
    await panel.getByLabel('Description of scratch_table (Markdown)').fill('A long text I do not want to lose');
    // The dataset goes away while the editor is open: the save must fail visibly and keep the text.
    const del = await fetch(`${w.server.url}/entities?action=delete`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ urn }),
    });
    assert.equal(del.status, 200);
    await panel.getByRole('button', { name: 'Save' }).click();
    await panel.getByRole('alert').getByText(`Failed to update ${urn}. ${urn} does not exist.`).waitFor();
    assert.equal(
      await panel.getByLabel('Description of scratch_table (Markdown)').inputValue(),
      'A long text I do not want to lose',
    );
  });

  it('shows a change made with the CLI while the page is open after a reload', async () => {
    const { page } = w;
    await page.goto(datasetUrl(w.server.url, USERS_DELETED));
    await page.getByRole('heading', { level: 1, name: 'fct_users_deleted' }).waitFor();
    assert.equal(await page.getByRole('region', { name: 'Deprecated' }).count(), 0);
    const r = await runCli([
      'deprecate',
      '--urn',
      USERS_DELETED,
      '--note',
      'Retired from the command line',
      '--data',
      w.data,
    ]);
    assert.equal(r.code, 0, r.stderr);
    await page.reload();
    await page.getByRole('region', { name: 'Deprecated' }).getByText('Retired from the command line').waitFor();
    const undo = await runCli(['deprecate', '--undo', '--urn', USERS_DELETED, '--data', w.data]);
    assert.equal(undo.code, 0, undo.stderr);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'fct_users_deleted' }).waitFor();
    assert.equal(await page.getByRole('region', { name: 'Deprecated' }).count(), 0);
  });

  it('draws the lineage graph and lists upstream and downstream', async () => {
    const { page } = w;
    await page.goto(datasetUrl(w.server.url, USERS_DELETED, 'Lineage'));
    const up = page.getByRole('region', { name: /Upstream/ });
    await up.getByRole('link', { name: 'fct_users_created' }).waitFor();
    assert.deepEqual((await up.locator('tbody th').allTextContents()).sort(), [
      'SampleHiveDataset',
      'SampleKafkaDataset',
      'fct_users_created',
    ]);
    const down = page.getByRole('region', { name: /Downstream/ });
    assert.deepEqual(await down.locator('tbody th').allTextContents(), ['SampleHdfsDataset']);
    assert.equal(await page.locator('.lineage-node').count(), 5);
    assert.equal(await page.locator('.lineage-edges > path').count(), 4);
    await page.getByLabel('Show').selectOption('1');
    await page.waitForFunction(() => document.querySelectorAll('.lineage-node').length === 3);
    await page.getByLabel('Show').selectOption('3');
    await page.waitForFunction(() => document.querySelectorAll('.lineage-node').length === 5);
    await w.gql('mutation { setTagColor(urn: "urn:li:tag:pii", colorHex: "#7b3fe4") }');
    await page.reload();
    await page.waitForFunction(() => document.querySelectorAll('.lineage-node').length === 5);
  });

  it('opens DataHub-style deep links on the right page and tab', async () => {
    const { page } = w;
    // The urn as DataHub's frontend writes it, with its query string.
    let res = await page.goto(`${w.server.url}/dataset/${USERS_DELETED}/Lineage?is_lineage_mode=false`);
    assert.equal(res?.status(), 200);
    await page.getByRole('link', { name: 'Lineage', exact: true }).and(page.locator('[aria-current="page"]')).waitFor();
    // Fully percent-encoded, and lower-case tab names.
    res = await page.goto(`${w.server.url}/dataset/${encodeURIComponent(USERS_DELETED)}/properties`);
    assert.equal(res?.status(), 200);
    await page.getByRole('heading', { name: 'Properties', exact: true }).waitFor();
    // Facets as DataHub writes them (filter_<field>___<negated>___<index>) and as the issue names them.
    await page.goto(
      `${w.server.url}/search?query=*&filter_platform___false___0=${encodeURIComponent('urn:li:dataPlatform:kafka')}`,
    );
    await page.getByText('1 result').waitFor();
    await page.getByRole('checkbox', { name: /kafka/ }).and(page.locator(':checked')).waitFor();
    await page.goto(`${w.server.url}/search?query=sample&filter_platform=urn:li:dataPlatform:hive`);
    await page.getByText('1 result for “sample”').waitFor();
    assert.deepEqual(await page.locator('.entity-card h2').allTextContents(), ['SampleHiveDataset']);
    // Other entity pages.
    await page.goto(`${w.server.url}/user/urn:li:corpuser:jdoe`);
    await page.getByRole('heading', { level: 1, name: 'John Doe' }).waitFor();
    await page.getByRole('region', { name: /Owns/ }).getByRole('link', { name: 'fct_users_deleted' }).waitFor();
    await page
      .getByRole('region', { name: /Groups/ })
      .getByRole('link', { name: 'Bar Foo' })
      .waitFor();
    await page.goto(`${w.server.url}/group/urn:li:corpGroup:bfoo`);
    await page.getByRole('heading', { level: 1, name: 'Bar Foo' }).waitFor();
    await page
      .getByRole('region', { name: /Members/ })
      .getByRole('link', { name: 'John Doe' })
      .waitFor();
    await page.goto(`${w.server.url}/tag/urn:li:tag:Legacy`);
    await page.getByRole('heading', { level: 1, name: 'Legacy' }).waitFor();
    await page
      .getByRole('region', { name: /Tagged/ })
      .getByRole('link', { name: 'SampleHiveDataset' })
      .waitFor();
  });

  it('shows containers as a breadcrumb and a page, term groups, and other types on the generic page', async () => {
    const { page } = w;
    const db = 'urn:li:container:db1';
    const schema = 'urn:li:container:schema1';
    const chart = 'urn:li:chart:(looker,signups)';
    const table = 'urn:li:dataset:(urn:li:dataPlatform:postgres,db1.schema1.signups,PROD)';
    const node = 'urn:li:glossaryNode:Classification';
    const file = writeTemp(
      'containers.json',
      JSON.stringify([
        mcp(db, 'containerProperties', { name: 'db1', customProperties: {} }),
        mcp(db, 'dataPlatformInstance', { platform: 'urn:li:dataPlatform:postgres' }),
        mcp(schema, 'containerProperties', { name: 'schema1', description: 'A schema', customProperties: {} }),
        mcp(schema, 'container', { container: db }),
        mcp(table, 'datasetProperties', { name: 'signups', customProperties: { owner_team: 'growth' } }),
        mcp(table, 'container', { container: schema }),
        mcp(chart, 'chartInfo', {
          title: 'Signups',
          description: 'Daily signups',
          customProperties: { k: 'v' },
          lastModified: {
            created: { time: 1, actor: 'urn:li:corpuser:jdoe' },
            lastModified: { time: 2, actor: 'urn:li:corpuser:jdoe' },
          },
        }),
        mcp(chart, 'container', { container: schema }),
        mcp(chart, 'deprecation', { deprecated: true, note: 'old chart', actor: 'urn:li:corpuser:jdoe' }),
        // An incident as DataHub's SDK example emits one: a chart page shows it in its banner too.
        mcp('urn:li:incident:signups-stale', 'incidentInfo', {
          type: 'VOLUME',
          title: 'Signups dropped to zero',
          entities: [chart],
          priority: 0,
          status: { state: 'ACTIVE', stage: 'TRIAGE', lastUpdated: { time: 2, actor: 'urn:li:corpuser:jdoe' } },
          source: { type: 'MANUAL' },
          created: { time: 1, actor: 'urn:li:corpuser:jdoe' },
        }),
        mcp(node, 'glossaryNodeInfo', { name: 'Classification', definition: 'How sensitive data is' }),
        mcp('urn:li:glossaryTerm:Classification.PII', 'glossaryTermInfo', {
          name: 'PII',
          definition: 'Personal data',
          termSource: 'INTERNAL',
          parentNode: node,
        }),
      ]),
    );
    const ingest = await runCli(['ingest', '-f', file, '--data', w.data]);
    assert.equal(ingest.code, 0, ingest.stderr);

    await page.goto(datasetUrl(w.server.url, table, 'Properties'));
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await crumbs.getByRole('link', { name: 'schema1' }).waitFor();
    assert.deepEqual(await crumbs.locator('li').allTextContents(), ['Dataset', 'postgres', 'db1', 'schema1']);
    await page.getByRole('cell', { name: 'growth' }).waitFor();
    await crumbs.getByRole('link', { name: 'schema1' }).click();
    await page.getByRole('heading', { level: 1, name: 'schema1' }).waitFor();
    const contents = page.getByRole('region', { name: /Contents/ });
    await contents.getByRole('link', { name: 'signups', exact: true }).waitFor();
    await contents.getByRole('link', { name: 'Signups', exact: true }).click();
    await page.waitForURL(/\/chart\/urn:li:chart:\(looker,signups\)/);
    await page.getByRole('heading', { level: 1, name: 'Signups' }).waitFor();
    await page.getByRole('region', { name: 'Deprecated' }).getByText('old chart').waitFor();
    const incidents = page.getByRole('region', { name: '1 active incident' });
    await incidents.getByText('Signups dropped to zero').waitFor();
    await incidents.getByText('Critical priority').waitFor();
    await incidents.getByText('Triage').waitFor();
    await page.getByRole('link', { name: 'Aspects' }).click();
    await page.getByText('chartInfo').click();
    await page.locator('pre.json', { hasText: '"title": "Signups"' }).waitFor();
    await page.goto(`${w.server.url}/glossaryNode/${node}`);
    await page.getByRole('heading', { level: 1, name: 'Classification' }).waitFor();
    await page
      .getByRole('region', { name: /Contents/ })
      .getByRole('link', { name: 'PII' })
      .waitFor();
  });

  it('shows not-found for an unknown urn and an unknown address', async () => {
    const { page } = w;
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,no_such_table,PROD)';
    let res = await page.goto(datasetUrl(w.server.url, urn));
    assert.equal(res?.status(), 404);
    await page.getByRole('heading', { name: 'This entity does not exist' }).waitFor();
    await page.getByText(urn).waitFor();
    res = await page.goto(`${w.server.url}/dataset/not-a-urn`);
    assert.equal(res?.status(), 404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  });

  it('works from the keyboard: autocomplete, tabs and visible focus', async () => {
    const { page } = w;
    await page.goto(`${w.server.url}/`);
    const box = page.getByRole('combobox', { name: 'Search the catalog' });
    await box.focus();
    await page.keyboard.type('fct_users_d');
    await page.getByRole('option', { name: /fct_users_deleted/ }).waitFor();
    await page.keyboard.press('ArrowDown');
    assert.equal((await box.getAttribute('aria-activedescendant')) !== null, true);
    await page.keyboard.press('Enter');
    await page.waitForURL(/fct_users_deleted/);
    await page.getByRole('heading', { level: 1, name: 'fct_users_deleted' }).waitFor();
    // After a page load, Tab reaches the skip link first; focus is drawn.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'fct_users_deleted' }).waitFor();
    await page.keyboard.press('Tab');
    const first = await page.evaluate(() => ({
      text: document.activeElement?.textContent,
      outline: getComputedStyle(document.activeElement!).outlineStyle,
    }));
    assert.equal(first.text, 'Skip to content');
    assert.notEqual(first.outline, 'none');
    // The Lineage tab is a link: Enter on it opens the tab.
    await page.getByRole('link', { name: 'Lineage', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/Lineage$/);
    // Every form control on a dataset page has a name.
    await page.goto(datasetUrl(w.server.url, USERS_DELETED));
    await page.locator('.schema-table tbody tr').first().waitFor();
    const unnamed = await page.evaluate(() =>
      [...document.querySelectorAll('button, input, select, textarea, a[href]')]
        .filter((el) => {
          // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees, as a screen reader reads it
          const seen = (el as HTMLElement).innerText?.trim();
          const label =
            seen ||
            el.getAttribute('aria-label') ||
            (el.id && document.querySelector(`label[for="${el.id}"]`)?.textContent);
          return !label;
        })
        .map((el) => el.outerHTML.slice(0, 80)),
    );
    assert.deepEqual(unnamed, []);
  });

  it('fits a 360 px screen, with long names and thousands of columns paged', async () => {
    const { page } = w;
    const name = `an_extremely_long_table_name_${'without_any_spaces_'.repeat(8)}end`;
    const urn = `urn:li:dataset:(urn:li:dataPlatform:postgres,warehouse.public.${name},PROD)`;
    const fields = [];
    for (let i = 0; i < 2500; i++)
      fields.push({
        fieldPath: `column_${String(i).padStart(4, '0')}`,
        nullable: true,
        description: `Column number ${i}`,
        type: { type: { 'com.linkedin.schema.StringType': {} } },
        nativeDataType: 'varchar',
        recursive: false,
        isPartOfKey: false,
      });
    fields.push({
      fieldPath: 'address',
      nullable: true,
      type: { type: { 'com.linkedin.schema.RecordType': {} } },
      nativeDataType: 'struct',
      recursive: false,
    });
    fields.push({
      fieldPath: 'address.city',
      nullable: true,
      description: 'City',
      type: { type: { 'com.linkedin.schema.StringType': {} } },
      nativeDataType: 'string',
      recursive: false,
    });
    const file = writeTemp(
      'wide.json',
      JSON.stringify([
        mcp(urn, 'datasetProperties', { name, description: 'A table with a very long name and many columns' }),
        mcp(urn, 'schemaMetadata', {
          schemaName: name,
          platform: 'urn:li:dataPlatform:postgres',
          version: 0,
          hash: '',
          platformSchema: { 'com.linkedin.schema.MySqlDDL': { tableSchema: '' } },
          fields,
        }),
      ]),
    );
    // Written by another process while the server runs, as a user's ingest would be.
    const ingest = await runCli(['ingest', '-f', file, '--data', w.data]);
    assert.equal(ingest.code, 0, ingest.stderr);

    await page.setViewportSize({ width: 360, height: 740 });
    try {
      await page.goto(datasetUrl(w.server.url, urn));
      await page.getByRole('heading', { name: '2,502 columns' }).waitFor();
      assert.equal(await page.locator('.schema-table tbody tr').count(), 100);
      await page.getByText('Columns 1–100 of 2502').first().waitFor();
      await page.getByRole('button', { name: 'Next ›' }).first().click();
      await page.getByText('Columns 101–200 of 2502').first().waitFor();
      assert.equal(await page.locator('.schema-table tbody .field-name').first().textContent(), 'column_0100');
      await page.getByRole('searchbox', { name: 'Filter columns' }).fill('city');
      await page.waitForFunction(() => document.querySelectorAll('.schema-table tbody tr').length === 2);
      assert.deepEqual(await page.locator('.schema-table tbody .field-name').allTextContents(), ['address', 'city']);
      await page.getByRole('button', { name: 'Collapse address' }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the page is ${overflow}px wider than the screen`);
      for (const path of ['/', '/search?query=users', `/dataset/${USERS_DELETED}/Lineage`]) {
        await page.goto(`${w.server.url}${path}`);
        await page.locator('main h1, main h2').first().waitFor();
        await page.waitForLoadState('networkidle');
        const o = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(o <= 0, `${path} is ${o}px wider than the screen`);
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it("refuses a write another site's page makes through the browser", async () => {
    const { page } = w;
    // A page on another port of the same host: same site for cookies, another origin for the browser.
    const proposal = {
      proposal: {
        entityType: 'dataset',
        entityUrn: USERS_CREATED,
        changeType: 'UPSERT',
        aspectName: 'deprecation',
        aspect: {
          contentType: 'application/json',
          value: JSON.stringify({ deprecated: true, note: 'pwned', actor: 'urn:li:corpuser:evil' }),
        },
      },
    };
    const evil: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        `<form id=f method=post enctype="text/plain" action="${w.server.url}/aspects?action=ingestProposal"><input name='${JSON.stringify(proposal).slice(0, -1)},"x":"' value='"}'></form><script>document.getElementById('f').submit()</script>`,
      );
    });
    await new Promise<void>((r) => evil.listen(0, '127.0.0.1', r));
    try {
      const evilUrl = `http://127.0.0.1:${(evil.address() as AddressInfo).port}/`;
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().includes('/aspects?action=ingestProposal')),
        page.goto(evilUrl),
      ]);
      assert.equal(response.status(), 403);
      assert.equal(
        (await w.gql(`{ dataset(urn: "${USERS_CREATED}") { deprecation { deprecated } } }`)).dataset.deprecation
          .deprecated,
        false,
      );
    } finally {
      evil.close();
    }
  });
});

describe("the README's screenshots, on the sample `catalog serve --sample` loads", {
  skip: chromium ? false : 'no Chromium',
}, () => {
  let w: UiWorld;
  before(async () => {
    w = await startWorld(chromium!, { args: ['--sample'] });
  });
  after(async () => w?.close());

  it("home, search, a dataset page and its lineage, each with the sample's content on it", async () => {
    const { page } = w;
    const U = SHOWCASE_URNS;
    await page.goto(`${w.server.url}/`);
    await page
      .getByRole('region', { name: 'By platform' })
      .getByRole('link', { name: /snowflake/ })
      .waitFor();
    await page.screenshot({ path: screenshotPath('ui-home.png') });

    await page.goto(`${w.server.url}/search?query=orders`);
    await page.getByRole('link', { name: 'fct_orders' }).first().waitFor();
    await page.getByRole('group', { name: 'Platform' }).waitFor();
    await page.screenshot({ path: screenshotPath('ui-search.png') });

    await page.goto(datasetUrl(w.server.url, U.fctOrders));
    await page.locator('.schema-table tbody tr').first().waitFor();
    await page.getByText('Sensitive').first().waitFor();
    await page.screenshot({ path: screenshotPath('ui-dataset.png') });

    await page.goto(datasetUrl(w.server.url, U.fctOrders, 'Lineage'));
    await page.waitForFunction(() => document.querySelectorAll('.lineage-node').length >= 4);
    // One hop each way, so the whole graph fits the picture: the Hive tables and the job that load
    // the table, and the chart, jobs, view and ML features that read it.
    await page.getByLabel('Show').selectOption('1');
    await page.waitForFunction(
      () =>
        document.querySelectorAll('.lineage-node').length >= 8 &&
        !document.querySelector('.lineage-node .kind')?.textContent?.includes('KAFKA'),
    );
    // Wide enough for the whole graph beside the side column.
    await page.setViewportSize({ width: 1600, height: 900 });
    try {
      await page.screenshot({ path: screenshotPath('ui-lineage.png') });
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });
});
