/** CorpUser: a person, with profile, editable profile, status and settings (datahub-graphql.md §2.5). */
import { parseUrn } from '../../../model/urn.ts';
import type { StoreView } from '../../../store/store.ts';
import { type EntityKind, type Obj, aspect, customProperties, lazy, ref, str, structuredPropertiesView } from './shared.ts';

export function corpUserView(view: StoreView, urn: string): Obj {
  const properties = lazy(() => {
    const info = aspect<Obj>(view, urn, 'corpUserInfo');
    return info
      ? {
          ...info,
          active: info['active'] ?? true,
          customProperties: customProperties(info['customProperties'] as Record<string, string> | undefined, urn),
          manager: info['managerUrn'] ? () => corpUserView(view, info['managerUrn'] as string) : null,
        }
      : null;
  });
  const editable = lazy(() => aspect<Obj>(view, urn, 'corpUserEditableInfo') ?? null);
  return {
    __typename: 'CorpUser',
    urn,
    type: 'CORP_USER',
    username: parseUrn(urn).rawKey,
    properties,
    info: properties,
    editableProperties: editable,
    editableInfo: editable,
    status: () => {
      const status = aspect<{ status?: string }>(view, urn, 'corpUserStatus');
      return status?.status === 'SUSPENDED' ? 'SUSPENDED' : status ? 'ACTIVE' : null;
    },
    isNativeUser: false,
    settings: () => corpUserSettingsView(view, urn),
    structuredProperties: () => structuredPropertiesView(view, urn),
    exists: () => view.entityExists(urn),
  };
}

/** A user's settings as DataHub reads them: appearance always, views only when the user set them. */
export function corpUserSettingsView(view: StoreView, urn: string): Obj {
  const settings = aspect(view, urn, 'corpUserSettings');
  const appearance = settings?.['appearance'] as Obj | undefined;
  const views = settings?.['views'] as Obj | undefined;
  const defaultView = str(views?.['defaultView']);
  return {
    appearance: { showSimplifiedHomepage: appearance?.['showSimplifiedHomepage'] === true },
    views: views ? { defaultView: defaultView ? () => ref(view, defaultView) : null } : null,
  };
}

export const corpUser: EntityKind = {
  typename: 'CorpUser',
  enumValue: 'CORP_USER',
  build: corpUserView,
};
