/**
 * The dataset read model: what a person sees of a dataset, with the effective values applied (rules in
 * ../labels/effective.ts): the edited description over the ingested one, for the dataset and each
 * column; a column's tags and terms, ingested ones then edited ones; a deprecation that always reads;
 * the column type as one of DataHub's field types; the platform schema as table or key-value schema.
 * Each part is read when first asked for, and the aspects it needs then, each once (a search page asks
 * a dataset for its urn only).
 */
import type { Stamp } from '../../model/aspects/define.ts';
import datasetProperties, { type DatasetProperties } from '../../model/aspects/datasetProperties.ts';
import editableDatasetProperties, {
  type EditableDatasetProperties,
} from '../../model/aspects/editableDatasetProperties.ts';
import editableSchemaMetadata, {
  type EditableSchemaFieldInfo,
  type EditableSchemaMetadata,
} from '../../model/aspects/editableSchemaMetadata.ts';
import { viewProperties } from '../../model/aspects/readAsGiven.ts';
import schemaMetadata, { type SchemaFieldValue, type SchemaMetadata } from '../../model/aspects/schemaMetadata.ts';
import { datasetKeyOf } from '../../model/registry.ts';
import type { StoreView } from '../../store/store.ts';
import { readStoredEntity } from '../entities/entities.ts';
import { effectiveDescription, mergeTags, mergeTerms, type TermsValue } from '../labels/effective.ts';
import {
  aspectOf,
  aspectRecordOf,
  customPropertiesOf,
  deepFreeze,
  platformOf,
  readDatasetDeprecation,
  readOwnership,
  readTags,
  stampOf,
  tagsOf,
  termsOf,
  type CustomPropertyRead,
  type DeprecationRead,
  type OwnershipRead,
  type PlatformRead,
  type StampRead,
  type TagsRead,
  type TermsRead,
} from './common.ts';
import { readDatasetFineGrainedLineages, type FineGrainedLineageRead } from './lineage.ts';

export interface DatasetPropertiesRead {
  name: string;
  qualifiedName: unknown;
  origin: string;
  /** Effective: the edited description when there is one. */
  description: string | null;
  customProperties: CustomPropertyRead[];
  externalUrl: unknown;
  created: number | null;
  createdActor: string | null;
  lastModified: StampRead;
  lastModifiedActor: string | null;
}

/** One column, effective values applied. */
export interface SchemaFieldRead {
  fieldPath: string;
  jsonPath: unknown;
  label: unknown;
  nullable: boolean;
  description: string | null;
  /** DataHub's field type (`STRING`, `NUMBER`, …; `NULL` when the stored type is none it knows). */
  type: string;
  nativeDataType: string | null;
  recursive: unknown;
  tags: TagsRead | null;
  glossaryTerms: TermsRead | null;
  isPartOfKey: unknown;
  isPartitioningKey: unknown;
  jsonProps: unknown;
}

export type PlatformSchemaRead =
  | { kind: 'KeyValueSchema'; keySchema: unknown; valueSchema: unknown }
  | { kind: 'TableSchema'; schema: string };

export interface SchemaRead {
  aspectVersion: number;
  name: unknown;
  platformUrn: unknown;
  version: unknown;
  cluster: unknown;
  hash: unknown;
  platformSchema: PlatformSchemaRead | null;
  fields: SchemaFieldRead[];
  primaryKeys: unknown;
  /** `foreignKeys` as stored (urns checked by whoever shows them). */
  foreignKeys: unknown;
  createdAt: number | null;
}

export interface EditableFieldRead {
  fieldPath: string;
  description: string | null;
  tags: TagsRead | null;
  glossaryTerms: TermsRead | null;
}

export interface ViewPropertiesRead {
  materialized: boolean;
  logic: string;
  formattedLogic: string | null;
  language: string;
}

