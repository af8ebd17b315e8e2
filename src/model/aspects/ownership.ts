import { arr, auditStamp, defineAspect, rec, str, urnOf, type Stamp } from './define.ts';

export const OWNERSHIP_TYPES = [
  'TECHNICAL_OWNER', 'BUSINESS_OWNER', 'DATA_STEWARD', 'NONE', 'CUSTOM',
  'DEVELOPER', 'DATAOWNER', 'DELEGATE', 'PRODUCER', 'CONSUMER', 'STAKEHOLDER',
] as const;

export const OWNERSHIP_SOURCE_TYPES = [
  'AUDIT', 'DATABASE', 'FILE_SYSTEM', 'ISSUE_TRACKING_SYSTEM', 'MANUAL', 'SERVICE', 'SOURCE_CONTROL', 'OTHER',
] as const;

export interface Owner {
  owner: string;
  type?: string;
  typeUrn?: string;
  source?: { type: string; url?: string };
  [extra: string]: unknown;
}
export interface Ownership {
  owners: Owner[];
  lastModified?: Stamp;
  [extra: string]: unknown;
}

export default defineAspect({
  name: 'ownership',
  fqn: 'com.linkedin.common.Ownership',
  fields: {
    owners: arr(
      rec({
        owner: urnOf('corpuser', 'corpGroup'),
        'type?': { enum: OWNERSHIP_TYPES },
        'typeUrn?': urnOf('ownershipType'),
        'source?': rec({ type: { enum: OWNERSHIP_SOURCE_TYPES }, 'url?': str }),
      }),
    ),
    'ownerTypes?': { map: 'any' },
    'lastModified?': auditStamp,
  },
  relationships: [
    { name: 'OwnedBy', path: 'owners[].owner' },
    { name: 'ownershipType', path: 'owners[].typeUrn' },
  ],
});
