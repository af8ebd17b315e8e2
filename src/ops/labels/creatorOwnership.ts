/** The ownership DataHub gives an entity created through the API: its creator, as technical owner. */
import type { Ownership } from '../../model/aspects/ownership.ts';
import { systemOwnershipTypeUrn } from './owners.ts';
import type { WriteStamp } from '../core/writeAspect.ts';

export function creatorOwnership(stamp: WriteStamp): Ownership {
  return {
    owners: [
      {
        owner: stamp.actor,
        type: 'TECHNICAL_OWNER',
        typeUrn: systemOwnershipTypeUrn('TECHNICAL_OWNER'),
        source: { type: 'MANUAL' },
      },
    ],
    lastModified: stamp,
  };
}
