// Placeholder until the GraphQL adapter lands (issue 3): every request gets a clear 501.
import type { ServerDeps } from '../context.ts';
import type { Handler } from '../server.ts';
import { HttpError } from '../http.ts';

export function createGraphqlHandler(_deps: ServerDeps): Handler {
  return async () => {
    throw new HttpError(501, 'GraphQL is not implemented yet');
  };
}
