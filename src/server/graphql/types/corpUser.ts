/**
 * CorpUser: a person, with profile, editable profile, status and settings (docs/datahub/graphql.md §2.5),
 * shaped from src/ops/read/identity.ts and src/ops/read/settings.ts.
 */
import { parseUrn } from '../../../model/urn.ts';
import { readUserEditable, readUserInfo, readUserStatus } from '../../../ops/read/identity.ts';
import { readUserSettings } from '../../../ops/read/settings.ts';
import type { StoreView } from '../../../store/store.ts';
import { type EntityKind, type Obj, customPropertiesView, ref, structuredPropertiesView } from './shared.ts';

/** Not read yet. */
const UNSET: unique symbol = Symbol('unset');

/** The `CorpUser` GraphQL object; profile and editable profile are read once, when first selected. */
class CorpUserView {
  [field: string]: unknown;
  readonly #view: StoreView;
  #properties: Obj | null | typeof UNSET = UNSET;
  #editable: Obj | null | typeof UNSET = UNSET;
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
  get properties(): Obj | null {
    if (this.#properties !== UNSET) return this.#properties;
    const read = readUserInfo(this.#view, this.urn);
    const view = this.#view;
    const manager = read?.managerUrn;
    return (this.#properties = read
      ? {
          ...read.info,
          active: read.active,
          customProperties: customPropertiesView(read.customProperties, this.urn),
          // A function: CorpUserProperties holds every stored field, so it is not one of schema.ts's plain types.
          manager: manager ? () => corpUserView(view, manager) : null,
        }
      : null);
  }
  get info(): Obj | null {
    return this.properties;
  }
  get editableProperties(): Obj | null {
    if (this.#editable === UNSET) this.#editable = readUserEditable(this.#view, this.urn) as Obj | null;
    return this.#editable;
  }
  get editableInfo(): Obj | null {
    return this.editableProperties;
  }
  get status(): string | null {
    return readUserStatus(this.#view, this.urn);
  }
  get settings(): Obj {
    return corpUserSettingsView(this.#view, this.urn);
  }
  get structuredProperties(): Obj | null {
    return structuredPropertiesView(this.#view, this.urn);
  }
  get exists(): boolean {
    return this.#view.entityExists(this.urn);
  }
}

export function corpUserView(view: StoreView, urn: string): Obj {
  return new CorpUserView(view, urn);
}

/** A user's settings (`CorpUserSettings`), the default view read when selected. */
export function corpUserSettingsView(view: StoreView, urn: string): Obj {
  const settings = readUserSettings(view, urn);
  const defaultView = settings.views?.defaultView;
  return {
    appearance: settings.appearance,
    views: settings.views ? { defaultView: defaultView ? () => ref(view, defaultView) : null } : null,
  };
}

export const corpUser: EntityKind = {
  typename: 'CorpUser',
  enumValue: 'CORP_USER',
  build: corpUserView,
};
