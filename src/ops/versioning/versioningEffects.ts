/**
 * DataHub's versioning side effects (VersionPropertiesSideEffect, VersionSetSideEffect), run on every
 * write of `versionProperties` or `versionSetProperties` whoever makes it — linkAssetVersion, a REST
 * ingest of an mlflow model version, `catalog ingest`:
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
import type { VersionProperties } from '../../model/aspects/versionProperties.ts';
import type { VersionSetProperties } from '../../model/aspects/versionSetProperties.ts';
import type { PutAspectResult, StoreTxn, StoreView } from '../../store/store.ts';

export const VERSIONING_ASPECTS: ReadonlySet<string> = new Set(['versionProperties', 'versionSetProperties']);

/** Stores one aspect value as is (no side effects). */
export type StoreFn = (urn: string, aspectName: string, value: unknown) => PutAspectResult;

export function versionPropertiesOf(view: StoreView, urn: string): VersionProperties | undefined {
  return view.getAspect(urn, 'versionProperties')?.value as VersionProperties | undefined;
}

export function versionSetPropertiesOf(view: StoreView, urn: string): VersionSetProperties | undefined {
  return view.getAspect(urn, 'versionSetProperties')?.value as VersionSetProperties | undefined;
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
export function successorOf(view: StoreView, versionSet: string, leaving: string, leavingSortId: string): string | undefined {
  const rest = versionsOf(view, versionSet).filter((v) => v.urn !== leaving);
  const best = (list: typeof rest) => list.reduce<(typeof rest)[number] | undefined>((a, b) => (!a || b.properties.sortId > a.properties.sortId ? b : a), undefined);
  return (best(rest.filter((v) => v.properties.sortId < leavingSortId)) ?? best(rest))?.urn;
}

function setIsLatest(view: StoreView, urn: string, isLatest: boolean, store: StoreFn): void {
  const current = versionPropertiesOf(view, urn);
  if (current && current.isLatest !== isLatest) store(urn, 'versionProperties', { ...current, isLatest });
}

/** Writes `value` of `aspectName` on `urn` with the side effects above; returns the write's result. */
export function versioningSideEffects(txn: StoreTxn, urn: string, aspectName: string, value: unknown, store: StoreFn): PutAspectResult {
  return aspectName === 'versionProperties'
    ? writeVersion(txn, urn, value as VersionProperties, store)
    : writeVersionSet(txn, urn, value as VersionSetProperties, store);
}

function writeVersion(txn: StoreTxn, urn: string, value: VersionProperties, store: StoreFn): PutAspectResult {
  const versionSet = value.versionSet;
  const before = versionPropertiesOf(txn, urn);
  if (before && before.versionSet !== versionSet) leaveSet(txn, urn, before, store);
  const setProps = versionSetPropertiesOf(txn, versionSet);
  let isLatest: boolean;
  if (!setProps) {
    store(versionSet, 'versionSetProperties', { versioningScheme: value.versioningScheme ?? 'LEXICOGRAPHIC_STRING', latest: urn });
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
  return store(urn, 'versionProperties', { ...value, isLatest });
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

function writeVersionSet(txn: StoreTxn, urn: string, value: VersionSetProperties, store: StoreFn): PutAspectResult {
  const previous = versionSetPropertiesOf(txn, urn)?.latest;
  const result = store(urn, 'versionSetProperties', value);
  if (previous !== undefined && previous !== value.latest && versionPropertiesOf(txn, previous)?.versionSet === urn) {
    setIsLatest(txn, previous, false, store);
  }
  // A latest that is not (yet) a version of this set is left as it is: when its versionProperties
  // arrive, writeVersion finds it named latest and marks it so.
  if (versionPropertiesOf(txn, value.latest)?.versionSet === urn) setIsLatest(txn, value.latest, true, store);
  return result;
}
