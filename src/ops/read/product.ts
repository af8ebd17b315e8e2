/**
 * Read models of data products and applications, the two named sets of assets: their properties with
 * the catalog's defaults (the name falls back to the id from the urn), and the assets a data product
 * holds (docs/datahub/discovery.md §4: `dataProductProperties.assets[].destinationUrn`).
 */
import applicationProperties from '../../model/aspects/applicationProperties.ts';
import { dataProductProperties } from '../../model/aspects/storedAsGiven.ts';
import { parseUrn } from '../../model/urn.ts';
import type { StoreView } from '../../store/store.ts';
import { aspectOf, customPropertiesOf, type CustomPropertyRead } from './common.ts';

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const props = (p: unknown): Record<string, string> | undefined =>
  p && typeof p === 'object' ? (p as Record<string, string>) : undefined;

export interface DataProductPropertiesRead {
  /** The stored name, else the id from the urn. */
  name: string;
  description: string | null;
  externalUrl: string | null;
  /** How many asset entries are stored (each counts, whether or not it names an asset). */
  numAssets: number;
  customProperties: CustomPropertyRead[];
}

/** A data product's properties; null when `dataProductProperties` is not stored. */
export function readDataProductProperties(view: StoreView, urn: string): DataProductPropertiesRead | null {
  const p = aspectOf(view, urn, dataProductProperties);
  if (!p) return null;
  return {
    name: str(p['name']) ?? parseUrn(urn).rawKey,
    description: str(p['description']),
    externalUrl: str(p['externalUrl']),
    numAssets: Array.isArray(p['assets']) ? p['assets'].length : 0,
    customProperties: customPropertiesOf(props(p['customProperties'])),
  };
}

/** The urns a data product holds: each asset entry's `destinationUrn`, entries without one left out; none when nothing is stored. */
export function readDataProductAssets(view: StoreView, urn: string): string[] {
  const assets = aspectOf(view, urn, dataProductProperties)?.assets;
  if (!Array.isArray(assets)) return [];
  return assets
    .map((a) => str((a as Record<string, unknown> | null)?.['destinationUrn']))
    .filter((u): u is string => u !== null);
}

export interface ApplicationPropertiesRead {
  /** The stored name, else the id from the urn. */
  name: string;
  description: string | null;
  externalUrl: string | null;
  customProperties: CustomPropertyRead[];
}

/** An application's properties; null when `applicationProperties` is not stored. */
export function readApplicationProperties(view: StoreView, urn: string): ApplicationPropertiesRead | null {
  const p = aspectOf(view, urn, applicationProperties);
  if (!p) return null;
  return {
    name: str(p['name']) ?? parseUrn(urn).rawKey,
    description: str(p['description']),
    externalUrl: str(p['externalUrl']),
    customProperties: customPropertiesOf(props(p['customProperties'])),
  };
}
