/**
 * Aspects that carry other declarations besides their shape: the relationships DataHub declares on
 * them (docs/datahub/discovery.md §1.4), the fields search indexes. The required fields and enums
 * DataHub's schema declares are checked on write (docs/datahub/rest-cli.md §7.2); the other fields
 * are `asGiven`: never refused on write, they type what the program reads of them.
 */
import {
  anyUrn,
  arr,
  asGiven,
  attribution,
  auditStamp,
  bool,
  changeStamps,
  defineAspect,
  editableDescription,
  FABRIC,
  ID,
  mlParam,
  NAME,
  num,
  PROSE,
  rec,
  str,
  unchecked,
  type AspectValue,
} from './define.ts';

/** A `TimeStamp` whose time is checked (DataHub requires it); its actor is stored as given. */
const timeStampChecked = rec({ time: num, 'actor?': unchecked(anyUrn) });
/** DataHub's `SearchFieldType`: how a structured property's values are indexed. */
const SEARCH_FIELD_TYPES = [
  'KEYWORD',
  'TEXT',
  'TEXT_PARTIAL',
  'BROWSE_PATH',
  'URN',
  'URN_PARTIAL',
  'BOOLEAN',
  'COUNT',
  'DATETIME',
  'OBJECT',
  'BROWSE_PATH_V2',
  'WORD_GRAM',
] as const;
/** DataHub's `DatasetLineageType`: how a dataset is made from an upstream one. */
const DATASET_LINEAGE_TYPES = ['COPY', 'TRANSFORMED', 'VIEW'] as const;
/** DataHub's `LineageMatchType`: how a lineage entry's urns were matched. */
const LINEAGE_MATCH_TYPES = ['EXACT', 'NORMALIZED', 'UNRESOLVED'] as const;
/** DataHub's `AccessLevel` of a chart or dashboard. */
const ACCESS_LEVELS = ['PUBLIC', 'PRIVATE'] as const;
/** DataHub's `FineGrainedLineageUpstreamType`: what the upstreams of a column lineage entry are. */
const FINE_GRAINED_UPSTREAM_TYPES = ['FIELD_SET', 'DATASET', 'NONE'] as const;
/** DataHub's `FineGrainedLineageDownstreamType`: what its downstreams are. */
const FINE_GRAINED_DOWNSTREAM_TYPES = ['FIELD', 'FIELD_SET'] as const;
/**
 * Column lineage: `downstreams` columns computed from `upstreams` (columns, or whole datasets). The two
 * types are required and checked on write, as DataHub's reader refuses an entry whose type is none of
 * its symbols (an upstream `FIELD` drops the whole aspect there); the other fields are stored as given.
 */
const fineGrainedLineage = rec({
  upstreamType: { enum: FINE_GRAINED_UPSTREAM_TYPES },
  'upstreams?': unchecked(arr(anyUrn)),
  downstreamType: { enum: FINE_GRAINED_DOWNSTREAM_TYPES },
  'downstreams?': unchecked(arr(anyUrn)),
  'transformOperation?': unchecked(str),
  'confidenceScore?': unchecked(num),
  'query?': unchecked(anyUrn),
  'matchType?': { enum: LINEAGE_MATCH_TYPES },
});
/** A dataset-level upstream: the dataset and the lineage type are required, as DataHub's `Upstream` declares them. */
const upstream = rec({
  dataset: unchecked(anyUrn),
  type: { enum: DATASET_LINEAGE_TYPES },
  'auditStamp?': auditStamp,
  'created?': auditStamp,
  'matchType?': { enum: LINEAGE_MATCH_TYPES },
});
/**
 * An `Edge` where DataHub's checks are checked: its destination (its presence) and the time and actor
 * of a stamp given; the rest is stored as given.
 */
const edgeChecked = rec({ destinationUrn: unchecked(anyUrn), 'created?': auditStamp, 'lastModified?': auditStamp });
/**
 * The fields ChartInfo and DashboardInfo share: DataHub requires the title, the description and the
 * change stamps (checked), the rest is stored as given.
 */
const biInfo = {
  title: unchecked(str),
  description: unchecked(str),
  lastModified: rec(changeStamps),
  'access?': { enum: ACCESS_LEVELS },
  ...asGiven({ 'externalUrl?': str, 'lastRefreshed?': num, 'customProperties?': { map: str } }),
} as const;
/** The fields every ML entity's properties have. */
const mlProperties = {
  'description?': str,
  'version?': rec({ 'versionTag?': str }),
  'customProperties?': { map: str },
} as const;
/** An ML aspect's version tag: its attribution, when given, has its time and actor (checked). */
const mlVersion = {
  'version?': rec({ ...asGiven({ 'versionTag?': str }), 'metadataAttribution?': attribution }),
} as const;
/** DataHub's `MLFeatureDataType` of a feature or primary key. */
const ML_FEATURE_DATA_TYPES = [
  'USELESS',
  'NOMINAL',
  'ORDINAL',
  'BINARY',
  'COUNT',
  'TIME',
  'INTERVAL',
  'IMAGE',
  'VIDEO',
  'AUDIO',
  'TEXT',
  'MAP',
  'SEQUENCE',
  'SET',
  'CONTINUOUS',
  'BYTE',
  'UNKNOWN',
] as const;

