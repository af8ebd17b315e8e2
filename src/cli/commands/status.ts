import type { CommandModule } from 'yargs';
import { withStore } from '../openStore.ts';

interface StatusArgs {
  data: string;
  json: boolean;
}

export const statusCommand: CommandModule<object, StatusArgs> = {
  command: 'status',
  describe: 'List, per remote, the entities changed here and not pushed yet',
  builder: (y) => y.option('json', { type: 'boolean', default: false, describe: 'Print as JSON' }) as never,
  handler: async (args) => {
    const { syncStatus } = await import('../../ops/sync/compare.ts');
    await withStore(
      args.data,
      (store) => {
        const report = syncStatus(store);
        if (args.json) {
          process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
          return;
        }
        if (report.length === 0) process.stdout.write('No remotes: add one with `catalog remote add NAME URL|PATH`\n');
        for (const r of report) {
          process.stdout.write(
            `${r.remote === null ? r.location : `${r.remote} (${r.location})`}: ${r.entities.length === 0 ? 'nothing to push' : `${r.entities.length} entities with unpushed changes`}\n`,
          );
          for (const e of r.entities)
            process.stdout.write(
              `  ${e.urn}  ${e.aspects.map((a) => (e.removed.includes(a) ? `${a} (removed)` : a)).join(', ')}\n`,
            );
        }
      },
      { readOnly: true },
    );
  },
};
