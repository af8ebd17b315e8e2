import type { CommandModule } from 'yargs';
import { UsageError } from '../usageError.ts';
import { withStore } from '../openStore.ts';

interface SearchArgs {
  data: string;
  query: string;
  type?: string[];
  filter?: string[];
  limit: number;
  json: boolean;
}

/** `field=value` (or `field!=value`) → one criterion; anything else is a usage error naming it. */
function criterionOf(text: string) {
  const m = /^([^=!]+)(!?=)(.*)$/.exec(text);
  if (!m || m[3] === '') throw new UsageError(`--filter "${text}": expected field=value or field!=value`);
  return { field: m[1]!.trim(), values: [m[3]!], condition: 'EQUAL' as const, negated: m[2] === '!=' };
}

export const searchCommand: CommandModule<object, SearchArgs> = {
  command: 'search <query>',
  describe:
    'Search the catalog offline, as searchAcrossEntities does (words, prefixes*, "phrases", field:value, * for all)',
  builder: (y) =>
    y
      .positional('query', { type: 'string', demandOption: true, describe: 'Query text; * matches everything' })
      .option('type', {
        type: 'string',
        array: true,
        describe: 'Only these entity types (dataset, chart, corpuser … or DATASET …; repeatable)',
      })
      .option('filter', {
        type: 'string',
        array: true,
        describe: 'field=value or field!=value (platform, tags, owners, origin …; repeatable, all must hold)',
      })
      .option('limit', { type: 'number', default: 10, describe: 'How many results to print' })
      .option('json', { type: 'boolean', default: false, describe: 'Print the results as JSON' })
      .example('$0 search users --type dataset --filter platform=urn:li:dataPlatform:hive', '')
      .example('$0 search "*" --filter tags=urn:li:tag:pii --json', '') as never,
  handler: async (args) => {
    if (!Number.isInteger(args.limit) || args.limit < 0)
      throw new UsageError(`--limit: expected a non-negative integer, got ${args.limit}`);
    const filters = (args.filter ?? []).map(criterionOf);
    const [{ searchEntities, hitSummaries }, { searchTypeOf }, { formatTable }] = await Promise.all([
      import('../../ops/search/search.ts'),
      import('../../ops/search/types.ts'),
      import('../output.ts'),
    ]);
    const types = (args.type ?? []).map(searchTypeOf);
    await withStore(
      args.data,
      (store) => {
        const page = searchEntities(store, {
          query: args.query,
          types,
          filters: filters.length ? [filters] : [],
          count: args.limit,
          skipAggregates: true,
          strictFields: true,
        });
        const summaries = hitSummaries(
          store,
          page.hits.map((h) => h.urn),
        );
        const results = page.hits.map((h, i) => ({
          urn: h.urn,
          type: h.entityType,
          name: summaries[i]!.name,
          platform: summaries[i]!.platform,
          score: Number(h.score.toFixed(3)),
          matchedFields: h.matchedFields,
        }));
        if (args.json) {
          process.stdout.write(`${JSON.stringify({ total: page.total, results }, null, 2)}\n`);
          return;
        }
        const rows = results.map((r) => [
          r.type,
          r.name,
          (r.platform ?? '').replace(/^urn:li:dataPlatform:/, ''),
          r.urn,
        ]);
        if (rows.length > 0) process.stdout.write(`${formatTable(['TYPE', 'NAME', 'PLATFORM', 'URN'], rows)}\n`);
        process.stdout.write(`${results.length} of ${page.total} result${page.total === 1 ? '' : 's'}\n`);
      },
      { readOnly: true },
    );
  },
};

export const reindexCommand: CommandModule<object, { data: string }> = {
  command: 'reindex',
  describe: 'Rebuild the search and relationships indexes of the data file from its aspects',
  handler: async (args) => {
    await withStore(args.data, (store) => {
      const started = performance.now();
      // Relationships first: that rebuild also gives any entity without an id its id, which keys its document.
      const relationships = store.reindexRelationships();
      const search = store.reindexSearch();
      const seconds = ((performance.now() - started) / 1000).toFixed(2);
      process.stdout.write(
        `Reindexed ${search.documents} entities and ${relationships.edges} relationships in ${seconds}s\n`,
      );
    });
  },
};
