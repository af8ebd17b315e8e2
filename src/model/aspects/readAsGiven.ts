/**
 * Aspects that the program reads and that carry no other declaration: the required fields and enums
 * DataHub's schema declares are checked on write (docs/datahub/rest-cli.md §7.2); their other fields
 * are `asGiven`, never refused on write, and type what the read models take of them. Aspects the
 * program only stores stay in `NAMED` (index.ts).
 */
import {
  anyUrn,
  arr,
  asGiven,
  attribution,
  auditStamp,
  bool,
  defineAspect,
  editableDescription,
  num,
  rec,
  str,
  unchecked,
  type AspectValue,
} from './define.ts';

/** What DataTypeInfo and EntityTypeInfo both hold. */
const typeInfo = { qualifiedName: unchecked(str), ...asGiven({ 'displayName?': str, 'description?': str }) };
/**
 * DataHub's `Condition` of a filter's criterion (a field with a default, EQUAL, so not required).
 */
const CONDITIONS = [
  'CONTAIN',
  'END_WITH',
  'EQUAL',
  'IEQUAL',
  'IS_NULL',
  'EXISTS',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL_TO',
  'IN',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL_TO',
  'START_WITH',
  'DESCENDANTS_INCL',
  'ANCESTORS_INCL',
  'RELATED_INCL',
] as const;
/** A criterion of a saved view's filter: the field it names is checked, its values stored as given. */
const criterion = rec({
  field: unchecked(str),
  'condition?': { enum: CONDITIONS },
  ...asGiven({ 'values?': arr(str), 'negated?': bool }),
});
/** A view setting: the view chosen by default. */
const viewsSettings = rec({ 'defaultView?': anyUrn });

