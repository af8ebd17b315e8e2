/**
 * JSON Patch on aspects (`changeType: PATCH`, docs/datahub/discovery.md §6; the lineage aspects'
 * templates: docs/datahub/patch-templates.md): the two body shapes DataHub's
 * clients send — a bare RFC 6902 operation list, applied through the aspect's template, and
 * `{arrayPrimaryKeys, patch}`, whose keyed arrays are named in the body — with DataHub's semantics:
 * a keyed array is addressed by its elements' key fields (tags by tag, owners by owner and type, …),
 * a path that stops short of the last key addresses every element under it, a missing aspect starts
 * from its empty value, and a remove of something absent changes nothing.
 */
import { InvalidPatchError } from '../errors.ts';
import { ASPECTS } from './aspects/index.ts';
import type { MergeKey } from './aspects/define.ts';
import { isJsonObject, type JsonObject } from './json.ts';

export type PatchOp = { op: 'add' | 'remove' | 'replace'; path: string; value?: unknown };

export interface AspectPatch {
  ops: PatchOp[];
  /** Keyed arrays named by the body (the generic form); undefined = the aspect's template. */
  arrayPrimaryKeys?: Record<string, string[]>;
}

/** U+241F in a key name separates the field names of a nested key field (`attribution␟source`). */
const NESTED = '\u241f';
const SYSTEM_ACTOR = 'urn:li:corpuser:__datahub_system';

/** A keyed array while a patch is applied: key → element or deeper level, in insertion order. */
class Keyed {
  readonly entries = new Map<string, unknown>();
  /**
   * `keys`: key fields still to come below this level (the last level holds elements); `nested`:
   * keyed arrays inside each element, by dotted path within it.
   */
  constructor(
    readonly keys: readonly string[],
    readonly nested?: Record<string, ArraySpec>,
  ) {}
}

/** A string array keyed by its values (datasetProperties.tags, domains.domains). */
class Values {
  readonly entries = new Map<string, unknown>();
}

interface ArraySpec {
  /** Key fields of each element, or 'value' for an array of strings keyed by themselves. */
  keys: readonly string[] | 'value';
  /** Keyed arrays inside each element (editableSchemaMetadata's field tags and terms). */
  nested?: Record<string, ArraySpec>;
}

interface Template {
  arrays: Record<string, ArraySpec>;
  /** Lists keyed only when present or named by a path (`looseMergeKeys`). */
  loose: Record<string, ArraySpec>;
  /** The value a patch starts from when the aspect does not exist yet. */
  empty: (now: number) => JsonObject;
}

const stamp = (now: number) => ({ actor: SYSTEM_ACTOR, time: now });

/**
 * The keyed arrays of an aspect from its declared merge keys: a path with `[]` names a keyed array
 * inside each element of the keyed array before it. A nested key field's dots become U+241F.
 */
function arraySpecsOf(mergeKeys: Readonly<Record<string, MergeKey>>): Record<string, ArraySpec> {
  const top: Record<string, ArraySpec> = {};
  const inner: Record<string, Record<string, MergeKey>> = {};
  for (const [path, keys] of Object.entries(mergeKeys)) {
    const at = path.indexOf('[].');
    if (at < 0) top[path] = { keys: keys === 'value' ? 'value' : keys.map((k) => k.split('.').join(NESTED)) };
    else (inner[path.slice(0, at)] ??= {})[path.slice(at + 3)] = keys;
  }
  for (const [path, nested] of Object.entries(inner)) {
    const holder = top[path];
    if (!holder) throw new Error(`merge keys: ${path} holds keyed lists but has no keys itself`);
    holder.nested = arraySpecsOf(nested);
  }
  return top;
}

/** Aspect templates (docs/datahub/discovery.md §6.3), from the aspects' declared merge keys and empty values. */
const TEMPLATES: ReadonlyMap<string, Template> = new Map(
  ASPECTS.filter((a) => a.mergeKeys || a.emptyValue).map((a) => [
    a.name,
    {
      arrays: arraySpecsOf(a.mergeKeys ?? {}),
      loose: arraySpecsOf(a.looseMergeKeys ?? {}),
      empty: (now: number) => (a.emptyValue?.(() => stamp(now)) ?? {}) as JsonObject,
    },
  ]),
);

const OPS = new Set(['add', 'remove', 'replace']);

