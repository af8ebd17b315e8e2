/**
 * versionProperties (com.linkedin.common.VersionProperties): makes an asset (a dataset, an ML model …)
 * one version of a version set — its label, aliases, comment and the `sortId` that orders it in the
 * set. `isLatest` is computed (src/ops/versioning/versioning.ts), never taken from a client. The `versionSet`
 * field is DataHub's `VersionOf` relationship.
 */
import {
  anyUrn,
  arr,
  auditStamp,
  bool,
  defineAspect,
  num,
  rec,
  str,
  urnOf,
  type AspectValue,
  type Infer,
} from './define.ts';
import { VERSIONING_SCHEMES } from './versionSetProperties.ts';

/** A version label, with who applied it (DataHub's VersionTag). */
const versionTag = rec({
  'versionTag?': str,
  'metadataAttribution?': rec({ time: num, actor: anyUrn, 'source?': anyUrn, 'sourceDetail?': { map: str } }),
});

const versionProperties = defineAspect({
  name: 'versionProperties',
  fqn: 'com.linkedin.common.VersionProperties',
  fields: {
    versionSet: urnOf('versionSet'),
    version: versionTag,
    'aliases?': arr(versionTag),
    'comment?': str,
    sortId: str,
    // Pegasus default LEXICOGRAPHIC_STRING when absent.
    'versioningScheme?': { enum: VERSIONING_SCHEMES },
    'sourceCreatedTimestamp?': auditStamp,
    'metadataCreatedTimestamp?': auditStamp,
    'isLatest?': bool,
  },
  relationships: [{ name: 'VersionOf', path: 'versionSet' }],
  searchable: [
    { path: 'versionSet', field: 'versionSet', kind: 'urn' },
    { path: 'version.versionTag', field: 'version', kind: 'keyword' },
    { path: 'aliases[].versionTag', field: 'aliases', kind: 'keyword' },
    { path: 'sortId', field: 'versionSortId', kind: 'keyword' },
    { path: 'isLatest', field: 'isLatest', kind: 'bool' },
  ],
});
export default versionProperties;

export type VersionTag = Infer<typeof versionTag>;
export type VersionProperties = AspectValue<typeof versionProperties>;
