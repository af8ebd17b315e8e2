/**
 * Column-level change events (docs/datahub/discovery.md §7.5): from `schemaMetadata`, fields added or
 * removed and native types changed (TECHNICAL_SCHEMA), plus the descriptions (DOCUMENTATION) and
 * tags (TAG) fields carry; from `editableSchemaMetadata`, the descriptions, tags and glossary terms
 * edited per column. Fields are matched by field path; wording follows DataHub's
 * SchemaMetadata/EditableSchemaMetadata change event generators.
 */
import type { AuditStamp } from '../../store/store.ts';
import {
  field,
  fieldPathV1,
  records,
  schemaFieldUrn,
  text,
  type AspectChange,
  type ChangeCategory,
  type ChangeEvent,
  type Differ,
} from './changeEvent.ts';
import { tagEvents, termEvents } from './labelDiffs.ts';

type Field = Record<string, unknown>;

/** Fields of a schema-like aspect by field path, in path order. */
function fieldsByPath(value: unknown, listName: string): Map<string, Field> {
  const out = new Map<string, Field>();
  for (const f of records(value, listName)) {
    const path = text(f, 'fieldPath');
    if (path !== undefined && !out.has(path)) out.set(path, f);
  }
  return out;
}

/** Walks the union of both field maps in path order. */
function eachFieldPair(
  before: Map<string, Field>,
  after: Map<string, Field>,
  visit: (path: string, from: Field | undefined, to: Field | undefined) => void,
): void {
  for (const path of [...new Set([...before.keys(), ...after.keys()])].sort())
    visit(path, before.get(path), after.get(path));
}

export const schemaMetadataDiffer: Differ = (c: AspectChange, category) => {
  const events: ChangeEvent[] = [];
  eachFieldPair(fieldsByPath(c.from, 'fields'), fieldsByPath(c.to, 'fields'), (path, from, to) => {
    const fieldUrn = schemaFieldUrn(c.urn, path);
    if (category === 'TECHNICAL_SCHEMA') {
      const schemaEvent = (
        operation: ChangeEvent['operation'],
        semVerChange: ChangeEvent['semVerChange'],
        description: string,
        f: Field,
        modification: string,
      ): ChangeEvent => ({
        entityUrn: c.urn,
        category: 'TECHNICAL_SCHEMA',
        operation,
        modifier: fieldUrn,
        parameters: {
          fieldPath: path,
          fieldUrn,
          nullable: field(f, 'nullable') === true,
          modificationCategory: modification,
        },
        auditStamp: c.stamp,
        semVerChange,
        description,
      });
      if (!from) {
        events.push(
          schemaEvent(
            'ADD',
            'MINOR',
            `A forwards & backwards compatible change due to the newly added field '${fieldPathV1(path)}'.`,
            to!,
            'OTHER',
          ),
        );
      } else if (!to) {
        events.push(
          schemaEvent(
            'REMOVE',
            'MAJOR',
            `A backwards incompatible change due to removal of field: '${fieldPathV1(path)}'.`,
            from,
            'OTHER',
          ),
        );
      } else if (text(from, 'nativeDataType') !== text(to, 'nativeDataType')) {
        events.push(
          schemaEvent(
            'MODIFY',
            'MAJOR',
            `A backwards incompatible change due to native datatype of the field '${fieldPathV1(path)}' changed from '${text(from, 'nativeDataType') ?? ''}' to '${text(to, 'nativeDataType') ?? ''}'.`,
            from,
            'TYPE_CHANGE',
          ),
        );
      }
    } else if (category === 'DOCUMENTATION') {
      const event = schemaFieldDescriptionEvent(
        text(from, 'description'),
        text(to, 'description'),
        path,
        fieldUrn,
        c.stamp,
      );
      if (event) events.push(event);
    } else if (category === 'TAG') {
      events.push(
        ...tagEvents(field(from, 'globalTags'), field(to, 'globalTags'), fieldUrn, c.stamp, {
          fieldPath: path,
          parentUrn: c.urn,
        }),
      );
    }
  });
  return events;
};

/** A column description as ingested (`schemaMetadata.fields[].description`). */
function schemaFieldDescriptionEvent(
  before: string | undefined,
  after: string | undefined,
  path: string,
  fieldUrn: string,
  stamp: AuditStamp,
): ChangeEvent | undefined {
  if (before === after) return undefined;
  const event = (
    operation: ChangeEvent['operation'],
    semVerChange: ChangeEvent['semVerChange'],
    description: string,
  ): ChangeEvent => ({
    entityUrn: fieldUrn,
    category: 'DOCUMENTATION',
    operation,
    auditStamp: stamp,
    semVerChange,
    description,
  });
  if (before === undefined)
    return event('ADD', 'MINOR', `The description '${after}' for the field '${path}' has been added.`);
  if (after === undefined)
    return event('REMOVE', 'MINOR', `The description '${before}' for the field '${path}' has been removed.`);
  return event(
    'MODIFY',
    'PATCH',
    `The description for the field '${path}' has been changed from '${before}' to '${after}'.`,
  );
}

/** A column description as edited (`editableSchemaMetadata.editableSchemaFieldInfo[].description`). */
function editedFieldDescriptionEvent(
  before: string | undefined,
  after: string | undefined,
  path: string,
  fieldUrn: string,
  stamp: AuditStamp,
): ChangeEvent | undefined {
  if (before === after) return undefined;
  const event = (
    operation: ChangeEvent['operation'],
    semVerChange: ChangeEvent['semVerChange'],
    description: string,
    value: string,
  ): ChangeEvent => ({
    entityUrn: fieldUrn,
    category: 'DOCUMENTATION',
    operation,
    modifier: path,
    parameters: { description: value },
    auditStamp: stamp,
    semVerChange,
    description,
  });
  if (before === undefined)
    return event(
      'ADD',
      'MINOR',
      `Documentation for the field '${path}' of '${fieldUrn}' has been added: '${after}'`,
      after!,
    );
  if (after === undefined)
    return event(
      'REMOVE',
      'MINOR',
      `Documentation for the field '${path}' of '${fieldUrn}' has been removed: '${before}'`,
      before,
    );
  return event(
    'MODIFY',
    'PATCH',
    `Documentation for the field '${path}' of '${fieldUrn}' has been updated from '${before}' to '${after}'.`,
    after,
  );
}

const EDITABLE_CATEGORIES: readonly ChangeCategory[] = ['DOCUMENTATION', 'TAG', 'GLOSSARY_TERM'];

export const editableSchemaMetadataDiffer: Differ = (c: AspectChange, category) => {
  if (!EDITABLE_CATEGORIES.includes(category)) return [];
  const events: ChangeEvent[] = [];
  eachFieldPair(
    fieldsByPath(c.from, 'editableSchemaFieldInfo'),
    fieldsByPath(c.to, 'editableSchemaFieldInfo'),
    (path, from, to) => {
      const fieldUrn = schemaFieldUrn(c.urn, path);
      const column = { fieldPath: path, parentUrn: c.urn };
      if (category === 'DOCUMENTATION') {
        const event = editedFieldDescriptionEvent(
          text(from, 'description'),
          text(to, 'description'),
          path,
          fieldUrn,
          c.stamp,
        );
        if (event) events.push(event);
      } else if (category === 'TAG') {
        events.push(...tagEvents(field(from, 'globalTags'), field(to, 'globalTags'), fieldUrn, c.stamp, column));
      } else {
        events.push(...termEvents(field(from, 'glossaryTerms'), field(to, 'glossaryTerms'), fieldUrn, c.stamp, column));
      }
    },
  );
  return events;
};
