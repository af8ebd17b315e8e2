/** What every request handler gets: the store, limits, and who the caller is. */
import type { IncomingMessage } from 'node:http';
import type { Store } from '../store/store.ts';
import { SYSTEM_ACTOR } from '../ops/context.ts';

export interface ServerLimits {
  maxBodyBytes: number;
}

export interface ServerDeps {
  store: Store;
  limits: ServerLimits;
}

/**
 * The actor of a request. Without auth it is `X-DataHub-Actor` when sent, else the system user;
 * any `Authorization` header is ignored (DESIGN.md §3 "Server").
 */
export function actorOf(req: IncomingMessage): string {
  const header = req.headers['x-datahub-actor'];
  const value = Array.isArray(header) ? header[0] : header;
  return value && value.startsWith('urn:li:corpuser:') ? value : SYSTEM_ACTOR;
}
