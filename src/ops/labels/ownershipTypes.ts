/**
 * listOwnershipTypes: the ownership types an owner can be given — DataHub's system ones (technical
 * owner, business owner, data steward, none) and every custom one stored as an `ownershipType`
 * entity — filtered by a case-insensitive name query and paged (mcp-server-datahub resolves an
 * ownership type's name to its urn with it).
 */
import { paging } from '../core/paging.ts';
import status from '../../model/aspects/status.ts';
import { ownershipTypeInfo } from '../../model/aspects/storedAsGiven.ts';
import { latestAspect } from '../core/resources.ts';
import type { StoreView } from '../../store/store.ts';
import { systemOwnershipTypeUrn } from './owners.ts';

export const SYSTEM_OWNERSHIP_TYPES = ['TECHNICAL_OWNER', 'BUSINESS_OWNER', 'DATA_STEWARD', 'NONE'] as const;

export interface OwnershipTypesQuery {
  start?: number | null;
  count?: number | null;
  query?: string | null;
}

/** The name an ownership type shows: its stored info, else the words of a system type's id. */
export function ownershipTypeName(view: StoreView, urn: string): string {
  const info = latestAspect(view, urn, ownershipTypeInfo);
  if (info?.name) return info.name;
  const id = urn.slice(urn.lastIndexOf(':') + 1).replace(/^__system__/, '');
  return id
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

export function listOwnershipTypes(
  view: StoreView,
  q: OwnershipTypesQuery,
): { start: number; count: number; total: number; urns: string[] } {
  const { start, count } = paging(q, 20);
  const urns = [...SYSTEM_OWNERSHIP_TYPES.map(systemOwnershipTypeUrn)];
  for (const urn of view.eachUrnOfType('ownershipType')) {
    const removed = latestAspect(view, urn, status)?.removed === true;
    if (!urns.includes(urn) && !removed) urns.push(urn);
  }
  const needle = (q.query ?? '').trim().toLowerCase();
  const matching =
    needle === '' || needle === '*'
      ? urns
      : urns.filter((u) => ownershipTypeName(view, u).toLowerCase().includes(needle));
  const page = matching.slice(start, start + count);
  return { start, count: page.length, total: matching.length, urns: page };
}
