/**
 * How an aspect module describes its aspect: schema (FQN) name, the shape checked on write, and the
 * relationships its fields carry. `src/model/aspects/index.ts` collects every module; the registry,
 * the validator and the relationships index are built from that list.
 */

/** A field's shape. Records list their fields; a field name ending in `?` is optional. */
export type Spec =
  | 'string'
  | 'number'
  | 'boolean'
  | 'object'
  | 'any'
  | { urn: string[] | 'any' }
  | { enum: readonly string[] }
  | { array: Spec }
  | { map: Spec }
  | { record: Fields };

export type Fields = Record<string, Spec>;

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

export function defineAspect(def: AspectDef): AspectDef {
  return def;
}

export const str: Spec = 'string';
export const num: Spec = 'number';
export const bool: Spec = 'boolean';
export const anyUrn: Spec = { urn: 'any' };
export const urnOf = (...types: string[]): Spec => ({ urn: types });
export const arr = (s: Spec): Spec => ({ array: s });
export const rec = (f: Fields): Spec => ({ record: f });

/** An audit stamp `{time, actor}` as the aspects carry it. */
export interface Stamp {
  time: number;
  actor: string;
}

export const auditStamp = rec({ time: num, actor: anyUrn, 'impersonator?': anyUrn, 'message?': str });
export const timeStamp = rec({ time: num, 'actor?': anyUrn });
export const changeStamps: Fields = { 'created?': auditStamp, 'lastModified?': auditStamp, 'deleted?': auditStamp };
