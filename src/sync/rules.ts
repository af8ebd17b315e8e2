/**
 * How sync merges and diffs each aspect: which lists inside it are sets (and by which key fields an
 * element is identified), and which fields are audit stamps. Everything not declared here is merged
 * generically: records and maps field by field, other lists and scalars as one value.
 *
 * The keys are the ones our JSON Patch templates use (`src/model/patch.ts`), so a keyed list means the
 * same thing to a PATCH and to a merge; a few lists JSON Patch does not address (group members, roles,
 * `ownerTypes`, schema fields, fine-grained lineage by its columns) are added.
 *
 * Not yet done: the aspect declarations (`src/model/aspects/*`) now declare `mergeKeys` too, and
 * `MERGE_RULES.aspects` should be built from them instead of this table, keeping here only what is
 * sync's own (labels, stamps, the lists JSON Patch does not address).
 */
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

const tag: ListRule = { key: ['tag'], label: 'tag' };
const term: ListRule = { key: ['urn'], label: 'term' };
const values = (label: string): ListRule => ({ key: 'value', label });
const edges = (label: string): ListRule => ({ key: ['destinationUrn'], label });
/** Tags and terms on a column, in `editableSchemaFieldInfo[]` and `fields[]`. */
const columnLists = { 'globalTags.tags': tag, 'glossaryTerms.terms': term };
const column: ListRule = { key: ['fieldPath'], label: 'column', nested: columnLists };
const fineGrained: ListRule = {
  key: ['upstreams', 'downstreams'],
  label: 'column lineage',
  nested: { upstreams: values('upstream column'), downstreams: values('downstream column') },
};

export const MERGE_RULES: MergeRules = {
  stamps: ['created', 'lastModified', 'deleted', 'auditStamp', 'lastObserved', 'createStamp', 'updateStamp', 'lastUpdated', 'attribution'],
  aspects: {
    globalTags: { lists: { tags: tag } },
    glossaryTerms: { lists: { terms: term } },
    ownership: { lists: { owners: { key: ['owner', 'type'], label: 'owner' }, 'ownerTypes.*': values('owner') } },
    institutionalMemory: { lists: { elements: { key: ['url'], label: 'link' } } },
    editableSchemaMetadata: { lists: { editableSchemaFieldInfo: column } },
    schemaMetadata: { lists: { fields: column, primaryKeys: values('primary key') } },
    upstreamLineage: { lists: { upstreams: { key: ['dataset'], label: 'upstream' }, fineGrainedLineages: fineGrained } },
    structuredProperties: { lists: { properties: { key: ['propertyUrn', 'attribution.source'], label: 'structured property' } } },
    datasetProperties: { lists: { tags: values('tag') } },
    domains: { lists: { domains: values('domain') } },
    siblings: { lists: { siblings: values('sibling') } },
    corpGroupInfo: { lists: { members: values('member'), groups: values('group'), admins: values('admin') } },
    groupMembership: { lists: { groups: values('group') } },
    nativeGroupMembership: { lists: { nativeGroups: values('group') } },
    roleMembership: { lists: { roles: values('role') } },
    dataProductProperties: { lists: { assets: edges('asset') } },
    dataJobInputOutput: {
      lists: {
        inputDatasets: values('input dataset'),
        outputDatasets: values('output dataset'),
        inputDatajobs: values('input job'),
        inputDatasetEdges: edges('input dataset'),
        outputDatasetEdges: edges('output dataset'),
        inputDatajobEdges: edges('input job'),
        fineGrainedLineages: fineGrained,
      },
    },
    chartInfo: { lists: { inputs: values('input'), inputEdges: edges('input') } },
    dashboardInfo: { lists: { charts: values('chart'), datasets: values('dataset'), chartEdges: edges('chart'), datasetEdges: edges('dataset') } },
  },
};

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
  if (list.key.length === 0 || !list.key.every((k) => KEY_NAME.test(k))) throw new Error(`merge rules of ${where}: key fields must be dotted names`);
  return { kind: 'keyed', key: list.key, element: compileLists(where, list.nested ?? {}), ...label };
}
