/**
 * How sync merges and diffs each aspect: which lists inside it are sets (and by which key fields an
 * element is identified), and which fields are audit stamps. Everything else is merged generically:
 * records and maps field by field, other lists and scalars as one value.
 *
 * The keyed lists come from the aspects' declarations (`mergeKeys` and `looseMergeKeys` in
 * `src/model/aspects/*`, the keys JSON Patch uses too), so a keyed list means the same thing to a PATCH and to a merge. Sync adds
 * what is its own: the noun `catalog diff` prints for an element, and lists JSON Patch does not
 * address (group members, roles, `ownerTypes`, schema fields, fine-grained lineage by its columns).
 */
import { ASPECTS } from '../model/aspects/index.ts';
import type { MergeKey } from '../model/aspects/define.ts';
import { KEY_NAME } from './path.ts';

/** A list inside an aspect whose order carries no meaning: a set of elements. */
export interface ListRule {
  /**
   * The fields identifying an element (dotted for a field inside the element, e.g.
   * `attribution.source`), or `'value'` for a list of plain values identified by themselves. A key
   * field holding a list compares as a set (its elements in any order).
   */
  key: readonly string[] | 'value';
  /** Lists inside each element, by dotted path within the element (column tags and terms). */
  nested?: Readonly<Record<string, ListRule>>;
  /** The noun `catalog diff` prints for an element: `tag`, `owner`, `column`… */
  label?: string;
}

export interface AspectMergeRule {
  /**
   * The aspect's set-like lists by dotted path from the aspect's root. A `*` segment stands for every
   * value of a map (`ownerTypes.*`: each owner type's list of owners).
   */
  lists?: Readonly<Record<string, ListRule>>;
}

export interface MergeRules {
  /** Per aspect name. An aspect without an entry is merged generically. */
  aspects: Readonly<Record<string, AspectMergeRule>>;
  /**
   * Field names that hold audit stamps (`{time, actor}` or a time in milliseconds), in any record of
   * any aspect. They never conflict: when both sides changed one, the newer time wins.
   */
  stamps: readonly string[];
}

const values = (label: string): ListRule => ({ key: 'value', label });
const tag: ListRule = { key: ['tag'], label: 'tag' };
const term: ListRule = { key: ['urn'], label: 'term' };
const fineGrained: ListRule = {
  key: ['upstreams', 'downstreams'],
  label: 'column lineage',
  nested: { upstreams: values('upstream column'), downstreams: values('downstream column') },
};

/**
 * The noun `catalog diff` prints for an element of a declared list, by aspect and by the list's path
 * as the declaration writes it (`a[].b` for the list `b` inside each element of `a`).
 */
const LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  globalTags: { tags: 'tag' },
  glossaryTerms: { terms: 'term' },
  ownership: { owners: 'owner' },
  institutionalMemory: { elements: 'link' },
  editableSchemaMetadata: {
    editableSchemaFieldInfo: 'column',
    'editableSchemaFieldInfo[].globalTags.tags': 'tag',
    'editableSchemaFieldInfo[].glossaryTerms.terms': 'term',
  },
  upstreamLineage: { upstreams: 'upstream' },
  structuredProperties: { properties: 'structured property' },
  datasetProperties: { tags: 'tag' },
  domains: { domains: 'domain' },
  siblings: { siblings: 'sibling' },
  dataProductProperties: { assets: 'asset' },
  dataJobInputOutput: {
    inputDatasets: 'input dataset',
    outputDatasets: 'output dataset',
    inputDatajobs: 'input job',
    inputDatasetEdges: 'input dataset',
    outputDatasetEdges: 'output dataset',
    inputDatajobEdges: 'input job',
    inputDatasetFields: 'input column',
    outputDatasetFields: 'output column',
  },
  chartInfo: { inputs: 'input', inputEdges: 'input' },
  dashboardInfo: {
    charts: 'chart',
    datasets: 'dataset',
    chartEdges: 'chart',
    datasetEdges: 'dataset',
    dashboards: 'dashboard',
  },
  propertyDefinition: { entityTypes: 'entity type', allowedValues: 'allowed value', allowedPlatforms: 'platform' },
};