/**
 * Parses the patch body of an MCP (`aspect.value` already parsed from its JSON string): a bare
 * operation list or `{arrayPrimaryKeys?, patch, forceGenericPatch?}`. Throws InvalidPatchError.
 */
export function parsePatch(aspectName: string, body: unknown): AspectPatch {
  let opsRaw: unknown = body;
  let arrayPrimaryKeys: Record<string, string[]> | undefined;
  if (isJsonObject(body)) {
    opsRaw = body['patch'];
    const apk = body['arrayPrimaryKeys'];
    if (apk !== undefined && apk !== null) {
      if (
        !isJsonObject(apk) ||
        !Object.values(apk).every((k) => Array.isArray(k) && k.length > 0 && k.every((x) => typeof x === 'string'))
      ) {
        throw new InvalidPatchError(aspectName, 'arrayPrimaryKeys: expected an object of non-empty string lists');
      }
      if (Object.keys(apk).length > 0) arrayPrimaryKeys = apk as Record<string, string[]>;
    }
    if (body['forceGenericPatch'] === true) arrayPrimaryKeys ??= {};
  }
  if (!Array.isArray(opsRaw))
    throw new InvalidPatchError(aspectName, 'Invalid JSON Patch: expected a list of operations or {"patch": [...]}');
  const ops = opsRaw.map((raw, i): PatchOp => {
    const where = `patch[${i}]`;
    if (!isJsonObject(raw)) throw new InvalidPatchError(aspectName, `${where}: expected an operation object`);
    const { op, path } = raw;
    if (typeof op !== 'string' || !OPS.has(op))
      throw new InvalidPatchError(
        aspectName,
        `${where}: Unsupported PATCH operation: ${JSON.stringify(op)} (supported: add, remove, replace)`,
      );
    if (typeof path !== 'string' || !path.startsWith('/'))
      throw new InvalidPatchError(
        aspectName,
        `${where} (${op}): path must be a JSON pointer starting with "/", got ${JSON.stringify(path)}`,
      );
    if (op !== 'remove' && !('value' in raw))
      throw new InvalidPatchError(aspectName, `${where} (${op} ${path}): value is missing`);
    return { op: op as PatchOp['op'], path, value: raw['value'] };
  });
  return arrayPrimaryKeys ? { ops, arrayPrimaryKeys } : { ops };
}

/** The value of `aspectName` after `patch`, starting from `current` (or the aspect's empty value). */
export function applyPatch(aspectName: string, current: unknown, patch: AspectPatch, now: number): JsonObject {
  const template = patch.arrayPrimaryKeys ? undefined : TEMPLATES.get(aspectName);
  const arrays: Record<string, ArraySpec> = patch.arrayPrimaryKeys
    ? Object.fromEntries(Object.entries(patch.arrayPrimaryKeys).map(([field, keys]) => [field, { keys }]))
    : (template?.arrays ?? {});
  const forms = !patch.arrayPrimaryKeys && aspectName === FORMS;
  const loose = forms ? FORMS_LOOSE : (template?.loose ?? {});
  // With nothing stored, a patch starts from the aspect's empty value — a generic patch too, as DataHub's
  // does (its template's default, which carries the stamps a required field needs), or from {}.
  const start = isJsonObject(current)
    ? structuredClone(current)
    : patch.arrayPrimaryKeys
      ? (TEMPLATES.get(aspectName)?.empty(now) ?? {})
      : forms
        ? { incompleteForms: [], completedForms: [] }
        : (template?.empty(now) ?? {});
  if (forms) start['forms'] = formsToMap(start);
  // DataHub's templates re-key fine-grained lineage on every patch of the aspect. A list that cannot
  // be keyed (an entry with several downstreams) is left as it is unless the patch addresses inside it.
  let lineage = false;
  if (!patch.arrayPrimaryKeys && FINE_GRAINED_ASPECTS.has(aspectName)) {
    const inside = patch.ops.some((op) => op.path.startsWith('/fineGrainedLineages/'));
    const keyed = fineGrainedToMap(aspectName, start['fineGrainedLineages'], inside);
    if (keyed) {
      start['fineGrainedLineages'] = keyed;
      lineage = true;
    }
  }
  const doc = toKeyed(start, arrays, loose) as JsonObject;
  patch.ops.forEach((op, i) => {
    applyOp(aspectName, doc, op, i, loose);
  });
  const out = fromKeyed(doc) as JsonObject;
  if (lineage) out['fineGrainedLineages'] = fineGrainedFromMap(out['fineGrainedLineages']);
  if (forms) formsFromMap(out);
  return out;
}

