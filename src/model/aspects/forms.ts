/**
 * forms (com.linkedin.common.Forms): the forms assigned to an asset, as DataHub keeps them on the asset
 * — incomplete and completed, each with its prompts (completed or not, and when), and the
 * verifications completed VERIFICATION forms gave it. Search indexes the forms' urns and prompt ids
 * under DataHub's index names (`incompleteForms`, `completedForms`, `verifiedForms`, …), which is how
 * DataHub lists the assets a form is assigned to. DataHub declares no relationship on it.
 */
import { anyUrn, arr, auditStamp, defineAspect, rec, str, urnOf, type AspectValue } from './define.ts';

const fieldPrompt = rec({ fieldPath: str, lastModified: auditStamp });

const promptAssociation = rec({
  id: str,
  lastModified: auditStamp,
  'fieldAssociations?': rec({
    'completedFieldPrompts?': arr(fieldPrompt),
    'incompleteFieldPrompts?': arr(fieldPrompt),
  }),
});

const formAssociation = rec({
  urn: urnOf('form'),
  /** [] when absent. */
  'incompletePrompts?': arr(promptAssociation),
  /** [] when absent. */
  'completedPrompts?': arr(promptAssociation),
});

const forms = defineAspect({
  name: 'forms',
  fqn: 'com.linkedin.common.Forms',
  fields: {
    incompleteForms: arr(formAssociation),
    completedForms: arr(formAssociation),
    /** [] when absent. */
    'verifications?': arr(rec({ form: anyUrn, 'lastModified?': auditStamp })),
  },
  searchable: [
    { path: 'incompleteForms[].urn', field: 'incompleteForms', kind: 'urn' },
    { path: 'incompleteForms[].completedPrompts[].id', field: 'incompleteFormsCompletedPromptIds', kind: 'keyword' },
    { path: 'incompleteForms[].incompletePrompts[].id', field: 'incompleteFormsIncompletePromptIds', kind: 'keyword' },
    { path: 'completedForms[].urn', field: 'completedForms', kind: 'urn' },
    { path: 'completedForms[].completedPrompts[].id', field: 'completedFormsCompletedPromptIds', kind: 'keyword' },
    { path: 'completedForms[].incompletePrompts[].id', field: 'completedFormsIncompletePromptIds', kind: 'keyword' },
    { path: 'verifications[].form', field: 'verifiedForms', kind: 'urn' },
  ],
});
export default forms;

export type Forms = AspectValue<typeof forms>;
export type FormAssociation = Forms['incompleteForms'][number];
