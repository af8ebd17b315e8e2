/**
 * What to do with one aspect that a local file and a remote may both have changed: the decision
 * pull, push and diff share. Inputs are the base record kept for the remote (if any), both current
 * values, and — when there is no base record and the values differ — both histories.
 *
 * - `same`: both hold the same value;
 * - `takeRemote`: only the remote moved on since the base (or the local side is behind);
 * - `keepLocal`: only the local side moved on (or the remote is behind);
 * - `merged`: both moved on; `value` is the three-way merge, unless `conflicts` is not empty.
 *
 * "Edit, then pull again": a base that carries a conflict mark (base.ts) — a pull reported a conflict
 * on this aspect — whose local value changed since the mark while the remote still holds the value the
 * pull showed, is settled by that edit: the merge from the base takes this side wherever both changed
 * (as `--ours` would), and the remote's other changes still come in.
 */
import { findByHash, hashValue, relateHistories, type AspectVersion, type BaseRecord } from './base.ts';
import { mergeAspect, type Conflict } from './merge.ts';
import { ABSENT_VERSION } from './remote/types.ts';

export type Outcome =
  | { kind: 'same' }
  | { kind: 'takeRemote'; value: unknown }
  | { kind: 'keepLocal' }
  | {
      kind: 'merged';
      value: unknown;
      conflicts: Conflict[];
      resolved: Conflict[];
      /**
       * Without a base record, the base the histories gave (absent: version -1, the hash of nothing),
       * as a record: what a pull keeps, with a conflict mark, for an aspect it leaves in conflict.
       */
      from?: BaseRecord;
    };

export interface ReconcileInput {
  aspectName: string;
  base: BaseRecord | undefined;
  /** Current values; undefined = absent. */
  local: unknown;
  remote: unknown;
  /** Newest first; needed when the values differ (to find the base value, or without a base record). */
  localHistory: () => readonly AspectVersion[];
  remoteHistory: readonly AspectVersion[] | undefined;
  resolve?: 'ours' | 'theirs';
  /** `hashValue` of `local` / `remote` when the caller has it already (hashing is most of a large push's work). */
  localHash?: string;
  remoteHash?: string;
}

export function reconcile(input: ReconcileInput): Outcome {
  const { aspectName, base, local, remote } = input;
  const localHash = input.localHash ?? hashValue(local);
  const remoteHash = input.remoteHash ?? hashValue(remote);
  if (localHash === remoteHash) return { kind: 'same' };
  const mark = base?.conflict;
  const settledHere = mark !== undefined && mark.hash === remoteHash && mark.local !== localHash;
  const resolve = input.resolve ?? (settledHere ? 'ours' : undefined);
  if (base) {
    if (base.hash === localHash) return { kind: 'takeRemote', value: remote };
    if (base.hash === remoteHash) return { kind: 'keepLocal' };
    // The base value is an older version on one side (the local file keeps what it pulled).
    const found =
      base.hash === hashValue(undefined)
        ? { value: undefined }
        : (findByHash(input.localHistory(), base.hash) ?? findByHash(input.remoteHistory ?? [], base.hash));
    // One side removed the aspect (its history with it) while the other changed it, and the base value
    // is in neither history: the removal against the change is a conflict over the whole aspect, as
    // the merge would find it with the base at hand, never the change taken as new.
    if (!found && (local === undefined || remote === undefined))
      return removalAgainstChange(aspectName, local, remote, resolve);
    return merged(aspectName, found?.value, local, remote, resolve);
  }
  // One side lacks the aspect and no base says it had it: the other side's value is new (what
  // relateHistories answers too, without reading a history).
  if (remote === undefined) return { kind: 'keepLocal' };
  if (local === undefined) return { kind: 'takeRemote', value: remote };
  const rel = relateHistories(
    input.localHistory(),
    input.remoteHistory ?? (remote === undefined ? [] : [{ version: '0', value: remote }]),
  );
  if (rel.kind === 'same') return { kind: 'same' };
  if (rel.kind === 'fastForward')
    return rel.newer === 'remote' ? { kind: 'takeRemote', value: remote } : { kind: 'keepLocal' };
  const from: BaseRecord = rel.base
    ? { version: rel.base.remoteVersion, hash: hashValue(rel.base.value) }
    : { version: ABSENT_VERSION, hash: hashValue(undefined) };
  return {
    ...(merged(aspectName, rel.base?.value, local, remote, input.resolve) as Extract<Outcome, { kind: 'merged' }>),
    from,
  };
}

function removalAgainstChange(
  aspectName: string,
  local: unknown,
  remote: unknown,
  resolve: 'ours' | 'theirs' | undefined,
): Outcome {
  const conflict: Conflict = { aspect: aspectName, path: '', base: undefined, local, remote };
  if (!resolve) return { kind: 'merged', value: undefined, conflicts: [conflict], resolved: [] };
  return { kind: 'merged', value: resolve === 'ours' ? local : remote, conflicts: [], resolved: [conflict] };
}

function merged(
  aspectName: string,
  base: unknown,
  local: unknown,
  remote: unknown,
  resolve: 'ours' | 'theirs' | undefined,
): Outcome {
  const m = mergeAspect(aspectName, base, local, remote, undefined, { resolve });
  return { kind: 'merged', value: m.value, conflicts: m.conflicts, resolved: m.resolved };
}

/** The urns an aspect value points to that a pull brings along: owners, tags, terms, domains, platforms. */
const REFERENCE = /urn:li:(?:corpuser|corpGroup|tag|glossaryTerm|glossaryNode|domain|dataPlatform):[^",()\s]+/g;

export function referencedUrns(values: Iterable<unknown>, into: Set<string>): void {
  for (const v of values) {
    if (v === undefined) continue;
    referencedUrnsInText(JSON.stringify(v), into);
  }
}

/** The same urns found in JSON text as it was read (a record holding the values), without encoding them again. */
export function referencedUrnsInText(text: string, into: Set<string>): void {
  for (const m of text.matchAll(REFERENCE)) into.add(m[0]);
}
