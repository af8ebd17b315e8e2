/**
 * Typed errors thrown by the model, the store and the operations. Adapters turn them into their
 * own shapes in one place each: GraphQL `extensions {code, type}`, REST `{status, message}`, CLI
 * exit codes. The `code` follows DataHub's `DataHubGraphQLErrorCode` numbering.
 */
export type ErrorType =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'SERVER_ERROR';

const CODES: Record<ErrorType, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  SERVER_ERROR: 500,
};

/**
 * Where in the caller's input an error lies. Every field is optional; {@link locatedError} fills it
 * as the error travels out through the layers that know each part.
 */
export interface ErrorLocation {
  /** The input a record came from: a file name, `<stdin>`. */
  source?: string;
  /** Line in `source` (1-based). */
  line?: number;
  /** Column on `line` (1-based). */
  column?: number;
  /** Record number in `source`. */
  record?: number;
  /** Field path in a request body, e.g. `[2].globalTags.value` or `proposals[3]`. */
  path?: string;
  /**
   * Index of the item in the batch an operation was handed (a proposal in `ingestProposals`). Not
   * printed: the adapter that built the batch knows what the item was and turns it into a path or record.
   */
  index?: number;
}

/**
 * The text a location puts in front of a message, in one place for every adapter:
 * `source:line:column: record N: path`, each part only when known.
 */
export function locationText(location: ErrorLocation): string {
  const parts: string[] = [];
  if (location.source !== undefined) {
    const column = location.line !== undefined && location.column !== undefined ? `:${location.column}` : '';
    parts.push(location.line !== undefined ? `${location.source}:${location.line}${column}` : location.source);
  }
  if (location.record !== undefined) parts.push(`record ${location.record}`);
  if (location.path) parts.push(location.path);
  return parts.join(': ');
}

export class CatalogError extends Error {
  readonly type: ErrorType;
  readonly code: number;
  /** The message without its location: what went wrong, wherever it was. */
  readonly baseMessage: string;
  /** Where in the input it went wrong, when a layer knew; `message` then starts with it. */
  readonly location?: ErrorLocation;
  constructor(type: ErrorType, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CatalogError';
    this.type = type;
    this.code = CODES[type];
    this.baseMessage = message;
  }
}

/** Two paths as one: `[0].globalTags.value` then `tags[1]` is `[0].globalTags.value.tags[1]`. */
function joinPaths(outer: string | undefined, inner: string | undefined): string | undefined {
  if (!outer) return inner;
  if (!inner) return outer;
  return inner.startsWith('[') ? `${outer}${inner}` : `${outer}.${inner}`;
}

/**
 * A new error of the same class as `error`, with `location` added to the one it has (as graphql-js's
 * `locatedError` adds a path): known fields are kept unless `location` names them anew, and a path
 * goes in front of the path the error has. Its message is the base message behind the location text.
 * `error` itself is left as it was.
 */
export function locatedError<E extends CatalogError>(error: E, location: ErrorLocation): E {
  const merged: ErrorLocation = { ...error.location, ...location };
  const path = joinPaths(location.path, error.location?.path);
  if (path !== undefined) merged.path = path;
  else delete merged.path;
  const text = locationText(merged);
  const located = Object.assign(Object.create(Object.getPrototypeOf(error) as object) as E, error, {
    location: merged,
    message: text ? `${text}: ${error.baseMessage}` : error.baseMessage,
    stack: error.stack,
  });
  if ('cause' in error)
    Object.defineProperty(located, 'cause', { value: error.cause, writable: true, configurable: true });
  return located;
}

/** A client mistake: bad input, a missing target, a rule broken. */
export class BadRequestError extends CatalogError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('BAD_REQUEST', message, options);
    this.name = 'BadRequestError';
  }
}

/** DataHub's UNAUTHORIZED (code 403): the caller may not do this. */
export class ForbiddenError extends CatalogError {
  constructor(message = 'Unauthorized to perform this action. Please contact your DataHub administrator.') {
    super('UNAUTHORIZED', message);
    this.name = 'ForbiddenError';
  }
}

export class NotFoundError extends CatalogError {
  constructor(message: string) {
    super('NOT_FOUND', message);
    this.name = 'NotFoundError';
  }
}

export class InvalidUrnError extends BadRequestError {
  readonly urn: string;
  readonly reason: string;
  constructor(urn: string, reason: string) {
    super(`Invalid urn "${urn}": ${reason}`);
    this.name = 'InvalidUrnError';
    this.urn = urn;
    this.reason = reason;
  }
}

/** An aspect value whose shape is wrong; `path` is the field path, e.g. `fields[2].fieldPath`. */
export class AspectValidationError extends BadRequestError {
  readonly aspectName: string;
  readonly path: string;
  constructor(aspectName: string, path: string, problem: string) {
    super(`Invalid ${aspectName}${path ? ` at ${path}` : ''}: ${problem}`);
    this.name = 'AspectValidationError';
    this.aspectName = aspectName;
    this.path = path;
  }
}

/** A PATCH that cannot be applied: names the aspect, the operation and the path at fault. */
export class InvalidPatchError extends BadRequestError {
  readonly aspectName: string;
  constructor(aspectName: string, problem: string) {
    super(`Invalid patch of ${aspectName}: ${problem}`);
    this.name = 'InvalidPatchError';
    this.aspectName = aspectName;
  }
}

/**
 * A write DataHub's validators refuse before anything is written (a failed `If-Version-Match`,
 * `If-Modified-Since`/`If-Unmodified-Since`, or a CREATE of what exists). The message is composed as
 * DataHub composes it; `precondition` says whether a precondition header failed (OpenAPI answers
 * 412 then, other refusals 400; Rest.li answers 422 for both).
 */
export class WriteRefusedError extends CatalogError {
  readonly precondition: boolean;
  constructor(message: string, precondition: boolean) {
    super('CONFLICT', message);
    this.name = 'WriteRefusedError';
    this.precondition = precondition;
  }
}
