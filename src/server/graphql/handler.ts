/**
 * POST /api/graphql (and /api/v2/graphql): GraphQL over HTTP with graphql-http, answering as DataHub
 * GMS does (docs/datahub/graphql.md §1): `extensions: {}` on every response, resolver errors carrying
 * `extensions {code, type, classification}`, HTTP 200 for GraphQL-level errors, and 400 with a JSON
 * message for a body that is not JSON or has no query. Parsed and validated documents are cached by
 * query text (an LRU bounded by the bytes they take, documentCache.ts): validation dominates the cost
 * of a request otherwise. Each (document, operation) is compiled once into a JavaScript function by
 * graphql-jit and kept beside its document:
 * graphql-js walking a dataset page's ~400 fields on every request was most of a read's time.
 * The common request (a JSON POST of a cached valid document within limits) skips graphql-http and
 * is executed and answered here, byte for byte as graphql-http answers it; everything else goes
 * through graphql-http.
 */
import {
  GraphQLError,
  execute,
  getOperationAST,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLSchema,
} from 'graphql';
import { createHandler, type Request as GqlRequest } from 'graphql-http';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { CatalogError } from '../../errors.ts';
import { damageError } from '../../ops/core/openCatalog.ts';
import { actorOf, authEnabledFor, type ServerDeps } from '../context.ts';
import { readBody, sendJson } from '../http.ts';
import { checkValueLimits } from '../limits.ts';
import { limitRules, measureOperationCost, operationLimitErrors } from './limitRules.ts';
import { DEFAULT_LIMITS } from '../defaultLimits.ts';
import type { Handler } from '../server.ts';
import { DocumentCache } from './documentCache.ts';
import { rootValue, type GraphqlContext } from './resolvers.ts';
import { getSchema } from './schema.ts';
import type { IncomingMessage } from 'node:http';

/**
 * Operations that select more fields than this (as the complexity limit counts them) are run by
 * graphql-js rather than compiled: graphql-jit writes code for every fragment on every type it may
 * apply to, and DataHub's own app sends documents that select every entity type's fields (its dataset
 * page's getDataset took graphql-jit 54 s and a gigabyte of heap to compile, on a loaded machine).
 * graphql-js reads only the fragments of each value's own type. The default complexity limit is the
 * same figure, so with it every operation a server accepts is compiled as before.
 */
const MAX_COMPILED_FIELDS = DEFAULT_LIMITS.maxQueryComplexity;

/** Stands for "run by graphql-js" among the compiled operations. */
const INTERPRETED = Symbol('interpreted');

/** Compiled operations of a cached document, by operation name; they go when the document leaves the cache. */
const compiled = new WeakMap<DocumentNode, Map<string, CompiledQuery | ExecutionResult | typeof INTERPRETED>>();

/** The document's compiled operation (compiled on first use), the errors compiling it gave, or INTERPRETED. */
function compiledOf(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
): CompiledQuery | ExecutionResult | typeof INTERPRETED {
  let byOperation = compiled.get(document);
  if (!byOperation) compiled.set(document, (byOperation = new Map()));
  const name = operationName ?? '';
  let query = byOperation.get(name);
  if (!query) {
    const operation = getOperationAST(document, operationName);
    query =
      operation && measureOperationCost(schema, document, operation).fields > MAX_COMPILED_FIELDS
        ? INTERPRETED
        : compileQuery(schema, document, operationName ?? undefined, { disablingCapturingStackErrors: true });
    byOperation.set(name, query);
  }
  return query;
}

/** graphql-js's `execute`, through the document's compiled operation (graphql-js's own for the largest). */
export function executeCompiled(args: ExecutionArgs): ExecutionResult | Promise<ExecutionResult> {
  const query = compiledOf(args.schema, args.document, args.operationName);
  if (query === INTERPRETED) return execute(args);
  if (!isCompiledQuery(query)) return query;
  return query.query(args.rootValue, args.contextValue, args.variableValues ?? {}) as
    | ExecutionResult
    | Promise<ExecutionResult>;
}

