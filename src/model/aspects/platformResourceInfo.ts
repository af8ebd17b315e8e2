/**
 * platformResourceInfo (com.linkedin.platformresource.PlatformResourceInfo): a platform resource
 * (urn:li:platformResource:<id>) — data an integration keeps in the catalog (a Slack member, a
 * Redshift datashare …), found again by its resource type and its primary or secondary keys.
 */
import { defineAspect, arr, rec, str, type AspectValue, type Infer } from './define.ts';

/** DataHub's SerializedValueContentType and SerializedValueSchemaType. */
export const SERIALIZED_CONTENT_TYPES = ['JSON', 'BINARY'] as const;
export const SERIALIZED_SCHEMA_TYPES = ['AVRO', 'PROTOBUF', 'PEGASUS', 'THRIFT', 'JSON', 'NONE'] as const;

/**
 * A serialized blob (com.linkedin.common.SerializedValue); `blob` is Pegasus bytes, a string in JSON.
 * `contentType` has the Pegasus default JSON when absent.
 */
const serializedValue = rec({
  blob: str,
  'contentType?': { enum: SERIALIZED_CONTENT_TYPES },
  'schemaType?': { enum: SERIALIZED_SCHEMA_TYPES },
  'schemaRef?': str,
});

const platformResourceInfo = defineAspect({
  name: 'platformResourceInfo',
  fqn: 'com.linkedin.platformresource.PlatformResourceInfo',
  fields: {
    resourceType: str,
    primaryKey: str,
    'secondaryKeys?': arr(str),
    'value?': serializedValue,
  },
  searchable: [
    { path: 'resourceType', field: 'resourceType', kind: 'keyword' },
    { path: 'primaryKey', field: 'primaryKey', kind: 'keyword' },
    { path: 'secondaryKeys[]', field: 'secondaryKeys', kind: 'keyword' },
  ],
});
export default platformResourceInfo;

export type SerializedValue = Infer<typeof serializedValue>;
export type PlatformResourceInfo = AspectValue<typeof platformResourceInfo>;
