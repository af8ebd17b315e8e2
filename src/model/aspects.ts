/**
 * Shapes of the aspects this product interprets (datahub-rest-cli.md §7.2), checked on every write.
 * Only field types are enforced, plus the fields the product reads; fields we do not list are kept
 * as given, because newer DataHub models keep adding optional fields. Aspects not listed here are
 * stored as given.
 */
import { AspectValidationError } from './errors.ts';
import { isKeyAspect } from './registry.ts';
import { parseUrn } from './urn.ts';

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
  return aspectName in ASPECTS;
}

/**
 * Checks an aspect value before it is written. Throws `AspectValidationError` naming the aspect,
 * the field path and the problem. Key aspects may not be written directly: they follow from the URN.
 */
export function validateAspect(entityType: string, aspectName: string, value: unknown): void {
  if (typeof aspectName !== 'string' || !/^[A-Za-z][A-Za-z0-9_]*$/.test(aspectName)) {
    throw new AspectValidationError(String(aspectName), '', 'the aspect name must be a plain identifier');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new AspectValidationError(aspectName, '', `expected a JSON object, got ${describe(value)}`);
  }
  if (isKeyAspect(entityType, aspectName)) return;
  const fields = ASPECTS[aspectName];
  if (fields) checkRecord(aspectName, fields, value as Record<string, unknown>, '');
}

function checkRecord(aspect: string, fields: Fields, value: Record<string, unknown>, path: string): void {
  for (const [rawName, spec] of Object.entries(fields)) {
    const optional = rawName.endsWith('?');
    const name = optional ? rawName.slice(0, -1) : rawName;
    const at = path ? `${path}.${name}` : name;
    const v = value[name];
    if (v === undefined || v === null) {
      if (!optional) throw new AspectValidationError(aspect, at, 'required field is missing');
      continue;
    }
    check(aspect, spec, v, at);
  }
}

function check(aspect: string, spec: Spec, v: unknown, at: string): void {
  const fail = (problem: string): never => {
    throw new AspectValidationError(aspect, at, problem);
  };
  if (spec === 'any') return;
  if (spec === 'string' || spec === 'number' || spec === 'boolean') {
    if (typeof v !== spec || (spec === 'number' && !Number.isFinite(v))) fail(`expected a ${spec}, got ${describe(v)}`);
    return;
  }
  if (spec === 'object') {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(`expected an object, got ${describe(v)}`);
    return;
  }
  if ('urn' in spec) {
    if (typeof v !== 'string') return fail(`expected a urn string, got ${describe(v)}`);
    let type: string;
    try {
      type = parseUrn(v).entityType;
    } catch (e) {
      return fail((e as Error).message);
    }
    if (spec.urn !== 'any' && !spec.urn.includes(type)) {
      fail(`expected a ${spec.urn.map((t) => `urn:li:${t}`).join(' or ')} urn, got "${v}"`);
    }
    return;
  }
  if ('enum' in spec) {
    if (typeof v !== 'string' || !spec.enum.includes(v)) fail(`expected one of ${spec.enum.join(', ')}, got ${describe(v)}`);
    return;
  }
  if ('array' in spec) {
    if (!Array.isArray(v)) return fail(`expected an array, got ${describe(v)}`);
    v.forEach((item, i) => check(aspect, spec.array, item, `${at}[${i}]`));
    return;
  }
  if ('map' in spec) {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return fail(`expected an object map, got ${describe(v)}`);
    for (const [k, item] of Object.entries(v)) check(aspect, spec.map, item, `${at}.${k}`);
    return;
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return fail(`expected an object, got ${describe(v)}`);
  checkRecord(aspect, spec.record, v as Record<string, unknown>, at);
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
  if (typeof v === 'object') return 'an object';
  return `${typeof v} ${String(v)}`;
}
