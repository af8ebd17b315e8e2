/**
 * What every GraphQL entity type shares (datahub-graphql.md §2, datahub-discovery.md §1, §4.1): small
 * readers of stored aspects, and the shaping of the aspects DataHub shows on many types — ownership,
 * tags, glossary terms, domain, deprecation, links, status, sub-types, container path, structured
 * properties, browse path, platform instance. Related entities are built lazily: a field holding a
 * function is only evaluated when a query selects it. Each entity type has its own file beside this
 * one; registry.ts maps urn entity types to them.
 */
import { healthOf } from '../../../ops/quality/health.ts';
import { NotFoundError, BadRequestError } from '../../../errors.ts';
import { keyAspectOf } from '../../../model/registry.ts';
import { parseUrn } from '../../../model/urn.ts';
import type { Stamp } from '../../../model/aspects/define.ts';
import type { GlobalTags } from '../../../model/aspects/globalTags.ts';
import type { InstitutionalMemoryElement } from '../../../model/aspects/institutionalMemory.ts';
import type { Ownership } from '../../../model/aspects/ownership.ts';
import type { StoreView } from '../../../store/store.ts';
import { systemOwnershipTypeUrn } from '../../../ops/labels/owners.ts';
import { entityRef } from './registry.ts';

/** The read model of a related entity (owners, terms, containers, …): always of a served type. */
export function ref(view: StoreView, urn: string): Obj {
  return entityRef(view, urn) as Obj;
}

export type Obj = Record<string, unknown>;

export function aspect<T = Obj>(view: StoreView, urn: string, name: string): T | undefined {
  return view.getAspect(urn, name)?.value as T | undefined;
}

/** A field evaluated only when a query selects it, at most once. */
export function lazy<T>(compute: () => T): () => T {
  let done = false;
  let value: T;
  return () => {
    if (!done) {
      value = compute();
      done = true;
    }
    return value;
  };
}

export function typeOf(urn: string): string {
  return parseUrn(urn).entityType;
}

/** Whether a stored value is a well-formed urn of `entityType` (aspects stored as given may hold anything). */
export function isUrnOf(value: unknown, entityType: string): value is string {
  if (typeof value !== 'string') return false;
  try {
    return typeOf(value) === entityType;
  } catch {
    return false;
  }
}

/** The read models of the urns of `entityType` in a stored list; null when the value is not a list. */
export function refsOf(view: StoreView, urns: unknown, entityType: string): Obj[] | null {
  return Array.isArray(urns) ? urns.filter((u) => isUrnOf(u, entityType)).map((u) => ref(view, u)) : null;
}

/** Checks that `urn` names an entity of `expected` type; wrong type is a client error. */
export function checkType(urn: string, expected: string, label: string): void {
  const t = typeOf(urn);
  if (t !== expected) throw new BadRequestError(`${urn} is not a ${label} urn (expected urn:li:${expected}:…)`);
}

export function notFound(label: string, urn: string): NotFoundError {
  return new NotFoundError(`${label} ${urn} does not exist.`);
}

export function customProperties(props: Record<string, string> | undefined, urn: string): Obj[] {
  return Object.entries(props ?? {}).map(([key, value]) => ({ key, value, associatedUrn: urn }));
}

export function auditStamp(s: Partial<Stamp> | undefined): Obj {
  return { time: s?.time ?? 0, actor: s?.actor ?? null };
}

export function globalTagsView(view: StoreView, tags: GlobalTags | undefined, associatedUrn: string): Obj | null {
  if (!tags) return null;
  return {
    tags: (tags.tags ?? []).map((t) => ({ tag: () => ref(view, t.tag), associatedUrn, context: t.context ?? null })),
  };
}

/** A user or group by urn (owner unions): groups are corpGroup urns, everything else a user. */
export function actorView(view: StoreView, urn: string): Obj {
  return ref(view, urn);
}

export function ownershipView(view: StoreView, urn: string, ownership: Ownership | undefined): Obj | null {
  if (!ownership) return null;
  return {
    owners: (ownership.owners ?? []).map((o) => {
      const typeUrn = o.typeUrn ?? (o.type ? systemOwnershipTypeUrn(o.type) : undefined);
      return {
        owner: () => actorView(view, o.owner),
        type: o.type ?? null,
        ownershipType: typeUrn ? () => ref(view, typeUrn) : null,
        source: o.source ? { type: o.source.type, url: o.source.url ?? null } : null,
        associatedUrn: urn,
      };
    }),
    lastModified: auditStamp(ownership.lastModified),
  };
}

