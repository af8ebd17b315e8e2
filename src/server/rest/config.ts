/**
 * `GET /config` as GMS answers it (docs/datahub/rest-cli.md §3), and the GraphQL schema hash it carries.
 */
import { createHash } from 'node:crypto';
import { VERSION } from '../../version.ts';
import { loadSdl } from '../graphql/schema.ts';
import { json, route, type Route } from './route.ts';

/**
 * The DataHub server release whose API we implement: the one our pinned client, acryl-datahub
 * 1.7.0.17, is paired with. DataHub v1.7.0 names CLI/SDK 1.7.0 and its patch release v1.7.0.1 names
 * CLI/SDK 1.7.0.9 (release notes), so a 1.7.0.17 client belongs to v1.7.0.1. What the client turns
 * on at this version (server_config_util.py `_REQUIRED_VERSION_*`, `supports_feature`): OpenAPI v3
 * writes for SDK-mode clients and write tracing (≥ 1.0.1), status as a PATCH in ingestion (≥ 1.7.0),
 * assertionNote aspects from the dbt source (≥ 1.7.0.1), and mcp-server-datahub's tools gated at ≥ 1.4.0.
 */
export const DATAHUB_VERSION = 'v1.7.0.1';

/** sha256 (hex) of a GraphQL SDL text: the same text always gives the same hash, any change another. */
export function schemaHashOf(sdl: string): string {
  return createHash('sha256').update(sdl, 'utf8').digest('hex');
}

let servedSchemaHash: string | undefined;

/** The hash of the SDL this server serves, computed once. */
export function servedSchemaHashOf(): string {
  servedSchemaHash ??= schemaHashOf(loadSdl());
  return servedSchemaHash;
}

/**
 * `/config`, with the DataHub version of {@link DATAHUB_VERSION}. serverType is not "quickstart" (which
 * would make the CLI look up commit dates on GitHub).
 *
 * Clients cache an introspected GraphQL schema by the schema hash: `graphQL.schemaHash` says it
 * outright, and `versions["acryldata/datahub"].commit` carries it too, because DataHub's own client
 * keys its on-disk cache of the introspected schema (datahub/utilities/graphql_query_adapter.py,
 * kept 7 days) by server URL and that commit — a new SDL behind an unchanged commit would have it
 * strip fields the server now has.
 */
export function serverConfig(schemaHash = servedSchemaHashOf()): Record<string, unknown> {
  return {
    noCode: 'true',
    retention: 'true',
    statefulIngestionCapable: true,
    patchCapable: true,
    supportsImpactAnalysis: false,
    timeZone: 'GMT',
    datahub: { serverType: 'catalog', serverEnv: 'core' },
    telemetry: { enabledCli: false, enabledIngestion: false },
    versions: {
      'acryldata/datahub': { version: DATAHUB_VERSION, commit: `catalog-${VERSION}-${schemaHash.slice(0, 12)}` },
    },
    managedIngestion: { enabled: false },
    graphQL: { schemaHash },
  };
}

/** `GET /config`. */
export const configRoutes: Route[] = [
  route({ method: 'GET', path: '/config', handle: async () => json(serverConfig()) }),
];
