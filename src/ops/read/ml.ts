/**
 * Read models of the ML entities: models, model groups, features, primary keys and feature tables.
 * Their name, platform, origin and feature namespace come from the urn; their properties from the
 * `…Properties` aspect with the catalog's defaults (a version only when one is stored as an object,
 * a related list read as empty when it is not a list); the description an entity shows is its edited
 * one when one is stored, else the one of its properties. (The entity types and their urns:
 * docs/datahub/discovery.md §1.2.)
 */
import type { DeclaredAspect } from '../../model/aspects/define.ts';
import {
  editableMlFeatureProperties,
  editableMlFeatureTableProperties,
  editableMlModelGroupProperties,
  editableMlModelProperties,
  editableMlPrimaryKeyProperties,
} from '../../model/aspects/readAsGiven.ts';
import {
  mlFeatureProperties,
  mlFeatureTableProperties,
  mlModelGroupProperties,
  mlModelProperties,
  mlPrimaryKeyProperties,
} from '../../model/aspects/storedAsGiven.ts';
import { keyFieldsOf } from '../../model/registry.ts';
import type { StoreView } from '../../store/store.ts';
import { aspectOf, customPropertiesOf, type CustomPropertyRead } from './common.ts';
import { readEditableDescription } from './glossary.ts';

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);
const props = (p: unknown): Record<string, string> | undefined =>
  p && typeof p === 'object' ? (p as Record<string, string>) : undefined;
/** A stored list of urns as read: none when the value is not a list. */
const urns = (v: unknown): string[] => (Array.isArray(v) ? [...(v as string[])] : []);

/** A stored `created` time stamp (DataHub's `TimeStamp`) as an audit stamp; null when none is stored. */
function createdOf(v: unknown): { time: number; actor: string | null } | null {
  if (!v || typeof v !== 'object') return null;
  const c = v as Record<string, unknown>;
  return typeof c['time'] === 'number' ? { time: c['time'], actor: str(c['actor']) } : null;
}

export type MlKind = 'mlModel' | 'mlModelGroup' | 'mlFeature' | 'mlPrimaryKey' | 'mlFeatureTable';

const ASPECTS = {
  mlModel: { info: mlModelProperties, editable: editableMlModelProperties },
  mlModelGroup: { info: mlModelGroupProperties, editable: editableMlModelGroupProperties },
  mlFeature: { info: mlFeatureProperties, editable: editableMlFeatureProperties },
  mlPrimaryKey: { info: mlPrimaryKeyProperties, editable: editableMlPrimaryKeyProperties },
  mlFeatureTable: { info: mlFeatureTableProperties, editable: editableMlFeatureTableProperties },
} as const satisfies Record<MlKind, { info: DeclaredAspect; editable: DeclaredAspect }>;

/** What the urn of an ML entity tells; a part its key does not have is null. */
export interface MlIdentityRead {
  /** The entity's name in its key ('' when the key has none). */
  name: string;
  /** Models, model groups and feature tables: `urn:li:dataPlatform:<id>`. */
  platformUrn: string | null;
  /** Models and model groups: the fabric (`PROD`, …), upper-cased as DataHub's `FabricType`. */
  origin: string | null;
  /** Features and primary keys: the namespace they belong to. */
  featureNamespace: string | null;
}

export function readMlIdentity(urn: string): MlIdentityRead {
  const key = keyFieldsOf(urn);
  return {
    name: key['name'] ?? '',
    platformUrn: key['platform'] ?? null,
    origin: key['origin'] !== undefined ? key['origin'].toUpperCase() : null,
    featureNamespace: key['featureNamespace'] ?? null,
  };
}

/** An ML entity's `version` (DataHub's `VersionTag`). */
export interface VersionTagRead {
  versionTag: string | null;
}

/** The stored `version`; null when none is stored, or it is not an object. */
function versionOf(info: { version?: { versionTag?: string } }): VersionTagRead | null {
  const v = info.version;
  return v && typeof v === 'object' ? { versionTag: str(v.versionTag) } : null;
}

/** The edited description of an ML entity; null when nothing was edited. */
export function readMlEditable(view: StoreView, kind: MlKind, urn: string): { description: string | null } | null {
  return readEditableDescription(view, urn, ASPECTS[kind].editable);
}

