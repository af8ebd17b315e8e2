/**
 * Data products (docs/datahub/discovery.md §4.1–§4.3): create one in a domain, and put assets in it (or
 * take them out). An asset belongs to at most one data product: the product's `assets` list holds it.
 */
import { randomUUID } from 'node:crypto';
import { BadRequestError } from '../../errors.ts';
import { dataProductProperties } from '../../model/aspects/storedAsGiven.ts';
import { parseUrn } from '../../model/urn.ts';
import type { StoreTxn } from '../../store/store.ts';
import { nowOf, type OpContext } from '../core/context.ts';
import { creatorOwnership } from '../labels/creatorOwnership.ts';
import { checkUrnSyntax, existsAs, latestAspect } from '../core/resources.ts';
import { writeAspect, type WriteStamp } from '../core/writeAspect.ts';

export interface CreateDataProductInput {
  id?: string | null;
  domainUrn: string;
  properties: { name: string; description?: string | null };
}

type Asset = { destinationUrn: string; [extra: string]: unknown };
type Properties = { assets?: Asset[]; [extra: string]: unknown };

export async function createDataProduct(ctx: OpContext, input: CreateDataProductInput): Promise<string> {
  const urn = `urn:li:dataProduct:${input.id ?? randomUUID()}`;
  checkUrnSyntax(urn);
  checkUrnSyntax(input.domainUrn);
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  return ctx.store.write((txn) => {
    if (!existsAs(txn, input.domainUrn, 'domain')) throw new BadRequestError('The Domain provided dos not exist');
    if (txn.entityExists(urn)) throw new BadRequestError('This Data product already exists!');
    const props: Properties = { name: input.properties.name, assets: [] };
    if (input.properties.description != null) props['description'] = input.properties.description;
    writeAspect(txn, stamp, urn, 'dataProductProperties', props);
    writeAspect(txn, stamp, urn, 'domains', { domains: [input.domainUrn] });
    writeAspect(txn, stamp, urn, 'ownership', creatorOwnership(stamp));
    return urn;
  });
}

/** Removes the asset from whatever product holds it (found through the relationships index). */
function takeOut(txn: StoreTxn, stamp: WriteStamp, asset: string, except?: string): void {
  for (const edge of txn.edges(asset, 'INCOMING', ['DataProductContains'])) {
    if (edge.urn === except) continue;
    const props = latestAspect(txn, edge.urn, dataProductProperties);
    if (!props) continue;
    writeAspect(txn, stamp, edge.urn, 'dataProductProperties', {
      ...props,
      assets: (props.assets ?? []).filter((a) => a.destinationUrn !== asset),
    });
  }
}

/** batchSetDataProduct: every resource moves into `dataProductUrn`, or out of any product when null. */
export async function batchSetDataProduct(
  ctx: OpContext,
  dataProductUrn: string | null | undefined,
  resourceUrns: readonly string[],
): Promise<true> {
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  await ctx.store.write((txn) => {
    for (const r of resourceUrns) {
      checkUrnSyntax(r);
      if (!txn.entityExists(r))
        throw new BadRequestError(`Failed to batch set Data Product, ${r} in resources does not exist`);
    }
    if (dataProductUrn == null) {
      for (const r of resourceUrns) takeOut(txn, stamp, r);
      return;
    }
    checkUrnSyntax(dataProductUrn);
    const props = latestAspect(txn, dataProductUrn, dataProductProperties);
    if (!existsAs(txn, dataProductUrn, 'dataProduct')) {
      throw new BadRequestError(`Failed to batch set Data Product, Data Product urn ${dataProductUrn} does not exist`);
    }
    for (const r of resourceUrns) takeOut(txn, stamp, r, dataProductUrn);
    const assets = [...(props?.assets ?? [])];
    for (const r of resourceUrns)
      if (!assets.some((a) => a.destinationUrn === r))
        assets.push({ destinationUrn: r, created: stamp, lastModified: stamp });
    writeAspect(txn, stamp, dataProductUrn, 'dataProductProperties', {
      ...(props ?? { name: parseUrn(dataProductUrn).rawKey }),
      assets,
    });
  });
  return true;
}
