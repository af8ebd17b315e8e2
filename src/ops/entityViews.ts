/**
 * Read models of every entity type DataHub's clients ask `entity(urn)` for (issue 13): the aspects
 * DataHub shows on them — properties and editable properties, ownership, tags, glossary terms,
 * domain, deprecation, links, status, sub-types, container and parent containers, structured
 * properties, browse path, platform instance — shaped as DataHub's GraphQL types
 * (datahub-discovery.md §1, §4.1). Like views.ts, related entities are built lazily.
 */
import { keyAspectOf } from '../model/registry.ts';
import { parseUrn } from '../model/urn.ts';
import type { StoreView } from '../store/store.ts';
import {
  aspect,
  auditStamp,
  checkType,
  corpGroupView,
  corpUserView,
  customProperties,
  datasetView,
  globalTagsView,
  institutionalMemoryView,
  lazy,
  notFound,
  ownershipView,
  platformView,
  statusView,
  tagView,
  typeOf,
  type Obj,
} from './views.ts';
import type { GlobalTags } from '../model/aspects/globalTags.ts';
import type { Ownership } from '../model/aspects/ownership.ts';
import { ownershipTypeName } from './ownershipTypes.ts';

type Builder = (view: StoreView, urn: string) => Obj;

/** Entity type of a urn → GraphQL type name, `EntityType` value and read model. */
interface EntityKind {
  typename: string;
  enumValue: string;
  build: Builder;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);
const props = (p: unknown): Record<string, string> | undefined => (p && typeof p === 'object' ? (p as Record<string, string>) : undefined);

/** Follows a parent link (container, parentNode, parentDomain) up to the root, guarding against cycles. */
function ancestors(view: StoreView, urn: string, parentOf: (urn: string) => string | undefined): string[] {
  const out: string[] = [];
  const seen = new Set([urn]);
  for (let next = parentOf(urn); next && !seen.has(next) && out.length < 100; next = parentOf(next)) {
    seen.add(next);
    out.push(next);
  }
  return out;
}

const containerOf = (view: StoreView) => (u: string) => str(aspect(view, u, 'container')?.['container']) ?? undefined;

function deprecationView(view: StoreView, urn: string): Obj | null {
  const d = aspect(view, urn, 'deprecation');
  if (!d) return null;
  return {
    deprecated: d['deprecated'] === true,
    decommissionTime: num(d['decommissionTime']),
    note: str(d['note']),
    actor: str(d['actor']),
    replacement: str(d['replacement']),
  };
}

type TermsHolder = { terms?: Array<{ urn: string; context?: string; actor?: string }>; auditStamp?: { time: number; actor: string } };

/** A `GlossaryTerms` value (of an entity or a column) as GraphQL shows it; null when there is none. */
export function glossaryTermsHolderView(view: StoreView, terms: TermsHolder | undefined, associatedUrn: string): Obj | null {
  if (!terms) return null;
  return {
    terms: (terms.terms ?? []).map((t) => ({
      term: () => glossaryTermView(view, t.urn),
      actor: t.actor ? () => corpUserView(view, t.actor!) : null,
      context: t.context ?? null,
      associatedUrn,
    })),
    auditStamp: terms.auditStamp ? auditStamp(terms.auditStamp) : null,
  };
}

function glossaryTermsView(view: StoreView, urn: string): Obj | null {
  return glossaryTermsHolderView(view, aspect<TermsHolder>(view, urn, 'glossaryTerms'), urn);
}

function domainAssociation(view: StoreView, urn: string): Obj | null {
  const domains = aspect<{ domains?: string[] }>(view, urn, 'domains')?.domains ?? [];
  const first = domains[0];
  return first ? { domain: () => domainView(view, first), associatedUrn: urn } : null;
}