/** The description an ML entity shows: the edited one, else the one of its properties; null when neither is stored. */
export function readMlDescription(view: StoreView, kind: MlKind, urn: string): string | null {
  return readMlEditable(view, kind, urn)?.description ?? str(aspectOf(view, urn, ASPECTS[kind].info)?.description);
}

export interface MlModelPropertiesRead {
  name: string | null;
  description: string | null;
  date: number | null;
  version: VersionTagRead | null;
  type: string | null;
  externalUrl: string | null;
  customProperties: CustomPropertyRead[];
  /** The model groups it belongs to (urns). */
  groups: string[];
  created: { time: number; actor: string | null } | null;
  /** Tags for categorizing the model (plain strings; DataHub's default: none). */
  tags: string[];
}

/** A model's properties; null when `mlModelProperties` is not stored. */
export function readMlModelProperties(view: StoreView, urn: string): MlModelPropertiesRead | null {
  const info = aspectOf(view, urn, mlModelProperties);
  if (!info) return null;
  return {
    name: str(info['name']),
    description: str(info['description']),
    date: num(info['date']),
    version: versionOf(info),
    type: str(info['type']),
    externalUrl: str(info['externalUrl']),
    customProperties: customPropertiesOf(props(info['customProperties'])),
    groups: urns(info['groups']),
    created: createdOf(info['created']),
    tags: Array.isArray(info['tags'])
      ? (info['tags'] as unknown[]).filter((t): t is string => typeof t === 'string')
      : [],
  };
}

export interface MlModelGroupPropertiesRead {
  name: string | null;
  description: string | null;
  /** The time of the stored `created` stamp. */
  createdAt: number | null;
  version: VersionTagRead | null;
  externalUrl: string | null;
  customProperties: CustomPropertyRead[];
  created: { time: number; actor: string | null } | null;
}

/** A model group's properties; null when `mlModelGroupProperties` is not stored. */
export function readMlModelGroupProperties(view: StoreView, urn: string): MlModelGroupPropertiesRead | null {
  const info = aspectOf(view, urn, mlModelGroupProperties);
  if (!info) return null;
  return {
    name: str(info['name']),
    description: str(info['description']),
    createdAt: num(info.created?.time),
    version: versionOf(info),
    externalUrl: str(info['externalUrl']),
    customProperties: customPropertiesOf(props(info['customProperties'])),
    created: createdOf(info.created),
  };
}

/** The properties of a feature or a primary key (the two share their shape). */
export interface MlFeaturePropertiesRead {
  description: string | null;
  /** DataHub's `MLFeatureDataType` as stored. */
  dataType: string | null;
  version: VersionTagRead | null;
  customProperties: CustomPropertyRead[];
  /** The datasets it is computed from (urns); null when none are stored. */
  sources: string[] | null;
}

/** A feature's or primary key's properties; null when its properties aspect is not stored. */
export function readMlFeatureProperties(
  view: StoreView,
  kind: 'mlFeature' | 'mlPrimaryKey',
  urn: string,
): MlFeaturePropertiesRead | null {
  const info = aspectOf(view, urn, ASPECTS[kind].info);
  if (!info) return null;
  return {
    description: str(info['description']),
    dataType: str(info['dataType']),
    version: versionOf(info),
    customProperties: customPropertiesOf(props(info['customProperties'])),
    sources: Array.isArray(info['sources']) ? urns(info['sources']) : null,
  };
}

export interface MlFeatureTablePropertiesRead {
  description: string | null;
  customProperties: CustomPropertyRead[];
  /** The table's features (urns). */
  mlFeatures: string[];
  /** The table's primary keys (urns). */
  mlPrimaryKeys: string[];
}

/** A feature table's properties; null when `mlFeatureTableProperties` is not stored. */
export function readMlFeatureTableProperties(view: StoreView, urn: string): MlFeatureTablePropertiesRead | null {
  const info = aspectOf(view, urn, mlFeatureTableProperties);
  if (!info) return null;
  return {
    description: str(info['description']),
    customProperties: customPropertiesOf(props(info['customProperties'])),
    mlFeatures: urns(info['mlFeatures']),
    mlPrimaryKeys: urns(info['mlPrimaryKeys']),
  };
}
