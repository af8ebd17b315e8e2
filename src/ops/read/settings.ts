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
  /** Always read: the simplified homepage only when stored as `true`; the second theme as stored, else null. */
  appearance: { showSimplifiedHomepage: boolean; showThemeV2: boolean | null };
  /** Only when the user set views (any stored `views` value); the default view's urn, null when none. */
  views: { defaultView: string | null } | null;
  /**
   * Only when the user set home page settings: the dismissed announcements as stored. The personal
   * page template is not read: page templates are not served here.
   */
  homePage: { dismissedAnnouncementUrns: string[] | null } | null;
  /** Only when the user set a locale: the language as stored. */
  locale: { language: string | null } | null;
}

/** A user's settings as DataHub reads them: appearance always, views only when the user set them. */
export function readUserSettings(view: StoreView, urn: string): UserSettingsRead {
  const settings = aspectOf(view, urn, corpUserSettings);
  const views = settings?.views;
  const showThemeV2 = field(settings?.appearance, 'showThemeV2');
  const homePage = field(settings, 'homePage');
  const dismissed = field(homePage, 'dismissedAnnouncements');
  const locale = field(settings, 'locale');
  return {
    appearance: {
      showSimplifiedHomepage: field(settings?.appearance, 'showSimplifiedHomepage') === true,
      showThemeV2: typeof showThemeV2 === 'boolean' ? showThemeV2 : null,
    },
    views: views ? { defaultView: str(field(views, 'defaultView')) || null } : null,
    homePage: homePage
      ? {
          dismissedAnnouncementUrns: Array.isArray(dismissed)
            ? dismissed.filter((u): u is string => typeof u === 'string')
            : null,
        }
      : null,
    locale: locale ? { language: str(field(locale, 'language')) } : null,
  };
}

/** The organization's default view (`views.defaultView` of the global settings); null when none is set. */
export function readGlobalViewsSettings(view: StoreView): { defaultView: string | null } {
  const info = aspectOf(view, GLOBAL_SETTINGS_URN, globalSettingsInfo);
  return { defaultView: str(field(info?.views, 'defaultView')) };
}
