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

/**
 * The complexity limit when `catalog serve --datahub-web-app` serves DataHub's own app and no
 * `--max-query-complexity` is given. The app sends one document per page that selects the fields of
 * every entity type it could meet (its dataset page's getDataset scores 13 372 as Measurer counts,
 * with the `__typename` its client adds; the largest of its 317 operations 72 048), and it runs
 * against DataHub's own server with that server's defaults; refusing the app's own pages would
 * defeat the flag. Above the largest, so every page of the app is answered.
 */
export const WEB_APP_MAX_QUERY_COMPLEXITY = 100_000;
