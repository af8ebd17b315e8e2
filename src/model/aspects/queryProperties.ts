/**
 * queryProperties (com.linkedin.query.QueryProperties): a SQL query seen on (SYSTEM) or written
 * against (MANUAL) the catalog's datasets — its statement, name, description and stamps.
 */
import { anyUrn, auditStamp, defineAspect, NAME, PROSE, rec, str, type AspectValue } from './define.ts';

export const QUERY_SOURCES = ['MANUAL', 'SYSTEM'] as const;
export const QUERY_LANGUAGES = ['SQL', 'UNKNOWN'] as const;

const queryProperties = defineAspect({
  name: 'queryProperties',
  fqn: 'com.linkedin.query.QueryProperties',
  fields: {
    'customProperties?': { map: str },
    // `language` has the Pegasus default SQL.
    statement: rec({ value: str, 'language?': { enum: QUERY_LANGUAGES } }),
    source: { enum: QUERY_SOURCES },
    'name?': str,
    'description?': str,
    created: auditStamp,
    lastModified: auditStamp,
    'origin?': anyUrn,
  },
  searchable: [
    { path: 'name', field: 'name', kind: 'text', weight: NAME },
    { path: 'description', field: 'description', kind: 'text', weight: PROSE },
    { path: 'statement.value', field: 'statement', kind: 'text', weight: PROSE },
  ],
});
export default queryProperties;

export type QueryProperties = AspectValue<typeof queryProperties>;
