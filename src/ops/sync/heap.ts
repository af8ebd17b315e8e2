/**
 * A full garbage collection when the heap has grown, for long walks that allocate much and keep
 * little (a pull): between two full collections V8 may let the heap grow to a few times what is
 * alive, the more the longer the run, so a pull of 100 000 entities could peak far above a pull of
 * 10 000 with the same live data (docs/bundle.md, "A pull's memory"). A walk asks between two pages
 * (`HeapGuard`): a full collection runs only once the process's resident memory grew by a margin,
 * measured, not on a count: a run that stays under it pays for no collection, a longer one is kept
 * near it whatever its length.
 *
 * V8 gives the collector to code only under `--expose-gc`: the flag is set here at run time, and
 * a new context made after it carries `gc` (Node's documented use of v8.setFlagsFromString).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collector: (() => void) | null | undefined;

/**
 * How far a walk's resident memory may grow above where it stood (at its first page, or after its
 * last collection) before it collects. The forced collections themselves cost: one every 1 000
 * entities made a pull of 100 000 spend a fifth more CPU (docs/bundle.md, "A pull's memory").
 */
const RSS_GROWTH = 32 * 2 ** 20;

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

/**
 * One walk's collections: `check` between two pages runs a full collection once the process's
 * resident memory grew more than `growth` bytes above where it stood at the first check, or after
 * the last collection (what a collection could not give back raises that mark: no collection runs
 * again before the memory grew as much once more).
 */
export class HeapGuard {
  private mark: number | undefined;

  constructor(private readonly growth = RSS_GROWTH) {}

  /** Answers whether it collected. */
  check(): boolean {
    const rss = process.memoryUsage.rss();
    if (this.mark === undefined) {
      this.mark = rss;
      return false;
    }
    if (rss - this.mark <= this.growth) return false;
    collectGarbage();
    this.mark = Math.max(this.mark, process.memoryUsage.rss());
    return true;
  }
}
