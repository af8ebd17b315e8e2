/**
 * How an aspect module describes its aspect: schema (FQN) name, the shape checked on write, and what
 * else the program needs to know of it — the relationships its fields carry, the fields search
 * indexes, the keys that identify the elements of its lists when values are merged — all in one
 * declaration, as DataHub annotates its aspect schemas (`@Relationship`, `@Searchable`).
 * `src/model/aspects/index.ts` collects every declaration; the registry, the validator, the
 * relationships index, the search declarations and JSON Patch are built from that list. The aspect's
 * TypeScript type is inferred from its shape: `export type X = AspectValue<typeof x>`.
 */

/** A field's shape. Records list their fields; a field name ending in `?` is optional. */
export type Spec =
  | 'string'
  | 'number'
  | 'boolean'
  | 'object'
  | 'any'
  | { readonly urn: readonly string[] | 'any' }
  | { readonly enum: readonly string[] }
  | { readonly array: Spec }
  | { readonly map: Spec }
  | { readonly record: Fields };

export type Fields = { readonly [name: string]: Spec };

declare const TYPE: unique symbol;
/** A field the validator does not check (`'any'` at run time) but the program reads as a `T`. */
export type Unchecked<T> = 'any' & { readonly [TYPE]: T };

/** The TypeScript type of a value of shape `S`. */
export type Infer<S> =
  S extends Unchecked<infer T>
    ? T
    : S extends 'string'
      ? string
      : S extends 'number'
        ? number
        : S extends 'boolean'
          ? boolean
          : S extends 'object'
            ? Record<string, unknown>
            : S extends 'any'
              ? unknown
              : S extends { readonly urn: unknown }
                ? string
                : S extends { readonly enum: readonly (infer E)[] }
                  ? E
                  : S extends { readonly array: infer I }
                    ? Array<Infer<I>>
                    : S extends { readonly map: infer I }
                      ? Record<string, Infer<I>>
                      : S extends { readonly record: infer F }
                        ? InferFields<F>
                        : never;

type OptionalKey<K> = K extends `${infer N}?` ? N : never;
type RequiredKey<K> = K extends `${string}?` ? never : K;

/**
 * A record's type: its required fields, its optional ones (`name?`), and whatever else a client
 * sent — fields the shape does not list are kept as given, so a value may carry more. The validator
 * lets an optional field through as `null` too: code that reads values written before it checked
 * them, or by a client, treats `null` like absent (`?? default`, `!= null`).
 */
export type InferFields<F> = Flatten<
  { -readonly [K in keyof F as RequiredKey<K>]: Infer<F[K]> } & {
    -readonly [K in keyof F as OptionalKey<K>]?: Infer<F[K]>;
  } & {
    [extra: string]: unknown;
  }
>;
type Flatten<T> = { [K in keyof T]: T[K] };

/**
 * The value type of a declared aspect. `Fields` itself (what a generic declaration is known to have)
 * reads as any record: its shapes nest without end.
 */
export type AspectValue<D extends { fields?: Fields }> = D extends { fields: infer F }
  ? Fields extends F
    ? Record<string, unknown>
    : InferFields<F>
  : Record<string, unknown>;

/**
 * An aspect as a typed read takes it: its declaration with a declared shape (`fields`, checked or
 * `asGiven`). `aspectOf(view, urn, ownership)` reads the aspect `ownership.name` as an `Ownership`.
 */
export type DeclaredAspect = { readonly name: string; readonly fields: Fields };

/**
 * A relationship an aspect carries: every URN found at `path` is an edge named `name` from the entity
 * holding the aspect to that URN (DataHub's `@Relationship` annotations, docs/datahub/discovery.md §1.4).
 * `path` is dotted field names, `[]` stepping into every element of an array: `owners[].owner`.
 */
export interface RelationshipDecl {
  name: string;
  path: string;
}

/**
 * How search indexes a field (DataHub's `@Searchable` fieldType):
 * - `text`: matched word by word by the query (weight > 0) and by filters on its whole value;
 * - `keyword`: matched by filters and facets only (values such as `PROD`, `Table`);
 * - `urn`: a keyword whose value is an urn; its id words are also matched by the query at a low
 *   weight (a search for `pii` finds entities tagged `urn:li:tag:pii`, as DataHub's urn analyzer does);
 * - `bool`: `true`/`false`;
 * - `kv`: a map indexed as `key=value` entries (custom properties).
 */
export type FieldKind = 'text' | 'keyword' | 'urn' | 'bool' | 'kv';

/**
 * A field of the aspect the search index holds (DataHub's `@Searchable`): the values found at `path`
 * (same syntax as a relationship's) go to index field `field`. A field that several aspects fill
 * (`name`, `description`, `platform` …) collects the values of all of them.
 */
export interface SearchableDecl {
  path: string;
  field: string;
  kind: FieldKind;
  /** Weight of a word of this field in the ranking; 0 (the default) = not matched by the query text. */
  weight?: number;
  /** Turns the stored value into the indexed one (e.g. a tool name into a platform urn). */
  map?: (value: string) => string;
}

/** Ranking weights of searchable fields: names first, then ids and paths, then prose. */
export const NAME = 10;
export const ID = 8;
export const PATH = 4;
export const PROSE = 1;
export const LABEL = 1;

