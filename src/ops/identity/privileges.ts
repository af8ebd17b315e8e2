/**
 * What a caller may do, in the shapes DataHub's clients ask for it: the platform privileges of `me`,
 * the privileges on one entity (`privileges` on an entity, EntityPrivilegesResolver) and the named
 * privileges granted to an actor (`getGrantedPrivileges`, the policy engine's answer).
 *
 * Catalog has no policy engine (a role is recorded but grants nothing, src/ops/identity/roles.ts):
 * without auth the local user may do everything, and with auth so may every token's user, but for
 * one thing the server enforces: only the root user manages other users' access tokens
 * (src/ops/identity/tokens.ts). So every privilege is granted, except MANAGE_ACCESS_TOKENS to
 * anyone but the root user. DataHub answers the same for a user its default policies let do
 * everything: the union of every applicable policy's privileges, platform and resource alike.
 */
import { SYSTEM_ACTOR } from '../core/context.ts';
import { urnTypeOf } from '../core/resources.ts';

/** DataHub's platform privileges (its PoliciesConfig.PLATFORM_PRIVILEGES), by name. */
const PLATFORM_PRIVILEGES: readonly string[] = [
  'MANAGE_POLICIES',
  'MANAGE_USERS_AND_GROUPS',
  'CREATE_USERS_AND_GROUPS',
  'UPDATE_USERS_AND_GROUPS',
  'CREATE_USERS',
  'UPDATE_USERS',
  'CREATE_GROUPS',
  'UPDATE_GROUPS',
  'VIEW_ANALYTICS',
  'GET_ANALYTICS_PRIVILEGE',
  'MANAGE_DOMAINS',
  'MANAGE_GLOBAL_ANNOUNCEMENTS',
  'MANAGE_INGESTION',
  'MANAGE_SECRETS',
  'GENERATE_PERSONAL_ACCESS_TOKENS',
  'MANAGE_ACCESS_TOKENS',
  'MANAGE_SERVICE_ACCOUNTS',
  'VIEW_TESTS',
  'MANAGE_TESTS',
  'MANAGE_GLOSSARIES',
  'MANAGE_USER_CREDENTIALS',
  'MANAGE_TAGS',
  'VIEW_MANAGE_TAGS',
  'CREATE_TAGS',
  'CREATE_DOMAINS',
  'CREATE_LOGICAL_MODELS',
  'CREATE_GLOBAL_ANNOUNCEMENTS',
  'MANAGE_GLOBAL_VIEWS',
  'MANAGE_GLOBAL_OWNERSHIP_TYPES',
  'MANAGE_GLOBAL_SETTINGS',
  'CREATE_BUSINESS_ATTRIBUTE',
  'MANAGE_BUSINESS_ATTRIBUTE',
  'MANAGE_CONNECTIONS',
  'MANAGE_STRUCTURED_PROPERTIES',
  'MANAGE_DOCUMENTS',
  'VIEW_STRUCTURED_PROPERTIES_PAGE',
  'MANAGE_DOCUMENTATION_FORMS',
  'MANAGE_FEATURES',
  'MANAGE_SYSTEM_OPERATIONS',
  'GET_PLATFORM_EVENTS',
  'GET_METADATA_CHANGE_LOG_EVENTS',
  'MANAGE_HOME_PAGE_TEMPLATES',
  'GET_TOPIC_EVENTS',
];

/** Every privilege DataHub defines on a resource (the union of its ENTITY_RESOURCE_PRIVILEGES), by name. */
const RESOURCE_PRIVILEGES: readonly string[] = [
  'VIEW_ENTITY_PAGE',
  'EDIT_ENTITY_TAGS',
  'EDIT_ENTITY_GLOSSARY_TERMS',
  'EDIT_ENTITY_OWNERS',
  'EDIT_ENTITY_DOCS',
  'EDIT_ENTITY_DOC_LINKS',
  'EDIT_ENTITY_STATUS',
  'EDIT_DOMAINS_PRIVILEGE',
  'EDIT_ENTITY_APPLICATIONS_PRIVILEGE',
  'EDIT_ENTITY_DATA_PRODUCTS',
  'EDIT_DEPRECATION_PRIVILEGE',
  'EDIT_ENTITY',
  'DELETE_ENTITY',
  'EDIT_ENTITY_PROPERTIES',
  'EDIT_ENTITY_INCIDENTS',
  'CREATE_ENTITY',
  'EXISTS_ENTITY',
  'MANAGE_ASSET_SUMMARY',
  'VIEW_DATASET_USAGE',
  'VIEW_DATASET_PROFILE',
  'VIEW_DATASET_OPERATIONS',
  'EDIT_DATASET_COL_DESCRIPTION',
  'EDIT_DATASET_COL_TAGS',
  'EDIT_DATASET_COL_GLOSSARY_TERMS',
  'EDIT_ENTITY_ASSERTIONS',
  'EDIT_LINEAGE',
  'EDIT_ENTITY_EMBED',
  'EDIT_ENTITY_QUERIES',
  'DATA_READ_ONLY',
  'DATA_READ_WRITE',
  'EDIT_DATASET_COL_BUSINESS_ATTRIBUTE_PRIVILEGE',
  'EDIT_TAG_COLOR',
  'DATA_MANAGE_NAMESPACES',
  'DATA_MANAGE_TABLES',
  'DATA_MANAGE_VIEWS',
  'DATA_LIST_ENTITIES',
  'MANAGE_DATA_PRODUCTS',
  'MANAGE_GLOSSARY_CHILDREN',
  'MANAGE_ALL_GLOSSARY_CHILDREN',
  'MANAGE_DOCUMENTS',
  'EDIT_GROUP_MEMBERS',
  'EDIT_CONTACT_INFO',
  'EDIT_USER_PROFILE',
  'EXECUTE_ENTITY',
];

