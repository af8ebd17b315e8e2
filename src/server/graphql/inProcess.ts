/**
 * Runs a GraphQL document against the catalog's schema in this process, with no HTTP around it:
 * the same validation, compiled execution and error formatting as POST /api/graphql, so a caller
 * (the MCP tools of `catalog mcp`) gets the very answer a client of the HTTP API would get,
 * `errors` included, as JSON.
 */
import { type GraphQLError, parse, specifiedRules, validate, type DocumentNode } from 'graphql';
import type { Store } from '../../store/store.ts';
import { damageOf } from '../../ops/core/openCatalog.ts';
import { DocumentCache, type CachedDocument } from './documentCache.ts';
import { executeCompiled, formatError } from './handler.ts';
import { rootValue } from './resolvers.ts';
import { getSchema } from './schema.ts';

/** What POST /api/graphql answers, as parsed JSON. */
export interface GraphqlAnswer {
  data?: Record<string, unknown> | null;
  errors?: Record<string, unknown>[];
  /** The error of a damaged data file behind one of `errors`, as thrown (damage is never optional). */
  damage?: Error;
}

/** Parsed and validated documents by text: the tools send a fixed set of them. */
const documents = new DocumentCache();

function documentOf(query: string): CachedDocument {
  return documents.get(query, () => {
    try {
      const doc = parse(query);
      const errors = validate(getSchema(), doc, specifiedRules);
      return errors.length > 0 ? errors : doc;
    } catch (e) {
      return [e as GraphQLError];
    }
  });
}

/** JSON of a GraphQL error as the HTTP answer carries it. */
const errorJson = (e: GraphQLError): Record<string, unknown> =>
  JSON.parse(JSON.stringify(formatError(e))) as Record<string, unknown>;

/** Executes `query` as `actor` on `store`; the answer is the JSON the HTTP API would send. */
export async function executeGraphql(
  store: Store,
  actor: string,
  query: string,
  variables?: Record<string, unknown>,
  operationName?: string,
): Promise<GraphqlAnswer> {
  const doc = documentOf(query);
  if (Array.isArray(doc)) return { errors: (doc as GraphQLError[]).map(errorJson), data: null };
  const result = await executeCompiled({
    schema: getSchema(),
    document: doc as DocumentNode,
    rootValue,
    contextValue: { store, actor },
    variableValues: variables ?? {},
    operationName,
  });
  const answer: GraphqlAnswer = {};
  if (result.errors?.length) {
    answer.errors = result.errors.map(errorJson);
    const damage = result.errors.map((e) => damageOf(e.originalError)).find(Boolean);
    if (damage) answer.damage = damage;
  }
  answer.data =
    result.data === undefined ? null : (JSON.parse(JSON.stringify(result.data)) as Record<string, unknown> | null);
  return answer;
}