export const datasetDeprecation = defineAspect({
  name: 'datasetDeprecation',
  fqn: 'com.linkedin.dataset.DatasetDeprecation',
  fields: {
    deprecated: unchecked(bool),
    note: unchecked(str),
    ...asGiven({ 'decommissionTime?': num, 'actor?': anyUrn }),
  },
});
export const viewProperties = defineAspect({
  name: 'viewProperties',
  fqn: 'com.linkedin.dataset.ViewProperties',
  fields: {
    materialized: unchecked(bool),
    viewLogic: unchecked(str),
    viewLanguage: unchecked(str),
    ...asGiven({ 'formattedViewLogic?': str }),
  },
});
export const browsePathsV2 = defineAspect({
  name: 'browsePathsV2',
  fqn: 'com.linkedin.common.BrowsePathsV2',
  fields: { path: arr(rec({ id: unchecked(str), 'urn?': unchecked(anyUrn) })) },
});
export const browsePaths = defineAspect({
  name: 'browsePaths',
  fqn: 'com.linkedin.common.BrowsePaths',
  fields: { paths: unchecked(arr(str)) },
});
/** What the web app remembers of a user's steps (onboarding tours seen, …), a map of strings. */
export const dataHubStepStateProperties = defineAspect({
  name: 'dataHubStepStateProperties',
  fqn: 'com.linkedin.step.DataHubStepStateProperties',
  fields: { ...asGiven({ 'properties?': 'object' }), lastModified: auditStamp },
});
export const origin = defineAspect({
  name: 'origin',
  fqn: 'com.linkedin.common.Origin',
  fields: { type: { enum: ['NATIVE', 'EXTERNAL'] }, ...asGiven({ 'externalType?': str }) },
});
export const corpUserStatus = defineAspect({
  name: 'corpUserStatus',
  fqn: 'com.linkedin.identity.CorpUserStatus',
  fields: { status: unchecked(str), lastModified: auditStamp },
});
export const corpUserSettings = defineAspect({
  name: 'corpUserSettings',
  fqn: 'com.linkedin.identity.CorpUserSettings',
  fields: {
    appearance: unchecked(rec({ 'showSimplifiedHomepage?': bool })),
    ...asGiven({ 'views?': viewsSettings }),
    'notificationSettings?': rec({
      sinkTypes: arr({ enum: ['SLACK', 'EMAIL', 'TEAMS'] }),
      'emailSettings?': rec({ email: unchecked(str) }),
    }),
  },
});
export const dataHubExecutionRequestResult = defineAspect({
  name: 'dataHubExecutionRequestResult',
  fqn: 'com.linkedin.execution.ExecutionRequestResult',
  fields: {
    status: unchecked(str),
    ...asGiven({ 'startTimeMs?': num, 'durationMs?': num, 'report?': str }),
    'structuredReport?': rec({ type: unchecked(str), serializedValue: unchecked(str), contentType: unchecked(str) }),
  },
});
export const editableMlModelProperties = defineAspect({
  name: 'editableMlModelProperties',
  fqn: 'com.linkedin.ml.metadata.EditableMLModelProperties',
  fields: editableDescription,
});
export const editableMlModelGroupProperties = defineAspect({
  name: 'editableMlModelGroupProperties',
  fqn: 'com.linkedin.ml.metadata.EditableMLModelGroupProperties',
  fields: editableDescription,
});
export const editableMlFeatureProperties = defineAspect({
  name: 'editableMlFeatureProperties',
  fqn: 'com.linkedin.ml.metadata.EditableMLFeatureProperties',
  fields: editableDescription,
});
export const editableMlPrimaryKeyProperties = defineAspect({
  name: 'editableMlPrimaryKeyProperties',
  fqn: 'com.linkedin.ml.metadata.EditableMLPrimaryKeyProperties',
  fields: editableDescription,
});
export const editableMlFeatureTableProperties = defineAspect({
  name: 'editableMlFeatureTableProperties',
  fqn: 'com.linkedin.ml.metadata.EditableMLFeatureTableProperties',
  fields: editableDescription,
});
export const editableNotebookProperties = defineAspect({
  name: 'editableNotebookProperties',
  fqn: 'com.linkedin.notebook.EditableNotebookProperties',
  fields: editableDescription,
});
export const dataPlatformInstanceProperties = defineAspect({
  name: 'dataPlatformInstanceProperties',
  fqn: 'com.linkedin.dataplatforminstance.DataPlatformInstanceProperties',
  fields: asGiven({ 'name?': str, 'description?': str, 'customProperties?': { map: str }, 'externalUrl?': str }),
});
export const structuredPropertySettings = defineAspect({
  name: 'structuredPropertySettings',
  fqn: 'com.linkedin.structured.StructuredPropertySettings',
  fields: {
    ...asGiven({
      'isHidden?': bool,
      'showInSearchFilters?': bool,
      'showInAssetSummary?': bool,
      'hideInAssetSummaryWhenEmpty?': bool,
      'showAsAssetBadge?': bool,
      'showInColumnsTable?': bool,
    }),
    'lastModified?': auditStamp,
  },
});
export const dataTypeInfo = defineAspect({
  name: 'dataTypeInfo',
  fqn: 'com.linkedin.datatype.DataTypeInfo',
  fields: typeInfo,
});
export const entityTypeInfo = defineAspect({
  name: 'entityTypeInfo',
  fqn: 'com.linkedin.entitytype.EntityTypeInfo',
  fields: typeInfo,
});
export const dataHubViewInfo = defineAspect({
  name: 'dataHubViewInfo',
  fqn: 'com.linkedin.view.DataHubViewInfo',
  fields: {
    name: unchecked(str),
    type: { enum: ['PERSONAL', 'GLOBAL'] },
    ...asGiven({ 'description?': str }),
    definition: rec({
      entityTypes: unchecked(arr(str)),
      filter: rec({ 'or?': arr(rec({ and: arr(criterion) })), 'criteria?': arr(criterion) }),
      ...asGiven({ 'json?': str }),
    }),
    created: auditStamp,
    lastModified: auditStamp,
  },
});
export const globalSettingsInfo = defineAspect({
  name: 'globalSettingsInfo',
  fqn: 'com.linkedin.settings.global.GlobalSettingsInfo',
  fields: {
    ...asGiven({ 'views?': viewsSettings }),
    // What DataHub's schema requires of each section given; the rest of each is stored as given.
    'sso?': rec({
      baseUrl: unchecked(str),
      'oidcSettings?': rec({
        enabled: unchecked(bool),
        clientId: unchecked(str),
        clientSecret: unchecked(str),
        discoveryUri: unchecked(str),
      }),
    }),
    'oauth?': rec({
      providers: arr(
        rec({ enabled: unchecked(bool), name: unchecked(str), issuer: unchecked(str), audience: unchecked(str) }),
      ),
    }),
    'docPropagation?': rec({ enabled: unchecked(bool) }),
    'homePage?': rec({ defaultTemplate: unchecked(anyUrn) }),
    'applications?': rec({ enabled: unchecked(bool) }),
  },
  relationships: [{ name: 'viewedWith', path: 'views.defaultView' }],
});
export const documentation = defineAspect({
  name: 'documentation',
  fqn: 'com.linkedin.common.Documentation',
  fields: { documentations: arr(rec({ documentation: unchecked(str), 'attribution?': attribution })) },
});
export const displayProperties = defineAspect({
  name: 'displayProperties',
  fqn: 'com.linkedin.common.DisplayProperties',
  fields: {
    ...asGiven({ 'colorHex?': str }),
    'icon?': rec({ iconLibrary: { enum: ['MATERIAL', 'PHOSPHOR'] }, name: unchecked(str), style: unchecked(str) }),
  },
});
/** What to do when an assertion passes or fails: DataHub's AssertionActionType. */
const assertionAction = rec({ type: { enum: ['RAISE_INCIDENT', 'RESOLVE_INCIDENT'] } });
export const assertionActions = defineAspect({
  name: 'assertionActions',
  fqn: 'com.linkedin.assertion.AssertionActions',
  fields: { 'onSuccess?': arr(assertionAction), 'onFailure?': arr(assertionAction) },
});