export function platformView(platformUrn: string): Obj {
  const name = parseUrn(platformUrn).rawKey;
  return {
    urn: platformUrn,
    type: 'DATA_PLATFORM',
    name,
    displayName: name,
    properties: { type: 'OTHERS', displayName: name, datasetNameDelimiter: '.', logoUrl: null },
  };
}

export function institutionalMemoryView(view: StoreView, urn: string): Obj | null {
  const memory = aspect<{ elements: InstitutionalMemoryElement[] }>(view, urn, 'institutionalMemory');
  if (!memory) return null;
  return {
    elements: memory.elements.map((e) => ({
      url: e.url,
      label: e.description,
      description: e.description,
      author: () => ref(view, e.createStamp.actor),
      actor: () => actorView(view, e.createStamp.actor),
      created: auditStamp(e.createStamp),
      updated: e['updateStamp'] ? auditStamp(e['updateStamp'] as Stamp) : null,
      associatedUrn: urn,
    })),
  };
}

export function statusView(view: StoreView, urn: string): Obj | null {
  const status = aspect<{ removed?: boolean }>(view, urn, 'status');
  return status ? { removed: status.removed ?? false } : null;
}

export type Builder = (view: StoreView, urn: string) => Obj;

/** Entity type of a urn → GraphQL type name, `EntityType` value and read model. */
export interface EntityKind {
  typename: string;
  enumValue: string;
  build: Builder;
}

export const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

export const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

export const props = (p: unknown): Record<string, string> | undefined => (p && typeof p === 'object' ? (p as Record<string, string>) : undefined);

/** Follows a parent link (container, parentNode, parentDomain) up to the root, guarding against cycles. */
export function ancestors(view: StoreView, urn: string, parentOf: (urn: string) => string | undefined): string[] {
  const out: string[] = [];
  const seen = new Set([urn]);
  for (let next = parentOf(urn); next && !seen.has(next) && out.length < 100; next = parentOf(next)) {
    seen.add(next);
    out.push(next);
  }
  return out;
}

export const containerOf = (view: StoreView) => (u: string) => str(aspect(view, u, 'container')?.['container']) ?? undefined;

export function deprecationView(view: StoreView, urn: string): Obj | null {
  const d = aspect(view, urn, 'deprecation');
  if (!d) return null;
  return withActorEntity(view, {
    deprecated: d['deprecated'] === true,
    decommissionTime: num(d['decommissionTime']),
    note: str(d['note']),
    actor: str(d['actor']),
    replacement: str(d['replacement']),
  });
}

/** A `Deprecation` read model with `actorEntity`, the entity of its `actor` (read only when selected). */
export function withActorEntity(view: StoreView, deprecation: { actor: string | null } & Obj): Obj {
  const actor = deprecation.actor;
  return { ...deprecation, actorEntity: () => (actor ? entityRef(view, actor) : null) };
}

/**
 * The `documentation` aspect: documentation entries, each with its attribution (who applied it,
 * when, from which source); null when the entity has none.
 */
export function documentationView(view: StoreView, urn: string): Obj | null {
  const doc = aspect<{ documentations?: Array<{ documentation?: string; attribution?: Obj }> }>(view, urn, 'documentation');
  if (!doc) return null;
  return {
    documentations: (doc.documentations ?? []).map((d) => {
      const a = d.attribution;
      const actor = str(a?.['actor']);
      const source = str(a?.['source']);
      return {
        documentation: d.documentation ?? '',
        attribution: a
          ? {
              time: num(a['time']) ?? 0,
              actor: () => (actor ? entityRef(view, actor) : null),
              source: () => (source ? entityRef(view, source) : null),
              sourceDetail: Object.entries(props(a['sourceDetail']) ?? {}).map(([key, value]) => ({ key, value })),
            }
          : null,
      };
    }),
  };
}

/** Icon libraries the GraphQL enum names; an icon from another library reads `iconLibrary: null`. */
const ICON_LIBRARIES = new Set(['MATERIAL']);

/** The `displayProperties` aspect (a color and an icon); null when the entity has none. */
export function displayPropertiesView(view: StoreView, urn: string): Obj | null {
  const d = aspect(view, urn, 'displayProperties');
  if (!d) return null;
  const icon = d['icon'] as Obj | undefined;
  return {
    colorHex: str(d['colorHex']),
    icon: icon
      ? { iconLibrary: oneOf(ICON_LIBRARIES, icon['iconLibrary']), name: str(icon['name']), style: str(icon['style']) }
      : null,
  };
}

