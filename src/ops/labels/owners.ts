/**
 * Owner mutations (docs/datahub/graphql.md §3.7): addOwner, addOwners, removeOwner, batchAddOwners,
 * batchRemoveOwners. Owners are validated (type matches the urn, the owner exists, the custom
 * ownership type exists), targets must exist (docs/design.md §2.1, also for addOwner), and batches write
 * everything in one transaction or nothing.
 */
import { BadRequestError } from '../../errors.ts';
import type { StoreTxn, StoreView } from '../../store/store.ts';
import ownership, { type Owner, type OwnershipTypeName } from '../../model/aspects/ownership.ts';
import { nowOf, type OpContext } from '../core/context.ts';
import { checkUrnSyntax, readAspect, urnTypeOf, validateResource, type ResourceRef } from '../core/resources.ts';
import { writeAspect, type WriteStamp } from '../core/writeAspect.ts';

export type OwnerEntityType = 'CORP_USER' | 'CORP_GROUP';

export interface OwnerInput {
  ownerUrn: string;
  ownerEntityType: OwnerEntityType;
  type?: string | null;
  ownershipTypeUrn?: string | null;
}

const SYSTEM_TYPE_PREFIX = 'urn:li:ownershipType:__system__';

/** The ownership type urn DataHub derives from a legacy type, e.g. `…__system__technical_owner`. */
export function systemOwnershipTypeUrn(type: string): string {
  return `${SYSTEM_TYPE_PREFIX}${type.toLowerCase()}`;
}

/** validateOwner, in DataHub's order and wording. */
export function validateOwner(view: StoreView, o: OwnerInput): void {
  const type = urnTypeOf(o.ownerUrn);
  if (o.ownerEntityType === 'CORP_GROUP' && type !== 'corpGroup') {
    throw new BadRequestError(
      `Failed to change ownership for resource(s). Expected a corp group urn, found ${o.ownerUrn}`,
    );
  }
  if (o.ownerEntityType === 'CORP_USER' && type !== 'corpuser') {
    throw new BadRequestError(
      `Failed to change ownership for resource(s). Expected a corp user urn, found ${o.ownerUrn}.`,
    );
  }
  if (!view.entityExists(o.ownerUrn)) {
    throw new BadRequestError(
      `Failed to change ownership for resource(s). Owner with urn ${o.ownerUrn} does not exist.`,
    );
  }
  if (
    o.ownershipTypeUrn &&
    !o.ownershipTypeUrn.startsWith(SYSTEM_TYPE_PREFIX) &&
    !view.entityExists(o.ownershipTypeUrn)
  ) {
    throw new BadRequestError(
      `Failed to change ownership for resource(s). Custom Ownership type with urn ${o.ownershipTypeUrn} does not exist.`,
    );
  }
  if (!o.type && !o.ownershipTypeUrn) {
    throw new BadRequestError(
      'Failed to change ownership for resource(s). Expected either type or ownershipTypeUrn to be specified.',
    );
  }
}

/** DataHub's owner equality: same urn and (no type urn asked → any type; else same effective type urn). */
function sameOwner(stored: Owner, ownerUrn: string, typeUrn: string | null | undefined): boolean {
  if (stored.owner !== ownerUrn) return false;
  if (!typeUrn) return true;
  const storedTypeUrn = stored.typeUrn ?? (stored.type ? systemOwnershipTypeUrn(stored.type) : undefined);
  return storedTypeUrn === typeUrn;
}

function checkResourceExists(view: StoreView, urn: string): void {
  checkUrnSyntax(urn);
  if (!view.entityExists(urn))
    throw new BadRequestError(`Failed to change ownership for resource ${urn}. Resource does not exist.`);
}