export const nativeGroupMembership = defineAspect({
  name: 'nativeGroupMembership',
  fqn: 'com.linkedin.identity.NativeGroupMembership',
  fields: { nativeGroups: unchecked(arr(anyUrn)) },
  relationships: [{ name: 'IsMemberOfNativeGroup', path: 'nativeGroups[]' }],
});
export const domains = defineAspect({
  name: 'domains',
  fqn: 'com.linkedin.domain.Domains',
  fields: {
    domains: unchecked(arr(anyUrn)),
    'domainAssociations?': arr(rec({ domain: unchecked(anyUrn), 'attribution?': attribution })),
  },
  relationships: [{ name: 'AssociatedWith', path: 'domains[]' }],
  searchable: [{ path: 'domains[]', field: 'domains', kind: 'urn' }],
  mergeKeys: { domains: 'value' },
  emptyValue: () => ({ domains: [] }),
});
export const container = defineAspect({
  name: 'container',
  fqn: 'com.linkedin.container.Container',
  fields: { container: unchecked(anyUrn) },
  relationships: [{ name: 'IsPartOf', path: 'container' }],
  searchable: [{ path: 'container', field: 'container', kind: 'urn' }],
});
export const glossaryTermInfo = defineAspect({
  name: 'glossaryTermInfo',
  fqn: 'com.linkedin.glossary.GlossaryTermInfo',
  fields: {
    definition: unchecked(str),
    termSource: unchecked(str),
    ...asGiven({
      'name?': str,
      'sourceRef?': str,
      'sourceUrl?': str,
      'customProperties?': { map: str },
      'rawSchema?': str,
      'parentNode?': anyUrn,
    }),
  },
  relationships: [{ name: 'IsPartOf', path: 'parentNode' }],
  searchable: [
    { path: 'name', field: 'name', kind: 'text', weight: NAME },
    { path: 'definition', field: 'definition', kind: 'text', weight: PROSE },
    { path: 'parentNode', field: 'parentNode', kind: 'urn' },
    { path: 'termSource', field: 'termSource', kind: 'keyword' },
  ],
});
export const glossaryNodeInfo = defineAspect({
  name: 'glossaryNodeInfo',
  fqn: 'com.linkedin.glossary.GlossaryNodeInfo',
  fields: {
    definition: unchecked(str),
    ...asGiven({ 'name?': str, 'customProperties?': { map: str }, 'parentNode?': anyUrn }),
  },
  relationships: [{ name: 'IsPartOf', path: 'parentNode' }],
  searchable: [
    { path: 'name', field: 'name', kind: 'text', weight: NAME },
    { path: 'definition', field: 'definition', kind: 'text', weight: PROSE },
    { path: 'parentNode', field: 'parentNode', kind: 'urn' },
  ],
});
export const domainProperties = defineAspect({
  name: 'domainProperties',
  fqn: 'com.linkedin.domain.DomainProperties',
  fields: {
    name: unchecked(str),
    'created?': auditStamp,
    ...asGiven({ 'description?': str, 'parentDomain?': anyUrn }),
  },
  relationships: [{ name: 'IsPartOf', path: 'parentDomain' }],
  searchable: [
    { path: 'name', field: 'name', kind: 'text', weight: NAME },
    { path: 'description', field: 'description', kind: 'text', weight: PROSE },
    { path: 'parentDomain', field: 'parentDomain', kind: 'urn' },
  ],
});
export const upstreamLineage = defineAspect({
  name: 'upstreamLineage',
  fqn: 'com.linkedin.dataset.UpstreamLineage',
  // DataHub's required fields and enums are checked (`upstreams`, each upstream's dataset and type,
  // the column lineage types); the rest is stored as given.
  fields: { upstreams: arr(upstream), 'fineGrainedLineages?': arr(fineGrainedLineage) },
  relationships: [
    { name: 'DownstreamOf', path: 'upstreams[].dataset' },
    { name: 'DownstreamOf', path: 'fineGrainedLineages[].upstreams[]' },
  ],
  searchable: [{ path: 'upstreams[].dataset', field: 'upstreams', kind: 'urn' }],
  // UpstreamLineageTemplate: upstreams by dataset; fineGrainedLineages by operation, downstream,
  // query and upstream (src/model/patch.ts, FINE_GRAINED_ASPECTS).
  mergeKeys: { upstreams: ['dataset'] },
  emptyValue: () => ({ upstreams: [], fineGrainedLineages: [] }),
});
/**
 * A glossary term's Is A / Has A terms (and, in newer releases, its values and related terms): each
 * list a relationship to other terms, as DataHub's `GlossaryRelatedTerms` declares them.
 */
