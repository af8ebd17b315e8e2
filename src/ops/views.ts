/**
 * Read models: plain objects in the shape of DataHub's GraphQL types (datahub-graphql.md §2), built
 * from stored aspects. DESIGN.md §2.2–2.3: descriptions and column tags are the effective values a
 * person sees (edited over ingested), and deprecation always reads. Related entities (tags, owners,
 * link authors) are hydrated lazily: a field holding a function is only evaluated when selected.
 */
import { NotFoundError, BadRequestError } from '../model/errors.ts';
import { keyAspectOf } from '../model/registry.ts';
import { parseUrn } from '../model/urn.ts';
import type { StoreView } from '../store/store.ts';
import type { Stamp } from '../model/aspects/define.ts';
import type { EditableSchemaMetadata } from '../model/aspects/editableSchemaMetadata.ts';
import type { GlobalTags } from '../model/aspects/globalTags.ts';
import type { InstitutionalMemoryElement } from '../model/aspects/institutionalMemory.ts';
import type { Ownership } from '../model/aspects/ownership.ts';
import type { SchemaFieldValue } from '../model/aspects/schemaMetadata.ts';
import { effectiveDeprecation, type Deprecation } from './deprecation.ts';
import { corpUserSettingsView, entityRef, glossaryTermsHolderView } from './entityViews.ts';
import { systemOwnershipTypeUrn } from './owners.ts';

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

// ---------- tags ----------

export function tagView(view: StoreView, urn: string): Obj {
  const id = parseUrn(urn).rawKey;
  const props = lazy(() => aspect<{ name?: string; description?: string; colorHex?: string }>(view, urn, 'tagProperties'));
  return {
    __typename: 'Tag',
    urn,
    type: 'TAG',
    name: id,
    properties: () => {
      const p = props();
      return p ? { name: p.name ?? id, description: p.description ?? null, colorHex: p.colorHex ?? null } : null;
    },
    description: () => props()?.description ?? null,
    ownership: () => ownershipView(view, urn, aspect<Ownership>(view, urn, 'ownership')),
    exists: () => view.entityExists(urn),
  };
}

export function getTag(view: StoreView, urn: string): Obj {
  checkType(urn, 'tag', 'tag');
  if (!view.entityExists(urn)) throw notFound('Tag', urn);
  return tagView(view, urn);
}

export function globalTagsView(view: StoreView, tags: GlobalTags | undefined, associatedUrn: string): Obj | null {
  if (!tags) return null;
  return {
    tags: (tags.tags ?? []).map((t) => ({ tag: () => tagView(view, t.tag), associatedUrn, context: t.context ?? null })),
  };
}

// ---------- users and groups ----------

export function corpUserView(view: StoreView, urn: string): Obj {
  const properties = lazy(() => {
    const info = aspect<Obj>(view, urn, 'corpUserInfo');
    return info
      ? {
          ...info,
          active: info['active'] ?? true,
          customProperties: customProperties(info['customProperties'] as Record<string, string> | undefined, urn),
          manager: info['managerUrn'] ? () => corpUserView(view, info['managerUrn'] as string) : null,
        }
      : null;
  });
  const editable = lazy(() => aspect<Obj>(view, urn, 'corpUserEditableInfo') ?? null);
  return {
    __typename: 'CorpUser',
    urn,
    type: 'CORP_USER',
    username: parseUrn(urn).rawKey,
    properties,
    info: properties,
    editableProperties: editable,
    editableInfo: editable,
    status: () => {
      const status = aspect<{ status?: string }>(view, urn, 'corpUserStatus');
      return status?.status === 'SUSPENDED' ? 'SUSPENDED' : status ? 'ACTIVE' : null;
    },
    isNativeUser: false,
    settings: () => corpUserSettingsView(view, urn),
    exists: () => view.entityExists(urn),
  };
}

export function getCorpUser(view: StoreView, urn: string): Obj {
  checkType(urn, 'corpuser', 'corp user');
  if (!view.entityExists(urn)) throw notFound('CorpUser', urn);
  return corpUserView(view, urn);
}

export function corpGroupView(view: StoreView, urn: string): Obj {
  const info = aspect<Obj>(view, urn, 'corpGroupInfo');
  const editable = aspect<Obj>(view, urn, 'corpGroupEditableInfo');
  const origin = aspect<{ type?: string; externalType?: string }>(view, urn, 'origin');
  const properties = info
    ? { displayName: info['displayName'] ?? null, description: info['description'] ?? null, email: info['email'] ?? null, slack: info['slack'] ?? null }
    : null;
  return {
    __typename: 'CorpGroup',
    urn,
    type: 'CORP_GROUP',
    name: parseUrn(urn).rawKey,
    properties,
    info: properties,
    editableProperties: editable ?? null,
    ownership: () => ownershipView(view, urn, aspect<Ownership>(view, urn, 'ownership')),
    origin: { type: origin?.type ?? 'UNKNOWN', externalType: origin?.externalType ?? null },
    exists: view.entityExists(urn),
  };
}

