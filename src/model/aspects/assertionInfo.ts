/**
 * assertionInfo (com.linkedin.assertion.AssertionInfo): what a data quality check asserts — its type
 * and the definition of that type (dataset, freshness, volume, SQL, field, schema or custom), where
 * it comes from, its description and links. Each definition names the entity it checks; DataHub
 * declares those fields as `Asserts` relationships, which is how a dataset finds its assertions.
 */
import {
  anyUrn,
  arr,
  auditStamp,
  defineAspect,
  PROSE,
  rec,
  str,
  unchecked,
  urnOf,
  type AspectValue,
  type Infer,
} from './define.ts';

export const ASSERTION_TYPES = ['DATASET', 'FRESHNESS', 'VOLUME', 'SQL', 'FIELD', 'DATA_SCHEMA', 'CUSTOM'] as const;
export type AssertionTypeName = (typeof ASSERTION_TYPES)[number];
export const ASSERTION_SOURCE_TYPES = ['NATIVE', 'EXTERNAL', 'INFERRED'] as const;

/** The definition record of each assertion type, and the field of it that names the checked entity. */
export const DEFINITIONS: Readonly<Record<AssertionTypeName, { field: string; entity: string }>> = {
  DATASET: { field: 'datasetAssertion', entity: 'dataset' },
  FRESHNESS: { field: 'freshnessAssertion', entity: 'entity' },
  VOLUME: { field: 'volumeAssertion', entity: 'entity' },
  SQL: { field: 'sqlAssertion', entity: 'entity' },
  FIELD: { field: 'fieldAssertion', entity: 'entity' },
  DATA_SCHEMA: { field: 'schemaAssertion', entity: 'entity' },
  CUSTOM: { field: 'customAssertion', entity: 'entity' },
};

/** The entity an assertion checks: `entityUrn` when written, else the urn its definition names. */
export function assertedEntityOf(info: AssertionInfo | undefined): string | undefined {
  if (!info) return undefined;
  if (typeof info.entityUrn === 'string') return info.entityUrn;
  const d = DEFINITIONS[info.type];
  const entity = d ? (info[d.field] as Record<string, unknown> | undefined)?.[d.entity] : undefined;
  return typeof entity === 'string' ? entity : undefined;
}

const entityOf = <const T extends readonly string[]>(...types: T) => rec({ entity: urnOf(...types) });

const stdParameter = rec({ value: str, type: str });
const stdParameters = rec({ 'value?': stdParameter, 'minValue?': stdParameter, 'maxValue?': stdParameter });

/**
 * A custom assertion. The fields past `fields` are read, not checked (DataHub's custom assertions
 * carry them from the upsertCustomAssertion input). `field` is deprecated in favour of `fields`,
 * still written when one column is given.
 */
const customAssertion = rec({
  type: str,
  entity: urnOf('dataset'),
  'field?': urnOf('schemaField'),
  'fields?': arr(urnOf('schemaField')),
  'scope?': unchecked(str),
  'aggregation?': unchecked(str),
  'operator?': unchecked(str),
  'parameters?': unchecked(stdParameters),
  'nativeType?': unchecked(str),
  'nativeParameters?': unchecked({ map: str }),
  'logic?': unchecked(str),
});

