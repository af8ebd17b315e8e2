/**
 * Key aspects that carry declarations. A key aspect is never written by a client: it follows from the
 * entity's urn (src/model/registry.ts derives it), and search indexes its parts like any other field.
 */
import { defineAspect, ID, PATH, platformUrn, PROSE } from './define.ts';

export const datasetKey = defineAspect({
  name: 'datasetKey',
  fqn: 'com.linkedin.metadata.key.DatasetKey',
  searchable: [
    { path: 'platform', field: 'platform', kind: 'urn' },
    { path: 'name', field: 'id', kind: 'text', weight: ID },
    { path: 'origin', field: 'origin', kind: 'keyword' },
  ],
});
export const chartKey = defineAspect({
  name: 'chartKey',
  fqn: 'com.linkedin.metadata.key.ChartKey',
  searchable: [
    { path: 'dashboardTool', field: 'platform', kind: 'urn', map: platformUrn },
    { path: 'chartId', field: 'id', kind: 'text', weight: ID },
  ],
});
export const dashboardKey = defineAspect({
  name: 'dashboardKey',
  fqn: 'com.linkedin.metadata.key.DashboardKey',
  searchable: [
    { path: 'dashboardTool', field: 'platform', kind: 'urn', map: platformUrn },
    { path: 'dashboardId', field: 'id', kind: 'text', weight: ID },
  ],
});
export const dataFlowKey = defineAspect({
  name: 'dataFlowKey',
  fqn: 'com.linkedin.metadata.key.DataFlowKey',
  searchable: [
    { path: 'orchestrator', field: 'platform', kind: 'urn', map: platformUrn },
    { path: 'flowId', field: 'id', kind: 'text', weight: ID },
    { path: 'cluster', field: 'env', kind: 'keyword' },
  ],
});
export const dataJobKey = defineAspect({
  name: 'dataJobKey',
  fqn: 'com.linkedin.metadata.key.DataJobKey',
  relationships: [{ name: 'IsPartOf', path: 'flow' }],
  searchable: [
    { path: 'flow', field: 'dataFlow', kind: 'urn' },
    { path: 'jobId', field: 'id', kind: 'text', weight: ID },
  ],
});
export const corpUserKey = defineAspect({
  name: 'corpUserKey',
  fqn: 'com.linkedin.metadata.key.CorpUserKey',
  searchable: [{ path: 'username', field: 'ldap', kind: 'text', weight: ID }],
});
export const corpGroupKey = defineAspect({
  name: 'corpGroupKey',
  fqn: 'com.linkedin.metadata.key.CorpGroupKey',
  searchable: [{ path: 'name', field: 'id', kind: 'text', weight: ID }],
});
export const tagKey = defineAspect({
  name: 'tagKey',
  fqn: 'com.linkedin.metadata.key.TagKey',
  searchable: [{ path: 'name', field: 'id', kind: 'text', weight: ID }],
});
export const glossaryTermKey = defineAspect({
  name: 'glossaryTermKey',
  fqn: 'com.linkedin.metadata.key.GlossaryTermKey',
  searchable: [{ path: 'name', field: 'id', kind: 'text', weight: ID }],
});
export const glossaryNodeKey = defineAspect({
  name: 'glossaryNodeKey',
  fqn: 'com.linkedin.metadata.key.GlossaryNodeKey',
  searchable: [{ path: 'name', field: 'id', kind: 'text', weight: ID }],
});
export const domainKey = defineAspect({
  name: 'domainKey',
  fqn: 'com.linkedin.metadata.key.DomainKey',
  searchable: [{ path: 'id', field: 'id', kind: 'text', weight: ID }],
});
export const dataProductKey = defineAspect({
  name: 'dataProductKey',
  fqn: 'com.linkedin.dataproduct.DataProductKey',
  searchable: [{ path: 'id', field: 'id', kind: 'text', weight: ID }],
});
export const dataPlatformKey = defineAspect({
  name: 'dataPlatformKey',
  fqn: 'com.linkedin.metadata.key.DataPlatformKey',
  searchable: [{ path: 'platformName', field: 'id', kind: 'text', weight: ID }],
});
export const dataPlatformInstanceKey = defineAspect({
  name: 'dataPlatformInstanceKey',
  fqn: 'com.linkedin.metadata.key.DataPlatformInstanceKey',
  searchable: [
    { path: 'platform', field: 'platform', kind: 'urn' },
    { path: 'instance', field: 'id', kind: 'text', weight: ID },
  ],
});
export const mlModelKey = defineAspect({
  name: 'mlModelKey',
  fqn: 'com.linkedin.metadata.key.MLModelKey',
  searchable: [
    { path: 'platform', field: 'platform', kind: 'urn' },
    { path: 'name', field: 'id', kind: 'text', weight: ID },
    { path: 'origin', field: 'origin', kind: 'keyword' },
  ],
});
export const mlModelGroupKey = defineAspect({
  name: 'mlModelGroupKey',
  fqn: 'com.linkedin.metadata.key.MLModelGroupKey',
  searchable: [
    { path: 'platform', field: 'platform', kind: 'urn' },
    { path: 'name', field: 'id', kind: 'text', weight: ID },
    { path: 'origin', field: 'origin', kind: 'keyword' },
  ],
});
export const mlFeatureKey = defineAspect({
  name: 'mlFeatureKey',
  fqn: 'com.linkedin.metadata.key.MLFeatureKey',
  searchable: [
    { path: 'featureNamespace', field: 'featureNamespace', kind: 'text', weight: PROSE },
    { path: 'name', field: 'id', kind: 'text', weight: ID },
  ],
});
export const mlPrimaryKeyKey = defineAspect({
  name: 'mlPrimaryKeyKey',
  fqn: 'com.linkedin.metadata.key.MLPrimaryKeyKey',
  searchable: [
    { path: 'featureNamespace', field: 'featureNamespace', kind: 'text', weight: PROSE },
    { path: 'name', field: 'id', kind: 'text', weight: ID },
  ],
});
export const mlFeatureTableKey = defineAspect({
  name: 'mlFeatureTableKey',
  fqn: 'com.linkedin.metadata.key.MLFeatureTableKey',
  searchable: [
    { path: 'platform', field: 'platform', kind: 'urn' },
    { path: 'name', field: 'id', kind: 'text', weight: ID },
  ],
});
export const notebookKey = defineAspect({
  name: 'notebookKey',
  fqn: 'com.linkedin.metadata.key.NotebookKey',
  searchable: [
    { path: 'notebookTool', field: 'platform', kind: 'urn', map: platformUrn },
    { path: 'notebookId', field: 'id', kind: 'text', weight: ID },
  ],
});
export const schemaFieldKey = defineAspect({
  name: 'schemaFieldKey',
  fqn: 'com.linkedin.metadata.key.SchemaFieldKey',
  searchable: [
    { path: 'parent', field: 'parent', kind: 'urn' },
    { path: 'fieldPath', field: 'fieldPaths', kind: 'text', weight: PATH },
  ],
});
export const dataProcessInstanceKey = defineAspect({
  name: 'dataProcessInstanceKey',
  fqn: 'com.linkedin.metadata.key.DataProcessInstanceKey',
  searchable: [{ path: 'id', field: 'id', kind: 'text', weight: ID }],
});
