// What DataHub's web app reads before it draws any page, selected as its app shell selects it (our
// own documents, field for field: a field lost from the schema fails here): the server's
// configuration (appConfig), the caller (me: profile, settings, platform privileges), the privileges
// granted on an entity (getGrantedPrivileges, `privileges` on entities) and the home page's settings.
// Answers are checked for what they mean: DataHub's defaults, "off" where this server lacks the
// feature, and privileges from who the caller is, with auth off and on.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ingestFile } from '../src/cli/commands/ingestRun.ts';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { createToken } from '../src/ops/identity/tokens.ts';
import { startServer, type RunningServer } from '../src/server/server.ts';
import type { Store } from '../src/store/store.ts';
import { VERSION } from '../src/version.ts';
import { S, startSampleServer, type GqlServer } from './graphql-helpers.ts';
import { mcp, tempDataPath, tempDir } from './helpers.ts';
import { putAsStored } from './storedBeforeChecks.ts';

const APP_CONFIG = `query appConfig {
  appConfig {
    appVersion
    policiesConfig {
      enabled
      platformPrivileges { type displayName description }
      resourcePrivileges { resourceType resourceTypeDisplayName entityType privileges { type displayName description } }
    }
    analyticsConfig { enabled }
    authConfig { tokenAuthEnabled }
    identityManagementConfig { enabled }
    lineageConfig { supportsImpactAnalysis }
    managedIngestionConfig { enabled }
    visualConfig {
      logoUrl faviconUrl showFullTitleInLineage
      queriesTab { queriesTabResultSize }
      entityProfiles { domain { defaultTab } }
      searchResult { enableNameHighlight }
      theme { themeId }
      application { showSidebarSectionWhenEmpty showApplicationInNavigation }
    }
    telemetryConfig { enableThirdPartyLogging }
    testsConfig { enabled }
    viewsConfig { enabled }
    searchBarConfig { apiVariant }
    searchCardConfig { showDescription }
    searchFlagsConfig { defaultSkipHighlighting }
    homePageConfig { firstInPersonalSidebar }
    featureFlags {
      readOnlyModeEnabled showSearchFiltersV2 showBrowseV2 showAcrylInfo erModelRelationshipFeatureEnabled
      showAccessManagement nestedDomainsEnabled platformBrowseV2 businessAttributeEntityEnabled
      contextDocumentsEnabled dataContractsEnabled editableDatasetNameEnabled themeV2Enabled themeV2Default
      themeV2Toggleable showSeparateSiblings showManageStructuredProperties schemaFieldCLLEnabled
      hideDbtSourceInLineage schemaFieldLineageIgnoreStatus showNavBarRedesign showAutoCompleteResults
      entityVersioningEnabled showHasSiblingsFilter showSearchBarAutocompleteRedesign showManageTags
      showIntroducePage showIngestionPageRedesign showLineageExpandMore showLineageFilterNodes
      showStatsTabRedesign showHomePageRedesign showDefaultExternalLinks showProductUpdates
      logicalModelsEnabled showHomepageUserRole assetSummaryPageV1 datasetSummaryPageV1 metricsEnabled
      ingestionOnboardingRedesignV1 documentationFileUploadV1 hideLineageInSearchCards
      dataProductLineageEnabled glossaryBasedPoliciesEnabled multipleDataProductsPerAsset
      showTestsInHealthIcon i18nEnabled browserTracingEnabled browserWebVitalsEnabled
    }
    chromeExtensionConfig { enabled lineageEnabled }
  }
}`;

const PLATFORM_PRIVILEGES = [
  'viewAnalytics',
  'managePolicies',
  'manageIdentities',
  'generatePersonalAccessTokens',
  'manageIngestion',
  'manageSecrets',
  'manageTokens',
  'manageDomains',
  'viewTests',
  'manageTests',
  'manageGlossaries',
  'manageUserCredentials',
  'manageTags',
  'viewManageTags',
  'createDomains',
  'createTags',
  'createLogicalModels',
  'manageGlobalViews',
  'manageGlobalSettings',
  'manageOwnershipTypes',
  'manageGlobalAnnouncements',
  'createBusinessAttributes',
  'manageBusinessAttributes',
  'manageStructuredProperties',
  'viewStructuredPropertiesPage',
  'manageApplications',
  'manageFeatures',
  'manageHomePageTemplates',
  'manageDocuments',
  'manageServiceAccounts',
];

const PAGE_TEMPLATE = `urn type properties {
  rows { modules { urn type properties { name type visibility { scope } params {
    linkParams { linkUrl imageUrl description } richTextParams { content }
    assetCollectionParams { assetUrns dynamicFilterJson }
    hierarchyViewParams { assetUrns showRelatedEntities relatedEntitiesFilterJson } } } } }
  surface { surfaceType } visibility { scope }
  assetSummary { summaryElements { elementType structuredProperty { urn } } }
}`;

