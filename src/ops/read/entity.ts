/**
 * Read models of what any entity may carry besides its labels (those are in common.ts): its domain,
 * sub-types, container path, structured properties, browse path, platform instance, documentation,
 * display properties and when it was last ingested. Each applies the catalog's reading rules (the
 * first of several domains, a container path cut at a cycle, a property value that is neither a string
 * nor a number reads as none, an icon library DataHub does not name reads as none); related entities
 * are named by urn, for an adapter to resolve when it shows them.
 */
import { browsePathsV2, displayProperties, documentation } from '../../model/aspects/readAsGiven.ts';
import {
  container,
  dataPlatformInstance,
  domains,
  structuredProperties,
  subTypes,
} from '../../model/aspects/storedAsGiven.ts';
import type { StoreView } from '../../store/store.ts';
import { aspectOf, attributionOf, type AttributionRead } from './common.ts';
import { ancestorsOf } from './glossary.ts';

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The entity's domain: the first of the `domains` aspect's (DataHub shows one); null when none. */
export function readDomain(view: StoreView, urn: string): string | null {
  return aspectOf(view, urn, domains)?.domains?.[0] ?? null;
}

/**
 * The attribution of the entity's domain (the one `readDomain` gives): from the `domainAssociations`
 * entry that names it, as DataHub reads it; null when none does or it carries none.
 */
export function readDomainAttribution(view: StoreView, urn: string): AttributionRead | null {
  const stored = aspectOf(view, urn, domains);
  const domain = stored?.domains?.[0];
  const associations = (stored as { domainAssociations?: unknown } | undefined)?.domainAssociations;
  if (domain === undefined || !Array.isArray(associations)) return null;
  const entry = (associations as unknown[]).find(
    (a) => a && typeof a === 'object' && (a as Record<string, unknown>)['domain'] === domain,
  );
  return attributionOf((entry as Record<string, unknown> | undefined)?.['attribution']);
}

/** The `subTypes` aspect's names; null when the entity has none. */
export function readSubTypes(view: StoreView, urn: string): { typeNames: readonly string[] } | null {
  const s = aspectOf(view, urn, subTypes);
  return s ? { typeNames: s.typeNames ?? [] } : null;
}

/** The container the entity is in (its `container` aspect); null when none. */
export function readContainer(view: StoreView, urn: string): string | null {
  return str(aspectOf(view, urn, container)?.container);
}

/**
 * The containers above the entity, nearest first, up to the root: a path that comes back to a
 * container already on it stops there (stored links may form a cycle).
 */
export function readParentContainers(view: StoreView, urn: string): string[] {
  return ancestorsOf(urn, (u) => readContainer(view, u) ?? undefined);
}

/** A structured property's value as read: a string, a number, or none for any other stored shape. */
export type PropertyValueRead = { kind: 'string'; value: string } | { kind: 'number'; value: number } | null;

export function propertyValueOf(v: unknown): PropertyValueRead {
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  if (typeof o['string'] === 'string') return { kind: 'string', value: o['string'] };
  if (typeof o['double'] === 'number') return { kind: 'number', value: o['double'] };
  return null;
}

export interface StructuredPropertyRead {
  property: string;
  values: PropertyValueRead[];
  /** Per value, the urn it names when it is a string starting `urn:li:`, else null. */
  valueEntities: Array<string | null>;
  /** Who applied the values, when, from which source, as stored. */
  attribution: AttributionRead | null;
}

/** The entity's structured properties; null when it has no `structuredProperties` aspect. */
export function readStructuredProperties(view: StoreView, urn: string): StructuredPropertyRead[] | null {
  const sp = aspectOf(view, urn, structuredProperties);
  if (!sp) return null;
  return (sp.properties ?? []).map((p) => ({
    property: p.propertyUrn,
    values: (p.values ?? []).map(propertyValueOf),
    valueEntities: (p.values ?? []).map((v) => {
      const s = (v as { string?: unknown } | null)?.string;
      return typeof s === 'string' && s.startsWith('urn:li:') ? s : null;
    }),
    attribution: attributionOf(p.attribution),
  }));
}

export interface BrowsePathEntryRead {
  name: string;
  /** The entity the step stands for, when the stored step names one. */
  entity: string | null;
}

/** The `browsePathsV2` aspect's steps; null when the entity has none. */
export function readBrowsePath(view: StoreView, urn: string): BrowsePathEntryRead[] | null {
  const bp = aspectOf(view, urn, browsePathsV2);
  if (!bp) return null;
  return (bp.path ?? []).map((e) => ({ name: e.id, entity: e.urn ?? null }));
}

/** The platform instance the entity belongs to (`dataPlatformInstance.instance`); null when none. */
export function readPlatformInstance(view: StoreView, urn: string): string | null {
  return str(aspectOf(view, urn, dataPlatformInstance)?.instance);
}

export interface DocumentationRead {
  /** The text, empty when an entry stores none. */
  documentation: string;
  attribution: AttributionRead | null;
}

/** The `documentation` aspect's entries; null when the entity has none. */
export function readDocumentation(view: StoreView, urn: string): DocumentationRead[] | null {
  const doc = aspectOf(view, urn, documentation);
  if (!doc) return null;
  return (doc.documentations ?? []).map((d) => ({
    documentation: d.documentation ?? '',
    attribution: attributionOf(d.attribution),
  }));
}

/** Icon libraries DataHub names; an icon from another library reads with no library. */
const ICON_LIBRARIES: ReadonlySet<string> = new Set(['MATERIAL']);

export interface DisplayPropertiesRead {
  colorHex: string | null;
  icon: { iconLibrary: string | null; name: string | null; style: string | null } | null;
}

/** The `displayProperties` aspect (a color and an icon); null when the entity has none. */
export function readDisplayProperties(view: StoreView, urn: string): DisplayPropertiesRead | null {
  const d = aspectOf(view, urn, displayProperties);
  if (!d) return null;
  const icon = d.icon;
  const library = icon?.iconLibrary;
  return {
    colorHex: str(d.colorHex),
    icon: icon
      ? {
          iconLibrary: typeof library === 'string' && ICON_LIBRARIES.has(library) ? library : null,
          name: str(icon.name),
          style: str(icon.style),
        }
      : null,
  };
}

/** When anything last wrote the entity: the latest `lastObserved` of its aspects (null when it has none). */
export function readLastIngested(view: StoreView, urn: string): number | null {
  let latest: number | null = null;
  for (const name of view.getEntity(urn)?.aspects ?? []) {
    const observed = view.readAspect(urn, name)?.systemMetadata?.['lastObserved'];
    if (typeof observed === 'number' && (latest === null || observed > latest)) latest = observed;
  }
  return latest;
}
