/**
 * Checks a tool call's arguments against the tool's input schema (the JSON Schema subset the tools
 * use) and fills in the defaults. List arguments an agent sends as one string are taken as DataHub's
 * server takes them: a JSON array in the string, or one value (`""` and `"null"` meaning none).
 */

export interface Schema {
  type?: 'string' | 'integer' | 'boolean' | 'array' | 'object' | 'null';
  items?: Schema;
  enum?: string[];
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  default?: unknown;
  description?: string;
}

export class ArgumentError extends Error {}

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/** Whether `v` matches `s`; the reason it does not, otherwise. */
function check(v: unknown, s: Schema, at: string): string | undefined {
  if (s.anyOf) {
    const reasons = s.anyOf.map((alt) => check(v, alt, at));
    return reasons.every((r) => r !== undefined) ? reasons[0] : undefined;
  }
  switch (s.type) {
    case 'null':
      return v === null ? undefined : `${at}: expected null, got ${typeName(v)}`;
    case 'string':
      if (typeof v !== 'string') return `${at}: expected a string, got ${typeName(v)}`;
      if (s.enum && !s.enum.includes(v))
        return `${at}: expected one of ${s.enum.map((e) => JSON.stringify(e)).join(', ')}, got ${JSON.stringify(v)}`;
      return undefined;
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v)
        ? undefined
        : `${at}: expected an integer, got ${typeName(v)}`;
    case 'boolean':
      return typeof v === 'boolean' ? undefined : `${at}: expected a boolean, got ${typeName(v)}`;
    case 'array':
      if (!Array.isArray(v)) return `${at}: expected an array, got ${typeName(v)}`;
      for (let i = 0; i < v.length; i++) {
        const r = s.items ? check(v[i], s.items, `${at}[${i}]`) : undefined;
        if (r) return r;
      }
      return undefined;
    case 'object': {
      if (typeof v !== 'object' || v === null || Array.isArray(v))
        return `${at}: expected an object, got ${typeName(v)}`;
      for (const [k, x] of Object.entries(v)) {
        const prop =
          s.properties?.[k] ?? (typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined);
        if (!prop) {
          if (s.additionalProperties === false) return `${at || 'arguments'}: unexpected argument ${JSON.stringify(k)}`;
          continue;
        }
        const r = check(x, prop, at ? `${at}.${k}` : k);
        if (r) return r;
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

/** A string sent for a list: the list it holds, or null for none. */
function coerceList(v: string): unknown {
  const s = v.trim();
  if (!s) return null;
  try {
    const parsed = JSON.parse(s) as unknown;
    if (parsed === null) return null;
    return Array.isArray(parsed) ? parsed : [s];
  } catch {
    return [s];
  }
}

const acceptsArray = (s: Schema): boolean => s.type === 'array' || (s.anyOf ?? []).some((x) => x.type === 'array');

/**
 * The arguments with defaults filled in; throws ArgumentError when one is missing, unknown or of
 * the wrong type. `listFromString` names the list arguments a string may stand for.
 */
export function checkArguments(
  schema: Schema,
  given: unknown,
  listFromString: readonly string[],
): Record<string, unknown> {
  if (given !== undefined && (typeof given !== 'object' || given === null || Array.isArray(given)))
    throw new ArgumentError('arguments: expected an object');
  const args: Record<string, unknown> = { ...((given ?? {}) as Record<string, unknown>) };
  for (const name of listFromString) {
    const v = args[name];
    if (typeof v === 'string' && schema.properties?.[name] && acceptsArray(schema.properties[name]!)) {
      const coerced = coerceList(v);
      if (coerced === null) delete args[name];
      else args[name] = coerced;
    }
  }
  for (const name of schema.required ?? [])
    if (!(name in args)) throw new ArgumentError(`${name}: missing required argument`);
  const reason = check(args, schema, '');
  if (reason) throw new ArgumentError(reason);
  for (const [name, prop] of Object.entries(schema.properties ?? {}))
    if (!(name in args) && 'default' in prop) args[name] = prop.default;
  return args;
}