const ME = `query getMe {
  me {
    corpUser {
      type urn username
      info { active displayName title firstName lastName fullName email }
      editableProperties { displayName title pictureLink teams skills persona { urn } platforms { urn name } }
      settings {
        appearance { showSimplifiedHomepage showThemeV2 }
        views { defaultView { urn } }
        homePage { pageTemplate { ${PAGE_TEMPLATE} } dismissedAnnouncementUrns }
        locale { language }
      }
    }
    platformPrivileges { ${PLATFORM_PRIVILEGES.join(' ')} }
  }
}`;

const GRANTED = `query getGrantedPrivileges($input: GetGrantedPrivilegesInput!) {
  getGrantedPrivileges(input: $input) { privileges evaluationDetails { policyName reason } }
}`;

const ENTITY_PRIVILEGES = `privileges {
  canManageChildren canManageEntity canEditLineage canEditEmbed canEditQueries canEditProperties canEditTags
  canEditGlossaryTerms canEditDescription canEditLinks canEditDomains canEditDataProducts canEditOwners
  canEditIncidents canEditAssertions canEditAssertionOwners canEditDeprecation canEditSchemaFieldTags
  canEditSchemaFieldGlossaryTerms canEditSchemaFieldDescription canViewDatasetUsage canViewDatasetProfile
  canViewDatasetOperations canManageAssetSummary
}`;

const CHART = 'urn:li:chart:(looker,shell_chart)';
const DOMAIN = 'urn:li:domain:shell_marketing';
const PRODUCT = 'urn:li:dataProduct:shell_orders';
const CONTAINER = 'urn:li:container:shell_db';
const NODE = 'urn:li:glossaryNode:shell_node';
const TERM = 'urn:li:glossaryTerm:shell_term';

