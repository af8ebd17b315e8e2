/**
 * The web UI with `catalog serve --auth` in real Chromium: pages send the browser to sign-in, the
 * token becomes an HttpOnly SameSite=Strict cookie the API accepts for the UI's own calls (edits
 * are the token's user's), writes carrying only the cookie must come from our own pages, Bearer
 * tokens work as before, and signing out ends the session.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runCli, tempDataPath } from './helpers.ts';
import { chromiumPath } from './ui/browser.ts';
import { startWorld, USERS_DELETED, type UiWorld } from './ui/harness.ts';

const chromium = chromiumPath('Web UI sign-in tests (test/ui-auth.test.ts)');

describe('the web UI with --auth', { skip: chromium ? false : 'no Chromium' }, () => {
  let w: UiWorld;
  let token: string;
  before(async () => {
    const data = tempDataPath();
    const created = await runCli(['token', 'create', '--user', 'alice', '--name', 'ui test', '--data', data]);
    assert.equal(created.code, 0, created.stderr);
    token = created.stdout.trim().split('\n')[0]!;
    assert.match(token, /^ctk_/);
    w = await startWorld(chromium!, { data, args: ['--auth'] });
  });
  after(async () => w?.close());

  const graphql = (headers: Record<string, string>, query = '{ me { corpUser { urn } } }') =>
    fetch(`${w.server.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query }),
    });

  it('refuses the API without a token and sends a browser to sign-in, keeping where it was going', async () => {
    assert.equal((await graphql({})).status, 401);
    const page = await fetch(`${w.server.url}/dataset/${USERS_DELETED}/Schema`, {
      redirect: 'manual',
      headers: { accept: 'text/html' },
    });
    assert.equal(page.status, 303);
    assert.equal(
      page.headers.get('location'),
      `/login?redirect_uri=${encodeURIComponent(`/dataset/${USERS_DELETED}/Schema`)}`,
    );
    // The sign-in page needs its stylesheet without a token; the assets are not data.
    const login = await (await fetch(`${w.server.url}/login`)).text();
    const css = /href="(\/assets\/[^"]+\.css)"/.exec(login)![1]!;
    assert.equal((await fetch(`${w.server.url}${css}`)).status, 200);

    await w.page.goto(`${w.server.url}/dataset/${USERS_DELETED}/Schema`);
    await w.page.waitForURL(/\/login\?redirect_uri=/);
    await w.page.getByRole('heading', { name: 'Sign in' }).waitFor();
  });

  it('shows why a wrong token is refused', async () => {
    const { page } = w;
    await page.getByLabel('Access token').fill('not-a-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').getByText('The access token is not a Catalog token').waitFor();
    assert.equal(await page.getByLabel('Access token').getAttribute('aria-invalid'), 'true');
  });

  it('signs in with a token: back to the page asked for, with an HttpOnly SameSite=Strict cookie', async () => {
    const { page } = w;
    await page.getByLabel('Access token').fill(token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dataset\/.*fct_users_deleted.*\/Schema$/);
    await page.getByRole('heading', { level: 1, name: 'fct_users_deleted' }).waitFor();
    await page.locator('.schema-table tbody tr').first().waitFor();
    await page.getByRole('link', { name: 'alice' }).waitFor();
    const cookies = await w.context.cookies();
    const session = cookies.find((c) => c.name === 'catalog_session');
    assert.ok(session, JSON.stringify(cookies));
    assert.equal(session.httpOnly, true);
    assert.equal(session.sameSite, 'Strict');
    assert.equal(session.path, '/');
    assert.equal(await page.evaluate(() => document.cookie), '', 'scripts cannot read the session');
  });

  it("edits through the cookie as the token's user", async () => {
    const { page } = w;
    await page.getByRole('button', { name: 'Deprecate…' }).click();
    await page.getByLabel('Note (why, and what to use instead)').fill('Signed-in edit');
    await page.getByRole('form', { name: 'Deprecate' }).getByRole('button', { name: 'Deprecate' }).click();
    await page.getByRole('region', { name: 'Deprecated' }).getByText('Signed-in edit').waitFor();
    const deprecation = await w.get(USERS_DELETED, 'deprecation');
    assert.equal(deprecation.actor, 'urn:li:corpuser:alice');
    assert.equal(deprecation.note, 'Signed-in edit');
  });

  it('takes the cookie for writes only from its own pages; Bearer tokens work as before', async () => {
    const cookie = { cookie: `catalog_session=${encodeURIComponent(token)}` };
    const mutation = `mutation { updateDeprecation(input: { urn: "${USERS_DELETED}", deprecated: false }) }`;
    // Another site's page (a browser says so in Origin or Sec-Fetch-Site), or no proof at all: refused.
    let res = await graphql({ ...cookie, origin: 'http://evil.example' }, mutation);
    assert.equal(res.status, 403);
    assert.match(((await res.json()) as { message: string }).message, /Cross-site request refused/);
    assert.equal((await graphql({ ...cookie, 'sec-fetch-site': 'same-site' }, mutation)).status, 403);
    assert.equal((await graphql(cookie, mutation)).status, 403);
    assert.equal((await w.get(USERS_DELETED, 'deprecation')).deprecated, true, 'nothing was written');
    // From our own origin it goes through.
    res = await graphql({ ...cookie, origin: w.server.url, 'sec-fetch-site': 'same-origin' }, mutation);
    assert.equal(res.status, 200, await res.text());
    assert.equal((await w.get(USERS_DELETED, 'deprecation')).deprecated, false);
    // API clients send a Bearer token and no browser headers.
    res = await graphql({ authorization: `Bearer ${token}` });
    assert.equal(res.status, 200);
    assert.deepEqual(((await res.json()) as any).data.me.corpUser.urn, 'urn:li:corpuser:alice');
  });

  it('signs out: the cookie is gone and pages ask to sign in again', async () => {
    const { page } = w;
    await page.goto(`${w.server.url}/`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login$/);
    assert.equal(
      (await w.context.cookies()).find((c) => c.name === 'catalog_session'),
      undefined,
    );
    await page.goto(`${w.server.url}/search?query=users`);
    await page.waitForURL(/\/login\?redirect_uri=/);
  });
});