export interface DatasetRead {
  readonly urn: string;
  /** From the urn. */
  readonly name: string;
  readonly platform: PlatformRead;
  /** The platform's urn, from the urn (`platform` without parsing it). */
  readonly platformUrn: string;
  readonly origin: string;
  /** null when neither datasetProperties nor editableDatasetProperties is stored. */
  readonly properties: DatasetPropertiesRead | null;
  readonly description: string | null;
  readonly editableProperties: { description: string | null; name: string | null } | null;
  /** The schema of the latest version, or of an older one (version ≥ 1). */
  schema(version?: number | null): SchemaRead | null;
  readonly editableSchema: { fields: EditableFieldRead[] } | null;
  readonly ownership: OwnershipRead | null;
  readonly tags: TagsRead | null;
  readonly deprecation: DeprecationRead;
  readonly viewProperties: ViewPropertiesRead | null;
  /** Column-level lineage (`upstreamLineage.fineGrainedLineages`); null when none is stored. */
  readonly fineGrainedLineages: FineGrainedLineageRead[] | null;
}

const FIELD_TYPES: Record<string, string> = {
  BooleanType: 'BOOLEAN',
  FixedType: 'FIXED',
  StringType: 'STRING',
  BytesType: 'BYTES',
  NumberType: 'NUMBER',
  DateType: 'DATE',
  TimeType: 'TIME',
  EnumType: 'ENUM',
  NullType: 'NULL',
  MapType: 'MAP',
  ArrayType: 'ARRAY',
  RecordType: 'STRUCT',
  UnionType: 'UNION',
};

/** Field types by stored type key (`com.linkedin.schema.StringType` → `STRING`), as met. */
const fieldTypeByKey = new Map<string, string>();

