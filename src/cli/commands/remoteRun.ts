/** What the sync commands (remote, pull, push, diff, status) share: opening the remote, printing conflicts. */
import { canonicalJson } from '../../sync/canonical.ts';
import type { Remote } from '../../sync/remote/types.ts';
import type { SyncConflict } from '../../ops/sync/pull.ts';
import { connect, resolveRemote, type ConnectOptions, type ResolvedRemote } from '../../ops/sync/remotes.ts';
import type { Store } from '../../store/store.ts';

export interface RemoteArgs {
  token?: string;
  insecure?: boolean;
}

/** The remote a command names, connected; `run` gets it and it is closed afterwards. */
export async function withRemote<T>(store: Store, arg: string | undefined, args: RemoteArgs & Pick<ConnectOptions, 'writable'>, run: (remote: Remote, named: ResolvedRemote) => Promise<T>): Promise<T> {
  const named = resolveRemote(store, arg, store.path);
  const remote = connect(named, args);
  try {
    return await run(remote, named);
  } finally {
    await remote.close();
  }
}

const show = (v: unknown) => (v === undefined ? '(absent)' : canonicalJson(v));

/** Conflicts for people, one block each, on stderr. */
export function printConflicts(conflicts: readonly SyncConflict[]): void {
  for (const c of conflicts) {
    process.stderr.write(`CONFLICT ${c.urn} ${c.aspect}${c.path ? ` ${c.path}` : ''}\n  base:   ${show(c.base)}\n  local:  ${show(c.local)}\n  remote: ${show(c.remote)}\n`);
  }
}