function propertyValue(v: unknown): Obj | null {
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

function structuredPropertiesView(view: StoreView, urn: string): Obj | null {
  const sp = aspect<{ properties?: Array<{ propertyUrn: string; values?: unknown[] }> }>(view, urn, 'structuredProperties');
  if (!sp) return null;
  return {
    properties: (sp.properties ?? []).map((p) => ({
      structuredProperty: () => structuredPropertyView(view, p.propertyUrn),
      values: (p.values ?? []).map(propertyValue),
      valueEntities: (p.values ?? []).map((v) => {
        const s = (v as { string?: unknown })?.string;
        return typeof s === 'string' && s.startsWith('urn:li:') ? entityRef(view, s) : null;
      }),
      associatedUrn: urn,
    })),
  };
}

function browsePathV2View(view: StoreView, urn: string): Obj | null {
  const bp = aspect<{ path?: Array<{ id: string; urn?: string }> }>(view, urn, 'browsePathsV2');
  if (!bp) return null;
  return { path: (bp.path ?? []).map((e) => ({ name: e.id, entity: e.urn ? () => entityRef(view, e.urn!) : null })) };
}

function dataPlatformInstanceOf(view: StoreView, urn: string): Obj | null {
  const instance = str(aspect(view, urn, 'dataPlatformInstance')?.['instance']);
  return instance ? dataPlatformInstanceView(view, instance) : null;
}

/** The fields every entity type shares, each read only when selected. */
function common(view: StoreView, urn: string, kind: EntityKind): Obj {
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
    subTypes: () => {
      const s = aspect<{ typeNames?: string[] }>(view, urn, 'subTypes');
      return s ? { typeNames: s.typeNames ?? [] } : null;
    },
    container: () => {
      const c = containerOf(view)(urn);
      return c ? containerView(view, c) : null;
    },
    parentContainers: () => {
      const list = ancestors(view, urn, containerOf(view));
      return { count: list.length, containers: list.map((c) => containerView(view, c)) };
    },
    structuredProperties: () => structuredPropertiesView(view, urn),
    browsePathV2: () => browsePathV2View(view, urn),
    dataPlatformInstance: () => dataPlatformInstanceOf(view, urn),
  };
}

/** Name, description and custom properties of an `…Info`/`…Properties` aspect, edited description first. */
function described(view: StoreView, urn: string, infoName: string, editableName: string) {
  const info = aspect(view, urn, infoName);
  const editable = aspect(view, urn, editableName);
  return { info, editable: editable ? { description: str(editable['description']) } : null, description: str(editable?.['description']) ?? str(info?.['description']) };
}

function keyOf(urn: string): Record<string, string> {
  return keyAspectOf(urn).value as Record<string, string>;
}

function chartLike(view: StoreView, urn: string, kind: EntityKind, infoName: string, editableName: string, idField: 'chartId' | 'dashboardId'): Obj {
  const key = keyOf(urn);
  const tool = key['dashboardTool'] ?? '';
  const { info, editable } = described(view, urn, infoName, editableName);
  const changes = (info?.['lastModified'] ?? {}) as { created?: { time: number; actor: string }; lastModified?: { time: number; actor: string } };
  return {
    ...common(view, urn, kind),
    tool,
    [idField]: key[idField] ?? '',
    platform: platformView(`urn:li:dataPlatform:${tool}`),
    properties: info
      ? {
          name: str(info['title']) ?? key[idField] ?? '',
          description: str(info['description']),
          externalUrl: str(info['externalUrl']) ?? str(info['chartUrl']) ?? str(info['dashboardUrl']),
          lastRefreshed: num(info['lastRefreshed']),
          created: auditStamp(changes.created),
          lastModified: auditStamp(changes.lastModified),
          customProperties: customProperties(props(info['customProperties']), urn),
        }
      : null,
    editableProperties: editable,
  };
}

