/**
 * The UI's only ways to the server: GraphQL at /api/graphql and three REST reads (the timeline,
 * versioned aspects, and what is not pushed yet to the file's remotes). Every call is same-origin with the session cookie (when auth is on); a 401
 * sends the browser to the sign-in page and back here afterwards.
 */

/** One error of a GraphQL answer or a failed HTTP call, with the server's own message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: number | undefined;
  constructor(message: string, status: number, code?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

function signInAgain(): never {
  const here = location.pathname + location.search;
  location.assign(`/login?redirect_uri=${encodeURIComponent(here)}`);
  throw new ApiError('Your session has ended: sign in again.', 401);
}

async function send(path: string, init: RequestInit): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(path, { credentials: 'same-origin', ...init });
  } catch {
    throw new ApiError('The catalog server cannot be reached. Is `catalog serve` still running?', 0);
  }
  if (res.status === 401) signInAgain();
  return res;
}

interface GraphqlAnswer<T> {
  data?: T | null;
  errors?: Array<{ message: string; path?: Array<string | number>; extensions?: { code?: number } }>;
}

/**
 * Runs a GraphQL document. Throws the first error of the answer unless `partial` is set, in which
 * case the data comes back with whatever errors (e.g. a 404 on one field) alongside.
 */
export async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const { data, errors } = await gqlPartial<T>(query, variables);
  if (errors.length > 0) throw errors[0]!;
  return data as T;
}

export async function gqlPartial<T>(
  query: string,
  variables: Record<string, unknown> = {},
): Promise<{ data: T | null; errors: ApiError[] }> {
  const res = await send('/api/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  let body: GraphqlAnswer<T>;
  try {
    body = (await res.json()) as GraphqlAnswer<T>;
  } catch {
    throw new ApiError(`The server answered ${res.status} without a GraphQL result.`, res.status);
  }
  if (!res.ok && !body.errors) throw new ApiError(`The server answered ${res.status}.`, res.status);
  const errors = (body.errors ?? []).map((e) => new ApiError(e.message, res.status, e.extensions?.code));
  return { data: body.data ?? null, errors };
}

/** GETs a JSON REST resource; a `{status, message}` error body becomes the error's message. */
export async function getJson<T>(path: string): Promise<T> {
  const res = await send(path, { headers: { accept: 'application/json' } });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(`The server answered ${res.status} with no JSON.`, res.status);
  }
  if (!res.ok) {
    const message =
      typeof body === 'object' && body && 'message' in body
        ? String((body as { message: unknown }).message)
        : `HTTP ${res.status}`;
    throw new ApiError(message, res.status);
  }
  return body as T;
}
