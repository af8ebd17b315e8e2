/** Root resolvers for assertions: upsertCustomAssertion, reportAssertionResult, assertion(urn), deleteAssertion (assertions.graphql). */
import {
  deleteAssertion,
  reportAssertionResult,
  upsertCustomAssertion,
  type AssertionResultInput,
  type UpsertCustomAssertionInput,
} from '../../ops/quality/assertions.ts';
import type { GraphqlContext } from './resolvers.ts';
import type * as G from './schema.generated.ts';
import { getTypedEntity } from './types/registry.ts';
import { refAs, typed } from './types/shared.ts';

const op = (ctx: GraphqlContext) => ({ store: ctx.store, actor: ctx.actor });

export const assertionRoots = {
  assertion: ({ urn }: { urn: string }, ctx: GraphqlContext) =>
    typed<G.Assertion>(getTypedEntity(ctx.store, urn, 'assertion')),
  upsertCustomAssertion: async (
    { urn, input }: { urn?: string | null; input: UpsertCustomAssertionInput },
    ctx: GraphqlContext,
  ) => refAs<G.Assertion>(ctx.store, await upsertCustomAssertion(op(ctx), urn, input)),
  reportAssertionResult: ({ urn, result }: { urn: string; result: AssertionResultInput }, ctx: GraphqlContext) =>
    reportAssertionResult(op(ctx), urn, result),
  deleteAssertion: ({ urn }: { urn: string }, ctx: GraphqlContext) => deleteAssertion(op(ctx), urn),
} satisfies Partial<G.QueryRoots<GraphqlContext> & G.MutationRoots<GraphqlContext>>;
