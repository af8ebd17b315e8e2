/**
 * What a REST route is: a method, a path pattern and, for Rest.li actions, the `?action=` it answers,
 * bound to a handler that parses its input, calls one operation and returns the answer to send. Each
 * resource file exports its routes; routes.ts collects them and handler.ts dispatches on them.
 *
 * Path patterns are literal text with parameters: `{name}` is one path segment, `{name*}` the rest of
 * the path (slashes included), `{name:urn}` the rest of the path when it starts with `urn:` (raw or
 * percent-encoded), `{name:aspect}` one segment that is a plain identifier (an aspect name), and a
 * pattern ending in `/?` also matches without its trailing slash. Parameters
 * arrive still percent-encoded: a handler decodes what it reads (params.ts `urnFromPath`).
 */
import type { IncomingMessage } from 'node:http';
import type { JsonObject } from '../../model/json.ts';
import type { ServerDeps } from '../context.ts';

export type Method = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE';

/** One request as a route sees it. */
export interface RestCall {
  req: IncomingMessage;
  query: URLSearchParams;
  /** Path parameters by name, as they appear in the path (percent-encoded). */
  params: Record<string, string>;
  deps: ServerDeps;
}

/** What a route answers: a JSON body (status 200 unless said), or no body and no content type (200 unless said). */
export type RestAnswer =
  | { status?: number; body: unknown; headers?: Record<string, string> }
  | { empty: true; status?: number; headers?: Record<string, string> };

/** A route of its own path. */
export interface PathRoute {
  method: Method;
  path: string;
  /** The whole path is matched in any case (DataHub's Spring routes for OpenAPI v3 entities are). */
  ignoreCase?: boolean;
  handle(call: RestCall): Promise<RestAnswer>;
}

/**
 * A Rest.li action: `POST <path>?action=<name>` with a JSON object body. The body is read and checked
 * before the action is looked up, so a bad body is answered the same whatever the action.
 */
export interface ActionRoute {
  method: 'POST';
  path: string;
  action: string;
  handle(call: RestCall, input: JsonObject): Promise<RestAnswer>;
}

export type Route = PathRoute | ActionRoute;

export const isActionRoute = (route: Route): route is ActionRoute => 'action' in route;

/** A route of its own path (typed here so its handler's parameter needs no annotation). */
export const route = (r: PathRoute): Route => r;

/** A Rest.li action route. */
export const actionRoute = (r: ActionRoute): Route => r;

/** A JSON answer with status 200. */
export const json = (body: unknown, headers?: Record<string, string>): RestAnswer => ({
  body,
  ...(headers && { headers }),
});

/** The regular expression of a path pattern (see the header of this file). */
export function compilePath(pattern: string, ignoreCase = false): RegExp {
  const trailingSlash = pattern.endsWith('/?');
  const body = trailingSlash ? pattern.slice(0, -2) : pattern;
  const source = body
    .split(/(\{[A-Za-z]+(?:\*|:urn|:aspect)?\})/)
    .map((part) => {
      const m = /^\{([A-Za-z]+)(\*|:urn|:aspect)?\}$/.exec(part);
      if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      if (m[2] === '*') return `(?<${m[1]}>.+)`;
      if (m[2] === ':urn') return `(?<${m[1]}>urn(?::|%3A).+)`;
      if (m[2] === ':aspect') return `(?<${m[1]}>[A-Za-z][A-Za-z0-9_]*)`;
      return `(?<${m[1]}>[^/]+)`;
    })
    .join('');
  return new RegExp(`^${source}${trailingSlash ? '/?' : ''}$`, ignoreCase ? 'i' : '');
}
