/** The executable schema, built once from schema.graphql (embedded as an asset in the single executable). */
import { readFileSync } from 'node:fs';
import * as sea from 'node:sea';
import { buildSchema, type GraphQLSchema } from 'graphql';

let schema: GraphQLSchema | undefined;

export function loadSdl(): string {
  if (sea.isSea()) return sea.getAsset('schema.graphql', 'utf8');
  return readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8');
}

export function getSchema(): GraphQLSchema {
  schema ??= buildSchema(loadSdl());
  return schema;
}
