/** Small HTTP helpers shared by the GraphQL and REST adapters. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CatalogError } from '../errors.ts';
import { damageError } from '../ops/core/openCatalog.ts';

/** An error that carries its own HTTP status; turned into a JSON body by `sendError`. */
export class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
  }
}

/** Reads the whole body; answers 413 (without reading further) when it exceeds `limit` bytes. */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      reject(
        new HttpError(413, `Request body of ${declared} bytes exceeds the limit of ${limit} bytes (--max-body-bytes)`),
      );
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        reject(new HttpError(413, `Request body exceeds the limit of ${limit} bytes (--max-body-bytes)`));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Parses a JSON body; a syntax error is a 400 that says where. */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const body = (await readBody(req, limit)).toString('utf8');
  if (body.trim() === '') throw new HttpError(400, 'Request body is empty; expected JSON');
  try {
    return JSON.parse(body);
  } catch (e) {
    throw new HttpError(400, `Request body is not valid JSON: ${(e as Error).message}`);
  }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/**
 * The status for anything thrown while handling a request: client mistakes are 4xx (DataHub's
 * clients retry 5xx four times), and only our own faults are 500.
 */
export function statusOf(err: unknown): number {
  if (err instanceof HttpError) return err.status;
  if (err instanceof CatalogError) return err.code === 403 ? 403 : Math.min(err.code, 500);
  return 500;
}

/** Sends a Rest.li-style error body `{status, message}`; `status` defaults to {@link statusOf}. */
export function sendError(res: ServerResponse, given: unknown, status = statusOf(given)): void {
  // A damaged data file's error names the file and says what to do (docs/data-file.md §4).
  const err = damageError(given) ?? given;
  const message = status === 500 ? `Internal error: ${(err as Error)?.message ?? String(err)}` : (err as Error).message;
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendJson(res, status, { status, message });
}
