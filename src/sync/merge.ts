/**
 * Three-way merge of one aspect value: what the local side changed since the base and what the remote
 * side changed since the base, put together by the aspect's rules (`rules.ts`). `docs/sync-merge.md`
 * describes the rules for users; in short, at every place in the value:
 *
 * - both sides equal → that value; one side equal to the base → the other side's value, exactly;
 * - both changed differently: a keyed list merges element by element (additions and removals of both
 *   sides; an element changed on both sides merges the same way inside it), a set-like list merges
 *   additions and removals, a record or map merges field by field, an audit stamp takes the newer
 *   time; anything else — a scalar, a list without a rule, a removal against a change — is a
 *   **conflict** `{path, base, local, remote}`.
 *
 * The merge is symmetric: swapping local and remote gives the same value whenever there is no
 * conflict, list order included wherever the base holds the list or record (see `mergeOrder`; where
 * it does not, this side's order is kept). `undefined` means absent (an aspect or field that is not
 * there); a `null` aspect counts as absent too.
 */
import { isJsonObject, type JsonObject } from '../model/json.ts';
import { canonicalJson, compareText, deepEqual } from './canonical.ts';
import { formatPath, type PathSegment } from './path.ts';
import { compileRules, MERGE_RULES, type CompiledRules, type MergeRules, type RuleNode } from './rules.ts';

export interface Conflict {
  aspect: string;
  /** Where, in the syntax of `path.ts`; `''` is the whole aspect. */
  path: string;
  /** The three values at that place; `undefined` (left out of JSON) = absent. */
  base: unknown;
  local: unknown;
  remote: unknown;
}

export interface MergeOptions {
  /** Settle every conflict at once: `ours` keeps the local value there, `theirs` the remote one. */
  resolve?: 'ours' | 'theirs';
}

export interface MergeResult {
  /**
   * The merged value (`undefined` = the aspect is absent). While `conflicts` is not empty it holds the
   * local value at each conflict and must not be written.
   */
  value: unknown;
  /** Conflicts left; always empty when `options.resolve` is given. */
  conflicts: Conflict[];
  /** The conflicts `options.resolve` settled, for the caller to report. */
  resolved: Conflict[];
}

interface Ctx {
  aspect: string;
  rules: CompiledRules;
  resolve: 'ours' | 'theirs' | undefined;
  conflicts: Conflict[];
}

/** Three-way merge of one aspect's value. `base` absent = the aspect is new on both sides. */
export function mergeAspect(
  aspectName: string,
  base: unknown,
  local: unknown,
  remote: unknown,
  rules: MergeRules = MERGE_RULES,
  options: MergeOptions = {},
): MergeResult {
  const compiled = compileRules(rules);
  const ctx: Ctx = { aspect: aspectName, rules: compiled, resolve: options.resolve, conflicts: [] };
  const value = merge(
    absentIfNull(base),
    absentIfNull(local),
    absentIfNull(remote),
    compiled.root(aspectName),
    [],
    ctx,
  );
  return options.resolve
    ? { value, conflicts: [], resolved: ctx.conflicts }
    : { value, conflicts: ctx.conflicts, resolved: [] };
}

const absentIfNull = (v: unknown): unknown => (v === null ? undefined : v);

function conflict(b: unknown, l: unknown, r: unknown, path: PathSegment[], ctx: Ctx): unknown {
  ctx.conflicts.push({ aspect: ctx.aspect, path: formatPath(path), base: b, local: l, remote: r });
  return ctx.resolve === 'theirs' ? r : l;
}

function merge(b: unknown, l: unknown, r: unknown, node: RuleNode, path: PathSegment[], ctx: Ctx): unknown {
  if (deepEqual(l, r)) return l;
  if (deepEqual(b, l)) return r;
  if (deepEqual(b, r)) return l;
  // Both sides changed, differently.
  if (node.kind === 'stamp') return newerStamp(l, r);
  if (l === undefined || r === undefined) return conflict(b, l, r, path, ctx);
  if (node.kind === 'record' && isJsonObject(l) && isJsonObject(r)) {
    return mergeRecord(isJsonObject(b) ? b : undefined, l, r, node, path, ctx);
  }
  if (node.kind === 'keyed' && Array.isArray(l) && Array.isArray(r)) {
    const merged = mergeKeyed(Array.isArray(b) ? b : undefined, l, r, node, path, ctx);
    if (merged !== undefined) return merged;
  }
  if (node.kind === 'set' && Array.isArray(l) && Array.isArray(r)) {
    return mergeSet(Array.isArray(b) ? b : undefined, l, r);
  }
  return conflict(b, l, r, path, ctx);
}

// ---------- stamps ----------

function stampTime(v: unknown): number {
  if (typeof v === 'number') return v;
  if (isJsonObject(v) && typeof v['time'] === 'number') return v['time'];
  return -Infinity;
}

/** The newer of two audit stamps; equal times are settled by the canonical text, so either order agrees. */
export function newerStamp(a: unknown, b: unknown): unknown {
  const ta = stampTime(a);
  const tb = stampTime(b);
  if (ta !== tb) return ta > tb ? a : b;
  return compareText(canonicalJson(a), canonicalJson(b)) >= 0 ? a : b;
}

