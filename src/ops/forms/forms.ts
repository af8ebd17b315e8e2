/**
 * Forms assigned to assets, as DataHub's FormService does it for `batchAssignForm`,
 * `batchRemoveForm` and `createDynamicFormAssignment`. Assigning adds the form to each asset's
 * `forms` aspect as incomplete, every prompt of the form incomplete and stamped now by the actor; an
 * asset that has the form already (complete or not) is left as it is. Removing takes the form out of
 * both lists; an asset without it is left as it is. A dynamic assignment stores the filter on the
 * form (`dynamicFormAssignment`): DataHub applies it to matching assets in the background, which the
 * catalog does not. The form and every asset must exist; all in one transaction, nothing written on
 * a refusal. Messages are DataHub's where it has one.
 */
import { BadRequestError } from '../../errors.ts';
import forms, { type FormAssociation, type Forms } from '../../model/aspects/forms.ts';
import formInfo from '../../model/aspects/formInfo.ts';
import type { StoreTxn } from '../../store/store.ts';
import { nowOf, type OpContext } from '../core/context.ts';
import { checkUrnSyntax, latestAspect, readAspect, urnTypeOf } from '../core/resources.ts';
import { writeAspect, type WriteStamp } from '../core/writeAspect.ts';
import { isCondition } from '../search/types.ts';

export interface BatchFormInput {
  formUrn: string;
  entityUrns: readonly string[];
}

/** A criterion of a dynamic assignment's filter, as DataHub's FacetFilterInput gives it. */
export interface FormFilterCriterion {
  field: string;
  values?: readonly string[] | null;
  value?: string | null;
  condition?: string | null;
  negated?: boolean | null;
}

export interface DynamicFormAssignmentInput {
  formUrn: string;
  orFilters: readonly { and?: readonly FormFilterCriterion[] | null }[];
}

/** The form must be a form urn with something stored for it (DataHub's verifyEntityExists). */
function checkForm(txn: StoreTxn, formUrn: string): void {
  checkUrnSyntax(formUrn);
  if (urnTypeOf(formUrn) !== 'form') throw new BadRequestError(`${formUrn} is not a form urn`);
  if (!txn.entityExists(formUrn))
    throw new BadRequestError(`Entity ${formUrn} does not exist. Skipping batch form assignment`);
}

function checkEntities(txn: StoreTxn, entityUrns: readonly string[]): string[] {
  for (const urn of entityUrns) {
    checkUrnSyntax(urn);
    if (!txn.entityExists(urn))
      throw new BadRequestError(`Issue verifying whether entity exists when assigning form to it. Entity urn: ${urn}`);
  }
  return [...new Set(entityUrns)];
}

const emptyForms = (): Forms => ({ incompleteForms: [], completedForms: [] });

const stampOf = (ctx: OpContext): WriteStamp => ({ actor: ctx.actor, time: nowOf(ctx) });

/** `batchAssignForm`: the form, with all its prompts incomplete, on each asset that does not have it yet. */
export async function batchAssignForm(ctx: OpContext, input: BatchFormInput): Promise<boolean> {
  const stamp = stampOf(ctx);
  return ctx.store.write((txn) => {
    checkForm(txn, input.formUrn);
    const info = latestAspect(txn, input.formUrn, formInfo);
    if (!info) throw new BadRequestError(`Form ${input.formUrn} has no formInfo: a form is assigned with its prompts`);
    for (const urn of checkEntities(txn, input.entityUrns)) {
      const value = readAspect(txn, urn, forms, emptyForms());
      const has = (list: FormAssociation[] | undefined) => (list ?? []).some((f) => f.urn === input.formUrn);
      if (has(value.incompleteForms) || has(value.completedForms)) continue;
      const lastModified = { time: stamp.time, actor: stamp.actor };
      value.incompleteForms = [
        ...(value.incompleteForms ?? []),
        {
          urn: input.formUrn,
          incompletePrompts: (info.prompts ?? []).map((p) => ({ id: p.id, lastModified })),
          completedPrompts: [],
        },
      ];
      value.completedForms ??= [];
      writeAspect(txn, stamp, urn, forms.name, value);
    }
    return true;
  });
}

/** `batchRemoveForm`: the form taken off each asset, complete or not. */
export async function batchRemoveForm(ctx: OpContext, input: BatchFormInput): Promise<boolean> {
  const stamp = stampOf(ctx);
  return ctx.store.write((txn) => {
    checkForm(txn, input.formUrn);
    for (const urn of checkEntities(txn, input.entityUrns)) {
      const value = readAspect(txn, urn, forms, undefined);
      if (!value) continue;
      const keep = (list: FormAssociation[] | undefined) => (list ?? []).filter((f) => f.urn !== input.formUrn);
      const incompleteForms = keep(value.incompleteForms);
      const completedForms = keep(value.completedForms);
      if (
        incompleteForms.length === (value.incompleteForms ?? []).length &&
        completedForms.length === (value.completedForms ?? []).length
      )
        continue;
      writeAspect(txn, stamp, urn, forms.name, { ...value, incompleteForms, completedForms });
    }
    return true;
  });
}

/**
 * `createDynamicFormAssignment`: the filter stored on the form as its `dynamicFormAssignment`
 * (DataHub's Filter: `or` of `and` criteria, each with field, values, condition and negated).
 */
export async function createDynamicFormAssignment(ctx: OpContext, input: DynamicFormAssignmentInput): Promise<boolean> {
  const stamp = stampOf(ctx);
  const or = input.orFilters.map((group, g) => ({
    and: (group.and ?? []).map((c, i) => {
      const condition = c.condition ?? 'EQUAL';
      if (!isCondition(condition))
        throw new BadRequestError(`orFilters[${g}].and[${i}].condition: unknown condition ${condition}`);
      const values = c.values ?? (c.value != null ? [c.value] : []);
      return { field: c.field, values: [...values], condition, negated: c.negated === true };
    }),
  }));
  return ctx.store.write((txn) => {
    checkUrnSyntax(input.formUrn);
    if (urnTypeOf(input.formUrn) !== 'form') throw new BadRequestError(`${input.formUrn} is not a form urn`);
    if (!txn.entityExists(input.formUrn))
      throw new BadRequestError(`Form ${input.formUrn} does not exist. Skipping dynamic form assignment`);
    writeAspect(txn, stamp, input.formUrn, 'dynamicFormAssignment', { filter: { or } });
    return true;
  });
}
