/** The server's request limits and their defaults (apart from context.ts so the CLI reads the defaults without loading the server). */
export interface ServerLimits {
  /** Largest request body, in bytes (413 beyond). */
  maxBodyBytes: number;
  /** Most items in one list of a request: proposals of a batch, resources of a GraphQL batch… */
  maxBatchItems: number;
  /** Deepest GraphQL selection (DataHub's default: 50). */
  maxQueryDepth: number;
  /** Most GraphQL fields in one operation, fragments expanded (DataHub's default: 2000). */
  maxQueryComplexity: number;
  /** Longest string in a request's values (aspect fields, GraphQL arguments). */
  maxStringLength: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  maxBodyBytes: 16 * 1024 * 1024,
  maxBatchItems: 1000,
  maxQueryDepth: 50,
  maxQueryComplexity: 2000,
  maxStringLength: 1_000_000,
};
