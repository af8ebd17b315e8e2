import type { CommandModule } from 'yargs';
import { withStore } from '../openStore.ts';
import { remoteOptions } from './remoteOptions.ts';

interface DiffArgs {
  data: string;
  remote?: string;
  json: boolean;
  token?: string;
  insecure: boolean;
}

export const diffCommand: CommandModule<object, DiffArgs> = {
  command: 'diff [remote]',
  describe: 'Show what differs between this file and a remote (exit 0 when the same, 1 when different)',
  builder: (y) =>
    y
      .positional('remote', { type: 'string', describe: 'A remote\'s name, a URL, or the path of a data file (default: the only remote)' })
      .option('json', { type: 'boolean', default: false, describe: 'One JSON document with every difference' })
      .options(remoteOptions) as never,
  handler: async (args) => {
    const [{ diffRemote }, { withRemote }] = await Promise.all([import('../../ops/sync/compare.ts'), import('./remoteRun.ts')]);
    const found: unknown[] = [];
    const counts = await withStore(
      args.data,
      (store) =>
        withRemote(store, args.remote, args, (remote) =>
          diffRemote(store, remote, (d) => {
            if (args.json) found.push({ urn: d.urn, kind: d.kind, aspects: d.aspects.map((a) => ({ aspect: a.aspect, changes: a.changes })) });
            else {
              const mark = d.kind === 'added' ? '+' : d.kind === 'removed' ? '-' : '~';
              process.stdout.write(`${mark} ${d.urn}${d.kind === 'added' ? ' (only here)' : d.kind === 'removed' ? ' (only on the remote)' : ''}\n`);
              for (const a of d.aspects) for (const line of a.lines) process.stdout.write(`    ${a.aspect}: ${line}\n`);
            }
          }),
        ),
      { readOnly: true },
    );
    if (args.json) process.stdout.write(`${JSON.stringify({ same: counts.different === 0, entities: found }, null, 2)}\n`);
    else if (counts.different === 0) process.stdout.write(`No differences (${counts.same} entities)\n`);
    if (counts.different > 0) process.exitCode = 1;
  },
};
