/**
 * What the search index holds of each aspect: DataHub's `@Searchable` fields (datahub-discovery.md
 * §2.4-§2.5), as index field name, the path to the value inside the aspect, its kind and its weight
 * in the ranking. A field that several aspects fill (`name`, `description`, `platform` …) collects
 * the values of all of them.
 *
 * Kinds:
 * - `text`: matched word by word by the query (weight > 0) and by filters on its whole value;
 * - `keyword`: matched by filters and facets only (values such as `PROD`, `Table`);
 * - `urn`: a keyword whose value is an urn; its id words are also matched by the query at a low
 *   weight (a search for `pii` finds entities tagged `urn:li:tag:pii`, as DataHub's urn analyzer does);
 * - `bool`: `true`/`false`;
 * - `kv`: a map indexed as `key=value` entries (custom properties).
 */

export type FieldKind = 'text' | 'keyword' | 'urn' | 'bool' | 'kv';

export interface SearchField {
  aspect: string;
  /** Dot path inside the aspect value; `[]` after a part walks every element of an array. */
  path: string;
  field: string;
  kind: FieldKind;
  /** Weight of a word of this field in the ranking; 0 = not matched by the query text. */
  weight: number;
  /** Turns the stored value into the indexed one (e.g. a tool name into a platform urn). */
  map?: (value: string) => string;
}

const platformUrn = (name: string) => (name.startsWith('urn:li:') ? name : `urn:li:dataPlatform:${name}`);

/** Ranking weights: names first, then ids and paths, then prose. */
const NAME = 10;
const ID = 8;
const PATH = 4;
const PROSE = 1;
const LABEL = 1;

type Row = [aspect: string, path: string, field: string, kind: FieldKind, weight?: number, map?: (v: string) => string];

/** Fields every entity type shares (common aspects). */
const COMMON: Row[] = [
  ['globalTags', 'tags[].tag', 'tags', 'urn', LABEL],
  ['glossaryTerms', 'terms[].urn', 'glossaryTerms', 'urn', LABEL],
  ['ownership', 'owners[].owner', 'owners', 'urn', LABEL],
  ['domains', 'domains[]', 'domains', 'urn'],
  ['container', 'container', 'container', 'urn'],
  ['subTypes', 'typeNames[]', 'typeNames', 'keyword'],
  ['status', 'removed', 'removed', 'bool'],
  ['deprecation', 'deprecated', 'deprecated', 'bool'],
  ['dataPlatformInstance', 'platform', 'platform', 'urn'],
  ['dataPlatformInstance', 'instance', 'platformInstance', 'urn'],
  ['structuredProperties', 'properties[].propertyUrn', 'structuredProperties', 'urn'],
];

