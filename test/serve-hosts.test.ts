// DNS rebinding (issue 43; src/server/hosts.ts): a `catalog serve` that answers without a token
// answers only the Host names it is known by — localhost, IP addresses, its --host, the names of
// --allowed-hosts — and refuses any other before a handler runs: GraphQL reads and writes, Rest.li
// ingest, /mcp, the UI and OpenAPI alike. /mcp also checks Origin. With auth on, the check is off
// unless --allowed-hosts names hosts. Against the executable under test.
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { hostPolicy, parseAllowedHosts } from '../src/server/hosts.ts';
import { runCli, serveCatalog, tempDataPath, type SpawnedServer } from './helpers.ts';

interface Answer {
  status: number;
  body: string;
  json: () => Record<string, unknown>;
}

/** One request to the server at `base` with exactly these headers (fetch cannot set Host). */
function send(base: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: text === undefined ? 'GET' : 'POST',
        headers: {
          ...(text === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) }),
          ...headers,
        },
      },
      (res) => {
        let out = '';
        res.on('data', (d: Buffer) => (out += d.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: out, json: () => JSON.parse(out) as Record<string, unknown> }),
        );
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

const READ = { query: '{ search(input: {type: DATASET, query: "*", start: 0, count: 1}) { total } }' };
const createTag = (id: string) => ({ query: `mutation { createTag(input: {id: "${id}", name: "${id}"}) }` });
const exists = (urn: string) => ({ query: `{ entityExists(urn: "${urn}") }` });
const ingestTag = (id: string) => ({
  proposal: {
    entityType: 'tag',
    entityUrn: `urn:li:tag:${id}`,
    changeType: 'UPSERT',
    aspectName: 'tagProperties',
    aspect: { value: JSON.stringify({ name: id }), contentType: 'application/json' },
  },
});
const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
};
const MCP_HEADERS = { accept: 'application/json, text/event-stream' };

const hostRefusal = (name: string) =>
  `Blocked request: "${name}" (the Host header) is not a name this server is known by, a defence against DNS rebinding. To reach it by this name, start catalog serve with --allowed-hosts ${name}.`;
const originRefusal = (origin: string, name: string) =>
  `Blocked request: /mcp answers no page from ${origin} (the Origin header), a defence against DNS rebinding. To allow pages from there, start catalog serve with --allowed-hosts ${name}.`;

describe('catalog serve on loopback without auth', () => {
  let server: SpawnedServer;
  let port = '';
  const local = () => ({ host: `127.0.0.1:${port}` });
  before(async () => {
    server = await serveCatalog(['serve', '--port', '0', '--data', tempDataPath()]);
    port = new URL(server.url).port;
  });
  after(() => server.stop());

  it('a rebound page (Host and Origin evil.example:PORT) is refused everywhere with 403, and writes nothing', async () => {
    const evil = { host: `evil.example:${port}`, origin: `http://evil.example:${port}` };
    const expected = { status: 403, message: hostRefusal('evil.example') };
    for (const [path, body] of [
      ['/api/graphql', READ],
      ['/api/graphql', createTag('rebound')],
      ['/api/v2/graphql', READ],
      ['/aspects?action=ingestProposal', ingestTag('rebound2')],
      ['/', undefined],
      ['/search?query=x', undefined],
      ['/openapi/v3/entity/dataset', undefined],
      ['/entitiesV2/urn%3Ali%3Atag%3Arebound', undefined],
      ['/health', undefined],
      ['/config', undefined],
    ] as const) {
      const r = await send(server.url, path, evil, body);
      assert.equal(r.status, 403, `${path}: ${r.body}`);
      assert.deepEqual(r.json(), expected, path);
    }
    const mcp = await send(server.url, '/mcp', { ...evil, ...MCP_HEADERS }, INITIALIZE);
    assert.equal(mcp.status, 403);
    assert.deepEqual(mcp.json(), {
      jsonrpc: '2.0',
      error: { code: -32000, message: hostRefusal('evil.example') },
      id: null,
    });
    // Nothing was written.
    for (const urn of ['urn:li:tag:rebound', 'urn:li:tag:rebound2']) {
      const r = await send(server.url, '/api/graphql', local(), exists(urn));
      assert.deepEqual(r.json()['data'], { entityExists: false }, urn);
    }
  });

  it('the names it is known by are answered: localhost, 127.0.0.1, [::1], a .localhost name, any IP address, no Host at all', async () => {
    for (const host of [
      `localhost:${port}`,
      `127.0.0.1:${port}`,
      `[::1]:${port}`,
      `LOCALHOST:${port}`,
      `localhost.:${port}`,
      `app.localhost:${port}`,
      `192.0.2.7:${port}`,
      '127.0.0.1',
    ]) {
      const r = await send(server.url, '/api/graphql', { host }, READ);
      assert.equal(r.status, 200, `${host}: ${r.body}`);
      assert.equal(typeof (r.json()['data'] as { search: { total: number } }).search.total, 'number');
    }
    const write = await send(
      server.url,
      '/api/graphql',
      { host: `localhost:${port}`, origin: `http://localhost:${port}` },
      createTag('from-localhost'),
    );
    assert.deepEqual(write.json()['data'], { createTag: 'urn:li:tag:from-localhost' });
    const mcp = await send(server.url, '/mcp', { host: `localhost:${port}`, ...MCP_HEADERS }, INITIALIZE);
    assert.equal(mcp.status, 200, mcp.body);
    const page = await send(server.url, '/', { host: `localhost:${port}` });
    assert.equal(page.status, 200);
  });

  it('a name that is no host name in Host is refused too', async () => {
    const r = await send(server.url, '/api/graphql', { host: 'evil.example:80:80' }, READ);
    assert.equal(r.status, 403);
    assert.equal(
      r.json()['message'],
      'Blocked request: "evil.example:80:80" (the Host header) is not a name this server is known by, a defence against DNS rebinding. To reach it by this name, start catalog serve with --allowed-hosts <name>.',
    );
  });

  it('/mcp refuses a page of another origin (Origin), whatever the Host; its own origin may call it', async () => {
    const refused = await send(
      server.url,
      '/mcp',
      { host: `localhost:${port}`, origin: 'https://evil.example', ...MCP_HEADERS },
      INITIALIZE,
    );
    assert.equal(refused.status, 403);
    assert.deepEqual(refused.json(), {
      jsonrpc: '2.0',
      error: { code: -32000, message: originRefusal('https://evil.example', 'evil.example') },
      id: null,
    });
    const opaque = await send(
      server.url,
      '/mcp',
      { host: `localhost:${port}`, origin: 'null', ...MCP_HEADERS },
      INITIALIZE,
    );
    assert.equal(opaque.status, 403);
    assert.equal((opaque.json()['error'] as { message: string }).message, originRefusal('null', '<name>'));
    const own = await send(
      server.url,
      '/mcp',
      { host: `localhost:${port}`, origin: `http://localhost:${port}`, ...MCP_HEADERS },
      INITIALIZE,
    );
    assert.equal(own.status, 200, own.body);
  });
});

