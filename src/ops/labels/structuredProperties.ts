/**
 * Structured properties (docs/datahub/discovery.md §4.1–§4.3): define a property (value type, allowed
 * values, cardinality, the entity types it applies to), then set or remove its values on assets.
 * Values are checked against the definition before anything is written.
 */
import { randomUUID } from 'node:crypto';
import { BadRequestError } from '../../errors.ts';
import {
  propertyDefinition,
  structuredProperties,
  type PropertyDefinition,
} from '../../model/aspects/storedAsGiven.ts';
import { parseUrn } from '../../model/urn.ts';
import type { StoreView } from '../../store/store.ts';
import { nowOf, type OpContext } from '../core/context.ts';
import { checkUrnSyntax, latestAspect, urnTypeOf } from '../core/resources.ts';
import { writeAspect } from '../core/writeAspect.ts';

export interface PropertyValueInput {
  stringValue?: string | null;
  numberValue?: number | null;
}

export interface CreateStructuredPropertyInput {
  id?: string | null;
  qualifiedName?: string | null;
  displayName?: string | null;
  description?: string | null;
  immutable?: boolean | null;
  valueType: string;
  allowedValues?: Array<PropertyValueInput & { description?: string | null }> | null;
  cardinality?: 'SINGLE' | 'MULTIPLE' | null;
  entityTypes: string[];
  typeQualifier?: { allowedTypes?: string[] | null } | null;
  settings?: Record<string, boolean | null | undefined> | null;
}

type StoredValue = { string: string } | { double: number };

function stored(v: PropertyValueInput, where: string): StoredValue {
  if (v.stringValue != null && v.numberValue != null)
    throw new BadRequestError(`${where}: give stringValue or numberValue, not both`);
  if (v.stringValue != null) return { string: v.stringValue };
  if (v.numberValue != null) return { double: v.numberValue };
  throw new BadRequestError(`${where}: a value needs stringValue or numberValue`);
}

/** createStructuredProperty: `urn:li:structuredProperty:<id or qualifiedName>`; returns the urn. */
export async function createStructuredProperty(ctx: OpContext, input: CreateStructuredPropertyInput): Promise<string> {
  const id = input.id ?? input.qualifiedName ?? randomUUID();
  const urn = `urn:li:structuredProperty:${id}`;
  checkUrnSyntax(urn);
  if (urnTypeOf(input.valueType) !== 'dataType')
    throw new BadRequestError(
      `valueType: expected a urn:li:dataType:… urn such as urn:li:dataType:datahub.string, got "${input.valueType}"`,
    );
  if (input.entityTypes.length === 0)
    throw new BadRequestError('entityTypes: name at least one entity type (urn:li:entityType:datahub.dataset, …)');
  for (const t of input.entityTypes) {
    if (urnTypeOf(t) !== 'entityType')
      throw new BadRequestError(`entityTypes: expected urn:li:entityType:… urns, got "${t}"`);
  }
  const definition: Record<string, unknown> = {
    qualifiedName: input.qualifiedName ?? id,
    valueType: input.valueType,
    entityTypes: input.entityTypes,
    cardinality: input.cardinality ?? 'SINGLE',
    immutable: input.immutable ?? false,
  };
  if (input.displayName != null) definition['displayName'] = input.displayName;
  if (input.description != null) definition['description'] = input.description;
  if (input.allowedValues?.length) {
    definition['allowedValues'] = input.allowedValues.map((a, i) => ({
      value: stored(a, `allowedValues[${i}]`),
      ...(a.description != null && { description: a.description }),
    }));
  }
  if (input.typeQualifier?.allowedTypes?.length)
    definition['typeQualifier'] = { allowedTypes: input.typeQualifier.allowedTypes };
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  definition['created'] = stamp;
  definition['lastModified'] = stamp;
  return ctx.store.write((txn) => {
    if (txn.entityExists(urn)) throw new BadRequestError('A structured property already exists with this urn');
    writeAspect(txn, stamp, urn, 'propertyDefinition', definition);
    if (input.settings) {
      const flags = ['isHidden', 'showInSearchFilters', 'showInAssetSummary', 'showAsAssetBadge', 'showInColumnsTable'];
      writeAspect(
        txn,
        stamp,
        urn,
        'structuredPropertySettings',
        Object.fromEntries(flags.map((f) => [f, input.settings?.[f] === true])),
      );
    }
    return urn;
  });
}