/** Fields of the entity types' own aspects. */
const OWN: Row[] = [
  // datasets
  ['datasetKey', 'platform', 'platform', 'urn'],
  ['datasetKey', 'name', 'id', 'text', ID],
  ['datasetKey', 'origin', 'origin', 'keyword'],
  ['datasetProperties', 'name', 'name', 'text', NAME],
  ['datasetProperties', 'qualifiedName', 'qualifiedName', 'text', ID],
  ['datasetProperties', 'description', 'description', 'text', PROSE],
  ['datasetProperties', 'customProperties', 'customProperties', 'kv'],
  ['editableDatasetProperties', 'name', 'editedName', 'text', NAME],
  ['editableDatasetProperties', 'description', 'editedDescription', 'text', PROSE],
  ['schemaMetadata', 'fields[].fieldPath', 'fieldPaths', 'text', PATH],
  ['schemaMetadata', 'fields[].description', 'fieldDescriptions', 'text', PROSE],
  ['schemaMetadata', 'fields[].label', 'fieldLabels', 'text', PROSE],
  ['schemaMetadata', 'fields[].globalTags.tags[].tag', 'fieldTags', 'urn', LABEL],
  ['schemaMetadata', 'fields[].glossaryTerms.terms[].urn', 'fieldGlossaryTerms', 'urn', LABEL],
  ['editableSchemaMetadata', 'editableSchemaFieldInfo[].description', 'editedFieldDescriptions', 'text', PROSE],
  ['editableSchemaMetadata', 'editableSchemaFieldInfo[].globalTags.tags[].tag', 'editedFieldTags', 'urn', LABEL],
  ['editableSchemaMetadata', 'editableSchemaFieldInfo[].glossaryTerms.terms[].urn', 'editedFieldGlossaryTerms', 'urn', LABEL],
  ['upstreamLineage', 'upstreams[].dataset', 'upstreams', 'urn'],
  // charts, dashboards
  ['chartKey', 'dashboardTool', 'platform', 'urn', 0, platformUrn],
  ['chartKey', 'chartId', 'id', 'text', ID],
  ['chartInfo', 'title', 'name', 'text', NAME],
  ['chartInfo', 'description', 'description', 'text', PROSE],
  ['chartInfo', 'customProperties', 'customProperties', 'kv'],
  ['chartInfo', 'type', 'type', 'keyword'],
  ['chartInfo', 'access', 'access', 'keyword'],
  ['editableChartProperties', 'description', 'editedDescription', 'text', PROSE],
  ['dashboardKey', 'dashboardTool', 'platform', 'urn', 0, platformUrn],
  ['dashboardKey', 'dashboardId', 'id', 'text', ID],
  ['dashboardInfo', 'title', 'name', 'text', NAME],
  ['dashboardInfo', 'description', 'description', 'text', PROSE],
  ['dashboardInfo', 'customProperties', 'customProperties', 'kv'],
  ['editableDashboardProperties', 'description', 'editedDescription', 'text', PROSE],
  // pipelines
  ['dataFlowKey', 'orchestrator', 'platform', 'urn', 0, platformUrn],
  ['dataFlowKey', 'flowId', 'id', 'text', ID],
  ['dataFlowKey', 'cluster', 'env', 'keyword'],
  ['dataFlowInfo', 'name', 'name', 'text', NAME],
  ['dataFlowInfo', 'description', 'description', 'text', PROSE],
  ['dataFlowInfo', 'project', 'project', 'text', PROSE],
  ['dataFlowInfo', 'customProperties', 'customProperties', 'kv'],
  ['editableDataFlowProperties', 'description', 'editedDescription', 'text', PROSE],
  ['dataJobKey', 'flow', 'dataFlow', 'urn'],
  ['dataJobKey', 'jobId', 'id', 'text', ID],
  ['dataJobInfo', 'name', 'name', 'text', NAME],
  ['dataJobInfo', 'description', 'description', 'text', PROSE],
  ['dataJobInfo', 'customProperties', 'customProperties', 'kv'],
  ['editableDataJobProperties', 'description', 'editedDescription', 'text', PROSE],
  ['dataJobInputOutput', 'inputDatasets[]', 'inputs', 'urn'],
  ['dataJobInputOutput', 'outputDatasets[]', 'outputs', 'urn'],
  // people
  ['corpUserKey', 'username', 'ldap', 'text', ID],
  ['corpUserInfo', 'displayName', 'displayName', 'text', NAME],
  ['corpUserInfo', 'fullName', 'fullName', 'text', NAME],
  ['corpUserInfo', 'email', 'email', 'text', ID],
  ['corpUserInfo', 'title', 'title', 'text', PROSE],
  ['corpUserInfo', 'active', 'active', 'bool'],
  ['corpUserEditableInfo', 'displayName', 'editedDisplayName', 'text', NAME],
  ['corpUserEditableInfo', 'title', 'editedTitle', 'text', PROSE],
  ['corpUserEditableInfo', 'aboutMe', 'aboutMe', 'text', PROSE],
  ['corpUserEditableInfo', 'skills[]', 'skills', 'text', PROSE],
  ['corpUserEditableInfo', 'teams[]', 'teams', 'text', PROSE],
  ['corpGroupKey', 'name', 'id', 'text', ID],
  ['corpGroupInfo', 'displayName', 'displayName', 'text', NAME],
  ['corpGroupInfo', 'description', 'description', 'text', PROSE],
  ['corpGroupEditableInfo', 'description', 'editedDescription', 'text', PROSE],
  ['groupMembership', 'groups[]', 'groups', 'urn'],
  // tags, glossary, domains, products, containers
  ['tagKey', 'name', 'id', 'text', ID],
  ['tagProperties', 'name', 'name', 'text', NAME],
  ['tagProperties', 'description', 'description', 'text', PROSE],
  ['glossaryTermKey', 'name', 'id', 'text', ID],
  ['glossaryTermInfo', 'name', 'name', 'text', NAME],
  ['glossaryTermInfo', 'definition', 'definition', 'text', PROSE],
  ['glossaryTermInfo', 'parentNode', 'parentNode', 'urn'],
  ['glossaryTermInfo', 'termSource', 'termSource', 'keyword'],
  ['glossaryNodeKey', 'name', 'id', 'text', ID],
  ['glossaryNodeInfo', 'name', 'name', 'text', NAME],
  ['glossaryNodeInfo', 'definition', 'definition', 'text', PROSE],
  ['glossaryNodeInfo', 'parentNode', 'parentNode', 'urn'],
  ['domainKey', 'id', 'id', 'text', ID],
  ['domainProperties', 'name', 'name', 'text', NAME],
  ['domainProperties', 'description', 'description', 'text', PROSE],
  ['domainProperties', 'parentDomain', 'parentDomain', 'urn'],
  ['dataProductKey', 'id', 'id', 'text', ID],
  ['dataProductProperties', 'name', 'name', 'text', NAME],
  ['dataProductProperties', 'description', 'description', 'text', PROSE],
  ['dataProductProperties', 'customProperties', 'customProperties', 'kv'],
  ['containerProperties', 'name', 'name', 'text', NAME],
  ['containerProperties', 'qualifiedName', 'qualifiedName', 'text', ID],
  ['containerProperties', 'description', 'description', 'text', PROSE],
  ['containerProperties', 'customProperties', 'customProperties', 'kv'],
  ['containerProperties', 'env', 'env', 'keyword'],
  ['editableContainerProperties', 'description', 'editedDescription', 'text', PROSE],
  // platforms, ML, notebooks, documents, queries, properties
  ['dataPlatformKey', 'platformName', 'id', 'text', ID],
  ['dataPlatformInfo', 'displayName', 'name', 'text', NAME],
  ['dataPlatformInstanceKey', 'platform', 'platform', 'urn'],
  ['dataPlatformInstanceKey', 'instance', 'id', 'text', ID],
  ['mlModelKey', 'platform', 'platform', 'urn'],
  ['mlModelKey', 'name', 'id', 'text', ID],
  ['mlModelKey', 'origin', 'origin', 'keyword'],
  ['mlModelProperties', 'name', 'name', 'text', NAME],
  ['mlModelProperties', 'description', 'description', 'text', PROSE],
  ['mlModelProperties', 'customProperties', 'customProperties', 'kv'],
  ['mlModelGroupKey', 'platform', 'platform', 'urn'],
  ['mlModelGroupKey', 'name', 'id', 'text', ID],
  ['mlModelGroupKey', 'origin', 'origin', 'keyword'],
  ['mlModelGroupProperties', 'name', 'name', 'text', NAME],
  ['mlModelGroupProperties', 'description', 'description', 'text', PROSE],
  ['mlFeatureKey', 'featureNamespace', 'featureNamespace', 'text', PROSE],
  ['mlFeatureKey', 'name', 'id', 'text', ID],
  ['mlFeatureProperties', 'description', 'description', 'text', PROSE],
  ['mlPrimaryKeyKey', 'featureNamespace', 'featureNamespace', 'text', PROSE],
  ['mlPrimaryKeyKey', 'name', 'id', 'text', ID],
  ['mlPrimaryKeyProperties', 'description', 'description', 'text', PROSE],
  ['mlFeatureTableKey', 'platform', 'platform', 'urn'],
  ['mlFeatureTableKey', 'name', 'id', 'text', ID],
  ['mlFeatureTableProperties', 'name', 'name', 'text', NAME],
  ['mlFeatureTableProperties', 'description', 'description', 'text', PROSE],
  ['notebookKey', 'notebookTool', 'platform', 'urn', 0, platformUrn],
  ['notebookKey', 'notebookId', 'id', 'text', ID],
  ['notebookInfo', 'title', 'name', 'text', NAME],
  ['notebookInfo', 'description', 'description', 'text', PROSE],
  ['documentInfo', 'title', 'name', 'text', NAME],
  ['documentInfo', 'contents.text', 'text', 'text', PROSE],
  ['documentInfo', 'parentDocument.document', 'parentDocument', 'urn'],
  ['queryProperties', 'name', 'name', 'text', NAME],
  ['queryProperties', 'description', 'description', 'text', PROSE],
  ['queryProperties', 'statement.value', 'statement', 'text', PROSE],
  ['querySubjects', 'subjects[].entity', 'entities', 'urn'],
  // assertions (AssertionInfo's and AssertionRunSummary's @Searchable fields; `entity` is the checked entity,
  // which DataHub denormalises into entityUrn on write, read here from the definitions as well)
  ['assertionInfo', 'type', 'assertionType', 'keyword'],
  ['assertionInfo', 'entityUrn', 'entity', 'urn'],
  ['assertionInfo', 'datasetAssertion.dataset', 'entity', 'urn'],
  ['assertionInfo', 'freshnessAssertion.entity', 'entity', 'urn'],
  ['assertionInfo', 'volumeAssertion.entity', 'entity', 'urn'],
  ['assertionInfo', 'sqlAssertion.entity', 'entity', 'urn'],
  ['assertionInfo', 'fieldAssertion.entity', 'entity', 'urn'],
  ['assertionInfo', 'schemaAssertion.entity', 'entity', 'urn'],
  ['assertionInfo', 'customAssertion.entity', 'entity', 'urn'],
  ['assertionInfo', 'description', 'assertionDescription', 'text', PROSE],
  ['assertionInfo', 'externalUrl', 'externalUrl', 'keyword'],
  ['assertionInfo', 'customProperties', 'customProperties', 'kv'],
  ['assertionInfo', 'source.type', 'sourceType', 'keyword'],
  ['assertionInfo', 'source.created.actor', 'creator', 'urn'],
  ['assertionInfo', 'customAssertion.type', 'customType', 'keyword'],
  ['assertionInfo', 'datasetAssertion.fields[]', 'fields', 'urn'],
  ['assertionInfo', 'freshnessAssertion.type', 'freshnessAssertionType', 'keyword'],
  ['assertionInfo', 'volumeAssertion.type', 'volumeAssertionType', 'keyword'],
  ['assertionInfo', 'sqlAssertion.type', 'sqlAssertionType', 'keyword'],
  ['assertionInfo', 'fieldAssertion.type', 'fieldAssertionType', 'keyword'],
  // FieldAssertionInfo.fieldPath, which DataHub fills from the nested field definition
  ['assertionInfo', 'fieldAssertion.fieldPath', 'fieldPath', 'keyword'],
  ['assertionInfo', 'fieldAssertion.fieldValuesAssertion.field.path', 'fieldPath', 'keyword'],
  ['assertionInfo', 'fieldAssertion.fieldMetricAssertion.field.path', 'fieldPath', 'keyword'],
  ['assertionRunSummary', 'assertionStatus', 'assertionStatus', 'keyword'],
  ['structuredPropertyDefinition', 'qualifiedName', 'id', 'text', ID],
  ['structuredPropertyDefinition', 'displayName', 'name', 'text', NAME],
  ['structuredPropertyDefinition', 'description', 'description', 'text', PROSE],
  ['schemaFieldKey', 'parent', 'parent', 'urn'],
  ['schemaFieldKey', 'fieldPath', 'fieldPaths', 'text', PATH],
  ['ownershipTypeInfo', 'name', 'name', 'text', NAME],
  // versions of an asset (DataHub's versionSet, version, aliases, versionSortId, isLatest) and platform resources
  ['versionProperties', 'versionSet', 'versionSet', 'urn'],
  ['versionProperties', 'version.versionTag', 'version', 'keyword'],
  ['versionProperties', 'aliases[].versionTag', 'aliases', 'keyword'],
  ['versionProperties', 'sortId', 'versionSortId', 'keyword'],
  ['versionProperties', 'isLatest', 'isLatest', 'bool'],
  ['platformResourceInfo', 'resourceType', 'resourceType', 'keyword'],
  ['platformResourceInfo', 'primaryKey', 'primaryKey', 'keyword'],
  ['platformResourceInfo', 'secondaryKeys[]', 'secondaryKeys', 'keyword'],
  // runs of jobs and flows (dataProcessInstance)
  ['dataProcessInstanceKey', 'id', 'id', 'text', ID],
  ['dataProcessInstanceProperties', 'name', 'name', 'text', NAME],
  ['dataProcessInstanceProperties', 'type', 'type', 'keyword'],
  ['dataProcessInstanceProperties', 'customProperties', 'customProperties', 'kv'],
  ['dataProcessInstanceRelationships', 'parentTemplate', 'parentTemplate', 'urn'],
  ['dataProcessInstanceRelationships', 'parentInstance', 'parentInstance', 'urn'],
  ['dataProcessInstanceInput', 'inputs[]', 'inputs', 'urn'],
  ['dataProcessInstanceOutput', 'outputs[]', 'outputs', 'urn'],
];

