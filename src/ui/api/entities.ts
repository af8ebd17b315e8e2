/**
 * What the UI reads of an entity, whatever its type: the GraphQL selections per type (DataHub's
 * field names, see src/server/graphql/*.graphql) and one view model built from any of them, so a
 * page, a search result and a lineage node show names, platforms, owners and tags the same way.
 */
import { urnEntityType } from '../routes.ts';

// ---------- selections ----------

const OWNERS = `ownership { owners { owner { __typename ... on CorpUser { urn username properties { displayName fullName } editableProperties { displayName } } ... on CorpGroup { urn name properties { displayName } } } type ownershipType { urn info { name } } } }`;
const TAGS = `tags { tags { tag { urn name properties { name colorHex description } } } }`;
const TERMS = `glossaryTerms { terms { term { urn name properties { name } } } }`;
const DOMAIN = `domain { domain { urn id properties { name } } }`;
const DEPRECATION = `deprecation { deprecated note decommissionTime actor }`;
const LINKS = `institutionalMemory { elements { url label description created { time actor } } }`;
const CONTAINERS = `parentContainers { containers { urn properties { name } } }`;
const BROWSE = `browsePathV2 { path { name entity { urn } } }`;
const PLATFORM = `platform { urn name properties { displayName } }`;
const SUBTYPES = `subTypes { typeNames }`;
const CUSTOM = `customProperties { key value }`;

/** Everything a page shows of an entity of each GraphQL type (the summary is a subset). */
const FULL: Record<string, string> = {
  Dataset: `name origin ${PLATFORM} properties { name description qualifiedName externalUrl created ${CUSTOM} } editableProperties { description } ${OWNERS} ${TAGS} ${TERMS} ${DOMAIN} ${DEPRECATION} ${LINKS} ${CONTAINERS} ${SUBTYPES} ${BROWSE}`,
  Chart: `${PLATFORM} properties { name description externalUrl ${CUSTOM} } editableProperties { description } ${OWNERS} ${TAGS} ${TERMS} ${DOMAIN} ${DEPRECATION} ${LINKS} ${CONTAINERS} ${SUBTYPES} ${BROWSE}`,
  Dashboard: `${PLATFORM} properties { name description externalUrl ${CUSTOM} } editableProperties { description } ${OWNERS} ${TAGS} ${TERMS} ${DOMAIN} ${DEPRECATION} ${LINKS} ${CONTAINERS} ${SUBTYPES} ${BROWSE}`,
  DataFlow: `${PLATFORM} properties { name description externalUrl ${CUSTOM} } editableProperties { description } ${OWNERS} ${TAGS} ${TERMS} ${DOMAIN} ${DEPRECATION} ${LINKS} ${CONTAINERS} ${SUBTYPES} ${BROWSE}`,
  DataJob: `${PLATFORM} dataFlow { urn properties { name } } properties { name description externalUrl ${CUSTOM} } editableProperties { description } ${OWNERS} ${TAGS} ${TERMS} ${DOMAIN} ${DEPRECATION} ${LINKS} ${CONTAINERS} ${SUBTYPES} ${BROWSE}`,
  Container: `${PLATFORM} properties { name description externalUrl qualifiedName ${CUSTOM} } editableProperties { description } ${OWNERS} ${TAGS} ${TERMS} ${DOMAIN} ${DEPRECATION} ${LINKS} ${CONTAINERS} ${SUBTYPES} ${BROWSE}`,
  DataProduct: `properties { name description externalUrl ${CUSTOM} } ${OWNERS} ${TAGS} ${TERMS} ${DOMAIN} ${LINKS}`,
  Notebook: `${PLATFORM} info { title description externalUrl ${CUSTOM} } editableProperties { description } ${OWNERS} ${TAGS} ${TERMS} ${DOMAIN} ${LINKS} ${SUBTYPES} ${BROWSE}`,
  MLModel: `name ${PLATFORM} properties { name description externalUrl ${CUSTOM} } editableProperties { description } ${OWNERS} ${TAGS} ${TERMS} ${DOMAIN} ${DEPRECATION} ${LINKS} ${BROWSE}`,
  MLModelGroup: `name ${PLATFORM} properties { name description externalUrl ${CUSTOM} } editableProperties { description } ${OWNERS} ${TAGS} ${TERMS} ${DOMAIN} ${DEPRECATION} ${LINKS} ${BROWSE}`,
  MLFeature: `name featureNamespace properties { description ${CUSTOM} } editableProperties { description } ${OWNERS} ${TAGS} ${TERMS} ${DOMAIN} ${DEPRECATION} ${LINKS}`,
  MLPrimaryKey: `name featureNamespace properties { description ${CUSTOM} } editableProperties { description } ${OWNERS} ${TAGS} ${TERMS} ${DOMAIN} ${DEPRECATION} ${LINKS}`,
  MLFeatureTable: `name ${PLATFORM} properties { description ${CUSTOM} } editableProperties { description } ${OWNERS} ${TAGS} ${TERMS} ${DOMAIN} ${DEPRECATION} ${LINKS} ${BROWSE}`,
  GlossaryTerm: `name hierarchicalName properties { name description definition termSource sourceUrl ${CUSTOM} } ${OWNERS} ${DOMAIN} ${DEPRECATION} ${LINKS} parentNodes { nodes { urn properties { name } } }`,
  GlossaryNode: `properties { name description ${CUSTOM} } ${OWNERS} parentNodes { nodes { urn properties { name } } }`,
  Domain: `id properties { name description } ${OWNERS} ${LINKS} parentDomains { domains { urn id properties { name } } }`,
  Tag: `name description properties { name description colorHex } ${OWNERS}`,
  CorpUser: `username properties { displayName fullName firstName lastName email title departmentName active } editableProperties { displayName title aboutMe teams skills pictureLink slack phone email }`,
  CorpGroup: `name properties { displayName description email slack } editableProperties { description email slack } ${OWNERS}`,
  DataPlatform: `name properties { displayName type }`,
  DataPlatformInstance: `instanceId ${PLATFORM} properties { name description externalUrl ${CUSTOM} } ${OWNERS} ${TAGS} ${DEPRECATION} ${LINKS}`,
};

