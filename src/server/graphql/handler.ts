/**
 * POST /api/graphql (and /api/v2/graphql): GraphQL over HTTP with graphql-http, answering as DataHub
 * GMS does (datahub-graphql.md §1): `extensions: {}` on every response, resolver errors carrying
 * `extensions {code, type, classification}`, HTTP 200 for GraphQL-level errors, and 400 with a JSON
 * message for a body that is not JSON or has no query. Parsed and validated documents are cached by
 * query text (bounded LRU): validation dominates the cost of a request otherwise. Each (document,
 * operation) is compiled once into a JavaScript function by graphql-jit and kept beside its document:
 * graphql-js walking a dataset page's ~400 fields on every request was most of a read's time.
 */
import { GraphQLError, parse, specifiedRules, validate, type DocumentNode, type ExecutionArgs, type ExecutionResult } from 'graphql';
import { createHandler, type Request as GqlRequest } from 'graphql-http';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { CatalogError } from '../../errors.ts';
import { actorOf, type ServerDeps } from '../context.ts';
import { readBody, sendJson } from '../http.ts';
import { checkValueLimits } from '../limits.ts';
import { limitRules, operationLimitErrors } from './limitRules.ts';
import type { Handler } from '../server.ts';
import { rootValue, type GraphqlContext } from './resolvers.ts';
import { getSchema } from './schema.ts';
import type { IncomingMessage } from 'node:http';

const CACHE_SIZE = 500;