/** A stored column type (`{type: {"com.linkedin.schema.StringType": {}}}`) as DataHub's field type. */
export function fieldType(f: SchemaFieldValue): string {
  const type = f.type?.type;
  let key = '';
  if (type)
    for (const k in type) {
      key = k;
      break;
    }
  let mapped = fieldTypeByKey.get(key);
  if (mapped === undefined) {
    mapped = FIELD_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'NULL';
    if (fieldTypeByKey.size < 1000) fieldTypeByKey.set(key, mapped);
  }
  return mapped;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** Not computed yet (a part may be null or undefined once computed). */
const UNSET: unique symbol = Symbol('unset');

class Dataset implements DatasetRead {
  readonly name: string;
  readonly origin: string;
  readonly platformUrn: string;
  private props: DatasetProperties | undefined | typeof UNSET = UNSET;
  private editable: EditableDatasetProperties | undefined | typeof UNSET = UNSET;
  private latest: SchemaRead | null | typeof UNSET = UNSET;
  private memo: {
    properties?: DatasetPropertiesRead | null;
    ownership?: OwnershipRead | null;
    tags?: TagsRead | null;
    deprecation?: DeprecationRead;
  } = {};

  constructor(
    private readonly view: StoreView,
    readonly urn: string,
  ) {
    const key = datasetKeyOf(urn);
    this.name = key.name;
    this.origin = key.origin.toUpperCase();
    this.platformUrn = key.platform;
  }

  get platform(): PlatformRead {
    return platformOf(this.platformUrn);
  }

  private propsValue(): DatasetProperties | undefined {
    if (this.props === UNSET) this.props = aspectOf(this.view, this.urn, datasetProperties);
    return this.props;
  }

  private editableValue(): EditableDatasetProperties | undefined {
    if (this.editable === UNSET) this.editable = aspectOf(this.view, this.urn, editableDatasetProperties);
    return this.editable;
  }

  get description(): string | null {
    return effectiveDescription(this.editableValue()?.description, this.propsValue()?.description);
  }

  get properties(): DatasetPropertiesRead | null {
    if ('properties' in this.memo) return this.memo.properties!;
    const p = this.propsValue();
    const e = this.editableValue();
    return (this.memo.properties =
      p || e
        ? {
            name: p?.name ?? this.name,
            qualifiedName: p?.['qualifiedName'] ?? null,
            origin: this.origin,
            description: this.description,
            customProperties: customPropertiesOf(p?.customProperties),
            externalUrl: p?.['externalUrl'] ?? null,
            created: p?.created?.time ?? null,
            createdActor: p?.created?.actor ?? null,
            lastModified: stampOf(p?.lastModified),
            lastModifiedActor: p?.lastModified?.actor ?? null,
          }
        : null);
  }

  get editableProperties(): { description: string | null; name: string | null } | null {
    const e = this.editableValue();
    return e ? { description: e.description ?? null, name: e.name ?? null } : null;
  }

  schema(version?: number | null): SchemaRead | null {
    if (version) return schemaOf(this.view, this.urn, version);
    if (this.latest === UNSET) this.latest = schemaOf(this.view, this.urn, 0);
    return this.latest;
  }

  get editableSchema(): { fields: EditableFieldRead[] } | null {
    const editable = aspectOf(this.view, this.urn, editableSchemaMetadata);
    return editable ? editableSchemaReadOf(editable) : null;
  }

  get ownership(): OwnershipRead | null {
    if (!('ownership' in this.memo)) this.memo.ownership = readOwnership(this.view, this.urn);
    return this.memo.ownership!;
  }

  get tags(): TagsRead | null {
    if (!('tags' in this.memo)) this.memo.tags = readTags(this.view, this.urn);
    return this.memo.tags!;
  }

  get deprecation(): DeprecationRead {
    return (this.memo.deprecation ??= readDatasetDeprecation(this.view, this.urn));
  }

  get fineGrainedLineages(): FineGrainedLineageRead[] | null {
    return readDatasetFineGrainedLineages(this.view, this.urn);
  }

  get viewProperties(): ViewPropertiesRead | null {
    const v = aspectOf(this.view, this.urn, viewProperties);
    if (!v) return null;
    return {
      materialized: v.materialized === true,
      logic: str(v.viewLogic) ?? '',
      formattedLogic: str(v.formattedViewLogic),
      language: str(v.viewLanguage) ?? '',
    };
  }
}

/**
 * Latest schemas as read, by the shared (frozen) stored values they were built from: while neither
 * `schemaMetadata` nor `editableSchemaMetadata` changes, readAspect hands out the same objects, and the
 * schema read built from them is reused; a change decodes new objects, so nothing stale is found.
 * Values read inside a write transaction are not shared (not frozen) and are never kept.
 */
const latestSchemas = new WeakMap<object, WeakMap<object, SchemaRead>>();
/** Stands for "no editableSchemaMetadata" as a WeakMap key. */
const NO_EDITS = Object.freeze({});

/** A version of the schema with the column edits of `editableSchemaMetadata` applied; null when there is none. */
/**
 * The `schemaMetadata` aspect of any entity that has one (a dataset; a glossary term, as DataHub's
 * registry allows) at `version` (0 or absent: the latest), with the entity's column edits.
 */
export function readSchemaMetadata(view: StoreView, urn: string, version?: number | null): SchemaRead | null {
  return schemaOf(view, urn, version ?? 0);
}

function schemaOf(view: StoreView, urn: string, version: number): SchemaRead | null {
  const record = aspectRecordOf(view, urn, schemaMetadata, version);
  if (!record) return null;
  const editable = aspectOf(view, urn, editableSchemaMetadata);
  const shared = version === 0 && Object.isFrozen(record) && (editable === undefined || Object.isFrozen(editable));
  if (!shared) return buildSchema(record.value, editable, version);
  let byEdits = latestSchemas.get(record);
  if (!byEdits) latestSchemas.set(record, (byEdits = new WeakMap()));
  const key = editable ?? NO_EDITS;
  let read = byEdits.get(key);
  if (!read) byEdits.set(key, (read = deepFreeze(buildSchema(record.value, editable, version))));
  return read;
}

/** A schemaMetadata value stored elsewhere than as a dataset's aspect (a schema assertion's expected schema), as read. */
export function schemaReadOf(sm: SchemaMetadata): SchemaRead {
  return buildSchema(sm, undefined, 0);
}

function buildSchema(sm: SchemaMetadata, editable: EditableSchemaMetadata | undefined, version: number): SchemaRead {
  const edits = editable?.editableSchemaFieldInfo?.length
    ? new Map(editable.editableSchemaFieldInfo.map((e) => [e.fieldPath, e]))
    : undefined;
  const platformSchema = sm['platformSchema'] as Record<string, Record<string, unknown>> | undefined;
  const psKey = Object.keys(platformSchema ?? {})[0];
  const psValue = psKey ? platformSchema![psKey]! : undefined;
  return {
    aspectVersion: version,
    name: sm['schemaName'],
    platformUrn: sm['platform'],
    version: sm['version'],
    cluster: sm['cluster'] ?? null,
    hash: sm['hash'] ?? '',
    platformSchema: psValue
      ? psKey!.endsWith('KeyValueSchema')
        ? { kind: 'KeyValueSchema', keySchema: psValue['keySchema'] ?? '', valueSchema: psValue['valueSchema'] ?? '' }
        : {
            kind: 'TableSchema',
            schema: String(
              psValue['tableSchema'] ?? psValue['rawSchema'] ?? psValue['schema'] ?? psValue['documentSchema'] ?? '',
            ),
          }
      : null,
    fields: (sm.fields ?? []).map((f) => schemaFieldReadOf(f, edits?.get(f.fieldPath))),
    primaryKeys: sm['primaryKeys'] ?? null,
    foreignKeys: sm['foreignKeys'],
    createdAt: (sm['created'] as Stamp | undefined)?.time ?? null,
  };
}

/** The column edits of a stored `editableSchemaMetadata`. */
export function editableSchemaReadOf(editable: EditableSchemaMetadata): { fields: EditableFieldRead[] } {
  return {
    fields: editable.editableSchemaFieldInfo.map((e) => ({
      fieldPath: e.fieldPath,
      description: e.description ?? null,
      tags: tagsOf(e.globalTags),
      glossaryTerms: termsOf(e['glossaryTerms'] as TermsValue | undefined),
    })),
  };
}

/**
 * A version of the schema as stored (version 0 = latest), no column edits applied — as DataHub's
 * SchemaMapper reads one aspect version; null when that version is not stored.
 */
export function storedSchemaVersion(view: StoreView, urn: string, version: number): SchemaRead | null {
  const record = aspectRecordOf(view, urn, schemaMetadata, version);
  return record ? buildSchema(record.value, undefined, version) : null;
}

/** One stored column as read, with its edits (`editableSchemaMetadata`) applied when given. */
export function schemaFieldReadOf(f: SchemaFieldValue, edit?: EditableSchemaFieldInfo): SchemaFieldRead {
  return {
    fieldPath: f.fieldPath,
    jsonPath: f['jsonPath'] ?? null,
    label: f['label'] ?? null,
    nullable: f.nullable ?? false,
    description: effectiveDescription(edit?.description, f.description),
    type: fieldType(f),
    nativeDataType: f.nativeDataType ?? null,
    recursive: f['recursive'] ?? false,
    tags: tagsOf(edit ? mergeTags(f.globalTags, edit.globalTags) : f.globalTags),
    glossaryTerms: termsOf(
      mergeTerms(f['glossaryTerms'] as TermsValue | undefined, edit?.['glossaryTerms'] as TermsValue | undefined),
    ),
    isPartOfKey: f['isPartOfKey'] ?? false,
    isPartitioningKey: f['isPartitioningKey'] ?? null,
    jsonProps: f['jsonProps'] ?? null,
  };
}

/** The dataset `urn` as read in `view`, whether or not anything is stored for it. */
export function datasetOf(view: StoreView, urn: string): DatasetRead {
  return new Dataset(view, urn);
}

/**
 * `dataset(urn)`: the stored dataset's read model, after the checks with DataHub's messages — a urn
 * of another type is a BadRequestError, an invalid dataset urn an InvalidUrnError, a dataset with
 * nothing stored a NotFoundError (GraphQL answers null and a NOT_FOUND error).
 */
export function readDataset(view: StoreView, urn: string): DatasetRead {
  return readStoredEntity(view, urn, 'dataset', { label: 'dataset', name: 'Dataset' }, datasetOf);
}
