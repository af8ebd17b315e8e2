/**
 * queryProperties (com.linkedin.query.QueryProperties): a SQL query seen on (SYSTEM) or written
 * against (MANUAL) the catalog's datasets — its statement, name, description and stamps.
 */
import { anyUrn, auditStamp, defineAspect, rec, str, type Stamp } from './define.ts';

export const QUERY_SOURCES = ['MANUAL', 'SYSTEM'] as const;
export const QUERY_LANGUAGES = ['SQL', 'UNKNOWN'] as const;

export interface QueryProperties {
  customProperties?: Record<string, string>;
  /** `language` has the Pegasus default SQL. */
  statement: { value: string; language?: (typeof QUERY_LANGUAGES)[number] };
  source: (typeof QUERY_SOURCES)[number];
  name?: string;
  description?: string;
  created: Stamp;
  lastModified: Stamp;
  origin?: string;
  [extra: string]: unknown;
}

export default defineAspect({
  name: 'queryProperties',
  fqn: 'com.linkedin.query.QueryProperties',
  fields: {
    'customProperties?': { map: str },
    statement: rec({ value: str, 'language?': { enum: QUERY_LANGUAGES } }),
    source: { enum: QUERY_SOURCES },
    'name?': str,
    'description?': str,
    created: auditStamp,
    lastModified: auditStamp,
    'origin?': anyUrn,
  },
});
