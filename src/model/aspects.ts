/**
 * Shapes of the aspects this product interprets (datahub-rest-cli.md §7.2), checked on every write.
 * Only field types are enforced, plus the fields the product reads; fields we do not list are kept
 * as given, because newer DataHub models keep adding optional fields. Aspects not listed here are
 * stored as given.
 */
import { AspectValidationError } from './errors.ts';
import { isJsonObject } from './json.ts';
import { isKeyAspect } from './registry.ts';
import { entityTypeOf } from './urn.ts';

type Spec =
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

/** Field name → spec; a name ending in `?` is optional. */
type Fields = Record<string, Spec>;

const str: Spec = 'string';
const num: Spec = 'number';
const bool: Spec = 'boolean';
const anyUrn: Spec = { urn: 'any' };
const urnOf = (...types: string[]): Spec => ({ urn: types });
const arr = (s: Spec): Spec => ({ array: s });
const rec = (f: Fields): Spec => ({ record: f });

export const OWNERSHIP_TYPES = [
  'TECHNICAL_OWNER', 'BUSINESS_OWNER', 'DATA_STEWARD', 'NONE', 'CUSTOM',
  'DEVELOPER', 'DATAOWNER', 'DELEGATE', 'PRODUCER', 'CONSUMER', 'STAKEHOLDER',
] as const;

export const OWNERSHIP_SOURCE_TYPES = [
  'AUDIT', 'DATABASE', 'FILE_SYSTEM', 'ISSUE_TRACKING_SYSTEM', 'MANUAL', 'SERVICE', 'SOURCE_CONTROL', 'OTHER',
] as const;

const auditStamp = rec({ time: num, actor: anyUrn, 'impersonator?': anyUrn, 'message?': str });
const timeStamp = rec({ time: num, 'actor?': anyUrn });
const tagAssociation = rec({ tag: urnOf('tag'), 'context?': str, 'attribution?': 'object' });
const globalTags = rec({ tags: arr(tagAssociation) });
const changeStamps: Fields = { 'created?': auditStamp, 'lastModified?': auditStamp, 'deleted?': auditStamp };

const schemaField = rec({
  fieldPath: str,
  'jsonPath?': str,
  'nullable?': bool,
  'description?': str,
  'label?': str,
  'created?': auditStamp,
  'lastModified?': auditStamp,
  type: rec({ type: 'object' }),
  nativeDataType: str,
  'recursive?': bool,
  'globalTags?': globalTags,
  'glossaryTerms?': 'object',
  'isPartOfKey?': bool,
  'isPartitioningKey?': bool,
  'jsonProps?': str,
});

const ASPECTS: Record<string, Fields> = {
  datasetProperties: {
    'customProperties?': { map: str },
    'externalUrl?': str,
    'name?': str,
    'qualifiedName?': str,
    'description?': str,
    'uri?': str,
    'tags?': arr(str),
    'created?': timeStamp,
    'lastModified?': timeStamp,
  },
  editableDatasetProperties: { ...changeStamps, 'description?': str, 'name?': str },
  schemaMetadata: {
    schemaName: str,
    platform: urnOf('dataPlatform'),
    version: num,
    ...changeStamps,
    'dataset?': anyUrn,
    'cluster?': str,
    hash: str,
    platformSchema: 'object',
    fields: arr(schemaField),
    'primaryKeys?': arr(str),
  },
  editableSchemaMetadata: {
    ...changeStamps,
    editableSchemaFieldInfo: arr(
      rec({ fieldPath: str, 'description?': str, 'globalTags?': globalTags, 'glossaryTerms?': 'object' }),
    ),
  },
  ownership: {
    owners: arr(
      rec({
        owner: urnOf('corpuser', 'corpGroup'),
        'type?': { enum: OWNERSHIP_TYPES },
        'typeUrn?': urnOf('ownershipType'),
        'source?': rec({ type: { enum: OWNERSHIP_SOURCE_TYPES }, 'url?': str }),
      }),
    ),
    'ownerTypes?': { map: 'any' },
    'lastModified?': auditStamp,
  },
  globalTags: { tags: arr(tagAssociation) },
  tagProperties: { name: str, 'description?': str, 'colorHex?': str },
  deprecation: { deprecated: bool, 'decommissionTime?': num, note: str, actor: anyUrn, 'replacement?': anyUrn },
  institutionalMemory: {
    elements: arr(rec({ url: str, description: str, createStamp: auditStamp, 'updateStamp?': auditStamp, 'settings?': 'object' })),
  },
  status: { 'removed?': bool },
  corpUserInfo: {
    'customProperties?': { map: str },
    active: bool,
    'displayName?': str,
    'email?': str,
    'title?': str,
    'managerUrn?': urnOf('corpuser'),
    'departmentId?': num,
    'departmentName?': str,
    'firstName?': str,
    'lastName?': str,
    'fullName?': str,
    'countryCode?': str,
    'system?': bool,
  },
  corpUserEditableInfo: {
    'aboutMe?': str,
    'teams?': arr(str),
    'skills?': arr(str),
    'pictureLink?': str,
    'displayName?': str,
    'title?': str,
    'platforms?': arr(anyUrn),
    'persona?': anyUrn,
    'slack?': str,
    'phone?': str,
    'email?': str,
  },
  corpGroupInfo: {
    'displayName?': str,
    'email?': str,
    'admins?': arr(urnOf('corpuser')),
    'members?': arr(urnOf('corpuser')),
    'groups?': arr(urnOf('corpGroup')),
    'description?': str,
    'slack?': str,
    'created?': auditStamp,
  },
  corpGroupEditableInfo: { 'description?': str, 'pictureLink?': str, 'slack?': str, 'email?': str },
  groupMembership: { groups: arr(urnOf('corpGroup')) },
};

