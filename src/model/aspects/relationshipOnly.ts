/**
 * Aspects whose shape is stored as given (not checked yet) but whose relationships are indexed, as
 * DataHub declares them (datahub-discovery.md §1.4).
 */
import { defineAspect } from './define.ts';

export const nativeGroupMembership = defineAspect({
  name: 'nativeGroupMembership',
  fqn: 'com.linkedin.identity.NativeGroupMembership',
  relationships: [{ name: 'IsMemberOfNativeGroup', path: 'nativeGroups[]' }],
});
export const domains = defineAspect({
  name: 'domains',
  fqn: 'com.linkedin.domain.Domains',
  relationships: [{ name: 'AssociatedWith', path: 'domains[]' }],
});
export const container = defineAspect({
  name: 'container',
  fqn: 'com.linkedin.container.Container',
  relationships: [{ name: 'IsPartOf', path: 'container' }],
});
export const glossaryTermInfo = defineAspect({
  name: 'glossaryTermInfo',
  fqn: 'com.linkedin.glossary.GlossaryTermInfo',
  relationships: [{ name: 'IsPartOf', path: 'parentNode' }],
});
export const glossaryNodeInfo = defineAspect({
  name: 'glossaryNodeInfo',
  fqn: 'com.linkedin.glossary.GlossaryNodeInfo',
  relationships: [{ name: 'IsPartOf', path: 'parentNode' }],
});
export const domainProperties = defineAspect({
  name: 'domainProperties',
  fqn: 'com.linkedin.domain.DomainProperties',
  relationships: [{ name: 'IsPartOf', path: 'parentDomain' }],
});
export const upstreamLineage = defineAspect({
  name: 'upstreamLineage',
  fqn: 'com.linkedin.dataset.UpstreamLineage',
  relationships: [
    { name: 'DownstreamOf', path: 'upstreams[].dataset' },
    { name: 'DownstreamOf', path: 'fineGrainedLineages[].upstreams[]' },
  ],
});
export const siblings = defineAspect({
  name: 'siblings',
  fqn: 'com.linkedin.common.Siblings',
  relationships: [{ name: 'SiblingOf', path: 'siblings[]' }],
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
  ],
});
export const chartInfo = defineAspect({
  name: 'chartInfo',
  fqn: 'com.linkedin.chart.ChartInfo',
  relationships: [
    { name: 'Consumes', path: 'inputs[]' },
    { name: 'Consumes', path: 'inputEdges[].destinationUrn' },
  ],
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
});
export const dataProductProperties = defineAspect({
  name: 'dataProductProperties',
  fqn: 'com.linkedin.dataproduct.DataProductProperties',
  relationships: [{ name: 'DataProductContains', path: 'assets[].destinationUrn' }],
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
});
export const dataProcessInstanceInput = defineAspect({
  name: 'dataProcessInstanceInput',
  fqn: 'com.linkedin.dataprocess.DataProcessInstanceInput',
  relationships: [
    { name: 'Consumes', path: 'inputs[]' },
    { name: 'DataProcessInstanceConsumes', path: 'inputEdges[].destinationUrn' },
  ],
});
export const dataProcessInstanceOutput = defineAspect({
  name: 'dataProcessInstanceOutput',
  fqn: 'com.linkedin.dataprocess.DataProcessInstanceOutput',
  relationships: [
    { name: 'Produces', path: 'outputs[]' },
    { name: 'DataProcessInstanceProduces', path: 'outputEdges[].destinationUrn' },
  ],
});
export const dataJobKey = defineAspect({
  name: 'dataJobKey',
  fqn: 'com.linkedin.metadata.key.DataJobKey',
  relationships: [{ name: 'IsPartOf', path: 'flow' }],
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
});
export const mlModelGroupProperties = defineAspect({
  name: 'mlModelGroupProperties',
  fqn: 'com.linkedin.ml.metadata.MLModelGroupProperties',
  relationships: [
    { name: 'TrainedBy', path: 'trainingJobs[]' },
    { name: 'UsedBy', path: 'downstreamJobs[]' },
  ],
});
export const mlFeatureProperties = defineAspect({
  name: 'mlFeatureProperties',
  fqn: 'com.linkedin.ml.metadata.MLFeatureProperties',
  relationships: [{ name: 'DerivedFrom', path: 'sources[]' }],
});
export const mlPrimaryKeyProperties = defineAspect({
  name: 'mlPrimaryKeyProperties',
  fqn: 'com.linkedin.ml.metadata.MLPrimaryKeyProperties',
  relationships: [{ name: 'DerivedFrom', path: 'sources[]' }],
});
export const mlFeatureTableProperties = defineAspect({
  name: 'mlFeatureTableProperties',
  fqn: 'com.linkedin.ml.metadata.MLFeatureTableProperties',
  relationships: [
    { name: 'KeyedBy', path: 'mlPrimaryKeys[]' },
    { name: 'Contains', path: 'mlFeatures[]' },
  ],
});
