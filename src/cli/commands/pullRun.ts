/** `catalog pull`: the summary line, the conflicts, exit 1 while any is left. */
import { pull, type PullSummary } from '../../ops/sync/pull.ts';
import { normaliseSlice } from '../../ops/sync/local.ts';
import { redact } from '../../ops/sync/postgresConnection.ts';
import type { Store } from '../../store/store.ts';
import { startProgress } from '../progress.ts';
import { printConflicts, withRemote, type RemoteArgs } from './remoteRun.ts';

export interface PullRunArgs extends RemoteArgs {
  remote: string;
  type?: string[];
  platform?: string;
  domain?: string;
  container?: string;
  tag?: string;
  urn?: string[];
  query?: string;
  ours?: boolean;
  theirs?: boolean;
  json: boolean;
}

export async function runPull(store: Store, args: PullRunArgs): Promise<void> {
  const slice = normaliseSlice({ types: args.type, platform: args.platform, domain: args.domain, container: args.container, tag: args.tag, urns: args.urn, query: args.query });
  const resolve = args.ours ? 'ours' : args.theirs ? 'theirs' : undefined;
  const summary: PullSummary = await withRemote(store, args.remote, args, async (remote) => {
    // The remote's size is not known ahead: the bar counts entities against a growing total.
    const bar = startProgress(1, 'entities', 0);
    try {
      return await pull(store, remote, { slice, resolve, onPage: (s) => bar.update(s.entities) });
    } finally {
      bar.stop();
    }
  });
  if (args.json) {
    process.stdout.write(`${JSON.stringify({ remote: redact(args.remote), entities: summary.entities, removed: summary.removed, written: summary.written, unchanged: summary.unchanged, merged: summary.merged, conflicts: summary.conflicts, skipped: summary.skipped }, null, 2)}\n`);
  } else {
    printConflicts(summary.conflicts);
    for (const s of summary.skipped) process.stderr.write(`skipped ${s.urn} ${s.aspect}: ${s.reason}\n`);
    process.stdout.write(`Pulled from ${redact(args.remote)}: ${summary.entities} entities, ${summary.removed} entities removed, ${summary.written} aspects written, ${summary.unchanged} unchanged, ${summary.merged} merged, ${summary.conflicts.length} conflicts\n`);
  }
  if (summary.conflicts.length > 0) {
    if (!args.json) process.stderr.write('Conflicting aspects were left as they are here; everything else was pulled. Settle them with --ours or --theirs, or edit and pull again.\n');
    process.exitCode = 1;
  }
}