/** What a list shows of each type: name, platform, description, tags and owners. */
const SUMMARY: Record<string, string> = {
  Dataset: `name ${PLATFORM} properties { name description } ${SUBTYPES} ${DEPRECATION} ${TAGS} ${OWNERS}`,
  Chart: `${PLATFORM} properties { name description } ${SUBTYPES} ${TAGS} ${OWNERS}`,
  Dashboard: `${PLATFORM} properties { name description } ${SUBTYPES} ${TAGS} ${OWNERS}`,
  DataFlow: `${PLATFORM} properties { name description } ${TAGS} ${OWNERS}`,
  DataJob: `${PLATFORM} properties { name description } ${TAGS} ${OWNERS}`,
  Container: `${PLATFORM} properties { name description } ${SUBTYPES} ${TAGS} ${OWNERS}`,
  DataProduct: `properties { name description } ${TAGS} ${OWNERS}`,
  Notebook: `${PLATFORM} info { title description } ${TAGS} ${OWNERS}`,
  // MLModel's properties.name is nullable where others' is not: one selection cannot hold both.
  MLModel: `name ${PLATFORM} properties { description } ${TAGS} ${OWNERS}`,
  MLModelGroup: `name ${PLATFORM} properties { description } ${TAGS} ${OWNERS}`,
  MLFeature: `name properties { description } ${TAGS} ${OWNERS}`,
  MLPrimaryKey: `name properties { description } ${TAGS} ${OWNERS}`,
  MLFeatureTable: `name ${PLATFORM} properties { description } ${TAGS} ${OWNERS}`,
  GlossaryTerm: `name properties { name description definition } ${OWNERS}`,
  GlossaryNode: `properties { name description }`,
  Domain: `id properties { name description }`,
  Tag: `name properties { name description colorHex }`,
  CorpUser: `username properties { displayName fullName title } editableProperties { displayName }`,
  CorpGroup: `name properties { displayName description }`,
  DataPlatform: `name properties { displayName }`,
};