/** DataHub's `CalendarInterval`: the unit of a time window. */
const CALENDAR_INTERVALS = ['SECOND', 'MINUTE', 'HOUR', 'DAY', 'WEEK', 'MONTH', 'QUARTER', 'YEAR'] as const;
const timeWindowSize = rec({ unit: { enum: CALENDAR_INTERVALS }, ...asGiven({ 'multiple?': num }) });
/**
 * The window and partition of a timeseries event (DataHub's TimeseriesAspectBase). Its
 * `timestampMillis` is checked by the store of every timeseries aspect (src/model/timeseries.ts).
 */
const timeseriesWindow = {
  'eventGranularity?': timeWindowSize,
  'partitionSpec?': rec({
    partition: unchecked(str),
    'timePartition?': rec({ startTimeMillis: unchecked(num), length: timeWindowSize }),
    // DataHub's PartitionType (PARTITION when absent).
    'type?': { enum: ['FULL_TABLE', 'QUERY', 'PARTITION'] },
  }),
} as const;
/** Timeseries events (src/model/timeseries.ts), read by the usage and stats read models. */
export const datasetUsageStatistics = defineAspect({
  name: 'datasetUsageStatistics',
  fqn: 'com.linkedin.dataset.DatasetUsageStatistics',
  fields: {
    ...timeseriesWindow,
    ...asGiven({ 'uniqueUserCount?': num, 'totalSqlQueries?': num, 'topSqlQueries?': arr(str) }),
    'userCounts?': arr(rec({ user: unchecked(anyUrn), count: unchecked(num), ...asGiven({ 'userEmail?': str }) })),
    'fieldCounts?': arr(rec({ fieldPath: unchecked(str), count: unchecked(num) })),
  },
});
export const datasetProfile = defineAspect({
  name: 'datasetProfile',
  fqn: 'com.linkedin.dataset.DatasetProfile',
  fields: {
    ...timeseriesWindow,
    ...asGiven({ 'rowCount?': num, 'columnCount?': num, 'sizeInBytes?': num }),
    // Each column's profile: what DataHub requires of it and of its quantiles, frequencies and histogram.
    'fieldProfiles?': arr(
      rec({
        fieldPath: unchecked(str),
        'quantiles?': arr(rec({ quantile: unchecked(str), value: unchecked(str) })),
        'distinctValueFrequencies?': arr(rec({ value: unchecked(str), frequency: unchecked(num) })),
        'histogram?': rec({ boundaries: unchecked(arr(str)), heights: unchecked(arr(num)) }),
      }),
    ),
  },
});

export type DatasetDeprecation = AspectValue<typeof datasetDeprecation>;
export type ViewProperties = AspectValue<typeof viewProperties>;
export type BrowsePathsV2 = AspectValue<typeof browsePathsV2>;
export type Origin = AspectValue<typeof origin>;
export type CorpUserStatus = AspectValue<typeof corpUserStatus>;
export type CorpUserSettings = AspectValue<typeof corpUserSettings>;
export type DataHubExecutionRequestResult = AspectValue<typeof dataHubExecutionRequestResult>;
export type EditableMlModelProperties = AspectValue<typeof editableMlModelProperties>;
export type EditableMlModelGroupProperties = AspectValue<typeof editableMlModelGroupProperties>;
export type EditableMlFeatureProperties = AspectValue<typeof editableMlFeatureProperties>;
export type EditableMlPrimaryKeyProperties = AspectValue<typeof editableMlPrimaryKeyProperties>;
export type EditableMlFeatureTableProperties = AspectValue<typeof editableMlFeatureTableProperties>;
export type EditableNotebookProperties = AspectValue<typeof editableNotebookProperties>;
export type DataPlatformInstanceProperties = AspectValue<typeof dataPlatformInstanceProperties>;
export type StructuredPropertySettings = AspectValue<typeof structuredPropertySettings>;
export type DataTypeInfo = AspectValue<typeof dataTypeInfo>;
export type EntityTypeInfo = AspectValue<typeof entityTypeInfo>;
export type DataHubViewInfo = AspectValue<typeof dataHubViewInfo>;
export type GlobalSettingsInfo = AspectValue<typeof globalSettingsInfo>;
export type Documentation = AspectValue<typeof documentation>;
export type DisplayProperties = AspectValue<typeof displayProperties>;
export type AssertionActions = AspectValue<typeof assertionActions>;
