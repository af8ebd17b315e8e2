/**
 * `catalog mcp`: the MCP server on stdin/stdout. stdout carries the protocol and nothing else;
 * notices go to stderr. The data file stays open (read-only with --read-only) until the client
 * closes stdin or the process is told to stop; a `catalog serve` on the same file sees each write
 * the moment it is acknowledged.
 */
import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { BadRequestError } from '../../errors.ts';
import { createMcpServer } from '../../mcp/server.ts';
import { openCatalog } from '../../ops/core/openCatalog.ts';
import { checksumProgress } from '../checksumNotice.ts';
import { noticeCreated, noticeUpgrade } from '../openStore.ts';

/** The local user as a corpuser URN (the default actor). */
function localUser(): string {
  let login = '';
  try {
    login = userInfo().username;
  } catch {
    login = process.env['USER'] ?? process.env['USERNAME'] ?? '';
  }
  return `urn:li:corpuser:${login || 'datahub'}`;
}

export interface McpArgs {
  data: string;
  readOnly?: boolean;
  actor?: string;
}

export async function runMcp(args: McpArgs): Promise<void> {
  const actor = args.actor ?? localUser();
  if (!actor.startsWith('urn:li:corpuser:'))
    throw new BadRequestError(`--actor must be a urn:li:corpuser:… URN, got ${actor}`);
  const store = openCatalog(resolve(args.data), {
    readOnly: args.readOnly === true,
    progress: checksumProgress(resolve(args.data)),
  });
  noticeCreated(store);
  noticeUpgrade(store);
  const server = createMcpServer({ store, actor, readOnly: args.readOnly === true });
  const transport = new StdioServerTransport();
  await server.connect(transport);
  // A line that is not JSON, or not a JSON-RPC message, gets the JSON-RPC error the spec names
  // (the SDK only reports it locally); the session goes on.
  const reported = transport.onerror;
  transport.onerror = (error: Error) => {
    if (!(error instanceof SyntaxError) && error.name !== 'ZodError') return reported?.(error);
    const parse = error instanceof SyntaxError;
    const reply = {
      jsonrpc: '2.0',
      id: null,
      error: {
        code: parse ? -32700 : -32600,
        message: parse ? `Parse error: ${error.message}` : 'Invalid Request: not a JSON-RPC 2.0 message',
      },
    };
    void transport.send(reply as unknown as JSONRPCMessage).catch(() => {});
    process.stderr.write(
      `catalog mcp: ${parse ? 'unparsable' : 'invalid'} message ignored: ${error.message.split('\n')[0]}\n`,
    );
    reported?.(error);
  };
  await new Promise<void>((done) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      process.stdin.off('end', stop);
      void server
        .close()
        .catch(() => {})
        .then(() => store.close())
        .then(done);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    process.stdin.on('end', stop);
  });
}
