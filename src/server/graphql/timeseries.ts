/** Root resolvers for timeseries aspects (timeseries.graphql): reporting operations on datasets. */
import { reportOperation, type ReportOperationInput } from '../../ops/timeseries/operations.ts';
import type { GraphqlContext } from './resolvers.ts';
import type * as G from './schema.generated.ts';

export const timeseriesRoots = {
  reportOperation: ({ input }: { input: ReportOperationInput }, ctx: GraphqlContext) =>
    reportOperation({ store: ctx.store, actor: ctx.actor }, input),
} satisfies Partial<G.QueryRoots<GraphqlContext> & G.MutationRoots<GraphqlContext>>;
