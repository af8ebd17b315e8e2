/** `catalog push`: plan, stop on conflicts before writing anything, then send under one runId. */
import { newRunId, planPush, sendPlan } from '../../ops/sync/push.ts';
import type { Store } from '../../store/store.ts';
import { PreconditionFailedError } from '../../sync/remote/types.ts';
import { startProgress } from '../progress.ts';
import { printConflicts, withRemote, type RemoteArgs } from './remoteRun.ts';

export interface PushRunArgs extends RemoteArgs {
  remote: string;
  dryRun: boolean;
  ours?: boolean;
  theirs?: boolean;
  json: boolean;
}

export async function runPush(store: Store, args: PushRunArgs): Promise<void> {
  const resolve = args.ours ? 'ours' : args.theirs ? 'theirs' : undefined;
  await withRemote(store, args.remote, { ...args, writable: !args.dryRun }, async (remote) => {
    const plan = await planPush(store, remote, { resolve });
    const out = (o: unknown) => process.stdout.write(`${JSON.stringify(o, null, 2)}\n`);
    if (plan.conflicts.length > 0) {
      plan.close();
      if (args.json) out({ remote: args.remote, written: 0, conflicts: plan.conflicts });
      else {
        printConflicts(plan.conflicts);
        process.stderr.write(`Push stopped before writing anything: ${plan.conflicts.length} conflicts. Settle them with --ours or --theirs, or edit and push again.\n`);
      }
      process.exitCode = 1;
      return;
    }
    if (args.dryRun) {
      const writes = (function* () {
        for (const e of plan.entries()) if (e.kind === 'write') yield e;
      })();
      try {
        if (args.json) out({ remote: args.remote, dryRun: true, writes: Array.from(writes, (w) => ({ urn: w.urn, aspect: w.aspectName, ifVersionMatch: w.ifVersionMatch ?? null, merged: w.merged !== undefined, delete: w.delete === true })) });
        else {
          for (const w of writes) process.stdout.write(`would ${w.delete ? 'delete' : 'send'} ${w.urn} ${w.aspectName}${w.merged !== undefined ? ' (merged)' : ''}\n`);
          process.stdout.write(`Dry run: ${plan.writes} aspects would be pushed to ${args.remote}\n`);
        }
      } finally {
        plan.close();
      }
      return;
    }
    const runId = newRunId();
    if (!args.json) process.stdout.write(`Pushing to ${args.remote} under runId ${runId}\n`);
    const bar = startProgress(plan.writes, 'aspects');
    let summary;
    try {
      summary = await sendPlan(store, remote, plan, runId, { onBatch: (n) => bar.update(n) });
    } catch (e) {
      if (e instanceof PreconditionFailedError) {
        process.stderr.write(`error: ${e.message}\nThe remote changed while pushing; what it acknowledged is recorded here. Run the push again.\n`);
        process.exitCode = 1;
        return;
      }
      throw e;
    } finally {
      bar.stop();
    }
    if (args.json) out({ remote: args.remote, runId, entities: summary.entities, sent: summary.sent, merged: summary.merged, deleted: summary.deleted, batches: summary.batches, behind: plan.behind });
    else {
      const deleted = summary.deleted > 0 ? `, ${summary.deleted} deleted` : '';
      process.stdout.write(`Pushed to ${args.remote}: ${summary.entities} entities, ${summary.sent} aspects sent, ${summary.merged} merged${deleted}, runId ${runId}\n`);
      if (plan.behind > 0) process.stdout.write(`${plan.behind} aspects changed on the remote only: pull to bring them here\n`);
    }
  });
}