export const SEARCH_FIELDS: readonly SearchField[] = [...COMMON, ...OWN].map(([aspect, path, field, kind, weight, map]) => ({
  aspect,
  path,
  field,
  kind,
  weight: weight ?? 0,
  ...(map ? { map } : {}),
}));

/**
 * Filter and facet fields that stand for several index fields (datahub-discovery.md §2.3): a
 * criterion on `tags` matches dataset tags and column tags alike.
 */
export const FAN_OUT: Readonly<Record<string, readonly string[]>> = {
  tags: ['tags', 'fieldTags', 'editedFieldTags'],
  glossaryTerms: ['glossaryTerms', 'fieldGlossaryTerms', 'editedFieldGlossaryTerms'],
  fieldTags: ['fieldTags', 'editedFieldTags'],
  fieldGlossaryTerms: ['fieldGlossaryTerms', 'editedFieldGlossaryTerms'],
  fieldDescriptions: ['fieldDescriptions', 'editedFieldDescriptions'],
  description: ['description', 'editedDescription'],
  name: ['name', 'editedName'],
};

/**
 * Fields kept in a document for ordering, not for matching or facets: `lastModifiedAt`, when any
 * aspect of the entity last changed (epoch ms), DataHub's sort field for "recently changed".
 */
export const SORT_FIELDS: ReadonlySet<string> = new Set(['lastModifiedAt']);

/** A sort field's value as indexed: zero-padded, so the index's byte order is the numbers' order. */
export const sortKeyOf = (value: string) => value.padStart(16, '0');

/** Separator of browse path entries in the `browsePathV2` field (DataHub's U+241F). */
export const BROWSE_SEPARATOR = '\u241f';

/** The fields whose first value names an entity, by preference (for exact-name ranking and sorting by name). */
export const NAME_FIELDS = ['editedName', 'name', 'editedDisplayName', 'displayName', 'fullName', 'id', 'ldap'] as const;

/** Every index field name, with the kind it was declared with. */
export const FIELD_KINDS: ReadonlyMap<string, FieldKind> = new Map(SEARCH_FIELDS.map((f) => [f.field, f.kind]));