export type TermsHolder = { terms?: Array<{ urn: string; context?: string; actor?: string }>; auditStamp?: { time: number; actor: string } };

/** A `GlossaryTerms` value (of an entity or a column) as GraphQL shows it; null when there is none. */
export function glossaryTermsHolderView(view: StoreView, terms: TermsHolder | undefined, associatedUrn: string): Obj | null {
  if (!terms) return null;
  return {
    terms: (terms.terms ?? []).map((t) => ({
      term: () => ref(view, t.urn),
      actor: t.actor ? () => ref(view, t.actor!) : null,
      context: t.context ?? null,
      associatedUrn,
    })),
    auditStamp: terms.auditStamp ? auditStamp(terms.auditStamp) : null,
  };
}

export function glossaryTermsView(view: StoreView, urn: string): Obj | null {
  return glossaryTermsHolderView(view, aspect<TermsHolder>(view, urn, 'glossaryTerms'), urn);
}

export function domainAssociation(view: StoreView, urn: string): Obj | null {
  const domains = aspect<{ domains?: string[] }>(view, urn, 'domains')?.domains ?? [];
  const first = domains[0];
  return first ? { domain: () => ref(view, first), associatedUrn: urn } : null;
}

export function propertyValue(v: unknown): Obj | null {
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  if (typeof o['string'] === 'string') return { __typename: 'StringValue', stringValue: o['string'] };
  if (typeof o['double'] === 'number') return { __typename: 'NumberValue', numberValue: o['double'] };
  return null;
}

/** The asset's structured properties as upsert/removeStructuredProperties return them (never null). */
export function structuredPropertiesOf(view: StoreView, urn: string): Obj {
  return structuredPropertiesView(view, urn) ?? { properties: [] };
}

export function structuredPropertiesView(view: StoreView, urn: string): Obj | null {
  const sp = aspect<{ properties?: Array<{ propertyUrn: string; values?: unknown[] }> }>(view, urn, 'structuredProperties');
  if (!sp) return null;
  return {
    properties: (sp.properties ?? []).map((p) => ({
      structuredProperty: () => ref(view, p.propertyUrn),
      values: (p.values ?? []).map(propertyValue),
      valueEntities: (p.values ?? []).map((v) => {
        const s = (v as { string?: unknown })?.string;
        return typeof s === 'string' && s.startsWith('urn:li:') ? ref(view, s) : null;
      }),
      associatedUrn: urn,
    })),
  };
}

export function browsePathV2View(view: StoreView, urn: string): Obj | null {
  const bp = aspect<{ path?: Array<{ id: string; urn?: string }> }>(view, urn, 'browsePathsV2');
  if (!bp) return null;
  return { path: (bp.path ?? []).map((e) => ({ name: e.id, entity: e.urn ? () => ref(view, e.urn!) : null })) };
}

export function dataPlatformInstanceOf(view: StoreView, urn: string): Obj | null {
  const instance = str(aspect(view, urn, 'dataPlatformInstance')?.['instance']);
  return instance ? ref(view, instance) : null;
}

/** The fields every entity type shares, each read only when selected. */
/** When anything last wrote the entity: the latest `lastObserved` of its aspects (null when it has none). */
export function lastIngestedOf(view: StoreView, urn: string): number | null {
  let latest: number | null = null;
  for (const name of view.getEntity(urn)?.aspects ?? []) {
    const observed = view.getAspect(urn, name)?.systemMetadata?.['lastObserved'];
    if (typeof observed === 'number' && (latest === null || observed > latest)) latest = observed;
  }
  return latest;
}