// ---------- forms (docs/datahub/patch-templates.md §2) ----------

/** The aspect whose two form lists a patch addresses as one map (DataHub's FormsTemplate). */
const FORMS = 'forms';
/** Its verifications, keyed by form when there or named by a patch. */
const FORMS_LOOSE: Record<string, ArraySpec> = { verifications: { keys: ['form'] } };

/** `{id → prompt with isComplete}` of a form association's two prompt lists. */
function promptsToMap(form: JsonObject): JsonObject {
  const map: JsonObject = {};
  for (const [field, isComplete] of [
    ['incompletePrompts', false],
    ['completedPrompts', true],
  ] as const) {
    for (const p of Array.isArray(form[field]) ? form[field] : []) {
      if (isJsonObject(p)) map[String(p['id'] ?? '')] = { ...p, isComplete };
    }
  }
  return map;
}

/**
 * `incompleteForms` and `completedForms` as patches address them: one map `forms` from form urn to
 * the association with an `isComplete` flag, its prompts likewise one map `prompts` by id. A patch
 * may not know which list a form or prompt is in; the flag it sets decides where it goes back.
 */
function formsToMap(value: JsonObject): JsonObject {
  const map: JsonObject = {};
  for (const [field, isComplete] of [
    ['incompleteForms', false],
    ['completedForms', true],
  ] as const) {
    for (const f of Array.isArray(value[field]) ? value[field] : []) {
      if (isJsonObject(f)) map[String(f['urn'] ?? '')] = { ...f, isComplete, prompts: promptsToMap(f) };
    }
  }
  return map;
}

/** Splits `forms` back into the two lists (and each form's prompts), dropping the flags. */
function formsFromMap(out: JsonObject): void {
  const incompleteForms: unknown[] = [];
  const completedForms: unknown[] = [];
  const map = out['forms'];
  for (const f of Array.isArray(map) ? map : isJsonObject(map) ? Object.values(map) : []) {
    if (!isJsonObject(f)) continue;
    const { isComplete, prompts: given, ...form } = f;
    // A form put in whole by the patch, with its prompts in the two lists, keeps them (DataHub's
    // template would empty them).
    const prompts = given === undefined ? promptsToMap(f) : given;
    const incompletePrompts: unknown[] = [];
    const completedPrompts: unknown[] = [];
    for (const p of Array.isArray(prompts) ? prompts : isJsonObject(prompts) ? Object.values(prompts) : []) {
      if (!isJsonObject(p)) continue;
      const { isComplete: done, ...prompt } = p;
      (done === true ? completedPrompts : incompletePrompts).push(prompt);
    }
    (isComplete === true ? completedForms : incompleteForms).push({ ...form, incompletePrompts, completedPrompts });
  }
  delete out['forms'];
  out['incompleteForms'] = incompleteForms;
  out['completedForms'] = completedForms;
}

// ---------- fine-grained lineage (docs/datahub/patch-templates.md) ----------

/** Aspects whose `fineGrainedLineages` a patch addresses as a map, not as a list. */
const FINE_GRAINED_ASPECTS = new Set(['upstreamLineage', 'dataJobInputOutput']);

/** The value of a missing transform operation or query in a fine-grained lineage path. */
const NONE = 'NONE';

/**
 * `fineGrainedLineages` as patches address it: transform operation → downstream field → query →
 * upstream → `{confidenceScore, upstreamType, downstreamType}` ("NONE" for an absent operation or
 * query). Only entries with exactly one downstream can be addressed that way: another entry throws
 * when `strict`, else the list is not keyed (undefined).
 */
