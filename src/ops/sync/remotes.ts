/**
 * `catalog remote add|list|remove` and how a command's REMOTE argument becomes a remote: a name kept
 * in the data file, or a bare URL or path. The file keeps names and locations only; tokens live
 * outside it (credentials.ts), kept per server URL.
 *
 * A remote used by its bare URL or path is recorded in the file with its first sync write, under its
 * location as its name (`recordRemote`), so that `catalog status` lists what is not pushed there yet;
 * `remote add` of a name for the same location takes that record's place.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import { isKeyAspect } from '../../model/registry.ts';
import type { RemoteRecord, Store, StoreTxn, StoreView } from '../../store/store.ts';
import { HttpRemote } from '../../sync/remote/http.ts';
import { RemoteError, type Remote } from '../../sync/remote/types.ts';
import { forgetToken, readCredentials, saveToken, tokenFor } from './credentials.ts';
import { looksLikeBundle } from '../../bundle/format.ts';
import { BundleRemote, pushRefusal } from '../bundle/remote.ts';
import { FileRemote } from './fileRemote.ts';
import { isPostgresUrl, parsePostgresUrl, redact } from './postgresConnection.ts';
import { PostgresRemote } from './postgresRemote.ts';
import { entityTypeOf } from './local.ts';

const NAME = /^[A-Za-z][A-Za-z0-9._-]*$/;

export const isUrl = (s: string): boolean => /^https?:\/\//i.test(s);

/** `HOST:PORT` or `HOST:PORT/path`, the way a server is often written without its scheme. */
const HOST_PORT = /^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?:\d{1,5}(\/\S*)?$/;
/** Any `scheme://…`. */
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//;

/**
 * Refuses what looks like a URL but is none Catalog can reach: a scheme other than http, https or
 * postgres (`htp://…`), or a `HOST:PORT` without a scheme (it would be taken for a file name) — with
 * the URL meant when it can tell. An existing file of that name is a path all the same.
 */
function checkTarget(target: string): void {
  if (existsSync(target)) return;
  const scheme = SCHEME.exec(target)?.[1];
  if (scheme !== undefined && !/^(https?|postgres(ql)?)$/i.test(scheme)) {
    throw new BadRequestError(
      `${target}: a remote's URL starts with http:// or https:// (or postgres:// for DataHub's database), not ${scheme}://`,
    );
  }
  if (scheme === undefined && HOST_PORT.test(target)) {
    throw new BadRequestError(`${target} is neither a URL nor an existing data file; did you mean http://${target}?`);
  }
}

/** The location of a URL (its origin and path, no trailing slash, no credentials) or of a path (absolute). */
export function locationOf(target: string): string {
  checkTarget(target);
  if (isPostgresUrl(target)) {
    const t = parsePostgresUrl(target);
    if (t.password !== undefined)
      throw new BadRequestError(
        `${redact(target)}: put no password in a remote's URL (it would be kept in the data file); give it in PGPASSWORD or ~/.pgpass`,
      );
    return target;
  }
  if (isUrl(target)) {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      throw new BadRequestError(`${target} is not a valid URL`);
    }
    if (url.username || url.password)
      throw new BadRequestError(
        `${url.origin}: put no credentials in a remote's URL (they would be kept in the data file); use --token or the credentials file`,
      );
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  }
  return resolve(target);
}

export interface AddedRemote extends RemoteRecord {
  /** The credentials file the token went to, when one was given. */
  tokenPath?: string;
  /** The name existed already for this location: only its token was kept anew. */
  tokenOnly?: boolean;
}

/**
 * Names a remote in the data file, and keeps `token` for it (outside the file, per server URL) when
 * given: all or nothing — the credentials file is checked before anything is written, and put back
 * as it was when the data file then refuses the name. Adding a name that exists for the same URL
 * with a token keeps the new token (how a token is given to a remote named before).
 */
export async function addRemote(
  store: Store,
  name: string,
  target: string,
  options: { token?: string /** Only check that a token could be kept for it. */; withToken?: boolean } = {},
): Promise<AddedRemote> {
  if (!NAME.test(name) || isUrl(name))
    throw new BadRequestError(`"${name}" is not a remote name: a letter, then letters, digits, ".", "_" or "-"`);
  const record = { name, location: locationOf(target) };
  const withToken = options.token !== undefined || options.withToken === true;
  if (withToken && isPostgresUrl(record.location))
    throw new BadRequestError(
      `--token is for an HTTP remote; ${record.location} is a database, which takes its password from PGPASSWORD or ~/.pgpass`,
    );
  if (withToken && !isUrl(record.location))
    throw new BadRequestError(`--token is for a remote that is a URL; ${record.location} is a data file`);
  const exists = (found: RemoteRecord | undefined) => {
    if (!found) return;
    if (withToken && found.location === record.location) return;
    throw new BadRequestError(`remote ${name} exists already (${found.location}); remove it first`);
  };
  exists(store.getRemote(name));
  // Refused here (a credentials file others can read) before the data file is touched.
  const saved = options.token !== undefined ? saveToken(record.location, options.token) : undefined;
  try {
    const tokenOnly = await store.write((txn) => {
      const found = txn.getRemote(name);
      exists(found);
      if (found) return true;
      txn.putRemote(record);
      // The record kept for this location while it had no name: the name takes its place.
      if (txn.getRemote(record.location)?.location === record.location) txn.deleteRemote(record.location);
      return false;
    });
    return { ...record, ...(saved && { tokenPath: saved.path }), ...(tokenOnly && { tokenOnly }) };
  } catch (e) {
    saved?.undo();
    throw e;
  }
}

