/**
 * Dataset (docs/datahub/graphql.md §2.2, §2.3): the dataset read model of src/ops/read/dataset.ts (effective
 * values applied there) shaped as GraphQL shows it, with the shared aspects of every entity type.
 */
import { datasetOf, readDataset, type DatasetRead } from '../../../ops/read/dataset.ts';
import type { StoreView } from '../../../store/store.ts';
import type * as G from '../schema.generated.ts';
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
  ownershipReadView,
  platformView,
  stampView,
  tagsView,
  asEnum,
  asStored,
  refAs,
  type EntityKind,
} from './shared.ts';

import { editableSchemaView, schemaMetadataView } from './schemaMetadata.ts';

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
