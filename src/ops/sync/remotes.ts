/**
 * `catalog remote add|list|remove` and how a command's REMOTE argument becomes a remote: a name kept
 * in the data file, or a bare URL or path. The file keeps names and locations only; tokens live
 * outside it (credentials.ts).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import { isKeyAspect } from '../../model/registry.ts';
import type { RemoteRecord, Store, StoreView } from '../../store/store.ts';
import { HttpRemote } from '../../sync/remote/http.ts';
import type { Remote } from '../../sync/remote/types.ts';
import { tokenFor } from './credentials.ts';
import { FileRemote } from './fileRemote.ts';
import { isPostgresUrl, parsePostgresUrl, redact } from './postgresConnection.ts';
import { PostgresRemote } from './postgresRemote.ts';
import { entityTypeOf } from './local.ts';

const NAME = /^[A-Za-z][A-Za-z0-9._-]*$/;

export const isUrl = (s: string): boolean => /^https?:\/\//i.test(s);

/** The location of a URL (its origin and path, no trailing slash, no credentials) or of a path (absolute). */
export function locationOf(target: string): string {
  if (isPostgresUrl(target)) {
    const t = parsePostgresUrl(target);
    if (t.password !== undefined) throw new BadRequestError(`${redact(target)}: put no password in a remote's URL (it would be kept in the data file); give it in PGPASSWORD or ~/.pgpass`);
    return target;
  }
  if (isUrl(target)) {
    const url = new URL(target);
    if (url.username || url.password) throw new BadRequestError(`${url.origin}: put no credentials in a remote's URL (they would be kept in the data file); use --token or the credentials file`);
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  }
  return resolve(target);
}

/**
 * Names a remote in the data file. `withToken`: a token will be kept for it (outside the file), which
 * only a URL can use; checked before anything is written.
 */
export function addRemote(store: Store, name: string, target: string, options: { withToken?: boolean } = {}): Promise<RemoteRecord> {
  if (!NAME.test(name) || isUrl(name)) throw new BadRequestError(`"${name}" is not a remote name: a letter, then letters, digits, ".", "_" or "-"`);
  const record = { name, location: locationOf(target) };
  if (options.withToken && isPostgresUrl(record.location)) throw new BadRequestError(`--token is for an HTTP remote; ${record.location} is a database, which takes its password from PGPASSWORD or ~/.pgpass`);
  if (options.withToken && !isUrl(record.location)) throw new BadRequestError(`--token is for a remote that is a URL; ${record.location} is a data file`);
  return store.write((txn) => {
    if (txn.getRemote(name)) throw new BadRequestError(`remote ${name} exists already (${txn.getRemote(name)!.location}); remove it first`);
    txn.putRemote(record);
    return record;
  });
}

export function removeRemote(store: Store, name: string): Promise<{ bases: number }> {
  return store.write((txn) => {
    const record = txn.getRemote(name);
    if (!record) throw new NotFoundError(`no remote named ${name}`);
    txn.deleteRemote(name);
    // Its bases go too, unless another name points at the same place.
    const shared = txn.remotes().some((r) => r.location === record.location);
    return { bases: shared ? 0 : txn.deleteSyncBases(record.location) };
  });
}

export interface ResolvedRemote {
  name: string | undefined;
  location: string;
  /** A database URL as given on the command line, which may carry its password (never kept). */
  connectUrl?: string;
}

/**
 * A command's REMOTE: a name in the file, else a URL or the path of an existing data file — never the
 * data file `self` the command works on.
 */
export function resolveRemote(view: StoreView, arg: string | undefined, self?: string): ResolvedRemote {
  const resolved = resolveTarget(view, arg);
  if (self !== undefined && resolved.location === resolve(self)) throw new BadRequestError(`${arg ?? resolved.location} is this data file itself: name another catalog`);
  return resolved;
}

function resolveTarget(view: StoreView, arg: string | undefined): ResolvedRemote {
  if (arg === undefined) {
    const all = view.remotes();
    if (all.length === 1) return { name: all[0]!.name, location: all[0]!.location };
    throw new BadRequestError(all.length === 0 ? 'no remote: name one (a URL or a data file) or add one with `catalog remote add NAME URL|PATH`' : `name a remote: ${all.map((r) => r.name).join(', ')}`);
  }
  const named = view.getRemote(arg);
  if (named) return { name: named.name, location: named.location };
  if (isPostgresUrl(arg)) return { name: undefined, location: redact(arg), connectUrl: arg };
  if (isUrl(arg)) return { name: undefined, location: locationOf(arg) };
  if (existsSync(arg)) return { name: undefined, location: locationOf(arg) };
  throw new NotFoundError(`${arg} is neither a remote of this file nor a URL nor an existing data file`);
}

export interface ConnectOptions {
  token?: string;
  insecure?: boolean;
  /** Push opens a file remote read-write. */
  writable?: boolean;
}

export function connect(remote: ResolvedRemote, options: ConnectOptions): Remote {
  if (isPostgresUrl(remote.location)) {
    parsePostgresUrl(remote.connectUrl ?? remote.location);
    return new PostgresRemote(remote.location, remote.connectUrl ?? remote.location, { entityTypeOf, isKeyAspect });
  }
  if (isUrl(remote.location)) {
    return new HttpRemote(remote.location, {
      token: tokenFor(remote.location, remote.name, options.token),
      insecure: options.insecure,
      entityTypeOf,
      isKeyAspect,
    });
  }
  if (!existsSync(remote.location)) throw new NotFoundError(`${remote.location}: no such data file`);
  return new FileRemote(remote.location, options.writable ?? false);
}
