/**
 * Dataset (docs/datahub/graphql.md §2.2, §2.3): the dataset read model of src/ops/read/dataset.ts (effective
 * values applied there) shaped as GraphQL shows it, with the shared aspects of every entity type.
 */
import {
  datasetOf,
  readDataset,
  fieldType as fieldTypeOf,
  type DatasetRead,
  type EditableFieldRead,
  type SchemaFieldRead,
  type SchemaRead,
} from '../../../ops/read/dataset.ts';
import type { SchemaFieldValue } from '../../../model/aspects/schemaMetadata.ts';
import type { StoreView } from '../../../store/store.ts';
import type * as G from '../schema.generated.ts';
import { schemaFieldEntityOf } from './schemaField.ts';
import { assertionsField } from './assertion.ts';
import { datasetProfilesField, operationsField, statsSummaryField, usageStatsField } from './timeseries.ts';
import { versionPropertiesView } from './versionSet.ts';
import { readAssetSettings, readDatasetUri, readEmbed, readLogicalParent } from '../../../ops/read/datasetPage.ts';
import { searchSiblings } from '../../../ops/search/search.ts';
import { datasetRunsOf } from '../../../ops/timeseries/runs.ts';
import { scrollResultsOf } from '../search.ts';
import { searchRequestFromGraphql, type SearchInputGql } from '../searchInput.ts';
import { entityRef } from './registry.ts';
import { accessView, rawAspectsView, siblingsView, testResultsView } from './datasetPage.ts';
import {
  customPropertiesView,
  DeprecationView,
  EntityView,
  isUrnOf,
  ownershipReadView,
  platformView,
  refsOf,
  stampView,
  str,
  tagsView,
  termsView,
  asEnum,
  asStored,
  refAs,
  type EntityKind,
} from './shared.ts';

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

