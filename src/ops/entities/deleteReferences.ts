/**
 * Removing references to an entity from every other entity's aspects, as DataHub does after a hard
 * delete (REST `deleteReferences`, GraphQL `deleteTag`, `deleteGlossaryEntity`, `deleteDomain`): tags
 * and terms of entities and columns, owners, group memberships, domains, glossary and domain parents,
 * data product assets. The relationships index finds the referring aspects; it runs inside the
 * caller's transaction.
 */
import type { StoreTxn, StoreView } from '../../store/store.ts';
import { aspectObjectByName } from '../core/resources.ts';
import { writeAspect, type WriteStamp } from '../core/writeAspect.ts';

export interface RelatedAspect {
  relationshipType: string;
  urn: string;
  aspectName: string;
}

type Json = Record<string, unknown>;
/** Returns the aspect value without any reference to `ref`, or undefined when it had none. */
type Rewrite = (value: Json, ref: string) => Json | undefined;

/** `holder[field]` without the elements naming `ref` (by `key`, or the element itself for urn lists). */
function dropIn(holder: Json | undefined, field: string, key: string | null, ref: string): Json | undefined {
  const list = holder?.[field];
  if (!Array.isArray(list)) return undefined;
  const kept = list.filter((e) => (key === null ? e !== ref : (e as Json | null)?.[key] !== ref));
  return kept.length === list.length ? undefined : { ...holder, [field]: kept };
}

/** Applies `steps` in turn; undefined when none of them changed anything. */
function chain(value: Json, ref: string, steps: Array<(v: Json, ref: string) => Json | undefined>): Json | undefined {
  let out: Json | undefined;
  for (const step of steps) out = step(out ?? value, ref) ?? out;
  return out;
}

/** A column (editable or ingested) without the tag or term `ref`. */
const dropLabelsOfColumn = (column: Json, ref: string): Json | undefined =>
  chain(column, ref, [
    (c) => {
      const tags = dropIn(c['globalTags'] as Json | undefined, 'tags', 'tag', ref);
      return tags && { ...c, globalTags: tags };
    },
    (c) => {
      const terms = dropIn(c['glossaryTerms'] as Json | undefined, 'terms', 'urn', ref);
      return terms && { ...c, glossaryTerms: terms };
    },
  ]);

function inColumns(listField: string): Rewrite {
  return (v, ref) => {
    const columns = v[listField];
    if (!Array.isArray(columns)) return undefined;
    let hit = false;
    const out = columns.map((c: Json) => {
      const next = dropLabelsOfColumn(c, ref);
      if (next) hit = true;
      return next ?? c;
    });
    return hit ? { ...v, [listField]: out } : undefined;
  };
}

/** A single-urn field (a parent link) cleared when it names `ref`. */
const clearField =
  (field: string): Rewrite =>
  (v, ref) => {
    if (v[field] !== ref) return undefined;
    const { [field]: _gone, ...rest } = v;
    return rest;
  };

/**
 * Per aspect: how to rewrite it without a reference. Every field here is a declared relationship, so
 * the relationships index finds each referring aspect.
 */
const REWRITES: Record<string, Rewrite> = {
  globalTags: (v, ref) => dropIn(v, 'tags', 'tag', ref),
  glossaryTerms: (v, ref) => dropIn(v, 'terms', 'urn', ref),
  editableSchemaMetadata: inColumns('editableSchemaFieldInfo'),
  schemaMetadata: inColumns('fields'),
  ownership: (v, ref) => dropIn(v, 'owners', 'owner', ref),
  groupMembership: (v, ref) => dropIn(v, 'groups', null, ref),
  nativeGroupMembership: (v, ref) => dropIn(v, 'nativeGroups', null, ref),
  corpGroupInfo: (v, ref) =>
    chain(
      v,
      ref,
      ['admins', 'members', 'groups'].map((f) => (x: Json, r: string) => dropIn(x, f, null, r)),
    ),
  domains: (v, ref) => dropIn(v, 'domains', null, ref),
  glossaryTermInfo: clearField('parentNode'),
  glossaryNodeInfo: clearField('parentNode'),
  domainProperties: clearField('parentDomain'),
  dataProductProperties: (v, ref) => dropIn(v, 'assets', 'destinationUrn', ref),
};

/**
 * Every aspect of another entity that refers to `ref`, without changing anything: the candidates come
 * from the relationships index (edges into `ref`), so the cost follows the references, not the catalog.
 */
export function findReferences(view: StoreView, ref: string): Array<RelatedAspect & { next: unknown }> {
  const found: Array<RelatedAspect & { next: unknown }> = [];
  const seen = new Set<string>();
  for (const edge of view.edges(ref, 'INCOMING')) {
    const rewrite = REWRITES[edge.aspectName];
    const key = `${edge.urn}\u0000${edge.aspectName}`;
    if (!rewrite || edge.urn === ref || seen.has(key)) continue;
    seen.add(key);
    // The aspect is the one the edge was found in (a name from the index, no declaration).
    const value = aspectObjectByName(view, edge.urn, edge.aspectName);
    const next = value === undefined ? undefined : rewrite(value, ref);
    if (next !== undefined)
      found.push({ relationshipType: edge.type, urn: edge.urn, aspectName: edge.aspectName, next });
  }
  return found.sort((a, b) =>
    a.urn < b.urn ? -1 : a.urn > b.urn ? 1 : a.aspectName < b.aspectName ? -1 : a.aspectName > b.aspectName ? 1 : 0,
  );
}

/** Rewrites every referring aspect without `ref`; returns what was changed. */
export function removeReferences(txn: StoreTxn, stamp: WriteStamp, ref: string): RelatedAspect[] {
  const found = findReferences(txn, ref);
  for (const f of found) writeAspect(txn, stamp, f.urn, f.aspectName, f.next);
  return found.map(({ relationshipType, urn, aspectName }) => ({ relationshipType, urn, aspectName }));
}
