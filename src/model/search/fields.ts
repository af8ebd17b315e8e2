/**
 * What the search index holds of each aspect: DataHub's `@Searchable` fields (docs/datahub/discovery.md
 * §2.4-§2.5), declared with each aspect (`searchable` in its declaration under src/model/aspects/) as
 * index field name, the path to the value inside the aspect, its kind and its weight in the ranking.
 * This module gathers them into one table, the index's declarations.
 */
import { ASPECTS } from '../aspects/index.ts';
import type { FieldKind } from '../aspects/define.ts';

export type { FieldKind };

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

/**
 * The order of the aspects in the table as it stood when the declarations moved into the aspects.
 * The order is part of the index version (SEARCH_INDEX_VERSION hashes the table: a file indexed under
 * another version is re-indexed on open) and orders the values of a field several aspects fill, so it
 * is kept. An aspect not listed here comes after these, in the order of ASPECTS.
 */
const INDEX_ORDER: readonly string[] = [
  'globalTags',
  'glossaryTerms',
  'ownership',
  'domains',
  'container',
  'subTypes',
  'status',
  'deprecation',
  'dataPlatformInstance',
  'structuredProperties',
  'datasetKey',
  'datasetProperties',
  'editableDatasetProperties',
  'schemaMetadata',
  'editableSchemaMetadata',
  'upstreamLineage',
  'chartKey',
  'chartInfo',
  'editableChartProperties',
  'dashboardKey',
  'dashboardInfo',
  'editableDashboardProperties',
  'dataFlowKey',
  'dataFlowInfo',
  'editableDataFlowProperties',
  'dataJobKey',
  'dataJobInfo',
  'editableDataJobProperties',
  'dataJobInputOutput',
  'corpUserKey',
  'corpUserInfo',
  'corpUserEditableInfo',
  'corpGroupKey',
  'corpGroupInfo',
  'corpGroupEditableInfo',
  'groupMembership',
  'tagKey',
  'tagProperties',
  'glossaryTermKey',
  'glossaryTermInfo',
  'glossaryNodeKey',
  'glossaryNodeInfo',
  'domainKey',
  'domainProperties',
  'dataProductKey',
  'dataProductProperties',
  'containerProperties',
  'editableContainerProperties',
  'dataPlatformKey',
  'dataPlatformInfo',
  'dataPlatformInstanceKey',
  'mlModelKey',
  'mlModelProperties',
  'mlModelGroupKey',
  'mlModelGroupProperties',
  'mlFeatureKey',
  'mlFeatureProperties',
  'mlPrimaryKeyKey',
  'mlPrimaryKeyProperties',
  'mlFeatureTableKey',
  'mlFeatureTableProperties',
  'notebookKey',
  'notebookInfo',
  'documentInfo',
  'queryProperties',
  'querySubjects',
  'assertionInfo',
  'assertionRunSummary',
  'propertyDefinition',
  'schemaFieldKey',
  'ownershipTypeInfo',
  'versionProperties',
  'platformResourceInfo',
  'dataProcessInstanceKey',
  'dataProcessInstanceProperties',
  'dataProcessInstanceRelationships',
  'dataProcessInstanceInput',
  'dataProcessInstanceOutput',
];

const DECLARED = new Map(ASPECTS.flatMap((a) => (a.searchable?.length ? [[a.name, a.searchable] as const] : [])));
for (const name of INDEX_ORDER) {
  if (!DECLARED.has(name)) throw new Error(`search: aspect ${name} declares no searchable field`);
}

export const SEARCH_FIELDS: readonly SearchField[] = [
  ...INDEX_ORDER,
  ...[...DECLARED.keys()].filter((n) => !INDEX_ORDER.includes(n)),
].flatMap((aspect) =>
  (DECLARED.get(aspect) ?? []).map(({ path, field, kind, weight, map }) => ({
    aspect,
    path,
    field,
    kind,
    weight: weight ?? 0,
    ...(map ? { map } : {}),
  })),
);

/**
 * Filter and facet fields that stand for several index fields (docs/datahub/discovery.md §2.3): a
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
export const NAME_FIELDS = [
  'editedName',
  'name',
  'editedDisplayName',
  'displayName',
  'fullName',
  'id',
  'ldap',
] as const;

/** Every index field name, with the kind it was declared with. */
export const FIELD_KINDS: ReadonlyMap<string, FieldKind> = new Map(SEARCH_FIELDS.map((f) => [f.field, f.kind]));
