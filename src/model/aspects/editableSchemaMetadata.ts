import {
  arr,
  changeStamps,
  defineAspect,
  LABEL,
  PROSE,
  rec,
  str,
  type AspectValue,
  type Infer,
  type Stamp,
} from './define.ts';
import { globalTagsSpec } from './globalTags.ts';
import { glossaryTermsSpec } from './glossaryTerms.ts';

const fieldInfo = rec({
  fieldPath: str,
  'description?': str,
  'globalTags?': globalTagsSpec,
  'glossaryTerms?': glossaryTermsSpec,
});

const editableSchemaMetadata = defineAspect({
  name: 'editableSchemaMetadata',
  fqn: 'com.linkedin.schema.EditableSchemaMetadata',
  fields: {
    ...changeStamps,
    editableSchemaFieldInfo: arr(fieldInfo),
  },
  relationships: [
    { name: 'EditableSchemaFieldTaggedWith', path: 'editableSchemaFieldInfo[].globalTags.tags[].tag' },
    { name: 'EditableSchemaFieldWithGlossaryTerm', path: 'editableSchemaFieldInfo[].glossaryTerms.terms[].urn' },
  ],
  searchable: [
    { path: 'editableSchemaFieldInfo[].description', field: 'editedFieldDescriptions', kind: 'text', weight: PROSE },
    { path: 'editableSchemaFieldInfo[].globalTags.tags[].tag', field: 'editedFieldTags', kind: 'urn', weight: LABEL },
    {
      path: 'editableSchemaFieldInfo[].glossaryTerms.terms[].urn',
      field: 'editedFieldGlossaryTerms',
      kind: 'urn',
      weight: LABEL,
    },
  ],
  mergeKeys: {
    editableSchemaFieldInfo: ['fieldPath'],
    'editableSchemaFieldInfo[].globalTags.tags': ['tag'],
    'editableSchemaFieldInfo[].glossaryTerms.terms': ['urn'],
  },
  emptyValue: (stamp) => ({ editableSchemaFieldInfo: [], created: stamp(), lastModified: stamp() }),
});
export default editableSchemaMetadata;

export type EditableSchemaFieldInfo = Infer<typeof fieldInfo>;
export type EditableSchemaMetadata = AspectValue<typeof editableSchemaMetadata>;

/**
 * `editableSchemaMetadata` with `fieldPath`'s entry, appended when missing; stamps updated.
 * Returns the aspect and the (mutable) entry.
 */
export function editableFieldEntry(
  current: EditableSchemaMetadata | undefined,
  fieldPath: string,
  stamp: Stamp,
): { aspect: EditableSchemaMetadata; entry: EditableSchemaFieldInfo } {
  const aspect: EditableSchemaMetadata = current
    ? { ...current, editableSchemaFieldInfo: [...current.editableSchemaFieldInfo], lastModified: stamp }
    : { created: stamp, lastModified: stamp, editableSchemaFieldInfo: [] };
  let entry = aspect.editableSchemaFieldInfo.find((e) => e.fieldPath === fieldPath);
  if (!entry) {
    entry = { fieldPath };
    aspect.editableSchemaFieldInfo.push(entry);
  }
  return { aspect, entry };
}