/** The GraphQL type of each urn entity type that has one with more than urn and type. */
export const TYPENAME: Record<string, string> = {
  dataset: 'Dataset',
  chart: 'Chart',
  dashboard: 'Dashboard',
  dataFlow: 'DataFlow',
  dataJob: 'DataJob',
  container: 'Container',
  dataProduct: 'DataProduct',
  notebook: 'Notebook',
  mlModel: 'MLModel',
  mlModelGroup: 'MLModelGroup',
  mlFeature: 'MLFeature',
  mlPrimaryKey: 'MLPrimaryKey',
  mlFeatureTable: 'MLFeatureTable',
  glossaryTerm: 'GlossaryTerm',
  glossaryNode: 'GlossaryNode',
  domain: 'Domain',
  tag: 'Tag',
  corpuser: 'CorpUser',
  corpGroup: 'CorpGroup',
  dataPlatform: 'DataPlatform',
  dataPlatformInstance: 'DataPlatformInstance',
};

/** `urn type __typename` plus the summary of every type: for search results and lists of anything. */
export const SUMMARY_SELECTION = `urn type __typename ${Object.entries(SUMMARY)
  .map(([t, s]) => `... on ${t} { ${s} }`)
  .join(' ')}`;

/** The full selection for one entity, chosen by its urn's type. */
export function fullSelection(urn: string): string {
  const typename = TYPENAME[urnEntityType(urn) ?? ''];
  return `urn type __typename ${typename && FULL[typename] ? `... on ${typename} { ${FULL[typename]} }` : ''}`;
}

/** Which editors an entity type's page offers (the API decides in the end; its errors are shown). */
export function capabilities(typename: string): {
  tags: boolean;
  terms: boolean;
  owners: boolean;
  domain: boolean;
  links: boolean;
  deprecation: boolean;
  description: boolean;
} {
  const full = FULL[typename] ?? '';
  return {
    tags: full.includes(TAGS),
    terms: full.includes(TERMS),
    owners: full.includes(OWNERS),
    domain: full.includes(DOMAIN),
    links: full.includes(LINKS),
    deprecation: full.includes(DEPRECATION),
    description: typename in FULL && !['CorpUser', 'DataPlatform', 'DataPlatformInstance'].includes(typename),
  };
}

// ---------- what comes back ----------

interface Named {
  urn: string;
  name?: string | null;
  id?: string | null;
  properties?: { name?: string | null } | null;
}

export interface RawOwner {
  owner: {
    __typename: string;
    urn: string;
    username?: string;
    name?: string;
    properties?: { displayName?: string | null; fullName?: string | null } | null;
    editableProperties?: { displayName?: string | null } | null;
  };
  type?: string | null;
  ownershipType?: { urn: string; info?: { name: string } | null } | null;
}

export interface RawTagAssociation {
  tag: {
    urn: string;
    name: string;
    properties?: { name?: string | null; colorHex?: string | null; description?: string | null } | null;
  };
}

export interface RawTermAssociation {
  term: { urn: string; name: string; properties?: { name?: string | null } | null };
}

export interface RawDeprecation {
  deprecated: boolean;
  note?: string | null;
  decommissionTime?: number | null;
  actor?: string | null;
}

export interface RawLink {
  url: string;
  label?: string | null;
  description?: string | null;
  created?: { time: number; actor?: string | null } | null;
}