/** A small LRU of query text → parsed document, or the syntax/validation errors it produced. */
class DocumentCache {
  private readonly map = new Map<string, DocumentNode | readonly GraphQLError[]>();
  constructor(private readonly max: number) {}
  get(query: string, build: () => DocumentNode | readonly GraphQLError[]): DocumentNode | readonly GraphQLError[] {
    const hit = this.map.get(query);
    if (hit !== undefined) {
      this.map.delete(query);
      this.map.set(query, hit);
      return hit;
    }
    const value = build();
    this.map.set(query, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
    return value;
  }
}

/** Compiled operations of a cached document, by operation name; they go when the document leaves the cache. */
const compiled = new WeakMap<DocumentNode, Map<string, CompiledQuery | ExecutionResult>>();

/** graphql-js's `execute`, through the document's compiled operation (compiled on first use). */
export function executeCompiled(args: ExecutionArgs): ExecutionResult | Promise<ExecutionResult> {
  let byOperation = compiled.get(args.document);
  if (!byOperation) compiled.set(args.document, (byOperation = new Map()));
  const name = args.operationName ?? '';
  let query = byOperation.get(name);
  if (!query) {
    query = compileQuery(args.schema, args.document, args.operationName ?? undefined, { disablingCapturingStackErrors: true });
    byOperation.set(name, query);
  }
  if (!isCompiledQuery(query)) return query;
  return query.query(args.rootValue, args.contextValue, args.variableValues ?? {}) as ExecutionResult | Promise<ExecutionResult>;
}

const CODE_TYPES: Record<number, string> = { 400: 'BAD_REQUEST', 403: 'UNAUTHORIZED', 404: 'NOT_FOUND', 409: 'CONFLICT', 500: 'SERVER_ERROR' };

/** DataHub's error extensions; pre-execution errors get graphql-java's classification only. */
export function formatError(err: GraphQLError): GraphQLError {
  const original = err.originalError;
  if (!original && err.path === undefined) {
    const classification = err.message.startsWith('Syntax Error') ? 'InvalidSyntax' : 'ValidationError';
    return withLocations(new GraphQLError(err.message, { nodes: err.nodes, source: err.source, positions: err.positions, extensions: { classification } }), err);
  }
  if (original instanceof GraphQLError || !original) return err;
  const code = original instanceof CatalogError ? original.code : 500;
  const message = original instanceof CatalogError ? original.message : `An unknown error occurred. ${original.message}`;
  const formatted = new GraphQLError(message, {
    nodes: err.nodes,
    source: err.source,
    positions: err.positions,
    path: err.path,
    originalError: original,
    extensions: { code, type: CODE_TYPES[code] ?? 'SERVER_ERROR', classification: 'DataFetchingException' },
  });
  return withLocations(formatted, err);
}

/** graphql-jit's errors carry their locations as such, with no nodes or source to compute them from. */
function withLocations(made: GraphQLError, from: GraphQLError): GraphQLError {
  if (made.locations === undefined && from.locations?.length) (made as { locations?: GraphQLError['locations'] }).locations = from.locations;
  return made;
}

export function createGraphqlHandler(deps: ServerDeps): Handler {
  const schema = getSchema();
  const cache = new DocumentCache(CACHE_SIZE);
  const rules = [...specifiedRules, ...limitRules(deps.limits)];

  const handle = createHandler<IncomingMessage, undefined, GraphqlContext>({
    schema,
    rootValue,
    execute: executeCompiled as typeof import('graphql').execute,
    context: (req) => ({ store: deps.store, actor: actorOf(req.raw) }),
    onSubscribe: (req, params) => {
      if (params.variables) checkValueLimits(params.variables, deps.limits, 'variables');
      const doc = cache.get(params.query, () => {
        let document: DocumentNode;
        try {
          document = parse(params.query);
        } catch (e) {
          return [e as GraphQLError];
        }
        const errors = validate(schema, document, rules);
        return errors.length > 0 ? errors : document;
      });
      if (Array.isArray(doc)) return (doc as GraphQLError[]).map(formatError);
      const overLimit = operationLimitErrors(schema, doc as DocumentNode, params.operationName ?? undefined, deps.limits);
      if (overLimit.length > 0) return overLimit.map(formatError);
      return {
        schema,
        document: doc as DocumentNode,
        rootValue,
        contextValue: { store: deps.store, actor: actorOf(req.raw) },
        variableValues: params.variables ?? undefined,
        operationName: params.operationName ?? undefined,
      };
    },
    onOperation: (_req, _args, result) => {
      const errors = result.errors?.map(formatError);
      return { ...(errors && { errors }), data: result.data ?? null, extensions: {} };
    },
    formatError: (err) => (err instanceof GraphQLError ? formatError(err) : err),
  });

  return async (req, res) => {
    if (req.method === 'GET') {
      // DataHub's GMS serves GraphQL over POST only.
      sendJson(res, 405, { status: 405, message: 'GraphQL requests must use POST' }, { allow: 'POST' });
      return;
    }
    const body = (await readBody(req, deps.limits.maxBodyBytes)).toString('utf8');
    const headers = { ...req.headers };
    // Lenient like GMS, which parses any body as JSON: no content type, or curl's default form type.
    const contentType = headers['content-type'];
    if (!contentType || contentType.startsWith('application/x-www-form-urlencoded')) headers['content-type'] = 'application/json';
    const gqlReq: GqlRequest<IncomingMessage, undefined> = {
      method: req.method ?? 'POST',
      url: req.url ?? '/api/graphql',
      headers: { get: (name: string) => (headers[name.toLowerCase()] as string | undefined) ?? null },
      body,
      raw: req,
      context: undefined,
    };
    const [responseBody, init] = await handle(gqlReq);
    let text = responseBody ?? '';
    // Errors raised before execution (bad JSON, no query, syntax, validation) still carry extensions.
    if (text.startsWith('{') && !text.includes('"extensions":{}')) {
      const parsed = JSON.parse(text) as Record<string, unknown>;
      parsed['extensions'] = {};
      text = JSON.stringify(parsed);
    }
    const outHeaders: Record<string, string> = {};
    for (const [k, v] of Object.entries(init.headers ?? {})) if (v !== undefined) outHeaders[k] = String(v);
    res.writeHead(init.status, { 'content-type': 'application/json; charset=utf-8', ...outHeaders, 'content-length': String(Buffer.byteLength(text)) });
    res.end(text);
  };
}
