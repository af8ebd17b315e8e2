/**
 * platformResourceInfo (com.linkedin.platformresource.PlatformResourceInfo): a platform resource
 * (urn:li:platformResource:<id>) — data an integration keeps in the catalog (a Slack member, a
 * Redshift datashare …), found again by its resource type and its primary or secondary keys.
 */
import { defineAspect, arr, rec, str } from './define.ts';

/** DataHub's SerializedValueContentType and SerializedValueSchemaType. */
export const SERIALIZED_CONTENT_TYPES = ['JSON', 'BINARY'] as const;
export const SERIALIZED_SCHEMA_TYPES = ['AVRO', 'PROTOBUF', 'PEGASUS', 'THRIFT', 'JSON', 'NONE'] as const;

/** A serialized blob (com.linkedin.common.SerializedValue); `blob` is Pegasus bytes, a string in JSON. */
export interface SerializedValue {
  blob: string;
  /** Pegasus default JSON when absent. */
  contentType?: (typeof SERIALIZED_CONTENT_TYPES)[number];
  schemaType?: (typeof SERIALIZED_SCHEMA_TYPES)[number] | null;
  schemaRef?: string | null;
  [extra: string]: unknown;
}

export interface PlatformResourceInfo {
  resourceType: string;
  primaryKey: string;
  secondaryKeys?: string[] | null;
  value?: SerializedValue | null;
  [extra: string]: unknown;
}

export default defineAspect({
  name: 'platformResourceInfo',
  fqn: 'com.linkedin.platformresource.PlatformResourceInfo',
  fields: {
    resourceType: str,
    primaryKey: str,
    'secondaryKeys?': arr(str),
    'value?': rec({
      blob: str,
      'contentType?': { enum: SERIALIZED_CONTENT_TYPES },
      'schemaType?': { enum: SERIALIZED_SCHEMA_TYPES },
      'schemaRef?': str,
    }),
  },
});
