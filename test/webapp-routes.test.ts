/**
 * The routes DataHub's web app needs from `catalog serve`, checked without the app (CI has no build
 * of it): `catalog serve --datahub-web-app DIR` on a tiny fake build (an index.html with DataHub's
 * `@basePath` placeholder, a script, a stylesheet, a font, a platform logo), its deep links and
 * content types, the refusal of a folder that is no built app; `/api/v2/graphql`; the frontend's
 * routes (`/authenticate`, `/logIn`, `/logOut`, the tracking events, `/mfe/config`) without and
 * with `--auth`. The browser run against the real app is test/webapp-browser.test.ts.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REST_ROUTES } from '../src/server/rest/routes.ts';
import { WEB_APP_API_SEGMENTS } from '../src/server/ui/webApp.ts';
import { runCli, serveCatalog, tempDataPath, tempDir, type SpawnedServer } from './helpers.ts';

const INDEX = `<!DOCTYPE html><html><head><base href="@basePath" /><title>DataHub</title>
<script type="module" crossorigin src="assets/index-abc123.js"></script>
<link rel="stylesheet" href="assets/index-abc123.css"></head><body><div id="root"></div></body></html>`;

/** A folder shaped like datahub-web-react's dist/. */
function fakeBuild(): string {
  const dir = tempDir('webapp-');
  mkdirSync(join(dir, 'assets', 'platforms'), { recursive: true });
  mkdirSync(join(dir, 'node_modules', 'monaco-editor', 'min', 'vs'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log("app");\n');
  writeFileSync(join(dir, 'assets', 'index-abc123.css'), 'body { margin: 0 }\n');
  writeFileSync(join(dir, 'assets', 'font.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32]));
  writeFileSync(join(dir, 'assets', 'platforms', 'hivelogo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(join(dir, 'node_modules', 'monaco-editor', 'min', 'vs', 'loader.js'), 'var x;\n');
  writeFileSync(join(dir, 'manifest.json'), '{"short_name":"DataHub"}');
  return dir;
}

const ME = '{ me { corpUser { urn } } }';
/** 2 100 fields: over the default complexity limit (2 000), as the app's page documents are. */
const WIDE = `{ ${Array.from({ length: 700 }, (_, i) => `m${i}: me { corpUser { urn } }`).join(' ')} }`;

function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    redirect: 'manual',
  });
}

/** The `name=value` pairs and attributes of each Set-Cookie header, by cookie name. */
function cookies(res: Response): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of res.headers.getSetCookie()) out.set(c.slice(0, c.indexOf('=')), c);
  return out;
}

describe('catalog serve --datahub-web-app DIR refuses a folder that is no built app, before it listens', () => {
  const cases: [string, (dir: string) => string, RegExp][] = [
    ['a missing folder', (dir) => join(dir, 'nowhere'), /--datahub-web-app .*nowhere: no such directory/],
    [
      'a file',
      (dir) => {
        writeFileSync(join(dir, 'index.html'), INDEX);
        return join(dir, 'index.html');
      },
      /--datahub-web-app .*index\.html: .* is not a directory\./,
    ],
    [
      "a folder with no index.html (the app's sources rather than its build)",
      (dir) => {
        writeFileSync(join(dir, 'package.json'), '{}');
        return dir;
      },
      /holds no index\.html, so it is not a built DataHub web app\. .*dist\//,
    ],
  ];
  for (const [what, make, message] of cases) {
    it(`refuses ${what}, with no data file made`, async () => {
      const data = tempDataPath();
      const r = await runCli(['serve', '--port', '0', '--data', data, '--datahub-web-app', make(tempDir('notapp-'))]);
      assert.equal(r.code, 2, r.stdout + r.stderr);
      assert.match(r.stderr, message);
      assert.doesNotMatch(r.stdout, /listening/);
      assert.equal(existsSync(data), false, 'the refused server made a data file');
    });
  }
});

describe('catalog serve --datahub-web-app DIR without --auth', () => {
  let server: SpawnedServer;
  let dir: string;
  before(async () => {
    dir = fakeBuild();
    server = await serveCatalog(['serve', '--port', '0', '--data', tempDataPath(), '--datahub-web-app', dir]);
  });
  after(async () => server?.stop());

  it('says where the app is served from', () => {
    assert.match(server.output(), /DataHub's web app from .+ at http:\/\/127\.0\.0\.1:\d+\//);
  });

  it("answers / and every deep link with the app's index.html, its base path filled in", async () => {
    for (const path of [
      '/',
      '/index.html',
      '/search?query=users',
      '/dataset/urn:li:dataset:(urn:li:dataPlatform:hive,fct_users_deleted,PROD)/Schema?is_lineage_mode=false',
      '/tag/urn:li:tag:Legacy',
      '/login',
      '/settings/tokens',
    ]) {
      const res = await fetch(`${server.url}${path}`);
      assert.equal(res.status, 200, path);
      assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8', path);
      assert.equal(res.headers.get('cache-control'), 'no-store', path);
      const html = await res.text();
      assert.match(html, /<base href="\/" \/>/, path);
      assert.doesNotMatch(html, /@basePath/, path);
      assert.match(html, /assets\/index-abc123\.js/, path);
    }
  });

  it("serves the build's files with their content types, and 304 when unchanged", async () => {
    const expected: [string, string, string | Buffer][] = [
      ['/assets/index-abc123.js', 'text/javascript; charset=utf-8', 'console.log("app");\n'],
      ['/assets/index-abc123.css', 'text/css; charset=utf-8', 'body { margin: 0 }\n'],
      ['/assets/font.woff2', 'font/woff2', Buffer.from([0x77, 0x4f, 0x46, 0x32])],
      ['/assets/platforms/hivelogo.png', 'image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47])],
      ['/node_modules/monaco-editor/min/vs/loader.js', 'text/javascript; charset=utf-8', 'var x;\n'],
      ['/manifest.json', 'application/json; charset=utf-8', '{"short_name":"DataHub"}'],
    ];
    for (const [path, type, body] of expected) {
      const res = await fetch(`${server.url}${path}`);
      assert.equal(res.status, 200, path);
      assert.equal(res.headers.get('content-type'), type, path);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff', path);
      const got = Buffer.from(await res.arrayBuffer());
      assert.deepEqual(got, Buffer.isBuffer(body) ? body : Buffer.from(body), path);
      const again = await fetch(`${server.url}${path}`, { headers: { 'if-none-match': res.headers.get('etag')! } });
      assert.equal(again.status, 304, path);
    }
    const head = await fetch(`${server.url}/assets/index-abc123.js`, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.headers.get('content-length'), String('console.log("app");\n'.length));
  });

  it('answers a missing file of the build with a 404, not the page', async () => {
    for (const path of ['/assets/index-gone.js', '/node_modules/monaco-editor/min/vs/gone.js', '/assets/']) {
      const res = await fetch(`${server.url}${path}`);
      assert.equal(res.status, 404, path);
      assert.match(await res.text(), /^No file \/.+ in \//, path);
    }
  });

  it('never serves a file outside DIR', async () => {
    writeFileSync(join(dir, '..', 'secret.txt'), 'secret');
    for (const path of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/%2e%2e%5csecret.txt',
    ]) {
      const res = await fetch(`${server.url}${path}`);
      assert.doesNotMatch(await res.text(), /^secret$/, path);
    }
  });

  it('keeps the APIs on their paths: a wrong API address gets the API error, not the page', async () => {
    const health = await fetch(`${server.url}/health`);
    assert.deepEqual(await health.json(), { status: 'ok' });
    const config = await fetch(`${server.url}/config`);
    assert.equal(config.headers.get('content-type'), 'application/json; charset=utf-8');
    for (const path of ['/entities/nope', '/openapi/v3/nope', '/aspects', '/api/nope']) {
      const res = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html' } });
      assert.notEqual(res.status, 200, path);
      assert.match(res.headers.get('content-type') ?? '', /^application\/json/, path);
    }
  });

  it("counts every REST route's first path segment as the API's", () => {
    for (const r of REST_ROUTES) {
      const first = r.path.split('/')[1]!;
      assert.ok(WEB_APP_API_SEGMENTS.has(first), `${r.path}: /${first} would be answered with the app's page`);
    }
  });

  it("answers GraphQL at the app's path, /api/v2/graphql, as at /api/graphql", async () => {
    const v2 = await post(`${server.url}/api/v2/graphql?operationName=me`, { query: ME, operationName: null });
    const v1 = await post(`${server.url}/api/graphql`, { query: ME });
    assert.equal(v2.status, 200);
    const body = (await v2.json()) as { data: unknown; errors?: unknown };
    assert.equal(body.errors, undefined);
    assert.deepEqual(body.data, { me: { corpUser: { urn: 'urn:li:corpuser:datahub' } } });
    assert.deepEqual(body, await v1.json());
  });

  it("/authenticate signs the browser in as the local user (the app's actor cookie) and sends it on", async () => {
    const target = '/dataset/urn:li:dataset:(urn:li:dataPlatform:hive,x,PROD)/Schema?a=1';
    const res = await fetch(`${server.url}/authenticate?redirect_uri=${encodeURIComponent(target)}`, {
      redirect: 'manual',
    });
    assert.equal(res.status, 303);
    assert.equal(res.headers.get('location'), target);
    const actor = cookies(res).get('actor');
    assert.match(actor!, /^actor=urn%3Ali%3Acorpuser%3Adatahub; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    // Only a path on this server: another site, or no target, goes home.
    for (const bad of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', '']) {
      const r = await fetch(`${server.url}/authenticate?redirect_uri=${encodeURIComponent(bad)}`, {
        redirect: 'manual',
      });
      assert.equal(r.headers.get('location'), '/', bad);
    }
  });

  it('/logIn says sign-in is off without --auth', async () => {
    const res = await post(`${server.url}/logIn`, { username: 'datahub', password: 'x' });
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), {
      message:
        "Sign-in is off: this server runs without --auth, so every request is the local user's. Open / to go on.",
    });
  });

  it('/logOut clears both cookies and goes to the sign-in page', async () => {
    const res = await fetch(`${server.url}/logOut`, { redirect: 'manual' });
    assert.equal(res.status, 303);
    assert.equal(res.headers.get('location'), '/login');
    const c = cookies(res);
    assert.match(c.get('actor')!, /^actor=; Path=\/; Max-Age=0;/);
    assert.match(c.get('catalog_session')!, /^catalog_session=; Path=\/; Max-Age=0; HttpOnly;/);
  });

  it("accepts the app's usage events and drops them, and lists no micro frontends", async () => {
    const track = await post(`${server.url}/openapi/v1/tracking/track`, { type: 'PageViewEvent' });
    assert.equal(track.status, 204);
    assert.equal(await track.text(), '');
    const mfe = await fetch(`${server.url}/mfe/config`);
    assert.equal(mfe.status, 200);
    assert.equal(mfe.headers.get('content-type'), 'application/yaml; charset=utf-8');
    assert.equal(await mfe.text(), 'subNavigationMode: false\nmicroFrontends: []\n');
  });

  it('answers a wrong method on these routes with a 405 that says which', async () => {
    const res = await fetch(`${server.url}/logIn`);
    assert.equal(res.status, 405);
    assert.equal(res.headers.get('allow'), 'POST');
    assert.deepEqual(await res.json(), { status: 405, message: '/logIn answers POST, not GET.' });
    const track = await fetch(`${server.url}/openapi/v1/tracking/track`);
    assert.equal(track.status, 405);
  });

  it("answers documents as wide as the app's pages: the complexity limit's default is the app's", async () => {
    const res = await post(`${server.url}/api/v2/graphql`, { query: WIDE });
    const body = (await res.json()) as { data: Record<string, unknown>; errors?: unknown };
    assert.equal(body.errors, undefined);
    assert.deepEqual(body.data['m699'], { corpUser: { urn: 'urn:li:corpuser:datahub' } });
  });
});

describe('catalog serve --datahub-web-app DIR --max-query-complexity N', () => {
  let server: SpawnedServer;
  before(async () => {
    server = await serveCatalog([
      'serve',
      '--port',
      '0',
      '--data',
      tempDataPath(),
      '--datahub-web-app',
      fakeBuild(),
      '--max-query-complexity',
      '2000',
    ]);
  });
  after(async () => server?.stop());

  it('keeps the limit given', async () => {
    const body = (await (await post(`${server.url}/api/v2/graphql`, { query: WIDE })).json()) as {
      errors: Array<{ message: string }>;
    };
    assert.deepEqual(
      body.errors.map((e) => e.message),
      ['maximum query complexity exceeded 2100 > 2000 (--max-query-complexity)'],
    );
  });
});

describe('catalog serve --datahub-web-app DIR with --auth', () => {
  let server: SpawnedServer;
  let token: string;
  let bobToken: string;
  before(async () => {
    const data = tempDataPath();
    const created = await runCli(['token', 'create', '--user', 'alice', '--data', data]);
    assert.equal(created.code, 0, created.stderr);
    token = created.stdout.trim().split('\n')[0]!;
    const bob = await runCli(['token', 'create', '--user', 'bob', '--data', data]);
    bobToken = bob.stdout.trim().split('\n')[0]!;
    server = await serveCatalog(['serve', '--port', '0', '--data', data, '--auth', '--datahub-web-app', fakeBuild()]);
  });
  after(async () => server?.stop());

  it("serves the app's page and files to a browser not signed in yet; the API still needs a token", async () => {
    for (const path of ['/', '/login', '/search?query=x', '/assets/index-abc123.js', '/manifest.json']) {
      assert.equal((await fetch(`${server.url}${path}`, { redirect: 'manual' })).status, 200, path);
    }
    assert.equal((await post(`${server.url}/api/v2/graphql`, { query: ME })).status, 401);
    assert.equal((await fetch(`${server.url}/entities/urn:li:corpuser:alice`)).status, 401);
  });

  it('/authenticate sends a browser without a session to the sign-in page, keeping where it was going', async () => {
    const res = await fetch(`${server.url}/authenticate?redirect_uri=${encodeURIComponent('/search?query=x')}`, {
      redirect: 'manual',
    });
    assert.equal(res.status, 303);
    assert.equal(res.headers.get('location'), `/login?redirect_uri=${encodeURIComponent('/search?query=x')}`);
    assert.match(cookies(res).get('actor')!, /^actor=; Path=\/; Max-Age=0;/);
  });

  it('/logIn refuses what is not a user and an access token of theirs, saying why', async () => {
    const cases: [unknown, string][] = [
      ['not json', 'The sign-in request must be a JSON object: {"username": …, "password": …}.'],
      [{ username: ' ', password: token }, 'User name must not be empty.'],
      [
        { username: 'alice', password: '' },
        'Password must not be empty: give an access token of alice (catalog token create --user alice).',
      ],
      [
        { username: 'alice', password: 'hunter2' },
        'Invalid credentials: The access token is not a Catalog token (expected ctk_<id>_<secret>).',
      ],
      [
        { username: 'alice', password: bobToken },
        "Invalid credentials: the access token is urn:li:corpuser:bob's, not urn:li:corpuser:alice's.",
      ],
    ];
    for (const [body, message] of cases) {
      const res = await post(`${server.url}/logIn`, body);
      assert.equal(res.status, 400, message);
      assert.deepEqual(await res.json(), { message });
      assert.deepEqual(res.headers.getSetCookie(), [], 'a refused sign-in set a cookie');
    }
  });

  it('/logIn refuses a sign-in posted from another site', async () => {
    const res = await post(
      `${server.url}/logIn`,
      { username: 'alice', password: token },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    );
    assert.equal(res.status, 403);
    assert.deepEqual(res.headers.getSetCookie(), []);
  });

  it('/logIn with a user and their token sets the session and actor cookies the app and the API use', async () => {
    const res = await post(`${server.url}/logIn`, { username: 'alice', password: token });
    assert.equal(res.status, 200);
    const c = cookies(res);
    assert.match(c.get('catalog_session')!, /; HttpOnly; SameSite=Strict$/);
    assert.match(c.get('actor')!, /^actor=urn%3Ali%3Acorpuser%3Aalice; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    const session = c.get('catalog_session')!.split(';')[0]!;
    // The app's GraphQL calls carry the cookie (same origin): they are alice's.
    const me = await post(
      `${server.url}/api/v2/graphql`,
      { query: ME },
      { cookie: session, 'sec-fetch-site': 'same-origin', origin: server.url },
    );
    assert.equal(me.status, 200);
    assert.deepEqual(((await me.json()) as { data: unknown }).data, {
      me: { corpUser: { urn: 'urn:li:corpuser:alice' } },
    });
    // Signed in, /authenticate sends the browser straight on, naming the user.
    const auth = await fetch(`${server.url}/authenticate?redirect_uri=%2Ftag%2Furn%3Ali%3Atag%3Ax`, {
      headers: { cookie: session },
      redirect: 'manual',
    });
    assert.equal(auth.headers.get('location'), '/tag/urn:li:tag:x');
    assert.match(cookies(auth).get('actor')!, /^actor=urn%3Ali%3Acorpuser%3Aalice;/);
    // The user may also be given as a urn.
    const asUrn = await post(`${server.url}/logIn`, { username: 'urn:li:corpuser:alice', password: token });
    assert.equal(asUrn.status, 200);
  });

  it('answers the tracking events and the micro-frontend list without a session', async () => {
    assert.equal((await post(`${server.url}/openapi/v1/tracking/track`, { type: 'PageViewEvent' })).status, 204);
    assert.equal((await fetch(`${server.url}/mfe/config`)).status, 200);
  });
});
