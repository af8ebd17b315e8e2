/**
 * `catalog pull`: the remote proves what it is before the data file is opened for writing; then the
 * summary line, the conflicts, exit 1 while any is left. `--dry-run` lists what a pull would do.
 */
import {
  DEFAULT_FAIL_SAFE_THRESHOLD,
  FailSafeError,
  percent,
  pull,
  PullStopped,
  type PullChange,
  type PullSummary,
} from '../../ops/sync/pull.ts';
import { pullBundle } from '../../ops/bundle/pull.ts';
import type { BundleRemote } from '../../ops/bundle/remote.ts';
import { normaliseSlice } from '../../ops/sync/local.ts';
import { redact } from '../../ops/sync/postgresConnection.ts';
import { remoteLabel } from '../../ops/sync/remotes.ts';
import { withStore } from '../openStore.ts';
import { startProgress } from '../progress.ts';
import { UsageError } from '../usageError.ts';
import { connectNamed, isRequestMistake, namedRemote, printConflicts, stopped, type RemoteArgs } from './remoteRun.ts';
import { sliceOf, type SliceArgs } from './remoteOptions.ts';

export interface PullRunArgs extends RemoteArgs, SliceArgs {
  data: string;
  remote: string;
  ours?: boolean;
  theirs?: boolean;
  dryRun?: boolean;
  failSafeThreshold?: number;
  json: boolean;
}

export async function runPull(args: PullRunArgs): Promise<void> {
  const threshold = args.failSafeThreshold ?? DEFAULT_FAIL_SAFE_THRESHOLD;
  if (!Number.isFinite(threshold) || threshold < 0 || threshold > 100)
    throw new UsageError('--fail-safe-threshold takes a percentage from 0 to 100');
  const slice = normaliseSlice(sliceOf(args));
  const resolve = args.ours ? 'ours' : args.theirs ? 'theirs' : undefined;
  const dryRun = args.dryRun === true;
  const named = await namedRemote(args.data, args.remote);
  const label = remoteLabel(named);
  const remote = await connectNamed('pull from', named, args, 'Nothing was written here.');
  const changes: PullChange[] = [];
  const would = { aspectsRemoved: 0 };
  const onChange = (c: PullChange) => {
    if (c.action === 'remove' && c.aspect) would.aspectsRemoved++;
    if (args.json) changes.push(c);
    else process.stdout.write(`would ${c.action} ${c.urn}${c.aspect ? ` ${c.aspect}` : ''}\n`);
  };
  let summary: PullSummary;
  try {
    summary = await withStore(
      args.data,
      async (store) => {
        // The remote's size is not known ahead: the bar counts entities against a growing total.
        const bar = startProgress(1, 'entities', 0);
        const run = remote.kind === 'bundle' ? pullBundle : pull;
        try {
          return await run(store, remote as BundleRemote, {
            slice,
            resolve,
            dryRun,
            failSafeThreshold: threshold,
            onChange,
            onPage: (s) => bar.update(s.entities),
          });
        } finally {
          bar.stop();
        }
      },
      // A pull into a path with no file makes it (a clone); a dry run reads only what is there.
      { readOnly: dryRun, create: !dryRun },
    );
  } catch (e) {
    const cause = e instanceof PullStopped ? e.cause : e;
    const committed = e instanceof PullStopped ? e.summary.committed : 0;
    if (cause instanceof FailSafeError) {
      throw stopped(
        `pull from ${label}`,
        named,
        cause,
        `Nothing was written here. If this is the remote you meant and the removals are meant, run the pull again with --fail-safe-threshold 100; \`catalog pull ${redact(args.remote)} --dry-run\` lists them first.`,
      );
    }
    if (committed === 0 && isRequestMistake(cause)) throw cause;
    throw stopped(
      `pull from ${label}`,
      named,
      e,
      committed > 0
        ? `${committed} changes written here before it stopped are kept; run the pull again to continue.`
        : 'Nothing was written here; the pull can be run again.',
    );
  } finally {
    await remote.close();
  }
  const shown = redact(args.remote);
  if (args.json) {
    const out = {
      remote: shown,
      ...(dryRun && { dryRun: true }),
      entities: summary.entities,
      removed: summary.removed,
      written: summary.written,
      unchanged: summary.unchanged,
      merged: summary.merged,
      conflicts: summary.conflicts,
      skipped: summary.skipped,
      ...(dryRun && { changes }),
      ...(summary.failSafe && { failSafe: summary.failSafe }),
      ...(summary.unlisted.length > 0 && { unlisted: summary.unlisted }),
    };
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  } else {
    printConflicts(summary.conflicts);
    for (const s of summary.skipped) process.stderr.write(`skipped ${s.urn} ${s.aspect}: ${s.reason}\n`);
    if (summary.unlisted.length > 0)
      process.stderr.write(
        `note: ${label} does not list entity types ${summary.unlisted.join(', ')}: their entities here were neither updated nor checked for removal\n`,
      );
    if (dryRun) {
      const written = summary.written - would.aspectsRemoved;
      process.stdout.write(
        `Dry run, nothing was written. A pull from ${shown} would bring ${summary.entities} entities; write ${written} aspects (${summary.merged} merged); remove ${would.aspectsRemoved} aspects and ${summary.removed} entities; leave ${summary.unchanged} unchanged and ${summary.conflicts.length} in conflict\n`,
      );
      const f = summary.failSafe;
      if (f)
        process.stderr.write(
          `The pull itself would stop before writing anything: the remote no longer holds ${f.gone} of the ${f.covered} entities this file last synced with it (${percent(f.gone, f.covered)}%), more than the fail-safe threshold of ${f.threshold}%. --fail-safe-threshold 100 lets it remove them.\n`,
        );
    } else {
      process.stdout.write(
        `Pulled from ${shown}: ${summary.entities} entities, ${summary.removed} entities removed, ${summary.written} aspects written, ${summary.unchanged} unchanged, ${summary.merged} merged, ${summary.conflicts.length} conflicts\n`,
      );
    }
  }
  if (summary.conflicts.length > 0 || summary.failSafe) {
    if (!args.json && summary.conflicts.length > 0) {
      process.stderr.write(
        dryRun
          ? 'A pull would leave the conflicting aspects as they are here and take everything else; --ours or --theirs would settle them.\n'
          : "Conflicting aspects were left as they are here; everything else was pulled. Settle them with --ours (keep this file's values) or --theirs (take the remote's), or edit them here and pull again: an aspect edited after this pull counts as settled, this file's value kept wherever both sides changed it.\n",
      );
    }
    process.exitCode = 1;
  }
}
