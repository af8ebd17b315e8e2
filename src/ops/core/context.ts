/** What every operation needs besides its input: the store, who acts, and the clock. */
import type { Store } from '../../store/store.ts';

export const SYSTEM_ACTOR = 'urn:li:corpuser:datahub';

export interface OpContext {
  store: Store;
  /** URN of the user the change is attributed to (audit stamps). */
  actor: string;
  /** Milliseconds since the epoch; injectable for tests. */
  now?: () => number;
}

export function nowOf(ctx: OpContext): number {
  return ctx.now ? ctx.now() : Date.now();
}