/** An ML entity: name from its key, platform and origin when its key has them, properties shaped by `shape`. */
function mlEntity(view: StoreView, urn: string, kind: EntityKind, infoName: string, editableName: string, shape: (info: Obj) => Obj): Obj {
  const key = keyOf(urn);
  const { info, editable, description } = described(view, urn, infoName, editableName);
  return {
    ...common(view, urn, kind),
    name: key['name'] ?? '',
    description,
    editableProperties: editable,
    ...(key['platform'] !== undefined && { platform: platformView(key['platform']) }),
    ...(key['origin'] !== undefined && { origin: key['origin'].toUpperCase() }),
    ...(key['featureNamespace'] !== undefined && { featureNamespace: key['featureNamespace'], dataType: str(info?.['dataType']) }),
    properties: info ? shape(info) : null,
  };
}

const versionTag = (info: Obj) => str((info['version'] as Obj | undefined)?.['versionTag']);

const KINDS: Record<string, EntityKind> = {};

function kind(urnType: string, typename: string, enumValue: string, build: Builder): void {
  KINDS[urnType] = { typename, enumValue, build };
}

// A dataset has the shared aspects too; its own read model (effective descriptions, deprecation) wins.
kind('dataset', 'Dataset', 'DATASET', (view, urn) => ({ ...common(view, urn, KINDS['dataset']!), ...datasetView(view, urn) }));
kind('tag', 'Tag', 'TAG', tagView);
kind('corpuser', 'CorpUser', 'CORP_USER', corpUserView);
kind('corpGroup', 'CorpGroup', 'CORP_GROUP', corpGroupView);
kind('dataPlatform', 'DataPlatform', 'DATA_PLATFORM', (_v, urn) => ({ __typename: 'DataPlatform', ...platformView(urn) }));

kind('glossaryTerm', 'GlossaryTerm', 'GLOSSARY_TERM', (view, urn) => {
  const id = parseUrn(urn).rawKey;
  const info = aspect(view, urn, 'glossaryTermInfo');
  return {
    ...common(view, urn, KINDS['glossaryTerm']!),
    name: id,
    hierarchicalName: id,
    properties: info
      ? {
          name: str(info['name']) ?? id,
          description: str(info['definition']),
          definition: str(info['definition']) ?? '',
          termSource: str(info['termSource']) ?? 'INTERNAL',
          sourceRef: str(info['sourceRef']),
          sourceUrl: str(info['sourceUrl']),
          customProperties: customProperties(props(info['customProperties']), urn),
          rawSchema: str(info['rawSchema']),
        }
      : null,
    parentNodes: () => parentNodes(view, urn, 'glossaryTermInfo'),
  };
});

kind('glossaryNode', 'GlossaryNode', 'GLOSSARY_NODE', (view, urn) => {
  const id = parseUrn(urn).rawKey;
  const info = aspect(view, urn, 'glossaryNodeInfo');
  return {
    ...common(view, urn, KINDS['glossaryNode']!),
    properties: info ? { name: str(info['name']) ?? id, description: str(info['definition']), customProperties: customProperties(props(info['customProperties']), urn) } : null,
    parentNodes: () => parentNodes(view, urn, 'glossaryNodeInfo'),
  };
});

function parentNodes(view: StoreView, urn: string, infoName: string): Obj {
  const parentOf = (u: string) => str(aspect(view, u, u === urn ? infoName : 'glossaryNodeInfo')?.['parentNode']) ?? undefined;
  const list = ancestors(view, urn, parentOf);
  return { count: list.length, nodes: list.map((n) => entityRef(view, n)) };
}

kind('domain', 'Domain', 'DOMAIN', (view, urn) => {
  const id = parseUrn(urn).rawKey;
  const p = aspect(view, urn, 'domainProperties');
  return {
    ...common(view, urn, KINDS['domain']!),
    id,
    properties: p ? { name: str(p['name']) ?? id, description: str(p['description']) } : null,
    parentDomains: () => {
      const list = ancestors(view, urn, (u) => str(aspect(view, u, 'domainProperties')?.['parentDomain']) ?? undefined);
      return { count: list.length, domains: list.map((d) => entityRef(view, d)) };
    },
  };
});