/**
 * Whether a cached, valid document's operation can take the fast path: it exists, is a query or a
 * mutation, is within the operation limits and compiled. Decided once per (document, operation).
 */
const fastOperations = new WeakMap<DocumentNode, Map<string, CompiledQuery | null>>();
function fastOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | undefined,
  limits: ServerDeps['limits'],
): CompiledQuery | null {
  let byOperation = fastOperations.get(document);
  if (!byOperation) fastOperations.set(document, (byOperation = new Map()));
  const name = operationName ?? '';
  let query = byOperation.get(name);
  if (query === undefined) {
    const operation = getOperationAST(document, operationName);
    query = null;
    if (
      operation &&
      operation.operation !== 'subscription' &&
      operationLimitErrors(schema, document, operationName, limits).length === 0
    ) {
      const made = compiledOf(schema, document, operationName);
      if (made !== INTERPRETED && isCompiledQuery(made)) query = made;
    }
    byOperation.set(name, query);
  }
  return query;
}

/**
 * graphql-http's JSON replacer: an Error that is not a GraphQLError is written as its message only.
 * `unknown` in and out: it sees every value of the answer, of any type (JSON.stringify's replacer).
 */
function jsonErrorReplacer(_key: string, val: unknown): unknown {
  if (val instanceof Error && !(val instanceof GraphQLError)) return { message: val.message };
  return val;
}

/** The request parameters of a plain JSON POST body, or undefined when graphql-http must judge it. */
function plainParams(
  body: string,
): { query: string; variables?: Record<string, unknown>; operationName?: string } | undefined {
  if (!body) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof data !== 'object' || data === null) return undefined;
  const { query, variables, operationName, extensions } = data as Record<string, unknown>;
  if (typeof query !== 'string') return undefined;
  if (variables != null && (typeof variables !== 'object' || Array.isArray(variables))) return undefined;
  // An empty name would share the compiled-operation key of no name; graphql-http rejects it anyway.
  if (operationName != null && (typeof operationName !== 'string' || operationName === '')) return undefined;
  if (extensions != null && (typeof extensions !== 'object' || Array.isArray(extensions))) return undefined;
  return {
    query,
    ...(variables != null && { variables: variables as Record<string, unknown> }),
    ...(operationName != null && { operationName: operationName as string }),
  };
}

/** A request graphql-http would answer as `application/json; charset=utf-8` (not graphql-response+json). */
function plainJsonRequest(headers: IncomingMessage['headers']): boolean {
  const accept = headers.accept;
  if (accept !== undefined && accept !== '*/*' && accept !== 'application/json') return false;
  const contentType = headers['content-type'];
  if (!contentType || contentType === 'application/json' || contentType.startsWith('application/x-www-form-urlencoded'))
    return true;
  const [mediaType, charset = 'charset=utf-8'] = contentType.replace(/\s/g, '').toLowerCase().split(';');
  return mediaType === 'application/json' && charset === 'charset=utf-8';
}

const CODE_TYPES: Record<number, string> = {
  400: 'BAD_REQUEST',
  403: 'UNAUTHORIZED',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  500: 'SERVER_ERROR',
};

/** DataHub's error extensions; pre-execution errors get graphql-java's classification only. */
export function formatError(err: GraphQLError): GraphQLError {
  const original = err.originalError;
  if (!original && err.path === undefined) {
    const classification = err.message.startsWith('Syntax Error') ? 'InvalidSyntax' : 'ValidationError';
    return withLocations(
      new GraphQLError(err.message, {
        nodes: err.nodes,
        source: err.source,
        positions: err.positions,
        extensions: { classification },
      }),
      err,
    );
  }
  if (original instanceof GraphQLError || !original) return err;
  // A damaged data file's error names the file and says what to do (docs/data-file.md §4).
  const damaged = damageError(original);
  if (damaged)
    return formatError(
      new GraphQLError(err.message, {
        nodes: err.nodes,
        source: err.source,
        positions: err.positions,
        path: err.path,
        originalError: damaged,
      }),
    );
  const code = original instanceof CatalogError ? original.code : 500;
  const message =
    original instanceof CatalogError ? original.message : `An unknown error occurred. ${original.message}`;
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
  if (made.locations === undefined && from.locations?.length)
    (made as { locations?: GraphQLError['locations'] }).locations = from.locations;
  return made;
}

