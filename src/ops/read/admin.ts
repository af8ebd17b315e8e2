/**
 * Read models of the entities an administrator or a user defines for the catalog itself: saved search
 * views (`dataHubView`) and ownership types. Their info aspects are stored as given, so a field reads
 * only when it has the expected type.
 */
import { dataHubViewInfo } from '../../model/aspects/readAsGiven.ts';
import { ownershipTypeInfo } from '../../model/aspects/storedAsGiven.ts';
import type { StoreView } from '../../store/store.ts';
import { parseUrn } from '../../model/urn.ts';
import { ownershipTypeName } from '../labels/ownershipTypes.ts';
import { aspectOf } from './common.ts';

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** A saved search view (`dataHubViewInfo`); it reads whether or not its info is stored. */
export interface DataHubViewRead {
  /** `PERSONAL` (the owner's own) unless stored otherwise, e.g. `GLOBAL` (the organization's). */
  viewType: string;
  /** The stored name, else the id from the urn. */
  name: string;
  description: string | null;
}

export function readDataHubView(view: StoreView, urn: string): DataHubViewRead {
  const info = aspectOf(view, urn, dataHubViewInfo);
  return {
    viewType: str(info?.type) ?? 'PERSONAL',
    name: str(info?.name) ?? parseUrn(urn).rawKey,
    description: str(info?.description),
  };
}

/** An ownership type (system or custom); it reads whether or not its info is stored. */
export interface OwnershipTypeRead {
  /** The stored name, else the words of the id from the urn (`__system__data_steward` → `Data Steward`). */
  name: string;
  description: string | null;
}

export function readOwnershipType(view: StoreView, urn: string): OwnershipTypeRead {
  return { name: ownershipTypeName(view, urn), description: str(aspectOf(view, urn, ownershipTypeInfo)?.description) };
}
