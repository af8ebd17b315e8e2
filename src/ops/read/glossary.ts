/**
 * Read models of the glossary (terms and their nodes), domains and containers: each one's properties
 * with the catalog's defaults (a name defaults to the urn's id, a term's source to INTERNAL), and the
 * chain of its parents.
 */
import { parseUrn } from '../../model/urn.ts';
import type { StoreView } from '../../store/store.ts';
import { aspectOf, customPropertiesOf, type CustomPropertyRead } from './common.ts';

type Stored = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const props = (p: unknown): Record<string, string> | undefined => (p && typeof p === 'object' ? (p as Record<string, string>) : undefined);

/** Follows a parent link (container, parentNode, parentDomain) up to the root, guarding against cycles (100 at most). */
export function ancestorsOf(urn: string, parentOf: (urn: string) => string | undefined): string[] {
  const out: string[] = [];
  const seen = new Set([urn]);
  for (let next = parentOf(urn); next && !seen.has(next) && out.length < 100; next = parentOf(next)) {
    seen.add(next);
    out.push(next);
  }
  return out;
}

export interface GlossaryTermPropertiesRead {
  name: string;
  /** The definition, as DataHub also shows it as the description. */
  description: string | null;
  definition: string;
  termSource: string;
  sourceRef: string | null;
  sourceUrl: string | null;
  customProperties: CustomPropertyRead[];
  rawSchema: string | null;
}

export function readGlossaryTermProperties(view: StoreView, urn: string): GlossaryTermPropertiesRead | null {
  const info = aspectOf<Stored>(view, urn, 'glossaryTermInfo');
  if (!info) return null;
  const id = parseUrn(urn).rawKey;
  return {
    name: str(info['name']) ?? id,
    description: str(info['definition']),
    definition: str(info['definition']) ?? '',
    termSource: str(info['termSource']) ?? 'INTERNAL',
    sourceRef: str(info['sourceRef']),
    sourceUrl: str(info['sourceUrl']),
    customProperties: customPropertiesOf(props(info['customProperties'])),
    rawSchema: str(info['rawSchema']),
  };
}

export interface GlossaryNodePropertiesRead {
  name: string;
  description: string | null;
  customProperties: CustomPropertyRead[];
}

export function readGlossaryNodeProperties(view: StoreView, urn: string): GlossaryNodePropertiesRead | null {
  const info = aspectOf<Stored>(view, urn, 'glossaryNodeInfo');
  if (!info) return null;
  return { name: str(info['name']) ?? parseUrn(urn).rawKey, description: str(info['definition']), customProperties: customPropertiesOf(props(info['customProperties'])) };
}

/** The glossary nodes above a term or node (`infoName` its own info aspect), nearest first. */
export function readParentNodes(view: StoreView, urn: string, infoName: string): string[] {
  return ancestorsOf(urn, (u) => str(aspectOf<Stored>(view, u, u === urn ? infoName : 'glossaryNodeInfo')?.['parentNode']) ?? undefined);
}

export function readDomainProperties(view: StoreView, urn: string): { name: string; description: string | null } | null {
  const p = aspectOf<Stored>(view, urn, 'domainProperties');
  return p ? { name: str(p['name']) ?? parseUrn(urn).rawKey, description: str(p['description']) } : null;
}

/** The domains above a domain, nearest first. */
export function readParentDomains(view: StoreView, urn: string): string[] {
  return ancestorsOf(urn, (u) => str(aspectOf<Stored>(view, u, 'domainProperties')?.['parentDomain']) ?? undefined);
}

export interface ContainerPropertiesRead {
  name: string;
  description: string | null;
  customProperties: CustomPropertyRead[];
  externalUrl: string | null;
  qualifiedName: string | null;
}

export function readContainerProperties(view: StoreView, urn: string): ContainerPropertiesRead | null {
  const info = aspectOf<Stored>(view, urn, 'containerProperties');
  if (!info) return null;
  return {
    name: str(info['name']) ?? parseUrn(urn).rawKey,
    description: str(info['description']),
    customProperties: customPropertiesOf(props(info['customProperties'])),
    externalUrl: str(info['externalUrl']),
    qualifiedName: str(info['qualifiedName']),
  };
}

/** A container's platform: the one of its dataPlatformInstance, else `unknown`. */
export function readContainerPlatform(view: StoreView, urn: string): string {
  return str(aspectOf<Stored>(view, urn, 'dataPlatformInstance')?.['platform']) ?? 'urn:li:dataPlatform:unknown';
}

/** An edited description (editable…Properties): null when none is stored. */
export function readEditableDescription(view: StoreView, urn: string, editableName: string): { description: string | null } | null {
  const editable = aspectOf<Stored>(view, urn, editableName);
  return editable ? { description: str(editable['description']) } : null;
}