kind('container', 'Container', 'CONTAINER', (view, urn) => {
  const { info, editable } = described(view, urn, 'containerProperties', 'editableContainerProperties');
  const platform = str(aspect(view, urn, 'dataPlatformInstance')?.['platform']) ?? 'urn:li:dataPlatform:unknown';
  return {
    ...common(view, urn, KINDS['container']!),
    platform: platformView(platform),
    properties: info
      ? {
          name: str(info['name']) ?? parseUrn(urn).rawKey,
          description: str(info['description']),
          customProperties: customProperties(props(info['customProperties']), urn),
          externalUrl: str(info['externalUrl']),
          qualifiedName: str(info['qualifiedName']),
        }
      : null,
    editableProperties: editable,
  };
});

kind('chart', 'Chart', 'CHART', (view, urn) => chartLike(view, urn, KINDS['chart']!, 'chartInfo', 'editableChartProperties', 'chartId'));
kind('dashboard', 'Dashboard', 'DASHBOARD', (view, urn) => chartLike(view, urn, KINDS['dashboard']!, 'dashboardInfo', 'editableDashboardProperties', 'dashboardId'));

kind('dataFlow', 'DataFlow', 'DATA_FLOW', (view, urn) => {
  const key = keyOf(urn);
  const { info, editable } = described(view, urn, 'dataFlowInfo', 'editableDataFlowProperties');
  return {
    ...common(view, urn, KINDS['dataFlow']!),
    orchestrator: key['orchestrator'] ?? '',
    flowId: key['flowId'] ?? '',
    cluster: key['cluster'] ?? '',
    platform: platformView(`urn:li:dataPlatform:${key['orchestrator'] ?? ''}`),
    properties: info
      ? {
          name: str(info['name']) ?? key['flowId'] ?? '',
          description: str(info['description']),
          project: str(info['project']),
          externalUrl: str(info['externalUrl']),
          customProperties: customProperties(props(info['customProperties']), urn),
        }
      : null,
    editableProperties: editable,
  };
});

kind('dataJob', 'DataJob', 'DATA_JOB', (view, urn) => {
  const key = keyOf(urn);
  const flow = key['flow'] ?? '';
  const orchestrator = flow ? (keyOf(flow)['orchestrator'] ?? '') : '';
  const { info, editable } = described(view, urn, 'dataJobInfo', 'editableDataJobProperties');
  return {
    ...common(view, urn, KINDS['dataJob']!),
    dataFlow: flow ? () => entityRef(view, flow) : null,
    jobId: key['jobId'] ?? '',
    platform: platformView(`urn:li:dataPlatform:${orchestrator}`),
    properties: info
      ? { name: str(info['name']) ?? key['jobId'] ?? '', description: str(info['description']), externalUrl: str(info['externalUrl']), customProperties: customProperties(props(info['customProperties']), urn) }
      : null,
    editableProperties: editable,
    inputOutput: () => {
      const io = aspect<{ inputDatasets?: string[]; outputDatasets?: string[]; inputDatajobs?: string[] }>(view, urn, 'dataJobInputOutput');
      if (!io) return null;
      const refs = (list: string[] | undefined) => (list ?? []).map((u) => entityRef(view, u));
      return { inputDatasets: refs(io.inputDatasets), outputDatasets: refs(io.outputDatasets), inputDatajobs: refs(io.inputDatajobs) };
    },
  };
});

kind('dataProduct', 'DataProduct', 'DATA_PRODUCT', (view, urn) => {
  const p = aspect(view, urn, 'dataProductProperties');
  return {
    ...common(view, urn, KINDS['dataProduct']!),
    properties: p
      ? {
          name: str(p['name']) ?? parseUrn(urn).rawKey,
          description: str(p['description']),
          externalUrl: str(p['externalUrl']),
          numAssets: Array.isArray(p['assets']) ? p['assets'].length : 0,
          customProperties: customProperties(props(p['customProperties']), urn),
        }
      : null,
  };
});

