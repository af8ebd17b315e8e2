/**
 * Read models of the entities an administrator or a user defines for the catalog itself: saved search
 * views (`dataHubView`) and ownership types. Their info aspects are stored as given, so a field reads
 * only when it has the expected type.
 */
import { browsePaths, dataHubStepStateProperties, dataHubViewInfo } from '../../model/aspects/readAsGiven.ts';
import { ownershipTypeInfo } from '../../model/aspects/storedAsGiven.ts';
import type { StoreView } from '../../store/store.ts';
import { parseUrn } from '../../model/urn.ts';
import { validateUrn } from '../../model/registry.ts';
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

/** A step state the web app keeps (`dataHubStepStateProperties` of `urn:li:dataHubStepState:<id>`). */
export interface StepStateRead {
  id: string;
  properties: Array<{ key: string; value: string }>;
}

/** The step states stored among `ids`, in the order asked; an id with nothing stored is left out, as DataHub does. */
export function readStepStates(view: StoreView, ids: readonly string[]): StepStateRead[] {
  const out: StepStateRead[] = [];
  for (const id of ids) {
    const props = aspectOf(view, `urn:li:dataHubStepState:${id}`, dataHubStepStateProperties)?.properties;
    if (props === undefined || props === null || typeof props !== 'object' || Array.isArray(props)) continue;
    out.push({
      id,
      properties: Object.entries(props as Record<string, unknown>)
        .filter((e): e is [string, string] => typeof e[1] === 'string')
        .map(([key, value]) => ({ key, value })),
    });
  }
  return out;
}

/** An entity's v1 browse paths (`browsePaths`), each split on `/` with the empty parts left out; none when not stored. */
export function readBrowsePaths(view: StoreView, urn: string): string[][] {
  validateUrn(urn);
  const paths = aspectOf(view, urn, browsePaths)?.paths ?? [];
  return paths.map((p) => p.split('/').filter((part) => part !== ''));
}
