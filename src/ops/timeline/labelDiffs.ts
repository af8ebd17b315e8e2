/**
 * Tag and glossary-term change events (datahub-discovery.md §7.5), on the entity (`globalTags`,
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

/**
 * Tag events between two `{tags: [...]}` values: removals, then additions, each in urn order.
 * `entityUrn` is the dataset, or the column's schemaField urn when `column` is given.
 */
export function tagEvents(from: unknown, to: unknown, entityUrn: string, stamp: AuditStamp, column?: ColumnOf): ChangeEvent[] {
  const before = associations(from, 'tag', 'tags');
  const after = associations(to, 'tag', 'tags');
  const removed = [...before.values()].filter((a) => !after.has(a.urn)).sort(byUrn);
  const added = [...after.values()].filter((a) => !before.has(a.urn)).sort(byUrn);
  const event = (a: Association, operation: 'ADD' | 'REMOVE'): ChangeEvent => ({
    entityUrn,
    category: 'TAG',
    operation,
    modifier: a.urn,
    parameters: column
      ? { fieldPath: column.fieldPath, parentUrn: column.parentUrn, tagUrn: a.urn }
      : { tagUrn: a.urn, context: a.context ?? '{}' },
    auditStamp: stamp,
    semVerChange: 'MINOR',
    description: operation === 'ADD' ? `Tag '${urnId(a.urn)}' added to entity '${entityUrn}'.` : `Tag '${urnId(a.urn)}' removed from entity '${entityUrn}'.`,
  });
  return [...removed.map((a) => event(a, 'REMOVE')), ...added.map((a) => event(a, 'ADD'))];
}

/** Glossary-term events between two `{terms: [...]}` values, in urn order. */
export function termEvents(from: unknown, to: unknown, entityUrn: string, stamp: AuditStamp, column?: ColumnOf): ChangeEvent[] {
  const before = associations(from, 'urn', 'terms');
  const after = associations(to, 'urn', 'terms');
  const changed: Array<[Association, 'ADD' | 'REMOVE']> = [
    ...[...before.values()].filter((a) => !after.has(a.urn)).map((a): [Association, 'REMOVE'] => [a, 'REMOVE']),
    ...[...after.values()].filter((a) => !before.has(a.urn)).map((a): [Association, 'ADD'] => [a, 'ADD']),
  ];
  changed.sort(([a], [b]) => byUrn(a, b));
  return changed.map(([a, operation]) => ({
    entityUrn,
    category: 'GLOSSARY_TERM',
    operation,
    modifier: a.urn,
    parameters: column
      ? { fieldPath: column.fieldPath, parentUrn: column.parentUrn, termUrn: a.urn }
      : { termUrn: a.urn, context: a.context ?? '{}' },
    auditStamp: stamp,
    semVerChange: 'MINOR',
    description: operation === 'ADD' ? `Term '${urnId(a.urn)}' added to entity '${entityUrn}'.` : `Term '${urnId(a.urn)}' removed from entity '${entityUrn}'.`,
  }));
}

/** `globalTags` of the entity. */
export const globalTagsDiffer: Differ = (c: AspectChange, category) => (category === 'TAG' ? tagEvents(c.from, c.to, c.urn, c.stamp) : []);

/** `glossaryTerms` of the entity. */
export const glossaryTermsDiffer: Differ = (c: AspectChange, category) => (category === 'GLOSSARY_TERM' ? termEvents(c.from, c.to, c.urn, c.stamp) : []);
