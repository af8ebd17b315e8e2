/**
 * `catalog push`: the remote proves what it is first; then plan, stop on conflicts before writing
 * anything, then send under one runId — the runId of an unfinished push to the same remote, if any.
 */
import { planPush, pushRunId, PushStopped, sendPlan, type PushPlan, type PushSummary } from '../../ops/sync/push.ts';
import { remoteLabel } from '../../ops/sync/remotes.ts';
import { PreconditionFailedError } from '../../sync/remote/types.ts';
import { withStore } from '../openStore.ts';
import { startProgress } from '../progress.ts';
import { connectNamed, isRequestMistake, namedRemote, printConflicts, stopped, type RemoteArgs } from './remoteRun.ts';

export interface PushRunArgs extends RemoteArgs {
  data: string;
  remote: string;
  dryRun: boolean;
  ours?: boolean;
  theirs?: boolean;
  json: boolean;
}

export async function runPush(args: PushRunArgs): Promise<void> {
  const resolve = args.ours ? 'ours' : args.theirs ? 'theirs' : undefined;
  const named = await namedRemote(args.data, args.remote);
  const label = remoteLabel(named);
  const what = `push to ${label}`;
  const remote = await connectNamed(
    'push to',
    named,
    { ...args, writable: !args.dryRun, push: true },
    'Nothing was written there or here.',
  );
  try {
    await withStore(
      args.data,
      async (store) => {
        let plan: PushPlan;
        try {
          plan = await planPush(store, remote, { resolve });
        } catch (e) {
          if (isRequestMistake(e)) throw e;
          throw stopped(what, named, e, 'Nothing was written there or here; the push can be run again.');
        }
        const out = (o: unknown) => process.stdout.write(`${JSON.stringify(o, null, 2)}\n`);
        if (plan.conflicts.length > 0) {
          plan.close();
          if (args.json) out({ remote: args.remote, written: 0, conflicts: plan.conflicts });
          else {
            printConflicts(plan.conflicts);
            process.stderr.write(
              `Push stopped before writing anything: ${plan.conflicts.length} conflicts. Settle them with --ours (send this file's values) or --theirs (take the remote's here), or pull first: it takes the rest, and an aspect edited here after that pull counts as settled.\n`,
            );
          }
          process.exitCode = 1;
          return;
        }
        if (args.dryRun) {
          const writes = (function* () {
            for (const e of plan.entries()) if (e.kind === 'write') yield e;
          })();
          try {
            if (args.json)
              out({
                remote: args.remote,
                dryRun: true,
                writes: Array.from(writes, (w) => ({
                  urn: w.urn,
                  aspect: w.aspectName,
                  ifVersionMatch: w.ifVersionMatch ?? null,
                  merged: w.merged !== undefined,
                  delete: w.delete === true,
                })),
              });
            else {
              for (const w of writes)
                process.stdout.write(
                  `would ${w.delete ? 'delete' : 'send'} ${w.urn} ${w.aspectName}${w.merged !== undefined ? ' (merged)' : ''}\n`,
                );
              process.stdout.write(`Dry run: ${plan.writes} aspects would be pushed to ${args.remote}\n`);
            }
          } finally {
            plan.close();
          }
          return;
        }
        const { runId, continued } = pushRunId(store, remote.location);
        if (!args.json) {
          process.stdout.write(
            continued
              ? `Continuing the unfinished push to ${args.remote} under its runId ${runId}\n`
              : `Pushing to ${args.remote} under runId ${runId}\n`,
          );
        }
        const bar = startProgress(plan.writes, 'aspects');
        let summary: PushSummary;
        try {
          summary = await sendPlan(store, remote, plan, runId, { onBatch: (n) => bar.update(n) });
        } catch (e) {
          if (!(e instanceof PushStopped)) throw stopped(what, named, e, 'Nothing was written there.');
          if (!e.sending && isRequestMistake(e.cause)) throw e.cause;
          const again = `Run the push again: it compares first, and continues under runId ${e.runId}.`;
          if (e.cause instanceof PreconditionFailedError) {
            throw stopped(
              what,
              named,
              e,
              `The remote changed while pushing: it acknowledged ${e.acknowledged} of ${e.planned} aspects, recorded here. ${again}`,
            );
          }
          if (!e.sending) throw stopped(what, named, e, 'Nothing was written there.');
          const cut = e.acknowledged < e.planned ? '; a batch cut off may have been written there too' : '';
          throw stopped(
            what,
            named,
            e,
            `The remote acknowledged ${e.acknowledged} of ${e.planned} aspects under runId ${e.runId}, recorded here${cut}. ${again}`,
          );
        } finally {
          bar.stop();
        }
        if (args.json)
          out({
            remote: args.remote,
            runId,
            ...(continued && { continued: true }),
            entities: summary.entities,
            sent: summary.sent,
            merged: summary.merged,
            deleted: summary.deleted,
            batches: summary.batches,
            behind: plan.behind,
          });
        else {
          const deleted = summary.deleted > 0 ? `, ${summary.deleted} deleted` : '';
          process.stdout.write(
            `Pushed to ${args.remote}: ${summary.entities} entities, ${summary.sent} aspects sent, ${summary.merged} merged${deleted}, runId ${runId}\n`,
          );
          if (plan.behind > 0)
            process.stdout.write(`${plan.behind} aspects changed on the remote only: pull to bring them here\n`);
        }
      },
      { readOnly: args.dryRun },
    );
  } finally {
    await remote.close();
  }
}