export function getCorpGroup(view: StoreView, urn: string): Obj {
  checkType(urn, 'corpGroup', 'corp group');
  if (!view.entityExists(urn)) throw notFound('CorpGroup', urn);
  return corpGroupView(view, urn);
}

/** A user or group by urn (owner unions): groups are corpGroup urns, everything else a user. */
export function actorView(view: StoreView, urn: string): Obj {
  return typeOf(urn) === 'corpGroup' ? corpGroupView(view, urn) : corpUserView(view, urn);
}

// ---------- ownership ----------

export function ownershipView(view: StoreView, urn: string, ownership: Ownership | undefined): Obj | null {
  if (!ownership) return null;
  return {
    owners: (ownership.owners ?? []).map((o) => {
      const typeUrn = o.typeUrn ?? (o.type ? systemOwnershipTypeUrn(o.type) : undefined);
      return {
        owner: () => actorView(view, o.owner),
        type: o.type ?? null,
        ownershipType: typeUrn ? () => entityRef(view, typeUrn) : null,
        source: o.source ? { type: o.source.type, url: o.source.url ?? null } : null,
        associatedUrn: urn,
      };
    }),
    lastModified: auditStamp(ownership.lastModified),
  };
}

// ---------- datasets ----------

const FIELD_TYPES: Record<string, string> = {
  BooleanType: 'BOOLEAN', FixedType: 'FIXED', StringType: 'STRING', BytesType: 'BYTES', NumberType: 'NUMBER',
  DateType: 'DATE', TimeType: 'TIME', EnumType: 'ENUM', NullType: 'NULL', MapType: 'MAP', ArrayType: 'ARRAY',
  RecordType: 'STRUCT', UnionType: 'UNION',
};

function fieldType(f: SchemaFieldValue): string {
  const key = Object.keys(f.type?.type ?? {})[0] ?? '';
  return FIELD_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'NULL';
}

