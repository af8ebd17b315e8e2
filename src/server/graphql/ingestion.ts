/** Root resolvers for ingestion sources, invite tokens and roles (ingestion.graphql). */
import {
  createIngestionExecutionRequest,
  deleteIngestionSource,
  getExecutionRequest,
  getIngestionSource,
  listIngestionSources,
  upsertIngestionSource,
  type IngestionSourceInput,
  type ListIngestionSourcesInput,
} from '../../ops/admin/ingestionSources.ts';
import { acceptRole, createInviteToken, getInviteToken } from '../../ops/identity/inviteTokens.ts';
import { batchAssignRole, listRoles } from '../../ops/identity/roles.ts';
import type { OpContext } from '../../ops/core/context.ts';
import type { GraphqlContext } from './resolvers.ts';
import type * as G from './schema.generated.ts';
import { dataHubRoleView } from './types/dataHubRole.ts';
import { executionRequestView, ingestionSourceView } from './types/ingestionSource.ts';

type Args<T> = { input: T };

const op = (ctx: GraphqlContext): OpContext => ({ store: ctx.store, actor: ctx.actor });

export const ingestionRoots = {
  // ---- ingestion sources and their runs ----
  listIngestionSources: ({ input }: Args<ListIngestionSourcesInput>, ctx: GraphqlContext) => {
    const page = listIngestionSources(ctx.store, input);
    return {
      start: page.start,
      count: page.count,
      total: page.total,
      ingestionSources: page.urns.map((u) => ingestionSourceView(ctx.store, u)),
    };
  },
  ingestionSource: ({ urn }: { urn: string }, ctx: GraphqlContext) =>
    ingestionSourceView(ctx.store, getIngestionSource(ctx.store, urn)),
  executionRequest: ({ urn }: { urn: string }, ctx: GraphqlContext) =>
    executionRequestView(ctx.store, getExecutionRequest(ctx.store, urn)),
  createIngestionSource: ({ input }: Args<IngestionSourceInput>, ctx: GraphqlContext) =>
    upsertIngestionSource(op(ctx), null, input),
  updateIngestionSource: ({ urn, input }: { urn: string; input: IngestionSourceInput }, ctx: GraphqlContext) =>
    upsertIngestionSource(op(ctx), urn, input),
  deleteIngestionSource: ({ urn }: { urn: string }, ctx: GraphqlContext) => deleteIngestionSource(op(ctx), urn),
  createIngestionExecutionRequest: ({ input }: Args<{ ingestionSourceUrn: string }>, ctx: GraphqlContext) =>
    createIngestionExecutionRequest(ctx.store, input.ingestionSourceUrn),

  // ---- roles and invite tokens ----
  listRoles: (
    { input }: Args<{ start?: number | null; count?: number | null; query?: string | null }>,
    ctx: GraphqlContext,
  ) => {
    const page = listRoles(ctx.store, input);
    return {
      start: page.start,
      count: page.count,
      total: page.total,
      roles: page.urns.map((u) => dataHubRoleView(ctx.store, u)),
    };
  },
  batchAssignRole: ({ input }: Args<{ roleUrn?: string | null; actors: string[] }>, ctx: GraphqlContext) =>
    batchAssignRole(op(ctx), input.roleUrn, input.actors),
  getInviteToken: async ({ input }: Args<{ roleUrn?: string | null }>, ctx: GraphqlContext) => ({
    inviteToken: await getInviteToken(op(ctx), input.roleUrn),
  }),
  createInviteToken: async ({ input }: Args<{ roleUrn?: string | null }>, ctx: GraphqlContext) => ({
    inviteToken: await createInviteToken(op(ctx), input.roleUrn),
  }),
  acceptRole: ({ input }: Args<{ inviteToken: string }>, ctx: GraphqlContext) => acceptRole(op(ctx), input.inviteToken),
} satisfies Partial<G.QueryRoots<GraphqlContext> & G.MutationRoots<GraphqlContext>>;
