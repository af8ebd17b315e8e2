/**
 * Read model of queries (`urn:li:query:<id>`; aspects queryProperties, querySubjects,
 * dataPlatformInstance): SQL seen on or written against datasets, as DataHub's QueryMapper reads it —
 * the statement with its language (SQL when none is stored), the stamps with time 0 when missing,
 * and the subjects as datasets, a column being its dataset plus the column. Each part is read on its
 * own, when asked for.
 */
import queryProperties from '../../model/aspects/queryProperties.ts';
import querySubjects from '../../model/aspects/querySubjects.ts';
import { dataPlatformInstance } from '../../model/aspects/storedAsGiven.ts';
import { keyFieldsOf } from '../../model/registry.ts';
import { parseUrn } from '../../model/urn.ts';
import type { StoreView } from '../../store/store.ts';
import { aspectOf, customPropertiesOf, stampOf, type CustomPropertyRead, type StampRead } from './common.ts';

/** A statement's language when none is stored (QueryStatement.pdl's default). */
export const DEFAULT_QUERY_LANGUAGE = 'SQL';

export interface QueryPropertiesRead {
  /** The statement; its text is empty and its language SQL when not stored. */
  statement: { value: string; language: string };
  /** MANUAL (written by a person) or SYSTEM (seen by an ingestion). */
  source: string;
  name: string | null;
  description: string | null;
  created: StampRead;
  lastModified: StampRead;
  /** The entity the query comes from (a dbt model, a dashboard …); null when none is named. */
  origin: string | null;
  customProperties: CustomPropertyRead[];
}

/** A query's properties; null when queryProperties is not stored. */
export function readQueryProperties(view: StoreView, urn: string): QueryPropertiesRead | null {
  const p = aspectOf(view, urn, queryProperties);
  if (!p) return null;
  return {
    statement: { value: p.statement?.value ?? '', language: p.statement?.language ?? DEFAULT_QUERY_LANGUAGE },
    source: p.source,
    name: p.name ?? null,
    description: p.description ?? null,
    created: stampOf(p.created),
    lastModified: stampOf(p.lastModified),
    origin: p.origin ? p.origin : null,
    customProperties: customPropertiesOf(p.customProperties),
  };
}

/** What a query touches: a dataset, or a column of one (`schemaField` its column's urn). */
export interface QuerySubjectRead {
  dataset: string;
  schemaField: string | null;
}

/**
 * A subject as DataHub shows it: a dataset is the dataset; a column is its dataset plus the column.
 * A subject of another type, or a column of something other than a dataset, has no place in a
 * query's subjects (DataHub's QuerySubject always has a dataset) and is left out.
 */
export function querySubjectOf(subject: string): QuerySubjectRead | null {
  const type = parseUrn(subject).entityType;
  if (type === 'dataset') return { dataset: subject, schemaField: null };
  if (type !== 'schemaField') return null;
  const parent = keyFieldsOf(subject)['parent'];
  if (typeof parent !== 'string' || parseUrn(parent).entityType !== 'dataset') return null;
  return { dataset: parent, schemaField: subject };
}

/** A query's subjects in stored order, those it cannot show left out; null when querySubjects is not stored. */
export function readQuerySubjects(view: StoreView, urn: string): QuerySubjectRead[] | null {
  const s = aspectOf(view, urn, querySubjects);
  return s ? s.subjects.map((x) => querySubjectOf(x.entity)).filter((x) => x !== null) : null;
}

/** The platform the query runs on (dataPlatformInstance); null when none is stored. */
export function readQueryPlatform(view: StoreView, urn: string): string | null {
  return aspectOf(view, urn, dataPlatformInstance)?.platform || null;
}
