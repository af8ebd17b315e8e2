/**
 * A full garbage collection on demand, for long walks that allocate much and keep little (a pull):
 * between two collections V8 lets the heap grow to a few times what is alive, and how far it lets
 * it grow rises with the length of the run, so a pull of 100 000 entities peaked far above a pull of
 * 10 000 with the same live data (docs/bundle.md, "A pull's memory"). Collecting every few thousand
 * entities keeps the heap near the live data whatever the count; a collection of the pull's heap
 * (some 30 MB alive) takes milliseconds.
 *
 * V8 gives the collector to code only under `--expose-gc`: the flag is set here at run time, and
 * a new context made after it carries `gc` (Node's documented use of v8.setFlagsFromString).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collector: (() => void) | null | undefined;

/** Runs a full garbage collection (a no-op where V8 does not give the collector). */
export function collectGarbage(): void {
  if (collector === undefined) {
    const own = (globalThis as { gc?: () => void }).gc;
    if (own) collector = own;
    else {
      setFlagsFromString('--expose-gc');
      const made: unknown = runInNewContext('typeof gc === "function" ? gc : null');
      collector = typeof made === 'function' ? (made as () => void) : null;
    }
  }
  collector?.();
}