// ---------- order ----------

/**
 * The order of a merged list or record, when both sides changed it.
 *
 * - The base holds it: what the base had, in the base's order, then what either side added, sorted
 *   by key (canonical text). This depends on neither argument order, so swapping local and remote
 *   gives the same value, and the same conflicts in the same order.
 * - The base does not (`baseKeys` undefined: the aspect, or this list or record, is new on both sides,
 *   as when two files that never synced merge from no common version): this side's elements in its
 *   own order, then what only the other side has, in the other side's order — a table's columns stay
 *   in the order this file shows them, rather than sorted by name.
 *
 * (When only one side changed a list or record, `merge` returns that side's value as it is, order
 * included.)
 */
function mergeOrder(
  baseKeys: Iterable<string> | undefined,
  local: Iterable<string>,
  remote: Iterable<string>,
): string[] {
  if (baseKeys === undefined) return [...new Set([...local, ...remote])];
  const out = [...new Set(baseKeys)];
  const seen = new Set(out);
  const added = new Set<string>();
  for (const keys of [local, remote]) for (const k of keys) if (!seen.has(k)) added.add(k);
  return [...out, ...[...added].sort(compareText)];
}

// ---------- records and maps ----------

function mergeRecord(
  b: JsonObject | undefined,
  l: JsonObject,
  r: JsonObject,
  node: RuleNode,
  path: PathSegment[],
  ctx: Ctx,
): JsonObject {
  const out: JsonObject = {};
  for (const name of mergeOrder(b && Object.keys(b), Object.keys(l), Object.keys(r))) {
    const v = merge(b?.[name], l[name], r[name], ctx.rules.field(node, name), [...path, { field: name }], ctx);
    if (v !== undefined) out[name] = v;
  }
  return out;
}

// ---------- keyed lists ----------

/** The value of a (dotted) key field; a list counts as a set, so it is sorted by canonical text. */
function keyField(element: JsonObject, field: string): unknown {
  let v: unknown = element;
  for (const part of field.split('.')) v = isJsonObject(v) ? v[part] : undefined;
  if (v === undefined) return null;
  if (Array.isArray(v)) return [...v].sort((x, y) => compareText(canonicalJson(x), canonicalJson(y)));
  return v;
}

export interface KeyedEntry {
  /** The key's canonical text: identifies the element within its list. */
  id: string;
  /** The key as a path segment (key fields the element lacks left out). */
  segment: PathSegment;
  element: JsonObject;
}

/**
 * A keyed list indexed by key, in list order; `undefined` when it cannot be (an element that is not a
 * record, or two elements with the same key), in which case the list is merged as one value.
 */
export function indexKeyed(list: readonly unknown[], key: readonly string[]): Map<string, KeyedEntry> | undefined {
  const out = new Map<string, KeyedEntry>();
  for (const element of list) {
    if (!isJsonObject(element)) return undefined;
    const values = key.map((f) => keyField(element, f));
    const id = canonicalJson(values);
    if (out.has(id)) return undefined;
    const segKey: Record<string, unknown> = {};
    key.forEach((f, i) => {
      if (values[i] !== null) segKey[f] = values[i];
    });
    out.set(id, { id, segment: { key: segKey }, element });
  }
  return out;
}

function mergeKeyed(
  b: unknown[] | undefined,
  l: unknown[],
  r: unknown[],
  node: Extract<RuleNode, { kind: 'keyed' }>,
  path: PathSegment[],
  ctx: Ctx,
): unknown[] | undefined {
  const bi = indexKeyed(b ?? [], node.key);
  const li = indexKeyed(l, node.key);
  const ri = indexKeyed(r, node.key);
  if (!bi || !li || !ri) return undefined;
  const out: unknown[] = [];
  for (const id of mergeOrder(b && bi.keys(), li.keys(), ri.keys())) {
    const be = bi.get(id);
    const le = li.get(id);
    const re = ri.get(id);
    const segment = (be ?? le ?? re)!.segment;
    const v = merge(be?.element, le?.element, re?.element, node.element, [...path, segment], ctx);
    if (v !== undefined) out.push(v);
  }
  return out;
}

// ---------- set-like lists ----------

/**
 * Both sides' additions and removals: a value is kept when both sides hold it, or when the base did
 * not and either side added it. Duplicates collapse.
 */
function mergeSet(b: unknown[] | undefined, l: unknown[], r: unknown[]): unknown[] {
  const index = (list: unknown[]) => new Map(list.map((v) => [canonicalJson(v), v] as const));
  const bi = index(b ?? []);
  const li = index(l);
  const ri = index(r);
  const out: unknown[] = [];
  for (const id of mergeOrder(b && bi.keys(), li.keys(), ri.keys())) {
    const keep = (li.has(id) && ri.has(id)) || (!bi.has(id) && (li.has(id) || ri.has(id)));
    if (keep) out.push(li.has(id) ? li.get(id) : ri.get(id));
  }
  return out;
}