export const glossaryRelatedTerms = defineAspect({
  name: 'glossaryRelatedTerms',
  fqn: 'com.linkedin.glossary.GlossaryRelatedTerms',
  fields: asGiven({
    'isRelatedTerms?': arr(anyUrn),
    'hasRelatedTerms?': arr(anyUrn),
    'values?': arr(anyUrn),
    'relatedTerms?': arr(anyUrn),
  }),
  relationships: [
    { name: 'IsA', path: 'isRelatedTerms[]' },
    { name: 'HasA', path: 'hasRelatedTerms[]' },
    { name: 'HasValue', path: 'values[]' },
    { name: 'IsRelatedTo', path: 'relatedTerms[]' },
  ],
});
export const siblings = defineAspect({
  name: 'siblings',
  fqn: 'com.linkedin.common.Siblings',
  fields: { siblings: unchecked(arr(anyUrn)), primary: unchecked(bool) },
  relationships: [{ name: 'SiblingOf', path: 'siblings[]' }],
  mergeKeys: { siblings: 'value' },
  // SiblingsTemplate: no siblings, not the primary one.
  emptyValue: () => ({ siblings: [], primary: false }),
});
export const dataJobInputOutput = defineAspect({
  name: 'dataJobInputOutput',
  fqn: 'com.linkedin.datajob.DataJobInputOutput',
  // DataHub's required fields and enums are checked (the two deprecated lists, which DataHub still
  // requires; an edge's destination; the column lineage types); the rest is stored as given.
  fields: {
    inputDatasets: unchecked(arr(anyUrn)),
    outputDatasets: unchecked(arr(anyUrn)),
    ...asGiven({ 'inputDatajobs?': arr(anyUrn) }),
    'inputDatasetEdges?': arr(edgeChecked),
    'outputDatasetEdges?': arr(edgeChecked),
    'inputDatajobEdges?': arr(edgeChecked),
    'fineGrainedLineages?': arr(fineGrainedLineage),
  },
  relationships: [
    { name: 'Consumes', path: 'inputDatasets[]' },
    { name: 'Consumes', path: 'inputDatasetEdges[].destinationUrn' },
    { name: 'Produces', path: 'outputDatasets[]' },
    { name: 'Produces', path: 'outputDatasetEdges[].destinationUrn' },
    { name: 'DownstreamOf', path: 'inputDatajobs[]' },
    { name: 'DownstreamOf', path: 'inputDatajobEdges[].destinationUrn' },
    { name: 'Consumes', path: 'inputDatasetFields[]' },
    { name: 'Produces', path: 'outputDatasetFields[]' },
  ],
  searchable: [
    { path: 'inputDatasets[]', field: 'inputs', kind: 'urn' },
    { path: 'outputDatasets[]', field: 'outputs', kind: 'urn' },
  ],
  // DataJobInputOutputTemplate: the edge lists by destination, the column lists by value,
  // fineGrainedLineages as upstreamLineage's (src/model/patch.ts). The deprecated plain lists are not
  // in DataHub's template; a patch naming them addresses them by value all the same.
  mergeKeys: {
    inputDatasetEdges: ['destinationUrn'],
    outputDatasetEdges: ['destinationUrn'],
    inputDatajobEdges: ['destinationUrn'],
    inputDatasetFields: 'value',
    outputDatasetFields: 'value',
  },
  looseMergeKeys: { inputDatasets: 'value', outputDatasets: 'value', inputDatajobs: 'value' },
  emptyValue: () => ({
    inputDatasets: [],
    outputDatasets: [],
    inputDatajobs: [],
    inputDatasetEdges: [],
    outputDatasetEdges: [],
    inputDatajobEdges: [],
    inputDatasetFields: [],
    outputDatasetFields: [],
    fineGrainedLineages: [],
  }),
});
export const chartInfo = defineAspect({
  name: 'chartInfo',
  fqn: 'com.linkedin.chart.ChartInfo',
  fields: {
    ...biInfo,
    // DataHub's ChartType.
    'type?': {
      enum: ['BAR', 'PIE', 'SCATTER', 'TABLE', 'TEXT', 'LINE', 'AREA', 'HISTOGRAM', 'BOX_PLOT', 'WORD_CLOUD', 'COHORT'],
    },
    'inputEdges?': arr(edgeChecked),
    ...asGiven({ 'chartUrl?': str, 'inputs?': arr('any') }),
  },
  relationships: [
    // DataHub declares it on the union's member (`inputs/*/string`); the reader reads through it.
    { name: 'Consumes', path: 'inputs[]' },
    { name: 'Consumes', path: 'inputEdges[].destinationUrn' },
  ],
  searchable: [
    { path: 'title', field: 'name', kind: 'text', weight: NAME },
    { path: 'description', field: 'description', kind: 'text', weight: PROSE },
    { path: 'customProperties', field: 'customProperties', kind: 'kv' },
    { path: 'type', field: 'type', kind: 'keyword' },
    { path: 'access', field: 'access', kind: 'keyword' },
  ],
  // ChartInfoTemplate. `inputs` holds union members ({"string": urn}); their urn is their key.
  mergeKeys: { inputs: 'value', inputEdges: ['destinationUrn'] },
  emptyValue: (stamp) => {
    const at = stamp();
    return { title: '', description: '', lastModified: { created: at, lastModified: at }, inputEdges: [], inputs: [] };
  },
});
export const dashboardInfo = defineAspect({
  name: 'dashboardInfo',
  fqn: 'com.linkedin.dashboard.DashboardInfo',
  fields: {
    ...biInfo,
    'chartEdges?': arr(edgeChecked),
    'datasetEdges?': arr(edgeChecked),
    'dashboards?': arr(edgeChecked),
    ...asGiven({ 'dashboardUrl?': str, 'charts?': arr(anyUrn), 'datasets?': arr(anyUrn) }),
  },
  relationships: [
    { name: 'Contains', path: 'charts[]' },
    { name: 'Contains', path: 'chartEdges[].destinationUrn' },
    { name: 'Consumes', path: 'datasets[]' },
    { name: 'Consumes', path: 'datasetEdges[].destinationUrn' },
    { name: 'DashboardContainsDashboard', path: 'dashboards[].destinationUrn' },
  ],
  searchable: [
    { path: 'title', field: 'name', kind: 'text', weight: NAME },
    { path: 'description', field: 'description', kind: 'text', weight: PROSE },
    { path: 'customProperties', field: 'customProperties', kind: 'kv' },
  ],
  // DashboardInfoTemplate.
  mergeKeys: {
    charts: 'value',
    datasets: 'value',
    chartEdges: ['destinationUrn'],
    datasetEdges: ['destinationUrn'],
    dashboards: ['destinationUrn'],
  },
  emptyValue: (stamp) => {
    const at = stamp();
    return {
      title: '',
      description: '',
      lastModified: { created: at, lastModified: at },
      chartEdges: [],
      datasetEdges: [],
      datasets: [],
      charts: [],
    };
  },
});
export const dataProductProperties = defineAspect({
  name: 'dataProductProperties',
  fqn: 'com.linkedin.dataproduct.DataProductProperties',
  fields: {
    ...asGiven({ 'name?': str, 'description?': str, 'externalUrl?': str, 'customProperties?': { map: str } }),
    'assets?': arr(edgeChecked),
  },
  relationships: [{ name: 'DataProductContains', path: 'assets[].destinationUrn' }],
  searchable: [
    { path: 'name', field: 'name', kind: 'text', weight: NAME },
    { path: 'description', field: 'description', kind: 'text', weight: PROSE },
    { path: 'customProperties', field: 'customProperties', kind: 'kv' },
  ],
  mergeKeys: { assets: ['destinationUrn'] },
  emptyValue: () => ({ assets: [] }),
});
// Runs (dataProcessInstance): the job or flow they are an instance of, the run that started them, the
// runs before them, and the datasets they read and wrote.
export const dataProcessInstanceRelationships = defineAspect({
  name: 'dataProcessInstanceRelationships',
  fqn: 'com.linkedin.dataprocess.DataProcessInstanceRelationships',
  fields: {
    ...asGiven({ 'parentTemplate?': anyUrn, 'parentInstance?': anyUrn }),
    upstreamInstances: unchecked(arr(anyUrn)),
  },
  relationships: [
    { name: 'InstanceOf', path: 'parentTemplate' },
    { name: 'ChildOf', path: 'parentInstance' },
    { name: 'UpstreamOf', path: 'upstreamInstances[]' },
  ],
  searchable: [
    { path: 'parentTemplate', field: 'parentTemplate', kind: 'urn' },
    { path: 'parentInstance', field: 'parentInstance', kind: 'urn' },
  ],
});
export const dataProcessInstanceInput = defineAspect({
  name: 'dataProcessInstanceInput',
  fqn: 'com.linkedin.dataprocess.DataProcessInstanceInput',
  relationships: [
    { name: 'Consumes', path: 'inputs[]' },
    { name: 'DataProcessInstanceConsumes', path: 'inputEdges[].destinationUrn' },
  ],
  searchable: [{ path: 'inputs[]', field: 'inputs', kind: 'urn' }],
});
export const dataProcessInstanceOutput = defineAspect({
  name: 'dataProcessInstanceOutput',
  fqn: 'com.linkedin.dataprocess.DataProcessInstanceOutput',
  relationships: [
    { name: 'Produces', path: 'outputs[]' },
    { name: 'DataProcessInstanceProduces', path: 'outputEdges[].destinationUrn' },
  ],
  searchable: [{ path: 'outputs[]', field: 'outputs', kind: 'urn' }],
});
// Machine learning: models trained and used by jobs (or runs), grouped, fed by features; features and
// primary keys derived from datasets; feature tables keyed by primary keys and holding features.
export const mlModelProperties = defineAspect({
  name: 'mlModelProperties',
  fqn: 'com.linkedin.ml.metadata.MLModelProperties',
  fields: {
    ...asGiven({
      ...mlProperties,
      'name?': str,
      'date?': num,
      'type?': str,
      'externalUrl?': str,
      'groups?': arr(anyUrn),
    }),
    ...mlVersion,
    'created?': timeStampChecked,
    'lastModified?': timeStampChecked,
    'hyperParams?': arr(mlParam),
    'trainingMetrics?': arr(mlParam),
    'onlineMetrics?': arr(mlParam),
  },
  relationships: [
    { name: 'TrainedBy', path: 'trainingJobs[]' },
    { name: 'UsedBy', path: 'downstreamJobs[]' },
    { name: 'MemberOf', path: 'groups[]' },
    { name: 'Consumes', path: 'mlFeatures[]' },
  ],
  searchable: [
    { path: 'name', field: 'name', kind: 'text', weight: NAME },
    { path: 'description', field: 'description', kind: 'text', weight: PROSE },
    { path: 'customProperties', field: 'customProperties', kind: 'kv' },
  ],
});
export const mlModelGroupProperties = defineAspect({
  name: 'mlModelGroupProperties',
  fqn: 'com.linkedin.ml.metadata.MLModelGroupProperties',
  fields: {
    ...asGiven({ ...mlProperties, 'name?': str, 'externalUrl?': str }),
    ...mlVersion,
    'created?': timeStampChecked,
    'lastModified?': timeStampChecked,
  },
  relationships: [
    { name: 'TrainedBy', path: 'trainingJobs[]' },
    { name: 'UsedBy', path: 'downstreamJobs[]' },
  ],
  searchable: [
    { path: 'name', field: 'name', kind: 'text', weight: NAME },
    { path: 'description', field: 'description', kind: 'text', weight: PROSE },
  ],
});
export const mlFeatureProperties = defineAspect({
  name: 'mlFeatureProperties',
  fqn: 'com.linkedin.ml.metadata.MLFeatureProperties',
  fields: {
    ...asGiven(mlProperties),
    ...mlVersion,
    'dataType?': { enum: ML_FEATURE_DATA_TYPES },
  },
  relationships: [{ name: 'DerivedFrom', path: 'sources[]' }],
  searchable: [{ path: 'description', field: 'description', kind: 'text', weight: PROSE }],
});
export const mlPrimaryKeyProperties = defineAspect({
  name: 'mlPrimaryKeyProperties',
  fqn: 'com.linkedin.ml.metadata.MLPrimaryKeyProperties',
  fields: {
    ...asGiven(mlProperties),
    ...mlVersion,
    'dataType?': { enum: ML_FEATURE_DATA_TYPES },
    sources: unchecked(arr(anyUrn)),
  },
  relationships: [{ name: 'DerivedFrom', path: 'sources[]' }],
  searchable: [{ path: 'description', field: 'description', kind: 'text', weight: PROSE }],
});
export const mlFeatureTableProperties = defineAspect({
  name: 'mlFeatureTableProperties',
  fqn: 'com.linkedin.ml.metadata.MLFeatureTableProperties',
  fields: asGiven({ ...mlProperties, 'mlFeatures?': arr(anyUrn), 'mlPrimaryKeys?': arr(anyUrn) }),
  relationships: [
    { name: 'KeyedBy', path: 'mlPrimaryKeys[]' },
    { name: 'Contains', path: 'mlFeatures[]' },
  ],
  searchable: [
    { path: 'name', field: 'name', kind: 'text', weight: NAME },
    { path: 'description', field: 'description', kind: 'text', weight: PROSE },
  ],
});
export const subTypes = defineAspect({
  name: 'subTypes',
  fqn: 'com.linkedin.common.SubTypes',
  fields: { typeNames: unchecked(arr(str)) },
  searchable: [{ path: 'typeNames[]', field: 'typeNames', kind: 'keyword' }],
});
export const dataPlatformInstance = defineAspect({
  name: 'dataPlatformInstance',
  fqn: 'com.linkedin.common.DataPlatformInstance',
  fields: { platform: unchecked(anyUrn), ...asGiven({ 'instance?': anyUrn }) },
  searchable: [
    { path: 'platform', field: 'platform', kind: 'urn' },
    { path: 'instance', field: 'platformInstance', kind: 'urn' },
  ],
});
export const structuredProperties = defineAspect({
  name: 'structuredProperties',
  fqn: 'com.linkedin.structured.StructuredProperties',
  fields: {
    properties: arr(
      rec({
        propertyUrn: unchecked(anyUrn),
        // A union of string and double, as DataHub's JSON keys it: `{"string": …}` or `{"double": …}`.
        values: arr('any'),
        'created?': auditStamp,
        'lastModified?': auditStamp,
        'attribution?': attribution,
      }),
    ),
  },
  searchable: [{ path: 'properties[].propertyUrn', field: 'structuredProperties', kind: 'urn' }],
  mergeKeys: { properties: ['propertyUrn', 'attribution.source'] },
  emptyValue: () => ({ properties: [] }),
});
export const editableChartProperties = defineAspect({
  name: 'editableChartProperties',
  fqn: 'com.linkedin.chart.EditableChartProperties',
  fields: editableDescription,
  searchable: [{ path: 'description', field: 'editedDescription', kind: 'text', weight: PROSE }],
});
export const editableDashboardProperties = defineAspect({
  name: 'editableDashboardProperties',
  fqn: 'com.linkedin.dashboard.EditableDashboardProperties',
  fields: editableDescription,
  searchable: [{ path: 'description', field: 'editedDescription', kind: 'text', weight: PROSE }],
});
export const dataFlowInfo = defineAspect({
  name: 'dataFlowInfo',
  fqn: 'com.linkedin.datajob.DataFlowInfo',
  fields: {
    name: unchecked(str),
    'created?': timeStampChecked,
    'lastModified?': timeStampChecked,
    'env?': { enum: FABRIC },
    ...asGiven({ 'description?': str, 'project?': str, 'externalUrl?': str, 'customProperties?': { map: str } }),
  },
  searchable: [
    { path: 'name', field: 'name', kind: 'text', weight: NAME },
    { path: 'description', field: 'description', kind: 'text', weight: PROSE },
    { path: 'project', field: 'project', kind: 'text', weight: PROSE },
    { path: 'customProperties', field: 'customProperties', kind: 'kv' },
  ],
});
export const editableDataFlowProperties = defineAspect({
  name: 'editableDataFlowProperties',
  fqn: 'com.linkedin.datajob.EditableDataFlowProperties',
  fields: editableDescription,
  searchable: [{ path: 'description', field: 'editedDescription', kind: 'text', weight: PROSE }],
});
export const dataJobInfo = defineAspect({
  name: 'dataJobInfo',
  fqn: 'com.linkedin.datajob.DataJobInfo',
  fields: {
    name: unchecked(str),
    // A union of DataHub's AzkabanJobType and a string: its presence is checked.
    type: 'any',
    'created?': timeStampChecked,
    'lastModified?': timeStampChecked,
    // DataHub's JobStatus.
    'status?': {
      enum: ['STARTING', 'IN_PROGRESS', 'STOPPING', 'STOPPED', 'COMPLETED', 'FAILED', 'UNKNOWN', 'SKIPPED'],
    },
    'env?': { enum: FABRIC },
    ...asGiven({ 'description?': str, 'externalUrl?': str, 'customProperties?': { map: str } }),
  },
  searchable: [
    { path: 'name', field: 'name', kind: 'text', weight: NAME },
    { path: 'description', field: 'description', kind: 'text', weight: PROSE },
    { path: 'customProperties', field: 'customProperties', kind: 'kv' },
  ],
});
export const editableDataJobProperties = defineAspect({
  name: 'editableDataJobProperties',
  fqn: 'com.linkedin.datajob.EditableDataJobProperties',
  fields: editableDescription,
  searchable: [{ path: 'description', field: 'editedDescription', kind: 'text', weight: PROSE }],
});
export const containerProperties = defineAspect({
  name: 'containerProperties',
  fqn: 'com.linkedin.container.ContainerProperties',
  fields: {
    name: unchecked(str),
    'env?': { enum: FABRIC },
    'created?': timeStampChecked,
    'lastModified?': timeStampChecked,
    ...asGiven({ 'description?': str, 'customProperties?': { map: str }, 'externalUrl?': str, 'qualifiedName?': str }),
  },
  searchable: [
    { path: 'name', field: 'name', kind: 'text', weight: NAME },
    { path: 'qualifiedName', field: 'qualifiedName', kind: 'text', weight: ID },
    { path: 'description', field: 'description', kind: 'text', weight: PROSE },
    { path: 'customProperties', field: 'customProperties', kind: 'kv' },
    { path: 'env', field: 'env', kind: 'keyword' },
  ],
});
export const editableContainerProperties = defineAspect({
  name: 'editableContainerProperties',
  fqn: 'com.linkedin.container.EditableContainerProperties',
  fields: editableDescription,
  searchable: [{ path: 'description', field: 'editedDescription', kind: 'text', weight: PROSE }],
});
export const dataPlatformInfo = defineAspect({
  name: 'dataPlatformInfo',
  fqn: 'com.linkedin.dataplatform.DataPlatformInfo',
  fields: {
    name: unchecked(str),
    // DataHub's PlatformType.
    type: {
      enum: [
        'FILE_SYSTEM',
        'KEY_VALUE_STORE',
        'MESSAGE_BROKER',
        'OBJECT_STORE',
        'OLAP_DATASTORE',
        'OTHERS',
        'QUERY_ENGINE',
        'RELATIONAL_DB',
        'SEARCH_ENGINE',
      ],
    },
    datasetNameDelimiter: unchecked(str),
    ...asGiven({ 'displayName?': str, 'logoUrl?': str, 'logical?': bool }),
  },
  searchable: [{ path: 'displayName', field: 'name', kind: 'text', weight: NAME }],
});
export const notebookInfo = defineAspect({
  name: 'notebookInfo',
  fqn: 'com.linkedin.notebook.NotebookInfo',
  fields: {
    title: unchecked(str),
    changeAuditStamps: rec(changeStamps),
    ...asGiven({ 'description?': str, 'externalUrl?': str, 'customProperties?': { map: str } }),
  },
  searchable: [
    { path: 'title', field: 'name', kind: 'text', weight: NAME },
    { path: 'description', field: 'description', kind: 'text', weight: PROSE },
  ],
});
// AssertionRunSummary's @Searchable field: the status of the newest run (src/ops/quality/assertions.ts keeps it).
export const assertionRunSummary = defineAspect({
  name: 'assertionRunSummary',
  fqn: 'com.linkedin.assertion.AssertionRunSummary',
  fields: {
    // DataHub's AssertionStatus; the times of the last run of each result are stored as given.
    'assertionStatus?': { enum: ['PASSING', 'FAILING', 'ERROR', 'INIT'] },
    ...asGiven({
      'lastFailedAtMillis?': num,
      'lastErroredAtMillis?': num,
      'lastPassedAtMillis?': num,
      'lastInitializedAtMillis?': num,
    }),
  },
  searchable: [{ path: 'assertionStatus', field: 'assertionStatus', kind: 'keyword' }],
});
export const ownershipTypeInfo = defineAspect({
  name: 'ownershipTypeInfo',
  fqn: 'com.linkedin.ownership.OwnershipTypeInfo',
  fields: { name: unchecked(str), ...asGiven({ 'description?': str }), created: auditStamp, lastModified: auditStamp },
  searchable: [{ path: 'name', field: 'name', kind: 'text', weight: NAME }],
});
export const dataProcessInstanceProperties = defineAspect({
  name: 'dataProcessInstanceProperties',
  fqn: 'com.linkedin.dataprocess.DataProcessInstanceProperties',
  fields: {
    name: unchecked(str),
    // DataHub's DataProcessType.
    'type?': { enum: ['BATCH_SCHEDULED', 'BATCH_AD_HOC', 'STREAMING'] },
    created: auditStamp,
    ...asGiven({ 'externalUrl?': str, 'customProperties?': { map: str } }),
  },
  searchable: [
    { path: 'name', field: 'name', kind: 'text', weight: NAME },
    { path: 'type', field: 'type', kind: 'keyword' },
    { path: 'customProperties', field: 'customProperties', kind: 'kv' },
  ],
});
/**
 * A structured property's definition. Search indexes its names (DataHub's `@Searchable` on
 * qualifiedName, displayName and description) and the urns it applies to: `entityTypes` and
 * `allowedPlatforms`, which DataHub's UI and agents filter properties by.
 */
