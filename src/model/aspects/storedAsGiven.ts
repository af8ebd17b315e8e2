/**
 * Aspects whose shape is stored as given (not checked yet) but that carry other declarations: the
 * relationships DataHub declares on them (docs/datahub/discovery.md §1.4), the fields search indexes.
 */
import { defineAspect, ID, NAME, PROSE } from './define.ts';

export const nativeGroupMembership = defineAspect({
  name: 'nativeGroupMembership',
  fqn: 'com.linkedin.identity.NativeGroupMembership',
  relationships: [{ name: 'IsMemberOfNativeGroup', path: 'nativeGroups[]' }],
});
export const domains = defineAspect({
  name: 'domains',
  fqn: 'com.linkedin.domain.Domains',
  relationships: [{ name: 'AssociatedWith', path: 'domains[]' }],
  searchable: [
    { path: 'domains[]', field: 'domains', kind: 'urn' },
  ],
  mergeKeys: { domains: 'value' },
  emptyValue: () => ({ domains: [] }),
});
export const container = defineAspect({
  name: 'container',
  fqn: 'com.linkedin.container.Container',
  relationships: [{ name: 'IsPartOf', path: 'container' }],
  searchable: [
    { path: 'container', field: 'container', kind: 'urn' },
  ],
});
export const glossaryTermInfo = defineAspect({
  name: 'glossaryTermInfo',
  fqn: 'com.linkedin.glossary.GlossaryTermInfo',
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
  relationships: [
    { name: 'DownstreamOf', path: 'upstreams[].dataset' },
    { name: 'DownstreamOf', path: 'fineGrainedLineages[].upstreams[]' },
  ],
  searchable: [
    { path: 'upstreams[].dataset', field: 'upstreams', kind: 'urn' },
  ],
  // UpstreamLineageTemplate: upstreams by dataset; fineGrainedLineages by operation, downstream,
  // query and upstream (src/model/patch.ts, FINE_GRAINED_ASPECTS).
  mergeKeys: { upstreams: ['dataset'] },
  emptyValue: () => ({ upstreams: [], fineGrainedLineages: [] }),
});
export const siblings = defineAspect({
  name: 'siblings',
  fqn: 'com.linkedin.common.Siblings',
  relationships: [{ name: 'SiblingOf', path: 'siblings[]' }],
  mergeKeys: { siblings: 'value' },
  emptyValue: () => ({ siblings: [] }),
});
export const dataJobInputOutput = defineAspect({
  name: 'dataJobInputOutput',
  fqn: 'com.linkedin.datajob.DataJobInputOutput',
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
  mergeKeys: { charts: 'value', datasets: 'value', chartEdges: ['destinationUrn'], datasetEdges: ['destinationUrn'], dashboards: ['destinationUrn'] },
  emptyValue: (stamp) => {
    const at = stamp();
    return { title: '', description: '', lastModified: { created: at, lastModified: at }, chartEdges: [], datasetEdges: [], datasets: [], charts: [] };
  },
});
export const dataProductProperties = defineAspect({
  name: 'dataProductProperties',
  fqn: 'com.linkedin.dataproduct.DataProductProperties',
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
  searchable: [
    { path: 'inputs[]', field: 'inputs', kind: 'urn' },
  ],
});
export const dataProcessInstanceOutput = defineAspect({
  name: 'dataProcessInstanceOutput',
  fqn: 'com.linkedin.dataprocess.DataProcessInstanceOutput',
  relationships: [
    { name: 'Produces', path: 'outputs[]' },
    { name: 'DataProcessInstanceProduces', path: 'outputEdges[].destinationUrn' },
  ],
  searchable: [
    { path: 'outputs[]', field: 'outputs', kind: 'urn' },
  ],
});
// Machine learning: models trained and used by jobs (or runs), grouped, fed by features; features and
// primary keys derived from datasets; feature tables keyed by primary keys and holding features.
export const mlModelProperties = defineAspect({
  name: 'mlModelProperties',
  fqn: 'com.linkedin.ml.metadata.MLModelProperties',
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
  relationships: [{ name: 'DerivedFrom', path: 'sources[]' }],
  searchable: [
    { path: 'description', field: 'description', kind: 'text', weight: PROSE },
  ],
});
export const mlPrimaryKeyProperties = defineAspect({
  name: 'mlPrimaryKeyProperties',
  fqn: 'com.linkedin.ml.metadata.MLPrimaryKeyProperties',
  relationships: [{ name: 'DerivedFrom', path: 'sources[]' }],
  searchable: [
    { path: 'description', field: 'description', kind: 'text', weight: PROSE },
  ],
});
export const mlFeatureTableProperties = defineAspect({
  name: 'mlFeatureTableProperties',
  fqn: 'com.linkedin.ml.metadata.MLFeatureTableProperties',
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
  searchable: [
    { path: 'typeNames[]', field: 'typeNames', kind: 'keyword' },
  ],
});
export const dataPlatformInstance = defineAspect({
  name: 'dataPlatformInstance',
  fqn: 'com.linkedin.common.DataPlatformInstance',
  searchable: [
    { path: 'platform', field: 'platform', kind: 'urn' },
    { path: 'instance', field: 'platformInstance', kind: 'urn' },
  ],
});
export const structuredProperties = defineAspect({
  name: 'structuredProperties',
  fqn: 'com.linkedin.structured.StructuredProperties',
  searchable: [
    { path: 'properties[].propertyUrn', field: 'structuredProperties', kind: 'urn' },
  ],
  mergeKeys: { properties: ['propertyUrn', 'attribution.source'] },
  emptyValue: () => ({ properties: [] }),
});
export const editableChartProperties = defineAspect({
  name: 'editableChartProperties',
  fqn: 'com.linkedin.chart.EditableChartProperties',
  searchable: [
    { path: 'description', field: 'editedDescription', kind: 'text', weight: PROSE },
  ],
});
export const editableDashboardProperties = defineAspect({
  name: 'editableDashboardProperties',
  fqn: 'com.linkedin.dashboard.EditableDashboardProperties',
  searchable: [
    { path: 'description', field: 'editedDescription', kind: 'text', weight: PROSE },
  ],
});
export const dataFlowInfo = defineAspect({
  name: 'dataFlowInfo',
  fqn: 'com.linkedin.datajob.DataFlowInfo',
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
  searchable: [
    { path: 'description', field: 'editedDescription', kind: 'text', weight: PROSE },
  ],
});
export const dataJobInfo = defineAspect({
  name: 'dataJobInfo',
  fqn: 'com.linkedin.datajob.DataJobInfo',
  searchable: [
    { path: 'name', field: 'name', kind: 'text', weight: NAME },
    { path: 'description', field: 'description', kind: 'text', weight: PROSE },
    { path: 'customProperties', field: 'customProperties', kind: 'kv' },
  ],
});
export const editableDataJobProperties = defineAspect({
  name: 'editableDataJobProperties',
  fqn: 'com.linkedin.datajob.EditableDataJobProperties',
  searchable: [
    { path: 'description', field: 'editedDescription', kind: 'text', weight: PROSE },
  ],
});
export const containerProperties = defineAspect({
  name: 'containerProperties',
  fqn: 'com.linkedin.container.ContainerProperties',
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
  searchable: [
    { path: 'description', field: 'editedDescription', kind: 'text', weight: PROSE },
  ],
});
export const dataPlatformInfo = defineAspect({
  name: 'dataPlatformInfo',
  fqn: 'com.linkedin.dataplatform.DataPlatformInfo',
  searchable: [
    { path: 'displayName', field: 'name', kind: 'text', weight: NAME },
  ],
});
export const notebookInfo = defineAspect({
  name: 'notebookInfo',
  fqn: 'com.linkedin.notebook.NotebookInfo',
  searchable: [
    { path: 'title', field: 'name', kind: 'text', weight: NAME },
    { path: 'description', field: 'description', kind: 'text', weight: PROSE },
  ],
});
// AssertionRunSummary's @Searchable field: the status of the newest run (src/ops/quality/assertions.ts keeps it).
export const assertionRunSummary = defineAspect({
  name: 'assertionRunSummary',
  fqn: 'com.linkedin.assertion.AssertionRunSummary',
  searchable: [
    { path: 'assertionStatus', field: 'assertionStatus', kind: 'keyword' },
  ],
});
export const ownershipTypeInfo = defineAspect({
  name: 'ownershipTypeInfo',
  fqn: 'com.linkedin.ownership.OwnershipTypeInfo',
  searchable: [
    { path: 'name', field: 'name', kind: 'text', weight: NAME },
  ],
});
export const dataProcessInstanceProperties = defineAspect({
  name: 'dataProcessInstanceProperties',
  fqn: 'com.linkedin.dataprocess.DataProcessInstanceProperties',
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
  searchable: [
    { path: 'qualifiedName', field: 'id', kind: 'text', weight: ID },
    { path: 'displayName', field: 'name', kind: 'text', weight: NAME },
    { path: 'description', field: 'description', kind: 'text', weight: PROSE },
    { path: 'entityTypes[]', field: 'entityTypes', kind: 'urn' },
    { path: 'allowedPlatforms[]', field: 'allowedPlatforms', kind: 'urn' },
  ],
  // StructuredPropertyDefinitionTemplate: entity types by value; allowed values (by the value they hold,
  // read through its union) and allowed platforms keyed only when there or named by a patch.
  mergeKeys: { entityTypes: 'value' },
  looseMergeKeys: { allowedValues: ['value'], allowedPlatforms: 'value' },
  emptyValue: () => ({ qualifiedName: '', valueType: 'urn:li:dataType:datahub.string', entityTypes: [] }),
});