export function createGraphqlHandler(deps: ServerDeps): Handler {
  const schema = getSchema();
  const cache = new DocumentCache();
  const rules = [...specifiedRules, ...limitRules(deps.limits)];

  /** The parsed and validated document of a query text, or the errors it gave (cached). */
  const documentOf = (query: string) =>
    cache.get(query, () => {
      let document: DocumentNode;
      try {
        document = parse(query);
      } catch (e) {
        return [e as GraphQLError];
      }
      const errors = validate(schema, document, rules);
      return errors.length > 0 ? errors : document;
    });

  const handle = createHandler<IncomingMessage, undefined, GraphqlContext>({
    schema,
    rootValue,
    execute: executeCompiled as typeof import('graphql').execute,
    context: (req) => ({ store: deps.store, actor: actorOf(req.raw), authEnabled: authEnabledFor(req.raw) }),
    onSubscribe: (req, params) => {
      if (params.variables) checkValueLimits(params.variables, deps.limits, 'variables');
      const doc = documentOf(params.query);
      if (Array.isArray(doc)) return (doc as GraphQLError[]).map(formatError);
      const overLimit = operationLimitErrors(
        schema,
        doc as DocumentNode,
        params.operationName ?? undefined,
        deps.limits,
      );
      if (overLimit.length > 0) return overLimit.map(formatError);
      return {
        schema,
        document: doc as DocumentNode,
        rootValue,
        contextValue: { store: deps.store, actor: actorOf(req.raw), authEnabled: authEnabledFor(req.raw) },
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
    // The fast path: a JSON POST of a cached valid document within limits is executed here, answered
    // exactly as graphql-http would (same checks in the same order, same body, status and headers),
    // without its per-request machinery. Anything else goes through graphql-http below.
    const params = req.method === 'POST' && plainJsonRequest(req.headers) ? plainParams(body) : undefined;
    if (params) {
      if (params.variables) checkValueLimits(params.variables, deps.limits, 'variables');
      const doc = documentOf(params.query);
      const query = Array.isArray(doc)
        ? null
        : fastOperation(schema, doc as DocumentNode, params.operationName, deps.limits);
      if (query) {
        const result = (await query.query(
          rootValue,
          { store: deps.store, actor: actorOf(req), authEnabled: authEnabledFor(req) } satisfies GraphqlContext,
          params.variables ?? {},
        )) as ExecutionResult;
        let text: string;
        if (result.errors) {
          // onOperation's answer, then makeResponse's formatting of its errors, as graphql-http does.
          const answer = { errors: result.errors.map(formatError), data: result.data ?? null, extensions: {} };
          text = JSON.stringify({ ...answer, errors: answer.errors.map(formatError) }, jsonErrorReplacer);
        } else {
          // graphql-jit builds data from plain objects and scalars: no Error reaches it (a resolved
          // Error is a field error), so the replacer would change nothing.
          text = JSON.stringify({ data: result.data ?? null, extensions: {} });
        }
        res.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': String(Buffer.byteLength(text)),
        });
        res.end(text);
        return;
      }
    }
    const headers = { ...req.headers };
    // Lenient like GMS, which parses any body as JSON: no content type, or curl's default form type.
    const contentType = headers['content-type'];
    if (!contentType || contentType.startsWith('application/x-www-form-urlencoded'))
      headers['content-type'] = 'application/json';
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
    res.writeHead(init.status, {
      'content-type': 'application/json; charset=utf-8',
      ...outHeaders,
      'content-length': String(Buffer.byteLength(text)),
    });
    res.end(text);
  };
}
