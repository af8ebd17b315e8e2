/** Tag: a label with its name, description, colour and owners (docs/datahub/graphql.md §2.6), shaped from src/ops/read/identity.ts. */
import { readTag, type TagRead } from '../../../ops/read/identity.ts';
import type { StoreView } from '../../../store/store.ts';
import type * as G from '../schema.generated.ts';
import { rawAspectsView } from './datasetPage.ts';
import { type EntityKind, deprecationView, ownershipReadView } from './shared.ts';

/** The `Tag` GraphQL object over the tag read model. */
class TagView implements G.Tag {
  readonly #view: StoreView;
  readonly #read: TagRead;
  readonly __typename = 'Tag';
  readonly urn: string;
  readonly type = 'TAG';
  readonly name: string;
  constructor(view: StoreView, urn: string) {
    this.#view = view;
    this.#read = readTag(view, urn);
    this.urn = urn;
    this.name = this.#read.name;
  }
  get properties(): G.Maybe<G.TagProperties> {
    const p = this.#read.properties;
    return p && { name: p.name, description: p.description, colorHex: p.colorHex };
  }
  get description(): string | null {
    return this.#read.description;
  }
  get ownership(): G.Maybe<G.Ownership> {
    return ownershipReadView(this.#view, this.urn, this.#read.ownership);
  }
  get exists(): boolean {
    return this.#view.entityExists(this.urn);
  }
  get deprecation(): G.Maybe<G.Deprecation> {
    return deprecationView(this.#view, this.urn);
  }
  aspects(args: G.TagaspectsArgs | undefined): G.Maybe<G.RawAspect[]> {
    return rawAspectsView(this.#view, this.urn, args);
  }
}

export function tagView(view: StoreView, urn: string): G.Tag {
  return new TagView(view, urn);
}

export const tag: EntityKind = {
  typename: 'Tag',
  enumValue: 'TAG',
  build: tagView,
};
