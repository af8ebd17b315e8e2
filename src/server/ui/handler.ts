/**
 * The web UI's routes on `catalog serve`: DataHub frontend's page addresses (src/ui/routes.ts)
 * answered with the application's page (404 for an entity with nothing stored, or an unknown address
 * a browser asks for), the bundled assets, and sign-in/sign-out when auth is on. The application
 * itself talks to the same GraphQL and REST endpoints as every other client.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { verifyAuthorization } from '../../ops/identity/tokens.ts';
import type { Store } from '../../store/store.ts';
import { parseRoute } from '../../ui/routes.ts';
import { readBody } from '../http.ts';
import { loadUiAssets, type UiAsset } from './assets.ts';
import { appPage, loginPage } from './pages.ts';
import { clearedSessionCookie, isPublicUiPath, sessionCookie } from './session.ts';

/** First path segments that belong to the APIs: never answered with a page. */
const API_SEGMENTS = new Set([
  'api',
  'aspects',
  'entities',
  'entitiesV2',
  'relationships',
  'openapi',
  'config',
  'health',
]);

function wantsHtml(req: IncomingMessage): boolean {
  return (req.headers.accept ?? '').includes('text/html');
}

const HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  // The page loads only our own script and style; the API is same-origin. Markdown may show images.
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
};

/** Where to go after sign-in: a path on this server only (never `//host` or a full URL). */
export function safeRedirect(target: string | null | undefined): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  return target;
}

export interface UiHandler {
  /** Whether the request is the UI's (a page, an asset, sign-in or sign-out). */
  claims(req: IncomingMessage, path: string): boolean;
  /** Whether the request asks for a page (a refused one is sent to sign-in rather than given a 401). */
  isPage(req: IncomingMessage, path: string): boolean;
  handle(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<void>;
  redirectToSignIn(req: IncomingMessage, res: ServerResponse): void;
}

export function createUiHandler(deps: { store: Store; auth: boolean }): UiHandler {
  const method = (req: IncomingMessage) => (req.method ?? 'GET').toUpperCase();

  function isPage(req: IncomingMessage, path: string): boolean {
    const m = method(req);
    if (m !== 'GET' && m !== 'HEAD') return false;
    if (isPublicUiPath(path)) return false;
    if (parseRoute(path).page !== 'notFound') return true;
    const first = path.split('/')[1] ?? '';
    return wantsHtml(req) && !API_SEGMENTS.has(first);
  }

  function claims(req: IncomingMessage, path: string): boolean {
    if (path === '/login' || path === '/logout') return true;
    const m = method(req);
    if ((m === 'GET' || m === 'HEAD') && isPublicUiPath(path)) return true;
    return isPage(req, path);
  }

  function send(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    headers: Record<string, string | number>,
    body: Buffer | string,
  ): void {
    const buf = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    res.writeHead(status, { ...headers, 'content-length': buf.length });
    res.end(method(req) === 'HEAD' ? undefined : buf);
  }

  function redirect(res: ServerResponse, location: string, headers: Record<string, string> = {}): void {
    res.writeHead(303, { location, 'cache-control': 'no-store', 'content-length': 0, ...headers });
    res.end();
  }

  function sendAsset(req: IncomingMessage, res: ServerResponse, a: UiAsset): void {
    const accept = String(req.headers['accept-encoding'] ?? '');
    const headers: Record<string, string> = {
      'content-type': a.contentType,
      'cache-control': 'public, max-age=31536000, immutable',
      etag: a.etag,
      vary: 'accept-encoding',
      'x-content-type-options': 'nosniff',
    };
    if (req.headers['if-none-match'] === a.etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    if (/\bbr\b/.test(accept)) send(req, res, 200, { ...headers, 'content-encoding': 'br' }, a.brotli);
    else if (/\bgzip\b/.test(accept)) send(req, res, 200, { ...headers, 'content-encoding': 'gzip' }, a.gzip);
    else send(req, res, 200, headers, a.body);
  }

  async function page(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const assets = await loadUiAssets();
    const route = parseRoute(path);
    // The page renders "not found" itself; the status tells crawlers, scripts and tests.
    const missing = route.page === 'notFound' || (route.page === 'entity' && !deps.store.entityExists(route.urn));
    send(req, res, missing ? 404 : 200, HTML_HEADERS, appPage(assets, deps.auth));
  }

  async function login(req: IncomingMessage, res: ServerResponse, query: URLSearchParams): Promise<void> {
    if (!deps.auth) return redirect(res, safeRedirect(query.get('redirect_uri')));
    const assets = await loadUiAssets();
    if (method(req) !== 'POST') {
      return send(
        req,
        res,
        200,
        HTML_HEADERS,
        loginPage(assets, { redirect: safeRedirect(query.get('redirect_uri')) }),
      );
    }
    const form = new URLSearchParams((await readBody(req, 16 * 1024)).toString('utf8'));
    const token = (form.get('token') ?? '').trim();
    const target = safeRedirect(form.get('redirect_uri'));
    const check = verifyAuthorization({ store: deps.store }, `Bearer ${token}`);
    if (!token || !check.ok) {
      const error = token ? `Sign-in failed: ${check.ok ? '' : check.reason}` : 'Paste an access token to sign in.';
      return send(req, res, 401, HTML_HEADERS, loginPage(assets, { redirect: target, error }));
    }
    redirect(res, target, { 'set-cookie': sessionCookie(req, token) });
  }

  return {
    claims,
    isPage,
    redirectToSignIn(req, res) {
      const target = safeRedirect(req.url ?? '/');
      redirect(res, target === '/' ? '/login' : `/login?redirect_uri=${encodeURIComponent(target)}`);
    },
    async handle(req, res, path, query) {
      if (path === '/login') return login(req, res, query);
      if (path === '/logout') {
        if (method(req) !== 'POST')
          return send(
            req,
            res,
            405,
            { allow: 'POST', 'content-type': 'text/plain; charset=utf-8' },
            'Sign out with POST /logout.',
          );
        return redirect(res, deps.auth ? '/login' : '/', { 'set-cookie': clearedSessionCookie(req) });
      }
      if (path === '/favicon.ico') return send(req, res, 204, { 'cache-control': 'public, max-age=86400' }, '');
      if (path.startsWith('/assets/')) {
        const found = (await loadUiAssets()).byPath.get(path);
        if (!found) return send(req, res, 404, { 'content-type': 'text/plain; charset=utf-8' }, `No asset ${path}`);
        return sendAsset(req, res, found);
      }
      return page(req, res, path);
    },
  };
}
