/**
 * VersionSet (DataHub's versioning.graphql): the versions of one asset over time — its latest version
 * and a search over its versions, newest first — and the `versionProperties` read model that
 * Dataset and MLModel (SupportsVersions) show.
 */
import type { VersionProperties, VersionTag } from '../../../model/aspects/versionProperties.ts';
import { keyAspectOf } from '../../../model/registry.ts';
import { searchEntities } from '../../../ops/search/search.ts';
import { versionPropertiesOf, versionSetPropertiesOf } from '../../../ops/versioning/versioningEffects.ts';
import type { StoreView } from '../../../store/store.ts';
import { searchResults } from '../search.ts';
import { searchRequestFromGraphql, type SearchInputGql } from '../searchInput.ts';
import { entityRef } from './registry.ts';
import { ref, str, type EntityKind, type Obj } from './shared.ts';

/**
 * `versionsSearch`: a search across the set's versions (DataHub's VersionsSearchResolver): the
 * input's query, filters and sort, restricted to `versionSet = <urn>`, then by sortId descending.
 * Without types it searches the set's own entity type.
 */
export function versionsSearch(view: StoreView, urn: string, input: SearchInputGql) {
  const request = searchRequestFromGraphql(input);
  const inSet = { field: 'versionSet', values: [urn], condition: 'EQUAL' as const, negated: false };
  const groups = request.filters ?? [];
  return searchResults(
    view,
    searchEntities(view, {
      ...request,
      types: request.types ?? [String(keyAspectOf(urn).value['entityType'])],
      filters: groups.length === 0 ? [[inSet]] : groups.map((g) => [...g, inSet]),
      sort: [...(request.sort ?? []), { field: 'versionSortId', order: 'DESCENDING' }],
    }),
  );
}

export const versionSet: EntityKind = {
  typename: 'VersionSet',
  enumValue: 'VERSION_SET',
  build: (view, urn) => ({
    __typename: 'VersionSet',
    urn,
    type: 'VERSION_SET',
    latestVersion: () => {
      const latest = versionSetPropertiesOf(view, urn)?.latest;
      return latest ? entityRef(view, latest) : null;
    },
    versionsSearch: ({ input }: { input: SearchInputGql }) => versionsSearch(view, urn, input),
  }),
};

const tagView = (t: VersionTag | undefined) => ({ versionTag: str(t?.versionTag) });

const resolvedStamp = (view: StoreView, s: { time?: number; actor?: string } | undefined): Obj | null =>
  s ? { time: s.time ?? 0, actor: s.actor ? () => ref(view, s.actor!) : null } : null;

/** `versionProperties` of a versioned asset (DataHub's VersionPropertiesMapper); null when it has none. */
export function versionPropertiesView(view: StoreView, urn: string): Obj | null {
  const p: VersionProperties | undefined = versionPropertiesOf(view, urn);
  if (!p) return null;
  return {
    versionSet: () => versionSet.build(view, p.versionSet),
    version: tagView(p.version),
    aliases: (p.aliases ?? []).map(tagView),
    comment: str(p.comment),
    isLatest: p.isLatest === true,
    created: resolvedStamp(view, p.metadataCreatedTimestamp),
    createdInSource: resolvedStamp(view, p.sourceCreatedTimestamp),
  };
}
