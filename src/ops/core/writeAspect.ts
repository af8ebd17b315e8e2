/**
 * The one way operations write an aspect: validates the URN and the aspect's shape, derives the
 * entity's key aspect from the URN, and stores a new version stamped with the actor and time — or,
 * for a timeseries aspect, one more event of the entity's series — running the side effects the
 * features registered for the aspect (src/ops/core/sideEffects.ts) in the same transaction.
 */
import { validateAspect } from '../../model/aspects.ts';
import { isKeyAspect, keyAspectOf } from '../../model/registry.ts';
import { eventKey, isTimeseriesAspect } from '../../model/timeseries.ts';
import type { PutAspectResult, StoreTxn } from '../../store/store.ts';
import {
  assertSideEffectsLoaded,
  sideEffectsOf,
  type AspectWrite,
  type SideEffect,
  type WriteStamp,
} from './sideEffects.ts';

export type { WriteStamp } from './sideEffects.ts';

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
  assertSideEffectsLoaded();
  const effects = sideEffectsOf(aspectName);
  const timeseries = isTimeseriesAspect(aspectName);
  const write = effects ? beforeEffects(effects, txn, stamp, urn, aspectName, value, timeseries) : undefined;
  if (write) value = write.value;
  let result: PutAspectResult;
  if (timeseries) {
    // An event joins the entity's series; it neither versions a value nor creates the entity.
    const { timestampMillis, partition } = eventKey(aspectName, value);
    const record = {
      value: value as Record<string, unknown>,
      systemMetadata: { ...(systemMetadata ?? {}), lastObserved: stamp.time },
      created: { time: stamp.time, actor: stamp.actor },
    };
    txn.putTimeseries(urn, aspectName, timestampMillis, partition, record);
    result = { changed: true, history: 0, created: false };
  } else {
    result = storeAspect(txn, stamp, urn, aspectName, value, systemMetadata);
  }
  if (effects && write) for (const e of effects) e.after?.(write);
  return result;
}

/** The write as its effects see it, after the `before` effects have had their say on the value. */
function beforeEffects(
  effects: readonly SideEffect[],
  txn: StoreTxn,
  stamp: WriteStamp,
  urn: string,
  aspectName: string,
  value: unknown,
  timeseries: boolean,
): AspectWrite {
  const write: AspectWrite = {
    txn,
    stamp,
    urn,
    aspectName,
    value,
    previous: timeseries ? undefined : txn.getAspect(urn, aspectName)?.value,
    put: (u, a, v) => storeAspect(txn, stamp, u, a, v),
  };
  for (const e of effects) if (e.before) write.value = e.before(write);
  return write;
}

/** Stores a validated value as the aspect's latest version. */
function storeAspect(
  txn: StoreTxn,
  stamp: WriteStamp,
  urn: string,
  aspectName: string,
  value: unknown,
  systemMetadata?: Record<string, unknown>,
): PutAspectResult {
  const key = keyAspectOf(urn);
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
