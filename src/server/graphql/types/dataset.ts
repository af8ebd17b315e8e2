/**
 * Dataset (docs/datahub/graphql.md §2.2, §2.3): the dataset read model of src/ops/read/dataset.ts (effective
 * values applied there) shaped as GraphQL shows it, with the shared aspects of every entity type.
 */
import { datasetOf, fieldType as fieldTypeOf, type DatasetRead, type SchemaFieldRead, type SchemaRead } from '../../../ops/read/dataset.ts';
import type { SchemaFieldValue } from '../../../model/aspects/schemaMetadata.ts';
import type { StoreView } from '../../../store/store.ts';
import { schemaFieldEntityOf } from './schemaField.ts';
import { assertionsField } from './assertion.ts';
import { datasetProfilesField, operationsField, statsSummaryField, usageStatsField } from './timeseries.ts';
import { versionPropertiesView } from './versionSet.ts';
import {
  customPropertiesView,
  DeprecationView,
  EntityView,
  isUrnOf,
  ownershipReadView,
  platformView,
  ref,
  refsOf,
  stampView,
  str,
  tagsView,
  termsView,
  type EntityKind,
  type Obj,
} from './shared.ts';

/** DataHub's field type of a stored column. */
export function fieldType(f: SchemaFieldValue): string {
  return fieldTypeOf(f);
}

