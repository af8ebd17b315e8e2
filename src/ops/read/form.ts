/**
 * Read models of forms (src/model/aspects/formInfo.ts, forms.ts): a form with DataHub's defaults
 * applied (type COMPLETION, no prompts, assigned to owners, a prompt not required), and the forms
 * assigned to an asset — incomplete, completed and the verifications — each prompt association with
 * its stamp. Values a client stored outside the checked shape (written before the shape was checked)
 * are read as absent.
 */
import formInfo, { type FORM_PROMPT_TYPES, FORM_TYPES } from '../../model/aspects/formInfo.ts';
import forms from '../../model/aspects/forms.ts';
import groupMembership from '../../model/aspects/groupMembership.ts';
import { nativeGroupMembership } from '../../model/aspects/storedAsGiven.ts';
import type { StoreView } from '../../store/store.ts';
import { aspectOf, stampOf, type StampRead } from './common.ts';

export type FormTypeName = (typeof FORM_TYPES)[number];
export type FormPromptTypeName = (typeof FORM_PROMPT_TYPES)[number];

export interface FormPromptRead {
  id: string;
  title: string;
  description: string | null;
  type: FormPromptTypeName;
  required: boolean;
  /** The structured property the prompt asks for, when it names one. */
  structuredPropertyUrn: string | null;
}

export interface FormInfoRead {
  name: string;
  description: string | null;
  type: FormTypeName;
  prompts: FormPromptRead[];
  actors: { owners: boolean; users: string[] | null; groups: string[] | null };
}

const strOr = (v: unknown, fallback: string): string => (typeof v === 'string' ? v : fallback);
const strOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const urns = (v: unknown): string[] | null =>
  Array.isArray(v) ? v.filter((u): u is string => typeof u === 'string') : null;

/** The form's info, or null when no formInfo is stored for it. */
export function readFormInfo(view: StoreView, urn: string): FormInfoRead | null {
  const info = aspectOf(view, urn, formInfo);
  if (!info) return null;
  const type = (FORM_TYPES as readonly string[]).includes(String(info.type)) ? info.type! : 'COMPLETION';
  return {
    name: strOr(info.name, ''),
    description: strOrNull(info.description),
    type,
    prompts: (info.prompts ?? []).map((p) => ({
      id: strOr(p.id, ''),
      title: strOr(p.title, ''),
      description: strOrNull(p.description),
      type: p.type,
      required: p.required === true,
      structuredPropertyUrn: strOrNull(p.structuredPropertyParams?.urn),
    })),
    actors: {
      owners: info.actors?.owners !== false,
      users: urns(info.actors?.users),
      groups: urns(info.actors?.groups),
    },
  };
}

export interface FormPromptAssociationRead {
  id: string;
  lastModified: StampRead;
  fieldAssociations: {
    completedFieldPrompts: { fieldPath: string; lastModified: StampRead }[] | null;
    incompleteFieldPrompts: { fieldPath: string; lastModified: StampRead }[] | null;
  } | null;
}

export interface FormAssociationRead {
  /** The form's urn. */
  urn: string;
  incompletePrompts: FormPromptAssociationRead[];
  completedPrompts: FormPromptAssociationRead[];
}

export interface FormsRead {
  incompleteForms: FormAssociationRead[];
  completedForms: FormAssociationRead[];
  verifications: { form: string; lastModified: StampRead | null }[];
}

type StoredPrompt = NonNullable<NonNullable<FormsStored['incompleteForms'][number]['incompletePrompts']>[number]>;
type FormsStored = NonNullable<ReturnType<typeof storedForms>>;
const storedForms = (view: StoreView, urn: string) => aspectOf(view, urn, forms);

function promptOf(p: StoredPrompt): FormPromptAssociationRead {
  const fields = p.fieldAssociations;
  const fieldList = (l: { fieldPath: string; lastModified: { time: number; actor: string } }[] | undefined) =>
    l ? l.map((f) => ({ fieldPath: f.fieldPath, lastModified: stampOf(f.lastModified) })) : null;
  return {
    id: p.id,
    lastModified: stampOf(p.lastModified),
    fieldAssociations: fields
      ? {
          completedFieldPrompts: fieldList(fields.completedFieldPrompts),
          incompleteFieldPrompts: fieldList(fields.incompleteFieldPrompts),
        }
      : null,
  };
}

function associationOf(a: FormsStored['incompleteForms'][number]): FormAssociationRead {
  return {
    urn: a.urn,
    incompletePrompts: (a.incompletePrompts ?? []).map(promptOf),
    completedPrompts: (a.completedPrompts ?? []).map(promptOf),
  };
}

/** The forms assigned to an asset, or null when it has no `forms` aspect. */
export function readForms(view: StoreView, urn: string): FormsRead | null {
  const f = storedForms(view, urn);
  if (!f) return null;
  return {
    incompleteForms: (f.incompleteForms ?? []).map(associationOf),
    completedForms: (f.completedForms ?? []).map(associationOf),
    verifications: (f.verifications ?? []).map((v) => ({
      form: v.form,
      lastModified: v.lastModified ? stampOf(v.lastModified) : null,
    })),
  };
}

/**
 * Whether `actor` is one of the users the form names, or a member of one of its groups (DataHub's
 * `isAssignedToMe`: ownership of the assets does not count).
 */
export function isAssignedTo(view: StoreView, info: FormInfoRead, actor: string): boolean {
  if (info.actors.users?.includes(actor)) return true;
  const groups = info.actors.groups;
  if (!groups || groups.length === 0) return false;
  const member = [
    ...(aspectOf(view, actor, groupMembership)?.groups ?? []),
    ...(aspectOf(view, actor, nativeGroupMembership)?.nativeGroups ?? []),
  ];
  return member.some((g) => groups.includes(g));
}