function mergeTags(a: GlobalTags | undefined, b: GlobalTags | undefined): GlobalTags | undefined {
  if (!a && !b) return undefined;
  const tags = [...(a?.tags ?? [])];
  for (const t of b?.tags ?? []) if (!tags.some((x) => x.tag === t.tag)) tags.push(t);
  return { tags };
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

type TermsValue = { terms?: Array<{ urn: string }> };

/** A column's effective terms: ingested ones, then edited ones not already there (as for tags). */
function mergeTerms(ingested: TermsValue | undefined, edited: TermsValue | undefined): TermsValue | undefined {
  if (!ingested && !edited) return undefined;
  const terms = [...(ingested?.terms ?? [])];
  for (const t of edited?.terms ?? []) if (!terms.some((x) => x.urn === t.urn)) terms.push(t);
  return { ...(edited ?? ingested), terms };
}

function schemaMetadataView(view: StoreView, urn: string, version: number | null | undefined): Obj | null {
  const record = view.getAspect(urn, 'schemaMetadata', version ?? 0);
  if (!record) return null;
  const sm = record.value as Obj & { fields?: SchemaFieldValue[] };
  const editable = aspect<EditableSchemaMetadata>(view, urn, 'editableSchemaMetadata');
  const edits = new Map((editable?.editableSchemaFieldInfo ?? []).map((e) => [e.fieldPath, e]));
  const platformSchema = sm['platformSchema'] as Record<string, Obj> | undefined;
  const psKey = Object.keys(platformSchema ?? {})[0];
  const psValue = psKey ? platformSchema![psKey]! : undefined;
  return {
    aspectVersion: version ?? 0,
    datasetUrn: urn,
    name: sm['schemaName'],
    platformUrn: sm['platform'],
    version: sm['version'],
    cluster: sm['cluster'] ?? null,
    hash: sm['hash'] ?? '',
    platformSchema: psValue
      ? psKey!.endsWith('KeyValueSchema')
        ? { __typename: 'KeyValueSchema', keySchema: psValue['keySchema'] ?? '', valueSchema: psValue['valueSchema'] ?? '' }
        : { __typename: 'TableSchema', schema: String(psValue['tableSchema'] ?? psValue['rawSchema'] ?? psValue['schema'] ?? psValue['documentSchema'] ?? '') }
      : null,
    fields: (sm.fields ?? []).map((f) => {
      const edit = edits.get(f.fieldPath);
      const tags = globalTagsView(view, mergeTags(f.globalTags, edit?.globalTags), urn);
      const terms = mergeTerms(f['glossaryTerms'] as TermsValue | undefined, edit?.['glossaryTerms'] as TermsValue | undefined);
      return {
        fieldPath: f.fieldPath,
        jsonPath: f['jsonPath'] ?? null,
        label: f['label'] ?? null,
        nullable: f.nullable ?? false,
        description: edit?.description ?? f.description ?? null,
        type: fieldType(f),
        nativeDataType: f.nativeDataType ?? null,
        recursive: f['recursive'] ?? false,
        tags,
        globalTags: tags,
        glossaryTerms: () => glossaryTermsHolderView(view, terms, urn),
        isPartOfKey: f['isPartOfKey'] ?? false,
        isPartitioningKey: f['isPartitioningKey'] ?? null,
        jsonProps: f['jsonProps'] ?? null,
      };
    }),
    primaryKeys: sm['primaryKeys'] ?? null,
    createdAt: (sm['created'] as Stamp | undefined)?.time ?? null,
  };
}

export function datasetView(view: StoreView, urn: string): Obj {
  const key = keyAspectOf(urn).value as { platform: string; name: string; origin: string };
  const props = aspect<Obj & { customProperties?: Record<string, string>; created?: Stamp; lastModified?: Stamp }>(view, urn, 'datasetProperties');
  const editable = aspect<{ description?: string; name?: string }>(view, urn, 'editableDatasetProperties');
  const origin = key.origin.toUpperCase();
  const description = editable?.description ?? (props?.['description'] as string | undefined) ?? null;
  const properties =
    props || editable
      ? {
          name: (props?.['name'] as string | undefined) ?? key.name,
          qualifiedName: props?.['qualifiedName'] ?? null,
          origin,
          description,
          customProperties: customProperties(props?.customProperties, urn),
          externalUrl: props?.['externalUrl'] ?? null,
          created: props?.created?.time ?? null,
          createdActor: props?.created?.actor ?? null,
          lastModified: auditStamp(props?.lastModified),
          lastModifiedActor: props?.lastModified?.actor ?? null,
        }
      : null;
  const tags = lazy(() => globalTagsView(view, aspect<GlobalTags>(view, urn, 'globalTags'), urn));
  const deprecation = aspect<Partial<Deprecation>>(view, urn, 'deprecation') ?? aspect<Partial<Deprecation>>(view, urn, 'datasetDeprecation');
  return {
    __typename: 'Dataset',
    urn,
    type: 'DATASET',
    name: key.name,
    platform: platformView(key.platform),
    origin,
    properties,
    description,
    editableProperties: editable ? { description: editable.description ?? null, name: editable.name ?? null } : null,
    schemaMetadata: (args: { version?: number | null }) => schemaMetadataView(view, urn, args?.version),
    editableSchemaMetadata: () => {
      const editableSchema = aspect<EditableSchemaMetadata>(view, urn, 'editableSchemaMetadata');
      if (!editableSchema) return null;
      return {
        editableSchemaFieldInfo: editableSchema.editableSchemaFieldInfo.map((e) => {
          const t = globalTagsView(view, e.globalTags, urn);
          return { fieldPath: e.fieldPath, description: e.description ?? null, globalTags: t, tags: t, glossaryTerms: () => glossaryTermsHolderView(view, e['glossaryTerms'] as TermsValue | undefined, urn) };
        }),
      };
    },
    ownership: () => ownershipView(view, urn, aspect<Ownership>(view, urn, 'ownership')),
    tags,
    globalTags: tags,
    deprecation: effectiveDeprecation(deprecation),
    institutionalMemory: () => institutionalMemoryView(view, urn),
    status: () => statusView(view, urn),
    exists: true,
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
      author: () => corpUserView(view, e.createStamp.actor),
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

/** `me`: the calling user, with every platform privilege (there are no policies in Catalog). */
export function meView(view: StoreView, actor: string): Obj {
  const privileges = [
    'viewAnalytics', 'managePolicies', 'viewMetadataProposals', 'manageIdentities', 'generatePersonalAccessTokens',
    'createDomains', 'manageDomains', 'manageIngestion', 'manageSecrets', 'manageTokens', 'viewTests', 'manageTests',
    'manageGlossaries', 'manageUserCredentials', 'manageGlobalSettings', 'createTags', 'manageTags', 'viewManageTags',
    'manageGlobalViews', 'manageOwnershipTypes', 'manageGlobalAnnouncements',
  ];
  return { corpUser: corpUserView(view, actor), platformPrivileges: Object.fromEntries(privileges.map((p) => [p, true])) };
}

export function entityExists(view: StoreView, urn: string): boolean {
  parseUrn(urn);
  return view.entityExists(urn);
}
