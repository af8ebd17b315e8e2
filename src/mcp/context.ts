/** What every MCP tool runs with: the catalog, who acts, and GraphQL executed in process. */
import { executeGraphql } from '../server/graphql/inProcess.ts';
import type { Store } from '../store/store.ts';
import { pyRepr } from './pyrepr.ts';
import type { JsonObject } from './shape.ts';

export interface ToolContext {
  store: Store;
  /** The corpuser every write is attributed to, and `get_me`'s answer. */
  actor: string;
}

/**
 * Runs one GraphQL document as the context's actor; a GraphQL error becomes the exception DataHub's
 * Python client raises for it (`Error executing graphql query: [<errors as Python prints them>]`).
 */
export async function gql(
  ctx: ToolContext,
  query: string,
  variables: Record<string, unknown>,
  operationName?: string,
): Promise<JsonObject> {
  const answer = await executeGraphql(ctx.store, ctx.actor, query, variables, operationName);
  // A damaged data file is its own error, naming the file, never folded into a query's.
  if (answer.damage) throw answer.damage;
  if (answer.errors?.length) throw new Error(`Error executing graphql query: ${pyRepr(answer.errors)}`);
  return (answer.data ?? {}) as JsonObject;
}

/** Whether an entity is stored (what DataHub's `graph.exists` asks of its key aspect). */
export const exists = (ctx: ToolContext, urn: string): boolean => ctx.store.entityExists(urn);

/** A schemaField URN for a dataset's column; the URN as given without a column. */
export function schemaFieldUrn(urn: string, column: string | null | undefined): string {
  if (!column) return urn;
  if (!urn.startsWith('urn:li:dataset:'))
    throw new Error(`Input urn should be a dataset urn if column is provided, but got ${urn}.`);
  return `urn:li:schemaField:(${urn},${column})`;
}