function fineGrainedToMap(aspectName: string, list: unknown, strict: boolean): JsonObject | undefined {
  const map: JsonObject = {};
  for (const [i, entry] of (Array.isArray(list) ? list : []).entries()) {
    if (!isJsonObject(entry)) continue;
    const downstreams = Array.isArray(entry['downstreams']) ? entry['downstreams'] : [];
    if (downstreams.length !== 1) {
      if (!strict) return undefined;
      throw new InvalidPatchError(
        aspectName,
        `fineGrainedLineages[${i}]: Patching not supported on fine grained lineages with not exactly one downstream (it has ${downstreams.length})`,
      );
    }
    const operation = typeof entry['transformOperation'] === 'string' ? entry['transformOperation'] : NONE;
    const query = typeof entry['query'] === 'string' ? entry['query'] : NONE;
    const upstreams = Array.isArray(entry['upstreams']) ? entry['upstreams'].map(String) : [];
    const upstreamType =
      typeof entry['upstreamType'] === 'string'
        ? entry['upstreamType']
        : upstreams[0]?.startsWith('urn:li:dataset:')
          ? 'DATASET'
          : 'FIELD_SET';
    const downstreamType = typeof entry['downstreamType'] === 'string' ? entry['downstreamType'] : 'FIELD';
    const confidenceScore = typeof entry['confidenceScore'] === 'number' ? entry['confidenceScore'] : 1;
    const byDown = (map[operation] ??= {}) as JsonObject;
    const byQuery = (byDown[String(downstreams[0])] ??= {}) as JsonObject;
    const leaves = (byQuery[query] ??= {}) as JsonObject;
    for (const up of upstreams) leaves[up] = { confidenceScore, upstreamType, downstreamType };
  }
  return map;
}

/**
 * Back to DataHub's list: one entry per (operation, downstream, query) that still has upstreams,
 * with the lowest confidence among them (never above 1), the last upstream's types (FIELD_SET and
 * FIELD when none says), the query unless "NONE" or empty, and the operation always. A list put in
 * whole by the patch (`add`/`replace` of `/fineGrainedLineages`) is kept as given.
 */
function fineGrainedFromMap(map: unknown): unknown[] {
  if (Array.isArray(map)) return map;
  const out: unknown[] = [];
  if (!isJsonObject(map)) return out;
  for (const [operation, byDown] of Object.entries(map)) {
    if (!isJsonObject(byDown)) continue;
    for (const [downstream, byQuery] of Object.entries(byDown)) {
      if (!isJsonObject(byQuery)) continue;
      for (const [query, ups] of Object.entries(byQuery)) {
        if (!isJsonObject(ups) || Object.keys(ups).length === 0) continue;
        let confidenceScore = 1;
        let upstreamType = 'FIELD_SET';
        let downstreamType = 'FIELD';
        for (const leaf of Object.values(ups)) {
          if (!isJsonObject(leaf)) continue;
          const score = leaf['confidenceScore'];
          if (typeof score === 'number' && score <= confidenceScore) confidenceScore = score;
          if (typeof leaf['upstreamType'] === 'string') upstreamType = leaf['upstreamType'];
          if (typeof leaf['downstreamType'] === 'string') downstreamType = leaf['downstreamType'];
        }
        out.push({
          upstreamType,
          upstreams: Object.keys(ups),
          downstreamType,
          downstreams: [downstream],
          transformOperation: operation,
          confidenceScore,
          ...(query !== NONE && query.trim() !== '' ? { query } : {}),
        });
      }
    }
  }
  return out;
}

// ---------- keyed form ----------

/**
 * The value of key field `key` of an element; a union member (`{"string": "gold"}`, `{"double": 1}`)
 * is read through. A whole number held as a double is keyed as its clients write it in a path (`1.0`,
 * what Python's `str` and DataHub's text of a double give).
 */
function keyValue(element: unknown, key: string): string {
  let v: unknown = element;
  for (const part of key.split(NESTED)) v = isJsonObject(v) ? v[part] : undefined;
  if (isJsonObject(v)) {
    const [member, ...others] = Object.entries(v);
    if (member && others.length === 0) {
      const [type, held] = member;
      if (typeof held === 'string') v = held;
      else if (typeof held === 'number')
        v =
          (type === 'double' || type === 'float') && Number.isInteger(held) && Math.abs(held) < 1e7
            ? held.toFixed(1)
            : String(held);
    }
  }
  return v === undefined || v === null ? '' : String(v);
}

/**
 * The key of an element of a list keyed by value: a string is its own key; a union member
 * (`{"string": urn}`, `{"com.linkedin.common.urn.DatasetUrn": urn}`, what DataHub's clients write
 * into `chartInfo.inputs`) is keyed by the string it holds; anything else by its JSON.
 */
export function valueKey(v: unknown): string {
  if (typeof v === 'string') return v;
  if (isJsonObject(v)) {
    const keys = Object.keys(v);
    if (keys.length === 1 && typeof v[keys[0]!] === 'string') return v[keys[0]!] as string;
  }
  return JSON.stringify(v) ?? '';
}

