/**
 * What every GraphQL entity type shares (docs/datahub/graphql.md §2, docs/datahub/discovery.md §1, §4.1): the
 * shaping of the read models of src/ops/read into GraphQL objects — ownership, tags, glossary terms,
 * domain, deprecation, links, status, sub-types, container path, structured properties, browse path,
 * platform instance. Related entities are built lazily: a field that needs more reads is a getter of
 * a class (read only when a query selects it, and costing nothing per object when it does not: the
 * compiled executor reads it as a plain property). Each entity type has its own file beside this one;
 * registry.ts maps urn entity types to them (index.ts fills it).
 */
import { healthOf } from '../../../ops/quality/health.ts';
import {
  readMlDescription,
  readMlEditable,
  readMlIdentity,
  type MlKind,
  type VersionTagRead,
} from '../../../ops/read/ml.ts';
import { parseUrn } from '../../../model/urn.ts';
import type { Stamp } from '../../../model/aspects/define.ts';
import type { GlobalTags } from '../../../model/aspects/globalTags.ts';
import type { Ownership } from '../../../model/aspects/ownership.ts';
import type { StoreView } from '../../../store/store.ts';
import type * as G from '../schema.generated.ts';
import { entityRef } from './registry.ts';
import {
  ownershipOf,
  readDeprecation,
  readGlossaryTerms,
  readInstitutionalMemory,
  readOwnership,
  readPlatform,
  readStatus,
  readTags,
  tagsOf,
  termsOf,
  type AttributionRead,
  type CustomPropertyRead,
  type DeprecationRead,
  type LinkRead,
  type OwnerRead,
  type OwnershipRead,
  type PlatformPropertiesRead,
  type StampRead,
  type TagAssociationRead,
  type TagsRead,
  type TermAssociationRead,
  type TermsHolder,
  type TermsRead,
  keyAspectCreated,
} from '../../../ops/read/common.ts';
import { readApplications } from '../../../ops/read/datasetPage.ts';
import {
  propertyValueOf,
  readBrowsePath,
  readContainer,
  readDisplayProperties,
  readDocumentation,
  readDomain,
  readDomainAttribution,
  readLastIngested,
  readParentContainers,
  readPlatformInstance,
  readStructuredProperties,
  readSubTypes,
  type PropertyValueRead,
} from '../../../ops/read/entity.ts';

export type { TermsHolder } from '../../../ops/read/common.ts';

/** The read model of a related entity (owners, terms, containers, …): always of a served type. */
export function ref(view: StoreView, urn: string): G.Entity {
  return entityRef(view, urn) as G.Entity;
}

/**
 * `ref` typed as the GraphQL type the caller knows the urn to be of (where it is stored says so: a tag
 * association names a tag, an owner a user or group). Not checked at run time: like `ref`, it builds
 * the read model of whatever entity type the urn has.
 */
export function refAs<T extends G.Entity>(view: StoreView, urn: string): T {
  return entityRef(view, urn) as T;
}

/**
 * A stored string in a field of a GraphQL enum type. The read models of src/ops give such values as
 * stored (the aspects were accepted as sent); GraphQL's serializer of the enum checks them when they
 * are selected (a value outside the enum is a field error), as it did before these types: this is
 * a cast, not a check.
 */
export function asEnum<E extends string>(value: string): E;
export function asEnum<E extends string>(value: string | null): E | null;
export function asEnum<E extends string>(value: string | null): E | null {
  return value as E | null;
}

/**
 * A value the read model passes through as stored (the aspect was accepted as sent; src/ops types it
 * `unknown`), in a field of a scalar type: GraphQL's serializer of the scalar coerces it (a number
 * in a String field …) or rejects it when selected, as it did before these types. Typed as the
 * field's type so the view can implement it; a cast, not a check (one would change answers).
 */
export function asStored<T>(value: unknown): T {
  return value as T;
}

/**
 * A value of a field the SDL declares non-null that this view gives as null in one known case (the
 * stored data lacks it): GraphQL then answers a field error, as it did before these types. Each
 * use says which case; a cast that keeps the mismatch visible.
 */
export function nullInNonNull<T>(value: T | null): T {
  return value as T;
}

/**
 * A typed root query's answer (registry.ts getTypedEntity, which checked the urn's entity type) as the
 * GraphQL type that entity type maps to.
 */
