/**
 * Undoes an ingestion run, as DataHub's `POST /runs?action=rollback` does: every aspect whose latest
 * version carries the run's `runId` goes back to the version before it (or is removed when it had
 * none), and an entity whose key aspect came with the run is deleted once nothing else of it is
 * left — all in one transaction. A dry run reports the same and changes nothing. With `safe`, an
 * entity whose key aspect came with the run but which keeps aspects of other runs is left alone and
 * reported as unsafe.
 */
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
  /** Aspects undone (removed or restored). */
  aspectsAffected: number;
  /** Aspects brought back to their previous version. */
  aspectsReverted: number;
  /** Entities left alone under `safe`: their key aspect came with the run, other aspects did not. */
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
        if (keyOfRun && survives && request.safe) {
          result.unsafeEntities.push(urn);
          continue;
        }
        result.entitiesAffected++;
        for (const a of ofRun) {
          result.aspects.push({
            urn,
            aspectName: a.aspectName,
            runId: request.runId,
            version: a.version,
            timestamp: a.timestamp,
            keyAspect: a.key,
          });
          result.aspectsAffected++;
          if (restorable.includes(a)) result.aspectsReverted++;
        }
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
    return result;
  });
}
