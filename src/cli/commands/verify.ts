import { resolve } from 'node:path';
import type { CommandModule } from 'yargs';

interface VerifyArgs {
  data: string;
  json: boolean;
}

export const verifyCommand: CommandModule<object, VerifyArgs> = {
  command: 'verify',
  describe:
    'Check the whole data file without writing to it: its structure, every value against its checksum, the indexes against the aspects, the sync bases; exit 1 with a report of what is wrong',
  builder: (y) =>
    y
      .option('json', { type: 'boolean', default: false, describe: 'Print the report as JSON' })
      .example(
        '$0 verify --data team-catalog.lmdb',
        'Exit 0 and one line when all is well; exit 1 naming each problem and what to do',
      ) as never,
  handler: async (args) => {
    const [{ verifyCatalog }, { printVerifyReport }, { startProgress }] = await Promise.all([
      import('../../ops/admin/verify.ts'),
      import('./verifyRun.ts'),
      import('../progress.ts'),
    ]);
    // A bar on a terminal for a large file, started once the walk knows how much there is to do.
    let bar: ReturnType<typeof startProgress> | undefined;
    const report = await verifyCatalog(resolve(args.data), {
      progress: (done, total) => {
        bar ??= startProgress(total, 'entries');
        bar.update(done);
      },
    }).finally(() => bar?.stop());
    printVerifyReport(report, args.json);
    if (!report.ok) process.exitCode = 1;
  },
};
