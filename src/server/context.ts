/** What every request handler gets: the store, limits, and who the caller is. */
import type { Store } from '../store/store.ts';

export { DEFAULT_LIMITS, type ServerLimits } from './defaultLimits.ts';
import type { ServerLimits } from './defaultLimits.ts';

export interface ServerDeps {
  store: Store;
  limits: ServerLimits;
}

export { actorOf, authEnabledFor } from './auth.ts';
