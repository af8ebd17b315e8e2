/**
 * DataHub's versioning side effects (VersionPropertiesSideEffect, VersionSetSideEffect), registered
 * with writeAspect (src/ops/core/sideEffects.ts) for every write of `versionProperties` or
 * `versionSetProperties` whoever makes it — linkAssetVersion, a REST ingest of an mlflow model
 * version, `catalog ingest`:
 *
 * - a version of a set that has no properties yet creates them, with the version as latest;
 * - a version whose `sortId` sorts after the latest's becomes the latest;
 * - a set's `latest` moving marks the old latest `isLatest: false` and the new one `isLatest: true`.
 *
 * `isLatest` is computed here, never taken from the client: DataHub refuses a client's value, we
 * overwrite it, so a `catalog export` file (which carries the computed value) ingests back.
 * Deliberate differences: a version moved to another set hands its old set's `latest` on (DataHub
 * leaves the old set pointing at it), and a set's `customProperties` survive a change of latest.
 */
import versionProperties, { type VersionProperties } from '../../model/aspects/versionProperties.ts';
import versionSetProperties, { type VersionSetProperties } from '../../model/aspects/versionSetProperties.ts';
import type { PutAspectResult, StoreTxn, StoreView } from '../../store/store.ts';
import { latestAspect } from '../core/resources.ts';
import { registerDeclaredSideEffect } from '../core/sideEffects.ts';

/** Stores one aspect value as is (no side effects). */
export type StoreFn = (urn: string, aspectName: string, value: unknown) => PutAspectResult;

export function versionPropertiesOf(view: StoreView, urn: string): VersionProperties | undefined {
  return latestAspect(view, urn, versionProperties);
}

export function versionSetPropertiesOf(view: StoreView, urn: string): VersionSetProperties | undefined {
  return latestAspect(view, urn, versionSetProperties);
}

/** The versions of a set (entities whose versionProperties name it), from the relationships index. */
export function versionsOf(view: StoreView, versionSet: string): Array<{ urn: string; properties: VersionProperties }> {
  const out: Array<{ urn: string; properties: VersionProperties }> = [];
  for (const edge of view.edges(versionSet, 'INCOMING', ['VersionOf'])) {
    const properties = versionPropertiesOf(view, edge.urn);
    if (properties?.versionSet === versionSet) out.push({ urn: edge.urn, properties });
  }
  return out;
}

/**
 * The version that takes over as latest when `leaving` goes: the highest sortId below the leaving
 * one's (DataHub's rule), else the highest of the rest; undefined when no version is left.
 */
export function successorOf(
  view: StoreView,
  versionSet: string,
  leaving: string,
  leavingSortId: string,
): string | undefined {
  const rest = versionsOf(view, versionSet).filter((v) => v.urn !== leaving);
  const best = (list: typeof rest) =>
    list.reduce<(typeof rest)[number] | undefined>(
      (a, b) => (!a || b.properties.sortId > a.properties.sortId ? b : a),
      undefined,
    );
  return (best(rest.filter((v) => v.properties.sortId < leavingSortId)) ?? best(rest))?.urn;
}

function setIsLatest(view: StoreView, urn: string, isLatest: boolean, store: StoreFn): void {
  const current = versionPropertiesOf(view, urn);
  if (current && current.isLatest !== isLatest) store(urn, 'versionProperties', { ...current, isLatest });
}

registerDeclaredSideEffect(versionProperties, {
  name: 'versionSetLatest',
  before: (w) => writeVersion(w.txn, w.urn, w.value, w.previous, w.put),
});
registerDeclaredSideEffect(versionSetProperties, {
  name: 'versionIsLatest',
  after: (w) => afterVersionSet(w.txn, w.urn, w.value, w.previous, w.put),
});

/** Before a version's properties are stored: its set follows; returns the value to store, `isLatest` computed. */
function writeVersion(
  txn: StoreTxn,
  urn: string,
  value: VersionProperties,
  before: VersionProperties | undefined,
  store: StoreFn,
): VersionProperties {
  const versionSet = value.versionSet;
  if (before && before.versionSet !== versionSet) leaveSet(txn, urn, before, store);
  const setProps = versionSetPropertiesOf(txn, versionSet);
  let isLatest: boolean;
  if (!setProps) {
    store(versionSet, 'versionSetProperties', {
      versioningScheme: value.versioningScheme ?? 'LEXICOGRAPHIC_STRING',
      latest: urn,
    });
    isLatest = true;
  } else if (setProps.latest === urn) {
    isLatest = true;
  } else {
    const previous = versionPropertiesOf(txn, setProps.latest);
    const previousCounts = previous !== undefined && previous.versionSet === versionSet;
    isLatest = !previousCounts || value.sortId > previous.sortId;
    if (isLatest) {
      store(versionSet, 'versionSetProperties', { ...setProps, latest: urn });
      if (previousCounts) setIsLatest(txn, setProps.latest, false, store);
    }
  }
  return { ...value, isLatest };
}

/** A version moving to another set: its old set's latest passes to a remaining version, or the set goes. */
function leaveSet(txn: StoreTxn, urn: string, before: VersionProperties, store: StoreFn): void {
  const old = versionSetPropertiesOf(txn, before.versionSet);
  if (!old || old.latest !== urn) return;
  const next = successorOf(txn, before.versionSet, urn, before.sortId);
  if (next === undefined) {
    txn.deleteEntity(before.versionSet);
    return;
  }
  store(before.versionSet, 'versionSetProperties', { ...old, latest: next });
  setIsLatest(txn, next, true, store);
}

/** After a set's properties are stored: the old latest and the new one have their `isLatest` moved. */
function afterVersionSet(
  txn: StoreTxn,
  urn: string,
  value: VersionSetProperties,
  before: VersionSetProperties | undefined,
  store: StoreFn,
): void {
  const previous = before?.latest;
  if (previous !== undefined && previous !== value.latest && versionPropertiesOf(txn, previous)?.versionSet === urn) {
    setIsLatest(txn, previous, false, store);
  }
  // A latest that is not (yet) a version of this set is left as it is: when its versionProperties
  // arrive, writeVersion finds it named latest and marks it so.
  if (versionPropertiesOf(txn, value.latest)?.versionSet === urn) setIsLatest(txn, value.latest, true, store);
}