/** Lists sync treats as sets that no declaration keys (JSON Patch does not address them), by aspect. */
const SYNC_LISTS: Readonly<Record<string, Readonly<Record<string, ListRule>>>> = {
  ownership: { 'ownerTypes.*': values('owner') },
  schemaMetadata: {
    fields: { key: ['fieldPath'], label: 'column', nested: { 'globalTags.tags': tag, 'glossaryTerms.terms': term } },
    primaryKeys: values('primary key'),
  },
  upstreamLineage: { fineGrainedLineages: fineGrained },
  dataJobInputOutput: { fineGrainedLineages: fineGrained },
  corpGroupInfo: { members: values('member'), groups: values('group'), admins: values('admin') },
  groupMembership: { groups: values('group') },
  nativeGroupMembership: { nativeGroups: values('group') },
  roleMembership: { roles: values('role') },
};

/** The declared merge keys of one aspect as sync's lists: `a[].b` becomes list `b` nested in `a`'s elements. */
function declaredLists(
  aspect: string,
  mergeKeys: Readonly<Record<string, MergeKey>>,
  labels: Readonly<Record<string, string>>,
  prefix = '',
): Record<string, ListRule> {
  const top: Record<string, ListRule> = {};
  const inner: Record<string, Record<string, MergeKey>> = {};
  for (const [path, key] of Object.entries(mergeKeys)) {
    const at = path.indexOf('[].');
    if (at >= 0) (inner[path.slice(0, at)] ??= {})[path.slice(at + 3)] = key;
    else {
      const label = labels[prefix + path];
      top[path] = { key, ...(label !== undefined && { label }) };
    }
  }
  for (const [path, nested] of Object.entries(inner)) {
    const holder = top[path];
    if (!holder) throw new Error(`merge keys of ${aspect}: ${prefix}${path} holds keyed lists but has no keys itself`);
    top[path] = { ...holder, nested: declaredLists(aspect, nested, labels, `${prefix}${path}[].`) };
  }
  return top;
}

/**
 * The rules of these aspect declarations with sync's own additions. Throws when the additions do not
 * fit the declarations: a label for a list no declaration has, or a list of sync's own at a path a
 * declaration keys already.
 */
export function mergeRulesOf(
  declarations: ReadonlyArray<{
    name: string;
    mergeKeys?: Readonly<Record<string, MergeKey>>;
    looseMergeKeys?: Readonly<Record<string, MergeKey>>;
  }>,
): MergeRules {
  const aspects: Record<string, AspectMergeRule> = {};
  // A loosely keyed list (JSON Patch keys it only when it is there) is a set to sync all the same.
  const declared = new Map(declarations.map((d) => [d.name, { ...d.looseMergeKeys, ...d.mergeKeys }]));
  for (const [aspect, labels] of Object.entries(LABELS)) {
    for (const path of Object.keys(labels)) {
      if (!Object.hasOwn(declared.get(aspect) ?? {}, path))
        throw new Error(`merge rules: a label for ${aspect} ${path}, which no declaration keys`);
    }
  }
  for (const [name, mergeKeys] of declared) {
    if (Object.keys(mergeKeys).length > 0)
      aspects[name] = { lists: declaredLists(name, mergeKeys, LABELS[name] ?? {}) };
  }
  for (const [name, lists] of Object.entries(SYNC_LISTS)) {
    const have = { ...(aspects[name]?.lists ?? {}) };
    for (const [path, list] of Object.entries(lists)) {
      if (have[path])
        throw new Error(
          `merge rules: ${name} ${path} is keyed by its declaration already; drop it from sync's own lists`,
        );
      have[path] = list;
    }
    aspects[name] = { lists: have };
  }
  return {
    stamps: [
      'created',
      'lastModified',
      'deleted',
      'auditStamp',
      'lastObserved',
      'createStamp',
      'updateStamp',
      'lastUpdated',
      'attribution',
    ],
    aspects,
  };
}

