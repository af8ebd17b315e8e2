import { arr, defineAspect, str, timeStamp } from './define.ts';

export default defineAspect({
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
});
