/**
 * A server's budget for the data file's pages it keeps mapped. Reads map the file's pages into the
 * process (and the kernel maps the pages around each one read: a dataset page read at random over a
 * large catalog maps 0.2–0.3 MB); read at random they would grow the resident set towards the whole
 * file. The server looks at the file pages it has resident (`RssFile`, the executable's own pages
 * included) every few requests and twice a second, and over the budget lets go of the data file's
 * (Store.releaseMappedPages): they stay in the page cache, and the next read of one costs a minor fault.
 * Checked by requests, the pages mapped past the budget are those of a few requests, whatever the rate;
 * on the timer alone a load mapped half a second of requests past it (over 100 MB at a thousand a second).
 */
import type { EventEmitter } from 'node:events';
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';

/**
 * `catalog serve --mapped-mb`'s default: the executable's own pages (53–67 MB resident after a load)
 * counted in, 13–27 MB left for the data file's. With the anonymous memory of a server read at random
 * over 100 000 datasets, about 100 MB, its whole RSS stays near 190 MB, under the 250 MB it is held
 * to (docs/stack.md); a smaller budget costs no requests measured (released more often, the pages
 * read again map back with a minor fault each).
 */
export const DEFAULT_MAPPED_MB = 80;

/** Requests between two checks of the resident file pages. */
export const REQUESTS_PER_CHECK = 8;

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
 * A reader of the file pages this process has resident, in bytes, for checks on the request path: the
 * third field of /proc/self/statm (file and shared-memory pages) read again through one descriptor,
 * about 10 µs a read where /proc/self/status opened each time costs ten times that. Undefined without
 * /proc (macOS, Windows).
 */
export function residentFileMeter(): { read(): number | undefined; close(): void } | undefined {
  let fd: number;
  try {
    fd = openSync('/proc/self/statm', 'r');
  } catch {
    return undefined;
  }
  const buffer = Buffer.alloc(160);
  const fields = (): string[] | undefined => {
    try {
      return buffer.toString('latin1', 0, readSync(fd, buffer, 0, buffer.length, 0)).split(' ');
    } catch {
      return undefined;
    }
  };
  // statm counts pages: the page size is the whole resident set in bytes over its count in pages.
  const first = fields();
  const pages = Number(first?.[1]);
  const pageSize = pages > 0 ? 2 ** Math.round(Math.log2(process.memoryUsage.rss() / pages)) : Number.NaN;
  if (!(pageSize >= 1024)) {
    closeSync(fd);
    return undefined;
  }
  let open = true;
  return {
    read: () => {
      const shared = open ? Number(fields()?.[2]) : Number.NaN;
      return Number.isFinite(shared) ? shared * pageSize : undefined;
    },
    close: () => {
      if (open) closeSync(fd);
      open = false;
    },
  };
}

/**
 * When `resident()` is over `bytes`, releases the store's mapped pages: checked every `everyMs`, and
 * every `requestsPerCheck` of `requests`' 'request' events (an http.Server). A budget of 0 (or none to
 * read) checks nothing. Returns the function that stops the checks.
 */
export function keepMappedPagesUnder(
  store: { releaseMappedPages(): boolean },
  bytes: number,
  options: {
    everyMs?: number;
    resident?: () => number | undefined;
    requests?: EventEmitter;
    requestsPerCheck?: number;
  } = {},
): () => void {
  if (!(bytes > 0)) return () => {};
  const meter = options.resident ? undefined : residentFileMeter();
  const resident = options.resident ?? meter?.read;
  if (!resident || resident() === undefined) {
    meter?.close();
    return () => {};
  }
  const check = () => {
    const now = resident();
    if (now !== undefined && now > bytes) store.releaseMappedPages();
  };
  const timer = setInterval(check, options.everyMs ?? 500);
  timer.unref();
  const every = options.requestsPerCheck ?? REQUESTS_PER_CHECK;
  let seen = 0;
  const onRequest = () => {
    if (++seen >= every) {
      seen = 0;
      check();
    }
  };
  options.requests?.on('request', onRequest);
  return () => {
    clearInterval(timer);
    options.requests?.off('request', onRequest);
    meter?.close();
  };
}
