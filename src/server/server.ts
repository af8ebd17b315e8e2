/**
 * `catalog serve`: one node:http server with DataHub GMS's paths. Routing only; the GraphQL and
 * REST adapters live in their own folders and call operations.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Store } from '../store/store.ts';
import { authenticate } from './auth.ts';
import { hostPolicy, type AllowedHosts } from './hosts.ts';
import { DEFAULT_LIMITS, type ServerDeps, type ServerLimits } from './context.ts';
import { sendError, sendJson } from './http.ts';
import { createGraphqlHandler } from './graphql/handler.ts';
import { createRestHandler } from './rest/handler.ts';
import { createFrontendRoutes } from './ui/frontendRoutes.ts';
import { createUiHandler } from './ui/handler.ts';
import type { WebApp } from './ui/webApp.ts';

/** `serve --datahub-web-app DIR`'s check of DIR, for the CLI (which reaches the server through this file). */
export { openWebApp, WebAppDirError } from './ui/webApp.ts';

export interface ServeOptions {
  store: Store;
  host?: string;
  port?: number;
  limits?: Partial<ServerLimits>;
  /** Require a valid access token on every path but /health and /config. */
  auth?: boolean;
  /**
   * Host names answered besides the defaults (localhost, IP addresses, `host`), or `all`; with auth
   * on, none are checked unless names are given (hosts.ts).
   */
  allowedHosts?: AllowedHosts;
  /** Serves /mcp (MCP's streamable HTTP transport), made once from the server's dependencies. */
  mcp?: (deps: ServerDeps) => Promise<Handler>;
  /** DataHub's own web app (`--datahub-web-app`), served at `/` in place of ours (ui/webApp.ts). */
  webApp?: WebApp;
}

export interface RunningServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

export type Handler = (
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  query: URLSearchParams,
) => Promise<void>;

export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const deps: ServerDeps = {
    store: options.store,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
  };
  const graphql = createGraphqlHandler(deps);
  const rest = createRestHandler(deps);
  const ui = createUiHandler({ store: options.store, auth: options.auth === true });
  const frontend = createFrontendRoutes({ store: options.store, auth: options.auth === true });
  const webApp = options.webApp;
  // Made on /mcp's first request only: most servers never get one.
  let mcpHandler: Promise<Handler> | undefined;
  const makeMcp = options.mcp;
  const mcp: Handler | undefined =
    makeMcp && (async (req, res, path, query) => (await (mcpHandler ??= makeMcp(deps)))(req, res, path, query));

  const hosts = hostPolicy({
    bind: options.host ?? '127.0.0.1',
    auth: options.auth === true,
    allowedHosts: options.allowedHosts,
  });

  const server = createServer((req, res) => {
    const rawUrl = req.url ?? '/';
    const q = rawUrl.indexOf('?');
    // The path stays percent-encoded: REST handlers decode URN segments themselves.
    const path = q < 0 ? rawUrl : rawUrl.slice(0, q);
    const query = new URLSearchParams(q < 0 ? '' : rawUrl.slice(q + 1));
    // A name the server is not known by (DNS rebinding) is refused before anything else, /mcp in
    // JSON-RPC's shape as its other refusals are.
    const refused = hosts.refusal(req, path);
    if (refused) {
      const body =
        path === '/mcp'
          ? { jsonrpc: '2.0', error: { code: -32000, message: refused.message }, id: null }
          : { status: refused.status, message: refused.message };
      sendJson(res, refused.status, body, { connection: 'close' });
      return;
    }
    // Authentication comes next: a refused request costs no body read and no work.
    // DataHub's app loads its page and files before it signs in, as from DataHub's frontend server.
    const open = frontend.claims(path) || (webApp?.claims(req, path) ?? false);
    const auth = authenticate(options.store, req, path, options.auth === true, open);
    if (!auth.ok) {
      // A person opening a page without a session goes to sign-in; API clients get the JSON error.
      if (auth.status !== 403 && ui.isPage(req, path)) return ui.redirectToSignIn(req, res);
      const status = auth.status ?? 401;
      sendJson(
        res,
        status,
        { status, message: auth.message },
        status === 401 ? { 'www-authenticate': 'Bearer', connection: 'close' } : { connection: 'close' },
      );
      return;
    }
    let handler: Handler;
    if (path === '/health') {
      handler = async () => sendJson(res, 200, { status: 'ok' });
    } else if (path === '/api/graphql' || path === '/api/v2/graphql') {
      handler = graphql;
    } else if (path === '/mcp' && mcp) {
      handler = mcp;
    } else if (frontend.claims(path)) {
      handler = frontend.handle;
    } else if (webApp) {
      handler = webApp.claims(req, path) ? (rq, rs, p) => webApp.handle(rq, rs, p) : rest;
    } else if (ui.claims(req, path)) {
      handler = ui.handle;
    } else {
      handler = rest;
    }
    handler(req, res, path, query).catch((err: unknown) => sendError(res, err));
  });
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8080, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const addr = server.address() as AddressInfo;
  const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  return {
    url: `http://${host}:${addr.port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
