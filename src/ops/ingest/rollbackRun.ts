/**
 * Undoes an ingestion run, as DataHub's `POST /runs?action=rollback` does: every aspect whose latest
 * version carries the run's `runId` goes back to the version before it (or is removed when it had
 * none), and an entity whose key aspect came with the run is deleted once nothing else of it is
 * left — all in one transaction. A dry run reports the same and changes nothing. With `safe`, an
 * entity whose key aspect came with the run but which keeps aspects of other runs is left alone and
 * reported as unsafe; without it, such an entity is deleted with those aspects.
 *
 * The counts are DataHub's (its RollbackService): `entitiesAffected` the entities with an aspect
 * undone, `entitiesDeleted` the entities the run created that are undone, `aspectsReverted` the
 * aspects undone (a dry run under `safe` leaves key aspects out; a rollback without `safe` adds the
 * other aspects deleted with an entity the run created, which a dry run does not), `aspectsAffected` the
 * aspects of other runs that go with an entity the run created (never `status`): deleted with it
 * without `safe`, none under `safe`, which leaves such an entity alone. The rows listed are the
 * aspects undone (key aspects left out of a dry run under `safe`, as DataHub does), at most 100.
 */
import status from '../../model/aspects/status.ts';
import { isKeyAspect } from '../../model/registry.ts';
import type { StoreTxn } from '../../store/store.ts';
import { nowOf, type OpContext } from '../core/context.ts';

export interface RolledBackAspect {
  urn: string;
  aspectName: string;
  runId: string;
  /** The version undone (its systemMetadata.version, else 0). */
  version: number;
  /** When that version was written (epoch ms). */
  timestamp: number;
  keyAspect: boolean;
}

export interface RollbackResult {
  runId: string;
  aspects: RolledBackAspect[];
  /** Entities with at least one aspect undone. */
  entitiesAffected: number;
  /** Entities the run created that are undone (their key aspect came with the run). */
  entitiesDeleted: number;
  /** Aspects of other runs (not `status`) deleted with an entity the run created; 0 under `safe`. */
  aspectsAffected: number;
  /** Aspects undone (removed or restored); see the header for what DataHub counts in and out. */
  aspectsReverted: number;
  /**
   * Entities the run created that keep aspects of other runs: left alone under `safe`, deleted with
   * those aspects without it.
   */
  unsafeEntities: string[];
}

export interface RollbackRequest {
  runId: string;
  dryRun: boolean;
  safe: boolean;
}

function runOf(
  txn: StoreTxn,
  urn: string,
  aspectName: string,
): { runId: unknown; version: number; timestamp: number } | undefined {
  const record = txn.getAspect(urn, aspectName);
  if (!record) return undefined;
  const version = Number(record.systemMetadata?.['version'] ?? 0);
  return {
    runId: record.systemMetadata?.['runId'],
    version: Number.isFinite(version) ? version : 0,
    timestamp: record.created.time,
  };
}

export async function rollbackRun(ctx: OpContext, request: RollbackRequest): Promise<RollbackResult> {
  // The rollback's own stamp: its change events say who undid the run, and when.
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  return ctx.store.write((txn) => {
    const result: RollbackResult = {
      runId: request.runId,
      aspects: [],
      entitiesAffected: 0,
      entitiesDeleted: 0,
      aspectsAffected: 0,
      aspectsReverted: 0,
      unsafeEntities: [],
    };
    for (const entityType of txn.entityTypes()) {
      for (const urn of [...txn.eachUrnOfType(entityType)]) {
        const entity = txn.getEntity(urn);
        if (!entity) continue;
        const ofRun = entity.aspects.flatMap((aspectName) => {
          const run = runOf(txn, urn, aspectName);
          return run && run.runId === request.runId
            ? [{ aspectName, ...run, key: isKeyAspect(entity.entityType, aspectName) }]
            : [];
        });
        if (ofRun.length === 0) continue;
        const keyOfRun = ofRun.some((a) => a.key);
        // What is left of the entity once the run's aspects are undone: aspects of other runs, and
        // the run's aspects that have an earlier version.
        const others = entity.aspects.filter((a) => !ofRun.some((r) => r.aspectName === a));
        const restorable = ofRun.filter((a) => !a.key && (txn.getAspect(urn, a.aspectName)?.history ?? 0) > 0);
        const survives = others.length > 0 || restorable.length > 0;
        if (keyOfRun && survives) {
          result.unsafeEntities.push(urn);
          if (request.safe) continue;
          // Deleted with the entity: its aspects of other runs, as DataHub counts them (not status).
          result.aspectsAffected += others.filter(
            (name) => name !== status.name && !isKeyAspect(entity.entityType, name),
          ).length;
        }
        result.entitiesAffected++;
        if (keyOfRun) result.entitiesDeleted++;
        for (const a of ofRun) {
          // A dry run under `safe` leaves key aspects out of its rows and count; the rollback itself counts them.
          if (a.key && request.safe && request.dryRun) continue;
          result.aspects.push(rowOf(urn, request.runId, a));
          result.aspectsReverted++;
        }
        // Without `safe`, a rollback counts the other aspects deleted with the entity too (a dry run does not).
        if (keyOfRun && !request.safe && !request.dryRun) result.aspectsReverted += others.length;
        if (request.dryRun) continue;
        // Undoing the key aspect deletes the entity (under `safe` only when nothing else was left).
        if (keyOfRun) {
          txn.deleteEntity(urn, stamp);
          continue;
        }
        for (const a of ofRun) txn.revertAspect(urn, a.aspectName, stamp);
        // An entity left with only its key aspect is deleted, as a rollback leaves no empty entity.
        const left = txn.getEntity(urn)?.aspects ?? [];
        if (left.every((name) => isKeyAspect(entity.entityType, name))) txn.deleteEntity(urn, stamp);
      }
    }
    result.aspects = result.aspects.slice(0, MAX_ROWS);
    return result;
  });
}

/** The rows an answer lists at most (DataHub's). */
const MAX_ROWS = 100;

function rowOf(
  urn: string,
  runId: string,
  a: { aspectName: string; version: number; timestamp: number; key: boolean },
): RolledBackAspect {
  return { urn, aspectName: a.aspectName, runId, version: a.version, timestamp: a.timestamp, keyAspect: a.key };
}
