import {
  anyUrn,
  arr,
  auditStamp,
  bool,
  changeStamps,
  defineAspect,
  LABEL,
  num,
  PATH,
  PROSE,
  rec,
  str,
  unchecked,
  urnOf,
  type AspectValue,
  type Infer,
} from './define.ts';
import { globalTagsSpec } from './globalTags.ts';
import { glossaryTermsSpec } from './glossaryTerms.ts';

const schemaField = rec({
  fieldPath: str,
  'jsonPath?': str,
  'nullable?': bool,
  'description?': str,
  'label?': str,
  'created?': auditStamp,
  'lastModified?': auditStamp,
  type: rec({ type: 'object' }),
  nativeDataType: str,
  'recursive?': bool,
  'globalTags?': globalTagsSpec,
  'glossaryTerms?': glossaryTermsSpec,
  'isPartOfKey?': bool,
  'isPartitioningKey?': bool,
  'jsonProps?': str,
});

const schemaMetadata = defineAspect({
  name: 'schemaMetadata',
  fqn: 'com.linkedin.schema.SchemaMetadata',
  fields: {
    schemaName: str,
    platform: urnOf('dataPlatform'),
    version: num,
    ...changeStamps,
    'dataset?': anyUrn,
    'cluster?': str,
    hash: str,
    platformSchema: 'object',
    fields: arr(schemaField),
    'primaryKeys?': arr(str),
    // DataHub's required fields of a foreign key are checked (present); their values are stored as given.
    'foreignKeysSpecs?': { map: rec({ foreignKey: 'any' }) },
    'foreignKeys?': arr(
      rec({
        name: unchecked(str),
        foreignFields: unchecked(arr(anyUrn)),
        sourceFields: unchecked(arr(anyUrn)),
        foreignDataset: unchecked(anyUrn),
      }),
    ),
  },
  relationships: [
    { name: 'SchemaFieldTaggedWith', path: 'fields[].globalTags.tags[].tag' },
    { name: 'SchemaFieldWithGlossaryTerm', path: 'fields[].glossaryTerms.terms[].urn' },
    { name: 'ForeignKeyTo', path: 'foreignKeys[].foreignFields[]' },
    { name: 'ForeignKeyToDataset', path: 'foreignKeys[].foreignDataset' },
  ],
  searchable: [
    { path: 'fields[].fieldPath', field: 'fieldPaths', kind: 'text', weight: PATH },
    { path: 'fields[].description', field: 'fieldDescriptions', kind: 'text', weight: PROSE },
    { path: 'fields[].label', field: 'fieldLabels', kind: 'text', weight: PROSE },
    { path: 'fields[].globalTags.tags[].tag', field: 'fieldTags', kind: 'urn', weight: LABEL },
    { path: 'fields[].glossaryTerms.terms[].urn', field: 'fieldGlossaryTerms', kind: 'urn', weight: LABEL },
  ],
});
export default schemaMetadata;

export type SchemaFieldValue = Infer<typeof schemaField>;
export type SchemaMetadata = AspectValue<typeof schemaMetadata>;