/** The `Dataset` GraphQL object over the dataset read model. */
export class DatasetView extends EntityView implements G.Dataset {
  readonly #read: DatasetRead;
  readonly __typename = 'Dataset';
  readonly type = 'DATASET';
  readonly name: string;
  #platform: G.DataPlatform | undefined;
  readonly origin: G.FabricType;
  constructor(view: StoreView, read: DatasetRead) {
    super(view, read.urn);
    this.#read = read;
    this.name = read.name;
    this.origin = asEnum<G.FabricType>(read.origin);
  }
  // Made when asked for: most reads do not select it.
  get platform(): G.DataPlatform {
    return (this.#platform ??= platformView(this.view, this.#read.platformUrn));
  }
  // Reads true for any dataset, stored or not (a relationship end with nothing stored too), as it always has.
  override get exists(): boolean {
    return true;
  }
  get versionProperties(): G.Maybe<G.VersionProperties> {
    return versionPropertiesView(this.view, this.urn);
  }
  get properties(): G.Maybe<G.DatasetProperties> {
    const p = this.#read.properties;
    return p
      ? {
          name: p.name,
          qualifiedName: asStored(p.qualifiedName),
          origin: asEnum<G.FabricType>(p.origin),
          description: p.description,
          customProperties: customPropertiesView(p.customProperties, this.urn),
          externalUrl: asStored(p.externalUrl),
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
  get editableProperties(): G.Maybe<G.DatasetEditableProperties> {
    return this.#read.editableProperties;
  }
  schemaMetadata(args: G.DatasetschemaMetadataArgs | undefined): G.Maybe<G.SchemaMetadata> {
    const sm = this.#read.schema(args?.version);
    return sm ? schemaMetadataView(this.view, this.urn, sm) : null;
  }
  get editableSchemaMetadata(): G.Maybe<G.EditableSchemaMetadata> {
    return editableSchemaView(this.view, this.urn, this.#read.editableSchema);
  }
  override get ownership(): G.Maybe<G.Ownership> {
    return ownershipReadView(this.view, this.urn, this.#read.ownership);
  }
  override get tags(): G.Maybe<G.GlobalTags> {
    return tagsView(this.view, this.#read.tags, this.urn);
  }
  override get deprecation(): G.Deprecation {
    return new DeprecationView(this.view, this.#read.deprecation);
  }
  get fineGrainedLineages(): G.Maybe<G.FineGrainedLineage[]> {
    return this.#read.fineGrainedLineages;
  }
  get viewProperties(): G.Maybe<G.ViewProperties> {
    const v = this.#read.viewProperties;
    return (
      v && { materialized: v.materialized, logic: v.logic, formattedLogic: v.formattedLogic, language: v.language }
    );
  }
  get statsSummary(): G.Maybe<G.DatasetStatsSummary> {
    return statsSummaryField(this.view, this.urn)();
  }
  operations(args: G.DatasetoperationsArgs): G.Maybe<G.Operation[]> {
    return operationsField(this.view, this.urn)(args);
  }
  datasetProfiles(args: G.DatasetdatasetProfilesArgs): G.Maybe<G.DatasetProfile[]> {
    return datasetProfilesField(this.view, this.urn)(args);
  }
  usageStats(args: G.DatasetusageStatsArgs): G.Maybe<G.UsageQueryResult> {
    return usageStatsField(this.view, this.urn)(args);
  }
  assertions(args: G.DatasetassertionsArgs): G.Maybe<G.EntityAssertionsResult> {
    return assertionsField(this.view, this.urn)(args);
  }
  get siblings(): G.Maybe<G.SiblingProperties> {
    return siblingsView(this.view, this.urn);
  }
  siblingsSearch(args: G.DatasetsiblingsSearchArgs): G.Maybe<G.ScrollResults> {
    const request = searchRequestFromGraphql(args.input as SearchInputGql);
    return scrollResultsOf(this.view, searchSiblings(this.view, this.urn, { ...request, start: 0 }));
  }
  get access(): G.Maybe<G.Access> {
    return accessView(this.view, this.urn);
  }
  aspects(args: G.DatasetaspectsArgs | undefined): G.Maybe<G.RawAspect[]> {
    return rawAspectsView(this.view, this.urn, args);
  }
  get embed(): G.Maybe<G.Embed> {
    return readEmbed(this.view, this.urn);
  }
  get logicalParent(): G.Maybe<G.Entity> {
    const parent = readLogicalParent(this.view, this.urn);
    return parent ? entityRef(this.view, parent) : null;
  }
  /** DataHub's mapper never sets it (deprecated there): always null. */
  get platformNativeType(): G.Maybe<G.PlatformNativeType> {
    return null;
  }
  get uri(): string | null {
    return readDatasetUri(this.view, this.urn);
  }
  runs(args: G.DatasetrunsArgs): G.Maybe<G.DataProcessInstanceResult> {
    const page = datasetRunsOf(this.view, this.urn, args);
    const runs = page.urns.map((u) => refAs<G.DataProcessInstance>(this.view, u));
    return { start: page.start, count: page.count, total: page.total, runs };
  }
  get testResults(): G.Maybe<G.TestResults> {
    return testResultsView(this.view, this.urn);
  }
  /** The asset's settings; each summary template is read as the entity it names (page templates are not served: null). */
  get settings(): G.Maybe<G.AssetSettings> {
    return assetSettingsView(this.view, this.urn);
  }
}

/** An asset's settings; each summary template is read as the entity it names (page templates are not served: null). */
export function assetSettingsView(view: StoreView, urn: string): G.Maybe<G.AssetSettings> {
  const settings = readAssetSettings(view, urn);
  const templates = settings?.assetSummary?.templates;
  return (
    settings && {
      assetSummary: settings.assetSummary && {
        templates:
          templates?.map((t) => ({ template: () => entityRef(view, t) as G.DataHubPageTemplate | null })) ?? null,
      },
    }
  );
}

/** The `Dataset` GraphQL object of `urn` (whether or not anything is stored for it). */
export function datasetView(view: StoreView, urn: string): DatasetView {
  return new DatasetView(view, datasetOf(view, urn));
}

export const dataset: EntityKind = {
  typename: 'Dataset',
  enumValue: 'DATASET',
  build: datasetView,
  // dataset(urn): one read-model call (checks included), shaped.
  read: (view, urn) => new DatasetView(view, readDataset(view, urn)),
};
