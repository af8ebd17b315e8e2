/**
 * User upsert (`catalog user upsert`), writing the aspects DataHub's CLI writes
 * (docs/datahub/rest-cli.md §4.1, §6.1) without its data loss (docs/design.md §2.5): DataHub writes either
 * corpUserEditableInfo or corpUserInfo, dropping the other's fields; we write each aspect whose
 * fields were given. An upsert replaces the user's information aspects.
 */
import { BadRequestError } from '../../errors.ts';
import { validateUrn } from '../../model/registry.ts';
import type { StoreTxn } from '../../store/store.ts';
import { nowOf, type OpContext } from '../core/context.ts';
import { writeAspect, type WriteStamp } from '../core/writeAspect.ts';

export interface UserSpec {
  id: string;
  displayName?: string;
  email?: string;
  title?: string;
  managerUrn?: string;
  departmentId?: number;
  departmentName?: string;
  firstName?: string;
  lastName?: string;
  fullName?: string;
  countryCode?: string;
  groups?: string[];
  description?: string;
  slack?: string;
  pictureLink?: string;
  phone?: string;
}

export interface UpsertOptions {
  /** Write the editable (UI-side) aspect even when no editable-only field is given. */
  overrideEditable?: boolean;
}

/** PDL default of corpUserEditableInfo.pictureLink, as the Python client fills it in. */
export const DEFAULT_USER_PICTURE = 'assets/platforms/default_avatar.png';

/** `urn:li:corpuser:<id>`, unless the id already is a user or group urn (DataHub's make_user_urn). */
export function userUrn(id: string): string {
  const urn = id.startsWith('urn:li:corpuser:') || id.startsWith('urn:li:corpGroup:') ? id : `urn:li:corpuser:${id}`;
  validateUrn(urn);
  return urn;
}

export function groupUrn(id: string): string {
  const urn = id.startsWith('urn:li:corpGroup:') ? id : `urn:li:corpGroup:${id}`;
  validateUrn(urn);
  return urn;
}

function definedOnly<T extends Record<string, unknown>>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/** The aspects a user spec produces, in DataHub's order: info / editable info, groups, status. */
export function userAspects(
  spec: UserSpec,
  options: UpsertOptions = {},
): Array<[aspectName: string, value: Record<string, unknown>]> {
  const fullName =
    spec.fullName ?? (spec.firstName ? [spec.firstName, spec.lastName].filter(Boolean).join(' ') : undefined);
  const out: Array<[string, Record<string, unknown>]> = [];
  const editable =
    options.overrideEditable ||
    [spec.slack, spec.description, spec.pictureLink, spec.phone].some((v) => v !== undefined);
  const infoOnly = [
    spec.managerUrn,
    spec.departmentId,
    spec.departmentName,
    spec.firstName,
    spec.lastName,
    spec.fullName,
    spec.countryCode,
    spec.title,
    spec.displayName,
    spec.email,
  ];
  if (!editable || infoOnly.some((v) => v !== undefined)) {
    out.push([
      'corpUserInfo',
      definedOnly({
        customProperties: {},
        active: true,
        displayName: spec.displayName ?? fullName,
        email: spec.email,
        title: spec.title,
        managerUrn: spec.managerUrn === undefined ? undefined : userUrn(spec.managerUrn),
        departmentId: spec.departmentId,
        departmentName: spec.departmentName,
        firstName: spec.firstName,
        lastName: spec.lastName,
        fullName,
        countryCode: spec.countryCode,
      }),
    ]);
  }
  if (editable) {
    out.push([
      'corpUserEditableInfo',
      definedOnly({
        aboutMe: spec.description,
        teams: [],
        skills: [],
        pictureLink: spec.pictureLink ?? DEFAULT_USER_PICTURE,
        displayName: fullName ?? spec.displayName,
        title: spec.title,
        slack: spec.slack,
        phone: spec.phone,
        email: spec.email,
      }),
    ]);
  }
  if (spec.groups !== undefined) out.push(['groupMembership', { groups: spec.groups.map(groupUrn) }]);
  out.push(['status', { removed: false }]);
  return out;
}

/** Writes one user inside an open transaction (also used for inline users of a group). */
export function writeUser(txn: StoreTxn, stamp: WriteStamp, spec: UserSpec, options: UpsertOptions): string {
  const urn = userUrn(spec.id);
  if (!urn.startsWith('urn:li:corpuser:'))
    throw new BadRequestError(`id "${spec.id}" is a group urn; a user id or urn:li:corpuser:<id> is expected`);
  for (const [aspect, value] of userAspects(spec, options)) writeAspect(txn, stamp, urn, aspect, value);
  return urn;
}

/** Upserts one user in one transaction; returns its urn. */
export async function upsertUser(ctx: OpContext, spec: UserSpec, options: UpsertOptions = {}): Promise<string> {
  userUrn(spec.id);
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  return ctx.store.write((txn) => writeUser(txn, stamp, spec, options));
}
