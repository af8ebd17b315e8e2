/**
 * Who may use the server (docs/design.md §3 "Server"). Auth is on whenever the server binds a
 * non-loopback address (it refuses to start with no token to get in, unless the user opts out with
 * an insecure flag) and can be switched on for loopback. With auth on, every path but /health and
 * /config needs a valid token, checked before the body is read; the token's user is the actor.
 * With auth off, the actor is X-DataHub-Actor if sent, else the system user, and any Authorization
 * header is ignored (the tutorials' placeholder `Bearer <my-access-token>` must work).
 *
 * The web UI signs in once and then sends its token in a session cookie (ui/session.ts), which
 * counts as a Bearer token. Changes a browser makes from another site's page are refused whether
 * auth is on or off (a loopback server without auth is still reachable from any page the user opens).
 */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { SYSTEM_ACTOR } from '../ops/core/context.ts';
import { verifyAuthorization } from '../ops/identity/tokens.ts';
import type { Store } from '../store/store.ts';
import { crossSiteRefusal, isPublicUiPath, sessionAuthorization } from './ui/session.ts';

export const OPEN_PATHS = new Set(['/health', '/config']);

export function isLoopback(host: string): boolean {
  if (host === 'localhost' || host === '::1' || host === '[::1]') return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

export class AuthSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AuthSetupError';
  }
}

/**
 * Whether auth is on for a server about to bind `host`. Throws (with what to do) when it must be on
 * but no token exists, since nobody could then use the server.
 */
export function decideAuth(options: {
  host: string;
  auth?: boolean;
  insecureNoAuth?: boolean;
  tokenCount: number;
  dataPath: string;
}): boolean {
  if (options.insecureNoAuth && options.auth)
    throw new AuthSetupError('--auth and --insecure-no-auth contradict each other; pass one.');
  if (options.insecureNoAuth) return false;
  const enabled = options.auth === true || !isLoopback(options.host);
  if (enabled && options.tokenCount === 0) {
    const why = options.auth ? 'with --auth' : `on ${options.host}, which is reachable from other machines,`;
    throw new AuthSetupError(
      `Refusing to serve ${why} without authentication set up: the data file ${options.dataPath} holds no access token.\n` +
        `Create one with:  catalog token create --user <id> --data ${options.dataPath}\n` +
        'and send it as "Authorization: Bearer <token>" (DATAHUB_GMS_TOKEN for the datahub CLI).\n' +
        'Or pass --insecure-no-auth to serve without authentication: anyone who can reach the port can then read and change the catalog.',
    );
  }
  return enabled;
}

const actors = new WeakMap<IncomingMessage, string>();
/** The requests `authenticate` checked with auth on. */
const authOn = new WeakSet<IncomingMessage>();

/** A refusal is a 401 (no valid credentials) unless it says 403 (a cross-site write). */
export type AuthResult = { ok: true } | { ok: false; message: string; status?: 401 | 403 };

/** Decides the caller of a request and remembers it for `actorOf`. */
export function authenticate(store: Store, req: IncomingMessage, path: string, enabled: boolean): AuthResult {
  const viaCookie = enabled && !req.headers.authorization && sessionAuthorization(req) !== undefined;
  const crossSite = crossSiteRefusal(req, viaCookie);
  if (crossSite) return { ok: false, message: crossSite, status: 403 };
  if (enabled) authOn.add(req);
  if (!enabled) {
    const header = req.headers['x-datahub-actor'];
    const value = Array.isArray(header) ? header[0] : header;
    actors.set(req, value?.startsWith('urn:li:corpuser:') ? value : SYSTEM_ACTOR);
    return { ok: true };
  }
  if (OPEN_PATHS.has(path) || isPublicUiPath(path)) {
    actors.set(req, SYSTEM_ACTOR);
    return { ok: true };
  }
  const check = verifyAuthorization({ store }, req.headers.authorization ?? sessionAuthorization(req));
  if (!check.ok) return { ok: false, message: `Unauthorized to perform this action. ${check.reason}` };
  actors.set(req, check.actorUrn);
  return { ok: true };
}

/** Whether the server that took a request requires an access token (auth on). */
export function authEnabledFor(req: IncomingMessage): boolean {
  return authOn.has(req);
}

/** The actor of a request, as decided by `authenticate`. */
export function actorOf(req: IncomingMessage): string {
  return actors.get(req) ?? SYSTEM_ACTOR;
}