function keyArray(list: unknown[], spec: ArraySpec): Keyed | Values {
  if (spec.keys === 'value') {
    const out = new Values();
    for (const v of list) out.entries.set(valueKey(v), v);
    return out;
  }
  const keys = spec.keys;
  const root = new Keyed(keys, spec.nested);
  for (const element of list) {
    const prepared = spec.nested && isJsonObject(element) ? toKeyed(element, spec.nested) : element;
    let level = root;
    keys.forEach((key, depth) => {
      const k = keyValue(element, key);
      if (depth === keys.length - 1) {
        level.entries.set(k, prepared);
      } else {
        let next = level.entries.get(k);
        if (!(next instanceof Keyed)) level.entries.set(k, (next = new Keyed(keys.slice(depth + 1), spec.nested)));
        level = next as Keyed;
      }
    });
  }
  return root;
}

/**
 * Replaces each keyed array (by dotted field path) with its keyed form; a top-level one that is
 * missing becomes an empty one. `loose` arrays are keyed only when they are there.
 */
function toKeyed(
  obj: JsonObject,
  arrays: Record<string, ArraySpec>,
  loose: Record<string, ArraySpec> = {},
): JsonObject {
  for (const [path, spec] of Object.entries(loose)) {
    if (Array.isArray(obj[path])) obj[path] = keyArray(obj[path], spec) as unknown as JsonObject;
  }
  for (const [path, spec] of Object.entries(arrays)) {
    const parts = path.split('.');
    let parent: unknown = obj;
    for (const p of parts.slice(0, -1)) parent = isJsonObject(parent) ? parent[p] : undefined;
    const last = parts[parts.length - 1]!;
    if (!isJsonObject(parent)) {
      // Create the holder only when the array itself is top-level; nested holders come with their ops.
      if (parts.length > 1) continue;
    }
    const holder = parent as JsonObject;
    const list = holder[last];
    holder[last] = keyArray(Array.isArray(list) ? list : [], spec) as unknown as JsonObject;
  }
  return obj;
}

/** Turns keyed forms back into arrays, depth first, in insertion order. */
function fromKeyed(v: unknown): unknown {
  if (v instanceof Values) return [...v.entries.values()].map(fromKeyed);
  if (v instanceof Keyed) {
    const out: unknown[] = [];
    const walk = (level: Keyed) => {
      for (const child of level.entries.values()) {
        if (child instanceof Keyed) walk(child);
        else out.push(fromKeyed(child));
      }
    };
    walk(v);
    return out;
  }
  if (Array.isArray(v)) return v.map(fromKeyed);
  if (isJsonObject(v)) {
    const out: JsonObject = {};
    for (const [k, x] of Object.entries(v)) out[k] = fromKeyed(x);
    return out;
  }
  return v;
}

// ---------- operations ----------

