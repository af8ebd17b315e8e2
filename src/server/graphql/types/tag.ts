/** Tag: a label with its name, description, colour and owners (datahub-graphql.md §2.6). */
import { parseUrn } from '../../../model/urn.ts';
import type { StoreView } from '../../../store/store.ts';
import type { Ownership } from '../../../model/aspects/ownership.ts';
import { type EntityKind, type Obj, aspect, lazy, ownershipView, props } from './shared.ts';

export function tagView(view: StoreView, urn: string): Obj {
  const id = parseUrn(urn).rawKey;
  const props = lazy(() => aspect<{ name?: string; description?: string; colorHex?: string }>(view, urn, 'tagProperties'));
  return {
    __typename: 'Tag',
    urn,
    type: 'TAG',
    name: id,
    properties: () => {
      const p = props();
      return p ? { name: p.name ?? id, description: p.description ?? null, colorHex: p.colorHex ?? null } : null;
    },
    description: () => props()?.description ?? null,
    ownership: () => ownershipView(view, urn, aspect<Ownership>(view, urn, 'ownership')),
    exists: () => view.entityExists(urn),
  };
}

export const tag: EntityKind = {
  typename: 'Tag',
  enumValue: 'TAG',
  build: tagView,
};
