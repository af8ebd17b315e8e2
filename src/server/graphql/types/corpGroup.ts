/** CorpGroup: a group of users, with its profile and owners (docs/datahub/graphql.md §2.5), shaped from src/ops/read/identity.ts. */
import { parseUrn } from '../../../model/urn.ts';
import { readGroupEditable, readGroupInfo, readGroupOrigin } from '../../../ops/read/identity.ts';
import type { StoreView } from '../../../store/store.ts';
import type * as G from '../schema.generated.ts';
import { type EntityKind, asEnum, asStored, ownershipReadView, refAs, structuredPropertiesView } from './shared.ts';
import { readOwnership } from '../../../ops/read/common.ts';

/** Not read yet. */
const UNSET: unique symbol = Symbol('unset');

/** The `CorpGroup` GraphQL object; its profile is read once, when first selected. */
class CorpGroupView implements G.CorpGroup {
  readonly #view: StoreView;
  #properties: G.CorpGroupProperties | null | typeof UNSET = UNSET;
  readonly __typename = 'CorpGroup';
  readonly urn: string;
  readonly type = 'CORP_GROUP';
  readonly name: string;
  constructor(view: StoreView, urn: string) {
    this.#view = view;
    this.urn = urn;
    this.name = parseUrn(urn).rawKey;
  }
  get properties(): G.Maybe<G.CorpGroupProperties> {
    if (this.#properties !== UNSET) return this.#properties;
    const info = readGroupInfo(this.#view, this.urn);
    const view = this.#view;
    // admins/members: functions (users read when selected), so CorpGroupInfo is not one of schema.ts's plain types.
    const users = (urns: string[] | null) => () => (urns ? urns.map((u) => refAs<G.CorpUser>(view, u)) : null);
    return (this.#properties = info
      ? {
          // As stored (see asStored).
          displayName: asStored(info.displayName),
          description: asStored(info.description),
          email: asStored(info.email),
          slack: asStored(info.slack),
          admins: users(info.admins),
          members: users(info.members),
          groups: asStored(info.groups),
        }
      : null);
  }
  get info(): G.Maybe<G.CorpGroupProperties> {
    return this.properties;
  }
  get editableProperties(): G.Maybe<G.CorpGroupEditableProperties> {
    return readGroupEditable(this.#view, this.urn);
  }
  get ownership(): G.Maybe<G.Ownership> {
    return ownershipReadView(this.#view, this.urn, readOwnership(this.#view, this.urn));
  }
  get structuredProperties(): G.Maybe<G.StructuredProperties> {
    return structuredPropertiesView(this.#view, this.urn);
  }
  get origin(): G.Origin {
    const origin = readGroupOrigin(this.#view, this.urn);
    return { type: asEnum<G.OriginType>(origin.type), externalType: origin.externalType };
  }
  get exists(): boolean {
    return this.#view.entityExists(this.urn);
  }
}

export function corpGroupView(view: StoreView, urn: string): G.CorpGroup {
  return new CorpGroupView(view, urn);
}

export const corpGroup: EntityKind = {
  typename: 'CorpGroup',
  enumValue: 'CORP_GROUP',
  build: corpGroupView,
};
