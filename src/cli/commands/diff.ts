import type { CommandModule } from 'yargs';
import { withStore } from '../openStore.ts';
import { remoteOptions, sliceOf, sliceOptions, type SliceArgs } from './remoteOptions.ts';

interface DiffArgs extends SliceArgs {
  data: string;
  remote?: string;
  json: boolean;
  token?: string;
  insecure: boolean;
}

export const diffCommand: CommandModule<object, DiffArgs> = {
  command: 'diff [remote]',
  describe:
    'Show what differs between this file and a remote, all of it or the slice a pull with the same filters would bring (exit 0 when the same, 1 when different)',
  builder: (y) =>
    y
      .positional('remote', {
        type: 'string',
        describe: "A remote's name, a URL, or the path of a data file (default: the only remote)",
      })
      .options(sliceOptions)
      .option('json', { type: 'boolean', default: false, describe: 'One JSON document with every difference' })
      .options(remoteOptions) as never,
  handler: async (args) => {
    const [{ diffRemote }, { withRemote }, { normaliseSlice }] = await Promise.all([
      import('../../ops/sync/compare.ts'),
      import('./remoteRun.ts'),
      import('../../ops/sync/local.ts'),
    ]);
    const slice = normaliseSlice(sliceOf(args));
    const found: unknown[] = [];
    let there = '';
    const counts = await withStore(
      args.data,
      (store) =>
        withRemote(store, args.remote, 'diff with', args, (remote, named) => {
          // The remote's side is called by its name (its location when it has none), this file's "here".
          there = named.name ?? named.location;
          let legend = !args.json;
          return diffRemote(
            store,
            remote,
            (d) => {
              if (args.json) {
                found.push({
                  urn: d.urn,
                  kind: d.kind,
                  aspects: d.aspects.map((a) => ({ aspect: a.aspect, changes: a.changes })),
                });
                return;
              }
              if (legend) {
                process.stdout.write(
                  `Comparing ${there} with here: "-" only on ${there}, "+" only here, "~ a (${there}) → b (here)"\n`,
                );
                legend = false;
              }
              const mark = d.kind === 'added' ? '+' : d.kind === 'removed' ? '-' : '~';
              process.stdout.write(
                `${mark} ${d.urn}${d.kind === 'added' ? ' (only here)' : d.kind === 'removed' ? ` (only on ${there})` : ''}\n`,
              );
              for (const a of d.aspects) for (const line of a.lines) process.stdout.write(`    ${a.aspect}: ${line}\n`);
            },
            { slice, sides: { before: there, after: 'here' } },
          );
        }),
      { readOnly: true },
    );
    // `before` of a change is the remote's value, `after` this file's.
    if (args.json)
      process.stdout.write(
        `${JSON.stringify({ same: counts.different === 0, remote: there, before: there, after: 'here', entities: found }, null, 2)}\n`,
      );
    else if (counts.different === 0) process.stdout.write(`No differences with ${there} (${counts.same} entities)\n`);
    if (counts.different > 0) process.exitCode = 1;
  },
};
