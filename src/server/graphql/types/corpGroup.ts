/** CorpGroup: a group of users, with its profile and owners (docs/datahub/graphql.md §2.5), shaped from src/ops/read/identity.ts. */
import { parseUrn } from '../../../model/urn.ts';
import { readGroupEditable, readGroupInfo, readGroupOrigin } from '../../../ops/read/identity.ts';
import type { StoreView } from '../../../store/store.ts';
import { type EntityKind, type Obj, ownershipReadView, ref, structuredPropertiesView } from './shared.ts';
import { readOwnership } from '../../../ops/read/common.ts';

/** Not read yet. */
const UNSET: unique symbol = Symbol('unset');

/** The `CorpGroup` GraphQL object; its profile is read once, when first selected. */
class CorpGroupView {
  [field: string]: unknown;
  readonly #view: StoreView;
  #properties: Obj | null | typeof UNSET = UNSET;
  readonly __typename = 'CorpGroup';
  readonly urn: string;
  readonly type = 'CORP_GROUP';
  readonly name: string;
  constructor(view: StoreView, urn: string) {
    this.#view = view;
    this.urn = urn;
    this.name = parseUrn(urn).rawKey;
  }
  get properties(): Obj | null {
    if (this.#properties !== UNSET) return this.#properties;
    const info = readGroupInfo(this.#view, this.urn);
    const view = this.#view;
    // admins/members: functions (users read when selected), so CorpGroupInfo is not one of schema.ts's plain types.
    const users = (urns: string[] | null) => () => (urns ? urns.map((u) => ref(view, u)) : null);
    return (this.#properties = info
      ? {
          displayName: info.displayName,
          description: info.description,
          email: info.email,
          slack: info.slack,
          admins: users(info.admins),
          members: users(info.members),
          groups: info.groups,
        }
      : null);
  }
  get info(): Obj | null {
    return this.properties;
  }
  get editableProperties(): Obj | null {
    return readGroupEditable(this.#view, this.urn) as Obj | null;
  }
  get ownership(): Obj | null {
    return ownershipReadView(this.#view, this.urn, readOwnership(this.#view, this.urn));
  }
  get structuredProperties(): Obj | null {
    return structuredPropertiesView(this.#view, this.urn);
  }
  get origin(): Obj {
    return readGroupOrigin(this.#view, this.urn);
  }
  get exists(): boolean {
    return this.#view.entityExists(this.urn);
  }
}

export function corpGroupView(view: StoreView, urn: string): Obj {
  return new CorpGroupView(view, urn);
}

export const corpGroup: EntityKind = {
  typename: 'CorpGroup',
  enumValue: 'CORP_GROUP',
  build: corpGroupView,
};
