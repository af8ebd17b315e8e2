/**
 * What the sync commands (remote, pull, push, diff, status) share: finding and connecting the remote
 * (which proves what it is before the data file is opened for writing), printing conflicts, and the
 * words of a failure — which remote, what went wrong, and what was written before it did.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { CatalogError } from '../../errors.ts';
import { damageError } from '../../ops/core/openCatalog.ts';
import { canonicalJson } from '../../sync/canonical.ts';
import { RemoteAuthError, RemoteUnreachableError, type Remote } from '../../sync/remote/types.ts';
import type { SyncConflict } from '../../ops/sync/pull.ts';
import {
  connect,
  remoteLabel,
  resolveRemote,
  type ConnectOptions,
  type ResolvedRemote,
} from '../../ops/sync/remotes.ts';
import type { Store } from '../../store/store.ts';
import { withStore } from '../openStore.ts';

export interface RemoteArgs {
  token?: string;
  insecure?: boolean;
}

/** A sync command that failed, with the whole story in its message (printed as `error: …`, exit 1). */
export class SyncCommandError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'SyncCommandError';
  }
}

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e)).replace(/[.\s]+$/, '');

/**
 * One of our typed errors (a database's wrong password or silence, a slice a remote cannot serve, a
 * push a remote refuses, a local data file that cannot be opened): its message already says what and
 * where, so when it came before anything was written it is reported as it is.
 */
export const isRequestMistake = (e: unknown): boolean => e instanceof CatalogError;

/**
 * `what` (e.g. `pull from team (http://…)`) stopped because of `e`; `after` says what was written.
 * A 401 adds how to give a token.
 */
export function stopped(what: string, named: ResolvedRemote, e: unknown, after: string): SyncCommandError {
  const cause = e instanceof Error && e.cause instanceof RemoteAuthError ? e.cause : e;
  let hint = '';
  if (cause instanceof RemoteAuthError && cause.status === 401) {
    hint = ` Give a token with --token TOKEN, keep one for this server with \`catalog remote add ${named.name ?? 'NAME'} ${named.location} --token TOKEN\`, or set DATAHUB_GMS_TOKEN.`;
  }
  // A damaged file remote (or this file) is named, with what to do about it.
  const damaged = damageError(e);
  return new SyncCommandError(
    `${what} stopped: ${damaged ? damaged.message.replace(/\.$/, '') : messageOf(e)}.${hint} ${after}`,
    e,
  );
}

/**
 * The remote a command names, read from the data file without opening it for writing (a name is
 * looked up read-only; a URL or path needs no file at all).
 */
export async function namedRemote(dataPath: string, arg: string | undefined): Promise<ResolvedRemote> {
  const path = resolve(dataPath);
  if (!existsSync(path)) return resolveRemote(undefined, arg, path);
  return withStore(path, (store) => resolveRemote(store, arg, path), { readOnly: true });
}

/** Whether a failure is the network's (no answer, or an answer cut off), which running again may get past. */
export const isNetworkFailure = (e: unknown): boolean => e instanceof RemoteUnreachableError;

/**
 * Connects a named remote; a remote that does not prove what it is stops `what` (`pull from`, …) with
 * nothing written (`nothing` says where), and a remote that did not answer may be tried again.
 */
export async function connectNamed(
  what: string,
  named: ResolvedRemote,
  args: RemoteArgs & Pick<ConnectOptions, 'writable' | 'push'>,
  nothing: string,
): Promise<Remote> {
  try {
    return await connect(named, args);
  } catch (e) {
    if (isRequestMistake(e)) throw e;
    const verb = what.split(' ')[0];
    throw stopped(
      `${what} ${remoteLabel(named)}`,
      named,
      e,
      isNetworkFailure(e) ? `${nothing.replace(/\.$/, '')}; run the ${verb} again once it answers.` : nothing,
    );
  }
}

/** The remote a command names, connected; `run` gets it and it is closed afterwards. */
export async function withRemote<T>(
  store: Store,
  arg: string | undefined,
  what: string,
  args: RemoteArgs & Pick<ConnectOptions, 'writable'>,
  run: (remote: Remote, named: ResolvedRemote) => Promise<T>,
): Promise<T> {
  const named = resolveRemote(store, arg, store.path);
  const remote = await connectNamed(what, named, args, 'Nothing was written.');
  try {
    return await run(remote, named);
  } catch (e) {
    if (isRequestMistake(e)) throw e;
    throw stopped(`${what} ${remoteLabel(named)}`, named, e, 'Nothing was written.');
  } finally {
    await remote.close();
  }
}

const show = (v: unknown) => (v === undefined ? '(absent)' : canonicalJson(v));

/** Conflicts for people, one block each, on stderr. */
export function printConflicts(conflicts: readonly SyncConflict[]): void {
  for (const c of conflicts) {
    process.stderr.write(
      `CONFLICT ${c.urn} ${c.aspect}${c.path ? ` ${c.path}` : ''}\n  base:   ${show(c.base)}\n  local:  ${show(c.local)}\n  remote: ${show(c.remote)}\n`,
    );
  }
}
