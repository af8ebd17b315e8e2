/**
 * The timeline's vocabulary (docs/datahub/discovery.md §7.5): change categories, operations, semantic
 * change levels and the change event, with DataHub's field names (`ChangeEvent`,
 * `ChangeTransaction`, `SemanticChangeType` in metadata-service/services …/timeline/data/).
 */
import { idOf } from '../../model/urn.ts';
import type { AuditStamp } from '../../store/store.ts';

/** The categories this server computes, in the order DataHub's enum lists them. */
export const CHANGE_CATEGORIES = [
  'DOCUMENTATION',
  'GLOSSARY_TERM',
  'OWNERSHIP',
  'TECHNICAL_SCHEMA',
  'TAG',
  'DOMAIN',
  'DEPRECATION',
] as const;
export type ChangeCategory = (typeof CHANGE_CATEGORIES)[number];

export type ChangeOperation = 'ADD' | 'MODIFY' | 'REMOVE';

/** Ordered from least to most significant, as DataHub compares them. */
export const SEMVER_CHANGES = ['NONE', 'PATCH', 'MINOR', 'MAJOR', 'EXCEPTIONAL'] as const;
export type SemVerChange = (typeof SEMVER_CHANGES)[number];

export interface ChangeEvent {
  /** The entity changed: the dataset, or a schema field (`urn:li:schemaField:(…)`) for column-level changes. */
  entityUrn: string;
  category: ChangeCategory;
  operation: ChangeOperation;
  /** What was added, removed or changed: a tag, term, owner or domain urn, a link, a field path… */
  modifier?: string;
  parameters?: Record<string, unknown>;
  auditStamp: AuditStamp;
  semVerChange: SemVerChange;
  description: string;
}

/** The stored values a differ compares: `from` is undefined when the aspect did not exist yet. */
export interface AspectChange {
  urn: string;
  from: unknown;
  to: unknown;
  stamp: AuditStamp;
}

/** Turns one aspect change into the change events of one category. */
export type Differ = (change: AspectChange, category: ChangeCategory) => ChangeEvent[];

/** The more significant of two semantic changes. */
export function maxSemVer(a: SemVerChange, b: SemVerChange): SemVerChange {
  return SEMVER_CHANGES.indexOf(a) >= SEMVER_CHANGES.indexOf(b) ? a : b;
}

/** The key of a urn as DataHub's `Urn.getId()` gives it (`pii` for `urn:li:tag:pii`); the text itself when it is no urn. */
export function urnId(urn: string): string {
  try {
    return idOf(urn);
  } catch {
    return urn;
  }
}

/**
 * The urn of one column of a dataset, as DataHub builds it for column-level events: the field path
 * with `(`, `)` and `,` percent-encoded so the tuple stays parseable.
 */
export function schemaFieldUrn(datasetUrn: string, fieldPath: string): string {
  return `urn:li:schemaField:(${datasetUrn},${fieldPath.replace(/\(/g, '%28').replace(/\)/g, '%29').replace(/,/g, '%2C')})`;
}

/**
 * A field path as DataHub prints it in schema change descriptions (`getFieldPathV1`): the dotted
 * tokens of a v2 path without its `[version=2.0]`/`[type=…]` annotations (any token starting with
 * `[` or ending with `]` is dropped, which also drops the two halves of `[version=2.0]`).
 */
export function fieldPathV1(fieldPath: string): string {
  return fieldPath
    .split('.')
    .filter((token) => !(token.startsWith('[') || token.endsWith(']')))
    .join('.');
}

/** Reads a field of an aspect value that may be anything: objects only, else undefined. */
export function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)[name]
    : undefined;
}

/** An array field of an aspect value, its non-object items dropped. */
export function records(value: unknown, name: string): Array<Record<string, unknown>> {
  const list = field(value, name);
  return Array.isArray(list)
    ? list.filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x))
    : [];
}

/** A string field, or undefined. */
export function text(value: unknown, name: string): string | undefined {
  const v = field(value, name);
  return typeof v === 'string' ? v : undefined;
}