describe('catalog serve --allowed-hosts', () => {
  it('NAME,.DOMAIN: those names are answered besides the defaults, others still refused; /mcp takes pages from them', async () => {
    const server = await serveCatalog([
      'serve',
      '--port',
      '0',
      '--allowed-hosts',
      'Catalog.Internal,.corp.example',
      '--allowed-hosts',
      'other.test',
      '--data',
      tempDataPath(),
    ]);
    try {
      const port = new URL(server.url).port;
      for (const host of [
        `catalog.internal:${port}`,
        `corp.example:${port}`,
        `team.corp.example:${port}`,
        `other.test:${port}`,
        `localhost:${port}`,
      ]) {
        const r = await send(
          server.url,
          '/api/graphql',
          { host, origin: `http://${host}` },
          createTag(`via-${host.split(':')[0]!.replace(/\./g, '-')}`),
        );
        assert.equal(r.status, 200, `${host}: ${r.body}`);
        assert.equal(typeof (r.json()['data'] as { createTag: string }).createTag, 'string');
      }
      const evil = await send(server.url, '/api/graphql', { host: `evilcorp.example:${port}` }, READ);
      assert.equal(evil.status, 403);
      assert.equal(evil.json()['message'], hostRefusal('evilcorp.example'));
      const mcp = await send(
        server.url,
        '/mcp',
        { host: `catalog.internal:${port}`, origin: `http://catalog.internal:${port}`, ...MCP_HEADERS },
        INITIALIZE,
      );
      assert.equal(mcp.status, 200, mcp.body);
    } finally {
      await server.stop();
    }
  });

  it('all: any Host is answered, with a warning on stderr', async () => {
    const server = await serveCatalog(['serve', '--port', '0', '--allowed-hosts', 'all', '--data', tempDataPath()]);
    try {
      const port = new URL(server.url).port;
      const r = await send(server.url, '/api/graphql', { host: `evil.example:${port}` }, READ);
      assert.equal(r.status, 200);
      const mcp = await send(
        server.url,
        '/mcp',
        { host: `evil.example:${port}`, origin: `http://evil.example:${port}`, ...MCP_HEADERS },
        INITIALIZE,
      );
      assert.equal(mcp.status, 200, mcp.body);
      assert.match(
        server.output(),
        /WARNING: --allowed-hosts all without authentication: a web page on any site can reach this server by DNS rebinding and read and change the catalog\n/,
      );
    } finally {
      await server.stop();
    }
  });

  it('a value that is not a host name is refused at start, naming the flag', async () => {
    const data = tempDataPath();
    for (const [value, message] of [
      [
        'evil.example:8080',
        'error: --allowed-hosts: "evil.example:8080" is not a host name; give the name alone, without a scheme, port or path (e.g. --allowed-hosts catalog.internal)',
      ],
      [
        'http://catalog.internal',
        'error: --allowed-hosts: "http://catalog.internal" is not a host name; give the name alone, without a scheme, port or path (e.g. --allowed-hosts catalog.internal)',
      ],
      [
        'a,,b',
        'error: --allowed-hosts: an empty name; give host names separated by commas (e.g. --allowed-hosts catalog.internal,.corp.example), or all',
      ],
    ]) {
      const r = await runCli(['serve', '--port', '0', '--allowed-hosts', value!, '--data', data]);
      assert.equal(r.code, 2);
      assert.equal(r.stderr, `${message}\nRun "catalog --help" for usage.\n`);
    }
  });
});