export function typed<T extends G.Entity>(entity: G.Entity): T {
  return entity as T;
}

/** A lazily computed field: graphql-js's default resolver calls it (see schema.ts withDefaultResolvers). */
export type Lazy<T> = () => T;

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
export function refsOf<T extends G.Entity>(view: StoreView, urns: unknown, entityType: string): T[] | null {
  return Array.isArray(urns) ? urns.filter((u) => isUrnOf(u, entityType)).map((u) => refAs<T>(view, u)) : null;
}

export function customProperties(props: Record<string, string> | undefined, urn: string): G.CustomPropertiesEntry[] {
  return Object.entries(props ?? {}).map(([key, value]) => ({ key, value, associatedUrn: urn }));
}

/** Custom properties of a read model, as GraphQL shows them (with the urn they belong to). */
export function customPropertiesView(props: readonly CustomPropertyRead[], urn: string): G.CustomPropertiesEntry[] {
  return props.map((p) => ({ key: p.key, value: p.value, associatedUrn: urn }));
}

export function auditStamp(s: Partial<Stamp> | undefined): G.AuditStamp {
  return { time: s?.time ?? 0, actor: s?.actor ?? null };
}

/** An audit stamp of a read model as GraphQL shows it. */
export function stampView(s: StampRead): G.AuditStamp {
  return { time: s.time, actor: s.actor };
}

/** `MetadataAttribution`: who applied a label, when, from which source; the entities are read when selected. */
export function attributionView(view: StoreView, a: AttributionRead | null): G.Maybe<G.MetadataAttribution> {
  if (!a) return null;
  return {
    time: a.time,
    actor: () => ref(view, a.actor),
    source: () => (a.source ? entityRef(view, a.source) : null),
    sourceDetail: a.sourceDetail.map((d) => ({ key: d.key, value: d.value })),
  };
}

