/**
 * Domains (docs/datahub/discovery.md §4.1–§4.3): create (nested under a parent), assign to entities one
 * at a time or in batches, remove, and delete with every reference. An entity belongs to one domain
 * (`domains.domains = [urn]`). Messages are DataHub's; client mistakes are 400s (docs/design.md §2.6).
 */
import { randomUUID } from 'node:crypto';
import { BadRequestError, CatalogError } from '../../errors.ts';
import { domainProperties, domains } from '../../model/aspects/storedAsGiven.ts';
import type { StoreTxn, StoreView } from '../../store/store.ts';
import { nowOf, type OpContext } from '../core/context.ts';
import { creatorOwnership } from '../labels/creatorOwnership.ts';
import { removeReferences } from '../entities/deleteReferences.ts';
import {
  checkUrnSyntax,
  existsAs,
  latestAspect,
  urnTypeOf,
  validateResource,
  type ResourceRef,
} from '../core/resources.ts';
import { writeAspect, type WriteStamp } from '../core/writeAspect.ts';

export interface CreateDomainInput {
  id?: string | null;
  name: string;
  description?: string | null;
  parentDomain?: string | null;
}

/** DataHub's 409: a domain's name is unique among its siblings. */
export function checkDomainNameFree(view: StoreView, name: string, parent: string | undefined, except?: string): void {
  for (const urn of view.eachUrnOfType('domain')) {
    if (urn === except) continue;
    const p = latestAspect(view, urn, domainProperties);
    if (p?.name === name && p.parentDomain === parent) {
      throw new CatalogError('CONFLICT', `"${name}" already exists in this domain. Please pick a unique name.`);
    }
  }
}

export async function createDomain(ctx: OpContext, input: CreateDomainInput): Promise<string> {
  const urn = `urn:li:domain:${input.id ?? randomUUID()}`;
  checkUrnSyntax(urn);
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  return ctx.store.write((txn) => {
    if (txn.entityExists(urn)) throw new BadRequestError('This Domain already exists!');
    const parent = input.parentDomain ?? undefined;
    if (parent !== undefined && !existsAs(txn, parent, 'domain'))
      throw new BadRequestError('Parent Domain does not exist!');
    checkDomainNameFree(txn, input.name, parent);
    const props: Record<string, unknown> = { name: input.name, created: stamp };
    if (input.description != null) props['description'] = input.description;
    if (parent !== undefined) props['parentDomain'] = parent;
    writeAspect(txn, stamp, urn, 'domainProperties', props);
    writeAspect(txn, stamp, urn, 'ownership', creatorOwnership(stamp));
    return urn;
  });
}

function writeDomain(txn: StoreTxn, stamp: WriteStamp, entityUrn: string, domainUrn: string | null): void {
  const current = latestAspect(txn, entityUrn, domains);
  writeAspect(txn, stamp, entityUrn, 'domains', { ...(current ?? {}), domains: domainUrn ? [domainUrn] : [] });
}

/** setDomain: the entity's domain becomes `domainUrn`. */
export async function setDomain(ctx: OpContext, entityUrn: string, domainUrn: string): Promise<true> {
  checkUrnSyntax(entityUrn);
  checkUrnSyntax(domainUrn);
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  await ctx.store.write((txn) => {
    if (!existsAs(txn, domainUrn, 'domain'))
      throw new BadRequestError(`Failed to add Entity ${entityUrn} to Domain ${domainUrn}. Domain does not exist.`);
    if (!txn.entityExists(entityUrn))
      throw new BadRequestError(`Failed to add Entity ${entityUrn} to Domain ${domainUrn}. Entity does not exist.`);
    writeDomain(txn, stamp, entityUrn, domainUrn);
  });
  return true;
}

/** unsetDomain: the entity belongs to no domain. */
export async function unsetDomain(ctx: OpContext, entityUrn: string): Promise<true> {
  checkUrnSyntax(entityUrn);
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  await ctx.store.write((txn) => {
    // DataHub's own message here is broken by a format bug (docs/datahub/discovery.md §4.3); this says what it means.
    if (!txn.entityExists(entityUrn))
      throw new BadRequestError(`Failed to remove Entity ${entityUrn} from its Domain. Entity does not exist.`);
    writeDomain(txn, stamp, entityUrn, null);
  });
  return true;
}

/** batchSetDomain: every resource gets `domainUrn` (none when null), all or nothing. */
export async function batchSetDomain(
  ctx: OpContext,
  domainUrn: string | null | undefined,
  resources: readonly ResourceRef[],
): Promise<true> {
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  await ctx.store.write((txn) => {
    if (domainUrn != null && !existsAs(txn, domainUrn, 'domain'))
      throw new BadRequestError(`Failed to validate Domain with urn ${domainUrn}. Urn does not exist.`);
    for (const r of resources) validateResource(txn, { resourceUrn: r.resourceUrn });
    for (const r of resources) writeDomain(txn, stamp, r.resourceUrn, domainUrn ?? null);
  });
  return true;
}

/** deleteDomain: hard delete, and every entity in it (and every sub-domain) loses the reference. */
export async function deleteDomain(ctx: OpContext, urn: string): Promise<true> {
  checkUrnSyntax(urn);
  if (urnTypeOf(urn) !== 'domain') throw new BadRequestError(`${urn} is not a domain urn (expected urn:li:domain:…)`);
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  await ctx.store.write((txn) => {
    if (!txn.entityExists(urn)) throw new BadRequestError(`Failed to delete Domain ${urn}. Domain does not exist.`);
    txn.deleteEntity(urn, stamp);
    removeReferences(txn, stamp, urn);
  });
  return true;
}
