/**
 * The base of a three-way merge: the value both sides last agreed on.
 *
 * - With a remote synced before, the data file keeps, per aspect, a base record: the remote's version
 *   and `hashValue` of the value at that sync. A side whose value still hashes the same has not
 *   changed since.
 * - For two files that never synced (a teammate's copy), the base comes from the aspect histories both
 *   files keep (`relateHistories`): equal current values need nothing; a side whose current value is
 *   an older version of the other's is a fast-forward; otherwise the base is the newest version both
 *   histories hold with the same value.
 *
 * Histories are arrays of `{version, value}`, newest first, as the store keeps them (the latest value,
 * then history rows n..1). An empty history means the aspect is absent.
 */
import { createHash } from 'node:crypto';
import { canonicalJson, compareText } from './canonical.ts';

/** SHA-256 (hex) of the canonical JSON of a value (`canonical.ts`); an absent value hashes the empty text. */
export function hashValue(json: unknown): string {
  return json === undefined ? ABSENT : createHash('sha256').update(canonicalJson(json)).digest('hex');
}

const ABSENT = createHash('sha256').update('').digest('hex');

export interface AspectVersion {
  version: string | number;
  value: unknown;
}

/** What the data file keeps per remote and aspect after a sync. */
export interface BaseRecord {
  /** The remote's version of the aspect at the last sync. */
  version: string;
  /** `hashValue` of the value both sides held then. */
  hash: string;
  /**
   * Set by a pull that left this aspect in conflict: the remote's version and value hash it was shown
   * then, and the hash of the local value at that moment. The base itself stays what both sides last
   * agreed on. A local value changed after that, while the remote still holds what was shown, is the
   * user's settlement of the conflict (`reconcile`): "edit, then pull again".
   */
  conflict?: ConflictMark;
}

export interface ConflictMark {
  version: string;
  hash: string;
  /** `hashValue` of the local value when the conflict was reported. */
  local: string;
}

export function baseRecord(version: string | number, value: unknown): BaseRecord {
  return { version: String(version), hash: hashValue(value) };
}

/** Whether `value` differs from what the base record describes (no record: it does). */
export function changedSince(base: BaseRecord | undefined, value: unknown): boolean {
  return base === undefined || base.hash !== hashValue(value);
}

/** The newest entry of a history whose value has this hash: how a base value is found again. */
export function findByHash(history: readonly AspectVersion[], hash: string): AspectVersion | undefined {
  return history.find((h) => hashValue(h.value) === hash);
}

export interface CommonBase {
  value: unknown;
  localVersion: string;
  remoteVersion: string;
}

/**
 * The newest version both histories hold with the same value. First by version number (two copies of
 * one file number their versions alike): the newest version both have with equal values. Failing
 * that, by value alone: the pair of entries with equal values that is nearest the top of both
 * histories (the smaller of the two depths, then their sum, then the value's hash, so the answer does
 * not depend on which history is called local).
 */
export function findCommonBase(
  local: readonly AspectVersion[],
  remote: readonly AspectVersion[],
): CommonBase | undefined {
  const lh = local.map((v) => hashValue(v.value));
  const rh = remote.map((v) => hashValue(v.value));
  const remoteByVersion = new Map(remote.map((v, j) => [String(v.version), j] as const));
  let aligned: { i: number; j: number; n: number } | undefined;
  local.forEach((v, i) => {
    const j = remoteByVersion.get(String(v.version));
    if (j === undefined || rh[j] !== lh[i]) return;
    const n = Number(v.version);
    if (!aligned || (Number.isFinite(n) && n > aligned.n)) aligned = { i, j, n: Number.isFinite(n) ? n : -Infinity };
  });
  const pick = (i: number, j: number): CommonBase => ({
    value: local[i]!.value,
    localVersion: String(local[i]!.version),
    remoteVersion: String(remote[j]!.version),
  });
  if (aligned) return pick(aligned.i, aligned.j);
  const firstInRemote = new Map<string, number>();
  rh.forEach((h, j) => {
    if (!firstInRemote.has(h)) firstInRemote.set(h, j);
  });
  let best: { i: number; j: number; h: string } | undefined;
  const rank = (c: { i: number; j: number; h: string }) => [Math.max(c.i, c.j), c.i + c.j] as const;
  lh.forEach((h, i) => {
    const j = firstInRemote.get(h);
    if (j === undefined) return;
    const c = { i, j, h };
    if (!best) {
      best = c;
      return;
    }
    const [a1, a2] = rank(c);
    const [b1, b2] = rank(best);
    if (a1 < b1 || (a1 === b1 && (a2 < b2 || (a2 === b2 && compareText(c.h, best.h) < 0)))) best = c;
  });
  return best ? pick(best.i, best.j) : undefined;
}

export type Relation =
  /** Both sides hold the same current value (or both lack the aspect). */
  | { kind: 'same' }
  /**
   * One side is behind: the other side's current value is an older version in the newer side's
   * history (or the side lacks the aspect). Take the newer side's value; nothing to merge.
   */
  | { kind: 'fastForward'; newer: 'local' | 'remote'; value: unknown }
  /** Both moved on: merge three-way from `base` (undefined: no common version, merge from absent). */
  | { kind: 'diverged'; base: CommonBase | undefined };

/** How two histories of one aspect relate (newest first each; empty = absent). */
export function relateHistories(local: readonly AspectVersion[], remote: readonly AspectVersion[]): Relation {
  const l0 = local[0];
  const r0 = remote[0];
  if (!l0 && !r0) return { kind: 'same' };
  if (!l0) return { kind: 'fastForward', newer: 'remote', value: r0!.value };
  if (!r0) return { kind: 'fastForward', newer: 'local', value: l0.value };
  const lh = hashValue(l0.value);
  const rh = hashValue(r0.value);
  if (lh === rh) return { kind: 'same' };
  const localBehind = remote.slice(1).some((v) => hashValue(v.value) === lh);
  const remoteBehind = local.slice(1).some((v) => hashValue(v.value) === rh);
  if (localBehind && !remoteBehind) return { kind: 'fastForward', newer: 'remote', value: r0.value };
  if (remoteBehind && !localBehind) return { kind: 'fastForward', newer: 'local', value: l0.value };
  return { kind: 'diverged', base: findCommonBase(local, remote) };
}
