/**
 * A dataset's schema as GraphQL shows it: `SchemaMetadata` and its columns (`SchemaField`), the column
 * edits (`EditableSchemaMetadata`), from the schema read models of src/ops/read/dataset.ts. Shared by
 * the dataset, a versioned dataset, a chart's input fields and a schema assertion.
 */
import {
  fieldType as fieldTypeOf,
  type EditableFieldRead,
  type SchemaFieldRead,
  type SchemaRead,
} from '../../../ops/read/dataset.ts';
import type { SchemaFieldValue } from '../../../model/aspects/schemaMetadata.ts';
import type { StoreView } from '../../../store/store.ts';
import type * as G from '../schema.generated.ts';
import { schemaFieldEntityOf } from './schemaField.ts';
import { isUrnOf, refsOf, str, tagsView, termsView, asEnum, asStored, refAs } from './shared.ts';

/** DataHub's field type of a stored column. */
export function fieldType(f: SchemaFieldValue): string {
  return fieldTypeOf(f);
}

/** `SchemaField`: a column; its glossary terms and its own entity are shaped when selected. */
class SchemaFieldView implements G.SchemaField {
  readonly #view: StoreView;
  readonly #field: SchemaFieldRead;
  readonly #urn: string;
  readonly fieldPath: string;
  readonly jsonPath: string | null;
  readonly label: string | null;
  readonly nullable: boolean;
  readonly description: string | null;
  readonly type: G.SchemaFieldDataType;
  readonly nativeDataType: string | null;
  readonly recursive: boolean;
  readonly isPartOfKey: boolean | null;
  readonly isPartitioningKey: boolean | null;
  readonly jsonProps: string | null;
  constructor(view: StoreView, f: SchemaFieldRead, urn: string) {
    this.#view = view;
    this.#field = f;
    this.#urn = urn;
    this.fieldPath = f.fieldPath;
    this.jsonPath = asStored(f.jsonPath);
    this.label = asStored(f.label);
    this.nullable = f.nullable;
    this.description = f.description;
    this.type = asEnum<G.SchemaFieldDataType>(f.type);
    this.nativeDataType = f.nativeDataType;
    this.recursive = asStored(f.recursive);
    this.isPartOfKey = asStored(f.isPartOfKey);
    this.isPartitioningKey = asStored(f.isPartitioningKey);
    this.jsonProps = asStored(f.jsonProps);
  }
  get tags(): G.Maybe<G.GlobalTags> {
    return tagsView(this.#view, this.#field.tags, this.#urn);
  }
  get globalTags(): G.Maybe<G.GlobalTags> {
    return this.tags;
  }
  get glossaryTerms(): G.Maybe<G.GlossaryTerms> {
    return termsView(this.#view, this.#field.glossaryTerms, this.#urn);
  }
  get schemaFieldEntity(): G.SchemaFieldEntity {
    return schemaFieldEntityOf(this.#view, this.#urn, this.fieldPath)();
  }
}

/** A column read elsewhere than in the dataset's schema (a chart's input fields) as `SchemaField`. */
export function schemaFieldView(view: StoreView, f: SchemaFieldRead, datasetUrn: string): G.SchemaField {
  return new SchemaFieldView(view, f, datasetUrn);
}

/** `SchemaMetadata`: a version of the schema; its foreign keys are shaped when selected. */
class SchemaMetadataView implements G.SchemaMetadata {
  readonly #view: StoreView;
  readonly #schema: SchemaRead;
  readonly aspectVersion: number;
  readonly datasetUrn: string | null;
  readonly name: string;
  readonly platformUrn: string;
  readonly version: number;
  readonly cluster: string | null;
  readonly hash: string;
  readonly platformSchema: G.PlatformSchema | null;
  readonly fields: SchemaFieldView[];
  readonly primaryKeys: string[] | null;
  readonly createdAt: number | null;
  constructor(view: StoreView, urn: string, sm: SchemaRead, datasetUrn: string | null = urn) {
    this.#view = view;
    this.#schema = sm;
    this.aspectVersion = sm.aspectVersion;
    this.datasetUrn = datasetUrn;
    this.name = asStored(sm.name);
    this.platformUrn = asStored(sm.platformUrn);
    this.version = asStored(sm.version);
    this.cluster = asStored(sm.cluster);
    this.hash = asStored(sm.hash);
    const ps = sm.platformSchema;
    this.platformSchema = !ps
      ? null
      : ps.kind === 'KeyValueSchema'
        ? { __typename: 'KeyValueSchema', keySchema: asStored(ps.keySchema), valueSchema: asStored(ps.valueSchema) }
        : { __typename: 'TableSchema', schema: ps.schema };
    this.fields = sm.fields.map((f) => new SchemaFieldView(view, f, urn));
    this.primaryKeys = asStored(sm.primaryKeys);
    this.createdAt = sm.createdAt;
  }
  get foreignKeys(): G.Maybe<Array<G.Maybe<G.ForeignKeyConstraint>>> {
    return foreignKeysView(this.#view, this.#schema.foreignKeys);
  }
}

/**
 * The schema's GraphQL object, made once per schema read model and store view: the read model is
 * shared while the stored schema stays the same (src/ops/read/dataset.ts), and every field of the
 * object is either copied from it or read when selected, so the object holds nothing a later write
 * could make stale. A dataset page then builds no column objects per request.
 */
const schemaViews = new WeakMap<StoreView, WeakMap<SchemaRead, SchemaMetadataView>>();
export function schemaMetadataView(
  view: StoreView,
  urn: string,
  sm: SchemaRead,
  datasetUrn: string | null = urn,
): SchemaMetadataView {
  // A read model of this request only (not shared, so not frozen) is never read again: no entry for it.
  // A long-lived WeakMap's value stays reachable through young collections until its key's entry is
  // cleared, so an entry per request would move every column object of every read to the old heap.
  if (!Object.isFrozen(sm) || datasetUrn !== urn) return new SchemaMetadataView(view, urn, sm, datasetUrn);
  let byRead = schemaViews.get(view);
  if (!byRead) schemaViews.set(view, (byRead = new WeakMap()));
  let made = byRead.get(sm);
  // The same read model serves one dataset only: its urn is part of every column's identity.
  if (!made || made.datasetUrn !== urn) byRead.set(sm, (made = new SchemaMetadataView(view, urn, sm)));
  return made;
}

/** `schemaMetadata.foreignKeys`: each constraint's columns (schema field urns) and foreign dataset as entities. */
function foreignKeysView(view: StoreView, stored: unknown): G.ForeignKeyConstraint[] | null {
  if (!Array.isArray(stored)) return null;
  // Each entry as stored: any of its keys may be missing or of another type, so each is checked.
  return (stored as Array<Record<string, unknown> | null>).map((fk) => ({
    name: str(fk?.['name']),
    foreignFields: refsOf<G.SchemaFieldEntity>(view, fk?.['foreignFields'], 'schemaField'),
    sourceFields: refsOf<G.SchemaFieldEntity>(view, fk?.['sourceFields'], 'schemaField'),
    foreignDataset: () =>
      isUrnOf(fk?.['foreignDataset'], 'dataset') ? refAs<G.Dataset>(view, fk['foreignDataset']) : null,
  }));
}

/** `EditableSchemaMetadata`: the column edits of a dataset; null when none is stored. */
export function editableSchemaView(
  view: StoreView,
  urn: string,
  editable: { fields: EditableFieldRead[] } | null,
): G.Maybe<G.EditableSchemaMetadata> {
  if (!editable) return null;
  return {
    editableSchemaFieldInfo: editable.fields.map((e) => {
      const t = tagsView(view, e.tags, urn);
      return {
        fieldPath: e.fieldPath,
        description: e.description,
        globalTags: t,
        tags: t,
        glossaryTerms: () => termsView(view, e.glossaryTerms, urn),
      };
    }),
  };
}
