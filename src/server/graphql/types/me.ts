/** The caller (`me`) and the organization's view settings (docs/datahub/graphql.md §3.3, docs/datahub/discovery.md §5). */
import { readGlobalViewsSettings } from '../../../ops/read/settings.ts';
import type { StoreView } from '../../../store/store.ts';
import { type Obj, ref } from './shared.ts';

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

/** The organization's default view (src/ops/read/settings.ts); never null. */
export function globalViewsSettings(view: StoreView): Obj {
  return readGlobalViewsSettings(view);
}
