/**
 * DataHub roles (resolvers/role, RoleService): the three built-in roles Admin, Editor and Reader as
 * `dataHubRole` entities (aspect dataHubRoleInfo), listed with any other role a file brought in, and
 * assigned to users and groups by writing their `roleMembership` (the IsMemberOfRole relationship).
 *
 * DataHub creates the built-in roles when it boots. Catalog writes a built-in role's entity in the
 * first transaction that assigns it or makes an invite token for it, and reads it from the built-in
 * definition before that, so a file nobody assigned a role in is not changed by merely opening it.
 *
 * Catalog has no policy engine: a role is recorded (and exported to DataHub as it is) but grants no
 * privileges here, so anyone who may write may assign roles too.
 */
import dataHubRoleInfo, { type DataHubRoleInfo } from '../../model/aspects/dataHubRoleInfo.ts';
import roleMembership from '../../model/aspects/roleMembership.ts';
import { BadRequestError } from '../../errors.ts';
import type { StoreTxn, StoreView } from '../../store/store.ts';
import { nowOf, type OpContext } from '../core/context.ts';
import { pageOf, paging } from '../core/paging.ts';
import { checkUrnSyntax, latestAspect, urnTypeOf } from '../core/resources.ts';
import { writeAspect, type WriteStamp } from '../core/writeAspect.ts';

export const ROLE_TYPE = 'dataHubRole';
const ROLE_INFO = 'dataHubRoleInfo';
const MEMBERSHIP = 'roleMembership';
/** Who can hold a role (RoleMembership is an aspect of corpuser and corpGroup). */
const ROLE_HOLDERS = new Set(['corpuser', 'corpGroup']);

/** ListRolesResolver's page size when `count` is not given. */
export const DEFAULT_ROLES_COUNT = 20;

/** DataHub's boot/roles.json. */
export const BUILT_IN_ROLES: Readonly<Record<string, DataHubRoleInfo>> = {
  'urn:li:dataHubRole:Admin': { name: 'Admin', description: 'Can do everything on the platform.', editable: false },
  'urn:li:dataHubRole:Editor': {
    name: 'Editor',
    description: 'Can read and edit all metadata. Cannot take administrative actions.',
    editable: false,
  },
  'urn:li:dataHubRole:Reader': {
    name: 'Reader',
    description: 'Can read all metadata. Cannot edit anything by default, or take administrative actions.',
    editable: false,
  },
};

/** A role's info: stored, else the built-in definition; undefined when there is no such role. */
export function roleInfoOf(view: StoreView, urn: string): DataHubRoleInfo | undefined {
  if (urnTypeOf(urn) !== ROLE_TYPE) return undefined;
  return latestAspect(view, urn, dataHubRoleInfo) ?? BUILT_IN_ROLES[urn];
}

export function roleExists(view: StoreView, urn: string): boolean {
  return roleInfoOf(view, urn) !== undefined;
}

/** Makes a built-in role a stored entity, inside the write that first uses it. */
export function ensureRoleStored(txn: StoreTxn, stamp: WriteStamp, urn: string): void {
  const builtIn = BUILT_IN_ROLES[urn];
  if (builtIn && !txn.getAspect(urn, ROLE_INFO)) writeAspect(txn, stamp, urn, ROLE_INFO, { ...builtIn });
}

/** listRoles: every role whose name holds all the query's words, ordered by name. Returns one page of urns. */
export function listRoles(
  view: StoreView,
  input: { start?: number | null; count?: number | null; query?: string | null },
): { start: number; count: number; total: number; urns: string[] } {
  const p = paging(input, DEFAULT_ROLES_COUNT);
  const words = (input.query ?? '')
    .toLowerCase()
    .split(/[\s*]+/)
    .filter(Boolean);
  const urns = new Set(Object.keys(BUILT_IN_ROLES));
  for (const urn of view.eachUrnOfType(ROLE_TYPE)) if (view.getAspect(urn, ROLE_INFO)) urns.add(urn);
  const rows = [...urns]
    .map((urn) => ({ urn, name: roleInfoOf(view, urn)!.name }))
    .filter((r) => words.every((w) => r.name.toLowerCase().includes(w)))
    .sort((a, b) => a.name.localeCompare(b.name) || (a.urn < b.urn ? -1 : 1));
  const page = pageOf(rows, p);
  return { start: page.start, count: page.count, total: page.total, urns: page.items.map((r) => r.urn) };
}

/** Replaces the actor's roles with `roleUrn` (none when null), as RoleService does. */
export function writeRole(txn: StoreTxn, stamp: WriteStamp, actorUrn: string, roleUrn: string | null): void {
  const current = latestAspect(txn, actorUrn, roleMembership);
  if (roleUrn) ensureRoleStored(txn, stamp, roleUrn);
  writeAspect(txn, stamp, actorUrn, MEMBERSHIP, { ...(current ?? {}), roles: roleUrn ? [roleUrn] : [] });
}

/**
 * batchAssignRole: every actor (user or group) gets `roleUrn` as its one role, or loses its roles
 * when `roleUrn` is null. DataHub skips actors that do not exist; here every actor is checked first
 * and a missing one fails the whole batch (docs/design.md §2.1, §2.4).
 */
export async function batchAssignRole(
  ctx: OpContext,
  roleUrn: string | null | undefined,
  actors: readonly string[],
): Promise<true> {
  const role = roleUrn ?? null;
  if (role !== null) checkUrnSyntax(role);
  for (const actor of actors) checkUrnSyntax(actor);
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  await ctx.store.write((txn) => {
    if (role !== null && !roleExists(txn, role))
      throw new BadRequestError(`Role ${role} does not exist. Skipping batch role assignment`);
    for (const actor of actors) {
      if (!ROLE_HOLDERS.has(urnTypeOf(actor))) {
        throw new BadRequestError(
          `Failed to assign role ${role} to actor ${actor}: only users (corpuser) and groups (corpGroup) hold roles.`,
        );
      }
      if (!txn.entityExists(actor))
        throw new BadRequestError(`Failed to assign role ${role} to actor ${actor}, actor does not exist.`);
    }
    for (const actor of new Set(actors)) writeRole(txn, stamp, actor, role);
  });
  return true;
}
