/**
 * assertionInfo (com.linkedin.assertion.AssertionInfo): what a data quality check asserts — its type
 * and the definition of that type (dataset, freshness, volume, SQL, field, schema or custom), where
 * it comes from, its description and links. Each definition names the entity it checks; DataHub
 * declares those fields as `Asserts` relationships, which is how a dataset finds its assertions.
 */
import {
  anyUrn,
  arr,
  asGiven,
  auditStamp,
  defineAspect,
  num,
  PROSE,
  rec,
  str,
  unchecked,
  urnOf,
  type AspectValue,
  type Infer,
} from './define.ts';
import schemaMetadata from './schemaMetadata.ts';

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

// DataHub's enums of the assertion definitions (com.linkedin.assertion), as its schema declares them.
export const STD_OPERATORS = [
  'BETWEEN',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL_TO',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL_TO',
  'EQUAL_TO',
  'NOT_EQUAL_TO',
  'NULL',
  'NOT_NULL',
  'CONTAIN',
  'END_WITH',
  'START_WITH',
  'REGEX_MATCH',
  'IN',
  'NOT_IN',
  'IS_TRUE',
  'IS_FALSE',
  '_NATIVE_',
] as const;
export const STD_AGGREGATIONS = [
  'ROW_COUNT',
  'COLUMNS',
  'COLUMN_COUNT',
  'IDENTITY',
  'MEAN',
  'MEDIAN',
  'UNIQUE_COUNT',
  'UNIQUE_PROPORTION',
  'UNIQUE_PROPOTION',
  'NULL_COUNT',
  'NULL_PROPORTION',
  'STDDEV',
  'MIN',
  'MAX',
  'SUM',
  '_NATIVE_',
] as const;
export const DATASET_SCOPES = [
  'DATASET_COLUMN',
  'DATASET_ROWS',
  'DATASET_STORAGE_SIZE',
  'DATASET_SCHEMA',
  'UNKNOWN',
] as const;
const PARAMETER_TYPES = ['STRING', 'NUMBER', 'LIST', 'SET', 'UNKNOWN'] as const;
const SEVERITIES = ['LOW', 'MEDIUM', 'HIGH'] as const;
const VALUE_CHANGE_TYPES = ['ABSOLUTE', 'PERCENTAGE'] as const;
const CALENDAR_INTERVALS = ['SECOND', 'MINUTE', 'HOUR', 'DAY', 'WEEK', 'MONTH', 'QUARTER', 'YEAR'] as const;
const SEGMENT_TRANSFORMERS = [
  'TIMESTAMP_MS_TO_MINUTE',
  'TIMESTAMP_MS_TO_HOUR',
  'TIMESTAMP_MS_TO_DATE',
  'TIMESTAMP_MS_TO_MONTH',
  'TIMESTAMP_MS_TO_YEAR',
  'FLOOR',
  'CEILING',
  'NATIVE',
] as const;
const FIELD_METRICS = [
  'UNIQUE_COUNT',
  'UNIQUE_PERCENTAGE',
  'NULL_COUNT',
  'NULL_PERCENTAGE',
  'MIN',
  'MAX',
  'MEAN',
  'MEDIAN',
  'STDDEV',
  'NEGATIVE_COUNT',
  'NEGATIVE_PERCENTAGE',
  'ZERO_COUNT',
  'ZERO_PERCENTAGE',
  'MIN_LENGTH',
  'MAX_LENGTH',
  'EMPTY_COUNT',
  'EMPTY_PERCENTAGE',
] as const;

const stdParameter = rec({ value: str, type: { enum: PARAMETER_TYPES } });
const stdParameters = rec({ 'value?': stdParameter, 'minValue?': stdParameter, 'maxValue?': stdParameter });
/** How bad a failure is: a default severity, and rules that raise or lower it by the observed value. */
const severityConfig = rec({
  defaultSeverity: { enum: SEVERITIES },
  'rules?': arr(rec({ severity: { enum: SEVERITIES }, operator: { enum: STD_OPERATORS }, parameters: stdParameters })),
});
/** A filter of the rows an assertion looks at (DataHub's DatasetFilter: SQL only). */
const datasetFilter = rec({ type: { enum: ['SQL'] }, ...asGiven({ 'sql?': str }) });
/** A column an assertion names: its path, standard type and native type (SchemaFieldSpec). */
const fieldSpec = rec({ path: unchecked(str), type: unchecked(str), nativeType: unchecked(str) });
const segment = rec({
  field: fieldSpec,
  'transformer?': rec({ type: { enum: SEGMENT_TRANSFORMERS }, ...asGiven({ 'nativeType?': str }) }),
});
/** A volume assertion's row count check: the operator and its parameters. */
const rowCountCheck = { operator: { enum: STD_OPERATORS }, parameters: stdParameters } as const;

