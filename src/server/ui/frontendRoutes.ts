/**
 * The routes DataHub's frontend server answers for its web app besides the APIs, so the app runs
 * against `catalog serve` with no proxy (`--datahub-web-app`, or the app's own dev server pointed
 * here): sign-in (`POST /logIn`), `/authenticate` (where the app sends a browser it finds signed
 * out), `/logOut`, the app's usage events (`POST /openapi/v1/tracking/track`: accepted and dropped,
 * as we keep no analytics) and its micro-frontend list (`/mfe/config`: none).
 *
 * The app knows it is signed in by its `actor` cookie (the user's urn); the API is reached with the
 * session cookie our own UI uses (session.ts). Without `--auth` every request is the local user's,
 * as for every other client: `/authenticate` sets the cookie and sends the browser on. With `--auth`
 * the app's sign-in form takes the user's id and, as the password, an access token of that user.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SYSTEM_ACTOR } from '../../ops/core/context.ts';
import { verifyAuthorization } from '../../ops/identity/tokens.ts';
import type { Store } from '../../store/store.ts';
import { readBody, sendJson } from '../http.ts';
import { safeRedirect } from './handler.ts';
import {
  actorCookie,
  clearedActorCookie,
  clearedSessionCookie,
  sessionAuthorization,
  sessionCookie,
} from './session.ts';

const LOG_IN = '/logIn';
const AUTHENTICATE = '/authenticate';
const LOG_OUT = '/logOut';
const TRACK = '/openapi/v1/tracking/track';
const MFE_CONFIG = '/mfe/config';

/** The app's sign-in page, a page of the app itself. */
const LOGIN_PAGE = '/login';

/** The methods each route answers. */
const ROUTES: ReadonlyMap<string, readonly string[]> = new Map([
  [LOG_IN, ['POST']],
  [AUTHENTICATE, ['GET', 'HEAD']],
  [LOG_OUT, ['GET', 'HEAD']],
  [TRACK, ['POST']],
  [MFE_CONFIG, ['GET', 'HEAD']],
]);

/** The largest sign-in request: a user id and a token. */
const LOG_IN_MAX_BYTES = 16 * 1024;

/** No micro frontends: the list DataHub's default configuration file holds. */
const NO_MICRO_FRONTENDS = 'subNavigationMode: false\nmicroFrontends: []\n';

export interface FrontendRoutes {
  /** Whether the path is one of these routes (any method: a wrong one gets a 405 here). */
  claims(path: string): boolean;
  /** Every route is open with auth on: each checks what it needs itself, and none reads the catalog. */
  handle(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<void>;
}

function redirect(res: ServerResponse, location: string, cookies: string[]): void {
  res.writeHead(303, { location, 'cache-control': 'no-store', 'content-length': 0, 'set-cookie': cookies });
  res.end();
}

function userUrn(username: string): string {
  return username.startsWith('urn:li:corpuser:') ? username : `urn:li:corpuser:${username}`;
}

export function createFrontendRoutes(deps: { store: Store; auth: boolean }): FrontendRoutes {
  /** DataHub's errors here are a 400 with `{message}`, which the app's sign-in form shows. */
  const refuse = (res: ServerResponse, message: string) => sendJson(res, 400, { message });

  async function logIn(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = (await readBody(req, LOG_IN_MAX_BYTES)).toString('utf8');
    if (!deps.auth) {
      return refuse(
        res,
        "Sign-in is off: this server runs without --auth, so every request is the local user's. Open / to go on.",
      );
    }
    let form: { username?: unknown; password?: unknown } | null;
    try {
      form = JSON.parse(body) as typeof form;
    } catch {
      form = null;
    }
    if (typeof form !== 'object' || form === null || Array.isArray(form))
      return refuse(res, 'The sign-in request must be a JSON object: {"username": …, "password": …}.');
    const username = typeof form.username === 'string' ? form.username.trim() : '';
    const password = typeof form.password === 'string' ? form.password.trim() : '';
    if (!username) return refuse(res, 'User name must not be empty.');
    if (!password)
      return refuse(
        res,
        `Password must not be empty: give an access token of ${username} (catalog token create --user ${username}).`,
      );
    const check = verifyAuthorization({ store: deps.store }, `Bearer ${password}`);
    if (!check.ok) return refuse(res, `Invalid credentials: ${check.reason}`);
    if (check.actorUrn !== userUrn(username)) {
      return refuse(res, `Invalid credentials: the access token is ${check.actorUrn}'s, not ${userUrn(username)}'s.`);
    }
    res.writeHead(200, {
      'cache-control': 'no-store',
      'content-length': 0,
      'set-cookie': [sessionCookie(req, password), actorCookie(req, check.actorUrn)],
    });
    res.end();
  }

  function authenticate(req: IncomingMessage, res: ServerResponse, query: URLSearchParams): void {
    const target = safeRedirect(query.get('redirect_uri'));
    if (!deps.auth) return redirect(res, target, [actorCookie(req, SYSTEM_ACTOR)]);
    const check = verifyAuthorization({ store: deps.store }, sessionAuthorization(req));
    if (check.ok) return redirect(res, target, [actorCookie(req, check.actorUrn)]);
    // Signed out (or the session's token expired or was revoked): to the app's sign-in page, which
    // reads the same parameter; a stale `actor` cookie would send it straight back.
    const login = target === '/' ? LOGIN_PAGE : `${LOGIN_PAGE}?redirect_uri=${encodeURIComponent(target)}`;
    redirect(res, login, [clearedActorCookie(req)]);
  }

  return {
    claims: (path) => ROUTES.has(path),
    async handle(req, res, path, query) {
      const method = (req.method ?? 'GET').toUpperCase();
      const allowed = ROUTES.get(path) ?? [];
      if (!allowed.includes(method)) {
        req.resume();
        return sendJson(
          res,
          405,
          { status: 405, message: `${path} answers ${allowed.join(' and ')}, not ${method}.` },
          { allow: allowed.join(', ') },
        );
      }
      switch (path) {
        case LOG_IN:
          return logIn(req, res);
        case AUTHENTICATE:
          return authenticate(req, res, query);
        case LOG_OUT:
          return redirect(res, LOGIN_PAGE, [clearedSessionCookie(req), clearedActorCookie(req)]);
        case TRACK:
          // Usage analytics are off here (appConfig says so); the app sends its events anyway.
          req.resume();
          res.writeHead(204, { 'cache-control': 'no-store' });
          res.end();
          return;
        default: {
          const body = method === 'HEAD' ? undefined : NO_MICRO_FRONTENDS;
          res.writeHead(200, {
            'content-type': 'application/yaml; charset=utf-8',
            'content-length': Buffer.byteLength(NO_MICRO_FRONTENDS),
            'cache-control': 'private, max-age=300',
          });
          res.end(body);
        }
      }
    },
  };
}
