/**
 * The raw diff of a timeline transaction (`raw=true`, docs/datahub/discovery.md §7.5): a JSON Patch
 * (RFC 6902) that turns one stored aspect value into the next, the first version being diffed
 * against `{}` as DataHub does. Objects are compared key by key, arrays index by index (surplus
 * items removed from the end, new ones appended), anything else replaced whole.
 */
import { jsonEqual } from '../../model/json.ts';

export interface PatchOperation {
  op: 'add' | 'remove' | 'replace';
  path: string;
  value?: unknown;
}

/** RFC 6901 escaping of one path segment. */
function segment(key: string | number): string {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The operations that turn `from` into `to`; paths are prefixed with `base`. */
export function jsonPatch(from: unknown, to: unknown, base = ''): PatchOperation[] {
  const ops: PatchOperation[] = [];
  diff(from === undefined ? {} : from, to, base, ops);
  return ops;
}

function diff(from: unknown, to: unknown, path: string, ops: PatchOperation[]): void {
  if (jsonEqual(from, to)) return;
  if (isObject(from) && isObject(to)) {
    for (const key of Object.keys(from)) {
      if (!Object.hasOwn(to, key)) ops.push({ op: 'remove', path: `${path}/${segment(key)}` });
    }
    for (const [key, value] of Object.entries(to)) {
      const at = `${path}/${segment(key)}`;
      if (Object.hasOwn(from, key)) diff(from[key], value, at, ops);
      else ops.push({ op: 'add', path: at, value });
    }
    return;
  }
  if (Array.isArray(from) && Array.isArray(to)) {
    const common = Math.min(from.length, to.length);
    for (let i = 0; i < common; i++) diff(from[i], to[i], `${path}/${i}`, ops);
    for (let i = from.length - 1; i >= common; i--) ops.push({ op: 'remove', path: `${path}/${i}` });
    for (let i = common; i < to.length; i++) ops.push({ op: 'add', path: `${path}/${i}`, value: to[i] });
    return;
  }
  ops.push({ op: 'replace', path, value: to });
}
