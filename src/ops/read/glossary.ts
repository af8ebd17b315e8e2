/**
 * Read models of the glossary (terms and their nodes), domains and containers: each one's properties
 * with the catalog's defaults (a name defaults to the urn's id, a term's source to INTERNAL), and the
 * chain of its parents.
 */
import type { editableDescription, Stamp } from '../../model/aspects/define.ts';
import {
  containerProperties,
  dataPlatformInstance,
  domainProperties,
  glossaryNodeInfo,
  glossaryTermInfo,
} from '../../model/aspects/storedAsGiven.ts';
import { parseUrn } from '../../model/urn.ts';
import { listRelationships } from '../entities/relationships.ts';
import type { StoreView } from '../../store/store.ts';
import { aspectOf, customPropertiesOf, stampOf, type CustomPropertyRead, type StampRead } from './common.ts';

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
/** An aspect holding the description a user wrote over the ingested one (`editableContainerProperties` …). */
type EditableDescriptionAspect = { readonly name: string; readonly fields: typeof editableDescription };
const props = (p: unknown): Record<string, string> | undefined =>
  p && typeof p === 'object' ? (p as Record<string, string>) : undefined;

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
  const info = aspectOf(view, urn, glossaryTermInfo);
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
  const info = aspectOf(view, urn, glossaryNodeInfo);
  if (!info) return null;
  return {
    name: str(info['name']) ?? parseUrn(urn).rawKey,
    description: str(info['definition']),
    customProperties: customPropertiesOf(props(info['customProperties'])),
  };
}

/** The glossary nodes above a term or node (`infoName` its own info aspect), nearest first. */
export function readParentNodes(
  view: StoreView,
  urn: string,
  info: typeof glossaryTermInfo | typeof glossaryNodeInfo,
): string[] {
  return ancestorsOf(urn, (u) => str(aspectOf(view, u, u === urn ? info : glossaryNodeInfo)?.parentNode) ?? undefined);
}

export interface DomainPropertiesRead {
  name: string;
  description: string | null;
  customProperties: CustomPropertyRead[];
  /** `domainProperties.created`; null when none is stored (DataHub then falls back to the key aspect's stamp). */
  created: StampRead | null;
}

export function readDomainProperties(view: StoreView, urn: string): DomainPropertiesRead | null {
  const p = aspectOf(view, urn, domainProperties);
  if (!p) return null;
  const custom = p['customProperties'];
  const created = p['created'] as Partial<Stamp> | undefined;
  return {
    name: str(p['name']) ?? parseUrn(urn).rawKey,
    description: str(p['description']),
    customProperties: custom && typeof custom === 'object' ? customPropertiesOf(custom as Record<string, string>) : [],
    created: created && typeof created.time === 'number' ? stampOf(created) : null,
  };
}

/** The domains above a domain, nearest first. */
export function readParentDomains(view: StoreView, urn: string): string[] {
  return ancestorsOf(urn, (u) => str(aspectOf(view, u, domainProperties)?.parentDomain) ?? undefined);
}

export interface ContainerPropertiesRead {
  name: string;
  description: string | null;
  customProperties: CustomPropertyRead[];
  externalUrl: string | null;
  qualifiedName: string | null;
}

export function readContainerProperties(view: StoreView, urn: string): ContainerPropertiesRead | null {
  const info = aspectOf(view, urn, containerProperties);
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
  return str(aspectOf(view, urn, dataPlatformInstance)?.platform) ?? 'urn:li:dataPlatform:unknown';
}

/** An edited description (editable…Properties): null when none is stored. */
export function readEditableDescription(
  view: StoreView,
  urn: string,
  aspect: EditableDescriptionAspect,
): { description: string | null } | null {
  const editable = aspectOf(view, urn, aspect);
  return editable ? { description: str(editable.description) } : null;
}

/**
 * The entities directly under `parent` (their `IsPartOf` edge names it: a glossary node's terms and
 * nodes, a container's assets), of the given types (any when empty), soft-deleted ones left out as
 * DataHub's search leaves them out.
 */
export function readChildren(view: StoreView, parent: string, types: readonly string[] = []): string[] {
  const page = listRelationships(view, {
    urn: parent,
    direction: 'INCOMING',
    types: ['IsPartOf'],
    count: Number.MAX_SAFE_INTEGER,
    includeSoftDelete: false,
    relatedEntityTypes: types,
  });
  return page.relationships.map((r) => r.urn);
}

/** A glossary node's children, as DataHub counts them: its terms and its nodes. */
export function readGlossaryChildrenCount(view: StoreView, urn: string): { termsCount: number; nodesCount: number } {
  return {
    termsCount: readChildren(view, urn, ['glossaryTerm']).length,
    nodesCount: readChildren(view, urn, ['glossaryNode']).length,
  };
}
