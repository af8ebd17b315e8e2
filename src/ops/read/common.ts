/**
 * Read models of the aspects many entity types share: ownership, tags, glossary terms, deprecation,
 * status, links (institutional memory), platform, custom properties. Each is the stored aspect with
 * the catalog's reading rules applied (defaults, effective values); related entities are named by
 * urn, for an adapter to resolve when it shows them. Aspects are read with the store's `readAspect`:
 * a value is decoded once while its stored bytes stay the same, and shared, frozen, between reads —
 * a read model builds new objects and never changes what it read.
 */
import type { AspectValue, DeclaredAspect, Stamp } from '../../model/aspects/define.ts';
import deprecation from '../../model/aspects/deprecation.ts';
import globalTags, { type GlobalTags } from '../../model/aspects/globalTags.ts';
import glossaryTerms, { type GlossaryTerms } from '../../model/aspects/glossaryTerms.ts';
import institutionalMemory from '../../model/aspects/institutionalMemory.ts';
import ownership, { type Ownership } from '../../model/aspects/ownership.ts';
import { datasetDeprecation } from '../../model/aspects/readAsGiven.ts';
import status from '../../model/aspects/status.ts';
import { dataPlatformInfo } from '../../model/aspects/storedAsGiven.ts';
import { keyAspectName } from '../../model/registry.ts';
import { parseUrn } from '../../model/urn.ts';
import type { AspectRecord, StoreView } from '../../store/store.ts';
import { effectiveDeprecation } from '../labels/deprecation.ts';
import { systemOwnershipTypeUrn } from '../labels/owners.ts';

/**
 * The value of the latest version of an aspect, as stored (shared and frozen: read it, never change
 * it), typed by the aspect's declaration: `aspectOf(view, urn, ownership)` is an `Ownership`.
 */
export function aspectOf<D extends DeclaredAspect>(
  view: StoreView,
  urn: string,
  aspect: D,
): AspectValue<D> | undefined {
  return view.readAspect(urn, aspect.name)?.value as AspectValue<D> | undefined;
}

/**
 * A version of an aspect as stored, its value typed by the aspect's declaration: the latest (version
 * 0) shared and frozen as `aspectOf`'s, an older one read from the history.
 */
export function aspectRecordOf<D extends DeclaredAspect>(
  view: StoreView,
  urn: string,
  aspect: D,
  version = 0,
): (Readonly<AspectRecord> & { readonly value: AspectValue<D> }) | undefined {
  const record = version === 0 ? view.readAspect(urn, aspect.name) : view.getAspect(urn, aspect.name, version);
  return record as (Readonly<AspectRecord> & { readonly value: AspectValue<D> }) | undefined;
}

/** Freezes `v` and everything reachable from it (plain data), for a read shared between requests. */
export function deepFreeze<T>(v: T): T {
  if (typeof v === 'object' && v !== null && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const k of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[k]);
  }
  return v;
}

/** An audit stamp as read: time 0 and no actor when the stored one lacks them. */
export interface StampRead {
  time: number;
  actor: string | null;
}

export function stampOf(s: Partial<Stamp> | undefined): StampRead {
  return { time: s?.time ?? 0, actor: s?.actor ?? null };
}

export interface CustomPropertyRead {
  key: string;
  value: string;
}

export function customPropertiesOf(props: Record<string, string> | undefined): CustomPropertyRead[] {
  return Object.entries(props ?? {}).map(([key, value]) => ({ key, value }));
}

/**
 * Who applied a label (an owner, a tag, a term), when, and from which source: DataHub's
 * `MetadataAttribution`. Null when none is stored, or when the stored one names no actor (DataHub
 * requires one).
 */
export interface AttributionRead {
  time: number;
  actor: string;
  source: string | null;
  sourceDetail: CustomPropertyRead[];
}

export function attributionOf(stored: unknown): AttributionRead | null {
  if (!stored || typeof stored !== 'object') return null;
  const a = stored as Record<string, unknown>;
  if (typeof a['actor'] !== 'string') return null;
  const detail = a['sourceDetail'];
  return {
    time: typeof a['time'] === 'number' ? a['time'] : 0,
    actor: a['actor'],
    source: typeof a['source'] === 'string' ? a['source'] : null,
    sourceDetail: detail && typeof detail === 'object' ? customPropertiesOf(detail as Record<string, string>) : [],
  };
}

export interface OwnerRead {
  /** A corpuser or corpGroup urn. */
  owner: string;
  type: string | null;
  /** The ownership type entity: the stored one, else the system type of `type` (none when neither is stored). */
  typeUrn: string | null;
  source: { type: string; url: string | null } | null;
  attribution: AttributionRead | null;
}

