/**
 * Removing references to an entity from every other entity's aspects, as DataHub does after a hard
 * delete of a tag, user or group (REST `deleteReferences`, GraphQL `deleteTag`). The references we
 * know: tags in globalTags / editable and ingested schema fields, owners, group memberships. The
 * relationships index finds the referring aspects; it runs inside the caller's transaction.
 */
import type { StoreTxn, StoreView } from '../store/store.ts';
import type { EditableSchemaMetadata } from '../model/aspects/editableSchemaMetadata.ts';
import type { GlobalTags } from '../model/aspects/globalTags.ts';
import type { Ownership } from '../model/aspects/ownership.ts';
import type { SchemaFieldValue } from '../model/aspects/schemaMetadata.ts';
import { writeAspect, type WriteStamp } from './writeAspect.ts';

export interface RelatedAspect {
  relationshipType: string;
  urn: string;
  aspectName: string;
}

type Rewrite = (value: any, ref: string) => unknown | undefined;

const dropTag = (tags: GlobalTags | undefined, ref: string): GlobalTags | undefined =>
  tags && tags.tags?.some((t) => t.tag === ref) ? { ...tags, tags: tags.tags.filter((t) => t.tag !== ref) } : undefined;

/** Drops the tag from each column's tags; undefined when no column had it. */
function dropTagInEach<T extends { globalTags?: GlobalTags }>(columns: T[], ref: string): T[] | undefined {
  let hit = false;
  const out = columns.map((c) => {
    const tags = dropTag(c.globalTags, ref);
    if (!tags) return c;
    hit = true;
    return { ...c, globalTags: tags };
  });
  return hit ? out : undefined;
}

/** Per aspect: the relationship name and a rewrite that returns the new value, or undefined if untouched. */
const REWRITES: Record<string, { relationshipType: string; rewrite: Rewrite }> = {
  globalTags: { relationshipType: 'TaggedWith', rewrite: (v: GlobalTags, ref) => dropTag(v, ref) },
  editableSchemaMetadata: {
    relationshipType: 'EditableSchemaFieldWithTag',
    rewrite: (v: EditableSchemaMetadata, ref) => {
      const entries = dropTagInEach(v.editableSchemaFieldInfo, ref);
      return entries ? { ...v, editableSchemaFieldInfo: entries } : undefined;
    },
  },
  schemaMetadata: {
    relationshipType: 'SchemaFieldTaggedWith',
    rewrite: (v: { fields: SchemaFieldValue[] }, ref) => {
      const fields = dropTagInEach(v.fields, ref);
      return fields ? { ...v, fields } : undefined;
    },
  },
  ownership: {
    relationshipType: 'OwnedBy',
    rewrite: (v: Ownership, ref) => (v.owners?.some((o) => o.owner === ref) ? { ...v, owners: v.owners.filter((o) => o.owner !== ref) } : undefined),
  },
  groupMembership: {
    relationshipType: 'IsMemberOfGroup',
    rewrite: (v: { groups: string[] }, ref) => (v.groups?.includes(ref) ? { ...v, groups: v.groups.filter((g) => g !== ref) } : undefined),
  },
  corpGroupInfo: {
    relationshipType: 'IsMemberOfGroup',
    rewrite: (v: Record<string, string[] | undefined>, ref) => {
      const keys = ['admins', 'members', 'groups'].filter((k) => v[k]?.includes(ref));
      if (keys.length === 0) return undefined;
      const out: Record<string, unknown> = { ...v };
      for (const k of keys) out[k] = v[k]!.filter((x) => x !== ref);
      return out;
    },
  },
};

/**
 * Every aspect of another entity that refers to `ref`, without changing anything: the candidates come
 * from the relationships index (edges into `ref`), so the cost follows the references, not the catalog.
 */
export function findReferences(view: StoreView, ref: string): Array<RelatedAspect & { next: unknown }> {
  const found: Array<RelatedAspect & { next: unknown }> = [];
  const seen = new Set<string>();
  for (const edge of view.edges(ref, 'INCOMING')) {
    const rule = REWRITES[edge.aspectName];
    const key = `${edge.urn}\u0000${edge.aspectName}`;
    if (!rule || edge.urn === ref || seen.has(key)) continue;
    seen.add(key);
    const value = view.getAspect(edge.urn, edge.aspectName)?.value;
    const next = value === undefined ? undefined : rule.rewrite(value, ref);
    if (next !== undefined) found.push({ relationshipType: rule.relationshipType, urn: edge.urn, aspectName: edge.aspectName, next });
  }
  return found.sort((a, b) => (a.urn < b.urn ? -1 : a.urn > b.urn ? 1 : a.aspectName < b.aspectName ? -1 : a.aspectName > b.aspectName ? 1 : 0));
}

/** Rewrites every referring aspect without `ref`; returns what was changed. */
export function removeReferences(txn: StoreTxn, stamp: WriteStamp, ref: string): RelatedAspect[] {
  const found = findReferences(txn, ref);
  for (const f of found) writeAspect(txn, stamp, f.urn, f.aspectName, f.next);
  return found.map(({ relationshipType, urn, aspectName }) => ({ relationshipType, urn, aspectName }));
}
