/** `entityExists`: whether anything is stored for a urn (soft-deleted entities exist). */
import { parseUrn } from '../model/urn.ts';
import type { StoreView } from '../store/store.ts';

export function entityExists(view: StoreView, urn: string): boolean {
  parseUrn(urn);
  return view.entityExists(urn);
}
