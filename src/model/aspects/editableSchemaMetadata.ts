import { arr, changeStamps, defineAspect, rec, str, type Stamp } from './define.ts';
import { globalTagsSpec, type GlobalTags } from './globalTags.ts';

export interface EditableSchemaFieldInfo {
  fieldPath: string;
  description?: string;
  globalTags?: GlobalTags;
  [extra: string]: unknown;
}
export interface EditableSchemaMetadata {
  created?: Stamp;
  lastModified?: Stamp;
  editableSchemaFieldInfo: EditableSchemaFieldInfo[];
  [extra: string]: unknown;
}

export default defineAspect({
  name: 'editableSchemaMetadata',
  fqn: 'com.linkedin.schema.EditableSchemaMetadata',
  fields: {
    ...changeStamps,
    editableSchemaFieldInfo: arr(rec({ fieldPath: str, 'description?': str, 'globalTags?': globalTagsSpec, 'glossaryTerms?': 'object' })),
  },
  relationships: [
    { name: 'EditableSchemaFieldTaggedWith', path: 'editableSchemaFieldInfo[].globalTags.tags[].tag' },
    { name: 'EditableSchemaFieldWithGlossaryTerm', path: 'editableSchemaFieldInfo[].glossaryTerms.terms[].urn' },
  ],
});
