/**
 * Root resolvers of the dataset page's Schema tab (datasetPage.graphql): `getSchemaVersionList` and
 * `getSchemaBlame`. Each parses its input, calls one operation (src/ops/timeline/schemaVersions.ts)
 * and shapes DataHub's result types.
 */
import { schemaBlame, schemaVersionList } from '../../ops/timeline/schemaVersions.ts';
import type { GraphqlContext } from './resolvers.ts';
import type * as G from './schema.generated.ts';

export const datasetPageRoots = {
  getSchemaVersionList: ({ input }: G.QuerygetSchemaVersionListArgs, ctx: GraphqlContext) =>
    schemaVersionList(ctx.store, input.datasetUrn),
  getSchemaBlame: ({ input }: G.QuerygetSchemaBlameArgs, ctx: GraphqlContext) => {
    const blame = schemaBlame(ctx.store, input.datasetUrn, input.version);
    return {
      version: blame.version,
      schemaFieldBlameList:
        blame.schemaFieldBlameList?.map(({ fieldPath, ...change }) => ({ fieldPath, schemaFieldChange: change })) ??
        null,
    };
  },
} satisfies Partial<G.QueryRoots<GraphqlContext>>;
