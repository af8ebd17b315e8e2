/**
 * Read model of a platform resource (urn:li:platformResource:<id>): data an integration keeps in the
 * catalog, found again by its resource type and keys. Its `platformResourceInfo` as read — the
 * serialized value (content type JSON when none is stored) and, when that value is a JSON object,
 * its entries as custom properties — and the platform of its `dataPlatformInstance`.
 */
import platformResourceInfo, { type SerializedValue } from '../../model/aspects/platformResourceInfo.ts';
import { dataPlatformInstance } from '../../model/aspects/storedAsGiven.ts';
import type { StoreView } from '../../store/store.ts';
import { aspectOf, customPropertiesOf, type CustomPropertyRead } from './common.ts';

/** A serialized value (DataHub's `SerializedValue`) as read. */
export interface SerializedValueRead {
  blob: string;
  /** `JSON` or `BINARY`; JSON when none is stored (the model's default). */
  contentType: string;
  schemaType: string | null;
  schemaRef: string | null;
}

export interface PlatformResourcePropertiesRead {
  resourceType: string;
  primaryKey: string;
  secondaryKeys: string[] | null;
  /** Null when no value (or one without a blob) is stored. */
  value: SerializedValueRead | null;
  /** The entries of a JSON object value, each value as text (a non-string one as JSON); none for any other value. */
  customProperties: CustomPropertyRead[];
}

/** The entries of a JSON object blob, each value as text; none for any other value (binary, not JSON, not an object). */
function jsonEntries(value: SerializedValue | null | undefined): Record<string, string> {
  if (!value || (value.contentType ?? 'JSON') !== 'JSON' || typeof value.blob !== 'string') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value.blob);
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
}

function serializedValueOf(value: SerializedValue | null | undefined): SerializedValueRead | null {
  if (!value || typeof value.blob !== 'string') return null;
  return {
    blob: value.blob,
    contentType: value.contentType ?? 'JSON',
    schemaType: value.schemaType ?? null,
    schemaRef: value.schemaRef ?? null,
  };
}

/** A platform resource's properties; null when `platformResourceInfo` is not stored. */
export function readPlatformResourceProperties(view: StoreView, urn: string): PlatformResourcePropertiesRead | null {
  const info = aspectOf(view, urn, platformResourceInfo);
  if (!info) return null;
  return {
    resourceType: info.resourceType,
    primaryKey: info.primaryKey,
    secondaryKeys: info.secondaryKeys ? [...info.secondaryKeys] : null,
    value: serializedValueOf(info.value),
    customProperties: customPropertiesOf(jsonEntries(info.value)),
  };
}

/** The platform of a platform resource: the one its `dataPlatformInstance` names; null when none is stored. */
export function readPlatformResourcePlatform(view: StoreView, urn: string): string | null {
  const platform = aspectOf(view, urn, dataPlatformInstance)?.platform;
  return typeof platform === 'string' ? platform : null;
}
