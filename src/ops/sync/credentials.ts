/**
 * Where a remote's token comes from — never from the data file, which people ship:
 * 1. `--token` on the command line, for the remote that command names;
 * 2. `~/.catalog/credentials` (`CATALOG_CREDENTIALS` names another file): one line per server,
 *    `URL TOKEN`, used only for a remote at that URL (origin and path, as the data file keeps it).
 *    Tokens are kept per server, not per remote name: two data files may both call their remote
 *    `team` and mean different servers. A line of an older release, `NAME URL TOKEN`, is read as
 *    `URL TOKEN` and rewritten so when the file is next written. The file must be readable by its
 *    owner only (mode 0600): a looser one is refused, as ssh refuses a readable key;
 * 3. env `DATAHUB_GMS_TOKEN`, sent only to the origin of `DATAHUB_GMS_URL` when that is set.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { BadRequestError } from '../../errors.ts';

export function credentialsPath(): string {
  return process.env['CATALOG_CREDENTIALS'] || join(homedir(), '.catalog', 'credentials');
}

const origin = (url: string): string | undefined => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/** A URL as the data file keeps a remote's location: origin and path, no trailing slash. */
const serverOf = (url: string): string | undefined => {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname.replace(/\/+$/, '')}`;
  } catch {
    return undefined;
  }
};

interface Entry {
  url: string;
  token: string;
}

/**
 * The credentials file's entries (none when there is no file). A file others can read is refused
 * before any token is read or written.
 */
export function readCredentials(path = credentialsPath()): Entry[] {
  if (!existsSync(path)) return [];
  const mode = statSync(path).mode & 0o777;
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
    throw new BadRequestError(
      `${path} is readable by others (mode ${mode.toString(8).padStart(4, '0')}): it holds tokens, so it must be readable by its owner only; run: chmod 600 ${path}`,
    );
  }
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .flatMap((l) => {
      const parts = l.split(/\s+/);
      // `URL TOKEN`, or an older release's `NAME URL TOKEN`.
      const [url, token] = parts.length >= 3 ? [parts[1], parts[2]] : [parts[0], parts[1]];
      return url && token ? [{ url, token }] : [];
    });
}

/** The token for the remote at `location`, or undefined. */
export function tokenFor(location: string, flag: string | undefined): string | undefined {
  if (flag) return flag;
  const server = serverOf(location);
  const entry = readCredentials()
    .reverse()
    .find((e) => serverOf(e.url) === server);
  if (entry) return entry.token;
  const env = process.env['DATAHUB_GMS_TOKEN'];
  const envUrl = process.env['DATAHUB_GMS_URL'];
  if (env && (!envUrl || origin(envUrl) === origin(location))) return env;
  return undefined;
}

function writeCredentials(path: string, entries: readonly Entry[]): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  writeFileSync(path, entries.map((e) => `${e.url} ${e.token}\n`).join(''), { mode: 0o600 });
  chmodSync(path, 0o600);
}

/**
 * Keeps a token for the server at `url` in the credentials file (created with mode 0600), replacing
 * the one kept for it before. Returns the file's path and a function that puts the file back as it
 * was (for a `remote add` whose write to the data file then fails).
 */
export function saveToken(url: string, token: string): { path: string; undo: () => void } {
  const path = credentialsPath();
  const before = existsSync(path) ? readFileSync(path) : undefined;
  const server = serverOf(url);
  const kept = readCredentials(path).filter((e) => serverOf(e.url) !== server);
  writeCredentials(path, [...kept, { url, token }]);
  return {
    path,
    undo: () => {
      if (before === undefined) writeCredentials(path, kept);
      else {
        writeFileSync(path, before, { mode: 0o600 });
        chmodSync(path, 0o600);
      }
    },
  };
}

/** Removes the token kept for the server at `url`; returns the file's path when there was one. */
export function forgetToken(url: string): string | undefined {
  const path = credentialsPath();
  const server = serverOf(url);
  const entries = readCredentials(path);
  const kept = entries.filter((e) => serverOf(e.url) !== server);
  if (kept.length === entries.length) return undefined;
  writeCredentials(path, kept);
  return path;
}
