/**
 * The web UI's session: after sign-in the access token lives in an HttpOnly, SameSite=Strict cookie
 * (script on the page cannot read it; other sites' pages do not send it), and the API accepts it
 * like a Bearer token. Because a cookie is sent by the browser on its own, a write that carries it
 * must also prove it comes from our own pages: same-origin `Sec-Fetch-Site`, or an `Origin` equal to
 * this server's.
 */
import type { IncomingMessage } from 'node:http';

export const SESSION_COOKIE = 'catalog_session';

/** How long the browser keeps the cookie; the token's own expiry and revocation still apply. */
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** Paths anyone may open with auth on: the sign-in page and what it needs. */
export function isPublicUiPath(path: string): boolean {
  return path === '/login' || path === '/logout' || path === '/favicon.ico' || path.startsWith('/assets/');
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isSafeMethod(method: string | undefined): boolean {
  return SAFE_METHODS.has((method ?? 'GET').toUpperCase());
}

/** The value of one cookie of the request, if sent. */
export function readCookie(req: IncomingMessage, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/** The session's token as an Authorization header value, when the request carries the cookie. */
export function sessionAuthorization(req: IncomingMessage): string | undefined {
  const token = readCookie(req, SESSION_COOKIE);
  return token ? `Bearer ${token}` : undefined;
}

function isHttps(req: IncomingMessage): boolean {
  return (req.socket as { encrypted?: boolean }).encrypted === true || req.headers['x-forwarded-proto'] === 'https';
}

export function sessionCookie(req: IncomingMessage, token: string): string {
  return `${SESSION_COOKIE}=${encodeURIComponent(token)}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${isHttps(req) ? '; Secure' : ''}`;
}

export function clearedSessionCookie(req: IncomingMessage): string {
  return `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict${isHttps(req) ? '; Secure' : ''}`;
}

/**
 * DataHub's web app's `actor` cookie: the signed-in user's urn, which the app's script reads to know
 * it is signed in (so not HttpOnly). It grants nothing: the API still needs the session cookie or a
 * token when auth is on.
 */
export const ACTOR_COOKIE = 'actor';

export function actorCookie(req: IncomingMessage, actorUrn: string): string {
  return `${ACTOR_COOKIE}=${encodeURIComponent(actorUrn)}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax${isHttps(req) ? '; Secure' : ''}`;
}

export function clearedActorCookie(req: IncomingMessage): string {
  return `${ACTOR_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${isHttps(req) ? '; Secure' : ''}`;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * Why a request that changes something must be refused as cross-site, or undefined when it may go
 * on. A browser marks requests another site's page makes (`Sec-Fetch-Site`, `Origin`); DataHub's
 * clients and scripts send neither and are not affected. With `needsProof` (the request is
 * authenticated by the cookie alone) one of the two must be present and say "same origin".
 */
export function crossSiteRefusal(req: IncomingMessage, needsProof: boolean): string | undefined {
  if (isSafeMethod(req.method)) return undefined;
  const site = header(req, 'sec-fetch-site');
  const origin = header(req, 'origin');
  const refused =
    'Cross-site request refused: this server accepts changes only from its own pages or from clients that are not browsers.';
  if (site && site !== 'same-origin' && site !== 'none') return refused;
  if (origin !== undefined) {
    // Behind a reverse proxy the browser's host may arrive as X-Forwarded-Host.
    const hosts = [header(req, 'host'), header(req, 'x-forwarded-host')].filter((h): h is string => !!h);
    let originHost: string | undefined;
    try {
      originHost = origin === 'null' ? undefined : new URL(origin).host;
    } catch {
      originHost = undefined;
    }
    if (!originHost || !hosts.includes(originHost)) return refused;
    return undefined;
  }
  if (needsProof && site !== 'same-origin') return refused;
  return undefined;
}
