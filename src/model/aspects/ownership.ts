import {
  arr,
  attribution,
  auditStamp,
  defineAspect,
  LABEL,
  rec,
  str,
  urnOf,
  type AspectValue,
  type Infer,
} from './define.ts';

export const OWNERSHIP_TYPES = [
  'TECHNICAL_OWNER',
  'BUSINESS_OWNER',
  'DATA_STEWARD',
  'NONE',
  'CUSTOM',
  'DEVELOPER',
  'DATAOWNER',
  'DELEGATE',
  'PRODUCER',
  'CONSUMER',
  'STAKEHOLDER',
] as const;
export type OwnershipTypeName = (typeof OWNERSHIP_TYPES)[number];

export const OWNERSHIP_SOURCE_TYPES = [
  'AUDIT',
  'DATABASE',
  'FILE_SYSTEM',
  'ISSUE_TRACKING_SYSTEM',
  'MANUAL',
  'SERVICE',
  'SOURCE_CONTROL',
  'OTHER',
] as const;

const owner = rec({
  owner: urnOf('corpuser', 'corpGroup'),
  type: { enum: OWNERSHIP_TYPES },
  'typeUrn?': urnOf('ownershipType'),
  'source?': rec({ type: { enum: OWNERSHIP_SOURCE_TYPES }, 'url?': str }),
  'attribution?': attribution,
});

const ownership = defineAspect({
  name: 'ownership',
  fqn: 'com.linkedin.common.Ownership',
  fields: {
    owners: arr(owner),
    'ownerTypes?': { map: 'any' },
    'lastModified?': auditStamp,
  },
  relationships: [
    { name: 'OwnedBy', path: 'owners[].owner' },
    { name: 'ownershipType', path: 'owners[].typeUrn' },
  ],
  searchable: [{ path: 'owners[].owner', field: 'owners', kind: 'urn', weight: LABEL }],
  mergeKeys: { owners: ['owner', 'type'] },
  emptyValue: (stamp) => ({ owners: [], lastModified: stamp() }),
});
export default ownership;

export type Owner = Infer<typeof owner>;
export type Ownership = AspectValue<typeof ownership>;