describe('catalog serve with auth on', () => {
  let data = '';
  let token = '';
  before(async () => {
    data = tempDataPath();
    const created = await runCli(['token', 'create', '--user', 'jdoe', '--data', data]);
    assert.equal(created.code, 0, created.stderr);
    token = created.stdout.split('\n')[0]!;
  });

  it('answers any Host name with a token (a shared server is reached by names its owner may not list); a rebound page has none', async () => {
    const server = await serveCatalog(['serve', '--port', '0', '--auth', '--data', data]);
    try {
      const port = new URL(server.url).port;
      const named = await send(
        server.url,
        '/api/graphql',
        { host: `catalog-box:${port}`, authorization: `Bearer ${token}` },
        READ,
      );
      assert.equal(named.status, 200, named.body);
      const rebound = await send(
        server.url,
        '/api/graphql',
        { host: `evil.example:${port}`, origin: `http://evil.example:${port}` },
        createTag('rebound'),
      );
      assert.equal(rebound.status, 401);
      // /mcp still checks Origin: this server's own host, or a known one.
      const same = await send(
        server.url,
        '/mcp',
        {
          host: `catalog-box:${port}`,
          origin: `http://catalog-box:${port}`,
          authorization: `Bearer ${token}`,
          ...MCP_HEADERS,
        },
        INITIALIZE,
      );
      assert.equal(same.status, 200, same.body);
      const other = await send(
        server.url,
        '/mcp',
        {
          host: `catalog-box:${port}`,
          origin: 'https://evil.example',
          authorization: `Bearer ${token}`,
          ...MCP_HEADERS,
        },
        INITIALIZE,
      );
      assert.equal(other.status, 403);
      assert.equal(
        (other.json()['error'] as { message: string }).message,
        originRefusal('https://evil.example', 'evil.example'),
      );
    } finally {
      await server.stop();
    }
  });

  it('with --allowed-hosts, only those names (and the defaults) are answered', async () => {
    const server = await serveCatalog([
      'serve',
      '--port',
      '0',
      '--auth',
      '--allowed-hosts',
      'catalog-box',
      '--data',
      data,
    ]);
    try {
      const port = new URL(server.url).port;
      const auth = { authorization: `Bearer ${token}` };
      assert.equal(
        (await send(server.url, '/api/graphql', { host: `catalog-box:${port}`, ...auth }, READ)).status,
        200,
      );
      const other = await send(server.url, '/api/graphql', { host: `alias.example:${port}`, ...auth }, READ);
      assert.equal(other.status, 403);
      assert.equal(other.json()['message'], hostRefusal('alias.example'));
    } finally {
      await server.stop();
    }
  });
});

describe('the host policy', () => {
  const req = (headers: Record<string, string>) => ({ headers }) as never;

  it('knows the address or name the server binds', () => {
    const byName = hostPolicy({ bind: 'catalog-box', auth: false });
    assert.equal(byName.refusal(req({ host: 'catalog-box:8080' }), '/'), undefined);
    assert.equal(byName.refusal(req({ host: 'other:8080' }), '/')?.status, 403);
    const any = hostPolicy({ bind: '0.0.0.0', auth: false });
    assert.equal(any.refusal(req({ host: '10.1.2.3:8080' }), '/'), undefined, 'an address is never rebound');
    assert.equal(any.refusal(req({ host: '[fe80::1]:8080' }), '/'), undefined);
    assert.equal(any.refusal(req({ host: 'mybox:8080' }), '/')?.message, hostRefusal('mybox'));
  });

  it('parses --allowed-hosts: lists, repeats, case, a trailing dot, bracketed IPv6, all', () => {
    assert.deepEqual(parseAllowedHosts(['A.example, .B.example', 'c.example.', '[::1]']), [
      'a.example',
      '.b.example',
      'c.example',
      '::1',
    ]);
    assert.equal(parseAllowedHosts(['x.example', 'all']), 'all');
    assert.deepEqual(parseAllowedHosts([]), []);
  });
});
