/** Root resolvers for assertions: upsertCustomAssertion, reportAssertionResult, assertion(urn), deleteAssertion (assertions.graphql). */
import {
  deleteAssertion,
  reportAssertionResult,
  upsertCustomAssertion,
  type AssertionResultInput,
  type UpsertCustomAssertionInput,
} from '../../ops/quality/assertions.ts';
import type { GraphqlContext } from './resolvers.ts';
import { entityRef, getTypedEntity } from './types/registry.ts';

const op = (ctx: GraphqlContext) => ({ store: ctx.store, actor: ctx.actor });

export const assertionRoots = {
  assertion: ({ urn }: { urn: string }, ctx: GraphqlContext) => getTypedEntity(ctx.store, urn, 'assertion'),
  upsertCustomAssertion: async ({ urn, input }: { urn?: string | null; input: UpsertCustomAssertionInput }, ctx: GraphqlContext) =>
    entityRef(ctx.store, await upsertCustomAssertion(op(ctx), urn, input)),
  reportAssertionResult: ({ urn, result }: { urn: string; result: AssertionResultInput }, ctx: GraphqlContext) =>
    reportAssertionResult(op(ctx), urn, result),
  deleteAssertion: ({ urn }: { urn: string }, ctx: GraphqlContext) => deleteAssertion(op(ctx), urn),
};
