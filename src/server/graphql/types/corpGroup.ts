/** CorpGroup: a group of users, with its profile and owners (datahub-graphql.md §2.5). */
import { parseUrn } from '../../../model/urn.ts';
import type { StoreView } from '../../../store/store.ts';
import type { Ownership } from '../../../model/aspects/ownership.ts';
import { type EntityKind, type Obj, aspect, ownershipView, ref, structuredPropertiesView } from './shared.ts';

export function corpGroupView(view: StoreView, urn: string): Obj {
  const info = aspect<Obj>(view, urn, 'corpGroupInfo');
  const editable = aspect<Obj>(view, urn, 'corpGroupEditableInfo');
  const origin = aspect<{ type?: string; externalType?: string }>(view, urn, 'origin');
  // admins/members/groups: the deprecated lists of corpGroupInfo, which DataHub's clients still read.
  const users = (field: string) => () => (Array.isArray(info?.[field]) ? (info[field] as string[]).map((u) => ref(view, u)) : null);
  const properties = info
    ? {
        displayName: info['displayName'] ?? null,
        description: info['description'] ?? null,
        email: info['email'] ?? null,
        slack: info['slack'] ?? null,
        admins: users('admins'),
        members: users('members'),
        groups: Array.isArray(info['groups']) ? info['groups'] : null,
      }
    : null;
  return {
    __typename: 'CorpGroup',
    urn,
    type: 'CORP_GROUP',
    name: parseUrn(urn).rawKey,
    properties,
    info: properties,
    editableProperties: editable ?? null,
    ownership: () => ownershipView(view, urn, aspect<Ownership>(view, urn, 'ownership')),
    structuredProperties: () => structuredPropertiesView(view, urn),
    origin: { type: origin?.type ?? 'UNKNOWN', externalType: origin?.externalType ?? null },
    exists: view.entityExists(urn),
  };
}

export const corpGroup: EntityKind = {
  typename: 'CorpGroup',
  enumValue: 'CORP_GROUP',
  build: corpGroupView,
};