describe("DataHub's web app shell over GraphQL, auth off (the local user)", () => {
  let s: GqlServer;
  before(async () => {
    s = await startSampleServer();
    const file = join(tempDir(), 'shell.json');
    writeFileSync(
      file,
      JSON.stringify([
        mcp(CHART, 'chartInfo', { title: 'Shell chart', description: '', lastModified: {} }),
        mcp(PRODUCT, 'dataProductProperties', { name: 'Orders', assets: [{ destinationUrn: S.hiveSample }] }),
        mcp(NODE, 'glossaryNodeInfo', { name: 'Shell node', definition: 'A node' }),
        mcp(TERM, 'glossaryTermInfo', { name: 'Shell term', definition: 'A term', termSource: 'INTERNAL' }),
        mcp('urn:li:glossaryTerm:shell_child_term', 'glossaryTermInfo', {
          definition: 'Under the node',
          termSource: 'INTERNAL',
          parentNode: NODE,
        }),
        mcp('urn:li:glossaryNode:shell_child_node', 'glossaryNodeInfo', {
          definition: 'Under the node',
          parentNode: NODE,
        }),
        mcp(CONTAINER, 'containerProperties', { name: 'shell_db' }),
        mcp(S.hiveSample, 'container', { container: CONTAINER }),
        mcp(S.kafkaSample, 'container', { container: CONTAINER }),
        mcp(TERM, 'globalTags', { tags: [{ tag: 'urn:li:tag:PII' }] }),
        mcp(NODE, 'globalTags', { tags: [{ tag: 'urn:li:tag:Legacy' }] }),
        mcp(NODE, 'institutionalMemory', {
          elements: [
            {
              url: 'https://example.com/finance',
              description: 'Finance wiki',
              createStamp: { time: 1, actor: S.datahub },
            },
          ],
        }),
        mcp(S.jdoe, 'corpUserEditableInfo', {
          persona: 'urn:li:dataHubPersona:technicalUser',
          platforms: ['urn:li:dataPlatform:hive'],
          displayName: 'John',
        }),
        mcp(S.jdoe, 'corpUserSettings', {
          appearance: { showSimplifiedHomepage: false, showThemeV2: true },
          homePage: { dismissedAnnouncements: ['urn:li:post:welcome'] },
          locale: { language: 'fr' },
        }),
      ]),
    );
    await ingestFile(s.store, file);
  });
  after(() => s.close());

  it("appConfig answers every section the app reads: DataHub's defaults, off where the feature is missing here", async () => {
    const c = (await s.ok(APP_CONFIG)).appConfig;
    assert.equal(c.appVersion, VERSION);
    assert.deepEqual(c.policiesConfig, { enabled: false, platformPrivileges: [], resourcePrivileges: [] });
    assert.deepEqual(
      [c.analyticsConfig, c.managedIngestionConfig, c.testsConfig, c.viewsConfig, c.identityManagementConfig],
      [{ enabled: false }, { enabled: false }, { enabled: false }, { enabled: false }, { enabled: false }],
    );
    assert.deepEqual(c.authConfig, { tokenAuthEnabled: false }, 'no token is required with auth off');
    assert.deepEqual(c.lineageConfig, { supportsImpactAnalysis: true });
    assert.deepEqual(c.visualConfig, {
      logoUrl: 'assets/logos/datahublogo.svg',
      faviconUrl: 'assets/icons/favicon.ico',
      showFullTitleInLineage: false,
      queriesTab: { queriesTabResultSize: 5 },
      entityProfiles: { domain: { defaultTab: '' } },
      searchResult: { enableNameHighlight: true },
      theme: { themeId: '' },
      application: { showSidebarSectionWhenEmpty: false, showApplicationInNavigation: false },
    });
    assert.deepEqual(c.searchBarConfig, { apiVariant: 'SEARCH_ACROSS_ENTITIES' });
    assert.deepEqual(c.homePageConfig, { firstInPersonalSidebar: 'YOUR_ASSETS' });
    const flags = c.featureFlags;
    assert.equal(Object.keys(flags).length, 49);
    for (const [name, value] of Object.entries(flags)) assert.equal(typeof value, 'boolean', name);
    // DataHub's defaults for the pages this server serves …
    assert.equal(flags.showHomePageRedesign, true);
    assert.equal(flags.themeV2Default, true);
    assert.equal(flags.showSearchFiltersV2, true);
    // … and off where the feature is missing here (DataHub's default is on for each of these).
    assert.equal(flags.showIntroducePage, false);
    assert.equal(flags.showProductUpdates, false);
    assert.equal(flags.dataContractsEnabled, false);
    assert.equal(flags.logicalModelsEnabled, false);
    assert.equal(flags.metricsEnabled, false);
  });

  it('me: the stored persona, platforms, theme, home page and locale settings; every platform privilege for the local user', async () => {
    const root = (await s.ok(ME)).me;
    assert.equal(root.corpUser.urn, S.datahub);
    for (const p of PLATFORM_PRIVILEGES) assert.equal(root.platformPrivileges[p], true, p);
    assert.equal(root.corpUser.settings.homePage, null, 'never set');
    assert.equal(root.corpUser.settings.locale, null, 'never set');
    assert.equal(root.corpUser.settings.appearance.showThemeV2, null, 'never chosen');

    const jdoe = (await s.ok(ME, undefined, { 'X-DataHub-Actor': S.jdoe })).me;
    assert.deepEqual(jdoe.corpUser.editableProperties, {
      displayName: 'John',
      title: null,
      pictureLink: null,
      teams: null,
      skills: null,
      persona: { urn: 'urn:li:dataHubPersona:technicalUser' },
      platforms: [{ urn: 'urn:li:dataPlatform:hive', name: 'hive' }],
    });
    assert.deepEqual(jdoe.corpUser.settings, {
      appearance: { showSimplifiedHomepage: false, showThemeV2: true },
      views: null,
      // Page templates are not served: the app shows its default home page.
      homePage: { pageTemplate: null, dismissedAnnouncementUrns: ['urn:li:post:welcome'] },
      locale: { language: 'fr' },
    });
    assert.equal(jdoe.platformPrivileges.manageTokens, false, "only the root user manages others' tokens");
    assert.equal(jdoe.platformPrivileges.manageGlossaries, true);
  });

  it("getHomePageSettings: no organization template (page templates are not served), so the app's default", async () => {
    const d = await s.ok(
      `query getHomePageSettings { globalHomePageSettings { defaultTemplate { ${PAGE_TEMPLATE} } } }`,
    );
    assert.deepEqual(d, { globalHomePageSettings: { defaultTemplate: null } });
  });

  it('getLatestProductUpdate: null, as DataHub answers with product updates off', async () => {
    const d = await s.ok(`query getLatestProductUpdate { latestProductUpdate { enabled id title header requiredVersion
      description image primaryCtaText primaryCtaLink secondaryCtaText secondaryCtaLink ctaText ctaLink
      features { title description icon availability } } }`);
    assert.deepEqual(d, { latestProductUpdate: null });
  });

  it('getGrantedPrivileges: the entity page opens (VIEW_ENTITY_PAGE); every privilege, no policy to explain', async () => {
    const input = { actorUrn: S.datahub, resourceSpec: { resourceType: 'DATASET', resourceUrn: S.hiveSample } };
    const root = (await s.ok(GRANTED, { input })).getGrantedPrivileges;
    assert.equal(root.evaluationDetails, null);
    for (const p of ['VIEW_ENTITY_PAGE', 'EDIT_ENTITY_TAGS', 'EDIT_DATASET_COL_DESCRIPTION', 'MANAGE_ACCESS_TOKENS'])
      assert.ok(root.privileges.includes(p), p);
    assert.equal(new Set(root.privileges).size, root.privileges.length, 'each privilege once');
    const platform = (await s.ok(GRANTED, { input: { actorUrn: S.datahub, includeEvaluationDetails: true } }))
      .getGrantedPrivileges;
    assert.deepEqual(platform, root, 'a platform policy applies to every resource');
    const jdoe = (await s.ok(GRANTED, { input: { ...input, actorUrn: S.jdoe } })).getGrantedPrivileges.privileges;
    assert.deepEqual(
      root.privileges.filter((p: string) => !jdoe.includes(p)),
      ['MANAGE_ACCESS_TOKENS'],
    );
  });

  it("privileges on entities: DataHub's per-type answers, every one granted", async () => {
    const d = await s.ok(`{
      dataset(urn: "${S.hiveSample}") { ${ENTITY_PRIVILEGES} }
      chart(urn: "${CHART}") { ${ENTITY_PRIVILEGES} }
      glossaryNode(urn: "${NODE}") { ${ENTITY_PRIVILEGES} }
      glossaryTerm(urn: "${TERM}") { privileges { canManageEntity canManageChildren canEditTags } }
      corpUser(urn: "${S.jdoe}") { privileges { canEditOwners canEditEmbed canManageEntity } }
    }`);
    const yes = (o: Record<string, unknown>) =>
      Object.keys(o)
        .filter((k) => o[k] === true)
        .sort();
    const no = (o: Record<string, unknown>) =>
      Object.keys(o)
        .filter((k) => o[k] === null)
        .sort();
    assert.deepEqual(no(d.dataset.privileges), ['canManageChildren', 'canManageEntity']);
    assert.equal(yes(d.dataset.privileges).length, 22);
    assert.deepEqual(no(d.chart.privileges), [
      'canEditQueries',
      'canEditSchemaFieldDescription',
      'canEditSchemaFieldGlossaryTerms',
      'canEditSchemaFieldTags',
      'canManageChildren',
      'canManageEntity',
      'canViewDatasetOperations',
      'canViewDatasetProfile',
      'canViewDatasetUsage',
    ]);
    assert.equal(d.chart.privileges.canEditEmbed, true);
    assert.equal(d.glossaryNode.privileges.canManageChildren, true);
    assert.equal(d.glossaryNode.privileges.canManageEntity, true);
    assert.equal(d.glossaryNode.privileges.canEditEmbed, null);
    assert.deepEqual(d.glossaryTerm.privileges, { canManageEntity: true, canManageChildren: null, canEditTags: true });
    assert.deepEqual(d.corpUser.privileges, { canEditOwners: true, canEditEmbed: null, canManageEntity: null });
  });

  it("tags on glossary terms and nodes, and a node's links, as search cards select them", async () => {
    const d = await s.ok(
      `query($t: String!, $n: String!) {
        t: entity(urn: $t) { ... on GlossaryTerm { tags { tags { tag { urn } } } } }
        n: entity(urn: $n) { ... on GlossaryNode { tags { tags { tag { urn } } } institutionalMemory { elements { url description } } } }
      }`,
      { t: TERM, n: NODE },
    );
    assert.deepEqual(d.t.tags.tags, [{ tag: { urn: 'urn:li:tag:PII' } }]);
    assert.deepEqual(d.n.tags.tags, [{ tag: { urn: 'urn:li:tag:Legacy' } }]);
    assert.deepEqual(d.n.institutionalMemory.elements, [
      { url: 'https://example.com/finance', description: 'Finance wiki' },
    ]);
  });

  it("a glossary node's childrenCount and a container's entities, as search cards count them", async () => {
    const d = await s.ok(
      `query($n: String!, $c: String!) {
        n: entity(urn: $n) { ... on GlossaryNode { childrenCount { termsCount nodesCount } } }
        c: entity(urn: $c) { ... on Container {
          all: entities(input: { start: 0, count: 0 }) { total }
          page: entities(input: {}) { total searchResults { entity { urn } } }
          kafka: entities(input: { filters: [{ field: "platform", values: ["urn:li:dataPlatform:kafka"] }] }) { total }
        } }
      }`,
      { n: NODE, c: CONTAINER },
    );
    assert.deepEqual(d.n.childrenCount, { termsCount: 1, nodesCount: 1 });
    assert.equal(d.c.all.total, 2);
    assert.deepEqual(
      d.c.page.searchResults.map((r: { entity: { urn: string } }) => r.entity.urn).sort(),
      [S.hiveSample, S.kafkaSample].sort(),
    );
    assert.equal(d.c.kafka.total, 1);
  });

  it('Chart.statsSummary: null, as DataHub answers it (it computes no chart usage)', async () => {
    const d = await s.ok(
      `query($c: String!) { chart(urn: $c) { urn statsSummary { viewCount uniqueUserCountLast30Days topUsersLast30Days { urn } } } }`,
      { c: CHART },
    );
    assert.deepEqual(d.chart, { urn: CHART, statsSummary: null });
  });

  it("createdOn on data products and glossary terms and nodes: their key aspect's created stamp, as DataHub answers it", async () => {
    const d = await s.ok(
      `query($p: String!, $t: String!, $n: String!) {
        p: entity(urn: $p) { ... on DataProduct { properties { createdOn { time actor { urn username } } } } }
        t: entity(urn: $t) { ... on GlossaryTerm { properties { createdOn { time actor { urn username } } } } }
        n: entity(urn: $n) { ... on GlossaryNode { properties { createdOn { time actor { urn username } } } } }
      }`,
      { p: PRODUCT, t: TERM, n: NODE },
    );
    for (const [alias, urn, key] of [
      ['p', PRODUCT, 'dataProductKey'],
      ['t', TERM, 'glossaryTermKey'],
      ['n', NODE, 'glossaryNodeKey'],
    ] as const) {
      const created = s.store.readAspect(urn, key)?.created;
      assert.ok(created && created.time > 0, `${urn} has a key aspect`);
      assert.deepEqual(d[alias].properties.createdOn, {
        time: created.time,
        actor: { urn: created.actor, username: created.actor.replace('urn:li:corpuser:', '') },
      });
    }
  });
});

