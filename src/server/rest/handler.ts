/**
 * The REST door: dispatches a request to the route of routes.ts that matches its method, path and
 * (for Rest.li actions) `?action=`, sends what the route answers, and turns anything thrown into
 * `{status, message}` through errors.ts. Client mistakes are 4xx — never 5xx, which the client retries.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isJsonObject } from '../../model/json.ts';
import type { ServerDeps } from '../context.ts';
import { HttpError, readJsonBody, sendJson } from '../http.ts';
import type { Handler } from '../server.ts';
import { sendRestError } from './errors.ts';
import {
  compilePath,
  isActionRoute,
  type ActionRoute,
  type PathRoute,
  type RestAnswer,
  type RestCall,
} from './route.ts';
import { REST_ROUTES } from './routes.ts';

interface Compiled<R> {
  route: R;
  pattern: RegExp;
}

/** The routes of one path and method that differ by Rest.li action, in table order. */
interface ActionGroup {
  method: string;
  path: string;
  pattern: RegExp;
  actions: Map<string, ActionRoute>;
}

type Entry = { kind: 'path'; compiled: Compiled<PathRoute> } | { kind: 'actions'; group: ActionGroup };

function compileRoutes(): Entry[] {
  const entries: Entry[] = [];
  const groups = new Map<string, ActionGroup>();
  for (const route of REST_ROUTES) {
    if (!isActionRoute(route)) {
      entries.push({ kind: 'path', compiled: { route, pattern: compilePath(route.path, route.ignoreCase) } });
      continue;
    }
    const id = `${route.method} ${route.path}`;
    let group = groups.get(id);
    if (!group) {
      group = { method: route.method, path: route.path, pattern: compilePath(route.path), actions: new Map() };
      groups.set(id, group);
      entries.push({ kind: 'actions', group });
    }
    group.actions.set(route.action, route);
  }
  return entries;
}

function send(res: ServerResponse, answer: RestAnswer): void {
  if ('empty' in answer) {
    res.writeHead(answer.status ?? 200, { ...answer.headers, 'content-length': 0 });
    res.end();
    return;
  }
  sendJson(res, answer.status ?? 200, answer.body, answer.headers);
}

export function createRestHandler(deps: ServerDeps): Handler {
  const entries = compileRoutes();

  async function dispatch(req: IncomingMessage, path: string, query: URLSearchParams): Promise<RestAnswer> {
    const method = req.method ?? 'GET';
    for (const entry of entries) {
      if (entry.kind === 'path') {
        const { route, pattern } = entry.compiled;
        if (route.method !== method) continue;
        const m = pattern.exec(path);
        if (m) return route.handle({ req, query, params: { ...m.groups }, deps });
        continue;
      }
      const { group } = entry;
      if (group.method !== method || !group.pattern.test(path)) continue;
      // The body first, then the action: a bad body is answered the same whatever the action.
      const input = await readJsonBody(req, deps.limits.maxBodyBytes);
      if (!isJsonObject(input)) throw new HttpError(400, 'Request body must be a JSON object');
      const action = query.get('action');
      const route = action === null ? undefined : group.actions.get(action);
      if (!route) {
        const resource = group.path.replace(/\/\?$/, '');
        throw new HttpError(
          400,
          `Unknown action "${action}" on ${resource}; supported: ${[...group.actions.keys()].join(', ')}`,
        );
      }
      const call: RestCall = { req, query, params: {}, deps };
      return route.handle(call, input);
    }
    throw new HttpError(404, `No route for ${method} ${path}`);
  }

  return async (req, res, path, query) => {
    try {
      send(res, await dispatch(req, path, query));
    } catch (e) {
      sendRestError(res, e);
    }
  };
}