export function common(view: StoreView, urn: string, kind: EntityKind): Obj {
  const tags = lazy(() => globalTagsView(view, aspect<GlobalTags>(view, urn, 'globalTags'), urn));
  return {
    __typename: kind.typename,
    urn,
    type: kind.enumValue,
    exists: () => view.entityExists(urn),
    ownership: () => ownershipView(view, urn, aspect<Ownership>(view, urn, 'ownership')),
    tags,
    globalTags: tags,
    glossaryTerms: () => glossaryTermsView(view, urn),
    domain: () => domainAssociation(view, urn),
    deprecation: () => deprecationView(view, urn),
    institutionalMemory: () => institutionalMemoryView(view, urn),
    status: () => statusView(view, urn),
    lastIngested: () => lastIngestedOf(view, urn),
    subTypes: () => {
      const s = aspect<{ typeNames?: string[] }>(view, urn, 'subTypes');
      return s ? { typeNames: s.typeNames ?? [] } : null;
    },
    container: () => {
      const c = containerOf(view)(urn);
      return c ? ref(view, c) : null;
    },
    parentContainers: () => {
      const list = ancestors(view, urn, containerOf(view));
      return { count: list.length, containers: list.map((c) => ref(view, c)) };
    },
    structuredProperties: () => structuredPropertiesView(view, urn),
    browsePathV2: () => browsePathV2View(view, urn),
    dataPlatformInstance: () => dataPlatformInstanceOf(view, urn),
    documentation: () => documentationView(view, urn),
    displayProperties: () => displayPropertiesView(view, urn),
    // From the entity's assertions (src/ops/quality/health.ts); no incidents are kept, so there is no incident health.
    health: () => healthOf(view, urn),
  };
}

/** Name, description and custom properties of an `…Info`/`…Properties` aspect, edited description first. */
export function described(view: StoreView, urn: string, infoName: string, editableName: string) {
  const info = aspect(view, urn, infoName);
  const editable = aspect(view, urn, editableName);
  return { info, editable: editable ? { description: str(editable['description']) } : null, description: str(editable?.['description']) ?? str(info?.['description']) };
}

export function keyOf(urn: string): Record<string, string> {
  return keyAspectOf(urn).value as Record<string, string>;
}

const CHART_TYPES = new Set(['BAR', 'PIE', 'SCATTER', 'TABLE', 'TEXT', 'LINE', 'AREA', 'HISTOGRAM', 'BOX_PLOT', 'WORD_CLOUD', 'COHORT']);
const ACCESS_LEVELS = new Set(['PUBLIC', 'PRIVATE']);

/** A stored enum value when the GraphQL enum has it, else null (aspects stored as given may hold anything). */
export const oneOf = (values: ReadonlySet<string>, v: unknown): string | null => (typeof v === 'string' && values.has(v) ? v : null);

export function chartLike(view: StoreView, urn: string, kind: EntityKind, infoName: string, editableName: string, idField: 'chartId' | 'dashboardId'): Obj {
  const key = keyOf(urn);
  const tool = key['dashboardTool'] ?? '';
  const { info, editable } = described(view, urn, infoName, editableName);
  const changes = (info?.['lastModified'] ?? {}) as { created?: { time: number; actor: string }; lastModified?: { time: number; actor: string } };
  return Object.assign(common(view, urn, kind), {
    tool,
    [idField]: key[idField] ?? '',
    platform: platformView(`urn:li:dataPlatform:${tool}`),
    properties: info
      ? {
          name: str(info['title']) ?? key[idField] ?? '',
          description: str(info['description']),
          externalUrl: str(info['externalUrl']) ?? str(info['chartUrl']) ?? str(info['dashboardUrl']),
          lastRefreshed: num(info['lastRefreshed']),
          type: oneOf(CHART_TYPES, info['type']),
          access: oneOf(ACCESS_LEVELS, info['access']),
          created: auditStamp(changes.created),
          lastModified: auditStamp(changes.lastModified),
          customProperties: customProperties(props(info['customProperties']), urn),
        }
      : null,
    editableProperties: editable,
  });
}

/** An ML entity: name from its key, platform and origin when its key has them, properties shaped by `shape`. */
export function mlEntity(view: StoreView, urn: string, kind: EntityKind, infoName: string, editableName: string, shape: (info: Obj) => Obj): Obj {
  const key = keyOf(urn);
  const { info, editable, description } = described(view, urn, infoName, editableName);
  return Object.assign(common(view, urn, kind), {
    name: key['name'] ?? '',
    description,
    editableProperties: editable,
    ...(key['platform'] !== undefined && { platform: platformView(key['platform']) }),
    ...(key['origin'] !== undefined && { origin: key['origin'].toUpperCase() }),
    ...(key['featureNamespace'] !== undefined && { featureNamespace: key['featureNamespace'], dataType: str(info?.['dataType']) }),
    properties: info ? shape(info) : null,
  });
}

export const versionTag = (info: Obj) => str((info['version'] as Obj | undefined)?.['versionTag']);

export const featureProperties = (urn: string) => (info: Obj) => ({
  description: str(info['description']),
  dataType: str(info['dataType']),
  version: versionTag(info),
  customProperties: customProperties(props(info['customProperties']), urn),
});