const MY_VIEW = 'urn:li:dataHubView:shell_mine';
const ORG_VIEW = 'urn:li:dataHubView:shell_org';
const STEP = 'urn:li:dataHubStepState:urn:li:corpuser:datahub-home-tour';

describe("DataHub's web app home page over GraphQL", () => {
  let s: GqlServer;
  before(async () => {
    s = await startSampleServer();
    const file = join(tempDir(), 'home.json');
    writeFileSync(
      file,
      JSON.stringify([
        mcp(DOMAIN, 'domainProperties', { name: 'Marketing' }),
        mcp(S.hiveSample, 'domains', { domains: [DOMAIN] }),
        mcp(S.kafkaSample, 'domains', { domains: [DOMAIN] }),
        mcp(S.hdfsSample, 'domains', { domains: ['urn:li:domain:shell_gone'] }),
        mcp(STEP, 'dataHubStepStateProperties', {
          properties: { state: 'COMPLETE' },
          lastModified: { time: 1700000000000, actor: S.datahub },
        }),
        mcp(MY_VIEW, 'dataHubViewInfo', {
          name: 'Hive or Kafka',
          type: 'PERSONAL',
          created: { time: 1700000000000, actor: S.datahub },
          lastModified: { time: 1700000000000, actor: S.datahub },
          definition: {
            entityTypes: ['dataset', 'chart'],
            filter: {
              or: [
                { and: [{ field: 'platform.keyword', values: ['urn:li:dataPlatform:hive'], condition: 'EQUAL' }] },
                { and: [{ field: 'platform', values: ['urn:li:dataPlatform:kafka'], negated: true }] },
              ],
            },
          },
        }),
        mcp(ORG_VIEW, 'dataHubViewInfo', {
          name: 'Marketing',
          description: 'The marketing domain',
          type: 'GLOBAL',
          created: { time: 1700000001000, actor: 'urn:li:corpuser:shell_admin' },
          lastModified: { time: 1700000001000, actor: 'urn:li:corpuser:shell_admin' },
          definition: { entityTypes: [], filter: { or: [{ and: [{ field: 'domains', values: [DOMAIN] }] }] } },
        }),
        mcp(S.hiveSample, 'browsePaths', { paths: ['/prod/hive/SampleHiveDataset', '/legacy//hive/'] }),
      ]),
    );
    await ingestFile(s.store, file);
  });
  after(() => s.close());

  const RECOMMENDATIONS = `query listRecommendations($input: ListRecommendationsInput!) {
    listRecommendations(input: $input) {
      modules { title moduleId renderType content {
        value
        entity { urn type ... on DataPlatform { name } ... on Domain { properties { name } } }
        params { searchParams { types query filters { field values } } entityProfileParams { urn } contentParams { count } }
      } }
    }
  }`;
  const home = { userUrn: S.datahub, requestContext: { scenario: 'HOME' }, limit: 10 };

  it('listRecommendations: the platforms and the existing domains holding the most assets, each with its count and search', async () => {
    const { modules } = (await s.ok(RECOMMENDATIONS, { input: home })).listRecommendations;
    assert.deepEqual(
      modules.map((m: { moduleId: string; title: string; renderType: string }) => [m.moduleId, m.title, m.renderType]),
      [
        ['Platforms', 'Platforms', 'PLATFORM_SEARCH_LIST'],
        ['Domains', 'Domains', 'DOMAIN_SEARCH_LIST'],
      ],
    );
    const [platforms, domains] = modules;
    // Most assets first: the tutorial entities hold three hive datasets, one of hdfs and one of kafka.
    assert.deepEqual(
      platforms.content.map((c: { value: string; params: { contentParams: { count: number } } }) => [
        c.value,
        c.params.contentParams.count,
      ]),
      [
        ['urn:li:dataPlatform:hive', 3],
        ['urn:li:dataPlatform:hdfs', 1],
        ['urn:li:dataPlatform:kafka', 1],
      ],
    );
    assert.deepEqual(platforms.content[0].entity, {
      urn: 'urn:li:dataPlatform:hive',
      type: 'DATA_PLATFORM',
      name: 'hive',
    });
    assert.deepEqual(platforms.content[0].params.searchParams, {
      types: null,
      query: '',
      filters: [{ field: 'platform', values: ['urn:li:dataPlatform:hive'] }],
    });
    // A domain no entity defines is left out, as DataHub keeps only those that exist.
    assert.deepEqual(domains.content, [
      {
        value: DOMAIN,
        entity: { urn: DOMAIN, type: 'DOMAIN', properties: { name: 'Marketing' } },
        params: {
          searchParams: { types: null, query: '', filters: [{ field: 'domains', values: [DOMAIN] }] },
          entityProfileParams: null,
          contentParams: { count: 2 },
        },
      },
    ]);
  });

  it("getQuickFilters: the top platforms by urn, then the first entity types of DataHub's priority lists that hold assets", async () => {
    const d = await s.ok(
      `query getQuickFilters($input: GetQuickFiltersInput!) {
      getQuickFilters(input: $input) { quickFilters { field value entity { urn type ... on DataPlatform { name } } } }
    }`,
      { input: {} },
    );
    assert.deepEqual(
      d.getQuickFilters.quickFilters.map((f: { field: string; value: string; entity: { urn: string } | null }) => [
        f.field,
        f.value,
        f.entity?.urn ?? null,
      ]),
      [
        ['platform', 'urn:li:dataPlatform:hdfs', 'urn:li:dataPlatform:hdfs'],
        ['platform', 'urn:li:dataPlatform:hive', 'urn:li:dataPlatform:hive'],
        ['platform', 'urn:li:dataPlatform:kafka', 'urn:li:dataPlatform:kafka'],
        ['_entityType', 'DATASET', null],
        ['_entityType', 'DOMAIN', null],
        ['_entityType', 'CORP_GROUP', null],
      ],
    );
  });

  it("listPosts: posts are not kept here, so an empty page in DataHub's shape", async () => {
    const d = await s.ok(
      `query listPosts($input: ListPostsInput!) {
      listPosts(input: $input) {
        start count total
        posts { urn type postType lastModified { time } content { contentType title description link media { type location } } }
      }
    }`,
      { input: { start: 5, count: 10, orFilters: [{ and: [{ field: 'type', values: ['HOME_PAGE_ANNOUNCEMENT'] }] }] } },
    );
    assert.deepEqual(d.listPosts, { start: 5, count: 0, total: 0, posts: [] });
  });

  it('batchGetStepStates: the stored step states among the ids asked; an id with none stored is left out', async () => {
    const d = await s.ok(
      `query batchGetStepStates($input: BatchGetStepStatesInput!) {
      batchGetStepStates(input: $input) { results { id properties { key value } } }
    }`,
      { input: { ids: ['urn:li:corpuser:datahub-never-seen', 'urn:li:corpuser:datahub-home-tour'] } },
    );
    assert.deepEqual(d.batchGetStepStates.results, [
      { id: 'urn:li:corpuser:datahub-home-tour', properties: [{ key: 'state', value: 'COMPLETE' }] },
    ]);
  });

  it('getBrowsePaths: the stored v1 browse paths, each split into its parts; none when not stored', async () => {
    const BROWSE_PATHS = `query getBrowsePaths($input: BrowsePathsInput!) { browsePaths(input: $input) { path } }`;
    const paths = async (urn: string) => (await s.ok(BROWSE_PATHS, { input: { type: 'DATASET', urn } })).browsePaths;
    assert.deepEqual(await paths(S.hiveSample), [
      { path: ['prod', 'hive', 'SampleHiveDataset'] },
      { path: ['legacy', 'hive'] },
    ]);
    assert.deepEqual(await paths(S.kafkaSample), []);
    const [message] = await s.fails(BROWSE_PATHS, { input: { type: 'DATASET', urn: 'urn:li:dataset:nope' } });
    assert.match(message, /urn:li:dataset:nope/);
  });

  it("listRoles as the app selects it: each role's members, and its policies (none, as no policy engine runs here)", async () => {
    const d = await s.ok(
      `query listRoles($input: ListRolesInput!) {
      listRoles(input: $input) {
        total
        roles {
          urn name
          users: relationships(input: { types: ["IsMemberOfRole"], direction: INCOMING, start: 0, count: 20 }) {
            total relationships { entity { urn type } }
          }
          policies: relationships(
            input: { types: ["IsAssociatedWithRole"], direction: INCOMING, start: 0, count: 10, relatedEntityTypes: ["dataHubPolicy"] }
          ) {
            start count total
            relationships { entity { ... on DataHubPolicy { urn type name relationships(input: { types: ["IsAssociatedWithRole"], direction: OUTGOING }) { total } } } }
          }
        }
      }
    }`,
      { input: { start: 0, count: 10 } },
    );
    assert.equal(d.listRoles.total, 3);
    for (const role of d.listRoles.roles)
      assert.deepEqual(role.policies, { start: 0, count: 0, total: 0, relationships: [] }, role.name);
  });

  it('relationships(relatedEntityTypes): only the edges whose other end is of the types given', async () => {
    const edges = async (related: string[] | null) =>
      (
        await s.ok(
          `query($urn: String!, $related: [String!]) { entity(urn: $urn) { relationships(input: { types: [], direction: OUTGOING, relatedEntityTypes: $related }) {
            total relationships { type entity { urn } } } } }`,
          { urn: S.hiveSample, related },
        )
      ).entity.relationships.relationships.map(
        (r: { type: string; entity: { urn: string } }) => `${r.type} ${r.entity.urn}`,
      );
    const all: string[] = await edges(null);
    const users: string[] = await edges(['corpuser']);
    assert.ok(users.length > 0 && users.length < all.length, `${users} of ${all}`);
    assert.deepEqual(
      users,
      all.filter((e) => e.includes(' urn:li:corpuser:')),
    );
    assert.deepEqual(await edges([]), all);
  });

  it("listMyViews / listGlobalViews: the caller's views and the organization's, with their definitions as DataHub maps them", async () => {
    const VIEW = `fragment view on DataHubView {
      urn type viewType name description
      definition { entityTypes filter { operator filters { field condition values negated } } }
    }
    fragment listViewResults on ListViewsResult { start count total views { ...view } }`;
    const mine = await s.ok(
      `query listMyViews($viewType: DataHubViewType, $start: Int!, $count: Int!, $query: String) {
        listMyViews(input: { viewType: $viewType, start: $start, count: $count, query: $query }) { ...listViewResults }
      } ${VIEW}`,
      { start: 0, count: 10 },
    );
    assert.deepEqual(mine.listMyViews, {
      start: 0,
      count: 1,
      total: 1,
      views: [
        {
          urn: MY_VIEW,
          type: 'DATAHUB_VIEW',
          viewType: 'PERSONAL',
          name: 'Hive or Kafka',
          description: null,
          definition: {
            entityTypes: ['DATASET', 'CHART'],
            filter: {
              operator: 'OR',
              filters: [
                { field: 'platform', condition: 'EQUAL', values: ['urn:li:dataPlatform:hive'], negated: false },
                { field: 'platform', condition: 'EQUAL', values: ['urn:li:dataPlatform:kafka'], negated: true },
              ],
            },
          },
        },
      ],
    });
    const global = async (query: string | null) =>
      (
        await s.ok(
          `query listGlobalViews($start: Int!, $count: Int!, $query: String) {
            listGlobalViews(input: { start: $start, count: $count, query: $query }) { ...listViewResults }
          } ${VIEW}`,
          { start: 0, count: 10, query },
        )
      ).listGlobalViews;
    const org = await global(null);
    assert.equal(org.total, 1);
    assert.deepEqual(org.views[0].definition, {
      entityTypes: [],
      filter: {
        operator: 'AND',
        filters: [{ field: 'domains', condition: 'EQUAL', values: [DOMAIN], negated: false }],
      },
    });
    assert.equal((await global('marketing')).total, 1);
    assert.equal((await global('finance')).total, 0);
  });

  it('listRecommendations: no module off the home page, without a scenario, or past the limit', async () => {
    const modules = async (input: Record<string, unknown>) =>
      (await s.ok(RECOMMENDATIONS, { input })).listRecommendations.modules.map((m: { moduleId: string }) => m.moduleId);
    assert.deepEqual(await modules({ ...home, requestContext: { scenario: 'SEARCH_RESULTS' } }), []);
    assert.deepEqual(await modules({ userUrn: S.datahub }), []);
    assert.deepEqual(await modules({ ...home, limit: 1 }), ['Platforms']);
  });
});

