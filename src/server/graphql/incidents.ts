/** Root resolvers for incidents: incident(urn), raiseIncident, updateIncidentStatus, updateIncident (incidents.graphql). */
import {
  raiseIncident,
  updateIncident,
  updateIncidentStatus,
  type IncidentStatusInput,
  type RaiseIncidentInput,
  type UpdateIncidentInput,
} from '../../ops/quality/incidents.ts';
import type { GraphqlContext } from './resolvers.ts';
import type * as G from './schema.generated.ts';
import { getTypedEntity } from './types/registry.ts';
import { typed } from './types/shared.ts';

const op = (ctx: GraphqlContext) => ({ store: ctx.store, actor: ctx.actor });

export const incidentRoots = {
  incident: ({ urn }: { urn: string }, ctx: GraphqlContext) =>
    typed<G.Incident>(getTypedEntity(ctx.store, urn, 'incident')),
  raiseIncident: ({ input }: { input: RaiseIncidentInput }, ctx: GraphqlContext) => raiseIncident(op(ctx), input),
  updateIncidentStatus: ({ urn, input }: { urn: string; input: IncidentStatusInput }, ctx: GraphqlContext) =>
    updateIncidentStatus(op(ctx), urn, input),
  updateIncident: ({ urn, input }: { urn: string; input: UpdateIncidentInput }, ctx: GraphqlContext) =>
    updateIncident(op(ctx), urn, input),
} satisfies Partial<G.QueryRoots<GraphqlContext> & G.MutationRoots<GraphqlContext>>;