const datasetAssertion = rec({
  dataset: urnOf('dataset'),
  scope: { enum: DATASET_SCOPES },
  'fields?': arr(urnOf('schemaField')),
  'aggregation?': { enum: STD_AGGREGATIONS },
  operator: { enum: STD_OPERATORS },
  'parameters?': stdParameters,
  ...asGiven({ 'nativeType?': str, 'nativeParameters?': { map: str }, 'logic?': str }),
});
const freshnessAssertion = rec({
  type: { enum: ['DATASET_CHANGE', 'DATA_JOB_RUN'] },
  entity: urnOf('dataset', 'dataJob'),
  schedule: rec({
    type: { enum: ['CRON', 'FIXED_INTERVAL', 'SINCE_THE_LAST_CHECK'] },
    'cron?': rec({ cron: unchecked(str), timezone: unchecked(str), ...asGiven({ 'windowStartOffsetMs?': num }) }),
    'fixedInterval?': rec({ unit: { enum: CALENDAR_INTERVALS }, ...asGiven({ 'multiple?': num }) }),
  }),
  'failureSeverityConfig?': severityConfig,
  'filter?': datasetFilter,
});
const volumeAssertion = rec({
  type: {
    enum: [
      'ROW_COUNT_TOTAL',
      'ROW_COUNT_CHANGE',
      'INCREMENTING_SEGMENT_ROW_COUNT_TOTAL',
      'INCREMENTING_SEGMENT_ROW_COUNT_CHANGE',
    ],
  },
  entity: urnOf('dataset'),
  'rowCountTotal?': rec({ ...rowCountCheck, 'failureSeverityConfig?': severityConfig }),
  'rowCountChange?': rec({
    type: { enum: VALUE_CHANGE_TYPES },
    ...rowCountCheck,
    'failureSeverityConfig?': severityConfig,
  }),
  'incrementingSegmentRowCountTotal?': rec({ segment, ...rowCountCheck }),
  'incrementingSegmentRowCountChange?': rec({ segment, type: { enum: VALUE_CHANGE_TYPES }, ...rowCountCheck }),
  'filter?': datasetFilter,
});
const sqlAssertion = rec({
  type: { enum: ['METRIC', 'METRIC_CHANGE'] },
  entity: urnOf('dataset'),
  statement: unchecked(str),
  'changeType?': { enum: VALUE_CHANGE_TYPES },
  operator: { enum: STD_OPERATORS },
  parameters: stdParameters,
  'failureSeverityConfig?': severityConfig,
});
const fieldAssertion = rec({
  type: { enum: ['FIELD_VALUES', 'FIELD_METRIC'] },
  entity: urnOf('dataset'),
  'fieldValuesAssertion?': rec({
    field: fieldSpec,
    'transform?': rec({ type: { enum: ['LENGTH'] } }),
    operator: { enum: STD_OPERATORS },
    'parameters?': stdParameters,
    // Its type (COUNT when absent) and value have defaults; the record itself is required.
    failThreshold: rec({ 'type?': { enum: ['COUNT', 'PERCENTAGE'] }, ...asGiven({ 'value?': num }) }),
    'failureSeverityConfig?': severityConfig,
  }),
  'fieldMetricAssertion?': rec({
    field: fieldSpec,
    metric: { enum: FIELD_METRICS },
    operator: { enum: STD_OPERATORS },
    'parameters?': stdParameters,
    'failureSeverityConfig?': severityConfig,
  }),
  'filter?': datasetFilter,
  ...asGiven({ 'fieldPath?': str }),
});
/** A schema assertion: the expected schema is a whole schemaMetadata, checked as that aspect is. */
const schemaAssertion = rec({
  entity: urnOf('dataset', 'dataJob'),
  schema: rec(schemaMetadata.fields),
  'compatibility?': { enum: ['EXACT_MATCH', 'SUPERSET', 'SUBSET'] },
});

/**
 * A custom assertion. `field` is deprecated in favour of `fields`, still written when one column is
 * given.
 */
const customAssertion = rec({
  type: str,
  entity: urnOf('dataset'),
  'field?': urnOf('schemaField'),
  'fields?': arr(urnOf('schemaField')),
  'scope?': { enum: DATASET_SCOPES },
  'aggregation?': { enum: STD_AGGREGATIONS },
  'operator?': { enum: STD_OPERATORS },
  'parameters?': stdParameters,
  'nativeType?': unchecked(str),
  'nativeParameters?': unchecked({ map: str }),
  'logic?': unchecked(str),
});

const assertionInfo = defineAspect({
  name: 'assertionInfo',
  fqn: 'com.linkedin.assertion.AssertionInfo',
  fields: {
    type: { enum: ASSERTION_TYPES },
    'datasetAssertion?': datasetAssertion,
    'freshnessAssertion?': freshnessAssertion,
    'volumeAssertion?': volumeAssertion,
    'sqlAssertion?': sqlAssertion,
    'fieldAssertion?': fieldAssertion,
    'schemaAssertion?': schemaAssertion,
    'customAssertion?': customAssertion,
    'source?': rec({ type: { enum: ASSERTION_SOURCE_TYPES }, 'created?': auditStamp }),
    'lastUpdated?': auditStamp,
    'description?': str,
    'externalUrl?': str,
    'customProperties?': { map: str },
    /** Deprecated in DataHub (the assertionNote aspect replaces it), still read. */
    'note?': rec({ content: unchecked(str), lastModified: auditStamp }),
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