kind('dataPlatformInstance', 'DataPlatformInstance', 'DATA_PLATFORM_INSTANCE', (view, urn) => {
  const key = keyOf(urn);
  const p = aspect(view, urn, 'dataPlatformInstanceProperties');
  return {
    ...common(view, urn, KINDS['dataPlatformInstance']!),
    platform: platformView(key['platform'] ?? 'urn:li:dataPlatform:unknown'),
    instanceId: key['instance'] ?? '',
    properties: p
      ? { name: str(p['name']), description: str(p['description']), customProperties: customProperties(props(p['customProperties']), urn), externalUrl: str(p['externalUrl']) }
      : null,
  };
});

kind('mlModel', 'MLModel', 'MLMODEL', (view, urn) =>
  mlEntity(view, urn, KINDS['mlModel']!, 'mlModelProperties', 'editableMlModelProperties', (info) => ({
    name: str(info['name']),
    description: str(info['description']),
    date: num(info['date']),
    version: versionTag(info),
    type: str(info['type']),
    externalUrl: str(info['externalUrl']),
    customProperties: customProperties(props(info['customProperties']), urn),
    groups: Array.isArray(info['groups']) ? (info['groups'] as string[]).map((g) => entityRef(view, g)) : [],
  })),
);

kind('mlModelGroup', 'MLModelGroup', 'MLMODEL_GROUP', (view, urn) =>
  mlEntity(view, urn, KINDS['mlModelGroup']!, 'mlModelGroupProperties', 'editableMlModelGroupProperties', (info) => ({
    name: str(info['name']),
    description: str(info['description']),
    createdAt: num((info['created'] as Obj | undefined)?.['time']),
    externalUrl: str(info['externalUrl']),
    customProperties: customProperties(props(info['customProperties']), urn),
  })),
);

const featureProperties = (urn: string) => (info: Obj) => ({
  description: str(info['description']),
  dataType: str(info['dataType']),
  version: versionTag(info),
  customProperties: customProperties(props(info['customProperties']), urn),
});

kind('mlFeature', 'MLFeature', 'MLFEATURE', (view, urn) => mlEntity(view, urn, KINDS['mlFeature']!, 'mlFeatureProperties', 'editableMlFeatureProperties', featureProperties(urn)));
kind('mlPrimaryKey', 'MLPrimaryKey', 'MLPRIMARY_KEY', (view, urn) => mlEntity(view, urn, KINDS['mlPrimaryKey']!, 'mlPrimaryKeyProperties', 'editableMlPrimaryKeyProperties', featureProperties(urn)));

kind('mlFeatureTable', 'MLFeatureTable', 'MLFEATURE_TABLE', (view, urn) => {
  const refs = (v: unknown) => (Array.isArray(v) ? (v as string[]).map((u) => entityRef(view, u)) : []);
  return mlEntity(view, urn, KINDS['mlFeatureTable']!, 'mlFeatureTableProperties', 'editableMlFeatureTableProperties', (info) => ({
    description: str(info['description']),
    customProperties: customProperties(props(info['customProperties']), urn),
    mlFeatures: refs(info['mlFeatures']),
    mlPrimaryKeys: refs(info['mlPrimaryKeys']),
  }));
});