export interface OwnershipRead {
  owners: OwnerRead[];
  lastModified: StampRead;
}

export function ownershipOf(ownership: Ownership | undefined): OwnershipRead | null {
  if (!ownership) return null;
  return {
    owners: (ownership.owners ?? []).map((o) => ({
      owner: o.owner,
      type: o.type ?? null,
      typeUrn: o.typeUrn ?? (o.type ? systemOwnershipTypeUrn(o.type) : null),
      source: o.source ? { type: o.source.type, url: o.source.url ?? null } : null,
      attribution: attributionOf(o['attribution']),
    })),
    lastModified: stampOf(ownership.lastModified),
  };
}

export function readOwnership(view: StoreView, urn: string): OwnershipRead | null {
  return ownershipOf(aspectOf(view, urn, ownership));
}

export interface TagAssociationRead {
  tag: string;
  context: string | null;
  attribution: AttributionRead | null;
}

export interface TagsRead {
  tags: TagAssociationRead[];
}

export function tagsOf(tags: GlobalTags | undefined): TagsRead | null {
  if (!tags) return null;
  return {
    tags: (tags.tags ?? []).map((t) => ({
      tag: t.tag,
      context: t.context ?? null,
      attribution: attributionOf(t['attribution']),
    })),
  };
}

export function readTags(view: StoreView, urn: string): TagsRead | null {
  return tagsOf(aspectOf(view, urn, globalTags));
}

/** A `GlossaryTerms` value as stored (of an entity or a column; one written before its checks may lack a field). */
export type TermsHolder = Partial<GlossaryTerms>;

export interface TermAssociationRead {
  term: string;
  actor: string | null;
  context: string | null;
  attribution: AttributionRead | null;
}

export interface TermsRead {
  terms: TermAssociationRead[];
  auditStamp: StampRead | null;
}

export function termsOf(terms: TermsHolder | undefined): TermsRead | null {
  if (!terms) return null;
  return {
    terms: (terms.terms ?? []).map((t) => ({
      term: t.urn,
      actor: t.actor ? t.actor : null,
      context: t.context ?? null,
      attribution: attributionOf(t.attribution),
    })),
    auditStamp: terms.auditStamp ? stampOf(terms.auditStamp) : null,
  };
}

export function readGlossaryTerms(view: StoreView, urn: string): TermsRead | null {
  return termsOf(aspectOf(view, urn, glossaryTerms));
}