function definitionOf(view: StoreView, propertyUrn: string): PropertyDefinition {
  const d = latestAspect(view, propertyUrn, propertyDefinition);
  if (!d) throw new BadRequestError(`Structured property ${propertyUrn} does not exist`);
  return d;
}

/** Checks values against the definition: number or text as its value type says, one when SINGLE, allowed ones only. */
function checkValues(assetUrn: string, propertyUrn: string, d: PropertyDefinition, values: StoredValue[]): void {
  // Stored as given: a definition ingested without its value type takes text.
  const numeric = d.valueType?.endsWith('.number') === true;
  const where = `values of ${propertyUrn}`;
  for (const v of values) {
    if (numeric !== 'double' in v)
      throw new BadRequestError(
        `${where}: ${numeric ? 'numberValue' : 'stringValue'} expected for value type ${d.valueType}`,
      );
  }
  if (d.cardinality !== 'MULTIPLE' && values.length > 1)
    throw new BadRequestError(`${where}: the property takes a single value, got ${values.length}`);
  if (d.allowedValues?.length) {
    const allowed = d.allowedValues.map((a) => JSON.stringify(a.value));
    const bad = values.find((v) => !allowed.includes(JSON.stringify(v)));
    if (bad)
      throw new BadRequestError(`${where}: ${JSON.stringify(Object.values(bad)[0])} is not one of the allowed values`);
  }
  const entityType = parseUrn(assetUrn).entityType;
  if (
    d.entityTypes?.length &&
    !d.entityTypes.some((t) => parseUrn(t).rawKey.replace(/^datahub\./, '') === entityType)
  ) {
    throw new BadRequestError(`${propertyUrn} does not apply to ${entityType} entities`);
  }
}

interface Entry {
  propertyUrn: string;
  values: StoredValue[];
  [extra: string]: unknown;
}

/** upsertStructuredProperties: replaces the values of the listed properties on the asset, appending new ones. */
export async function upsertStructuredProperties(
  ctx: OpContext,
  assetUrn: string,
  params: ReadonlyArray<{ structuredPropertyUrn: string; values: PropertyValueInput[] }>,
): Promise<true> {
  checkUrnSyntax(assetUrn);
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  await ctx.store.write((txn) => {
    if (!txn.entityExists(assetUrn)) throw new BadRequestError(`Asset with provided urn ${assetUrn} does not exist`);
    const current = latestAspect(txn, assetUrn, structuredProperties)?.properties ?? [];
    const next = [...current];
    params.forEach((p, i) => {
      checkUrnSyntax(p.structuredPropertyUrn);
      const values = p.values.map((v, j) => stored(v, `structuredPropertyInputParams[${i}].values[${j}]`));
      checkValues(assetUrn, p.structuredPropertyUrn, definitionOf(txn, p.structuredPropertyUrn), values);
      const entry: Entry = { propertyUrn: p.structuredPropertyUrn, values, lastModified: stamp };
      const at = next.findIndex((e) => e.propertyUrn === p.structuredPropertyUrn);
      if (at >= 0) next[at] = { ...next[at]!, ...entry };
      else next.push({ ...entry, created: stamp });
    });
    writeAspect(txn, stamp, assetUrn, 'structuredProperties', { properties: next });
  });
  return true;
}

/** removeStructuredProperties: the asset loses the listed properties (absent ones are fine). */
export async function removeStructuredProperties(
  ctx: OpContext,
  assetUrn: string,
  propertyUrns: readonly string[],
): Promise<true> {
  checkUrnSyntax(assetUrn);
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  await ctx.store.write((txn) => {
    if (!txn.entityExists(assetUrn)) throw new BadRequestError(`Asset with provided urn ${assetUrn} does not exist`);
    const current = latestAspect(txn, assetUrn, structuredProperties)?.properties ?? [];
    writeAspect(txn, stamp, assetUrn, 'structuredProperties', {
      properties: current.filter((e) => !propertyUrns.includes(e.propertyUrn)),
    });
  });
  return true;
}