kind('notebook', 'Notebook', 'NOTEBOOK', (view, urn) => {
  const key = keyOf(urn);
  const { info, editable } = described(view, urn, 'notebookInfo', 'editableNotebookProperties');
  const stamps = info?.['changeAuditStamps'] as { created?: { time: number; actor: string }; lastModified?: { time: number; actor: string } } | undefined;
  return {
    ...common(view, urn, KINDS['notebook']!),
    tool: key['notebookTool'] ?? '',
    notebookId: key['notebookId'] ?? '',
    platform: platformView(`urn:li:dataPlatform:${key['notebookTool'] ?? ''}`),
    info: info
      ? {
          title: str(info['title']),
          description: str(info['description']),
          externalUrl: str(info['externalUrl']),
          customProperties: customProperties(props(info['customProperties']), urn),
          changeAuditStamps: stamps ? { created: auditStamp(stamps.created), lastModified: auditStamp(stamps.lastModified), deleted: null } : null,
        }
      : null,
    editableProperties: editable,
  };
});

kind('schemaField', 'SchemaFieldEntity', 'SCHEMA_FIELD', (view, urn) => {
  const key = keyOf(urn);
  return { ...common(view, urn, KINDS['schemaField']!), fieldPath: key['fieldPath'] ?? '', parent: () => entityRef(view, key['parent'] ?? '') };
});

const STD_TYPES = new Set(['STRING', 'NUMBER', 'URN', 'RICH_TEXT', 'DATE']);

kind('dataType', 'DataTypeEntity', 'DATA_TYPE', (view, urn) => {
  const id = parseUrn(urn).rawKey;
  const info = aspect(view, urn, 'dataTypeInfo');
  const short = id.replace(/^datahub\./, '').toUpperCase();
  return {
    ...common(view, urn, KINDS['dataType']!),
    info: { type: STD_TYPES.has(short) ? short : 'OTHER', qualifiedName: str(info?.['qualifiedName']) ?? id, displayName: str(info?.['displayName']), description: str(info?.['description']) },
  };
});

kind('entityType', 'EntityTypeEntity', 'ENTITY_TYPE', (view, urn) => {
  const id = parseUrn(urn).rawKey;
  const info = aspect(view, urn, 'entityTypeInfo');
  const target = KINDS[id.replace(/^datahub\./, '')];
  return {
    ...common(view, urn, KINDS['entityType']!),
    info: { type: target?.enumValue ?? 'OTHER', qualifiedName: str(info?.['qualifiedName']) ?? id, displayName: str(info?.['displayName']), description: str(info?.['description']) },
  };
});

kind('structuredProperty', 'StructuredPropertyEntity', 'STRUCTURED_PROPERTY', (view, urn) => {
  const d = aspect(view, urn, 'propertyDefinition') ?? {};
  const settings = aspect(view, urn, 'structuredPropertySettings');
  const created = d['created'] as { time: number; actor: string } | undefined;
  const modified = d['lastModified'] as { time: number; actor: string } | undefined;
  const resolved = (s: { time: number; actor: string } | undefined) => (s ? { time: s.time, actor: () => corpUserView(view, s.actor) } : null);
  return {
    ...common(view, urn, KINDS['structuredProperty']!),
    definition: {
      qualifiedName: str(d['qualifiedName']) ?? parseUrn(urn).rawKey,
      displayName: str(d['displayName']),
      description: str(d['description']),
      cardinality: str(d['cardinality']) ?? 'SINGLE',
      immutable: d['immutable'] === true,
      valueType: () => entityRef(view, str(d['valueType']) ?? 'urn:li:dataType:datahub.string'),
      allowedValues: Array.isArray(d['allowedValues'])
        ? (d['allowedValues'] as Array<{ value?: unknown; description?: string }>).map((a) => ({ value: propertyValue(a.value), description: a.description ?? null }))
        : null,
      entityTypes: (Array.isArray(d['entityTypes']) ? (d['entityTypes'] as string[]) : []).map((t) => entityRef(view, t)),
      created: resolved(created),
      lastModified: resolved(modified),
    },
    settings: settings
      ? {
          isHidden: settings['isHidden'] === true,
          showInSearchFilters: settings['showInSearchFilters'] === true,
          showInAssetSummary: settings['showInAssetSummary'] === true,
          showAsAssetBadge: settings['showAsAssetBadge'] === true,
          showInColumnsTable: settings['showInColumnsTable'] === true,
        }
      : null,
  };
});