export const MERGE_RULES: MergeRules = mergeRulesOf(ASPECTS);

// ---------- the compiled form merge and diff walk ----------

/** What governs a value at one place in an aspect. */
export type RuleNode =
  | {
      kind: 'record';
      /** Rules of named fields; others fall back to `any`, then to stamps by name, then to generic. */
      fields: ReadonlyMap<string, RuleNode>;
      /** The rule of every value (a map declared with `*`). */
      any?: RuleNode;
      /** A wrapper left out of `catalog diff`'s wording (`globalTags` in `globalTags.tags`). */
      quiet: boolean;
    }
  | { kind: 'keyed'; key: readonly string[]; element: RuleNode; label?: string }
  | { kind: 'set'; label?: string }
  | { kind: 'stamp' };

export interface CompiledRules {
  root(aspectName: string): RuleNode;
  /** The rule of field `name` of a record governed by `node`. */
  field(node: RuleNode, name: string): RuleNode;
}

const GENERIC: RuleNode = { kind: 'record', fields: new Map(), quiet: false };
const STAMP: RuleNode = { kind: 'stamp' };
const compiled = new WeakMap<MergeRules, CompiledRules>();

/** Compiles (once per rules object) the declarations into rule trees. Throws on a malformed table. */
export function compileRules(rules: MergeRules): CompiledRules {
  const done = compiled.get(rules);
  if (done) return done;
  const stamps = new Set(rules.stamps);
  const roots = new Map<string, RuleNode>();
  for (const [name, rule] of Object.entries(rules.aspects)) roots.set(name, compileLists(`${name}`, rule.lists ?? {}));
  const out: CompiledRules = {
    root: (aspectName) => roots.get(aspectName) ?? GENERIC,
    field: (node, name) => {
      if (node.kind !== 'record') return GENERIC;
      return node.fields.get(name) ?? node.any ?? (stamps.has(name) ? STAMP : GENERIC);
    },
  };
  compiled.set(rules, out);
  return out;
}

type MutableRecord = { kind: 'record'; fields: Map<string, RuleNode>; any?: RuleNode; quiet: boolean };

function compileLists(where: string, lists: Readonly<Record<string, ListRule>>): RuleNode {
  const root: MutableRecord = { kind: 'record', fields: new Map(), quiet: false };
  for (const [path, list] of Object.entries(lists)) {
    const parts = path.split('.');
    let node = root;
    for (const part of parts.slice(0, -1)) {
      const existing = part === '*' ? node.any : node.fields.get(part);
      let next: MutableRecord;
      if (existing === undefined) {
        next = { kind: 'record', fields: new Map(), quiet: list.label !== undefined && !parts.includes('*') };
        if (part === '*') node.any = next;
        else node.fields.set(part, next);
      } else if (existing.kind === 'record') {
        next = existing as MutableRecord;
      } else {
        throw new Error(`merge rules of ${where}: ${path} goes through a list`);
      }
      node = next;
    }
    const last = parts[parts.length - 1]!;
    const compiledList = compileList(`${where}.${path}`, list);
    if (last === '*') node.any = compiledList;
    else node.fields.set(last, compiledList);
  }
  return root;
}

function compileList(where: string, list: ListRule): RuleNode {
  const label = list.label !== undefined ? { label: list.label } : {};
  if (list.key === 'value') return { kind: 'set', ...label };
  if (list.key.length === 0 || !list.key.every((k) => KEY_NAME.test(k)))
    throw new Error(`merge rules of ${where}: key fields must be dotted names`);
  return { kind: 'keyed', key: list.key, element: compileLists(where, list.nested ?? {}), ...label };
}