function decode(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** An element added at a keyed path gets the key fields the path named and the value left out. */
function withPathKeys(value: unknown, keys: readonly string[], segments: string[]): unknown {
  if (!isJsonObject(value)) return value;
  const out = { ...value };
  keys.forEach((key, i) => {
    const seg = segments[i];
    if (seg === undefined || seg === '' || key.includes(NESTED)) return;
    if (out[key] === undefined) out[key] = seg;
  });
  return out;
}

function applyOp(
  aspectName: string,
  doc: JsonObject,
  op: PatchOp,
  index: number,
  loose: Record<string, ArraySpec> = {},
): void {
  const fail = (why: string): never => {
    throw new InvalidPatchError(aspectName, `patch[${index}] (${op.op} ${op.path}): ${why}`);
  };
  const segments = op.path.slice(1).split('/').map(decode);
  let node: unknown = doc;
  let i = 0;
  // Inside an element of a keyed array: its own keyed arrays, and the field path walked within it.
  let nested: Record<string, ArraySpec> | undefined;
  let inElement = false;
  let within: string[] = [];
  while (i < segments.length) {
    const last = i === segments.length - 1;
    if (node instanceof Keyed) {
      // The segments from here name key fields, one per level, down to an element (or a prefix).
      const keyed: Keyed = node;
      const rest = segments.slice(i);
      if (rest.length > keyed.keys.length) {
        // Deeper than the element: walk into the element itself.
        let level: Keyed = keyed;
        for (let d = 0; d < keyed.keys.length - 1; d++) {
          let next = level.entries.get(rest[d]!);
          if (!(next instanceof Keyed)) {
            if (op.op === 'remove') return; // nothing there to remove from
            if (op.op === 'replace') fail('no element has that key');
            level.entries.set(rest[d]!, (next = new Keyed(level.keys.slice(1), level.nested)));
          }
          level = next as Keyed;
        }
        const k = rest[keyed.keys.length - 1]!;
        let element = level.entries.get(k);
        if (!isJsonObject(element)) {
          if (op.op === 'remove') return;
          if (op.op === 'replace') fail('no element has that key');
          element = withPathKeys({}, keyed.keys, rest);
          level.entries.set(k, element);
        }
        node = element;
        nested = keyed.nested;
        inElement = true;
        within = [];
        i += keyed.keys.length;
        continue;
      }
      // The path ends at an element or at a prefix of its keys.
      let level: Keyed = keyed;
      for (let d = 0; d < rest.length - 1; d++) {
        let next = level.entries.get(rest[d]!);
        if (!(next instanceof Keyed)) {
          if (op.op === 'remove') return; // nothing under that prefix
          if (op.op === 'replace') fail('no element has that key');
          level.entries.set(rest[d]!, (next = new Keyed(level.keys.slice(1), level.nested)));
        }
        level = next as Keyed;
      }
      const k = rest[rest.length - 1]!;
      if (op.op === 'remove') {
        level.entries.delete(k);
        return;
      }
      if (op.op === 'replace' && !level.entries.has(k)) fail('no element has that key');
      if (rest.length < keyed.keys.length) fail(`an element needs every key (${keyed.keys.join(', ')})`);
      level.entries.set(k, withPathKeys(op.value, keyed.keys, rest));
      return;
    }
    const seg = segments[i]!;
    if (node instanceof Values) {
      if (!last) fail(`"${seg}" is a value of a list of strings; nothing is below it`);
      // The value is kept when it is the one the path names (a string, a union member); otherwise
      // the key itself is the element (DataJobPatchBuilder sends `{}` with a schema field urn's path).
      if (op.op === 'remove') node.entries.delete(seg);
      else if (op.op === 'replace' && !node.entries.has(seg)) fail('no such value');
      else node.entries.set(seg, typeof op.value === 'string' || valueKey(op.value) === seg ? op.value : seg);
      return;
    }
    if (Array.isArray(node)) {
      const idx =
        seg === '-' ? node.length : /^(0|[1-9]\d*)$/.test(seg) ? Number(seg) : fail(`"${seg}" is not an array index`);
      if (!last) {
        if (idx >= node.length) fail(`index ${idx} is past the end of the array`);
        node = node[idx];
        i++;
        continue;
      }
      if (op.op === 'add') {
        if (idx > node.length) fail(`index ${idx} is past the end of the array`);
        node.splice(idx, 0, op.value);
      } else if (idx >= node.length) {
        fail(`index ${idx} is past the end of the array`);
      } else if (op.op === 'remove') node.splice(idx, 1);
      else node[idx] = op.value;
      return;
    }
    if (!isJsonObject(node)) return fail(`"${segments.slice(0, i).join('/')}" is not an object`);
    within = [...within, seg];
    // Outside any element, the lists keyed only when named (`looseMergeKeys`, by path from the root).
    const arraySpec = inElement ? nested?.[within.join('.')] : loose[within.join('.')];
    if (arraySpec && !last && !(node[seg] instanceof Keyed) && !(node[seg] instanceof Values)) {
      // A keyed array inside an element, reached for the first time: key it now.
      const list = node[seg];
      node[seg] = keyArray(Array.isArray(list) ? list : [], arraySpec) as unknown as JsonObject;
    }
    if (last) {
      if (op.op === 'remove') delete node[seg];
      else if (op.op === 'replace' && !(seg in node)) fail('the target does not exist');
      else node[seg] = op.value;
      return;
    }
    let next = node[seg];
    if (next === undefined || next === null) {
      // Missing intermediate objects are created (DataHub's PATCH does the same), except for replace.
      if (op.op === 'replace') fail(`"${seg}" does not exist`);
      node[seg] = next = {};
    }
    node = next;
    i++;
  }
  // An empty path ("/" with no segment) cannot be reached: paths are checked to start with "/".
  fail('the path names no field');
}
