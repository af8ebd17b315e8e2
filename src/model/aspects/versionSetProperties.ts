/**
 * versionSetProperties (com.linkedin.versionset.VersionSetProperties): the aspect of a version set
 * (urn:li:versionSet:(<id>,<entityType>)) naming its latest version and how its versions sort.
 * DataHub keeps `latest` current itself (linkAssetVersion, unlinkAssetVersion and the side effects
 * of a versionProperties write, src/ops/versioning/versioning.ts).
 */
import { anyUrn, defineAspect, str, type AspectValue } from './define.ts';

/** DataHub's VersioningScheme: how the `sortId`s of a set's versions order them. */
export const VERSIONING_SCHEMES = ['LEXICOGRAPHIC_STRING', 'ALPHANUMERIC_GENERATED_BY_DATAHUB'] as const;
export type VersioningScheme = (typeof VERSIONING_SCHEMES)[number];

const versionSetProperties = defineAspect({
  name: 'versionSetProperties',
  fqn: 'com.linkedin.versionset.VersionSetProperties',
  fields: {
    'customProperties?': { map: str },
    /** The versioned entity that is the latest of the set. */
    latest: anyUrn,
    versioningScheme: { enum: VERSIONING_SCHEMES },
  },
});
export default versionSetProperties;

export type VersionSetProperties = AspectValue<typeof versionSetProperties>;
