/**
 * REST read models (datahub-rest-cli.md §2.1, §2.2): a VersionedAspect keyed by the aspect's
 * schema name, and an EntityResponse of aspect envelopes that always includes the key aspect.
 * Stored aspects are returned exactly as stored (DESIGN.md §2.2).
 */
import { aspectFqn, keyAspectOf } from '../../model/registry.ts';
import type { StoreView } from '../../store/store.ts';

export interface VersionedAspect {
  aspect: Record<string, unknown>;
  version: number;
}

/** Any stored version of an aspect (0 = latest), or undefined. */
export function getVersionedAspect(view: StoreView, urn: string, aspectName: string, version = 0): VersionedAspect | undefined {
  keyAspectOf(urn);
  const record = view.getAspect(urn, aspectName, version);
  if (!record) return undefined;
  return { aspect: { [aspectFqn(aspectName)]: record.value }, version };
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

/**
 * The entity's latest aspects (only `aspectNames` when given). The key aspect is always there; for
 * an entity never written it is synthesised from the URN, as GMS does.
 */
export function getEntityResponse(view: StoreView, urn: string, aspectNames?: readonly string[], now = Date.now()): EntityResponse {
  const key = keyAspectOf(urn);
  const entity = view.getEntity(urn);
  const aspects: Record<string, AspectEnvelope> = {};
  for (const name of entity?.aspects ?? []) {
    if (aspectNames && aspectNames.length > 0 && !aspectNames.includes(name) && name !== key.aspectName) continue;
    const record = view.getAspect(urn, name);
    if (!record) continue;
    aspects[name] = {
      name,
      type: 'VERSIONED',
      version: 0,
      value: record.value,
      created: record.created,
      ...(record.systemMetadata && { systemMetadata: record.systemMetadata }),
    };
  }
  if (!aspects[key.aspectName]) {
    aspects[key.aspectName] = {
      name: key.aspectName,
      type: 'VERSIONED',
      version: 0,
      value: key.value,
      created: { time: now, actor: 'urn:li:corpuser:__datahub_system' },
    };
  }
  return { urn, entityName: entity?.entityType ?? key.entityType, aspects };
}
