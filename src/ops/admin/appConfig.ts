/**
 * `appConfig`: the server configuration DataHub's clients probe before using a feature (the CLI's
 * search diagnostics, the semantic-search chunking source, the semantic-model gate) and DataHub's web
 * app reads before it draws a page (it fails on a partial answer). Every value is DataHub's default
 * (its AppConfigResolver over application.yaml), except where this server lacks the feature: then it
 * is the answer DataHub gives with that feature switched off. Off here: policies (no policy engine),
 * usage analytics, managed ingestion (no executor), metadata tests, saved views, managing users and
 * groups from the app, third-party telemetry, semantic search, Search V3 indices, and the app's
 * features that need a mutation or an entity this server does not serve (the "introduce yourself"
 * page, product updates fetched from DataHub's site, data contracts, logical models, entity
 * versioning, file uploads, browser tracing).
 */

import { SEMANTIC_SEARCH_ENABLED } from '../search/semantic.ts';

export interface SemanticSearchConfig {
  enabled: boolean;
  enabledEntities: string[];
  /** Null when semantic search is off, as DataHub answers. */
  embeddingConfig: null;
}

/** The web app's feature switches (FeatureFlagsConfig), each as this server answers it. */
export const FEATURE_FLAGS = {
  readOnlyModeEnabled: false,
  showSearchFiltersV2: true,
  showBrowseV2: true,
  showAcrylInfo: false,
  erModelRelationshipFeatureEnabled: false,
  showAccessManagement: false,
  nestedDomainsEnabled: true,
  platformBrowseV2: true,
  businessAttributeEntityEnabled: false,
  contextDocumentsEnabled: true,
  // DataHub's default is on; there is no data contract entity here.
  dataContractsEnabled: false,
  editableDatasetNameEnabled: false,
  themeV2Enabled: true,
  themeV2Default: true,
  themeV2Toggleable: false,
  showSeparateSiblings: false,
  showManageStructuredProperties: true,
  schemaFieldCLLEnabled: false,
  hideDbtSourceInLineage: false,
  schemaFieldLineageIgnoreStatus: true,
  showNavBarRedesign: true,
  showAutoCompleteResults: true,
  entityVersioningEnabled: false,
  showHasSiblingsFilter: false,
  showSearchBarAutocompleteRedesign: true,
  showManageTags: true,
  // DataHub's default is on; the page saves through updateCorpUserProperties, not served here.
  showIntroducePage: false,
  showIngestionPageRedesign: true,
  showLineageExpandMore: true,
  showLineageFilterNodes: false,
  showStatsTabRedesign: true,
  showHomePageRedesign: true,
  showDefaultExternalLinks: true,
  // DataHub's default is on; its updates come from DataHub's site (latestProductUpdate), not served here.
  showProductUpdates: false,
  // DataHub's default is on; logical models (setLogicalParent) are not served here.
  logicalModelsEnabled: false,
  showHomepageUserRole: false,
  assetSummaryPageV1: true,
  datasetSummaryPageV1: false,
  metricsEnabled: false,
  ingestionOnboardingRedesignV1: false,
  // On in DataHub only with S3 file storage configured.
  documentationFileUploadV1: false,
  hideLineageInSearchCards: false,
  dataProductLineageEnabled: true,
  glossaryBasedPoliciesEnabled: false,
  multipleDataProductsPerAsset: true,
  showTestsInHealthIcon: false,
  i18nEnabled: true,
  browserTracingEnabled: false,
  browserWebVitalsEnabled: false,
} as const;

export interface AppConfig {
  appVersion: string;
  policiesConfig: { enabled: boolean; platformPrivileges: never[]; resourcePrivileges: never[] };
  analyticsConfig: { enabled: boolean };
  authConfig: { tokenAuthEnabled: boolean };
  identityManagementConfig: { enabled: boolean };
  lineageConfig: { supportsImpactAnalysis: boolean };
  managedIngestionConfig: { enabled: boolean };
  visualConfig: {
    logoUrl: string;
    faviconUrl: string;
    appTitle: string;
    hideGlossary: boolean;
    queriesTab: { queriesTabResultSize: number };
    entityProfiles: { domain: { defaultTab: string } };
    searchResult: { enableNameHighlight: boolean };
    showFullTitleInLineage: boolean;
    theme: { themeId: string };
    application: { showSidebarSectionWhenEmpty: boolean; showApplicationInNavigation: boolean };
  };
  telemetryConfig: { enableThirdPartyLogging: boolean };
  testsConfig: { enabled: boolean };
  viewsConfig: { enabled: boolean };
  searchBarConfig: { apiVariant: 'SEARCH_ACROSS_ENTITIES' };
  searchCardConfig: { showDescription: boolean };
  searchFlagsConfig: { defaultSkipHighlighting: boolean };
  homePageConfig: { firstInPersonalSidebar: 'YOUR_ASSETS' };
  featureFlags: typeof FEATURE_FLAGS;
  chromeExtensionConfig: { enabled: boolean; lineageEnabled: boolean };
  semanticSearchConfig: SemanticSearchConfig;
  entityIndexV3: { enabled: boolean };
}

/**
 * The configuration, for a server of version `appVersion` that does (`authEnabled`) or does not
 * require an access token on each request.
 */
export function appConfig(appVersion: string, authEnabled: boolean): AppConfig {
  return {
    appVersion,
    // With the policy engine off, DataHub still lists the privileges a policy could grant; here no
    // policy can be written, so there are none to choose from.
    policiesConfig: { enabled: false, platformPrivileges: [], resourcePrivileges: [] },
    analyticsConfig: { enabled: false },
    authConfig: { tokenAuthEnabled: authEnabled },
    identityManagementConfig: { enabled: false },
    // searchAcrossLineage answers any number of hops.
    lineageConfig: { supportsImpactAnalysis: true },
    managedIngestionConfig: { enabled: false },
    visualConfig: {
      logoUrl: 'assets/logos/datahublogo.svg',
      faviconUrl: 'assets/icons/favicon.ico',
      appTitle: '',
      hideGlossary: false,
      queriesTab: { queriesTabResultSize: 5 },
      entityProfiles: { domain: { defaultTab: '' } },
      searchResult: { enableNameHighlight: true },
      showFullTitleInLineage: false,
      theme: { themeId: '' },
      application: { showSidebarSectionWhenEmpty: false, showApplicationInNavigation: false },
    },
    telemetryConfig: { enableThirdPartyLogging: false },
    testsConfig: { enabled: false },
    viewsConfig: { enabled: false },
    searchBarConfig: { apiVariant: 'SEARCH_ACROSS_ENTITIES' },
    searchCardConfig: { showDescription: false },
    searchFlagsConfig: { defaultSkipHighlighting: false },
    homePageConfig: { firstInPersonalSidebar: 'YOUR_ASSETS' },
    featureFlags: FEATURE_FLAGS,
    // The browser extension is DataHub Cloud's.
    chromeExtensionConfig: { enabled: false, lineageEnabled: false },
    semanticSearchConfig: { enabled: SEMANTIC_SEARCH_ENABLED, enabledEntities: [], embeddingConfig: null },
    entityIndexV3: { enabled: false },
  };
}
