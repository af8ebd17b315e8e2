/**
 * Shared checks of mutation targets, with DataHub's messages (docs/datahub/graphql.md §3.0 "V-RES").
 * Every mutation calls these inside its write transaction, before writing anything.
 */
import { BadRequestError } from '../../errors.ts';
import type { AspectValue, DeclaredAspect } from '../../model/aspects/define.ts';
import schemaMetadata from '../../model/aspects/schemaMetadata.ts';
import { isJsonObject, type JsonObject } from '../../model/json.ts';
import { validateUrn } from '../../model/registry.ts';
import { parseUrn } from '../../model/urn.ts';
import type { StoreView } from '../../store/store.ts';

export type SubResourceType = 'DATASET_FIELD';

/** A mutation target: an entity, or a column of a dataset (`subResource` = fieldPath). */
export interface ResourceRef {
  resourceUrn: string;
  subResourceType?: SubResourceType | null;
  subResource?: string | null;
}

/** The entity type a urn names, or '' when it is not a valid urn (callers answer with their own message). */
export function urnTypeOf(urn: string): string {
  try {
    return parseUrn(urn).entityType;
  } catch {
    return '';
  }
}

/** True when `urn` is a urn of `entityType` and something is stored for it. */
export function existsAs(view: StoreView, urn: string, entityType: string): boolean {
  return urnTypeOf(urn) === entityType && view.entityExists(urn);
}

/** Parses the URN of a mutation input; a malformed URN is a 400 that says what is wrong. */
export function checkUrnSyntax(urn: string): void {
  validateUrn(urn);
}

/**
 * V-RES: the resource must exist (soft-deleted counts), and a sub-resource must name a field of the
 * dataset's latest schema exactly. Returns the fieldPath when the target is a column, else null.
 */
export function validateResource(view: StoreView, ref: ResourceRef): string | null {
  const urn = ref.resourceUrn;
  checkUrnSyntax(urn);
  if (!view.entityExists(urn))
    throw new BadRequestError(`Failed to update resource with urn ${urn}. Entity does not exist.`);
  const sub = ref.subResource ?? '';
  const type = ref.subResourceType ?? null;
  if (sub === '' && type === null) return null;
  if (sub === '') {
    throw new BadRequestError(
      `Failed to update resource with urn ${urn}. SubResourceType (${type}) provided without a subResource.`,
    );
  }
  if (type === null) {
    throw new BadRequestError(
      `Failed to updates resource with urn ${urn}. SubResource (${sub}) provided without a subResourceType.`,
    );
  }
  checkFieldExists(view, urn, sub);
  return sub;
}

/** The field must exist in the dataset's latest schemaMetadata (exact fieldPath match). */
export function checkFieldExists(view: StoreView, urn: string, fieldPath: string): void {
  const schema = latestAspect(view, urn, schemaMetadata);
  if (!schema) throw new BadRequestError(`Failed to update ${urn} & field ${fieldPath}. ${urn} has no schema.`);
  if (!(schema.fields ?? []).some((f) => f.fieldPath === fieldPath)) {
    throw new BadRequestError(
      `Failed to update ${urn} & field ${fieldPath}. Field ${fieldPath} does not exist in the datasets schema.`,
    );
  }
}

/**
 * A copy of the latest value of an aspect, typed by its declaration, or `fallback` when the entity has
 * none: what a write starts from (`readAspect(txn, urn, ownership, { owners: [] })`).
 */
export function readAspect<D extends DeclaredAspect>(
  view: StoreView,
  urn: string,
  aspect: D,
  fallback: NoInfer<AspectValue<D>>,
): AspectValue<D>;
/** The same with a fallback that is not a value of the aspect (`{}` for one with required fields). */
export function readAspect<D extends DeclaredAspect, F>(
  view: StoreView,
  urn: string,
  aspect: D,
  fallback: F,
): AspectValue<D> | F;
export function readAspect<D extends DeclaredAspect, F>(
  view: StoreView,
  urn: string,
  aspect: D,
  fallback: F,
): AspectValue<D> | F {
  const v: unknown = view.getAspect(urn, aspect.name)?.value;
  return (v === undefined ? fallback : structuredClone(v)) as AspectValue<D> | F;
}

/**
 * The latest value of an aspect as stored, typed by its declaration (not copied: read it, never change
 * it). Read models use `aspectOf` (src/ops/read/common.ts), which shares decoded values between reads.
 */
export function latestAspect<D extends DeclaredAspect>(
  view: StoreView,
  urn: string,
  aspect: D,
): AspectValue<D> | undefined {
  return view.getAspect(urn, aspect.name)?.value as AspectValue<D> | undefined;
}

/**
 * The latest value of an aspect named at run time, not by a declaration: by an edge of the
 * relationships index, which records the aspect it was found in, whatever that aspect is. No
 * declaration types it, so it reads as the JSON object every stored aspect is (validateAspect
 * refuses any other value); undefined when none is stored. Not copied: read it, never change it.
 */
export function aspectObjectByName(view: StoreView, urn: string, aspectName: string): JsonObject | undefined {
  const value: unknown = view.getAspect(urn, aspectName)?.value;
  return isJsonObject(value) ? value : undefined;
}
