/**
 * The one way operations write an aspect: validates the URN and the aspect's shape, derives the
 * entity's key aspect from the URN, and stores a new version stamped with the actor and time.
 */
import { validateAspect } from '../model/aspects.ts';
import { isKeyAspect, keyAspectOf } from '../model/registry.ts';
import type { PutAspectResult, StoreTxn } from '../store/store.ts';

export interface WriteStamp {
  actor: string;
  time: number;
}

export function writeAspect(
  txn: StoreTxn,
  stamp: WriteStamp,
  urn: string,
  aspectName: string,
  value: unknown,
  systemMetadata?: Record<string, unknown>,
): PutAspectResult {
  const key = keyAspectOf(urn);
  validateAspect(key.entityType, aspectName, value);
  return txn.putAspect({
    urn,
    entityType: key.entityType,
    aspectName,
    // A key aspect always follows from the URN, whatever a client sent for it.
    value: isKeyAspect(key.entityType, aspectName) ? key.value : value,
    created: { time: stamp.time, actor: stamp.actor },
    systemMetadata: systemMetadata ?? null,
    key: { aspectName: key.aspectName, value: key.value },
  });
}
