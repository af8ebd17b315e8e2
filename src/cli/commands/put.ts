import type { CommandModule } from 'yargs';
import type { Proposal } from '../../model/mcp.ts';
import { withStore } from '../openStore.ts';

interface PutArgs {
  data: string;
  urn: string;
  aspect: string;
  d: string;
}

export const putCommand: CommandModule<object, PutArgs> = {
  command: 'put',
  describe: 'Write one aspect of an entity from a JSON or YAML file (as `datahub put`)',
  builder: (y) =>
    y
      .option('urn', { type: 'string', demandOption: true, describe: 'URN of the entity' })
      .option('aspect', {
        alias: 'a',
        type: 'string',
        demandOption: true,
        describe: 'Aspect name, e.g. datasetProperties',
      })
      .option('d', {
        alias: 'aspect-data',
        type: 'string',
        demandOption: true,
        describe: 'File with the aspect value (JSON or YAML; - for stdin)',
      })
      .example('$0 put --urn urn:li:tag:pii --aspect tagProperties -d tag.json', '') as never,
  handler: async (args) => {
    const [
      { readStructured, parseFieldPath },
      { proposalFromMcp },
      { ingestProposals },
      { SYSTEM_ACTOR },
      { AspectValidationError, locatedError },
    ] = await Promise.all([
      import('../structuredInput.ts'),
      import('../../model/mcp.ts'),
      import('../../ops/ingest/ingestProposals.ts'),
      import('../../ops/core/context.ts'),
      import('../../errors.ts'),
    ]);
    const doc = await readStructured(args.d);
    let proposal: Proposal;
    try {
      proposal = proposalFromMcp({
        entityUrn: args.urn,
        changeType: 'UPSERT',
        aspectName: args.aspect,
        aspect: { json: doc.value },
      });
    } catch (e) {
      if (e instanceof AspectValidationError) throw locatedError(e, doc.locationOf(parseFieldPath(e.path)));
      throw e;
    }
    await withStore(args.data, (store) => ingestProposals({ store, actor: SYSTEM_ACTOR }, [proposal]), {
      create: true,
    });
    // The line `datahub put` prints, so scripts that check it keep working.
    process.stdout.write('Update succeeded with status 200\n');
  },
};
