/**
 * Root resolvers of the dataset page (datasetPage.graphql): the Schema tab's `getSchemaVersionList` and
 * `getSchemaBlame` (src/ops/timeline/schemaVersions.ts), the Lineage tab's `bulkEntityDataProducts`
 * (src/ops/read/datasetPage.ts). Each parses its input, calls one operation and shapes DataHub's
 * result types.
 */
import { readEntityDataProducts } from '../../ops/read/datasetPage.ts';
import { schemaBlame, schemaVersionList } from '../../ops/timeline/schemaVersions.ts';
import type { GraphqlContext } from './resolvers.ts';
import type * as G from './schema.generated.ts';
import { refAs } from './types/shared.ts';

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
  bulkEntityDataProducts: ({ input }: G.QuerybulkEntityDataProductsArgs, ctx: GraphqlContext) => ({
    entities: readEntityDataProducts(ctx.store, input.urns).map((e) => ({
      urn: e.urn,
      dataProductAssociations: e.dataProducts.map((d) => ({
        dataProduct: () => refAs<G.DataProduct>(ctx.store, d.dataProduct),
        isOutputPort: d.isOutputPort,
      })),
    })),
  }),
} satisfies Partial<G.QueryRoots<GraphqlContext>>;
