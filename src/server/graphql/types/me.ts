/** The caller (`me`) and the organization's view settings (docs/datahub/graphql.md §3.3, docs/datahub/discovery.md §5). */
import type { StoreView } from '../../../store/store.ts';
import { type Obj, aspect, ref, str } from './shared.ts';

/** `me`: the calling user, with every platform privilege (there are no policies in Catalog). */
export function meView(view: StoreView, actor: string): Obj {
  const privileges = [
    'viewAnalytics', 'managePolicies', 'viewMetadataProposals', 'manageIdentities', 'generatePersonalAccessTokens',
    'createDomains', 'manageDomains', 'manageIngestion', 'manageSecrets', 'manageTokens', 'viewTests', 'manageTests',
    'manageGlossaries', 'manageUserCredentials', 'manageGlobalSettings', 'createTags', 'manageTags', 'viewManageTags',
    'manageGlobalViews', 'manageOwnershipTypes', 'manageGlobalAnnouncements',
  ];
  return { corpUser: ref(view, actor), platformPrivileges: Object.fromEntries(privileges.map((p) => [p, true])) };
}

/** The organization's default view (`globalSettingsInfo.views.defaultView` of urn:li:globalSettings:0); never null. */
export function globalViewsSettings(view: StoreView): Obj {
  const info = aspect(view, 'urn:li:globalSettings:0', 'globalSettingsInfo');
  return { defaultView: str((info?.['views'] as Obj | undefined)?.['defaultView']) };
}
