/**
 * The one way operations write an aspect: validates the URN and the aspect's shape, derives the
 * entity's key aspect from the URN, and stores a new version stamped with the actor and time — or,
 * for a timeseries aspect, one more event of the entity's series.
 */
import { validateAspect } from '../../model/aspects.ts';
import { isKeyAspect, keyAspectOf } from '../../model/registry.ts';
import { eventKey, isTimeseriesAspect } from '../../model/timeseries.ts';
import type { PutAspectResult, StoreTxn } from '../../store/store.ts';
import { assertionRunSideEffects, RUN_EVENT } from '../quality/assertions.ts';
import { VERSIONING_ASPECTS, versioningSideEffects } from '../versioning/versioningEffects.ts';

export type WriteStamp = {
  actor: string;
  time: number;
};

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
  if (isTimeseriesAspect(aspectName)) {
    // An event joins the entity's series; it neither versions a value nor creates the entity.
    const { timestampMillis, partition } = eventKey(aspectName, value);
    const record = { value: value as Record<string, unknown>, systemMetadata: { ...(systemMetadata ?? {}), lastObserved: stamp.time }, created: { time: stamp.time, actor: stamp.actor } };
    txn.putTimeseries(urn, aspectName, timestampMillis, partition, record);
    // A completed assertion run moves the assertion's run summary, as DataHub's AssertionRunSummaryHook does.
    if (aspectName === RUN_EVENT) assertionRunSideEffects(txn, stamp, urn, value);
    return { changed: true, history: 0, created: false };
  }
  if (VERSIONING_ASPECTS.has(aspectName)) {
    // A version's properties and its set's latest move together, as DataHub's versioning side effects do.
    const store = (u: string, a: string, v: unknown) => storeAspect(txn, stamp, u, a, v, u === urn && a === aspectName ? systemMetadata : undefined);
    return versioningSideEffects(txn, urn, aspectName, value, store);
  }
  return storeAspect(txn, stamp, urn, aspectName, value, systemMetadata);
}

/** Stores a validated value as the aspect's latest version. */
function storeAspect(txn: StoreTxn, stamp: WriteStamp, urn: string, aspectName: string, value: unknown, systemMetadata?: Record<string, unknown>): PutAspectResult {
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