describe("DataHub's web app shell over GraphQL, auth on (the token's user)", () => {
  let store: Store;
  let server: RunningServer;
  let userToken: string;
  let rootToken: string;
  const gql = async (token: string, query: string, variables: Record<string, unknown> = {}) => {
    const res = await fetch(`${server.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    });
    const body = await res.json();
    assert.equal(body.errors, undefined, JSON.stringify(body.errors));
    return body.data;
  };

  before(async () => {
    store = openCatalog(tempDataPath());
    await ingestFile(store, undefined);
    const actor = { store, actor: S.datahub };
    ({ token: userToken } = await createToken(actor, { userUrn: S.jdoe, expiresInMs: null }));
    ({ token: rootToken } = await createToken(actor, { userUrn: S.datahub, expiresInMs: null }));
    server = await startServer({ store, port: 0, auth: true });
  });
  after(async () => {
    await server.close();
    await store.close();
  });

  it('appConfig says a token is required', async () => {
    const d = await gql(userToken, '{ appConfig { authConfig { tokenAuthEnabled } } }');
    assert.deepEqual(d.appConfig.authConfig, { tokenAuthEnabled: true });
  });

  it("me and getGrantedPrivileges answer for the token's user: only the root user manages others' tokens", async () => {
    const user = (await gql(userToken, ME)).me;
    assert.equal(user.corpUser.urn, S.jdoe);
    assert.equal(user.platformPrivileges.manageTokens, false);
    assert.equal(user.platformPrivileges.generatePersonalAccessTokens, true);
    const root = (await gql(rootToken, ME)).me;
    assert.equal(root.corpUser.urn, S.datahub);
    assert.equal(root.platformPrivileges.manageTokens, true);
    const input = { actorUrn: S.jdoe, resourceSpec: { resourceType: 'DATASET', resourceUrn: S.hiveSample } };
    const granted = (await gql(userToken, GRANTED, { input })).getGrantedPrivileges.privileges;
    assert.ok(granted.includes('VIEW_ENTITY_PAGE'));
    assert.ok(!granted.includes('MANAGE_ACCESS_TOKENS'));
  });
});

const USED = 'urn:li:dashboard:(looker,shell_used)';
const UNUSED = 'urn:li:dashboard:(looker,shell_unused)';
const EXPECTING = 'urn:li:assertion:shell_expected_schema';
const HALF_SCHEMA = 'urn:li:assertion:shell_half_schema';
const DAY = 86_400_000;

describe("DataHub's search cards over GraphQL: a dashboard's usage, a schema assertion's expected schema", () => {
  let s: GqlServer;
  before(async () => {
    s = await startSampleServer();
    const now = Date.now();
    const windowed = (daysAgo: number, userCounts: unknown[]) =>
      mcp(USED, 'dashboardUsageStatistics', {
        timestampMillis: now - daysAgo * DAY,
        eventGranularity: { unit: 'DAY', multiple: 1 },
        userCounts,
      });
    const file = join(tempDir(), 'cards.json');
    writeFileSync(
      file,
      JSON.stringify([
        mcp(USED, 'dashboardInfo', {
          title: 'Used',
          description: '',
          lastModified: { created: { time: 0, actor: S.datahub }, lastModified: { time: 0, actor: S.datahub } },
        }),
        mcp(UNUSED, 'dashboardInfo', {
          title: 'Unused',
          description: '',
          lastModified: { created: { time: 0, actor: S.datahub }, lastModified: { time: 0, actor: S.datahub } },
        }),
        // Two snapshots (no eventGranularity): the newest one's viewsCount is the total.
        mcp(USED, 'dashboardUsageStatistics', { timestampMillis: now - 3 * DAY, viewsCount: 7 }),
        mcp(USED, 'dashboardUsageStatistics', { timestampMillis: now - 2 * DAY, viewsCount: 9 }),
        // Days of use: two in the last month, one before it (its user is not counted).
        windowed(1, [
          { user: S.jdoe, usageCount: 3 },
          { user: S.datahub, usageCount: 1 },
        ]),
        windowed(5, [{ user: S.datahub, usageCount: 4 }]),
        windowed(40, [{ user: 'urn:li:corpuser:shell_old', usageCount: 100 }]),
        mcp(EXPECTING, 'assertionInfo', {
          type: 'DATA_SCHEMA',
          schemaAssertion: {
            entity: S.hiveSample,
            compatibility: 'SUPERSET',
            schema: {
              schemaName: 'SampleHiveDataset',
              platform: 'urn:li:dataPlatform:hive',
              version: 0,
              hash: '',
              platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } },
              fields: [
                {
                  fieldPath: 'field_foo',
                  nativeDataType: 'string',
                  type: { type: { 'com.linkedin.schema.StringType': {} } },
                },
              ],
            },
          },
        }),
      ]),
    );
    await ingestFile(s.store, file);
    // Only columns: DataHub refuses such a schema on write, as the checks here do; a file written
    // before them may hold one, which reads as no schema to show.
    await putAsStored(s.store, [
      {
        urn: HALF_SCHEMA,
        aspectName: 'assertionInfo',
        value: {
          type: 'DATA_SCHEMA',
          schemaAssertion: {
            entity: S.hiveSample,
            compatibility: 'EXACT_MATCH',
            schema: {
              fields: [
                {
                  fieldPath: 'field_foo',
                  nativeDataType: 'string',
                  type: { type: { 'com.linkedin.schema.StringType': {} } },
                },
              ],
            },
          },
        },
      },
    ]);
  });
  after(() => s.close());

  it("Dashboard.statsSummary: the newest snapshot's views, the last month's users, most used first", async () => {
    const d = await s.ok(
      `query($u: String!, $n: String!) {
        u: dashboard(urn: $u) { statsSummary { viewCount viewCountLast30Days uniqueUserCountLast30Days topUsersLast30Days { urn } } }
        n: dashboard(urn: $n) { statsSummary { viewCount viewCountLast30Days uniqueUserCountLast30Days topUsersLast30Days { urn } } }
      }`,
      { u: USED, n: UNUSED },
    );
    assert.deepEqual(d.u.statsSummary, {
      viewCount: 9,
      viewCountLast30Days: null,
      uniqueUserCountLast30Days: 2,
      topUsersLast30Days: [{ urn: S.datahub }, { urn: S.jdoe }],
    });
    // No usage reported: a summary with no values, as DataHub answers.
    assert.deepEqual(d.n.statsSummary, {
      viewCount: null,
      viewCountLast30Days: null,
      uniqueUserCountLast30Days: null,
      topUsersLast30Days: null,
    });
  });

  it("SchemaAssertionInfo.schema: the assertion's expected schema, null when it is not a whole one", async () => {
    const SCHEMA = `info { schemaAssertion { entityUrn fields { path type } schema { name platformUrn version datasetUrn aspectVersion fields { fieldPath type nativeDataType } } } }`;
    const d = await s.ok(
      `query($e: String!, $h: String!) {
        e: assertion(urn: $e) { ${SCHEMA} }
        h: assertion(urn: $h) { ${SCHEMA} }
      }`,
      { e: EXPECTING, h: HALF_SCHEMA },
    );
    assert.deepEqual(d.e.info.schemaAssertion.schema, {
      name: 'SampleHiveDataset',
      platformUrn: 'urn:li:dataPlatform:hive',
      version: 0,
      datasetUrn: null,
      aspectVersion: 0,
      fields: [{ fieldPath: 'field_foo', type: 'STRING', nativeDataType: 'string' }],
    });
    assert.equal(d.h.info.schemaAssertion.schema, null);
    assert.deepEqual(d.h.info.schemaAssertion.fields, [{ path: 'field_foo', type: 'STRING' }]);
  });
});
