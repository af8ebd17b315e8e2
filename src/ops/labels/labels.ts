/**
 * Label associations — tags and glossary terms (docs/datahub/graphql.md §3.0, §3.9; docs/datahub/discovery.md
 * §4.2, §4.3): add to and remove from entities or dataset columns. Entity-level labels live in
 * `globalTags` / `glossaryTerms`; column-level ones in the column's `editableSchemaMetadata` entry.
 * Every label (V-TAG, adding only) and every resource (V-RES) is checked before anything is written,
 * and all resources are written in one transaction (docs/design.md §2.4).
 */
import { BadRequestError } from '../../errors.ts';
import type { StoreTxn, StoreView } from '../../store/store.ts';
import editableSchemaMetadata, { editableFieldEntry } from '../../model/aspects/editableSchemaMetadata.ts';
import globalTags from '../../model/aspects/globalTags.ts';
import glossaryTerms from '../../model/aspects/glossaryTerms.ts';
import { nowOf, type OpContext } from '../core/context.ts';
import { latestAspect, readAspect, urnTypeOf, validateResource, type ResourceRef } from '../core/resources.ts';
import { writeAspect, type WriteStamp } from '../core/writeAspect.ts';

/** One kind of label: where its associations are stored and what names them. */
export interface LabelKind {
  /** Entity type of the label's urn. */
  entityType: 'tag' | 'glossaryTerm';
  /** Entity-level aspect. */
  aspect: typeof globalTags | typeof glossaryTerms;
  /** Its name, also the name of the holder inside an editable column entry. */
  aspectName: 'globalTags' | 'glossaryTerms';
  /** The list inside the aspect. */
  listField: 'tags' | 'terms';
  /** The urn field of one association. */
  keyField: 'tag' | 'urn';
  /** Whether the aspect carries an audit stamp of its last change (glossaryTerms does). */
  stamped: boolean;
}

export const TAGS: LabelKind = {
  entityType: 'tag',
  aspect: globalTags,
  aspectName: 'globalTags',
  listField: 'tags',
  keyField: 'tag',
  stamped: false,
};
export const TERMS: LabelKind = {
  entityType: 'glossaryTerm',
  aspect: glossaryTerms,
  aspectName: 'glossaryTerms',
  listField: 'terms',
  keyField: 'urn',
  stamped: true,
};

type Association = Record<string, unknown>;
type Holder = Record<string, unknown>;

/** V-TAG: the urn must be a urn of the label's type, of an existing label. */
export function validateLabel(view: StoreView, kind: LabelKind, urn: string): void {
  if (urnTypeOf(urn) !== kind.entityType) {
    throw new BadRequestError(
      `Failed to validate label with urn ${urn}. Urn type does not match entity type ${kind.entityType}..`,
    );
  }
  if (!view.entityExists(urn))
    throw new BadRequestError(`Failed to validate label with urn ${urn}. Urn does not exist.`);
}

/** Adds every label to every resource; returns true. One bad label or resource changes nothing. */
export async function addLabels(
  ctx: OpContext,
  kind: LabelKind,
  urns: readonly string[],
  resources: readonly (ResourceRef | null)[],
): Promise<true> {
  const refs = resources.filter((r): r is ResourceRef => r != null);
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  await ctx.store.write((txn) => {
    for (const u of urns) validateLabel(txn, kind, u);
    const targets = refs.map((r) => ({ urn: r.resourceUrn, field: validateResource(txn, r) }));
    for (const { urn, field } of targets) {
      changeLabels(txn, kind, stamp, urn, field, (list) => {
        const out = [...list];
        for (const u of urns) if (!out.some((a) => a[kind.keyField] === u)) out.push({ [kind.keyField]: u });
        return out;
      });
    }
  });
  return true;
}

/** Removes the labels from every resource (absent ones are fine); returns true. */
export async function removeLabels(
  ctx: OpContext,
  kind: LabelKind,
  urns: readonly string[],
  resources: readonly (ResourceRef | null)[],
): Promise<true> {
  const refs = resources.filter((r): r is ResourceRef => r != null);
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  await ctx.store.write((txn) => {
    const targets = refs.map((r) => ({ urn: r.resourceUrn, field: validateResource(txn, r) }));
    for (const { urn, field } of targets)
      changeLabels(txn, kind, stamp, urn, field, (list) =>
        list.filter((a) => !urns.includes(a[kind.keyField] as string)),
      );
  });
  return true;
}

/** `removeTag` / `removeTerm`: as DataHub, a urn of another type is not an error but answers false. */
export async function removeLabel(
  ctx: OpContext,
  kind: LabelKind,
  urn: string,
  resource: ResourceRef,
): Promise<boolean> {
  if (urnTypeOf(urn) !== kind.entityType) {
    // Still a missing target is an error (docs/design.md §2.1).
    ctx.store.refresh();
    validateResource(ctx.store, resource);
    return false;
  }
  return removeLabels(ctx, kind, [urn], [resource]);
}

function changed(kind: LabelKind, holder: Holder, list: Association[], stamp: WriteStamp): Holder {
  return {
    ...holder,
    [kind.listField]: list,
    ...(kind.stamped && { auditStamp: { time: stamp.time, actor: stamp.actor } }),
  };
}

function changeLabels(
  txn: StoreTxn,
  kind: LabelKind,
  stamp: WriteStamp,
  urn: string,
  field: string | null,
  change: (list: Association[]) => Association[],
): void {
  if (field === null) {
    const current: Holder = readAspect(txn, urn, kind.aspect, { [kind.listField]: [] });
    writeAspect(
      txn,
      stamp,
      urn,
      kind.aspectName,
      changed(kind, current, change((current[kind.listField] as Association[]) ?? []), stamp),
    );
    return;
  }
  const current = latestAspect(txn, urn, editableSchemaMetadata);
  const { aspect, entry } = editableFieldEntry(current && structuredClone(current), field, stamp);
  const holder = (entry[kind.aspectName] as Holder | undefined) ?? {};
  (entry as Record<string, unknown>)[kind.aspectName] = changed(
    kind,
    holder,
    change((holder[kind.listField] as Association[]) ?? []),
    stamp,
  );
  writeAspect(txn, stamp, urn, 'editableSchemaMetadata', aspect);
}
