/**
 * The REST door's errors, in one place: a value that fails its aspect's validation or a patch that
 * cannot apply is 422 (GMS's status for validation failures), any other client mistake its 4xx, and
 * only our own faults 500; the body is `{status, message}`. Routes only add where in the request a
 * mistake was ({@link atPath}); the message composed from that is the error's own.
 */
import type { ServerResponse } from 'node:http';
import {
  AspectValidationError,
  BadRequestError,
  InvalidPatchError,
  locatedError,
  WriteRefusedError,
} from '../../errors.ts';
import { sendError, statusOf } from '../http.ts';

/** The HTTP status of anything thrown by a REST route. */
export function restStatusOf(err: unknown): number {
  // A write DataHub's validators refuse (a failed precondition, a CREATE of what exists) is Rest.li's 422 too.
  return err instanceof AspectValidationError || err instanceof InvalidPatchError || err instanceof WriteRefusedError
    ? 422
    : statusOf(err);
}

/** Answers `{status, message}` for `err`. */
export function sendRestError(res: ServerResponse, err: unknown): void {
  sendError(res, err, restStatusOf(err));
}

/** `err` located at `path` of the request when it is a client mistake; anything else as it is. */
export function atPath(err: unknown, path: string): unknown {
  return err instanceof BadRequestError ? locatedError(err, { path }) : err;
}

/** Runs `fn`; a client mistake it throws is located at `path`. */
export function located<T>(path: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    throw atPath(e, path);
  }
}
