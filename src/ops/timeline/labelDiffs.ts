/**
 * Tag and glossary-term change events (docs/datahub/discovery.md §7.5), on the entity (`globalTags`,
 * `glossaryTerms`) and on columns (the same lists inside schema fields). Descriptions follow
 * DataHub's GlobalTags/GlossaryTerms change event generators: `Tag '<id>' added to entity '<urn>'.`
 */
import type { AuditStamp } from '../../store/store.ts';
import { records, text, urnId, type AspectChange, type ChangeEvent, type Differ } from './changeEvent.ts';

/** Where a column-level change happened: the column's path and its dataset. */
export interface ColumnOf {
  fieldPath: string;
  parentUrn: string;
}

interface Association {
  urn: string;
  context?: string;
}

function associations(list: unknown, urnField: 'tag' | 'urn', listField: 'tags' | 'terms'): Map<string, Association> {
  const out = new Map<string, Association>();
  for (const item of records(list, listField)) {
    const urn = text(item, urnField);
    if (urn !== undefined && !out.has(urn)) out.set(urn, { urn, context: text(item, 'context') });
  }
  return out;
}

const byUrn = (a: Association, b: Association) => (a.urn < b.urn ? -1 : a.urn > b.urn ? 1 : 0);

/** What differs between tags and terms: where the urn sits, the category, the words, the parameter name. */
interface LabelKind {
  urnField: 'tag' | 'urn';
  listField: 'tags' | 'terms';
  category: 'TAG' | 'GLOSSARY_TERM';
  noun: 'Tag' | 'Term';
  parameter: 'tagUrn' | 'termUrn';
}

const TAG: LabelKind = { urnField: 'tag', listField: 'tags', category: 'TAG', noun: 'Tag', parameter: 'tagUrn' };
const TERM: LabelKind = {
  urnField: 'urn',
  listField: 'terms',
  category: 'GLOSSARY_TERM',
  noun: 'Term',
  parameter: 'termUrn',
};

/** The associations removed and added between two label lists, each in urn order. */
function labelChanges(kind: LabelKind, from: unknown, to: unknown): { removed: Association[]; added: Association[] } {
  const before = associations(from, kind.urnField, kind.listField);
  const after = associations(to, kind.urnField, kind.listField);
  return {
    removed: [...before.values()].filter((a) => !after.has(a.urn)).sort(byUrn),
    added: [...after.values()].filter((a) => !before.has(a.urn)).sort(byUrn),
  };
}

function labelEvent(
  kind: LabelKind,
  a: Association,
  operation: 'ADD' | 'REMOVE',
  entityUrn: string,
  stamp: AuditStamp,
  column?: ColumnOf,
): ChangeEvent {
  return {
    entityUrn,
    category: kind.category,
    operation,
    modifier: a.urn,
    parameters: column
      ? { fieldPath: column.fieldPath, parentUrn: column.parentUrn, [kind.parameter]: a.urn }
      : { [kind.parameter]: a.urn, context: a.context ?? '{}' },
    auditStamp: stamp,
    semVerChange: 'MINOR',
    description: `${kind.noun} '${urnId(a.urn)}' ${operation === 'ADD' ? 'added to' : 'removed from'} entity '${entityUrn}'.`,
  };
}

/**
 * Tag events between two `{tags: [...]}` values: removals, then additions, each in urn order.
 * `entityUrn` is the dataset, or the column's schemaField urn when `column` is given.
 */
export function tagEvents(
  from: unknown,
  to: unknown,
  entityUrn: string,
  stamp: AuditStamp,
  column?: ColumnOf,
): ChangeEvent[] {
  const { removed, added } = labelChanges(TAG, from, to);
  return [
    ...removed.map((a) => labelEvent(TAG, a, 'REMOVE', entityUrn, stamp, column)),
    ...added.map((a) => labelEvent(TAG, a, 'ADD', entityUrn, stamp, column)),
  ];
}

/** Glossary-term events between two `{terms: [...]}` values, removals and additions together in urn order. */
export function termEvents(
  from: unknown,
  to: unknown,
  entityUrn: string,
  stamp: AuditStamp,
  column?: ColumnOf,
): ChangeEvent[] {
  const { removed, added } = labelChanges(TERM, from, to);
  const changed: Array<[Association, 'ADD' | 'REMOVE']> = [
    ...removed.map((a): [Association, 'REMOVE'] => [a, 'REMOVE']),
    ...added.map((a): [Association, 'ADD'] => [a, 'ADD']),
  ];
  changed.sort(([a], [b]) => byUrn(a, b));
  return changed.map(([a, operation]) => labelEvent(TERM, a, operation, entityUrn, stamp, column));
}

/** `globalTags` of the entity. */
export const globalTagsDiffer: Differ = (c: AspectChange, category) =>
  category === 'TAG' ? tagEvents(c.from, c.to, c.urn, c.stamp) : [];

/** `glossaryTerms` of the entity. */
export const glossaryTermsDiffer: Differ = (c: AspectChange, category) =>
  category === 'GLOSSARY_TERM' ? termEvents(c.from, c.to, c.urn, c.stamp) : [];
