/**
 * Read models of entity versioning (DataHub's versioning.graphql): a version set's latest version and
 * the search over its versions, newest first; and the `versionProperties` of a versioned asset
 * (a dataset, an ML model) as DataHub's VersionPropertiesMapper reads them. The side effects that
 * keep `latest` and `isLatest` current are in ../versioning/versioningEffects.ts.
 */
import versionProperties, { type VersionTag } from '../../model/aspects/versionProperties.ts';
import versionSetProperties from '../../model/aspects/versionSetProperties.ts';
import { keyFieldsOf } from '../../model/registry.ts';
import type { StoreView } from '../../store/store.ts';
import { searchEntities } from '../search/search.ts';
import type { SearchPage, SearchRequest } from '../search/types.ts';
import { aspectOf, stampOf, type StampRead } from './common.ts';

/** The set's latest version (versionSetProperties.latest); null when the set has no properties. */
export function readLatestVersion(view: StoreView, versionSetUrn: string): string | null {
  return aspectOf(view, versionSetUrn, versionSetProperties)?.latest || null;
}

/**
 * `versionsSearch`: a search across the set's versions (DataHub's VersionsSearchResolver): the
 * request's query, filters and sort, restricted to `versionSet = <urn>` in every filter group, then
 * sorted by sortId descending (newest first). Without types it searches the set's own entity type
 * (the one its urn names).
 */
export function searchVersions(view: StoreView, versionSetUrn: string, request: SearchRequest): SearchPage {
  const inSet = { field: 'versionSet', values: [versionSetUrn], condition: 'EQUAL' as const, negated: false };
  const groups = request.filters ?? [];
  return searchEntities(view, {
    ...request,
    types: request.types ?? [String(keyFieldsOf(versionSetUrn)['entityType'])],
    filters: groups.length === 0 ? [[inSet]] : groups.map((g) => [...g, inSet]),
    sort: [...(request.sort ?? []), { field: 'versionSortId', order: 'DESCENDING' }],
  });
}

export interface VersionPropertiesRead {
  versionSet: string;
  /** The version's label; its tag null when none is stored. */
  version: { versionTag: string | null };
  /** Other labels of the version; empty when none are stored. */
  aliases: Array<{ versionTag: string | null }>;
  comment: string | null;
  /** Only a stored `true` (kept current by the side effects) makes the version the latest. */
  isLatest: boolean;
  /** When the catalog recorded the version (metadataCreatedTimestamp); null when not stored. */
  created: StampRead | null;
  /** When the version was made in its source (sourceCreatedTimestamp); null when not stored. */
  createdInSource: StampRead | null;
}

const tagOf = (t: VersionTag | undefined) => ({ versionTag: typeof t?.versionTag === 'string' ? t.versionTag : null });

/** A versioned asset's versionProperties; null when it has none. */
export function readVersionProperties(view: StoreView, urn: string): VersionPropertiesRead | null {
  const p = aspectOf(view, urn, versionProperties);
  if (!p) return null;
  return {
    versionSet: p.versionSet,
    version: tagOf(p.version),
    aliases: (p.aliases ?? []).map(tagOf),
    comment: typeof p.comment === 'string' ? p.comment : null,
    isLatest: p.isLatest === true,
    created: p.metadataCreatedTimestamp ? stampOf(p.metadataCreatedTimestamp) : null,
    createdInSource: p.sourceCreatedTimestamp ? stampOf(p.sourceCreatedTimestamp) : null,
  };
}
