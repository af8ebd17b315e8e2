/**
 * DataHub's conditional writes, checked inside the write transaction before anything of the batch is
 * written: `If-Version-Match` against the aspect's current version, `If-Modified-Since` and
 * `If-Unmodified-Since` against its current audit time, and CREATE / CREATE_ENTITY against what
 * exists. Any failure refuses the whole batch; a CREATE of what exists under `If-None-Match: *` is
 * dropped instead, and the rest of the batch is written.
 */
import { WriteRefusedError } from '../../errors.ts';
import type { Proposal } from '../../model/mcp.ts';
import type { StoreTxn } from '../../store/store.ts';

/** The version of an aspect that does not exist, and of any CREATE. */
export const UNVERSIONED = '-1';
/** The last-modified time of an aspect that does not exist (Java's Long.MIN_VALUE, as DataHub prints it). */
const NEVER_MODIFIED = -(2n ** 63n);

/** The version `If-Version-Match` is compared with: the stored systemMetadata.version, else max(1, row version). */
export function currentVersion(txn: StoreTxn, urn: string, aspectName: string): string {
  const current = txn.getAspect(urn, aspectName);
  if (!current) return UNVERSIONED;
  const v = current.systemMetadata?.['version'];
  return typeof v === 'string' || typeof v === 'number' ? String(v) : '1';
}

/**
 * Checks every proposal of a batch against the store as it is before the batch. Returns, per
 * proposal, whether it is to be dropped; throws WriteRefusedError when any check fails.
 */
export function checkPreconditions(txn: StoreTxn, proposals: readonly Proposal[]): boolean[] {
  const failures = new Map<string, string[]>();
  let precondition = false;
  const fail = (p: Proposal, subType: 'PRECONDITION' | 'VALIDATION', msg: string) => {
    const key = `(${p.entityUrn},${p.aspectName})`;
    const list = failures.get(key) ?? [];
    list.push(`${subType} ${msg}`);
    failures.set(key, list);
    if (subType === 'PRECONDITION') precondition = true;
  };
  const dropped = proposals.map((p) => {
    let drop = false;
    const create = p.requested === 'CREATE' || p.requested === 'CREATE_ENTITY';
    if (p.requested === 'CREATE_ENTITY' && txn.entityExists(p.entityUrn)) {
      if (p.preconditions?.ifNoneMatch) drop = true;
      else fail(p, 'VALIDATION', 'Cannot perform CREATE_ENTITY if not exists since the entity key already exists.');
    }
    if (p.requested === 'CREATE' && txn.getAspect(p.entityUrn, p.aspectName)) {
      if (p.preconditions?.ifNoneMatch) drop = true;
      else fail(p, 'VALIDATION', 'Cannot perform CREATE since the aspect already exists.');
    }
    const pre = p.preconditions;
    if (pre && p.requested !== 'RESTATE') {
      if (pre.ifVersionMatch !== undefined) {
        const actual = create ? UNVERSIONED : currentVersion(txn, p.entityUrn, p.aspectName);
        if (pre.ifVersionMatch !== actual)
          fail(p, 'PRECONDITION', `Expected version ${pre.ifVersionMatch}, actual version ${actual}`);
      }
      if (pre.ifModifiedSince !== undefined || pre.ifUnmodifiedSince !== undefined) {
        const time = create ? undefined : txn.getAspect(p.entityUrn, p.aspectName)?.created.time;
        const modified = time === undefined ? NEVER_MODIFIED : BigInt(time);
        if (pre.ifModifiedSince !== undefined && !(modified > BigInt(pre.ifModifiedSince))) {
          fail(p, 'PRECONDITION', `Item last modified ${modified} <= ${pre.ifModifiedSince} (epoch ms)`);
        }
        if (pre.ifUnmodifiedSince !== undefined && !(modified <= BigInt(pre.ifUnmodifiedSince))) {
          fail(p, 'PRECONDITION', `Item last modified ${modified} > ${pre.ifUnmodifiedSince} (epoch ms)`);
        }
      }
    }
    return drop;
  });
  if (failures.size > 0) {
    const text = [...failures.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, list]) => `EntityAspect:${key} Exceptions: [${list.join(', ')}]`)
      .join('; ');
    throw new WriteRefusedError(`Failed to validate MCP due to: ValidationExceptionCollection{${text}}`, precondition);
  }
  return dropped;
}