export const propertyDefinition = defineAspect({
  name: 'propertyDefinition',
  fqn: 'com.linkedin.structured.StructuredPropertyDefinition',
  fields: {
    qualifiedName: unchecked(str),
    valueType: unchecked(anyUrn),
    entityTypes: unchecked(arr(anyUrn)),
    // DataHub's PropertyCardinality (SINGLE when absent).
    'cardinality?': { enum: ['SINGLE', 'MULTIPLE'] },
    // Each allowed value: a union of string and double, as DataHub's JSON keys it.
    'allowedValues?': arr(rec({ value: 'any', ...asGiven({ 'description?': str }) })),
    'searchConfiguration?': rec({ 'fieldType?': { enum: SEARCH_FIELD_TYPES } }),
    'created?': auditStamp,
    'lastModified?': auditStamp,
    ...asGiven({
      'displayName?': str,
      'description?': str,
      'immutable?': bool,
      'typeQualifier?': rec({ 'allowedTypes?': arr(anyUrn) }),
      'allowedPlatforms?': arr(anyUrn),
    }),
  },
  searchable: [
    { path: 'qualifiedName', field: 'id', kind: 'text', weight: ID },
    { path: 'displayName', field: 'name', kind: 'text', weight: NAME },
    { path: 'description', field: 'description', kind: 'text', weight: PROSE },
    { path: 'entityTypes[]', field: 'entityTypes', kind: 'urn' },
    { path: 'allowedPlatforms[]', field: 'allowedPlatforms', kind: 'urn' },
  ],
  relationships: [{ name: 'StructuredPropertyOf', path: 'entityTypes[]' }],
  // StructuredPropertyDefinitionTemplate: entity types by value; allowed values (by the value they hold,
  // read through its union) and allowed platforms keyed only when there or named by a patch.
  mergeKeys: { entityTypes: 'value' },
  looseMergeKeys: { allowedValues: ['value'], allowedPlatforms: 'value' },
  emptyValue: () => ({ qualifiedName: '', valueType: 'urn:li:dataType:datahub.string', entityTypes: [] }),
});

