/**
 * Root resolvers for entity versioning (versioning.graphql): `versionSet(urn)`, `linkAssetVersion`,
 * `unlinkAssetVersion`. Each parses its input, calls one operation (src/ops/versioning/versioning.ts) and answers
 * with the version set's read model — or null when nothing changed, as DataHub does.
 */
import {
  linkAssetVersion,
  unlinkAssetVersion,
  type LinkVersionInput,
  type UnlinkVersionInput,
} from '../../ops/versioning/versioning.ts';
import type { GraphqlContext } from './resolvers.ts';
import type * as G from './schema.generated.ts';
import { getTypedEntity } from './types/registry.ts';
import { versionSet } from './types/versionSet.ts';

export const versioningRoots = {
  versionSet: ({ urn }: { urn: string }, ctx: GraphqlContext) => getTypedEntity(ctx.store, urn, 'versionSet'),
  linkAssetVersion: async ({ input }: { input: LinkVersionInput }, ctx: GraphqlContext) => {
    const urn = await linkAssetVersion({ store: ctx.store, actor: ctx.actor }, input);
    return urn === null ? null : versionSet.build(ctx.store, urn);
  },
  unlinkAssetVersion: async ({ input }: { input: UnlinkVersionInput }, ctx: GraphqlContext) => {
    const urn = await unlinkAssetVersion({ store: ctx.store, actor: ctx.actor }, input);
    return urn === null ? null : versionSet.build(ctx.store, urn);
  },
} satisfies Partial<G.QueryRoots<GraphqlContext> & G.MutationRoots<GraphqlContext>>;
