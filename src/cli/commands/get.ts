import type { CommandModule } from 'yargs';
import { withStore } from '../openStore.ts';

interface GetArgs {
  data: string;
  urn: string;
  aspect?: string[];
  details?: boolean;
}

export const getCommand: CommandModule<object, GetArgs> = {
  command: 'get',
  describe: "Print an entity's aspects as `datahub get` does (JSON map of aspect name to value)",
  builder: (y) =>
    y
      .option('urn', { type: 'string', demandOption: true, describe: 'URN of the entity' })
      .option('aspect', { alias: 'a', type: 'string', array: true, describe: 'Only these aspects (repeatable)' })
      .option('details', {
        type: 'boolean',
        default: false,
        describe: 'Print created and systemMetadata with each value',
      })
      .example('$0 get --urn "urn:li:tag:Legacy" --aspect tagProperties', '') as never,
  handler: async (args) => {
    const [{ getEntity }, { sortedJson }] = await Promise.all([
      import('../../ops/entities/getEntity.ts'),
      import('../output.ts'),
    ]);
    await withStore(
      args.data,
      (store) => {
        const entity = getEntity(store, args.urn, args.aspect);
        if (!entity) {
          process.stderr.write(`urn ${args.urn} not found\n`);
          process.exitCode = 1;
          return;
        }
        const out: Record<string, unknown> = {};
        for (const [name, record] of entity.aspects) {
          out[name] = args.details
            ? { created: record.created, systemMetadata: record.systemMetadata ?? undefined, value: record.value }
            : record.value;
        }
        process.stdout.write(`${sortedJson(out)}\n`);
      },
      { readOnly: true },
    );
  },
};
