/**
 * Typed errors thrown by the model, the store and the operations. Adapters turn them into their
 * own shapes in one place each: GraphQL `extensions {code, type}`, REST `{status, message}`, CLI
 * exit codes. The `code` follows DataHub's `DataHubGraphQLErrorCode` numbering.
 */
export type ErrorType = 'BAD_REQUEST' | 'UNAUTHORIZED' | 'NOT_FOUND' | 'CONFLICT' | 'PAYLOAD_TOO_LARGE' | 'SERVER_ERROR';

const CODES: Record<ErrorType, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  SERVER_ERROR: 500,
};

export class CatalogError extends Error {
  readonly type: ErrorType;
  readonly code: number;
  constructor(type: ErrorType, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CatalogError';
    this.type = type;
    this.code = CODES[type];
  }
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
  /** Index of the proposal in its batch, when a batch carried it. */
  index?: number;
  constructor(aspectName: string, problem: string) {
    super(`Invalid patch of ${aspectName}: ${problem}`);
    this.name = 'InvalidPatchError';
    this.aspectName = aspectName;
  }
}
