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

type Optional<K> = K extends `${infer N}?` ? N : never;
type Required<K> = K extends `${string}?` ? never : K;

/**
 * A record's type: its required fields, its optional ones (`name?`), and whatever else a client
 * sent — fields the shape does not list are kept as given, so a value may carry more.
 */
export type InferFields<F> = Flatten<
  { -readonly [K in keyof F as Required<K>]: Infer<F[K]> } & { -readonly [K in keyof F as Optional<K>]?: Infer<F[K]> } & {
    [extra: string]: unknown;
  }
>;
type Flatten<T> = { [K in keyof T]: T[K] };

/** The value type of a declared aspect. */
export type AspectValue<D extends { fields?: Fields }> = D extends { fields: infer F } ? InferFields<F> : Record<string, unknown>;

/**
 * A relationship an aspect carries: every URN found at `path` is an edge named `name` from the entity
 * holding the aspect to that URN (DataHub's `@Relationship` annotations, datahub-discovery.md §1.4).
 * `path` is dotted field names, `[]` stepping into every element of an array: `owners[].owner`.
 */
export interface RelationshipDecl {
  name: string;
  path: string;
}

export interface AspectDef {
  /** Aspect name, e.g. `ownership`. */
  name: string;
  /** Pegasus schema name without `.pegasus2avro`, e.g. `com.linkedin.common.Ownership`. */
  fqn: string;
  /** The shape checked on every write; absent = stored as given. */
  fields?: Fields;
  relationships?: readonly RelationshipDecl[];
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

export const auditStamp = rec({ time: num, actor: anyUrn, 'impersonator?': anyUrn, 'message?': str });
export const timeStamp = rec({ time: num, 'actor?': anyUrn });
export const changeStamps = { 'created?': auditStamp, 'lastModified?': auditStamp, 'deleted?': auditStamp } as const;

/** An audit stamp `{time, actor}` as the aspects carry it. */
export type Stamp = Infer<typeof auditStamp>;
