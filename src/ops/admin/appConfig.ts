/**
 * `appConfig`: the server configuration DataHub's clients probe before using a feature (the CLI's
 * search diagnostics, the semantic-search chunking source, the semantic-model gate). Answered
 * truthfully for this server: no semantic search (no embedding model), no Search V3 indices, no
 * metric entities, no third-party telemetry.
 */

import { SEMANTIC_SEARCH_ENABLED } from '../search/semantic.ts';

export interface SemanticSearchConfig {
  enabled: boolean;
  enabledEntities: string[];
  /** Null when semantic search is off, as DataHub answers. */
  embeddingConfig: null;
}

export interface AppConfig {
  telemetryConfig: { enableThirdPartyLogging: boolean };
  featureFlags: { metricsEnabled: boolean };
  semanticSearchConfig: SemanticSearchConfig;
  entityIndexV3: { enabled: boolean };
}

export function appConfig(): AppConfig {
  return {
    telemetryConfig: { enableThirdPartyLogging: false },
    featureFlags: { metricsEnabled: false },
    semanticSearchConfig: { enabled: SEMANTIC_SEARCH_ENABLED, enabledEntities: [], embeddingConfig: null },
    entityIndexV3: { enabled: false },
  };
}
