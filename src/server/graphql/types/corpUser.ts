/**
 * CorpUser: a person, with profile, editable profile, status and settings (docs/datahub/graphql.md §2.5),
 * shaped from src/ops/read/identity.ts and src/ops/read/settings.ts.
 */
import { parseUrn } from '../../../model/urn.ts';
import { readUserEditable, readUserInfo, readUserStatus } from '../../../ops/read/identity.ts';
import { readUserSettings } from '../../../ops/read/settings.ts';
import type { StoreView } from '../../../store/store.ts';
import type * as G from '../schema.generated.ts';
import { type EntityKind, asStored, customPropertiesView, refAs, structuredPropertiesView } from './shared.ts';

/** Not read yet. */
const UNSET: unique symbol = Symbol('unset');

/** The `CorpUser` GraphQL object; profile and editable profile are read once, when first selected. */
class CorpUserView implements G.CorpUser {
  readonly #view: StoreView;
  #properties: G.CorpUserProperties | null | typeof UNSET = UNSET;
  #editable: G.CorpUserEditableProperties | null | typeof UNSET = UNSET;
  readonly __typename = 'CorpUser';
  readonly urn: string;
  readonly type = 'CORP_USER';
  readonly username: string;
  readonly isNativeUser = false;
  constructor(view: StoreView, urn: string) {
    this.#view = view;
    this.urn = urn;
    this.username = parseUrn(urn).rawKey;
  }
  get properties(): G.Maybe<G.CorpUserProperties> {
    if (this.#properties !== UNSET) return this.#properties;
    const read = readUserInfo(this.#view, this.urn);
    const view = this.#view;
    const manager = read?.managerUrn;
    return (this.#properties = read
      ? {
          // Every stored field of corpUserInfo, as stored (see asStored).
          ...asStored<G.CorpUserProperties>(read.info),
          active: asStored<boolean>(read.active),
          customProperties: customPropertiesView(read.customProperties, this.urn),
          // A function: CorpUserProperties holds every stored field, so it is not one of schema.ts's plain types.
          manager: manager ? () => corpUserView(view, manager) : null,
        }
      : null);
  }
  get info(): G.Maybe<G.CorpUserProperties> {
    return this.properties;
  }
  get editableProperties(): G.Maybe<G.CorpUserEditableProperties> {
    if (this.#editable === UNSET) {
      const read = readUserEditable(this.#view, this.urn);
      const view = this.#view;
      this.#editable = read && {
        ...read,
        persona: read.persona ? { urn: read.persona } : null,
        platforms: read.platforms?.map((urn) => refAs<G.DataPlatform>(view, urn)) ?? null,
      };
    }
    return this.#editable;
  }
  get editableInfo(): G.Maybe<G.CorpUserEditableProperties> {
    return this.editableProperties;
  }
  get status(): G.Maybe<G.CorpUserStatus> {
    return readUserStatus(this.#view, this.urn);
  }
  get settings(): G.CorpUserSettings {
    return corpUserSettingsView(this.#view, this.urn);
  }
  get structuredProperties(): G.Maybe<G.StructuredProperties> {
    return structuredPropertiesView(this.#view, this.urn);
  }
  get exists(): boolean {
    return this.#view.entityExists(this.urn);
  }
}

export function corpUserView(view: StoreView, urn: string): G.CorpUser {
  return new CorpUserView(view, urn);
}

/** A user's settings (`CorpUserSettings`), the default view read when selected. */
export function corpUserSettingsView(view: StoreView, urn: string): G.CorpUserSettings {
  const settings = readUserSettings(view, urn);
  const defaultView = settings.views?.defaultView;
  return {
    appearance: settings.appearance,
    views: settings.views ? { defaultView: defaultView ? () => refAs<G.DataHubView>(view, defaultView) : null } : null,
    homePage: settings.homePage && { pageTemplate: null, ...settings.homePage },
    locale: settings.locale,
  };
}

export const corpUser: EntityKind = {
  typename: 'CorpUser',
  enumValue: 'CORP_USER',
  build: corpUserView,
};
