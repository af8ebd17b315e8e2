/**
 * updateDataset / updateDatasets (docs/datahub/graphql.md §3.5): each section given replaces one whole
 * aspect. Unlike DataHub, the dataset must exist (docs/design.md §2.1), and a batch is atomic.
 */
import { BadRequestError } from '../../errors.ts';
import { parseUrn } from '../../model/urn.ts';
import type { StoreTxn } from '../../store/store.ts';
import editableDatasetProperties from '../../model/aspects/editableDatasetProperties.ts';
import editableSchemaMetadata, {
  type EditableSchemaFieldInfo,
  type EditableSchemaMetadata,
} from '../../model/aspects/editableSchemaMetadata.ts';
import type { Owner, OwnershipTypeName } from '../../model/aspects/ownership.ts';
import { nowOf, type OpContext } from '../core/context.ts';
import { checkUrnSyntax, readAspect } from '../core/resources.ts';
import { writeAspect, type WriteStamp } from '../core/writeAspect.ts';

interface TagsUpdate {
  tags?: Array<{ tag: { urn: string } }> | null;
}

export interface DatasetUpdate {
  ownership?: { owners: Array<{ owner: string; type?: string | null; ownershipTypeUrn?: string | null }> } | null;
  deprecation?: { deprecated: boolean; decommissionTime?: number | null; note: string } | null;
  institutionalMemory?: {
    elements: Array<{ url: string; description?: string | null; author: string; createdAt?: number | null }>;
  } | null;
  globalTags?: TagsUpdate | null;
  tags?: TagsUpdate | null;
  editableSchemaMetadata?: {
    editableSchemaFieldInfo: Array<{ fieldPath: string; description?: string | null; globalTags?: TagsUpdate | null }>;
  } | null;
  editableProperties?: { description: string; name?: string | null } | null;
}

function typeOf(urn: string): string {
  return parseUrn(urn).entityType;
}

function tagsOf(update: TagsUpdate): { tags: Array<{ tag: string }> } {
  const tags = (update.tags ?? []).map((t) => {
    if (typeOf(t.tag.urn) !== 'tag') throw new BadRequestError(`Failed to update tags: ${t.tag.urn} is not a tag urn.`);
    return { tag: t.tag.urn };
  });
  return { tags };
}

/** Builds every aspect first (so any bad input fails before a write), then writes them. */
function applyUpdate(txn: StoreTxn, stamp: WriteStamp, urn: string, input: DatasetUpdate): void {
  checkUrnSyntax(urn);
  if (typeOf(urn) !== 'dataset') throw new BadRequestError(`Failed to update ${urn}: not a dataset urn.`);
  if (!txn.entityExists(urn))
    throw new BadRequestError(`Failed to update resource with urn ${urn}. Entity does not exist.`);
  const writes: Array<[string, unknown]> = [];
  if (input.ownership) {
    const owners: Owner[] = input.ownership.owners.map((o) => {
      const t = typeOf(o.owner);
      if (t !== 'corpuser' && t !== 'corpGroup')
        throw new BadRequestError(`Failed to update ownership: ${o.owner} is not a corp user or corp group urn.`);
      // The type is checked against OWNERSHIP_TYPES when the aspect is written.
      const entry: Owner = {
        owner: o.owner,
        type: o.ownershipTypeUrn ? 'CUSTOM' : ((o.type ?? 'CUSTOM') as OwnershipTypeName),
        source: { type: 'SERVICE' },
      };
      if (o.ownershipTypeUrn) entry.typeUrn = o.ownershipTypeUrn;
      return entry;
    });
    writes.push(['ownership', { owners, lastModified: stamp }]);
  }
  if (input.deprecation) {
    const d = input.deprecation;
    // DataHub writes the legacy aspect here; reads prefer `deprecation` when both exist.
    writes.push([
      'datasetDeprecation',
      {
        deprecated: d.deprecated,
        note: d.note,
        actor: stamp.actor,
        ...(d.decommissionTime != null && { decommissionTime: d.decommissionTime }),
      },
    ]);
  }
  if (input.institutionalMemory) {
    const elements = input.institutionalMemory.elements.map((e) => {
      if (typeOf(e.author) !== 'corpuser')
        throw new BadRequestError(`Failed to update links: author ${e.author} is not a corp user urn.`);
      return {
        url: e.url,
        description: e.description ?? '',
        createStamp: { actor: e.author, time: e.createdAt ?? stamp.time },
      };
    });
    writes.push(['institutionalMemory', { elements }]);
  }
  const tags = input.globalTags ?? input.tags;
  if (tags) writes.push(['globalTags', tagsOf(tags)]);
  if (input.editableSchemaMetadata) {
    const current: Partial<EditableSchemaMetadata> = readAspect(txn, urn, editableSchemaMetadata, {});
    const entries: EditableSchemaFieldInfo[] = input.editableSchemaMetadata.editableSchemaFieldInfo.map((f) => ({
      fieldPath: f.fieldPath,
      ...(f.description != null && { description: f.description }),
      ...(f.globalTags && { globalTags: tagsOf(f.globalTags) }),
    }));
    writes.push([
      'editableSchemaMetadata',
      { created: current.created ?? stamp, lastModified: stamp, editableSchemaFieldInfo: entries },
    ]);
  }
  if (input.editableProperties) {
    const current = readAspect(txn, urn, editableDatasetProperties, {});
    const p = input.editableProperties;
    writes.push([
      'editableDatasetProperties',
      {
        created: current.created ?? stamp,
        lastModified: stamp,
        description: p.description,
        ...(p.name != null && { name: p.name }),
      },
    ]);
  }
  for (const [aspect, value] of writes) writeAspect(txn, stamp, urn, aspect, value);
}

export async function updateDatasets(
  ctx: OpContext,
  items: ReadonlyArray<{ urn: string; update: DatasetUpdate }>,
): Promise<string[]> {
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  return ctx.store.write((txn) => {
    for (const item of items) applyUpdate(txn, stamp, item.urn, item.update);
    return items.map((i) => i.urn);
  });
}