export interface DeprecationRead {
  deprecated: boolean;
  decommissionTime: number | null;
  note: string | null;
  actor: string | null;
  replacement: string | null;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/** The `deprecation` aspect as read; null when the entity has none. */
export function readDeprecation(view: StoreView, urn: string): DeprecationRead | null {
  const d = aspectOf(view, urn, deprecation);
  if (!d) return null;
  return {
    deprecated: d.deprecated === true,
    decommissionTime: num(d.decommissionTime),
    note: str(d.note),
    actor: str(d.actor),
    replacement: str(d.replacement),
  };
}

/**
 * A dataset's deprecation, which always reads (not deprecated when nothing is stored): the
 * `deprecation` aspect, else the older `datasetDeprecation` one ingestion sources still write.
 */
export function readDatasetDeprecation(view: StoreView, urn: string): DeprecationRead {
  return effectiveDeprecation(aspectOf(view, urn, deprecation) ?? aspectOf(view, urn, datasetDeprecation));
}

export function readStatus(view: StoreView, urn: string): { removed: boolean } | null {
  const stored = aspectOf(view, urn, status);
  return stored ? { removed: stored.removed ?? false } : null;
}

export interface LinkRead {
  url: string;
  description: string;
  created: StampRead;
  /** The creation stamp's actor as stored (the link's author). */
  author: string;
  updated: StampRead | null;
  /** The link's `settings.showInAssetPreview` (DataHub's default false); null when the link has no settings. */
  settings: { showInAssetPreview: boolean } | null;
}

export function readInstitutionalMemory(view: StoreView, urn: string): { elements: LinkRead[] } | null {
  const memory = aspectOf(view, urn, institutionalMemory);
  if (!memory) return null;
  return {
    elements: memory.elements.map((e) => ({
      url: e.url,
      description: e.description,
      author: e.createStamp?.actor,
      created: stampOf(e.createStamp),
      updated: e['updateStamp'] ? stampOf(e['updateStamp'] as Stamp) : null,
      settings: linkSettingsOf(e['settings']),
    })),
  };
}

function linkSettingsOf(stored: unknown): { showInAssetPreview: boolean } | null {
  if (!stored || typeof stored !== 'object') return null;
  return { showInAssetPreview: (stored as Record<string, unknown>)['showInAssetPreview'] === true };
}

export interface PlatformRead {
  urn: string;
  /** The platform's id (its urn's key), also its display name. */
  name: string;
}

export function platformOf(platformUrn: string): PlatformRead {
  return { urn: platformUrn, name: parseUrn(platformUrn).rawKey };
}

/** DataHub's platform categories (`PlatformType`); a stored value outside them reads as OTHERS. */
const PLATFORM_TYPES = new Set([
  'FILE_SYSTEM',
  'KEY_VALUE_STORE',
  'MESSAGE_BROKER',
  'OBJECT_STORE',
  'OLAP_DATASTORE',
  'QUERY_ENGINE',
  'RELATIONAL_DB',
  'SEARCH_ENGINE',
  'OTHERS',
]);

/** A platform's properties: its stored `dataPlatformInfo`, else what its urn gives. */
export interface PlatformPropertiesRead {
  type: string;
  displayName: string;
  datasetNameDelimiter: string;
  logoUrl: string | null;
  /** Whether the platform's datasets are logical models; null when not stated. */
  logical: boolean | null;
}

export interface PlatformDetailsRead extends PlatformRead {
  properties: PlatformPropertiesRead;
  /** The stored `dataPlatformInfo` as read; null when none is stored. */
  info: PlatformPropertiesRead | null;
}

/**
 * A data platform as read: the `dataPlatformInfo` aspect when one is stored (DataHub loads one per
 * known platform; here a user or an ingestion writes it), else its name from the urn, category
 * OTHERS, `.` as the name delimiter and no logo.
 */
export function readPlatform(view: StoreView, platformUrn: string): PlatformDetailsRead {
  const base = platformOf(platformUrn);
  const stored = aspectOf(view, platformUrn, dataPlatformInfo);
  const info: PlatformPropertiesRead | null = stored
    ? {
        type: typeof stored['type'] === 'string' && PLATFORM_TYPES.has(stored['type']) ? stored['type'] : 'OTHERS',
        displayName: str(stored['displayName']) ?? base.name,
        datasetNameDelimiter: str(stored['datasetNameDelimiter']) ?? '.',
        logoUrl: str(stored['logoUrl']),
        logical: typeof stored['logical'] === 'boolean' ? stored['logical'] : null,
      }
    : null;
  return {
    ...base,
    info,
    properties: info ?? {
      type: 'OTHERS',
      displayName: base.name,
      datasetNameDelimiter: '.',
      logoUrl: null,
      logical: null,
    },
  };
}

/**
 * When and by whom an entity was created, as DataHub answers `createdOn` on data products and glossary
 * terms and nodes: the created stamp of its key aspect (written once, with the entity); null when none is stored.
 */
export function keyAspectCreated(view: StoreView, urn: string): { time: number; actor: string } | null {
  const key = view.readAspect(urn, keyAspectName(parseUrn(urn).entityType));
  return key ? { time: key.created.time, actor: key.created.actor } : null;
}

const UNIT_MILLIS: Record<string, number> = {
  SECOND: 1000,
  MINUTE: 60_000,
  HOUR: 3_600_000,
  DAY: 86_400_000,
  WEEK: 604_800_000,
};
const CALENDAR_MONTHS: Record<string, number> = { MONTH: 1, QUARTER: 3, YEAR: 12 };

/** A time window's length in milliseconds: fixed units multiply, calendar units count from its start (UTC); a day when the unit is unknown. */
export function windowMillis(start: number, length: Record<string, unknown> | undefined): number {
  const unit = typeof length?.['unit'] === 'string' ? length['unit'] : 'DAY';
  const multiple = typeof length?.['multiple'] === 'number' ? length['multiple'] : 1;
  const months = CALENDAR_MONTHS[unit];
  if (months === undefined) return (UNIT_MILLIS[unit] ?? UNIT_MILLIS['DAY']!) * multiple;
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + months * multiple);
  return end.getTime() - start;
}

/**
 * A stored TimeWindow (`{startTimeMillis, length: {unit, multiple}}`, DataHub's shape) as GraphQL's
 * `TimeWindow` gives it (`{startTimeMillis, durationMillis}`); null without a start.
 */
export function timeWindowOf(window: unknown): { startTimeMillis: number; durationMillis: number } | null {
  if (!window || typeof window !== 'object' || Array.isArray(window)) return null;
  const w = window as Record<string, unknown>;
  const start = w['startTimeMillis'];
  if (typeof start !== 'number') return null;
  const length = w['length'];
  return {
    startTimeMillis: start,
    durationMillis: windowMillis(
      start,
      length && typeof length === 'object' && !Array.isArray(length) ? (length as Record<string, unknown>) : undefined,
    ),
  };
}