kind('ownershipType', 'OwnershipTypeEntity', 'CUSTOM_OWNERSHIP_TYPE', (view, urn) => {
  const info = aspect(view, urn, 'ownershipTypeInfo');
  return { ...common(view, urn, KINDS['ownershipType']!), info: { name: ownershipTypeName(view, urn), description: str(info?.['description']) } };
});

kind('dataHubView', 'DataHubView', 'DATAHUB_VIEW', (view, urn) => {
  const info = aspect(view, urn, 'dataHubViewInfo');
  return { ...common(view, urn, KINDS['dataHubView']!), viewType: str(info?.['type']) ?? 'PERSONAL', name: str(info?.['name']) ?? parseUrn(urn).rawKey, description: str(info?.['description']) };
});

/** A user's settings as DataHub reads them: appearance always, views only when the user set them. */
export function corpUserSettingsView(view: StoreView, urn: string): Obj {
  const settings = aspect(view, urn, 'corpUserSettings');
  const appearance = settings?.['appearance'] as Obj | undefined;
  const views = settings?.['views'] as Obj | undefined;
  const defaultView = str(views?.['defaultView']);
  return {
    appearance: { showSimplifiedHomepage: appearance?.['showSimplifiedHomepage'] === true },
    views: views ? { defaultView: defaultView ? () => entityRef(view, defaultView) : null } : null,
  };
}

/** The organization's default view (`globalSettingsInfo.views.defaultView` of urn:li:globalSettings:0); never null. */
export function globalViewsSettings(view: StoreView): Obj {
  const info = aspect(view, 'urn:li:globalSettings:0', 'globalSettingsInfo');
  return { defaultView: str((info?.['views'] as Obj | undefined)?.['defaultView']) };
}

/** The read model of an entity of any supported type, whether or not anything is stored for it. */
export function entityRef(view: StoreView, urn: string): Obj | null {
  const k = KINDS[typeOf(urn)];
  return k ? k.build(view, urn) : null;
}

/** `entity(urn)`: the entity's read model, or null when nothing is stored for it (or its type is not served). */
export function getEntityByUrn(view: StoreView, urn: string): Obj | null {
  parseUrn(urn);
  return view.entityExists(urn) ? entityRef(view, urn) : null;
}

/** `entities(urns)`: read models in the order given, null in the slot of an urn with nothing stored. */
export function getEntitiesByUrn(view: StoreView, urns: readonly string[]): Array<Obj | null> {
  return urns.map((u) => getEntityByUrn(view, u));
}

/** A typed root query (`glossaryTerm(urn)`, `chart(urn)`, …): checks the urn's type; a missing entity is NOT_FOUND. */
export function getTypedEntity(view: StoreView, urn: string, urnType: string): Obj {
  const k = KINDS[urnType]!;
  checkType(urn, urnType, urnType);
  keyAspectOf(urn);
  if (!view.entityExists(urn)) throw notFound(k.typename, urn);
  return k.build(view, urn);
}

/** Entity types `entity(urn)` can answer for. */
export const SERVED_ENTITY_TYPES: readonly string[] = Object.keys(KINDS);

function glossaryTermView(view: StoreView, urn: string): Obj {
  return KINDS['glossaryTerm']!.build(view, urn);
}
function domainView(view: StoreView, urn: string): Obj {
  return KINDS['domain']!.build(view, urn);
}
function containerView(view: StoreView, urn: string): Obj {
  return KINDS['container']!.build(view, urn);
}
function dataPlatformInstanceView(view: StoreView, urn: string): Obj {
  return KINDS['dataPlatformInstance']!.build(view, urn);
}
function structuredPropertyView(view: StoreView, urn: string): Obj {
  return KINDS['structuredProperty']!.build(view, urn);
}
