/**
 * Aspects that the dataset and tag pages of DataHub's web app read (issue 48): the required fields and
 * enums DataHub's schema declares are checked on write (docs/datahub/rest-cli.md §7.2); their other
 * fields are `asGiven`, stored as given, and type what the read models of src/ops/read/datasetPage.ts
 * take of them. Shapes from DataHub's PDL.
 */
import { anyUrn, arr, asGiven, auditStamp, defineAspect, mlParam, rec, str, unchecked } from './define.ts';
import schemaMetadata from './schemaMetadata.ts';

export const access = defineAspect({
  name: 'access',
  fqn: 'com.linkedin.common.Access',
  fields: { 'roles?': arr(rec({ urn: unchecked(anyUrn) })) },
});
export const applications = defineAspect({
  name: 'applications',
  fqn: 'com.linkedin.application.Applications',
  fields: { applications: unchecked(arr(anyUrn)) },
  relationships: [{ name: 'AssociatedWith', path: 'applications[]' }],
});
export const aiContext = defineAspect({
  name: 'aiContext',
  fqn: 'com.linkedin.common.AiContext',
  fields: asGiven({ 'synonyms?': arr(str), 'instructions?': str, 'examples?': arr(str), 'customInstructions?': str }),
});
export const embed = defineAspect({
  name: 'embed',
  fqn: 'com.linkedin.common.Embed',
  fields: asGiven({ 'renderUrl?': str }),
});
export const logicalParent = defineAspect({
  name: 'logicalParent',
  fqn: 'com.linkedin.logical.LogicalParent',
  fields: {
    'parent?': rec({
      destinationUrn: unchecked(anyUrn),
      'created?': auditStamp,
      'lastModified?': auditStamp,
      ...asGiven({ 'sourceUrn?': anyUrn, 'properties?': { map: str } }),
    }),
  },
});
/** A test's result on an entity: the test and its TestResultType; when it was computed, if given. */
const testResult = rec({
  test: unchecked(anyUrn),
  type: { enum: ['SUCCESS', 'FAILURE'] },
  'lastComputed?': auditStamp,
  ...asGiven({ 'testDefinitionMd5?': str }),
});
export const testResults = defineAspect({
  name: 'testResults',
  fqn: 'com.linkedin.test.TestResults',
  fields: { passing: arr(testResult), failing: arr(testResult) },
});
export const testInfo = defineAspect({
  name: 'testInfo',
  fqn: 'com.linkedin.test.TestInfo',
  fields: {
    name: unchecked(str),
    category: unchecked(str),
    ...asGiven({ 'description?': str }),
    definition: rec({ type: { enum: ['JSON'] }, ...asGiven({ 'json?': str }) }),
  },
});
export const roleProperties = defineAspect({
  name: 'roleProperties',
  fqn: 'com.linkedin.role.RoleProperties',
  fields: {
    name: unchecked(str),
    type: unchecked(str),
    'created?': auditStamp,
    ...asGiven({ 'description?': str, 'requestUrl?': str }),
  },
});
export const actors = defineAspect({
  name: 'actors',
  fqn: 'com.linkedin.role.Actors',
  fields: {
    'users?': arr(rec({ user: unchecked(anyUrn) })),
    'groups?': arr(rec({ group: unchecked(anyUrn) })),
  },
});
export const inputFields = defineAspect({
  name: 'inputFields',
  fqn: 'com.linkedin.common.InputFields',
  // Each column a chart or dashboard reads: its schemaField urn, and the column as a schemaMetadata
  // field is (checked as there).
  fields: {
    fields: arr(rec({ schemaFieldUrn: unchecked(anyUrn), 'schemaField?': schemaMetadata.fields.fields.array })),
  },
});
export const mlTrainingRunProperties = defineAspect({
  name: 'mlTrainingRunProperties',
  fqn: 'com.linkedin.ml.metadata.MLTrainingRunProperties',
  fields: {
    'hyperParams?': arr(mlParam),
    'trainingMetrics?': arr(mlParam),
    ...asGiven({ 'id?': str, 'outputUrls?': arr(str) }),
  },
});
export const assetSettings = defineAspect({
  name: 'assetSettings',
  fqn: 'com.linkedin.settings.asset.AssetSettings',
  fields: { 'assetSummary?': rec({ 'templates?': arr(rec({ template: unchecked(anyUrn) })) }) },
});