/** An entity as any of the selections above returns it: every field optional. */
export interface RawEntity {
  urn: string;
  type: string;
  __typename: string;
  name?: string | null;
  id?: string | null;
  username?: string | null;
  instanceId?: string | null;
  origin?: string | null;
  hierarchicalName?: string | null;
  featureNamespace?: string | null;
  description?: string | null;
  platform?: { urn: string; name: string; properties?: { displayName?: string | null } | null } | null;
  properties?: {
    name?: string | null;
    displayName?: string | null;
    fullName?: string | null;
    description?: string | null;
    definition?: string | null;
    qualifiedName?: string | null;
    externalUrl?: string | null;
    created?: number | null;
    email?: string | null;
    title?: string | null;
    colorHex?: string | null;
    customProperties?: Array<{ key: string; value?: string | null }> | null;
    [key: string]: unknown;
  } | null;
  info?: {
    title?: string | null;
    description?: string | null;
    externalUrl?: string | null;
    customProperties?: Array<{ key: string; value?: string | null }> | null;
  } | null;
  editableProperties?: { description?: string | null; displayName?: string | null; [key: string]: unknown } | null;
  ownership?: { owners?: RawOwner[] | null } | null;
  tags?: { tags?: RawTagAssociation[] | null } | null;
  glossaryTerms?: { terms?: RawTermAssociation[] | null } | null;
  domain?: { domain: { urn: string; id?: string | null; properties?: { name?: string | null } | null } } | null;
  deprecation?: RawDeprecation | null;
  institutionalMemory?: { elements: RawLink[] } | null;
  parentContainers?: { containers: Named[] } | null;
  parentNodes?: { nodes: Named[] } | null;
  parentDomains?: { domains: Named[] } | null;
  browsePathV2?: { path: Array<{ name: string; entity?: { urn: string } | null }> } | null;
  subTypes?: { typeNames?: string[] | null } | null;
  dataFlow?: Named | null;
}

// ---------- the view model ----------

export interface OwnerView {
  urn: string;
  name: string;
  kind: 'user' | 'group';
  /** The ownership type's name (`Technical Owner`), if any. */
  role?: string;
  ownershipTypeUrn?: string;
}

export interface TagView {
  urn: string;
  name: string;
  colorHex?: string;
  description?: string;
}

export interface LabelView {
  urn: string;
  name: string;
}

export interface EntityView {
  urn: string;
  /** GraphQL's EntityType (DATASET …). */
  type: string;
  typename: string;
  name: string;
  /** What kind of thing this is for a person: the first sub type (`View`) or the type's name. */
  kind: string;
  platform?: LabelView;
  description: string;
  owners: OwnerView[];
  tags: TagView[];
  terms: LabelView[];
  domain?: LabelView;
  deprecation?: RawDeprecation;
  links: RawLink[];
  /** The containers, glossary nodes or domains above it, outermost first. */
  breadcrumb: LabelView[];
  customProperties: Array<[string, string]>;
  externalUrl?: string;
  raw: RawEntity;
}

/** The last part of a urn's key, for an entity with no name (`fct_users` of a dataset urn …). */
export function nameFromUrn(urn: string): string {
  const dataset = /^urn:li:dataset:\(urn:li:dataPlatform:[^,]+,(.+),[A-Z_]+\)$/.exec(urn);
  if (dataset) return dataset[1]!.split('.').pop()!.split('/').pop() || dataset[1]!;
  const m = /^urn:li:[^:]+:(.*)$/.exec(urn);
  const key = m ? m[1]! : urn;
  if (key.startsWith('(') && key.endsWith(')')) return key.slice(1, -1).split(',').pop() ?? key;
  return key;
}

const KIND: Record<string, string> = {
  DATASET: 'Dataset',
  CHART: 'Chart',
  DASHBOARD: 'Dashboard',
  DATA_FLOW: 'Pipeline',
  DATA_JOB: 'Task',
  CONTAINER: 'Container',
  DATA_PRODUCT: 'Data product',
  NOTEBOOK: 'Notebook',
  MLMODEL: 'ML model',
  MLMODEL_GROUP: 'ML model group',
  MLFEATURE: 'ML feature',
  MLPRIMARY_KEY: 'ML primary key',
  MLFEATURE_TABLE: 'Feature table',
  GLOSSARY_TERM: 'Glossary term',
  GLOSSARY_NODE: 'Term group',
  DOMAIN: 'Domain',
  TAG: 'Tag',
  CORP_USER: 'User',
  CORP_GROUP: 'Group',
  DATA_PLATFORM: 'Platform',
  DATA_PLATFORM_INSTANCE: 'Platform instance',
  DOCUMENT: 'Document',
  QUERY: 'Query',
  APPLICATION: 'Application',
  STRUCTURED_PROPERTY: 'Structured property',
  SCHEMA_FIELD: 'Column',
};

