/**
 * `catalog serve`'s /mcp: the MCP tools over the streamable HTTP transport, stateless — every POST
 * carries one JSON-RPC message (or batch) and is answered with JSON, by a server made for that
 * request and acting as the request's authenticated user. Authentication happened before this runs,
 * as for every API path.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { actorOf, type ServerDeps } from '../server/context.ts';
import { readBody, sendJson } from '../server/http.ts';
import { createMcpServer } from './server.ts';

const rpcError = (code: number, message: string) => ({ jsonrpc: '2.0', error: { code, message }, id: null });

export function createMcpHttpHandler(deps: ServerDeps): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    if (req.method !== 'POST') {
      // No server-initiated streams and no sessions: GET and DELETE have nothing to serve.
      sendJson(res, 405, rpcError(-32000, 'Method not allowed: /mcp takes JSON-RPC messages by POST'), {
        allow: 'POST',
      });
      return;
    }
    const body = (await readBody(req, deps.limits.maxBodyBytes)).toString('utf8');
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch (e) {
      sendJson(res, 400, rpcError(-32700, `Parse error: ${(e as Error).message}`));
      return;
    }
    const server = createMcpServer({ store: deps.store, actor: actorOf(req), readOnly: false, limits: deps.limits });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, parsed);
  };
}
