/** Root resolvers for forms: form(urn), batchAssignForm, batchRemoveForm, createDynamicFormAssignment (forms.graphql). */
import {
  batchAssignForm,
  batchRemoveForm,
  createDynamicFormAssignment,
  type BatchFormInput,
  type DynamicFormAssignmentInput,
} from '../../ops/forms/forms.ts';
import type { GraphqlContext } from './resolvers.ts';
import type * as G from './schema.generated.ts';
import { getTypedEntity } from './types/registry.ts';
import { typed } from './types/shared.ts';

const op = (ctx: GraphqlContext) => ({ store: ctx.store, actor: ctx.actor });

export const formRoots = {
  form: ({ urn }: { urn: string }, ctx: GraphqlContext) => typed<G.Form>(getTypedEntity(ctx.store, urn, 'form')),
  batchAssignForm: ({ input }: { input: BatchFormInput }, ctx: GraphqlContext) => batchAssignForm(op(ctx), input),
  batchRemoveForm: ({ input }: { input: BatchFormInput }, ctx: GraphqlContext) => batchRemoveForm(op(ctx), input),
  createDynamicFormAssignment: ({ input }: { input: DynamicFormAssignmentInput }, ctx: GraphqlContext) =>
    createDynamicFormAssignment(op(ctx), input),
} satisfies Partial<G.QueryRoots<GraphqlContext> & G.MutationRoots<GraphqlContext>>;
