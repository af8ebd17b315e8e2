// Placeholder until the REST adapter lands (issue 4): unknown paths get a 404.
import type { ServerDeps } from '../context.ts';
import type { Handler } from '../server.ts';
import { HttpError } from '../http.ts';

export function createRestHandler(_deps: ServerDeps): Handler {
  return async (req, _res, path) => {
    throw new HttpError(404, `No route for ${req.method} ${path}`);
  };
}
