/**
 * Read models of the catalog's registry entities: the value types of structured properties
 * (`dataType`), the entity types they apply to (`entityType`), the structured property definitions
 * themselves with their display settings, and the platform instances assets live on. Their aspects
 * are stored as given (an ingested one may hold anything), so a field reads only when it has the
 * expected type, and the catalog's defaults fill the rest.
 */
import {
  dataPlatformInstanceProperties,
  dataTypeInfo,
  entityTypeInfo,
  structuredPropertySettings,
} from '../../model/aspects/readAsGiven.ts';
import { propertyDefinition, type PropertyDefinition } from '../../model/aspects/storedAsGiven.ts';
import { keyFieldsOf } from '../../model/registry.ts';
import { parseUrn } from '../../model/urn.ts';
import type { StoreView } from '../../store/store.ts';
import { aspectOf, customPropertiesOf, type CustomPropertyRead } from './common.ts';

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const props = (p: unknown): Record<string, string> | undefined =>
  p && typeof p === 'object' ? (p as Record<string, string>) : undefined;

/** Whether a stored value is a well-formed urn of `entityType` (a value stored as given may be anything). */
function isUrnOf(value: unknown, entityType: string): value is string {
  if (typeof value !== 'string') return false;
  try {
    return parseUrn(value).entityType === entityType;
  } catch {
    return false;
  }
}

/** What `dataTypeInfo` / `entityTypeInfo` give, with the names the urn gives when none is stored. */
export interface TypeInfoRead {
  /** The stored qualified name, else the id from the urn (`datahub.string`). */
  qualifiedName: string;
  displayName: string | null;
  description: string | null;
}

function typeInfoOf(
  view: StoreView,
  urn: string,
  aspect: typeof dataTypeInfo | typeof entityTypeInfo,
): TypeInfoRead & { id: string } {
  const id = parseUrn(urn).rawKey;
  const info = aspectOf(view, urn, aspect);
  return {
    id,
    qualifiedName: str(info?.qualifiedName) ?? id,
    displayName: str(info?.displayName),
    description: str(info?.description),
  };
}

/** DataHub's standard value types (`StdDataType`) a data type's id names; any other reads as OTHER. */
const STD_TYPES: ReadonlySet<string> = new Set(['STRING', 'NUMBER', 'URN', 'RICH_TEXT', 'DATE']);

export interface DataTypeRead extends TypeInfoRead {
  /** The standard type its id names, `datahub.` left out and upper-cased (`datahub.rich_text` → RICH_TEXT); else OTHER. */
  type: string;
}

/** A data type (`urn:li:dataType:datahub.string`, …); it reads whether or not its info is stored. */
export function readDataType(view: StoreView, urn: string): DataTypeRead {
  const { id, ...info } = typeInfoOf(view, urn, dataTypeInfo);
  const short = id.replace(/^datahub\./, '').toUpperCase();
  return { type: STD_TYPES.has(short) ? short : 'OTHER', ...info };
}

export interface EntityTypeRead extends TypeInfoRead {
  /** The entity type it names: its id without the `datahub.` prefix (`datahub.dataset` → `dataset`). */
  entityType: string;
}

/** An entity type (`urn:li:entityType:datahub.dataset`, …); it reads whether or not its info is stored. */
export function readEntityType(view: StoreView, urn: string): EntityTypeRead {
  const { id, ...info } = typeInfoOf(view, urn, entityTypeInfo);
  return { entityType: id.replace(/^datahub\./, ''), ...info };
}

/** A value of a structured property (DataHub's `PrimitivePropertyValue`): text, else a number. */
export type PropertyValueRead = { string: string } | { double: number };

/** A stored value as read: its text when it has one, else its number; null when it has neither. */
export function propertyValueOf(v: unknown): PropertyValueRead | null {
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  if (typeof o['string'] === 'string') return { string: o['string'] };
  if (typeof o['double'] === 'number') return { double: o['double'] };
  return null;
}

/** A creation or change stamp of a definition, as stored. */
export interface DefinitionStampRead {
  time: number;
  actor: string;
}

export interface AllowedValueRead {
  /** null when the stored value holds neither text nor a number. */
  value: PropertyValueRead | null;
  /** As stored; null when not stored. */
  description: string | null;
}

export interface PropertyDefinitionRead {
  /** The stored qualified name, else the id from the urn. */
  qualifiedName: string;
  displayName: string | null;
  description: string | null;
  /** `SINGLE` unless stored otherwise (`MULTIPLE`). */
  cardinality: string;
  /** Only when stored as `true`. */
  immutable: boolean;
  /** The data type's urn; `urn:li:dataType:datahub.string` when none is stored. */
  valueType: string;
  /** For urn-valued properties: the entity types (urns) a value may name, only the well-formed ones; null when not a list. */
  typeQualifier: { allowedTypes: string[] | null } | null;
  /** null when stored as anything but a list (any value is allowed then). */
  allowedValues: AllowedValueRead[] | null;
  /** The entity type urns it applies to; none when not a list. */
  entityTypes: string[];
  /** The platforms (urns) of the assets it applies to, only the well-formed ones; null (all of them) when not a list. */
  allowedPlatforms: string[] | null;
  created: DefinitionStampRead | null;
  lastModified: DefinitionStampRead | null;
}