const assertionInfo = defineAspect({
  name: 'assertionInfo',
  fqn: 'com.linkedin.assertion.AssertionInfo',
  fields: {
    type: { enum: ASSERTION_TYPES },
    'datasetAssertion?': rec({ dataset: urnOf('dataset'), 'fields?': arr(urnOf('schemaField')) }),
    'freshnessAssertion?': entityOf('dataset', 'dataJob'),
    'volumeAssertion?': entityOf('dataset'),
    'sqlAssertion?': entityOf('dataset'),
    'fieldAssertion?': entityOf('dataset'),
    'schemaAssertion?': entityOf('dataset', 'dataJob'),
    'customAssertion?': customAssertion,
    'source?': rec({ type: { enum: ASSERTION_SOURCE_TYPES }, 'created?': auditStamp }),
    'lastUpdated?': auditStamp,
    'description?': str,
    'externalUrl?': str,
    'customProperties?': { map: str },
    /** Deprecated in DataHub (the assertionNote aspect replaces it), still read. */
    'note?': unchecked(rec({ content: str, 'lastModified?': auditStamp })),
    /** The checked entity, denormalised from the definition so search can filter on it. */
    'entityUrn?': anyUrn,
  },
  // DataHub's @Relationship annotations on the definitions (AssertionInfo.pdl and its records).
  relationships: [
    { name: 'Asserts', path: 'datasetAssertion.dataset' },
    { name: 'Asserts', path: 'datasetAssertion.fields[]' },
    { name: 'Asserts', path: 'freshnessAssertion.entity' },
    { name: 'Asserts', path: 'volumeAssertion.entity' },
    { name: 'Asserts', path: 'sqlAssertion.entity' },
    { name: 'Asserts', path: 'fieldAssertion.entity' },
    { name: 'Asserts', path: 'schemaAssertion.entity' },
    { name: 'Asserts', path: 'customAssertion.entity' },
    { name: 'Asserts', path: 'customAssertion.field' },
    { name: 'Asserts', path: 'customAssertion.fields[]' },
  ],
  // AssertionInfo's @Searchable fields. `entity` is the checked entity, which DataHub denormalises
  // into entityUrn on write, read here from the definitions as well.
  searchable: [
    { path: 'type', field: 'assertionType', kind: 'keyword' },
    { path: 'entityUrn', field: 'entity', kind: 'urn' },
    { path: 'datasetAssertion.dataset', field: 'entity', kind: 'urn' },
    { path: 'freshnessAssertion.entity', field: 'entity', kind: 'urn' },
    { path: 'volumeAssertion.entity', field: 'entity', kind: 'urn' },
    { path: 'sqlAssertion.entity', field: 'entity', kind: 'urn' },
    { path: 'fieldAssertion.entity', field: 'entity', kind: 'urn' },
    { path: 'schemaAssertion.entity', field: 'entity', kind: 'urn' },
    { path: 'customAssertion.entity', field: 'entity', kind: 'urn' },
    { path: 'description', field: 'assertionDescription', kind: 'text', weight: PROSE },
    { path: 'externalUrl', field: 'externalUrl', kind: 'keyword' },
    { path: 'customProperties', field: 'customProperties', kind: 'kv' },
    { path: 'source.type', field: 'sourceType', kind: 'keyword' },
    { path: 'source.created.actor', field: 'creator', kind: 'urn' },
    { path: 'customAssertion.type', field: 'customType', kind: 'keyword' },
    { path: 'datasetAssertion.fields[]', field: 'fields', kind: 'urn' },
    { path: 'freshnessAssertion.type', field: 'freshnessAssertionType', kind: 'keyword' },
    { path: 'volumeAssertion.type', field: 'volumeAssertionType', kind: 'keyword' },
    { path: 'sqlAssertion.type', field: 'sqlAssertionType', kind: 'keyword' },
    { path: 'fieldAssertion.type', field: 'fieldAssertionType', kind: 'keyword' },
    // FieldAssertionInfo.fieldPath, which DataHub fills from the nested field definition
    { path: 'fieldAssertion.fieldPath', field: 'fieldPath', kind: 'keyword' },
    { path: 'fieldAssertion.fieldValuesAssertion.field.path', field: 'fieldPath', kind: 'keyword' },
    { path: 'fieldAssertion.fieldMetricAssertion.field.path', field: 'fieldPath', kind: 'keyword' },
  ],
});
export default assertionInfo;

export type AssertionStdParameter = Infer<typeof stdParameter>;
export type AssertionStdParameters = Infer<typeof stdParameters>;
export type CustomAssertionInfo = Infer<typeof customAssertion>;
export type AssertionInfo = AspectValue<typeof assertionInfo>;
