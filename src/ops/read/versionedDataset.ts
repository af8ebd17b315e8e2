/**
 * A dataset as it stood at a version (`versionedDataset(urn, versionStamp)`, what DataHub's web app
 * reads when a past schema version is picked on the Schema tab). The version stamp is the timeline's
 * (`schemaMetadata:1;ownership:0`, as getSchemaVersionList gives it): as DataHub's
 * getVersionedEnvelopedAspects reads it, each aspect it names is read at that version and the aspects
 * it does not name are not read at all; without a stamp every aspect is the latest. Aspects are read as
 * stored, with no column edits merged into the schema (DataHub's SchemaMapper).
 */
import { BadRequestError } from '../../errors.ts';
import editableSchemaMetadata from '../../model/aspects/editableSchemaMetadata.ts';
import schemaMetadata from '../../model/aspects/schemaMetadata.ts';
import { datasetKeyOf, validateUrn } from '../../model/registry.ts';
import type { StoreView } from '../../store/store.ts';
import { aspectRecordOf } from './common.ts';
import { editableSchemaReadOf, storedSchemaVersion, type EditableFieldRead, type SchemaRead } from './dataset.ts';

export interface VersionedDatasetRead {
  urn: string;
  /** From the urn. */
  name: string;
  platformUrn: string;
  /** The schema at the stamped version, and its `systemMetadata.lastObserved`; null when not read. */
  schema: (SchemaRead & { lastObserved: number | null }) | null;
  editableSchema: { fields: EditableFieldRead[] } | null;
}

/** DataHub's VersionedUrnUtils.convertVersionStamp: `aspect:version` pairs joined by `;`; blank = none. */
export function parseVersionStamp(stamp: string | null | undefined): Map<string, number> {
  const versions = new Map<string, number>();
  if (stamp === null || stamp === undefined || stamp.trim() === '') return versions;
  for (const pair of stamp.split(';')) {
    const tokens = pair.split(':');
    if (tokens.length !== 2)
      throw new BadRequestError(
        `Invalid version stamp cannot be parsed: ${stamp} (expected aspect:version pairs joined by ";")`,
      );
    const version = Number(tokens[1]);
    if (tokens[1]!.trim() === '' || !Number.isSafeInteger(version) || version < 0)
      throw new BadRequestError(`Invalid value for aspect version: ${tokens[1]} in version stamp ${stamp}`);
    versions.set(tokens[0]!, version);
  }
  return versions;
}

/**
 * The dataset at `versionStamp`; null when the dataset is not stored. Throws a BadRequestError for a
 * urn that is not a dataset's or a stamp that cannot be parsed.
 */
export function readVersionedDataset(
  view: StoreView,
  urn: string,
  versionStamp: string | null | undefined,
): VersionedDatasetRead | null {
  if (validateUrn(urn).entityType !== 'dataset')
    throw new BadRequestError(`versionedDataset: ${urn} is not a dataset urn`);
  const stamp = parseVersionStamp(versionStamp);
  if (!view.getEntity(urn)) return null;
  /** The version of `aspect` to read: the stamped one, the latest without a stamp, none when the stamp leaves it out. */
  const versionOf = (aspect: string): number | undefined => (stamp.size === 0 ? 0 : stamp.get(aspect));
  const schemaVersion = versionOf(schemaMetadata.name);
  const schema = schemaVersion === undefined ? null : storedSchemaVersion(view, urn, schemaVersion);
  const schemaRecord = schema && aspectRecordOf(view, urn, schemaMetadata, schemaVersion);
  const lastObserved = schemaRecord?.systemMetadata?.['lastObserved'];
  const editableVersion = versionOf(editableSchemaMetadata.name);
  const editable =
    editableVersion === undefined ? undefined : aspectRecordOf(view, urn, editableSchemaMetadata, editableVersion);
  const key = datasetKeyOf(urn);
  return {
    urn,
    name: key.name,
    platformUrn: key.platform,
    schema: schema && { ...schema, lastObserved: typeof lastObserved === 'number' ? lastObserved : null },
    editableSchema: editable ? editableSchemaReadOf(editable.value) : null,
  };
}
