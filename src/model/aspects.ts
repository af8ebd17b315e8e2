/**
 * Checks the shapes of the aspects this product interprets (docs/datahub/rest-cli.md §7.2) on every write;
 * each shape is declared in its module under `aspects/`. Only field types are enforced, plus the
 * fields the product reads; fields we do not list are kept as given, because newer DataHub models
 * keep adding optional fields. Aspects without a declared shape are stored as given.
 */
import { ASPECTS } from './aspects/index.ts';
import type { Fields, Spec } from './aspects/define.ts';
import { AspectValidationError } from '../errors.ts';
import { describeJson, isJsonObject } from './json.ts';
import { isKeyAspect } from './registry.ts';
import { entityTypeOf } from './urn.ts';

const ASPECT_FIELDS = new Map(ASPECTS.flatMap((a) => (a.fields ? [[a.name, a.fields] as const] : [])));

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

const COMPILED = new Map([...ASPECT_FIELDS].map(([name, fields]) => [name, compileRecord(fields)]));
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
    throw new AspectValidationError(aspectName, '', `expected a JSON object, got ${describeJson(value)}`);
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
      return typeof v === c.kind ? null : failure(`expected a ${c.kind}, got ${describeJson(v)}`);
    case 'number':
      return typeof v === 'number' && Number.isFinite(v) ? null : failure(`expected a number, got ${describeJson(v)}`);
    case 'object':
      return isJsonObject(v) ? null : failure(`expected an object, got ${describeJson(v)}`);
    case 'urn':
      return checkUrn(c.types, v);
    case 'enum':
      return typeof v === 'string' && c.values.has(v)
        ? null
        : failure(`expected one of ${c.list.join(', ')}, got ${describeJson(v)}`);
    case 'array': {
      if (!Array.isArray(v)) return failure(`expected an array, got ${describeJson(v)}`);
      for (let i = 0; i < v.length; i++) {
        const f = check(c.item, v[i]);
        if (f) return at(i, f);
      }
      return null;
    }
    case 'map': {
      if (!isJsonObject(v)) return failure(`expected an object map, got ${describeJson(v)}`);
      for (const k in v) {
        if (!Object.hasOwn(v, k)) continue;
        const f = check(c.item, v[k]);
        if (f) return at(k, f);
      }
      return null;
    }
    case 'record': {
      if (!isJsonObject(v)) return failure(`expected an object, got ${describeJson(v)}`);
      for (const field of c.fields) {
        const fv = v[field.name];
        const f =
          fv === undefined || fv === null
            ? field.optional
              ? null
              : failure('required field is missing')
            : check(field.checker, fv);
        if (f) return at(field.name, f);
      }
      return null;
    }
  }
}

function checkUrn(types: readonly string[] | null, v: unknown): Failure | null {
  if (typeof v !== 'string') return failure(`expected a urn string, got ${describeJson(v)}`);
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