function applyAdd(txn: StoreTxn, stamp: WriteStamp, urn: string, owners: readonly OwnerInput[]): void {
  const current = readAspect(txn, urn, ownership, { owners: [] });
  let list = current.owners ?? [];
  for (const o of owners) {
    list = list.filter((s) => !sameOwner(s, o.ownerUrn, o.ownershipTypeUrn));
    // The type is checked against OWNERSHIP_TYPES when the aspect is written.
    const entry: Owner = {
      owner: o.ownerUrn,
      type: (o.type ?? 'CUSTOM') as OwnershipTypeName,
      source: { type: 'MANUAL' },
    };
    if (o.ownershipTypeUrn) entry.typeUrn = o.ownershipTypeUrn;
    list.push(entry);
  }
  writeAspect(txn, stamp, urn, 'ownership', { ...current, owners: list, lastModified: stamp });
}

function applyRemove(
  txn: StoreTxn,
  stamp: WriteStamp,
  urn: string,
  ownerUrns: readonly string[],
  typeUrn?: string | null,
): void {
  const current = readAspect(txn, urn, ownership, { owners: [] });
  const owners = (current.owners ?? []).filter((s) => !ownerUrns.some((o) => sameOwner(s, o, typeUrn)));
  writeAspect(txn, stamp, urn, 'ownership', { ...current, owners, lastModified: stamp });
}

function stampOf(ctx: OpContext): WriteStamp {
  return { actor: ctx.actor, time: nowOf(ctx) };
}

/** addOwner / addOwners: every owner valid and the resource existing, then one write. */
export async function addOwners(ctx: OpContext, resourceUrn: string, owners: readonly OwnerInput[]): Promise<true> {
  const stamp = stampOf(ctx);
  await ctx.store.write((txn) => {
    checkResourceExists(txn, resourceUrn);
    for (const o of owners) validateOwner(txn, o);
    applyAdd(txn, stamp, resourceUrn, owners);
  });
  return true;
}

/** removeOwner: the resource must exist; an owner that is not there is fine. */
export async function removeOwner(
  ctx: OpContext,
  resourceUrn: string,
  ownerUrn: string,
  ownershipTypeUrn?: string | null,
): Promise<true> {
  const stamp = stampOf(ctx);
  await ctx.store.write((txn) => {
    checkResourceExists(txn, resourceUrn);
    applyRemove(txn, stamp, resourceUrn, [ownerUrn], ownershipTypeUrn);
  });
  return true;
}

function checkNoSubResource(r: ResourceRef, verb: 'applied to' | 'removed from'): void {
  if (r.subResource) throw new BadRequestError(`Malformed input provided: owners cannot be ${verb} subresources.`);
}

/** batchAddOwners: owners first, then every resource (no sub-resources, V-RES), then one write. */
export async function batchAddOwners(
  ctx: OpContext,
  owners: readonly OwnerInput[],
  resources: readonly (ResourceRef | null)[],
): Promise<true> {
  const refs = resources.filter((r): r is ResourceRef => r != null);
  const stamp = stampOf(ctx);
  await ctx.store.write((txn) => {
    for (const o of owners) validateOwner(txn, o);
    for (const r of refs) {
      checkNoSubResource(r, 'applied to');
      validateResource(txn, r);
    }
    for (const urn of new Set(refs.map((r) => r.resourceUrn))) applyAdd(txn, stamp, urn, owners);
  });
  return true;
}

/** batchRemoveOwners: every resource checked, then one write; `ownershipTypeUrn` narrows removal. */
export async function batchRemoveOwners(
  ctx: OpContext,
  ownerUrns: readonly string[],
  resources: readonly (ResourceRef | null)[],
  ownershipTypeUrn?: string | null,
): Promise<true> {
  const refs = resources.filter((r): r is ResourceRef => r != null);
  const stamp = stampOf(ctx);
  await ctx.store.write((txn) => {
    for (const r of refs) {
      checkNoSubResource(r, 'removed from');
      validateResource(txn, r);
    }
    for (const urn of new Set(refs.map((r) => r.resourceUrn)))
      applyRemove(txn, stamp, urn, ownerUrns, ownershipTypeUrn);
  });
  return true;
}
