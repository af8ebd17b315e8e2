/**
 * Root resolvers for secrets and connections (admin.graphql): each parses its arguments, calls one
 * operation (src/ops/admin/secrets.ts, src/ops/admin/connections.ts) and shapes the result.
 */
import { checkUrnSyntax, urnTypeOf } from '../../ops/core/resources.ts';
import {
  createSecret,
  deleteSecret,
  getSecretValues,
  listSecrets,
  updateSecret,
  type CreateSecretInput,
  type ListSecretsInput,
  type UpdateSecretInput,
} from '../../ops/admin/secrets.ts';
import {
  CONNECTION_TYPE,
  deleteConnection,
  getConnection,
  updateConnection,
  upsertConnection,
  type UpdateConnectionInput,
  type UpsertConnectionInput,
} from '../../ops/admin/connections.ts';
import type { StoreView } from '../../store/store.ts';
import type { GraphqlContext } from './resolvers.ts';
import type * as G from './schema.generated.ts';
import { refAs } from './types/shared.ts';

type Args<T> = { input: T };

const op = (ctx: GraphqlContext) => ({ store: ctx.store, actor: ctx.actor });

/** A connection's read model, or null when it is not stored whole (DataHub's ConnectionMapper). */
function connectionView(view: StoreView, urn: string): G.DataHubConnection | null {
  return getConnection(view, urn) ? refAs<G.DataHubConnection>(view, urn) : null;
}

/** A connection just written: stored whole in the write that returned its urn, so its read model. */
function writtenConnection(view: StoreView, urn: string): G.DataHubConnection {
  return refAs<G.DataHubConnection>(view, urn);
}

export const adminRoots = {
  // ---- secrets ----
  listSecrets: ({ input }: Args<ListSecretsInput>, ctx: GraphqlContext) => listSecrets(ctx.store, input),
  getSecretValues: ({ input }: Args<{ secrets: string[] }>, ctx: GraphqlContext) =>
    getSecretValues(ctx.store, input.secrets),
  createSecret: ({ input }: Args<CreateSecretInput>, ctx: GraphqlContext) => createSecret(op(ctx), input),
  updateSecret: ({ input }: Args<UpdateSecretInput>, ctx: GraphqlContext) => updateSecret(op(ctx), input),
  deleteSecret: ({ urn }: { urn: string }, ctx: GraphqlContext) => deleteSecret(op(ctx), urn),

  // ---- connections ----
  connection: ({ urn }: { urn: string }, ctx: GraphqlContext) => {
    checkUrnSyntax(urn);
    return urnTypeOf(urn) === CONNECTION_TYPE ? connectionView(ctx.store, urn) : null;
  },
  upsertConnection: async ({ input }: Args<UpsertConnectionInput>, ctx: GraphqlContext) =>
    writtenConnection(ctx.store, await upsertConnection(op(ctx), input)),
  updateConnection: async ({ input }: Args<UpdateConnectionInput>, ctx: GraphqlContext) =>
    writtenConnection(ctx.store, await updateConnection(op(ctx), input)),
  deleteConnection: ({ input }: Args<{ urn: string }>, ctx: GraphqlContext) => deleteConnection(op(ctx), input.urn),
} satisfies Partial<G.QueryRoots<GraphqlContext> & G.MutationRoots<GraphqlContext>>;
