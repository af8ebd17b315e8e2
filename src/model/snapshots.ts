/**
 * The Rest.li snapshot of each entity type that has one (docs/datahub/discovery.md §7.1): the snapshot
 * record's name and the aspects its union can carry, key aspect first. Read from the Pegasus
 * models as the 1.7 Python client ships them (`metadata/schema_classes.py`, `*SnapshotClass`).
 * Entity types missing here (domain, container, dataProduct, …) have no snapshot in DataHub.
 *
 * Aspect schema names come from the registry; the few snapshot aspects the registry does not know
 * yet are named here, so that a snapshot never carries a guessed name.
 */
import { aspectFqn } from './registry.ts';

export interface SnapshotUnion {
  /** The snapshot record, e.g. `com.linkedin.metadata.snapshot.DatasetSnapshot`. */
  fqn: string;
  /** Aspect names the union may carry, in the union's order; the key aspect comes first. */
  aspects: readonly string[];
}

const SNAPSHOT_NAMESPACE = 'com.linkedin.metadata.snapshot';

/** Schema names of snapshot aspects of entity types the registry does not serve. */
const OTHER_FQNS: Record<string, string> = {
  dataHubPolicyKey: 'com.linkedin.metadata.key.DataHubPolicyKey',
  dataHubPolicyInfo: 'com.linkedin.policy.DataHubPolicyInfo',
  dataHubRetentionKey: 'com.linkedin.metadata.key.DataHubRetentionKey',
  dataHubRetentionConfig: 'com.linkedin.retention.DataHubRetentionConfig',
  dataProcessKey: 'com.linkedin.metadata.key.DataProcessKey',
  dataProcessInfo: 'com.linkedin.dataprocess.DataProcessInfo',
  mlModelDeploymentKey: 'com.linkedin.metadata.key.MLModelDeploymentKey',
  mlModelDeploymentProperties: 'com.linkedin.ml.metadata.MLModelDeploymentProperties',
};

/** Aspects most snapshots of data assets share, in DataHub's order. */
const ASSET_TAIL = [
  'ownership',
  'status',
  'globalTags',
  'browsePaths',
  'glossaryTerms',
  'institutionalMemory',
  'dataPlatformInstance',
  'browsePathsV2',
];

const union = (record: string, aspects: string[]): SnapshotUnion => ({
  fqn: `${SNAPSHOT_NAMESPACE}.${record}Snapshot`,
  aspects,
});

