/**
 * Read models of settings: a user's own (`corpUserSettings`) and the organization's default view
 * (`globalSettingsInfo` of `urn:li:globalSettings:0`). Both aspects are stored as given, so each
 * field is read only when it has the expected type (docs/datahub/discovery.md §5).
 */
import { corpUserSettings, globalSettingsInfo } from '../../model/aspects/readAsGiven.ts';
import type { StoreView } from '../../store/store.ts';
import { aspectOf } from './common.ts';

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
/** A field of a stored value that may be anything: undefined unless the value is an object. */
const field = (v: unknown, name: string): unknown =>
  v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[name] : undefined;

/** The one entity holding the organization's settings. */
export const GLOBAL_SETTINGS_URN = 'urn:li:globalSettings:0';

export interface UserSettingsRead {
  /** Always read: the simplified homepage only when stored as `true`. */
  appearance: { showSimplifiedHomepage: boolean };
  /** Only when the user set views (any stored `views` value); the default view's urn, null when none. */
  views: { defaultView: string | null } | null;
}

/** A user's settings as DataHub reads them: appearance always, views only when the user set them. */
export function readUserSettings(view: StoreView, urn: string): UserSettingsRead {
  const settings = aspectOf(view, urn, corpUserSettings);
  const views = settings?.views;
  return {
    appearance: { showSimplifiedHomepage: field(settings?.appearance, 'showSimplifiedHomepage') === true },
    views: views ? { defaultView: str(field(views, 'defaultView')) || null } : null,
  };
}

/** The organization's default view (`views.defaultView` of the global settings); null when none is set. */
export function readGlobalViewsSettings(view: StoreView): { defaultView: string | null } {
  const info = aspectOf(view, GLOBAL_SETTINGS_URN, globalSettingsInfo);
  return { defaultView: str(field(info?.views, 'defaultView')) };
}