/** True when the product checks the shape of this aspect on write. */
export function isInterpretedAspect(aspectName: string): boolean {
  return Object.hasOwn(ASPECTS, aspectName);
}

/*
 * The specs above are compiled once into plain checker objects, so the check of a value walks arrays
 * and does no string building, closure creation or Object.entries on the success path. Only when a
 * check fails is the field path assembled, from the segments the failing call returns.
 */
type Checker =
  | { kind: 'any' }
  | { kind: 'string' | 'number' | 'boolean' | 'object' }
  | { kind: 'urn'; types: readonly string[] | null }
  | { kind: 'enum'; values: ReadonlySet<string>; list: readonly string[] }
  | { kind: 'array'; item: Checker }
  | { kind: 'map'; item: Checker }
  | { kind: 'record'; fields: readonly CompiledField[] };

interface CompiledField {
  name: string;
  optional: boolean;
  checker: Checker;
}

/** A failed check: the problem and the path segments from the failing value up to the aspect. */
interface Failure {
  problem: string;
  segments: Array<string | number>;
}

function compile(spec: Spec): Checker {
  if (typeof spec === 'string') return { kind: spec };
  if ('urn' in spec) return { kind: 'urn', types: spec.urn === 'any' ? null : spec.urn };
  if ('enum' in spec) return { kind: 'enum', values: new Set(spec.enum), list: spec.enum };
  if ('array' in spec) return { kind: 'array', item: compile(spec.array) };
  if ('map' in spec) return { kind: 'map', item: compile(spec.map) };
  return compileRecord(spec.record);
}

function compileRecord(fields: Fields): Checker {
  return {
    kind: 'record',
    fields: Object.entries(fields).map(([raw, spec]) => ({
      name: raw.endsWith('?') ? raw.slice(0, -1) : raw,
      optional: raw.endsWith('?'),
      checker: compile(spec),
    })),
  };
}

const COMPILED = new Map(Object.entries(ASPECTS).map(([name, fields]) => [name, compileRecord(fields)]));
const ASPECT_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/**
 * Checks an aspect value before it is written. Throws `AspectValidationError` naming the aspect,
 * the field path and the problem. Key aspects may not be written directly: they follow from the URN.
 */
export function validateAspect(entityType: string, aspectName: string, value: unknown): void {
  if (typeof aspectName !== 'string' || !ASPECT_NAME.test(aspectName)) {
    throw new AspectValidationError(String(aspectName), '', 'the aspect name must be a plain identifier');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new AspectValidationError(aspectName, '', `expected a JSON object, got ${describe(value)}`);
  }
  if (isKeyAspect(entityType, aspectName)) return;
  const checker = COMPILED.get(aspectName);
  if (!checker) return;
  const failure = check(checker, value);
  if (failure) throw new AspectValidationError(aspectName, formatPath(failure.segments), failure.problem);
}

function formatPath(segments: Array<string | number>): string {
  let path = '';
  for (let i = segments.length - 1; i >= 0; i--) {
    const s = segments[i]!;
    path += typeof s === 'number' ? `[${s}]` : path ? `.${s}` : s;
  }
  return path;
}

function failure(problem: string): Failure {
  return { problem, segments: [] };
}

/** A failure found inside `segment` of the value: the segment joins its path. */
function at(segment: string | number, f: Failure): Failure {
  f.segments.push(segment);
  return f;
}

function check(c: Checker, v: unknown): Failure | null {
  switch (c.kind) {
    case 'any':
      return null;
    case 'string':
    case 'boolean':
      return typeof v === c.kind ? null : failure(`expected a ${c.kind}, got ${describe(v)}`);
    case 'number':
      return typeof v === 'number' && Number.isFinite(v) ? null : failure(`expected a number, got ${describe(v)}`);
    case 'object':
      return isJsonObject(v) ? null : failure(`expected an object, got ${describe(v)}`);
    case 'urn':
      return checkUrn(c.types, v);
    case 'enum':
      return typeof v === 'string' && c.values.has(v) ? null : failure(`expected one of ${c.list.join(', ')}, got ${describe(v)}`);
    case 'array': {
      if (!Array.isArray(v)) return failure(`expected an array, got ${describe(v)}`);
      for (let i = 0; i < v.length; i++) {
        const f = check(c.item, v[i]);
        if (f) return at(i, f);
      }
      return null;
    }
    case 'map': {
      if (!isJsonObject(v)) return failure(`expected an object map, got ${describe(v)}`);
      for (const k in v) {
        if (!Object.hasOwn(v, k)) continue;
        const f = check(c.item, v[k]);
        if (f) return at(k, f);
      }
      return null;
    }
    case 'record': {
      if (!isJsonObject(v)) return failure(`expected an object, got ${describe(v)}`);
      for (const field of c.fields) {
        const fv = v[field.name];
        const f = fv === undefined || fv === null ? (field.optional ? null : failure('required field is missing')) : check(field.checker, fv);
        if (f) return at(field.name, f);
      }
      return null;
    }
  }
}

function checkUrn(types: readonly string[] | null, v: unknown): Failure | null {
  if (typeof v !== 'string') return failure(`expected a urn string, got ${describe(v)}`);
  let type: string;
  try {
    type = entityTypeOf(v);
  } catch (e) {
    return failure((e as Error).message);
  }
  if (types !== null && !types.includes(type)) {
    return failure(`expected a ${types.map((t) => `urn:li:${t}`).join(' or ')} urn, got "${v}"`);
  }
  return null;
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
  if (typeof v === 'object') return 'an object';
  return `${typeof v} ${String(v)}`;
}
