/**
 * The names a server answers to: a defence against DNS rebinding (issue 43). A page on any site can
 * have its own name's DNS answer 127.0.0.1 moments after it loaded; the browser then sends the page's
 * requests to this server, as same-origin requests of that site — `Host` and `Origin` both name it —
 * and lets the page read the answers. What the browser cannot change is `Host`: it is always the
 * name in the page's address. So a server that answers without a token refuses every request whose
 * `Host` is not a name it is known by, before any handler runs (as Vite's `server.allowedHosts` and
 * webpack-dev-server's `allowedHosts` do):
 *
 * - `localhost` and its subdomains (browsers resolve them to loopback themselves, never by DNS);
 * - any IP address (an address cannot be rebound: a page at `http://127.0.0.1:8080` came from here);
 * - the address or name the server binds (`--host`);
 * - the names given with `--allowed-hosts` (a leading dot also takes the subdomains: `.corp.example`);
 *   `--allowed-hosts all` switches the check off.
 *
 * With auth on (a non-loopback `--host`, or `--auth`) the check is off unless `--allowed-hosts` names
 * hosts: a rebound page has no token, and DataHub's users reach a shared server by names its owner may
 * not list (the machine's name, a DNS alias, a proxy's). A request without `Host` (HTTP/1.0) comes
 * from no browser and is let through.
 *
 * `/mcp` also checks `Origin`, as MCP's streamable HTTP transport requires of every server: a page
 * whose origin is not a known host (or, with the Host check off, not this very host) gets a 403, in
 * JSON-RPC's shape, whatever the method. (A POST from another origin is refused on every path anyway,
 * by the cross-site rule of ui/session.ts; this check does not lean on it.)
 */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/** What `--allowed-hosts` gave: names and `.domains`, or every host. */
export type AllowedHosts = 'all' | readonly string[];

export const ALLOWED_HOSTS_FLAG = '--allowed-hosts';

/** A DNS name (labels of letters, digits, `-`, `_`), optionally with a leading dot for its subdomains. */
const NAME = /^\.?[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?)*$/;

export class AllowedHostsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AllowedHostsError';
  }
}

/**
 * `--allowed-hosts` values (repeatable, each a comma-separated list) as names, or `all`. Throws an
 * AllowedHostsError naming a value that is not a host name (a port, a scheme or a path is a mistake
 * worth saying: the check compares names only).
 */
export function parseAllowedHosts(values: readonly string[]): AllowedHosts {
  const names: string[] = [];
  for (const raw of values.flatMap((v) => v.split(','))) {
    const value = raw.trim().toLowerCase();
    if (value === 'all') return 'all';
    const name = normalizeName(value);
    if (name === undefined) {
      throw new AllowedHostsError(
        value === ''
          ? `${ALLOWED_HOSTS_FLAG}: an empty name; give host names separated by commas (e.g. ${ALLOWED_HOSTS_FLAG} catalog.internal,.corp.example), or all`
          : `${ALLOWED_HOSTS_FLAG}: "${raw.trim()}" is not a host name; give the name alone, without a scheme, port or path (e.g. ${ALLOWED_HOSTS_FLAG} catalog.internal)`,
      );
    }
    names.push(name);
  }
  return names;
}

/** A name as compared: lower case, no trailing dot, an IPv6 address without brackets; undefined if it is not a host name. */
function normalizeName(value: string): string | undefined {
  const bare = value.startsWith('[') && value.endsWith(']') ? value.slice(1, -1) : value;
  if (isIP(bare) !== 0) return bare;
  const name = bare.endsWith('.') && bare.length > 1 ? bare.slice(0, -1) : bare;
  return NAME.test(name) ? name : undefined;
}

/** The host name of a `Host` header (`name:port`, `[v6]:port`), normalized; undefined if it is none. */
function hostOfHeader(header: string): string | undefined {
  const value = header.trim().toLowerCase();
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    if (end < 0 || (end + 1 < value.length && !/^:\d*$/.test(value.slice(end + 1)))) return undefined;
    return normalizeName(value.slice(0, end + 1));
  }
  const colon = value.lastIndexOf(':');
  if (colon >= 0 && !/^\d*$/.test(value.slice(colon + 1))) return undefined;
  return normalizeName(colon < 0 ? value : value.slice(0, colon));
}

export interface HostRefusal {
  status: 403;
  message: string;
}

export interface HostPolicy {
  /** Why this request must be refused before any handler runs, or undefined when it may go on. */
  refusal(req: IncomingMessage, path: string): HostRefusal | undefined;
}

/**
 * The policy of a server binding `bind`, with auth on or off and the names of `--allowed-hosts`
 * (rules in the module comment).
 */
export function hostPolicy(options: { bind: string; auth: boolean; allowedHosts?: AllowedHosts }): HostPolicy {
  const given = options.allowedHosts;
  if (given === 'all') return { refusal: () => undefined };
  const names = new Set(['localhost', ...(given ?? [])]);
  const bound = normalizeName(options.bind.toLowerCase());
  if (bound !== undefined) names.add(bound);
  const domains = [...names].filter((n) => n.startsWith('.')).map((n) => n.slice(1));
  domains.push('localhost');
  const known = (host: string) =>
    isIP(host) !== 0 || names.has(host) || domains.some((d) => host === d || host.endsWith(`.${d}`));
  const checkHost = !options.auth || (given !== undefined && given.length > 0);

  return {
    refusal(req, path) {
      const hostHeader = req.headers.host;
      const host = hostHeader === undefined ? undefined : hostOfHeader(hostHeader);
      if (checkHost && hostHeader !== undefined && (host === undefined || !known(host))) {
        const shown = host ?? hostHeader;
        return {
          status: 403,
          message:
            `Blocked request: "${shown}" (the Host header) is not a name this server is known by, a defence against DNS rebinding. ` +
            `To reach it by this name, start catalog serve with ${ALLOWED_HOSTS_FLAG} ${host ?? '<name>'}.`,
        };
      }
      if (path !== '/mcp') return undefined;
      const origin = header(req, 'origin');
      if (origin === undefined) return undefined;
      let originHost: string | undefined;
      let originHostPort: string | undefined;
      try {
        const url = new URL(origin);
        originHost = normalizeName(url.hostname);
        originHostPort = url.host;
      } catch {
        originHost = undefined;
      }
      const sameHost = !checkHost && hostHeader !== undefined && originHostPort === hostHeader.trim().toLowerCase();
      if (originHost !== undefined && (known(originHost) || sameHost)) return undefined;
      return {
        status: 403,
        message:
          `Blocked request: /mcp answers no page from ${origin} (the Origin header), a defence against DNS rebinding. ` +
          `To allow pages from there, start catalog serve with ${ALLOWED_HOSTS_FLAG} ${originHost ?? '<name>'}.`,
      };
    },
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}
