/**
 * The MCP server over the catalog, built on the official TypeScript SDK: `catalog mcp` runs it on
 * stdio, `catalog serve` answers it at /mcp (streamable HTTP). It lists the tools of ./tools/index.ts
 * (the write tools only when writes are allowed) and runs each call as the given actor.
 *
 * A call's arguments are checked before the tool runs: an unknown tool, a missing, unknown or
 * mistyped argument, or an argument over the server's size limits is a JSON-RPC error (-32602) and
 * nothing runs. A tool's own refusal is a tool result with `isError` and the text DataHub's server
 * gives (`Error calling tool '<name>': …`).
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { CatalogError } from '../errors.ts';
import { damageError } from '../ops/core/openCatalog.ts';
import { DEFAULT_LIMITS, type ServerLimits } from '../server/defaultLimits.ts';
import { HttpError } from '../server/http.ts';
import { checkValueLimits } from '../server/limits.ts';
import type { Store } from '../store/store.ts';
import { VERSION } from '../version.ts';
import { ArgumentError, checkArguments } from './args.ts';
import type { ToolContext } from './context.ts';
import { hasDocuments } from './tools/documents.ts';
import { TOOLS, type ToolSpec } from './tools/index.ts';

export interface McpOptions {
  store: Store;
  /** The corpuser the tools act as. */
  actor: string;
  /** Leave the write tools out (and refuse them). */
  readOnly: boolean;
  limits?: ServerLimits;
}

/** What DataHub's server declares a tool answers: an object (get_entities: `{"result": object or list}`). */
const OBJECT_OUTPUT = { additionalProperties: true, type: 'object' } as const;
const WRAPPED_OUTPUT = {
  properties: {
    result: {
      anyOf: [
        { items: { additionalProperties: true, type: 'object' }, type: 'array' },
        { additionalProperties: true, type: 'object' },
      ],
    },
  },
  required: ['result'],
  type: 'object',
} as const;

function listed(spec: ToolSpec): Tool {
  return {
    name: spec.name,
    description: spec.description,
    inputSchema: spec.inputSchema as Tool['inputSchema'],
    outputSchema: (spec.mayBeList ? WRAPPED_OUTPUT : OBJECT_OUTPUT) as unknown as Tool['outputSchema'],
    ...(spec.mutation ? {} : { annotations: { readOnlyHint: true } }),
  };
}

/** Tool schemas accept a string for these list arguments only in the tool body (get_entities reads it as one URN). */
const STRING_PASSES = new Map<string, string[]>([
  ['get_entities', ['urns']],
  ['get_aspect_history', ['urns', 'aspect_names']],
]);

export function createMcpServer(options: McpOptions): Server {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const ctx: ToolContext = { store: options.store, actor: options.actor };
  const available = TOOLS.filter((t) => !(options.readOnly && t.mutation));
  const server = new Server(
    { name: 'catalog', version: VERSION },
    {
      capabilities: { tools: {} },
      instructions:
        "Tools over a local metadata catalog that speaks DataHub's API: search entities, read them with their schema, lineage and queries, and (unless read-only) curate tags, glossary terms, owners, domains, descriptions, structured properties and documents.",
    },
  );

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const withDocuments = available.some((t) => t.documents) && (await hasDocuments(ctx));
    return { tools: available.filter((t) => !t.documents || withDocuments).map(listed) };
  });

  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const { name } = request.params;
    const spec = available.find((t) => t.name === name);
    if (!spec) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
    let args: Record<string, unknown>;
    try {
      const given = request.params.arguments ?? {};
      checkValueLimits(given, limits, 'arguments');
      const passes = STRING_PASSES.get(name) ?? [];
      const strings = Object.fromEntries(passes.filter((p) => typeof given[p] === 'string').map((p) => [p, given[p]]));
      const checked = checkArguments(
        spec.inputSchema,
        { ...given, ...Object.fromEntries(Object.keys(strings).map((k) => [k, []])) },
        spec.listFromString ?? [],
      );
      args = { ...checked, ...strings };
    } catch (e) {
      if (e instanceof ArgumentError || e instanceof CatalogError || e instanceof HttpError)
        throw new McpError(ErrorCode.InvalidParams, `Invalid arguments for tool ${name}: ${e.message}`);
      throw e;
    }
    try {
      const result = await spec.run(ctx, args);
      const structured = (spec.mayBeList ? { result } : result) as Record<string, unknown>;
      return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: structured };
    } catch (e) {
      const err = damageError(e) ?? e;
      const message = err instanceof Error ? err.message : String(err);
      return { content: [{ type: 'text', text: `Error calling tool '${name}': ${message}` }], isError: true };
    }
  });
  return server;
}