/** `SchemaField`: a column; its glossary terms and its own entity are shaped when selected. */
class SchemaFieldView {
  [field: string]: unknown;
  readonly #view: StoreView;
  readonly #field: SchemaFieldRead;
  readonly #urn: string;
  readonly fieldPath: string;
  readonly jsonPath: unknown;
  readonly label: unknown;
  readonly nullable: boolean;
  readonly description: string | null;
  readonly type: string;
  readonly nativeDataType: string | null;
  readonly recursive: unknown;
  readonly isPartOfKey: unknown;
  readonly isPartitioningKey: unknown;
  readonly jsonProps: unknown;
  constructor(view: StoreView, f: SchemaFieldRead, urn: string) {
    this.#view = view;
    this.#field = f;
    this.#urn = urn;
    this.fieldPath = f.fieldPath;
    this.jsonPath = f.jsonPath;
    this.label = f.label;
    this.nullable = f.nullable;
    this.description = f.description;
    this.type = f.type;
    this.nativeDataType = f.nativeDataType;
    this.recursive = f.recursive;
    this.isPartOfKey = f.isPartOfKey;
    this.isPartitioningKey = f.isPartitioningKey;
    this.jsonProps = f.jsonProps;
  }
  get tags(): Obj | null {
    return tagsView(this.#view, this.#field.tags, this.#urn);
  }
  get globalTags(): Obj | null {
    return this.tags;
  }
  get glossaryTerms(): Obj | null {
    return termsView(this.#view, this.#field.glossaryTerms, this.#urn);
  }
  get schemaFieldEntity(): Obj {
    return schemaFieldEntityOf(this.#view, this.#urn, this.fieldPath)();
  }
}

/** `SchemaMetadata`: a version of the schema; its foreign keys are shaped when selected. */
class SchemaMetadataView {
  [field: string]: unknown;
  readonly #view: StoreView;
  readonly #schema: SchemaRead;
  readonly aspectVersion: number;
  readonly datasetUrn: string;
  readonly name: unknown;
  readonly platformUrn: unknown;
  readonly version: unknown;
  readonly cluster: unknown;
  readonly hash: unknown;
  readonly platformSchema: Obj | null;
  readonly fields: SchemaFieldView[];
  readonly primaryKeys: unknown;
  readonly createdAt: number | null;
  constructor(view: StoreView, urn: string, sm: SchemaRead) {
    this.#view = view;
    this.#schema = sm;
    this.aspectVersion = sm.aspectVersion;
    this.datasetUrn = urn;
    this.name = sm.name;
    this.platformUrn = sm.platformUrn;
    this.version = sm.version;
    this.cluster = sm.cluster;
    this.hash = sm.hash;
    const ps = sm.platformSchema;
    this.platformSchema = !ps
      ? null
      : ps.kind === 'KeyValueSchema'
        ? { __typename: 'KeyValueSchema', keySchema: ps.keySchema, valueSchema: ps.valueSchema }
        : { __typename: 'TableSchema', schema: ps.schema };
    this.fields = sm.fields.map((f) => new SchemaFieldView(view, f, urn));
    this.primaryKeys = sm.primaryKeys;
    this.createdAt = sm.createdAt;
  }
  get foreignKeys(): Obj[] | null {
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
function schemaMetadataView(view: StoreView, urn: string, sm: SchemaRead): SchemaMetadataView {
  let byRead = schemaViews.get(view);
  if (!byRead) schemaViews.set(view, (byRead = new WeakMap()));
  let made = byRead.get(sm);
  // The same read model serves one dataset only: its urn is part of every column's identity.
  if (!made || made.datasetUrn !== urn) byRead.set(sm, (made = new SchemaMetadataView(view, urn, sm)));
  return made;
}

/** `schemaMetadata.foreignKeys`: each constraint's columns (schema field urns) and foreign dataset as entities. */
function foreignKeysView(view: StoreView, stored: unknown): Obj[] | null {
  if (!Array.isArray(stored)) return null;
  return (stored as Array<Obj | null>).map((fk) => ({
    name: str(fk?.['name']),
    foreignFields: refsOf(view, fk?.['foreignFields'], 'schemaField'),
    sourceFields: refsOf(view, fk?.['sourceFields'], 'schemaField'),
    foreignDataset: () => (isUrnOf(fk?.['foreignDataset'], 'dataset') ? ref(view, fk['foreignDataset']) : null),
  }));
}

/** The `Dataset` GraphQL object over the dataset read model. */
export class DatasetView extends EntityView {
  readonly #read: DatasetRead;
  readonly __typename = 'Dataset';
  readonly type = 'DATASET';
  readonly name: string;
  #platform: Obj | undefined;
  readonly origin: string;
  constructor(view: StoreView, urn: string) {
    super(view, urn);
    const read = datasetOf(view, urn);
    this.#read = read;
    this.name = read.name;
    this.origin = read.origin;
  }
  // Made when asked for: most reads do not select it.
  get platform(): Obj {
    return (this.#platform ??= platformView(this.view, this.#read.platformUrn));
  }
  // Reads true for any dataset, stored or not (a relationship end with nothing stored too), as it always has.
  override get exists(): boolean {
    return true;
  }
  get versionProperties(): Obj | null {
    return versionPropertiesView(this.view, this.urn);
  }
  get properties(): Obj | null {
    const p = this.#read.properties;
    return p
      ? {
          name: p.name,
          qualifiedName: p.qualifiedName,
          origin: p.origin,
          description: p.description,
          customProperties: customPropertiesView(p.customProperties, this.urn),
          externalUrl: p.externalUrl,
          created: p.created,
          createdActor: p.createdActor,
          lastModified: stampView(p.lastModified),
          lastModifiedActor: p.lastModifiedActor,
        }
      : null;
  }
  get description(): string | null {
    return this.#read.description;
  }
  get editableProperties(): Obj | null {
    return this.#read.editableProperties;
  }
  schemaMetadata(args: { version?: number | null } | undefined): Obj | null {
    const sm = this.#read.schema(args?.version);
    return sm ? schemaMetadataView(this.view, this.urn, sm) : null;
  }
  get editableSchemaMetadata(): Obj | null {
    const editable = this.#read.editableSchema;
    if (!editable) return null;
    return {
      editableSchemaFieldInfo: editable.fields.map((e) => {
        const t = tagsView(this.view, e.tags, this.urn);
        return { fieldPath: e.fieldPath, description: e.description, globalTags: t, tags: t, glossaryTerms: () => termsView(this.view, e.glossaryTerms, this.urn) };
      }),
    };
  }
  override get ownership(): Obj | null {
    return ownershipReadView(this.view, this.urn, this.#read.ownership);
  }
  override get tags(): Obj | null {
    return tagsView(this.view, this.#read.tags, this.urn);
  }
  override get deprecation(): Obj {
    return new DeprecationView(this.view, this.#read.deprecation);
  }
  get fineGrainedLineages(): unknown {
    return this.#read.fineGrainedLineages;
  }
  get viewProperties(): Obj | null {
    const v = this.#read.viewProperties;
    return v && { materialized: v.materialized, logic: v.logic, formattedLogic: v.formattedLogic, language: v.language };
  }
  get statsSummary(): unknown {
    return statsSummaryField(this.view, this.urn)();
  }
  operations(args: Parameters<ReturnType<typeof operationsField>>[0]): unknown {
    return operationsField(this.view, this.urn)(args);
  }
  datasetProfiles(args: Parameters<ReturnType<typeof datasetProfilesField>>[0]): unknown {
    return datasetProfilesField(this.view, this.urn)(args);
  }
  usageStats(args: Parameters<ReturnType<typeof usageStatsField>>[0]): unknown {
    return usageStatsField(this.view, this.urn)(args);
  }
  assertions(args: Parameters<ReturnType<typeof assertionsField>>[0]): unknown {
    return assertionsField(this.view, this.urn)(args);
  }
}

/** The `Dataset` GraphQL object of `urn` (whether or not anything is stored for it). */
export function datasetView(view: StoreView, urn: string): Obj {
  return new DatasetView(view, urn);
}

export const dataset: EntityKind = {
  typename: 'Dataset',
  enumValue: 'DATASET',
  build: datasetView,
};
