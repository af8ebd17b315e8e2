/**
 * formInfo (com.linkedin.form.FormInfo): a form, DataHub's way to ask the owners of assets (or named
 * users and groups) to complete their documentation — its name and description, its type (COMPLETION,
 * or VERIFICATION for a form that verifies an asset when complete), the prompts it asks (each for a
 * structured property, on the asset or on its columns) and whom it is assigned to. The fields DataHub
 * indexes are searchable under DataHub's index names (`promptId`, `structuredPropertyPromptUrns`,
 * `isOwnershipForm`, `assignedUsers`, `assignedGroups`). DataHub declares no relationship on it.
 */
import { anyUrn, arr, bool, defineAspect, NAME, rec, str, type AspectValue } from './define.ts';

export const FORM_TYPES = ['COMPLETION', 'VERIFICATION'] as const;
export const FORM_PROMPT_TYPES = ['STRUCTURED_PROPERTY', 'FIELDS_STRUCTURED_PROPERTY'] as const;

const formInfo = defineAspect({
  name: 'formInfo',
  fqn: 'com.linkedin.form.FormInfo',
  fields: {
    name: str,
    'description?': str,
    /** COMPLETION when absent (DataHub's default). */
    'type?': { enum: FORM_TYPES },
    /** [] when absent. */
    'prompts?': arr(
      rec({
        /** Globally unique. */
        id: str,
        title: str,
        'description?': str,
        type: { enum: FORM_PROMPT_TYPES },
        'structuredPropertyParams?': rec({ urn: anyUrn }),
        /** false when absent. */
        'required?': bool,
      }),
    ),
    /** `{owners: true}` when absent: the form is for the owners of the assets it is assigned to. */
    'actors?': rec({ 'owners?': bool, 'groups?': arr(anyUrn), 'users?': arr(anyUrn) }),
  },
  searchable: [
    { path: 'name', field: 'name', kind: 'text', weight: NAME },
    { path: 'type', field: 'type', kind: 'keyword' },
    { path: 'prompts[].id', field: 'promptId', kind: 'keyword' },
    { path: 'prompts[].structuredPropertyParams.urn', field: 'structuredPropertyPromptUrns', kind: 'urn' },
    { path: 'actors.owners', field: 'isOwnershipForm', kind: 'bool' },
    { path: 'actors.groups[]', field: 'assignedGroups', kind: 'urn' },
    { path: 'actors.users[]', field: 'assignedUsers', kind: 'urn' },
  ],
});
export default formInfo;

export type FormInfo = AspectValue<typeof formInfo>;
