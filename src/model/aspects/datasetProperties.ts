import { arr, defineAspect, ID, NAME, PROSE, str, timeStamp, type AspectValue } from './define.ts';

const datasetProperties = defineAspect({
  name: 'datasetProperties',
  fqn: 'com.linkedin.dataset.DatasetProperties',
  fields: {
    'customProperties?': { map: str },
    'externalUrl?': str,
    'name?': str,
    'qualifiedName?': str,
    'description?': str,
    'uri?': str,
    'tags?': arr(str),
    'created?': timeStamp,
    'lastModified?': timeStamp,
  },
  searchable: [
    { path: 'name', field: 'name', kind: 'text', weight: NAME },
    { path: 'qualifiedName', field: 'qualifiedName', kind: 'text', weight: ID },
    { path: 'description', field: 'description', kind: 'text', weight: PROSE },
    { path: 'customProperties', field: 'customProperties', kind: 'kv' },
  ],
  mergeKeys: { tags: 'value' },
  emptyValue: () => ({ tags: [], customProperties: {} }),
});
export default datasetProperties;

export type DatasetProperties = AspectValue<typeof datasetProperties>;