/** `TagAssociation`: its tag entity is read when selected. */
class TagAssociationView implements G.TagAssociation {
  readonly #view: StoreView;
  readonly #tag: string;
  readonly #attribution: AttributionRead | null;
  readonly associatedUrn: string;
  readonly context: string | null;
  constructor(view: StoreView, a: TagAssociationRead, associatedUrn: string) {
    this.#view = view;
    this.#tag = a.tag;
    this.#attribution = a.attribution;
    this.associatedUrn = associatedUrn;
    this.context = a.context;
  }
  get tag(): G.Tag {
    return refAs<G.Tag>(this.#view, this.#tag);
  }
  get attribution(): G.Maybe<G.MetadataAttribution> {
    return attributionView(this.#view, this.#attribution);
  }
}

/** Tags of a read model (of an entity or a column) as GraphQL shows them; null when there are none stored. */
export function tagsView(view: StoreView, tags: TagsRead | null, associatedUrn: string): G.Maybe<G.GlobalTags> {
  return tags ? { tags: tags.tags.map((t) => new TagAssociationView(view, t, associatedUrn)) } : null;
}

export function globalTagsView(
  view: StoreView,
  tags: GlobalTags | undefined,
  associatedUrn: string,
): G.Maybe<G.GlobalTags> {
  return tagsView(view, tagsOf(tags), associatedUrn);
}

/** A user or group by urn (owner unions): groups are corpGroup urns, everything else a user. */
export function actorView(view: StoreView, urn: string): G.CorpUser | G.CorpGroup {
  return refAs<G.CorpUser | G.CorpGroup>(view, urn);
}

/** `Owner`: the owner and its ownership type entity are read when selected. */
class OwnerView implements G.Owner {
  readonly #view: StoreView;
  readonly #owner: string;
  readonly #typeUrn: string | null;
  readonly #attribution: AttributionRead | null;
  readonly type: G.OwnershipType | null;
  readonly source: G.OwnershipSource | null;
  readonly associatedUrn: string;
  constructor(view: StoreView, o: OwnerRead, associatedUrn: string) {
    this.#view = view;
    this.#owner = o.owner;
    this.#typeUrn = o.typeUrn;
    this.#attribution = o.attribution;
    this.type = asEnum<G.OwnershipType>(o.type);
    this.source = o.source && { type: asEnum<G.OwnershipSourceType>(o.source.type), url: o.source.url };
    this.associatedUrn = associatedUrn;
  }
  get owner(): G.OwnerType {
    return actorView(this.#view, this.#owner);
  }
  get ownershipType(): G.Maybe<G.OwnershipTypeEntity> {
    return this.#typeUrn ? refAs<G.OwnershipTypeEntity>(this.#view, this.#typeUrn) : null;
  }
  get attribution(): G.Maybe<G.MetadataAttribution> {
    return attributionView(this.#view, this.#attribution);
  }
}

/** Ownership of a read model as GraphQL shows it; null when none is stored. */
export function ownershipReadView(view: StoreView, urn: string, ownership: OwnershipRead | null): G.Maybe<G.Ownership> {
  if (!ownership) return null;
  return {
    owners: ownership.owners.map((o) => new OwnerView(view, o, urn)),
    lastModified: stampView(ownership.lastModified),
  };
}

export function ownershipView(view: StoreView, urn: string, ownership: Ownership | undefined): G.Maybe<G.Ownership> {
  return ownershipReadView(view, urn, ownershipOf(ownership));
}

/** `DataPlatform` over its read model (src/ops/read/common.ts `readPlatform`); `lastIngested` is read when selected. */
class PlatformView implements G.DataPlatform {
  readonly #view: StoreView;
  readonly __typename = 'DataPlatform';
  readonly type = 'DATA_PLATFORM';
  readonly urn: string;
  readonly name: string;
  readonly displayName: string;
  readonly properties: G.DataPlatformProperties;
  readonly info: G.DataPlatformInfo | null;
  constructor(view: StoreView, platformUrn: string) {
    const p = readPlatform(view, platformUrn);
    this.#view = view;
    this.urn = platformUrn;
    this.name = p.name;
    this.displayName = p.properties.displayName;
    this.properties = platformPropertiesView(p.properties);
    this.info = p.info && platformPropertiesView(p.info);
  }
  get lastIngested(): number | null {
    return readLastIngested(this.#view, this.urn);
  }
}

const platformPropertiesView = (p: PlatformPropertiesRead): G.DataPlatformProperties & G.DataPlatformInfo => ({
  type: asEnum<G.PlatformType>(p.type),
  displayName: p.displayName,
  datasetNameDelimiter: p.datasetNameDelimiter,
  logoUrl: p.logoUrl,
  logical: p.logical,
});

export function platformView(view: StoreView, platformUrn: string): G.DataPlatform {
  return new PlatformView(view, platformUrn);
}

/** A link (`InstitutionalMemoryMetadata`): its author is read when selected. */
class LinkView implements G.InstitutionalMemoryMetadata {
  readonly #view: StoreView;
  readonly #author: string;
  readonly url: string;
  readonly label: string;
  readonly description: string;
  readonly created: G.AuditStamp;
  readonly updated: G.AuditStamp | null;
  readonly associatedUrn: string;
  readonly settings: G.InstitutionalMemoryMetadataSettings | null;
  constructor(view: StoreView, e: LinkRead, associatedUrn: string) {
    this.#view = view;
    this.#author = e.author;
    this.url = e.url;
    this.label = e.description;
    this.description = e.description;
    this.created = stampView(e.created);
    this.updated = e.updated ? stampView(e.updated) : null;
    this.associatedUrn = associatedUrn;
    this.settings = e.settings;
  }
  get author(): G.CorpUser {
    return refAs<G.CorpUser>(this.#view, this.#author);
  }
  get actor(): G.ResolvedActor {
    return actorView(this.#view, this.#author);
  }
}

export function institutionalMemoryView(view: StoreView, urn: string): G.Maybe<G.InstitutionalMemory> {
  const memory = readInstitutionalMemory(view, urn);
  return memory ? { elements: memory.elements.map((e) => new LinkView(view, e, urn)) } : null;
}

export function statusView(view: StoreView, urn: string): G.Maybe<G.Status> {
  return readStatus(view, urn);
}

export type Builder = (view: StoreView, urn: string) => G.Entity;

/** Entity type of a urn → GraphQL type name, `EntityType` value and read model. */
export interface EntityKind {
  typename: string;
  enumValue: G.EntityType;
  /** The read model of an entity of this type, whether or not anything is stored for it. */
  build: Builder;
  /**
   * The typed root query's read (`dataset(urn)`): one call of an operation that checks the urn and
   * that the entity is stored, with DataHub's messages, and returns its read model; shaped as `build`
   * shapes it. Without one, registry.ts checks with the generic readStoredEntity and `build`.
   */
  read?: Builder;
}

/**
 * The same entity kind, its read models (of `build` and `read`) carrying the fields `extra` gives:
 * a field some entity types share that needs more than the entity (the request's actor …).
 */
export function withFields(kind: EntityKind, extra: (view: StoreView, urn: string) => object): EntityKind {
  const { build, read } = kind;
  return {
    ...kind,
    build: (view, urn) => Object.assign(build(view, urn), extra(view, urn)),
    ...(read && { read: (view: StoreView, urn: string) => Object.assign(read(view, urn), extra(view, urn)) }),
  };
}

export const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

export const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

export const props = (p: unknown): Record<string, string> | undefined =>
  p && typeof p === 'object' ? (p as Record<string, string>) : undefined;

export function deprecationView(view: StoreView, urn: string): G.Maybe<G.Deprecation> {
  const d = readDeprecation(view, urn);
  return d ? new DeprecationView(view, d) : null;
}

/** `Deprecation`: the entity of its `actor` is read when selected. */
export class DeprecationView implements G.Deprecation {
  readonly #view: StoreView;
  readonly deprecated: boolean;
  readonly decommissionTime: number | null;
  readonly note: string | null;
  readonly actor: string | null;
  readonly #replacement: string | null;
  constructor(view: StoreView, d: DeprecationRead) {
    this.#view = view;
    this.deprecated = d.deprecated;
    this.decommissionTime = d.decommissionTime;
    this.note = d.note;
    this.actor = d.actor;
    this.#replacement = d.replacement;
  }
  get actorEntity(): G.Maybe<G.Entity> {
    return this.actor ? entityRef(this.#view, this.actor) : null;
  }
  /** The entity to use instead (DataHub's `replacement: Entity`); null when none is named, or its type is not served. */
  get replacement(): G.Maybe<G.Entity> {
    return this.#replacement ? entityRef(this.#view, this.#replacement) : null;
  }
}

/** The `documentation` aspect's entries, each with its attribution; null when the entity has none. */
export function documentationView(view: StoreView, urn: string): G.Maybe<G.Documentation> {
  const doc = readDocumentation(view, urn);
  return (
    doc && {
      documentations: doc.map((d) => ({
        documentation: d.documentation,
        attribution: attributionView(view, d.attribution),
      })),
    }
  );
}

/** The `displayProperties` aspect (a color and an icon); null when the entity has none. */
export function displayPropertiesView(view: StoreView, urn: string): G.Maybe<G.DisplayProperties> {
  const d = readDisplayProperties(view, urn);
  const icon = d?.icon && { ...d.icon, iconLibrary: asEnum<G.IconLibrary>(d.icon.iconLibrary) };
  return d && { colorHex: d.colorHex, icon: icon ?? null };
}

/** `GlossaryTermAssociation`: the term and the actor are read when selected. */
class TermAssociationView implements G.GlossaryTermAssociation {
  readonly #view: StoreView;
  readonly #term: string;
  readonly #actor: string | null;
  readonly #attribution: AttributionRead | null;
  readonly context: string | null;
  readonly associatedUrn: string;
  constructor(view: StoreView, t: TermAssociationRead, associatedUrn: string) {
    this.#view = view;
    this.#term = t.term;
    this.#actor = t.actor;
    this.#attribution = t.attribution;
    this.context = t.context;
    this.associatedUrn = associatedUrn;
  }
  get attribution(): G.Maybe<G.MetadataAttribution> {
    return attributionView(this.#view, this.#attribution);
  }
  get term(): G.GlossaryTerm {
    return refAs<G.GlossaryTerm>(this.#view, this.#term);
  }
  get actor(): G.Maybe<G.CorpUser> {
    return this.#actor ? refAs<G.CorpUser>(this.#view, this.#actor) : null;
  }
}

/** Glossary terms of a read model (of an entity or a column) as GraphQL shows them; null when none are stored. */
export function termsView(view: StoreView, terms: TermsRead | null, associatedUrn: string): G.Maybe<G.GlossaryTerms> {
  if (!terms) return null;
  return {
    terms: terms.terms.map((t) => new TermAssociationView(view, t, associatedUrn)),
    auditStamp: terms.auditStamp ? stampView(terms.auditStamp) : null,
  };
}

/** A `GlossaryTerms` value (of an entity or a column) as GraphQL shows it; null when there is none. */
export function glossaryTermsHolderView(
  view: StoreView,
  terms: TermsHolder | undefined,
  associatedUrn: string,
): G.Maybe<G.GlossaryTerms> {
  return termsView(view, termsOf(terms), associatedUrn);
}

export function glossaryTermsView(view: StoreView, urn: string): G.Maybe<G.GlossaryTerms> {
  return termsView(view, readGlossaryTerms(view, urn), urn);
}

export function domainAssociation(view: StoreView, urn: string): G.Maybe<G.DomainAssociation> {
  const domain = readDomain(view, urn);
  return domain
    ? {
        domain: () => refAs<G.Domain>(view, domain),
        associatedUrn: urn,
        attribution: () => attributionView(view, readDomainAttribution(view, urn)),
      }
    : null;
}

/** A structured property value as GraphQL shows it (`StringValue` or `NumberValue`); null for any other. */
export function propertyValue(v: unknown): G.Maybe<G.PropertyValue> {
  return propertyValueView(propertyValueOf(v));
}

function propertyValueView(v: PropertyValueRead): G.Maybe<G.PropertyValue> {
  if (!v) return null;
  return v.kind === 'string'
    ? { __typename: 'StringValue', stringValue: v.value }
    : { __typename: 'NumberValue', numberValue: v.value };
}

/** The asset's structured properties as upsert/removeStructuredProperties return them (never null). */
export function structuredPropertiesOf(view: StoreView, urn: string): G.StructuredProperties {
  return structuredPropertiesView(view, urn) ?? { properties: [] };
}

export function structuredPropertiesView(view: StoreView, urn: string): G.Maybe<G.StructuredProperties> {
  const properties = readStructuredProperties(view, urn);
  if (!properties) return null;
  return {
    properties: properties.map((p) => ({
      structuredProperty: () => refAs<G.StructuredPropertyEntity>(view, p.property),
      values: p.values.map(propertyValueView),
      valueEntities: p.valueEntities.map((u) => (u ? ref(view, u) : null)),
      associatedUrn: urn,
      attribution: attributionView(view, p.attribution),
    })),
  };
}

export function browsePathV2View(view: StoreView, urn: string): G.Maybe<G.BrowsePathV2> {
  const path = readBrowsePath(view, urn);
  return path && { path: path.map((e) => ({ name: e.name, entity: e.entity ? () => ref(view, e.entity!) : null })) };
}

export function dataPlatformInstanceOf(view: StoreView, urn: string): G.Maybe<G.DataPlatformInstance> {
  const instance = readPlatformInstance(view, urn);
  return instance ? refAs<G.DataPlatformInstance>(view, instance) : null;
}

/** The fields every entity type shares, each computed from the entity's urn when a query selects it. */
const COMMON = {
  exists: (view: StoreView, urn: string): boolean => view.entityExists(urn),
  ownership: (view: StoreView, urn: string) => ownershipReadView(view, urn, readOwnership(view, urn)),
  tags: (view: StoreView, urn: string) => tagsView(view, readTags(view, urn), urn),
  glossaryTerms: (view: StoreView, urn: string) => glossaryTermsView(view, urn),
  domain: (view: StoreView, urn: string) => domainAssociation(view, urn),
  deprecation: (view: StoreView, urn: string) => deprecationView(view, urn),
  institutionalMemory: (view: StoreView, urn: string) => institutionalMemoryView(view, urn),
  status: (view: StoreView, urn: string) => statusView(view, urn),
  lastIngested: (view: StoreView, urn: string) => readLastIngested(view, urn),
  subTypes: (view: StoreView, urn: string): G.Maybe<G.SubTypes> => {
    const s = readSubTypes(view, urn);
    return s && { typeNames: [...s.typeNames] };
  },
  container: (view: StoreView, urn: string): G.Maybe<G.Container> => {
    const c = readContainer(view, urn);
    return c ? refAs<G.Container>(view, c) : null;
  },
  parentContainers: (view: StoreView, urn: string): G.ParentContainersResult => {
    const list = readParentContainers(view, urn);
    return { count: list.length, containers: list.map((c) => refAs<G.Container>(view, c)) };
  },
  structuredProperties: (view: StoreView, urn: string) => structuredPropertiesView(view, urn),
  browsePathV2: (view: StoreView, urn: string) => browsePathV2View(view, urn),
  dataPlatformInstance: (view: StoreView, urn: string) => dataPlatformInstanceOf(view, urn),
  documentation: (view: StoreView, urn: string) => documentationView(view, urn),
  displayProperties: (view: StoreView, urn: string) => displayPropertiesView(view, urn),
  // From the entity's active incidents and its assertions (src/ops/quality/health.ts).
  health: (view: StoreView, urn: string): G.Health[] => healthOf(view, urn),
};

/** The shared fields as `common` gives them: each a function of no arguments, called when selected. */
export type CommonFields = { [K in keyof typeof COMMON]: Lazy<ReturnType<(typeof COMMON)[K]>> } & {
  __typename: string;
  urn: string;
  type: G.EntityType;
  globalTags: Lazy<G.Maybe<G.GlobalTags>>;
};

/**
 * A GraphQL type as the record read models (built on `common`) hold it: `__typename` comes from the
 * kind (EntityKind.typename, a string), not a literal.
 */
export type Shaped<T> = Omit<T, '__typename'> & { __typename?: string };

/** The shared fields as a record of functions, for the entity types whose read models are records (see EntityView). */
export function common(view: StoreView, urn: string, kind: EntityKind): CommonFields {
  const tags = lazy(() => COMMON.tags(view, urn));
  return {
    __typename: kind.typename,
    urn,
    type: kind.enumValue,
    exists: () => COMMON.exists(view, urn),
    ownership: () => COMMON.ownership(view, urn),
    tags,
    globalTags: tags,
    glossaryTerms: () => COMMON.glossaryTerms(view, urn),
    domain: () => COMMON.domain(view, urn),
    deprecation: () => COMMON.deprecation(view, urn),
    institutionalMemory: () => COMMON.institutionalMemory(view, urn),
    status: () => COMMON.status(view, urn),
    lastIngested: () => COMMON.lastIngested(view, urn),
    subTypes: () => COMMON.subTypes(view, urn),
    container: () => COMMON.container(view, urn),
    parentContainers: () => COMMON.parentContainers(view, urn),
    structuredProperties: () => COMMON.structuredProperties(view, urn),
    browsePathV2: () => COMMON.browsePathV2(view, urn),
    dataPlatformInstance: () => COMMON.dataPlatformInstance(view, urn),
    documentation: () => COMMON.documentation(view, urn),
    displayProperties: () => COMMON.displayProperties(view, urn),
    health: () => COMMON.health(view, urn),
  };
}

/**
 * The shared fields as getters of a class: the base of the entity types whose GraphQL object is a
 * class (its fields are plain properties to the compiled executor, so schema.ts gives its type no
 * resolvers but for fields with arguments). A subclass overrides a field with a getter of its own.
 */
export abstract class EntityView implements G.Entity {
  abstract readonly __typename: string;
  abstract readonly type: G.EntityType;
  protected readonly view: StoreView;
  readonly urn: string;
  constructor(view: StoreView, urn: string) {
    this.view = view;
    this.urn = urn;
  }
  get exists(): boolean {
    return COMMON.exists(this.view, this.urn);
  }
  get ownership(): G.Maybe<G.Ownership> {
    return COMMON.ownership(this.view, this.urn);
  }
  get tags(): G.Maybe<G.GlobalTags> {
    return COMMON.tags(this.view, this.urn);
  }
  get globalTags(): G.Maybe<G.GlobalTags> {
    return this.tags;
  }
  get glossaryTerms(): G.Maybe<G.GlossaryTerms> {
    return COMMON.glossaryTerms(this.view, this.urn);
  }
  get domain(): G.Maybe<G.DomainAssociation> {
    return COMMON.domain(this.view, this.urn);
  }
  get deprecation(): G.Maybe<G.Deprecation> {
    return COMMON.deprecation(this.view, this.urn);
  }
  get institutionalMemory(): G.Maybe<G.InstitutionalMemory> {
    return COMMON.institutionalMemory(this.view, this.urn);
  }
  get status(): G.Maybe<G.Status> {
    return COMMON.status(this.view, this.urn);
  }
  get lastIngested(): number | null {
    return COMMON.lastIngested(this.view, this.urn);
  }
  get subTypes(): G.Maybe<G.SubTypes> {
    return COMMON.subTypes(this.view, this.urn);
  }
  get container(): G.Maybe<G.Container> {
    return COMMON.container(this.view, this.urn);
  }
  get parentContainers(): G.ParentContainersResult {
    return COMMON.parentContainers(this.view, this.urn);
  }
  get structuredProperties(): G.Maybe<G.StructuredProperties> {
    return COMMON.structuredProperties(this.view, this.urn);
  }
  get browsePathV2(): G.Maybe<G.BrowsePathV2> {
    return COMMON.browsePathV2(this.view, this.urn);
  }
  get dataPlatformInstance(): G.Maybe<G.DataPlatformInstance> {
    return COMMON.dataPlatformInstance(this.view, this.urn);
  }
  get documentation(): G.Maybe<G.Documentation> {
    return COMMON.documentation(this.view, this.urn);
  }
  get displayProperties(): G.Maybe<G.DisplayProperties> {
    return COMMON.displayProperties(this.view, this.urn);
  }
  get health(): G.Health[] {
    return COMMON.health(this.view, this.urn);
  }
  /** The applications the entity belongs to (its `applications` aspect); null when none is stored. */
  get applications(): G.Maybe<G.ApplicationAssociation[]> {
    const urns = readApplications(this.view, this.urn);
    return (
      urns?.map((u) => ({ application: () => refAs<G.Application>(this.view, u), associatedUrn: this.urn })) ?? null
    );
  }
}

export const oneOf = (values: ReadonlySet<string>, v: unknown): string | null =>
  typeof v === 'string' && values.has(v) ? v : null;

/**
 * The fields the ML entity types share, shaped from their read model (src/ops/read/ml.ts): what the
 * urn has (the name; a platform and origin, or a feature namespace: null where the urn has none),
 * the description (the edited one first) and the edited description. Each type adds its properties.
 * The SDL declares platform, origin and featureNamespace non-null on the types that have them; each
 * is null where the urn lacks that key part (then, when selected, a field error, as before these
 * types): `nullInNonNull`. A type without one of them in the SDL never shows it.
 */
export abstract class MlEntityView extends EntityView {
  readonly #kind: MlKind;
  readonly #platform: string | null;
  readonly name: string;
  readonly origin: G.FabricType;
  readonly featureNamespace: string;
  constructor(view: StoreView, urn: string, kind: MlKind) {
    super(view, urn);
    this.#kind = kind;
    const identity = readMlIdentity(urn);
    this.#platform = identity.platformUrn;
    this.name = identity.name;
    this.origin = nullInNonNull(asEnum<G.FabricType>(identity.origin));
    this.featureNamespace = nullInNonNull(identity.featureNamespace);
  }
  get platform(): G.DataPlatform {
    return nullInNonNull(this.#platform ? platformView(this.view, this.#platform) : null);
  }
  get description(): string | null {
    return readMlDescription(this.view, this.#kind, this.urn);
  }
  /** Each ML type's editable properties (`MLModelEditableProperties`, …) have this one field. */
  get editableProperties(): { description: string | null } | null {
    return readMlEditable(this.view, this.#kind, this.urn);
  }
}

/** A version tag of a read model as GraphQL shows it (`VersionTag`). */
export function versionTagView(v: VersionTagRead | null): G.Maybe<G.VersionTag> {
  return v && { versionTag: v.versionTag };
}

/** `createdOn` of data products and glossary terms and nodes: the key aspect's created stamp, with its actor's user. */
export function keyCreatedOnView(view: StoreView, urn: string): G.Maybe<G.ResolvedAuditStamp> {
  const c = keyAspectCreated(view, urn);
  return c && { time: c.time, actor: isUrnOf(c.actor, 'corpuser') ? refAs<G.CorpUser>(view, c.actor) : null };
}
