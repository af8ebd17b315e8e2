/**
 * Form: a form's info shaped as DataHub's FormMapper shapes it (src/ops/read/form.ts); and the
 * `forms` field of the asset types that have it (DataHub's entity.graphql), read when selected.
 */
import {
  isAssignedTo,
  readForms,
  readFormInfo,
  type FormAssociationRead,
  type FormInfoRead,
  type FormPromptAssociationRead,
} from '../../../ops/read/form.ts';
import type { StampRead } from '../../../ops/read/common.ts';
import type { StoreView } from '../../../store/store.ts';
import type * as G from '../schema.generated.ts';
import { asEnum, common, type EntityKind, nullInNonNull, refAs, type Shaped } from './shared.ts';

/** The urn entity types whose GraphQL type has `forms` (forms.graphql's `extend type`s). */
export const FORM_HOLDERS: ReadonlySet<string> = new Set([
  'dataset',
  'glossaryTerm',
  'glossaryNode',
  'container',
  'schemaField',
  'corpuser',
  'corpGroup',
  'dashboard',
  'chart',
  'dataFlow',
  'dataJob',
  'mlModel',
  'mlModelGroup',
  'mlFeature',
  'mlPrimaryKey',
  'mlFeatureTable',
  'domain',
  'dataProduct',
  'application',
]);

/** A `ResolvedAuditStamp`: the actor read when selected. */
const resolvedStamp = (view: StoreView, s: StampRead): G.ResolvedAuditStamp => ({
  time: s.time,
  actor: s.actor ? () => refAs<G.CorpUser>(view, s.actor!) : null,
});

/** `FormInfo`; `actor` is the caller, for `isAssignedToMe`. */
function infoView(view: StoreView, formUrn: string, info: FormInfoRead, actor: string): Shaped<G.FormInfo> {
  return {
    name: info.name,
    description: info.description,
    type: asEnum<G.FormType>(info.type),
    prompts: info.prompts.map((p) => ({
      id: p.id,
      title: p.title,
      formUrn,
      description: p.description,
      type: asEnum<G.FormPromptType>(p.type),
      required: p.required,
      structuredPropertyParams: p.structuredPropertyUrn
        ? { structuredProperty: () => refAs<G.StructuredPropertyEntity>(view, p.structuredPropertyUrn!) }
        : null,
    })),
    actors: {
      owners: info.actors.owners,
      users: info.actors.users ? () => info.actors.users!.map((u) => refAs<G.CorpUser>(view, u)) : null,
      groups: info.actors.groups ? () => info.actors.groups!.map((g) => refAs<G.CorpGroup>(view, g)) : null,
      isAssignedToMe: () => isAssignedTo(view, info, actor),
    },
  } as Shaped<G.FormInfo>;
}

/**
 * The form kind. `info` needs the caller (for `isAssignedToMe`), which the kind's `build` does not
 * get: `info` is a function of the GraphQL call, whose context names the actor.
 */
export const form: EntityKind = {
  typename: 'Form',
  enumValue: 'FORM',
  build: (view, urn) =>
    Object.assign(common(view, urn, form), {
      // Null when no formInfo is stored (see nullInNonNull).
      info: (_args: unknown, ctx: { actor: string }) => {
        const info = readFormInfo(view, urn);
        return nullInNonNull(info ? infoView(view, urn, info, ctx.actor) : null);
      },
    }),
};

function promptView(view: StoreView, p: FormPromptAssociationRead): G.FormPromptAssociation {
  const fields = p.fieldAssociations;
  const fieldList = (l: { fieldPath: string; lastModified: StampRead }[] | null) =>
    l ? l.map((f) => ({ fieldPath: f.fieldPath, lastModified: resolvedStamp(view, f.lastModified) })) : null;
  return {
    id: p.id,
    lastModified: resolvedStamp(view, p.lastModified),
    fieldAssociations: fields
      ? {
          completedFieldPrompts: fieldList(fields.completedFieldPrompts),
          incompleteFieldPrompts: fieldList(fields.incompleteFieldPrompts),
        }
      : null,
  };
}

function associationView(view: StoreView, urn: string, a: FormAssociationRead): G.FormAssociation {
  return {
    form: refAs<G.Form>(view, a.urn),
    associatedUrn: urn,
    incompletePrompts: a.incompletePrompts.map((p) => promptView(view, p)),
    completedPrompts: a.completedPrompts.map((p) => promptView(view, p)),
  };
}

/** `Forms` of an asset, or null when it has none. */
export function formsView(view: StoreView, urn: string): G.Maybe<G.Forms> {
  const f = readForms(view, urn);
  if (!f) return null;
  return {
    incompleteForms: f.incompleteForms.map((a) => associationView(view, urn, a)),
    completedForms: f.completedForms.map((a) => associationView(view, urn, a)),
    verifications: f.verifications.map((v) => ({
      form: refAs<G.Form>(view, v.form),
      lastModified: v.lastModified ? resolvedStamp(view, v.lastModified) : null,
    })),
  };
}

/** Adds `forms` to an entity's read model as a getter: read only when selected, a plain property to the compiled executor. */
function addForms<T extends object>(entity: T, view: StoreView, urn: string): T {
  return Object.defineProperty(entity, 'forms', { get: () => formsView(view, urn), enumerable: true });
}

/** The same entity kind, its read model carrying `forms`. */
export function withForms(kind: EntityKind): EntityKind {
  const { build, read } = kind;
  return {
    ...kind,
    build: (view, urn) => addForms(build(view, urn), view, urn),
    ...(read && { read: (view: StoreView, urn: string) => addForms(read(view, urn), view, urn) }),
  };
}
