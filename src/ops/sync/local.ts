/** How sync reads a catalog file's side of an aspect: its current value, its version and its history. */
import { isJsonObject } from '../../model/json.ts';
import { isKeyAspect, keyAspectOf } from '../../model/registry.ts';
import type { StoreView } from '../../store/store.ts';
import type { AspectVersion } from '../../sync/base.ts';
import type { RemoteEntity, Slice } from '../../sync/remote/types.ts';

/** Entity types sync leaves alone: their values are encrypted with the file's own key, or are invitations to it. */
const LOCAL_ONLY_TYPES = new Set(['dataHubSecret', 'dataHubConnection', 'inviteToken', 'dataHubAccessToken']);

export function syncedType(entityType: string): boolean {
  return !LOCAL_ONLY_TYPES.has(entityType);
}

/** The version a catalog file gives its latest value of an aspect (as its `systemMetadata.version`). */
export function versionOf(view: StoreView, urn: string, aspectName: string): string | undefined {
  const record = view.getAspect(urn, aspectName);
  return record ? String((record.history ?? 0) + 1) : undefined;
}

/** Newest first: the latest value, then the history rows from the newest down. */
export function historyOf(view: StoreView, urn: string, aspectName: string): AspectVersion[] {
  const latest = view.getAspect(urn, aspectName);
  if (!latest) return [];
  const n = latest.history ?? 0;
  const out: AspectVersion[] = [{ version: String(n + 1), value: latest.value }];
  for (let v = n; v >= 1; v--) {
    const row = view.getAspect(urn, aspectName, v);
    if (row) out.push({ version: String(v), value: row.value });
  }
  return out;
}

/** The versioned aspects of an entity sync compares (not its key aspect), by name. */
export function syncedAspects(view: StoreView, urn: string): string[] {
  const entity = view.getEntity(urn);
  if (!entity) return [];
  return entity.aspects.filter((name) => !isKeyAspect(entity.entityType, name));
}

/** An entity of a file as a remote entity. */
export function entityOf(view: StoreView, urn: string): RemoteEntity | undefined {
  const entity = view.getEntity(urn);
  if (!entity) return undefined;
  const aspects = new Map<string, { value: unknown; version: string }>();
  for (const name of syncedAspects(view, urn)) {
    const record = view.getAspect(urn, name);
    if (record) aspects.set(name, { value: record.value, version: String((record.history ?? 0) + 1) });
  }
  return { urn, entityType: entity.entityType, aspects };
}

export function entityTypeOf(urn: string): string {
  return keyAspectOf(urn).entityType;
}

const asUrn = (kind: string, v: string) => (v.startsWith('urn:li:') ? v : `urn:li:${kind}:${v}`);

/** The slice of the command line with every name turned into its urn (`hive` → `urn:li:dataPlatform:hive`). */
export function normaliseSlice(s: Slice): Slice {
  return {
    ...s,
    ...(s.platform && { platform: asUrn('dataPlatform', s.platform) }),
    ...(s.tag && { tag: asUrn('tag', s.tag) }),
    ...(s.domain && { domain: asUrn('domain', s.domain) }),
    ...(s.container && { container: asUrn('container', s.container) }),
  };
}

/** A field of an aspect value as a remote gave it (not checked: it may be anything); undefined unless an object's. */
const fieldOf = (v: unknown, field: string): unknown => (isJsonObject(v) ? v[field] : undefined);

const list = (v: unknown, field: string): unknown[] => {
  const l = fieldOf(v, field);
  return Array.isArray(l) ? l : [];
};

/** Whether an entity is in the slice (its type and urns are filtered where it is read). */
export function inSlice(e: RemoteEntity, s: Slice): boolean {
  if (s.platform) {
    const own = fieldOf(e.aspects.get('dataPlatformInstance')?.value, 'platform');
    const inUrn = e.urn.includes(`${s.platform},`) || e.urn.includes(`${s.platform})`);
    if (own !== s.platform && !inUrn) return false;
  }
  if (s.tag && !list(e.aspects.get('globalTags')?.value, 'tags').some((t) => (t as { tag?: string }).tag === s.tag))
    return false;
  if (s.domain && !list(e.aspects.get('domains')?.value, 'domains').includes(s.domain)) return false;
  if (s.container && fieldOf(e.aspects.get('container')?.value, 'container') !== s.container) return false;
  return true;
}