export interface RemovedRemote {
  bases: number;
  /** The credentials file a token was removed from (no other remote of the file uses that URL). */
  forgotToken?: string;
}

/**
 * Removes a remote's name, its bases (unless another name points at the same place), and the token
 * kept for its URL (unless another remote of this file uses it). A credentials file others can read
 * is refused before anything is written.
 */
export async function removeRemote(store: Store, name: string): Promise<RemovedRemote> {
  const named = store.getRemote(name);
  if (!named) throw new NotFoundError(`no remote named ${name}`);
  if (isUrl(named.location)) readCredentials();
  const { bases, shared } = await store.write((txn) => {
    const record = txn.getRemote(name);
    if (!record) throw new NotFoundError(`no remote named ${name}`);
    txn.deleteRemote(name);
    const shared = txn.remotes().some((r) => r.location === record.location);
    return { bases: shared ? 0 : txn.deleteSyncBases(record.location), shared };
  });
  const forgot = !shared && isUrl(named.location) ? forgetToken(named.location) : undefined;
  return { bases, ...(forgot && { forgotToken: forgot }) };
}

/** Inside a sync's first write: a remote no name points at is kept under its location, so status lists it. */
export function recordRemote(txn: StoreTxn, location: string): void {
  if (txn.remotes().some((r) => r.location === location)) return;
  txn.putRemote({ name: location, location });
}

/** Whether a record is one `recordRemote` kept (named by its location) rather than a name a user gave. */
export const isUnnamed = (r: RemoteRecord): boolean => r.name === r.location;

export interface ResolvedRemote {
  name: string | undefined;
  location: string;
  /** A database URL as given on the command line, which may carry its password (never kept). */
  connectUrl?: string;
}

/**
 * A command's REMOTE: a name in the file (`view`: the data file, when it exists), else a URL or the
 * path of an existing data file — never the data file `self` the command works on.
 */
export function resolveRemote(view: StoreView | undefined, arg: string | undefined, self?: string): ResolvedRemote {
  const resolved = resolveTarget(view, arg);
  if (self !== undefined && resolved.location === resolve(self))
    throw new BadRequestError(`${arg ?? resolved.location} is this data file itself: name another catalog`);
  return resolved;
}

function resolveTarget(view: StoreView | undefined, arg: string | undefined): ResolvedRemote {
  if (arg === undefined) {
    const all = view?.remotes() ?? [];
    if (all.length === 1) return { name: isUnnamed(all[0]!) ? undefined : all[0]!.name, location: all[0]!.location };
    throw new BadRequestError(
      all.length === 0
        ? 'no remote: name one (a URL or a data file) or add one with `catalog remote add NAME URL|PATH`'
        : `name a remote: ${all.map((r) => r.name).join(', ')}`,
    );
  }
  const named = view?.getRemote(arg);
  if (named) return { name: isUnnamed(named) ? undefined : named.name, location: named.location };
  if (isPostgresUrl(arg)) return { name: undefined, location: redact(arg), connectUrl: arg };
  checkTarget(arg);
  if (isUrl(arg)) return { name: undefined, location: locationOf(arg) };
  if (existsSync(arg)) return { name: undefined, location: locationOf(arg) };
  throw new NotFoundError(`${arg} is neither a remote of this file nor a URL nor an existing data file`);
}

/** How a remote is named in messages: `team (http://…)`, or its location alone. */
export function remoteLabel(remote: ResolvedRemote): string {
  return remote.name ? `${remote.name} (${remote.location})` : remote.location;
}

export interface ConnectOptions {
  token?: string;
  insecure?: boolean;
  /** Push opens a file remote read-write. */
  writable?: boolean;
  /** For a push (dry run or not): a bundle is refused. */
  push?: boolean;
}

/**
 * The remote, once it has proved what it is (`Remote.check`): a server answers as DataHub's does, a
 * database holds DataHub's table, a data file passes the store's open check. Otherwise a RemoteError
 * (or the database's own error) names it, and nothing was read or written.
 */
export async function connect(remote: ResolvedRemote, options: ConnectOptions): Promise<Remote> {
  let r: Remote;
  if (isPostgresUrl(remote.location)) {
    parsePostgresUrl(remote.connectUrl ?? remote.location);
    r = new PostgresRemote(remote.location, remote.connectUrl ?? remote.location, { entityTypeOf, isKeyAspect });
  } else if (isUrl(remote.location)) {
    r = new HttpRemote(remote.location, {
      token: tokenFor(remote.location, options.token),
      insecure: options.insecure,
      entityTypeOf,
      isKeyAspect,
    });
  } else if (remote.location.startsWith('bundle:')) {
    throw new BadRequestError(
      `${remote.location} is a catalog this file pulled bundles from, which cannot be reached: pull its next bundle (catalog pull FILE), or send it one with \`catalog bundle create FILE --since ${remote.location}\``,
    );
  } else if (looksLikeBundle(remote.location)) {
    if (options.push) throw new BadRequestError(pushRefusal(remote.location));
    r = new BundleRemote(remote.location);
  } else {
    if (!existsSync(remote.location)) throw new NotFoundError(`${remote.location}: no such data file`);
    try {
      r = new FileRemote(remote.location, options.writable ?? false);
    } catch (e) {
      throw new RemoteError(e instanceof Error ? e.message : String(e), remote.location, undefined, e);
    }
  }
  try {
    await r.check();
  } catch (e) {
    await r.close().catch(() => undefined);
    throw e;
  }
  return r;
}