/** A structured property's display settings: each flag true only when stored as `true`. */
export interface PropertySettingsRead {
  isHidden: boolean;
  showInSearchFilters: boolean;
  showInAssetSummary: boolean;
  hideInAssetSummaryWhenEmpty: boolean;
  showAsAssetBadge: boolean;
  showInColumnsTable: boolean;
}

export interface StructuredPropertyRead {
  /** Always read, from what is stored (the defaults above when nothing is). */
  definition: PropertyDefinitionRead;
  /** null when no `structuredPropertySettings` is stored. */
  settings: PropertySettingsRead | null;
}

const stampOrNull = (s: unknown): DefinitionStampRead | null => {
  if (!s) return null;
  const { time, actor } = s as DefinitionStampRead;
  return { time, actor };
};

/** A structured property: its `propertyDefinition` and `structuredPropertySettings` as read. */
export function readStructuredProperty(view: StoreView, urn: string): StructuredPropertyRead {
  // A definition stored before its required fields were checked may lack them: each is read with its default.
  const d: Partial<PropertyDefinition> = aspectOf(view, urn, propertyDefinition) ?? {};
  const s = aspectOf(view, urn, structuredPropertySettings);
  const qualifier = d.typeQualifier;
  const allowedTypes: unknown = qualifier && typeof qualifier === 'object' ? qualifier.allowedTypes : undefined;
  return {
    definition: {
      qualifiedName: str(d['qualifiedName']) ?? parseUrn(urn).rawKey,
      displayName: str(d['displayName']),
      description: str(d['description']),
      cardinality: str(d['cardinality']) ?? 'SINGLE',
      immutable: d['immutable'] === true,
      valueType: str(d['valueType']) ?? 'urn:li:dataType:datahub.string',
      typeQualifier:
        qualifier && typeof qualifier === 'object'
          ? { allowedTypes: Array.isArray(allowedTypes) ? allowedTypes.filter((t) => isUrnOf(t, 'entityType')) : null }
          : null,
      allowedValues: Array.isArray(d['allowedValues'])
        ? d['allowedValues'].map((a) => ({ value: propertyValueOf(a.value), description: a.description ?? null }))
        : null,
      entityTypes: Array.isArray(d['entityTypes']) ? [...d['entityTypes']] : [],
      allowedPlatforms: Array.isArray(d['allowedPlatforms'])
        ? d['allowedPlatforms'].filter((p): p is string => isUrnOf(p, 'dataPlatform'))
        : null,
      created: stampOrNull(d['created']),
      lastModified: stampOrNull(d['lastModified']),
    },
    settings: s
      ? {
          isHidden: s['isHidden'] === true,
          showInSearchFilters: s['showInSearchFilters'] === true,
          showInAssetSummary: s['showInAssetSummary'] === true,
          hideInAssetSummaryWhenEmpty: s['hideInAssetSummaryWhenEmpty'] === true,
          showAsAssetBadge: s['showAsAssetBadge'] === true,
          showInColumnsTable: s['showInColumnsTable'] === true,
        }
      : null,
  };
}

export interface PlatformInstancePropertiesRead {
  name: string | null;
  description: string | null;
  customProperties: CustomPropertyRead[];
  externalUrl: string | null;
}

export interface PlatformInstanceRead {
  /** The platform's urn, from the instance's urn (`urn:li:dataPlatform:unknown` when its key has none). */
  platformUrn: string;
  /** The instance's id, from its urn ('' when its key has none). */
  instanceId: string;
  /** null when no `dataPlatformInstanceProperties` is stored. */
  properties: PlatformInstancePropertiesRead | null;
}

/** A platform instance (a warehouse, a cluster): what its urn says and its stored properties. */
export function readPlatformInstance(view: StoreView, urn: string): PlatformInstanceRead {
  const key = keyFieldsOf(urn);
  const p = aspectOf(view, urn, dataPlatformInstanceProperties);
  return {
    platformUrn: key['platform'] ?? 'urn:li:dataPlatform:unknown',
    instanceId: key['instance'] ?? '',
    properties: p
      ? {
          name: str(p['name']),
          description: str(p['description']),
          customProperties: customPropertiesOf(props(p['customProperties'])),
          externalUrl: str(p['externalUrl']),
        }
      : null,
  };
}
