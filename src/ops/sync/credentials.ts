/**
 * Where a remote's token comes from — never from the data file, which people ship:
 * 1. `--token` on the command line, for the remote that command names;
 * 2. `~/.catalog/credentials` (`CATALOG_CREDENTIALS` names another file): one line per remote,
 *    `NAME URL TOKEN`, used only for a remote of that name whose URL has the same origin (a shipped
 *    file whose remote of the same name points elsewhere never gets it). The file must be readable by
 *    its owner only (mode 0600): a looser one is refused, as ssh refuses a readable key;
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

interface Entry {
  name: string;
  url: string;
  token: string;
}

function readEntries(path: string): Entry[] {
  if (!existsSync(path)) return [];
  const mode = statSync(path).mode & 0o777;
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
    throw new BadRequestError(`${path} is readable by others (mode ${mode.toString(8).padStart(4, '0')}): it holds tokens, so it must be readable by its owner only; run: chmod 600 ${path}`);
  }
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .flatMap((l) => {
      const [name, url, token] = l.split(/\s+/);
      return name && url && token ? [{ name, url, token }] : [];
    });
}

/** The token for the remote at `location` (named `name`, when it has a name), or undefined. */
export function tokenFor(location: string, name: string | undefined, flag: string | undefined): string | undefined {
  if (flag) return flag;
  const where = origin(location);
  if (name) {
    const entry = readEntries(credentialsPath()).find((e) => e.name === name && origin(e.url) === where);
    if (entry) return entry.token;
  }
  const env = process.env['DATAHUB_GMS_TOKEN'];
  const envUrl = process.env['DATAHUB_GMS_URL'];
  if (env && (!envUrl || origin(envUrl) === where)) return env;
  return undefined;
}

/** Keeps a token for a remote in the credentials file (created with mode 0600). */
export function saveToken(name: string, url: string, token: string): string {
  const path = credentialsPath();
  const kept = readEntries(path).filter((e) => e.name !== name);
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const text = [...kept, { name, url, token }].map((e) => `${e.name} ${e.url} ${e.token}`).join('\n') + '\n';
  writeFileSync(path, text, { mode: 0o600 });
  chmodSync(path, 0o600);
  return path;
}
