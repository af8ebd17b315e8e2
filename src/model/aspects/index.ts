/**
 * Every aspect the model knows: the modules that declare a shape, then aspects stored as given that
 * carry other declarations, the key aspects that do, and aspects known by schema name only. The
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
import globalTags from './globalTags.ts';
import glossaryTerms from './glossaryTerms.ts';
import groupMembership from './groupMembership.ts';
import institutionalMemory from './institutionalMemory.ts';
import incidentInfo from './incidentInfo.ts';
import inviteToken from './inviteToken.ts';
import ownership from './ownership.ts';
import queryProperties from './queryProperties.ts';
import querySubjects from './querySubjects.ts';
import * as keys from './keys.ts';
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
  datasetDeprecation: 'com.linkedin.dataset.DatasetDeprecation',
  datasetProfile: 'com.linkedin.dataset.DatasetProfile',
  datasetUsageStatistics: 'com.linkedin.dataset.DatasetUsageStatistics',
  viewProperties: 'com.linkedin.dataset.ViewProperties',
  browsePaths: 'com.linkedin.common.BrowsePaths',
  browsePathsV2: 'com.linkedin.common.BrowsePathsV2',
  origin: 'com.linkedin.common.Origin',
  embed: 'com.linkedin.common.Embed',
  operation: 'com.linkedin.common.Operation',
  chartUsageStatistics: 'com.linkedin.chart.ChartUsageStatistics',
  dashboardUsageStatistics: 'com.linkedin.dashboard.DashboardUsageStatistics',
  dataProcessInstanceRunEvent: 'com.linkedin.dataprocess.DataProcessInstanceRunEvent',
  datahubIngestionCheckpoint: 'com.linkedin.datajob.datahub.DatahubIngestionCheckpoint',
  datahubIngestionRunSummary: 'com.linkedin.datajob.datahub.DatahubIngestionRunSummary',
  corpUserStatus: 'com.linkedin.identity.CorpUserStatus',
  corpUserSettings: 'com.linkedin.identity.CorpUserSettings',
  corpUserCredentials: 'com.linkedin.identity.CorpUserCredentials',
  telemetryClientId: 'com.linkedin.telemetry.TelemetryClientId',
  dataHubExecutionRequestResult: 'com.linkedin.execution.ExecutionRequestResult',
  dataHubExecutionRequestSignal: 'com.linkedin.execution.ExecutionRequestSignal',
  dataHubAccessTokenInfo: 'com.linkedin.access.token.DataHubAccessTokenInfo',
  containerKey: 'com.linkedin.metadata.key.ContainerKey',
  ownershipTypeKey: 'com.linkedin.metadata.key.OwnershipTypeKey',
  telemetryKey: 'com.linkedin.metadata.key.TelemetryKey',
  dataHubIngestionSourceKey: 'com.linkedin.metadata.key.DataHubIngestionSourceKey',
  dataHubExecutionRequestKey: 'com.linkedin.metadata.key.ExecutionRequestKey',
  dataHubAccessTokenKey: 'com.linkedin.metadata.key.DataHubAccessTokenKey',
  structuredPropertyKey: 'com.linkedin.metadata.key.StructuredPropertyKey',
  dataTypeKey: 'com.linkedin.metadata.key.DataTypeKey',
  entityTypeKey: 'com.linkedin.metadata.key.EntityTypeKey',
  glossaryRelatedTerms: 'com.linkedin.glossary.GlossaryRelatedTerms',
  editableMlModelProperties: 'com.linkedin.ml.metadata.EditableMLModelProperties',
  editableMlModelGroupProperties: 'com.linkedin.ml.metadata.EditableMLModelGroupProperties',
  editableMlFeatureProperties: 'com.linkedin.ml.metadata.EditableMLFeatureProperties',
  editableMlPrimaryKeyProperties: 'com.linkedin.ml.metadata.EditableMLPrimaryKeyProperties',
  editableMlFeatureTableProperties: 'com.linkedin.ml.metadata.EditableMLFeatureTableProperties',
  editableNotebookProperties: 'com.linkedin.notebook.EditableNotebookProperties',
  dataPlatformInstanceProperties: 'com.linkedin.dataplatforminstance.DataPlatformInstanceProperties',
  structuredPropertySettings: 'com.linkedin.structured.StructuredPropertySettings',
  dataTypeInfo: 'com.linkedin.datatype.DataTypeInfo',
  entityTypeInfo: 'com.linkedin.entitytype.EntityTypeInfo',
  dataHubViewKey: 'com.linkedin.metadata.key.DataHubViewKey',
  dataHubViewInfo: 'com.linkedin.view.DataHubViewInfo',
  globalSettingsKey: 'com.linkedin.metadata.key.GlobalSettingsKey',
  globalSettingsInfo: 'com.linkedin.settings.global.GlobalSettingsInfo',
  documentKey: 'com.linkedin.metadata.key.DocumentKey',
  documentUsageStatistics: 'com.linkedin.knowledge.DocumentUsageStatistics',
  semanticContent: 'com.linkedin.common.SemanticContent',
  queryKey: 'com.linkedin.metadata.key.QueryKey',
  queryUsageStatistics: 'com.linkedin.query.QueryUsageStatistics',
  applicationKey: 'com.linkedin.metadata.key.ApplicationKey',
  documentation: 'com.linkedin.common.Documentation',
  displayProperties: 'com.linkedin.common.DisplayProperties',
  businessAttributes: 'com.linkedin.businessattribute.BusinessAttributes',
  assertionNote: 'com.linkedin.assertion.AssertionNote',
  assertionKey: 'com.linkedin.metadata.key.AssertionKey',
  assertionRunEvent: 'com.linkedin.assertion.AssertionRunEvent',
  assertionActions: 'com.linkedin.assertion.AssertionActions',
  versionSetKey: 'com.linkedin.metadata.key.VersionSetKey',
  platformResourceKey: 'com.linkedin.platformresource.PlatformResourceKey',
  dataHubSecretKey: 'com.linkedin.metadata.key.DataHubSecretKey',
  dataHubConnectionKey: 'com.linkedin.metadata.key.DataHubConnectionKey',
  dataHubRoleKey: 'com.linkedin.metadata.key.DataHubRoleKey',
  inviteTokenKey: 'com.linkedin.metadata.key.InviteTokenKey',
  incidentKey: 'com.linkedin.metadata.key.IncidentKey',
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
  ...Object.values(storedAsGiven),
  ...Object.values(keys),
  ...Object.entries(NAMED).map(([name, fqn]) => ({ name, fqn })),
];

const seen = new Set<string>();
for (const a of ASPECTS) {
  if (seen.has(a.name)) throw new Error(`aspect ${a.name} is declared twice`);
  seen.add(a.name);
}
