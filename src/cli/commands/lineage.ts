import type { CommandModule } from 'yargs';
import { UsageError } from '../usageError.ts';
import { withStore } from '../openStore.ts';

interface LineageArgs {
  data: string;
  urn: string;
  direction: 'upstream' | 'downstream';
  hops?: number;
  column?: string;
  json: boolean;
}

function checkHops(hops: number | undefined): void {
  if (hops !== undefined && (!Number.isInteger(hops) || hops < 1))
    throw new UsageError(`--hops: expected a positive integer, got ${hops}`);
}

export const lineageCommand: CommandModule<object, LineageArgs> = {
  command: 'lineage',
  describe: 'Print the entities upstream or downstream of an entity, offline, as `datahub lineage` does',
  builder: (y) =>
    y
      .option('urn', {
        type: 'string',
        demandOption: true,
        describe: 'Entity to trace (a dataset, chart, dashboard, data job … or a urn:li:schemaField column)',
      })
      .option('direction', {
        choices: ['upstream', 'downstream'] as const,
        default: 'upstream' as const,
        describe: 'Which way to walk; upstream by default, as `datahub lineage`',
      })
      .option('hops', {
        type: 'number',
        describe: 'Walk at most N hops (a dataset → job → dataset step is 2); default: every hop',
      })
      .option('column', { type: 'string', describe: 'Column-level lineage of this column of the dataset --urn names' })
      .option('json', {
        type: 'boolean',
        default: false,
        describe: 'Print JSON ({metadata, results}, as `datahub lineage --format json`)',
      })
      .example('$0 lineage --urn "urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)"', '')
      .example(
        '$0 lineage --urn "urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)" --direction downstream --hops 2 --json',
        '',
      )
      .example(
        '$0 lineage --urn "urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)" --column customer_id',
        '',
      ) as never,
  handler: async (args) => {
    checkHops(args.hops);
    if (args.column !== undefined && !args.urn.startsWith('urn:li:dataset:'))
      throw new UsageError('--column is only supported for dataset URNs.');
    const [{ traverseLineage }, { printLineage }, { makeUrn }] = await Promise.all([
      import('../../ops/lineage/lineage.ts'),
      import('./lineageRun.ts'),
      import('../../model/urn.ts'),
    ]);
    const urn = args.column !== undefined ? makeUrn('schemaField', args.urn, args.column) : args.urn;
    await withStore(
      args.data,
      (store) => {
        const result = traverseLineage(store, {
          urn,
          direction: args.direction,
          maxHops: args.hops ?? null,
          requireSource: true,
        });
        printLineage(store, result, args.json);
      },
      { readOnly: true },
    );
  },
};
