// The README's "Use it from an AI assistant" snippets work as written (issue 35): the Claude Desktop
// configuration is read from the README and its command started exactly as an assistant starts it —
// `command` looked up on the PATH (where `catalog` is the executable under test), `args` as given, the
// default data file under HOME — then spoken to with the SDK's client. The HTTP snippet's URL path
// and header are checked against a `catalog serve` with authentication on.
import assert from 'node:assert/strict';
import { chmodSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CATALOG_BIN, CLI, ROOT, runCli, runProcess, serveCatalog, tempDir } from './helpers.ts';

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const SECTION = README.slice(
  README.indexOf('## Use it from an AI assistant'),
  README.indexOf('\n## ', README.indexOf('## Use it from an AI assistant') + 5),
);

/** The JSON blocks of the section, in order. */
const snippets = (): any[] => [...SECTION.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1]!));

/** A folder holding a `catalog` that is the executable under test (or runs the sources), for PATH. */
function catalogOnPath(): string {
  const dir = tempDir('catalog-path-');
  const target = join(dir, 'catalog');
  if (CATALOG_BIN) symlinkSync(CATALOG_BIN, target);
  else {
    writeFileSync(
      target,
      `#!/bin/sh\nexec "${process.execPath}" --import "${import.meta.resolve('tsx')}" "${CLI}" "$@"\n`,
    );
    chmodSync(target, 0o755);
  }
  return dir;
}

describe('the README snippets for AI assistants', () => {
  it('the Claude Desktop snippet starts catalog mcp, which answers on the default data file', async () => {
    const [desktop] = snippets();
    const server = desktop.mcpServers.catalog;
    assert.deepEqual(Object.keys(server).sort(), ['args', 'command']);
    const home = tempDir('catalog-home-');
    const env = {
      ...process.env,
      HOME: home,
      CATALOG_DATA: '',
      PATH: `${catalogOnPath()}:${process.env['PATH']}`,
    } as Record<string, string>;
    // The catalog the snippet serves: the sample, in the default data file under HOME.
    const sample = await runProcess('catalog', ['ingest', '--sample'], { env });
    assert.equal(sample.code, 0, sample.stderr);

    const client = new Client({ name: 'claude-desktop-like', version: '1' });
    await client.connect(
      new StdioClientTransport({ command: server.command, args: server.args, env, stderr: 'ignore' }),
    );
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      assert.ok(names.includes('search') && names.includes('add_tags'), names.join());
      const r = await client.callTool({ name: 'search', arguments: { query: 'users' } });
      const found = (r.structuredContent as any).searchResults.map((x: any) => x.entity.urn).sort();
      assert.deepEqual(found, [
        'urn:li:dataset:(urn:li:dataPlatform:hive,fct_users_created,PROD)',
        'urn:li:dataset:(urn:li:dataPlatform:hive,fct_users_deleted,PROD)',
      ]);
    } finally {
      await client.close();
    }
  });

  it('the HTTP snippet reaches /mcp with its Authorization header', async () => {
    const http = snippets()[1].mcpServers.catalog;
    assert.equal(http.type, 'http');
    const path = new URL(http.url).pathname;
    assert.equal(path, '/mcp');
    assert.equal(http.headers.Authorization, 'Bearer <token>');
    const data = join(tempDir(), 'catalog.lmdb');
    const created = await runCli(['token', 'create', '--user', 'datahub', '--data', data]);
    assert.equal(created.code, 0, created.stderr);
    const token = created.stdout.split('\n')[0]!;
    const server = await serveCatalog(['serve', '--auth', '--port', '0', '--sample', '--data', data]);
    try {
      const client = new Client({ name: 'http-snippet', version: '1' });
      const headers = { Authorization: http.headers.Authorization.replace('<token>', token) };
      await client.connect(new StreamableHTTPClientTransport(new URL(path, server.url), { requestInit: { headers } }));
      try {
        const me = (await client.callTool({ name: 'get_me', arguments: {} })).structuredContent as any;
        assert.equal(me.data.corpUser.urn, 'urn:li:corpuser:datahub');
      } finally {
        await client.close();
      }
    } finally {
      await server.stop();
    }
  });
});