const SNAPSHOTS: Record<string, SnapshotUnion> = {
  chart: union('Chart', ['chartKey', 'chartInfo', 'chartQuery', 'editableChartProperties', ...ASSET_TAIL]),
  corpGroup: union('CorpGroup', ['corpGroupKey', 'corpGroupInfo', 'globalTags', 'status']),
  corpuser: union('CorpUser', [
    'corpUserKey',
    'corpUserInfo',
    'corpUserEditableInfo',
    'corpUserStatus',
    'groupMembership',
    'globalTags',
    'status',
  ]),
  dashboard: union('Dashboard', ['dashboardKey', 'dashboardInfo', 'editableDashboardProperties', ...ASSET_TAIL]),
  dataFlow: union('DataFlow', ['dataFlowKey', 'dataFlowInfo', 'editableDataFlowProperties', ...ASSET_TAIL]),
  dataHubPolicy: union('DataHubPolicy', ['dataHubPolicyKey', 'dataHubPolicyInfo']),
  dataHubRetention: union('DataHubRetention', ['dataHubRetentionKey', 'dataHubRetentionConfig']),
  dataJob: union('DataJob', [
    'dataJobKey',
    'dataJobInfo',
    'dataJobInputOutput',
    'editableDataJobProperties',
    ...ASSET_TAIL,
  ]),
  dataPlatform: union('DataPlatform', ['dataPlatformKey', 'dataPlatformInfo']),
  dataProcess: union('DataProcess', ['dataProcessKey', 'ownership', 'dataProcessInfo', 'status']),
  dataset: union('Dataset', [
    'datasetKey',
    'datasetProperties',
    'editableDatasetProperties',
    'datasetDeprecation',
    'datasetUpstreamLineage',
    'upstreamLineage',
    'institutionalMemory',
    'ownership',
    'status',
    'schemaMetadata',
    'editableSchemaMetadata',
    'globalTags',
    'glossaryTerms',
    'browsePaths',
    'dataPlatformInstance',
    'viewProperties',
    'browsePathsV2',
  ]),
  glossaryNode: union('GlossaryNode', ['glossaryNodeKey', 'glossaryNodeInfo', 'ownership', 'status']),
  glossaryTerm: union('GlossaryTerm', [
    'glossaryTermKey',
    'glossaryTermInfo',
    'ownership',
    'status',
    'browsePaths',
    'glossaryRelatedTerms',
  ]),
  mlFeature: union('MLFeature', [
    'mlFeatureKey',
    'mlFeatureProperties',
    'ownership',
    'institutionalMemory',
    'status',
    'deprecation',
    'browsePaths',
    'globalTags',
    'dataPlatformInstance',
    'browsePathsV2',
  ]),
  mlFeatureTable: union('MLFeatureTable', [
    'mlFeatureTableKey',
    'mlFeatureTableProperties',
    'ownership',
    'institutionalMemory',
    'status',
    'deprecation',
    'browsePaths',
    'globalTags',
    'dataPlatformInstance',
    'browsePathsV2',
  ]),
  mlModelDeployment: union('MLModelDeployment', [
    'mlModelDeploymentKey',
    'mlModelDeploymentProperties',
    'ownership',
    'status',
    'deprecation',
    'globalTags',
    'dataPlatformInstance',
  ]),
  mlModelGroup: union('MLModelGroup', [
    'mlModelGroupKey',
    'mlModelGroupProperties',
    'ownership',
    'status',
    'deprecation',
    'browsePaths',
    'globalTags',
    'dataPlatformInstance',
    'browsePathsV2',
  ]),
  mlModel: union('MLModel', [
    'mlModelKey',
    'ownership',
    'mlModelProperties',
    'intendedUse',
    'mlModelFactorPrompts',
    'mlModelMetrics',
    'mlModelEvaluationData',
    'mlModelTrainingData',
    'mlModelQuantitativeAnalyses',
    'mlModelEthicalConsiderations',
    'mlModelCaveatsAndRecommendations',
    'institutionalMemory',
    'sourceCode',
    'status',
    'cost',
    'deprecation',
    'browsePaths',
    'globalTags',
    'dataPlatformInstance',
    'browsePathsV2',
  ]),
  mlPrimaryKey: union('MLPrimaryKey', [
    'mlPrimaryKeyKey',
    'mlPrimaryKeyProperties',
    'ownership',
    'institutionalMemory',
    'status',
    'deprecation',
    'globalTags',
    'dataPlatformInstance',
  ]),
  schemaField: union('SchemaField', ['schemaFieldKey']),
  tag: union('Tag', ['tagKey', 'ownership', 'tagProperties', 'status']),
};

/** The snapshot of an entity type, or undefined when DataHub has none for it. */
export function snapshotUnionOf(entityType: string): SnapshotUnion | undefined {
  return Object.hasOwn(SNAPSHOTS, entityType) ? SNAPSHOTS[entityType] : undefined;
}

/** Entity types that have a snapshot, sorted. */
export function snapshotEntityTypes(): string[] {
  return Object.keys(SNAPSHOTS).sort();
}

/** The schema name a snapshot uses as the union key of an aspect. */
export function snapshotAspectFqn(aspectName: string): string {
  const fqn = aspectFqn(aspectName) ?? OTHER_FQNS[aspectName];
  if (!fqn) throw new Error(`snapshot aspect ${aspectName} has no schema name: add it to OTHER_FQNS`);
  return fqn;
}
