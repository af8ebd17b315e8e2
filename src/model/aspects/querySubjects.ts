/**
 * querySubjects (com.linkedin.query.QuerySubjects): the datasets and columns (schemaField urns) a
 * query reads or writes. DataHub declares no relationship on it (it finds a dataset's queries through
 * its search index), so neither do we: `relationships` answers as DataHub's would.
 */
import { anyUrn, arr, defineAspect, rec, type AspectValue } from './define.ts';

const querySubjects = defineAspect({
  name: 'querySubjects',
  fqn: 'com.linkedin.query.QuerySubjects',
  fields: { subjects: arr(rec({ entity: anyUrn })) },
  searchable: [{ path: 'subjects[].entity', field: 'entities', kind: 'urn' }],
});
export default querySubjects;

export type QuerySubjects = AspectValue<typeof querySubjects>;
