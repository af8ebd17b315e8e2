/**
 * A server's budget for the data file's pages it keeps mapped. Reads map the file's pages into the
 * process (and the kernel maps the pages around each one read); read at random over a large catalog
 * they would grow the resident set towards the whole file. Twice a second the server looks at the
 * file pages it has resident (`RssFile`, the executable's own pages included) and, over the budget,
 * lets go of the data file's (Store.releaseMappedPages): they stay in the page cache, and the next
 * read of one costs a minor fault.
 */
import { readFileSync } from 'node:fs';

/** `catalog serve --mapped-mb`'s default: the executable's code (about 50 MB) counted in, leaving room for the heap. */
export const DEFAULT_MAPPED_MB = 128;

/** The file pages this process has resident, in bytes (`RssFile` of /proc/self/status); undefined without one. */
export function residentFileBytes(): number | undefined {
  try {
    const m = /RssFile:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'latin1'));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every `everyMs`, when `resident()` is over `bytes`, releases the store's mapped pages. A budget of 0
 * (or none to read) checks nothing. Returns the function that stops the checks.
 */
export function keepMappedPagesUnder(
  store: { releaseMappedPages(): boolean },
  bytes: number,
  options: { everyMs?: number; resident?: () => number | undefined } = {},
): () => void {
  const resident = options.resident ?? residentFileBytes;
  if (!(bytes > 0) || resident() === undefined) return () => {};
  const timer = setInterval(() => {
    const now = resident();
    if (now !== undefined && now > bytes) store.releaseMappedPages();
  }, options.everyMs ?? 500);
  timer.unref();
  return () => clearInterval(timer);
}
