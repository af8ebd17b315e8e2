/**
 * Operations on datasets (DataHub's `operation` timeseries aspect): a platform, a job or a person
 * reports that rows were inserted, a table altered …; the dataset page and freshness checks read them.
 */
import { BadRequestError } from '../../errors.ts';
import { entityTypeOfUrn } from '../../model/registry.ts';
import { nowOf, type OpContext } from '../core/context.ts';
import { writeAspect } from '../core/writeAspect.ts';

export interface ReportOperationInput {
  urn: string;
  operationType: string;
  customOperationType?: string | null;
  sourceType: string;
  customProperties?: Array<{ key: string; value?: string | null }> | null;
  partition?: string | null;
  numAffectedRows?: number | null;
  timestampMillis?: number | null;
}

/** DataHub reports operations on datasets only. */
const SUPPORTED = new Set(['dataset']);

/** Stores the operation, stamped with the actor; its time defaults to now. */
export async function reportOperation(ctx: OpContext, input: ReportOperationInput): Promise<boolean> {
  const entityType = entityTypeOfUrn(input.urn);
  if (!SUPPORTED.has(entityType))
    throw new BadRequestError(`Unable to report operation. Invalid entity type ${entityType} provided.`);
  const time = nowOf(ctx);
  const timestampMillis = input.timestampMillis ?? time;
  const value: Record<string, unknown> = {
    timestampMillis,
    lastUpdatedTimestamp: timestampMillis,
    actor: ctx.actor,
    operationType: input.operationType,
    sourceType: input.sourceType,
  };
  if (input.customOperationType != null) value['customOperationType'] = input.customOperationType;
  if (input.numAffectedRows != null) value['numAffectedRows'] = input.numAffectedRows;
  if (input.partition != null) value['partitionSpec'] = { type: 'PARTITION', partition: input.partition };
  if (input.customProperties != null)
    value['customProperties'] = Object.fromEntries(input.customProperties.map((e) => [e.key, e.value ?? '']));
  await ctx.store.write((txn) => writeAspect(txn, { actor: ctx.actor, time }, input.urn, 'operation', value));
  return true;
}
