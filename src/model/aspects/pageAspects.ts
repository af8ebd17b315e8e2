/**
 * Aspects stored as given that the dataset and tag pages of DataHub's web app read (issue 48): their
 * `fields` are `asGiven`, never refused on write (as when they were known by name and schema only),
 * and type what the read models of src/ops/read/datasetPage.ts take of them. Shapes from DataHub's PDL.
 */
import { anyUrn, arr, asGiven, defineAspect, num, rec, str } from './define.ts';

const mlParam = rec({ 'name?': str, 'description?': str, 'value?': str, 'createdAt?': num });

export const access = defineAspect({
  name: 'access',
  fqn: 'com.linkedin.common.Access',
  fields: asGiven({ 'roles?': arr(rec({ 'urn?': anyUrn })) }),
});
export const applications = defineAspect({
  name: 'applications',
  fqn: 'com.linkedin.application.Applications',
  fields: asGiven({ 'applications?': arr(anyUrn) }),
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
  fields: asGiven({ 'parent?': rec({ 'destinationUrn?': anyUrn }) }),
});
export const testResults = defineAspect({
  name: 'testResults',
  fqn: 'com.linkedin.test.TestResults',
  fields: asGiven({
    'passing?': arr(rec({ 'test?': anyUrn, 'type?': str })),
    'failing?': arr(rec({ 'test?': anyUrn, 'type?': str })),
  }),
});
export const testInfo = defineAspect({
  name: 'testInfo',
  fqn: 'com.linkedin.test.TestInfo',
  fields: asGiven({
    'name?': str,
    'category?': str,
    'description?': str,
    'definition?': rec({ 'type?': str, 'json?': str }),
  }),
});
export const roleProperties = defineAspect({
  name: 'roleProperties',
  fqn: 'com.linkedin.role.RoleProperties',
  fields: asGiven({ 'name?': str, 'description?': str, 'type?': str, 'requestUrl?': str }),
});
export const actors = defineAspect({
  name: 'actors',
  fqn: 'com.linkedin.role.Actors',
  fields: asGiven({ 'users?': arr(rec({ 'user?': anyUrn })), 'groups?': arr(rec({ 'group?': anyUrn })) }),
});
export const inputFields = defineAspect({
  name: 'inputFields',
  fqn: 'com.linkedin.common.InputFields',
  fields: asGiven({ 'fields?': arr(rec({ 'schemaFieldUrn?': anyUrn, 'schemaField?': 'object' })) }),
});
export const mlTrainingRunProperties = defineAspect({
  name: 'mlTrainingRunProperties',
  fqn: 'com.linkedin.ml.metadata.MLTrainingRunProperties',
  fields: asGiven({
    'id?': str,
    'outputUrls?': arr(str),
    'hyperParams?': arr(mlParam),
    'trainingMetrics?': arr(mlParam),
  }),
});
export const assetSettings = defineAspect({
  name: 'assetSettings',
  fqn: 'com.linkedin.settings.asset.AssetSettings',
  fields: asGiven({ 'assetSummary?': rec({ 'templates?': arr(rec({ 'template?': anyUrn })) }) }),
});
