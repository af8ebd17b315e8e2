/**
 * Every aspect the model knows: the modules that declare a shape, then aspects stored as given that
 * carry other declarations, those the program reads (typed, not checked), the key aspects that carry
 * declarations, and aspects known by schema name only. The
 * registry (FQNs), the validator, the relationships index, the search declarations and JSON Patch's
 * merge keys are built from this list.
 */
import applicationProperties from './applicationProperties.ts';
import assertionInfo from './assertionInfo.ts';
import corpGroupEditableInfo from './corpGroupEditableInfo.ts';
import corpGroupInfo from './corpGroupInfo.ts';
import corpUserEditableInfo from './corpUserEditableInfo.ts';
import corpUserInfo from './corpUserInfo.ts';
import dataHubConnectionDetails from './dataHubConnectionDetails.ts';
import dataHubExecutionRequestInput from './dataHubExecutionRequestInput.ts';
import dataHubIngestionSourceInfo from './dataHubIngestionSourceInfo.ts';
import dataHubRoleInfo from './dataHubRoleInfo.ts';
import dataHubSecretValue from './dataHubSecretValue.ts';
import datasetProperties from './datasetProperties.ts';
import type { AspectDef } from './define.ts';
import deprecation from './deprecation.ts';
import documentInfo from './documentInfo.ts';
import documentSettings from './documentSettings.ts';
import editableDatasetProperties from './editableDatasetProperties.ts';
import editableSchemaMetadata from './editableSchemaMetadata.ts';
import formInfo from './formInfo.ts';
import forms from './forms.ts';
import globalTags from './globalTags.ts';
import glossaryTerms from './glossaryTerms.ts';
import groupMembership from './groupMembership.ts';
import institutionalMemory from './institutionalMemory.ts';
import incidentInfo from './incidentInfo.ts';
import inviteToken from './inviteToken.ts';
import ownership from './ownership.ts';
import * as pageAspects from './pageAspects.ts';
import queryProperties from './queryProperties.ts';
import querySubjects from './querySubjects.ts';
import * as keys from './keys.ts';
import * as readAsGiven from './readAsGiven.ts';
import * as storedAsGiven from './storedAsGiven.ts';
import roleMembership from './roleMembership.ts';
import schemaMetadata from './schemaMetadata.ts';
import semanticText from './semanticText.ts';
import status from './status.ts';
import tagProperties from './tagProperties.ts';
import platformResourceInfo from './platformResourceInfo.ts';
import versionProperties from './versionProperties.ts';
import versionSetProperties from './versionSetProperties.ts';