/** A searchable `map` for key fields that name a platform by its bare name (a chart's dashboardTool …). */
export const platformUrn = (name: string) => (name.startsWith('urn:li:') ? name : `urn:li:dataPlatform:${name}`);

/**
 * How the elements of one list of the aspect are told apart when values are merged — JSON Patch's
 * keyed arrays (DataHub's aspect templates) and the sync of two catalogs: the fields whose values
 * together identify an element (a nested field as a dotted path, `attribution.source`), or `'value'`
 * for a list of strings that identify themselves.
 */
export type MergeKey = readonly string[] | 'value';

export interface AspectDef {
  /** Aspect name, e.g. `ownership`. */
  name: string;
  /** Pegasus schema name without `.pegasus2avro`, e.g. `com.linkedin.common.Ownership`. */
  fqn: string;
  /** The shape checked on every write; absent = stored as given. */
  fields?: Fields;
  relationships?: readonly RelationshipDecl[];
  /** What the search index holds of the aspect, in index order. */
  searchable?: readonly SearchableDecl[];
  /**
   * The lists of the aspect whose elements are identified by keys, by path of the list: dotted field
   * names from the aspect, `[]` stepping into the elements of a keyed list for a list inside them
   * (`editableSchemaFieldInfo[].globalTags.tags`).
   */
  mergeKeys?: Readonly<Record<string, MergeKey>>;
  /**
   * Lists a PATCH may also address by key although DataHub's template for the aspect leaves them
   * alone (its deprecated plain lists, `dataJobInputOutput.inputDatasets` …): keyed when present or
   * named by a patch path, never created by a patch that does not name them. `mergeKeys` lists are
   * always there after a patch, as DataHub's templates leave them (docs/datahub/patch-templates.md).
   */
  looseMergeKeys?: Readonly<Record<string, MergeKey>>;
  /**
   * The value a merge starts from when the aspect does not exist yet (DataHub's template default);
   * `stamp()` makes a fresh audit stamp of the change. Absent = `{}`.
   */
  emptyValue?: (stamp: () => Stamp) => Record<string, unknown>;
}

export function defineAspect<const D extends AspectDef>(def: D): D {
  return def;
}

export const str = 'string';
export const num = 'number';
export const bool = 'boolean';
export const anyUrn = { urn: 'any' } as const;
export const urnOf = <const T extends readonly string[]>(...types: T) => ({ urn: types });
export const arr = <const S extends Spec>(s: S) => ({ array: s });
export const rec = <const F extends Fields>(f: F) => ({ record: f });
/**
 * A field stored as given (never refused: `'any'` to the validator) that the program reads as a value
 * of shape `s`: the shape types the code, not the check.
 */
export const unchecked = <const S extends Spec>(_s: S) => 'any' as Unchecked<Infer<S>>;

/**
 * Fields stored as given, each typed for the code by its shape: `'any'` to the validator (a value it
 * accepted before the fields were listed is accepted after), the shape's type to a reader. A reader
 * that must not fail on a stored value of another type keeps its own guard (`typeof v === 'string'`).
 */
export const asGiven = <const F extends Fields>(fields: F) =>
  Object.fromEntries(Object.keys(fields).map((k) => [k, 'any'])) as { readonly [K in keyof F]: Unchecked<Infer<F[K]>> };

export const auditStamp = rec({ time: num, actor: anyUrn, 'impersonator?': anyUrn, 'message?': str });
/**
 * DataHub's `MetadataAttribution` (who or what applied a tag, a term, an owner …): its time and actor
 * are required and checked; its source and details are stored as given.
 */
export const attribution = rec({
  time: num,
  actor: anyUrn,
  'source?': unchecked(anyUrn),
  'sourceDetail?': unchecked({ map: str }),
});
export const timeStamp = rec({ time: num, 'actor?': anyUrn });
export const changeStamps = { 'created?': auditStamp, 'lastModified?': auditStamp, 'deleted?': auditStamp } as const;

/**
 * The fields of an editable-properties aspect (`editableChartProperties` …): the description a user
 * wrote over the ingested one, stored as given, and its change stamps, checked (a stamp given has
 * its time and actor, as DataHub requires).
 */
export const editableDescription = { ...asGiven({ 'description?': str }), ...changeStamps } as const;

/** An ML hyper-parameter or metric: its name is required (DataHub's MLHyperParam and MLMetric). */
export const mlParam = rec({
  name: unchecked(str),
  ...asGiven({ 'description?': str, 'value?': str, 'createdAt?': num }),
});

/**
 * DataHub's `FabricType` symbols as its schema declares them (an aspect's `env`), the legacy ones
 * included.
 */
export const FABRIC = [
  'DEV',
  'TEST',
  'QA',
  'UAT',
  'EI',
  'PRE',
  'STG',
  'NON_PROD',
  'PROD',
  'CORP',
  'RVW',
  'PRD',
  'TST',
  'SIT',
  'SBX',
  'SANDBOX',
  'CERT',
] as const;

/** An audit stamp `{time, actor}` as the aspects carry it. */
export type Stamp = Infer<typeof auditStamp>;
