/**
 * Documents: DataHub's knowledge-base entity (`urn:li:document:<id>`; aspects documentInfo,
 * documentSettings, semanticText, subTypes …). The SDK's `Document` writes them through ingest; these
 * are the reads GraphQL serves besides the document itself: its parent chain and, for an asset, the
 * documents related to it — with DataHub's visibility rule: a PUBLISHED document is seen by everyone,
 * an UNPUBLISHED one only by its owners (the user or one of the user's groups).
 */
import documentInfo, { type DocumentInfo } from '../../model/aspects/documentInfo.ts';
import groupMembership from '../../model/aspects/groupMembership.ts';
import ownership from '../../model/aspects/ownership.ts';
import status from '../../model/aspects/status.ts';
import {
  domains as domainsAspect,
  nativeGroupMembership,
  subTypes as subTypesAspect,
} from '../../model/aspects/storedAsGiven.ts';
import { validateUrn } from '../../model/registry.ts';
import type { StoreView } from '../../store/store.ts';
import { pageOf, paging } from '../core/paging.ts';
import { latestAspect } from '../core/resources.ts';

/** RelatedDocumentsResolver's page size when `count` is not given: the 100 most recently modified. */
export const DEFAULT_RELATED_DOCUMENTS_COUNT = 100;

export interface RelatedDocumentsQuery {
  start?: number | null;
  count?: number | null;
  /** Only children of these documents; takes precedence over `rootOnly`. */
  parentDocuments?: readonly string[] | null;
  /** Only documents without a parent. */
  rootOnly?: boolean | null;
  /** Sub-types (subTypes.typeNames), any of them. */
  types?: readonly string[] | null;
  /** Domains, any of them. */
  domains?: readonly string[] | null;
  sourceType?: string | null;
}

export interface DocumentsPage {
  start: number;
  count: number;
  total: number;
  urns: string[];
}

export function documentInfoOf(view: StoreView, urn: string): DocumentInfo | undefined {
  return latestAspect(view, urn, documentInfo);
}

export function parentOf(view: StoreView, urn: string): string | undefined {
  return documentInfoOf(view, urn)?.parentDocument?.document;
}

/** The parent chain of a document, direct parent first; stops at a cycle or a missing link. */
export function parentDocuments(view: StoreView, urn: string): string[] {
  const out: string[] = [];
  const seen = new Set([urn]);
  for (let next = parentOf(view, urn); next && !seen.has(next); next = parentOf(view, next)) {
    seen.add(next);
    out.push(next);
  }
  return out;
}

const isRemoved = (view: StoreView, urn: string) => latestAspect(view, urn, status)?.removed === true;

/** The user and the groups they belong to: who may see an UNPUBLISHED document they own. */
function actorAndGroups(view: StoreView, actor: string): Set<string> {
  const groups = latestAspect(view, actor, groupMembership)?.groups ?? [];
  const native = latestAspect(view, actor, nativeGroupMembership)?.nativeGroups ?? [];
  return new Set([actor, ...groups, ...native]);
}

function visibleTo(view: StoreView, urn: string, info: DocumentInfo, principals: Set<string>): boolean {
  if (info.status?.state !== 'UNPUBLISHED') return true;
  const owners = latestAspect(view, urn, ownership)?.owners ?? [];
  return owners.some((o) => principals.has(o.owner));
}

const anyOf = (wanted: readonly string[] | null | undefined, have: readonly string[]) =>
  !wanted?.length || have.some((h) => wanted.includes(h));

function matches(view: StoreView, urn: string, info: DocumentInfo, q: RelatedDocumentsQuery): boolean {
  const parent = info.parentDocument?.document;
  if (q.parentDocuments?.length) {
    if (!parent || !q.parentDocuments.includes(parent)) return false;
  } else if (q.rootOnly && parent) {
    return false;
  }
  const subTypes = latestAspect(view, urn, subTypesAspect)?.typeNames ?? [];
  const domains = latestAspect(view, urn, domainsAspect)?.domains ?? [];
  if (!anyOf(q.types, subTypes) || !anyOf(q.domains, domains)) return false;
  return !q.sourceType || info.source?.sourceType === q.sourceType;
}

/**
 * The documents whose `relatedAssets` name `assetUrn` (found through the relationships index, so the
 * cost follows the references, not the catalog), filtered as the input says and as `actor` may see
 * them, most recently modified first. Soft-deleted documents are left out, as DataHub's search does.
 */
export function relatedDocuments(
  view: StoreView,
  assetUrn: string,
  q: RelatedDocumentsQuery,
  actor: string,
): DocumentsPage {
  validateUrn(assetUrn);
  const page = paging(q, DEFAULT_RELATED_DOCUMENTS_COUNT);
  const principals = actorAndGroups(view, actor);
  const found: Array<{ urn: string; modified: number }> = [];
  const seen = new Set<string>();
  for (const edge of view.edges(assetUrn, 'INCOMING', ['RelatedAsset'])) {
    if (seen.has(edge.urn)) continue;
    seen.add(edge.urn);
    const info = documentInfoOf(view, edge.urn);
    if (
      !info ||
      isRemoved(view, edge.urn) ||
      !visibleTo(view, edge.urn, info, principals) ||
      !matches(view, edge.urn, info, q)
    )
      continue;
    found.push({ urn: edge.urn, modified: info.lastModified?.time ?? 0 });
  }
  found.sort((a, b) => b.modified - a.modified || (a.urn < b.urn ? -1 : a.urn > b.urn ? 1 : 0));
  const { start, count, total, items } = pageOf(found, page);
  return { start, count, total, urns: items.map((d) => d.urn) };
}