const MANAGE_ACCESS_TOKENS = 'MANAGE_ACCESS_TOKENS';

/** Whether `actor` manages every user's access tokens (the root user only). */
function managesTokens(actor: string): boolean {
  return actor === SYSTEM_ACTOR;
}

/**
 * getGrantedPrivileges: the names of the privileges `actorUrn` holds — the platform's and every
 * resource privilege, as a user who may do everything holds them in DataHub, whether or not a
 * resource is named (a platform policy applies to every resource). No policy ever denies, so there
 * are never evaluation details.
 */
export function grantedPrivileges(actorUrn: string): { privileges: string[]; evaluationDetails: null } {
  const names = [...new Set([...PLATFORM_PRIVILEGES, ...RESOURCE_PRIVILEGES])];
  return {
    privileges: managesTokens(actorUrn) ? names : names.filter((n) => n !== MANAGE_ACCESS_TOKENS),
    evaluationDetails: null,
  };
}

/** The platform privileges of `me`, by the names of DataHub's PlatformPrivileges. */
export function platformPrivilegesOf(actor: string) {
  return {
    viewAnalytics: true,
    managePolicies: true,
    viewMetadataProposals: true,
    manageIdentities: true,
    generatePersonalAccessTokens: true,
    createDomains: true,
    manageDomains: true,
    manageIngestion: true,
    manageSecrets: true,
    manageTokens: managesTokens(actor),
    viewTests: true,
    manageTests: true,
    manageGlossaries: true,
    manageUserCredentials: true,
    manageGlobalSettings: true,
    createTags: true,
    manageTags: true,
    viewManageTags: true,
    manageGlobalViews: true,
    manageOwnershipTypes: true,
    manageGlobalAnnouncements: true,
    createLogicalModels: true,
    createBusinessAttributes: true,
    manageBusinessAttributes: true,
    manageStructuredProperties: true,
    viewStructuredPropertiesPage: true,
    manageApplications: true,
    manageFeatures: true,
    manageHomePageTemplates: true,
    manageDocuments: true,
    manageServiceAccounts: true,
  };
}

export interface EntityPrivileges {
  canManageChildren: boolean | null;
  canManageEntity: boolean | null;
  canEditLineage: boolean;
  canEditEmbed: boolean | null;
  canEditQueries: boolean | null;
  canEditProperties: boolean;
  canEditTags: boolean;
  canEditGlossaryTerms: boolean;
  canEditDescription: boolean;
  canEditLinks: boolean;
  canEditDomains: boolean;
  canEditDataProducts: boolean;
  canEditOwners: boolean;
  canEditIncidents: boolean;
  canEditAssertions: boolean;
  canEditAssertionOwners: boolean;
  canEditDeprecation: boolean;
  canEditSchemaFieldTags: boolean | null;
  canEditSchemaFieldGlossaryTerms: boolean | null;
  canEditSchemaFieldDescription: boolean | null;
  canViewDatasetUsage: boolean | null;
  canViewDatasetProfile: boolean | null;
  canViewDatasetOperations: boolean | null;
  canManageAssetSummary: boolean;
}

/**
 * `privileges` on the entity `urn` for a caller who may do everything: the privileges DataHub
 * answers for every type are true, and those it answers only for some types (embeds on datasets,
 * charts and dashboards; schema fields, queries and usage on datasets; managing a glossary entry, a
 * business attribute or a document; a glossary node's children) are true on those types and null on
 * the others, as DataHub leaves them.
 */
export function entityPrivilegesOf(urn: string): EntityPrivileges {
  const type = urnTypeOf(urn);
  const dataset = type === 'dataset' ? true : null;
  const embeds = type === 'dataset' || type === 'chart' || type === 'dashboard' ? true : null;
  const manages = ['glossaryTerm', 'glossaryNode', 'businessAttribute', 'document'].includes(type) ? true : null;
  return {
    canManageChildren: type === 'glossaryNode' ? true : null,
    canManageEntity: manages,
    canEditLineage: true,
    canEditEmbed: embeds,
    canEditQueries: dataset,
    canEditProperties: true,
    canEditTags: true,
    canEditGlossaryTerms: true,
    canEditDescription: true,
    canEditLinks: true,
    canEditDomains: true,
    canEditDataProducts: true,
    canEditOwners: true,
    canEditIncidents: true,
    canEditAssertions: true,
    canEditAssertionOwners: true,
    canEditDeprecation: true,
    canEditSchemaFieldTags: dataset,
    canEditSchemaFieldGlossaryTerms: dataset,
    canEditSchemaFieldDescription: dataset,
    canViewDatasetUsage: dataset,
    canViewDatasetProfile: dataset,
    canViewDatasetOperations: dataset,
    canManageAssetSummary: true,
  };
}
