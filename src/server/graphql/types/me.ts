/** The caller (`me`) and the organization's view settings (docs/datahub/graphql.md §3.3, docs/datahub/discovery.md §5). */
import { platformPrivilegesOf } from '../../../ops/identity/privileges.ts';
import { readGlobalViewsSettings } from '../../../ops/read/settings.ts';
import type { StoreView } from '../../../store/store.ts';
import type * as G from '../schema.generated.ts';
import { refAs } from './shared.ts';

/** `me`: the calling user, with the platform privileges the caller holds (src/ops/identity/privileges.ts). */
export function meView(view: StoreView, actor: string): G.AuthenticatedUser {
  const platformPrivileges: G.PlatformPrivileges = platformPrivilegesOf(actor);
  return { corpUser: refAs<G.CorpUser>(view, actor), platformPrivileges };
}

/** The organization's default view (src/ops/read/settings.ts); never null. */
export function globalViewsSettings(view: StoreView): G.GlobalViewsSettings {
  return readGlobalViewsSettings(view);
}
