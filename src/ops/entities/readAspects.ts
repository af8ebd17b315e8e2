/**
 * Aspect reads of the Rest.li resources (docs/datahub/rest-cli.md §2.1, §2.2): one stored version of an
 * aspect, and an entity's latest aspects with its key aspect always included. Stored aspects are
 * returned exactly as stored (docs/design.md §2.2); the REST adapter puts them in Rest.li's envelopes.
 */
import { keyAspectOf } from '../../model/registry.ts';
import type { AuditStamp, StoreView } from '../../store/store.ts';

/** One version of one aspect, as stored. */
export interface AspectVersion {
  name: string;
  /** 0 = latest; n = the n-th stored version, 1 being the oldest. */
  version: number;
  value: unknown;
  created: AuditStamp;
  systemMetadata?: Record<string, unknown>;
}

/** Any stored version of an aspect (0 = latest), or undefined. Throws for an invalid URN. */
export function getVersionedAspect(
  view: StoreView,
  urn: string,
  aspectName: string,
  version = 0,
): AspectVersion | undefined {
  keyAspectOf(urn);
  return readVersion(view, urn, aspectName, version);
}

function readVersion(view: StoreView, urn: string, aspectName: string, version: number): AspectVersion | undefined {
  const record = view.getAspect(urn, aspectName, version);
  if (!record) return undefined;
  return {
    name: aspectName,
    version,
    value: record.value,
    created: record.created,
    ...(record.systemMetadata && { systemMetadata: record.systemMetadata }),
  };
}

export interface EntityAspects {
  urn: string;
  entityType: string;
  /** Latest versions, in the entity's aspect order, the key aspect last when it was not stored. */
  aspects: AspectVersion[];
}

/**
 * The entity's latest aspects (only `aspectNames` when given). The key aspect is always there; for
 * an entity never written it is synthesised from the URN, as GMS does, stamped `now` by the system actor.
 */
export function getEntityAspects(
  view: StoreView,
  urn: string,
  aspectNames?: readonly string[],
  now = Date.now(),
): EntityAspects {
  const key = keyAspectOf(urn);
  const entity = view.getEntity(urn);
  const aspects: AspectVersion[] = [];
  for (const name of entity?.aspects ?? []) {
    if (aspectNames && aspectNames.length > 0 && !aspectNames.includes(name) && name !== key.aspectName) continue;
    const found = readVersion(view, urn, name, 0);
    if (found) aspects.push(found);
  }
  if (!aspects.some((a) => a.name === key.aspectName)) {
    aspects.push({
      name: key.aspectName,
      version: 0,
      value: key.value,
      created: { time: now, actor: 'urn:li:corpuser:__datahub_system' },
    });
  }
  return { urn, entityType: entity?.entityType ?? key.entityType, aspects };
}