export type NativeGroupMembership = AspectValue<typeof nativeGroupMembership>;
export type Domains = AspectValue<typeof domains>;
export type Container = AspectValue<typeof container>;
export type GlossaryTermInfo = AspectValue<typeof glossaryTermInfo>;
export type GlossaryNodeInfo = AspectValue<typeof glossaryNodeInfo>;
export type DomainProperties = AspectValue<typeof domainProperties>;
export type UpstreamLineage = AspectValue<typeof upstreamLineage>;
export type Siblings = AspectValue<typeof siblings>;
export type DataJobInputOutput = AspectValue<typeof dataJobInputOutput>;
export type ChartInfo = AspectValue<typeof chartInfo>;
export type DashboardInfo = AspectValue<typeof dashboardInfo>;
export type DataProductProperties = AspectValue<typeof dataProductProperties>;
export type DataProcessInstanceRelationships = AspectValue<typeof dataProcessInstanceRelationships>;
export type MlModelProperties = AspectValue<typeof mlModelProperties>;
export type MlModelGroupProperties = AspectValue<typeof mlModelGroupProperties>;
export type MlFeatureProperties = AspectValue<typeof mlFeatureProperties>;
export type MlPrimaryKeyProperties = AspectValue<typeof mlPrimaryKeyProperties>;
export type MlFeatureTableProperties = AspectValue<typeof mlFeatureTableProperties>;
export type SubTypes = AspectValue<typeof subTypes>;
export type DataPlatformInstance = AspectValue<typeof dataPlatformInstance>;
export type StructuredProperties = AspectValue<typeof structuredProperties>;
export type EditableChartProperties = AspectValue<typeof editableChartProperties>;
export type EditableDashboardProperties = AspectValue<typeof editableDashboardProperties>;
export type DataFlowInfo = AspectValue<typeof dataFlowInfo>;
export type EditableDataFlowProperties = AspectValue<typeof editableDataFlowProperties>;
export type DataJobInfo = AspectValue<typeof dataJobInfo>;
export type EditableDataJobProperties = AspectValue<typeof editableDataJobProperties>;
export type ContainerProperties = AspectValue<typeof containerProperties>;
export type EditableContainerProperties = AspectValue<typeof editableContainerProperties>;
export type DataPlatformInfo = AspectValue<typeof dataPlatformInfo>;
export type NotebookInfo = AspectValue<typeof notebookInfo>;
export type AssertionRunSummary = AspectValue<typeof assertionRunSummary>;
export type OwnershipTypeInfo = AspectValue<typeof ownershipTypeInfo>;
export type DataProcessInstanceProperties = AspectValue<typeof dataProcessInstanceProperties>;
export type PropertyDefinition = AspectValue<typeof propertyDefinition>;