/** A person's name for an entity type (`DATA_FLOW` → `Pipeline`). */
export function kindName(type: string): string {
  return KIND[type] ?? type.charAt(0) + type.slice(1).toLowerCase().replace(/_/g, ' ');
}

function labelOf(n: Named): LabelView {
  return { urn: n.urn, name: n.properties?.name || n.name || n.id || nameFromUrn(n.urn) };
}

export function ownerOf(o: RawOwner): OwnerView {
  const e = o.owner;
  const name =
    e.editableProperties?.displayName ||
    e.properties?.displayName ||
    e.properties?.fullName ||
    e.username ||
    e.name ||
    nameFromUrn(e.urn);
  const role = o.ownershipType?.info?.name ?? (o.type ? kindName(o.type) : undefined);
  return {
    urn: e.urn,
    name,
    kind: e.__typename === 'CorpGroup' ? 'group' : 'user',
    ...(role ? { role } : {}),
    ...(o.ownershipType?.urn ? { ownershipTypeUrn: o.ownershipType.urn } : {}),
  };
}

export function tagOf(t: RawTagAssociation['tag']): TagView {
  return {
    urn: t.urn,
    name: t.properties?.name || t.name || nameFromUrn(t.urn),
    ...(t.properties?.colorHex ? { colorHex: t.properties.colorHex } : {}),
    ...(t.properties?.description ? { description: t.properties.description } : {}),
  };
}

function nameOf(e: RawEntity): string {
  const p = e.properties;
  const candidates = [
    e.editableProperties?.displayName,
    p?.displayName,
    p?.fullName,
    p?.name,
    e.info?.title,
    e.name,
    e.username,
    e.id,
    e.instanceId,
  ];
  return candidates.find((c): c is string => typeof c === 'string' && c !== '') ?? nameFromUrn(e.urn);
}

function descriptionOf(e: RawEntity): string {
  // A dataset's properties.description is already the effective one (edited, else ingested).
  if (e.__typename === 'Dataset') return e.properties?.description ?? e.editableProperties?.description ?? '';
  return (
    e.editableProperties?.description ||
    e.properties?.definition ||
    e.properties?.description ||
    e.info?.description ||
    e.description ||
    ''
  );
}

export function toView(e: RawEntity): EntityView {
  const breadcrumb = [
    ...(e.parentContainers?.containers ?? []).slice().reverse(),
    ...(e.parentNodes?.nodes ?? []).slice().reverse(),
    ...(e.parentDomains?.domains ?? []).slice().reverse(),
  ].map(labelOf);
  if (breadcrumb.length === 0 && e.dataFlow) breadcrumb.push(labelOf(e.dataFlow));
  const custom = e.properties?.customProperties ?? e.info?.customProperties ?? [];
  const externalUrl = e.properties?.externalUrl ?? e.info?.externalUrl;
  const platform = e.platform
    ? { urn: e.platform.urn, name: e.platform.properties?.displayName || e.platform.name }
    : undefined;
  const domain = e.domain?.domain ? labelOf(e.domain.domain) : undefined;
  return {
    urn: e.urn,
    type: e.type,
    typename: e.__typename,
    name: nameOf(e),
    kind: e.subTypes?.typeNames?.[0] ?? kindName(e.type),
    ...(platform ? { platform } : {}),
    description: descriptionOf(e),
    owners: (e.ownership?.owners ?? []).map(ownerOf),
    tags: (e.tags?.tags ?? []).map((t) => tagOf(t.tag)),
    terms: (e.glossaryTerms?.terms ?? []).map((t) => labelOf(t.term)),
    ...(domain ? { domain } : {}),
    ...(e.deprecation ? { deprecation: e.deprecation } : {}),
    links: e.institutionalMemory?.elements ?? [],
    breadcrumb,
    customProperties: custom.map((c) => [c.key, c.value ?? ''] as [string, string]),
    ...(externalUrl ? { externalUrl } : {}),
    raw: e,
  };
}
