/** QueryEntity: a SQL query with its statement and the datasets and columns it touches. */
import type { QueryProperties } from '../../../model/aspects/queryProperties.ts';
import type { QuerySubjects } from '../../../model/aspects/querySubjects.ts';
import { keyAspectOf } from '../../../model/registry.ts';
import type { StoreView } from '../../../store/store.ts';
import { type EntityKind, type Obj, aspect, auditStamp, common, customProperties, platformView, ref, typeOf } from './shared.ts';

function propertiesView(view: StoreView, urn: string, p: QueryProperties): Obj {
  return {
    statement: { value: p.statement?.value ?? '', language: p.statement?.language ?? 'SQL' },
    source: p.source,
    name: p.name ?? null,
    description: p.description ?? null,
    created: auditStamp(p.created),
    createdOn: { time: p.created?.time ?? 0, actor: p.created?.actor ? () => ref(view, p.created.actor) : null },
    lastModified: auditStamp(p.lastModified),
    origin: p.origin ? () => ref(view, p.origin!) : null,
    customProperties: customProperties(p.customProperties, urn),
  };
}

/**
 * A subject as DataHub shows it: a dataset is the dataset; a column is its dataset plus the column.
 * Subjects of other types have no place in `QuerySubject` (its dataset is non-null) and are left out.
 */
function subjectView(view: StoreView, subject: string): Obj | null {
  const type = typeOf(subject);
  if (type === 'dataset') return { dataset: () => ref(view, subject), schemaField: null };
  if (type !== 'schemaField') return null;
  const parent = keyAspectOf(subject).value['parent'];
  if (typeof parent !== 'string' || typeOf(parent) !== 'dataset') return null;
  return { dataset: () => ref(view, parent), schemaField: () => ref(view, subject) };
}

export const query: EntityKind = {
  typename: 'QueryEntity',
  enumValue: 'QUERY',
  build: (view, urn) => {
    const p = aspect<QueryProperties>(view, urn, 'queryProperties');
    const platform = aspect<{ platform?: string }>(view, urn, 'dataPlatformInstance')?.platform;
    return Object.assign(common(view, urn, query), {
      properties: p ? propertiesView(view, urn, p) : null,
      subjects: () => {
        const s = aspect<QuerySubjects>(view, urn, 'querySubjects');
        return s ? s.subjects.map((x) => subjectView(view, x.entity)).filter((x) => x !== null) : null;
      },
      platform: platform ? platformView(view, platform) : null,
    });
  },
};
