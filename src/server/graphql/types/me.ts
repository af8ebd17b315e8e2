/** The caller (`me`) and the organization's view settings (docs/datahub/graphql.md §3.3, docs/datahub/discovery.md §5). */
import { readGlobalViewsSettings } from '../../../ops/read/settings.ts';
import type { StoreView } from '../../../store/store.ts';
import type * as G from '../schema.generated.ts';
import { refAs } from './shared.ts';

/** `me`: the calling user, with every platform privilege (there are no policies in Catalog). */
export function meView(view: StoreView, actor: string): G.AuthenticatedUser {
  const privileges = [
    'viewAnalytics',
    'managePolicies',
    'viewMetadataProposals',
    'manageIdentities',
    'generatePersonalAccessTokens',
    'createDomains',
    'manageDomains',
    'manageIngestion',
    'manageSecrets',
    'manageTokens',
    'viewTests',
    'manageTests',
    'manageGlossaries',
    'manageUserCredentials',
    'manageGlobalSettings',
    'createTags',
    'manageTags',
    'viewManageTags',
    'manageGlobalViews',
    'manageOwnershipTypes',
    'manageGlobalAnnouncements',
  ] as const;
  // Every privilege true: tsc checks the names above against PlatformPrivileges.
  const platformPrivileges: G.PlatformPrivileges = Object.fromEntries(privileges.map((p) => [p, true])) as Record<
    (typeof privileges)[number],
    true
  >;
  return { corpUser: refAs<G.CorpUser>(view, actor), platformPrivileges };
}

/** The organization's default view (src/ops/read/settings.ts); never null. */
export function globalViewsSettings(view: StoreView): G.GlobalViewsSettings {
  return readGlobalViewsSettings(view);
}
