/**
 * Rest.li's envelopes for the aspect reads: aspects keyed by their schema name in unions, the
 * VersionedAspect of `GET /aspects/{urn}`, the EntityResponse of GMS's `entitiesV2` resource and the
 * Entity snapshot of `GET /entities/{urn}`. The operations return the stored values; only this file
 * knows how Rest.li wraps them.
 */
import { aspectLabel } from '../../model/registry.ts';
import { snapshotAspectFqn, snapshotUnionOf } from '../../model/snapshots.ts';
import type { EntitySnapshot } from '../../ops/entities/entitySnapshot.ts';
import type { AspectVersion, EntityAspects } from '../../ops/entities/readAspects.ts';

/** `VersionedAspect`: the value under the aspect's schema name (its name if we do not know it), and the version read. */
export function versionedAspectOf(a: AspectVersion): { aspect: Record<string, unknown>; version: number } {
  return { aspect: { [aspectLabel(a.name)]: a.value }, version: a.version };
}

export interface AspectEnvelope {
  name: string;
  type: 'VERSIONED';
  version: number;
  value: unknown;
  created: { time: number; actor: string };
  systemMetadata?: Record<string, unknown>;
}

export interface EntityResponse {
  urn: string;
  entityName: string;
  aspects: Record<string, AspectEnvelope>;
}

/** `EntityResponse`: each latest aspect in a VERSIONED envelope, by aspect name. */
export function entityResponseOf(entity: EntityAspects): EntityResponse {
  const aspects: Record<string, AspectEnvelope> = {};
  for (const a of entity.aspects) {
    aspects[a.name] = {
      name: a.name,
      type: 'VERSIONED',
      version: 0,
      value: a.value,
      created: a.created,
      ...(a.systemMetadata && { systemMetadata: a.systemMetadata }),
    };
  }
  return { urn: entity.urn, entityName: entity.entityType, aspects };
}

/** The Entity record of `GET /entities/{urn}`: `value` is the snapshot union, each aspect an aspect union. */
export function snapshotEntityOf(snapshot: EntitySnapshot): { value: Record<string, unknown> } {
  const union = snapshotUnionOf(snapshot.entityType)!;
  const aspects = snapshot.aspects.map((a) => ({ [snapshotAspectFqn(a.name)]: a.value }));
  return { value: { [union.fqn]: { urn: snapshot.urn, aspects } } };
}
