/**
 * How the REST routes turn the model's errors into statuses, in one place: a value that fails its
 * aspect's validation or a patch that cannot apply is 422 (GMS's status for validation failures),
 * any other BadRequestError is 400. Everything else is rethrown as is, for `sendError` to answer.
 */
import { AspectValidationError, BadRequestError, InvalidPatchError, locatedError } from '../../errors.ts';
import { HttpError } from '../http.ts';

/** Rethrows `e` with its REST status; `where`, when given, is where in the request it lies. */
export function asRestError(e: unknown, where?: string): never {
  if (!(e instanceof BadRequestError)) throw e;
  const message = where ? locatedError(e, { path: where }).message : e.message;
  throw new HttpError(e instanceof AspectValidationError || e instanceof InvalidPatchError ? 422 : 400, message);
}
