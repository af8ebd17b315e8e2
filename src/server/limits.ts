/** Request limits shared by the REST and GraphQL adapters: list sizes and string lengths. */
import { HttpError } from './http.ts';
import type { ServerLimits } from './context.ts';

/**
 * Walks a parsed JSON value and fails with 413 at the first list longer than maxBatchItems or the
 * first string longer than maxStringLength, naming where it is.
 */
export function checkValueLimits(value: unknown, limits: ServerLimits, where: string): void {
  const stack: Array<[unknown, string]> = [[value, where]];
  while (stack.length > 0) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.length > limits.maxStringLength) {
        throw new HttpError(
          413,
          `${at}: a string of ${v.length} characters is over the limit of ${limits.maxStringLength} (--max-string-length)`,
        );
      }
    } else if (Array.isArray(v)) {
      if (v.length > limits.maxBatchItems) {
        throw new HttpError(
          413,
          `${at}: ${v.length} items are over the limit of ${limits.maxBatchItems} per request (--max-batch-items)`,
        );
      }
      v.forEach((x, i) => {
        stack.push([x, `${at}[${i}]`]);
      });
    } else if (typeof v === 'object' && v !== null) {
      for (const [k, x] of Object.entries(v)) stack.push([x, `${at}.${k}`]);
    }
  }
}
