/**
 * VersionSet (DataHub's versioning.graphql): the versions of one asset over time — its latest version
 * and a search over its versions, newest first — and the `versionProperties` field that Dataset and
 * MLModel (SupportsVersions) show. Shaped from src/ops/read/versionSet.ts.
 */
import type { StampRead } from '../../../ops/read/common.ts';
import { readLatestVersion, readVersionProperties, searchVersions } from '../../../ops/read/versionSet.ts';
import type { StoreView } from '../../../store/store.ts';
import { searchResults } from '../search.ts';
import { searchRequestFromGraphql, type SearchInputGql } from '../searchInput.ts';
import type * as G from '../schema.generated.ts';
import { refAs, type EntityKind } from './shared.ts';

/** `versionsSearch(input)`: the search input as the catalog's request, the page as GraphQL's results. */
export function versionsSearch(view: StoreView, urn: string, input: SearchInputGql) {
  return searchResults(view, searchVersions(view, urn, searchRequestFromGraphql(input)));
}

export const versionSet: EntityKind = {
  typename: 'VersionSet',
  enumValue: 'VERSION_SET',
  build: (view, urn): G.VersionSet => ({
    __typename: 'VersionSet',
    urn,
    type: 'VERSION_SET',
    latestVersion: () => {
      const latest = readLatestVersion(view, urn);
      return latest ? refAs<G.Entity>(view, latest) : null;
    },
    versionsSearch: ({ input }: { input: SearchInputGql }) => versionsSearch(view, urn, input),
  }),
};

const resolvedStamp = (view: StoreView, s: StampRead | null): G.Maybe<G.ResolvedAuditStamp> =>
  s ? { time: s.time, actor: s.actor ? () => refAs<G.CorpUser>(view, s.actor!) : null } : null;

/** `versionProperties` of a versioned asset (DataHub's VersionPropertiesMapper); null when it has none. */
export function versionPropertiesView(view: StoreView, urn: string): G.Maybe<G.VersionProperties> {
  const p = readVersionProperties(view, urn);
  if (!p) return null;
  return {
    versionSet: () => versionSet.build(view, p.versionSet),
    version: p.version,
    aliases: p.aliases,
    comment: p.comment,
    isLatest: p.isLatest,
    created: resolvedStamp(view, p.created),
    createdInSource: resolvedStamp(view, p.createdInSource),
  };
}