/** Aspects known by name and schema only: stored as given, nothing else declared. */
const NAMED: Record<string, string> = {
  operation: 'com.linkedin.common.Operation',
  chartUsageStatistics: 'com.linkedin.chart.ChartUsageStatistics',
  dashboardUsageStatistics: 'com.linkedin.dashboard.DashboardUsageStatistics',
  dataProcessInstanceRunEvent: 'com.linkedin.dataprocess.DataProcessInstanceRunEvent',
  datahubIngestionCheckpoint: 'com.linkedin.datajob.datahub.DatahubIngestionCheckpoint',
  datahubIngestionRunSummary: 'com.linkedin.datajob.datahub.DatahubIngestionRunSummary',
  corpUserCredentials: 'com.linkedin.identity.CorpUserCredentials',
  telemetryClientId: 'com.linkedin.telemetry.TelemetryClientId',
  dataHubExecutionRequestSignal: 'com.linkedin.execution.ExecutionRequestSignal',
  dataHubAccessTokenInfo: 'com.linkedin.access.token.DataHubAccessTokenInfo',
  containerKey: 'com.linkedin.metadata.key.ContainerKey',
  ownershipTypeKey: 'com.linkedin.metadata.key.OwnershipTypeKey',
  telemetryKey: 'com.linkedin.metadata.key.TelemetryKey',
  dataHubIngestionSourceKey: 'com.linkedin.metadata.key.DataHubIngestionSourceKey',
  dataHubExecutionRequestKey: 'com.linkedin.metadata.key.ExecutionRequestKey',
  dataHubAccessTokenKey: 'com.linkedin.metadata.key.DataHubAccessTokenKey',
  structuredPropertyKey: 'com.linkedin.structured.StructuredPropertyKey',
  dataTypeKey: 'com.linkedin.datatype.DataTypeKey',
  entityTypeKey: 'com.linkedin.entitytype.EntityTypeKey',
  dataHubViewKey: 'com.linkedin.metadata.key.DataHubViewKey',
  globalSettingsKey: 'com.linkedin.metadata.key.GlobalSettingsKey',
  documentKey: 'com.linkedin.metadata.key.DocumentKey',
  documentUsageStatistics: 'com.linkedin.knowledge.DocumentUsageStatistics',
  semanticContent: 'com.linkedin.common.SemanticContent',
  queryKey: 'com.linkedin.metadata.key.QueryKey',
  queryUsageStatistics: 'com.linkedin.query.QueryUsageStatistics',
  applicationKey: 'com.linkedin.application.ApplicationKey',
  businessAttributes: 'com.linkedin.businessattribute.BusinessAttributes',
  assertionNote: 'com.linkedin.assertion.AssertionNote',
  assertionKey: 'com.linkedin.metadata.key.AssertionKey',
  assertionRunEvent: 'com.linkedin.assertion.AssertionRunEvent',
  versionSetKey: 'com.linkedin.metadata.key.VersionSetKey',
  platformResourceKey: 'com.linkedin.platformresource.PlatformResourceKey',
  dataHubSecretKey: 'com.linkedin.metadata.key.DataHubSecretKey',
  dataHubConnectionKey: 'com.linkedin.metadata.key.DataHubConnectionKey',
  dataHubRoleKey: 'com.linkedin.metadata.key.DataHubRoleKey',
  inviteTokenKey: 'com.linkedin.metadata.key.InviteTokenKey',
  incidentKey: 'com.linkedin.metadata.key.IncidentKey',
  formKey: 'com.linkedin.metadata.key.FormKey',
  dataHubStepStateKey: 'com.linkedin.metadata.key.DataHubStepStateKey',
  dynamicFormAssignment: 'com.linkedin.form.DynamicFormAssignment',
  // The rest of what DataHub's entity registry gives the entity types we serve (docs/datahub/rest-cli.md §7.3).
  aliases: 'com.linkedin.common.Aliases',
  applicationLineage: 'com.linkedin.application.ApplicationLineage',
  chartQuery: 'com.linkedin.chart.ChartQuery',
  cost: 'com.linkedin.common.Cost',
  dataProducts: 'com.linkedin.dataproduct.DataProducts',
  dataTransformLogic: 'com.linkedin.common.DataTransformLogic',
  datasetUpstreamLineage: 'com.linkedin.dataset.DatasetUpstreamLineage',
  icebergCatalogInfo: 'com.linkedin.dataset.IcebergCatalogInfo',
  icebergWarehouseInfo: 'com.linkedin.dataplatforminstance.IcebergWarehouseInfo',
  incidentExternalLinks: 'com.linkedin.incident.IncidentExternalLinks',
  incidentNotes: 'com.linkedin.incident.IncidentNotes',
  incidentsSummary: 'com.linkedin.common.IncidentsSummary',
  intendedUse: 'com.linkedin.ml.metadata.IntendedUse',
  mlModelCaveatsAndRecommendations: 'com.linkedin.ml.metadata.CaveatsAndRecommendations',
  mlModelEthicalConsiderations: 'com.linkedin.ml.metadata.EthicalConsiderations',
  mlModelEvaluationData: 'com.linkedin.ml.metadata.EvaluationData',
  mlModelFactorPrompts: 'com.linkedin.ml.metadata.MLModelFactorPrompts',
  mlModelMetrics: 'com.linkedin.ml.metadata.Metrics',
  mlModelQuantitativeAnalyses: 'com.linkedin.ml.metadata.QuantitativeAnalyses',
  mlModelTrainingData: 'com.linkedin.ml.metadata.TrainingData',
  notebookContent: 'com.linkedin.notebook.NotebookContent',
  partitionsSummary: 'com.linkedin.dataset.PartitionsSummary',
  schemaFieldAliases: 'com.linkedin.schemafield.SchemaFieldAliases',
  schemafieldInfo: 'com.linkedin.schemafield.SchemaFieldInfo',
  semanticFieldAnnotation: 'com.linkedin.semanticmodel.SemanticFieldAnnotation',
  semanticModelProperties: 'com.linkedin.dataset.SemanticModelProperties',
  slackUserInfo: 'com.linkedin.dataplatform.slack.SlackUserInfo',
  sourceCode: 'com.linkedin.ml.metadata.SourceCode',
  storageFeatures: 'com.linkedin.metadata.search.features.StorageFeatures',
  upstreamMetrics: 'com.linkedin.common.UpstreamMetrics',
  usageFeatures: 'com.linkedin.metadata.search.features.UsageFeatures',
  versionInfo: 'com.linkedin.datajob.VersionInfo',
};

export const ASPECTS: readonly AspectDef[] = [
  datasetProperties,
  editableDatasetProperties,
  schemaMetadata,
  editableSchemaMetadata,
  ownership,
  globalTags,
  glossaryTerms,
  tagProperties,
  deprecation,
  institutionalMemory,
  status,
  corpUserInfo,
  corpUserEditableInfo,
  corpGroupInfo,
  corpGroupEditableInfo,
  groupMembership,
  documentInfo,
  documentSettings,
  semanticText,
  queryProperties,
  querySubjects,
  applicationProperties,
  assertionInfo,
  versionProperties,
  versionSetProperties,
  platformResourceInfo,
  dataHubSecretValue,
  dataHubConnectionDetails,
  dataHubIngestionSourceInfo,
  dataHubExecutionRequestInput,
  roleMembership,
  dataHubRoleInfo,
  inviteToken,
  incidentInfo,
  formInfo,
  forms,
  ...Object.values(storedAsGiven),
  ...Object.values(readAsGiven),
  ...Object.values(pageAspects),
  ...Object.values(keys),
  ...Object.entries(NAMED).map(([name, fqn]) => ({ name, fqn })),
];

const seen = new Set<string>();
for (const a of ASPECTS) {
  if (seen.has(a.name)) throw new Error(`aspect ${a.name} is declared twice`);
  seen.add(a.name);
}
