/**
 * The search document of an entity: what the index holds of it, computed from its latest aspects
 * alone (never from other entities, so a write re-indexes only the entity it touched). The store
 * keeps the document, its weighted terms and its keyword values in the same transaction as the
 * aspects (see SearchIndexer in src/store/store.ts).
 */
import { createHash } from 'node:crypto';
import type { DocumentIndex } from '../../store/searchIndex.ts';
import { TermCounter, terms, urnWords } from './analysis.ts';
import { BROWSE_SEPARATOR, NAME_FIELDS, SEARCH_FIELDS, SORT_FIELDS, sortKeyOf, type SearchField } from './fields.ts';

export interface SearchDocument {
  /** Entity type (urn entity type, e.g. `dataset`). */
  type: string;
  /** Display name (first of NAME_FIELDS), for exact-name ranking and sorting. */
  name: string;
  /** Index field → values (keyword fields hold whole values, text fields the text as written). */
  fields: Record<string, string[]>;
}

type Step = { field: string; each: boolean };

/** Calls `emit` with each scalar (or map, for `kv`) a field's path reaches in an aspect value; absent values give nothing. */
type Walk = (value: unknown, emit: (raw: unknown) => void) => void;

/**
 * The walk of a path (`fields[].globalTags.tags[].tag`), as one closure per step, each calling the
 * next: no list is made of what it reaches, and no step looks at the path again (a bench dataset's
 * 42 columns are walked five times each per analysis).
 */
function compile(path: string): Walk {
  const steps: Step[] = path
    .split('.')
    .map((p) => (p.endsWith('[]') ? { field: p.slice(0, -2), each: true } : { field: p, each: false }));
  // The end of the path: each element of a list, or the value itself.
  let walk: Walk = (value, emit) => {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const v: unknown = value[i];
        if (v !== undefined && v !== null) emit(v);
      }
    } else if (value !== undefined && value !== null) emit(value);
  };
  for (let i = steps.length - 1; i >= 0; i--) {
    const { field, each } = steps[i]!;
    const inner = walk;
    walk = each
      ? (value, emit) => {
          if (value === null || typeof value !== 'object') return;
          const next = (value as Record<string, unknown>)[field];
          if (Array.isArray(next)) for (let k = 0; k < next.length; k++) inner(next[k], emit);
        }
      : (value, emit) => {
          if (value === null || typeof value !== 'object') return;
          inner((value as Record<string, unknown>)[field], emit);
        };
  }
  return walk;
}

interface CompiledField extends SearchField {
  walk: Walk;
}

const BY_ASPECT = new Map<string, CompiledField[]>();
for (const f of SEARCH_FIELDS) {
  const list = BY_ASPECT.get(f.aspect) ?? [];
  list.push({ ...f, walk: compile(f.path) });
  BY_ASPECT.set(f.aspect, list);
}

function asStrings(f: CompiledField, raw: unknown): string[] {
  if (f.kind === 'kv') {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return [];
    return Object.entries(raw as Record<string, unknown>).map(
      ([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`,
    );
  }
  if (f.kind === 'bool') return typeof raw === 'boolean' ? [String(raw)] : [];
  if (typeof raw === 'string') {
    if (raw === '') return [];
    return [f.map ? f.map(raw) : raw];
  }
  if (typeof raw === 'number') return [String(raw)];
  return [];
}

/**
 * Aspects whose fields the stored document leaves out: they are in the data file already, as the
 * aspects themselves, and `completeDocument` reads them back when the whole document is needed.
 * Column lists are most of a dataset's document (at 20 000 bench datasets of 42 columns, 1.2 of
 * their 2 KB of JSON) and only phrases, highlighting and column-field filters read them back.
 */
export const DERIVED_ASPECTS: readonly string[] = ['schemaMetadata', 'editableSchemaMetadata'];
const DERIVED_FIELDS = new Set(SEARCH_FIELDS.filter((f) => DERIVED_ASPECTS.includes(f.aspect)).map((f) => f.field));

/** Whether a stored document may lack values of `field` that its whole document holds. */
export function isDerivedField(field: string): boolean {
  return DERIVED_FIELDS.has(field);
}

/**
 * Calls `visit` with each value field `f` takes from aspect value `value` that `seen` does not hold
 * yet, in order, adding it to `seen`: a field holds each value once.
 */
function eachNewValue(f: CompiledField, value: unknown, seen: Set<string>, visit: (s: string) => void): void {
  const plain = f.kind !== 'kv' && f.kind !== 'bool';
  f.walk(value, (r) => {
    // Most values are plain strings: no list made for them.
    if (plain && typeof r === 'string') {
      if (r === '') return;
      const s = f.map ? f.map(r) : r;
      if (seen.has(s)) return;
      seen.add(s);
      visit(s);
      return;
    }
    for (const s of asStrings(f, r)) {
      if (seen.has(s)) continue;
      seen.add(s);
      visit(s);
    }
  });
}

/** Adds the fields aspect `name` (`value`) declares; `copy`: copy a field's list before adding to it (it may be shared). */
function addAspectFields(fields: Record<string, string[]>, name: string, value: unknown, copy: boolean): void {
  for (const f of BY_ASPECT.get(name) ?? []) {
    const had = fields[f.field];
    const list = copy || !had ? [...(had ?? [])] : had;
    // Values once each, in order (a column list can be long: a set, not a scan per value).
    eachNewValue(f, value, new Set(list), (s) => list.push(s));
    if (list.length > 0) fields[f.field] = list;
  }
}

/**
 * The document of `urn` from its aspects, as stored: without the fields of DERIVED_ASPECTS (see
 * completeDocument). `aspect(name)` reads the latest value of one aspect (undefined when absent);
 * `aspectNames` are the aspects the entity has.
 */
export function searchDocumentOf(
  urn: string,
  entityType: string,
  aspectNames: readonly string[],
  aspect: (name: string) => unknown,
  modified?: () => number,
): SearchDocument {
  const fields: Record<string, string[]> = { urn: [urn], _entityType: [entityType] };
  for (const name of aspectNames) {
    if (!BY_ASPECT.has(name) || DERIVED_ASPECTS.includes(name)) continue;
    const value = aspect(name);
    if (value !== undefined) addAspectFields(fields, name, value, false);
  }
  const browse = browsePathOf(aspectNames.includes('browsePathsV2') ? aspect('browsePathsV2') : undefined);
  if (browse !== undefined) fields['browsePathV2'] = [browse];
  if (fields['removed']?.[0] !== 'true') delete fields['removed'];
  const name = NAME_FIELDS.map((f) => fields[f]?.[0]).find((v) => v !== undefined) ?? urnWords(urn);
  // The lowercased name as a keyword: an exact-name match is one lookup, not a read of every candidate.
  fields['_name'] = [name.toLowerCase()];
  const changed = modified?.() ?? 0;
  if (changed > 0) fields['lastModifiedAt'] = [String(changed)];
  return { type: entityType, name, fields };
}

/**
 * The whole document: `doc` (as stored) with the fields of DERIVED_ASPECTS, read with `aspect`
 * (undefined: the entity does not have it). `doc` itself is not changed: it may be shared.
 */
export function completeDocument(value: unknown, aspect: (name: string) => unknown): SearchDocument {
  const doc = value as SearchDocument;
  let fields: Record<string, string[]> | undefined;
  for (const name of DERIVED_ASPECTS) {
    const v = aspect(name);
    if (v === undefined) continue;
    fields ??= { ...doc.fields };
    addAspectFields(fields, name, v, true);
  }
  return fields ? { ...doc, fields } : doc;
}

/** Ranking weight and kind of each field (a field several aspects fill keeps its highest weight). */
const WEIGHTS = new Map<string, number>();
const URN_FIELDS = new Set<string>();
for (const f of SEARCH_FIELDS) {
  WEIGHTS.set(f.field, Math.max(WEIGHTS.get(f.field) ?? 0, f.weight));
  if (f.kind === 'urn') URN_FIELDS.add(f.field);
}

const COUNTER = new TermCounter();

/** How analyseDocument treats a field's values, looked up once per field rather than per value. */
interface FieldAnalysis {
  sort: boolean;
  weight: number;
  urn: boolean;
  keyword: boolean;
}
const ANALYSIS = new Map<string, FieldAnalysis>();
function analysisOf(field: string): FieldAnalysis {
  let how = ANALYSIS.get(field);
  if (!how)
    ANALYSIS.set(
      field,
      (how = {
        sort: SORT_FIELDS.has(field),
        weight: WEIGHTS.get(field) ?? 0,
        urn: URN_FIELDS.has(field),
        keyword: isKeywordField(field),
      }),
    );
  return how;
}

/**
 * What the index holds of a document: each term with its weighted frequency (the sum over fields of
 * weight × occurrences), the document length (the sum of those), and its keyword values. A function
 * of the document alone, so the store can take out exactly what an older document put in.
 *
 * Given `aspect`, `value` is a document as stored and the fields of DERIVED_ASPECTS are read from
 * the aspects themselves: the same as analysing completeDocument(value, aspect) (tested), without
 * copying the document's fields and lists to make the whole one.
 */
export function analyseDocument(value: unknown, aspect?: (name: string) => unknown): DocumentIndex {
  const doc = value as SearchDocument;
  let length = 0;
  const keywords: Array<[string, string]> = [];
  const sortKeys: Array<[string, string]> = [];
  const index = (field: string, how: FieldAnalysis, v: string) => {
    if (how.sort) {
      sortKeys.push([field, sortKeyOf(v)]);
      return;
    }
    if (how.weight > 0) length += how.weight * COUNTER.add(how.urn ? urnWords(v) : v, how.weight);
    if (how.keyword) keywords.push([field, v]);
  };
  for (const [field, values] of Object.entries(doc.fields)) {
    const how = analysisOf(field);
    for (const v of values) index(field, how, v);
  }
  if (aspect) {
    // A field holds each value once, as in the whole document: one set per field, starting with
    // what the stored part holds (a field another aspect fills too, like schemaFieldKey's fieldPaths).
    const seen = new Map<string, Set<string>>();
    for (const name of DERIVED_ASPECTS) {
      const v = aspect(name);
      if (v === undefined) continue;
      for (const f of BY_ASPECT.get(name)!) {
        let set = seen.get(f.field);
        if (!set) seen.set(f.field, (set = new Set(doc.fields[f.field])));
        const how = analysisOf(f.field);
        eachNewValue(f, v, set, (s) => index(f.field, how, s));
      }
    }
  }
  // The urn's own words find an entity by id even when no aspect names it (`kafka` in a kafka urn).
  length += COUNTER.add(urnWords(doc.fields['urn']![0]!), 1);
  return { terms: COUNTER.take(), length, keywords, sortKeys };
}

/**
 * The browse path as DataHub indexes it: one string, each entry (its urn when it has one, else its
 * id) after a ␟, so `CONTAIN <container urn>` finds everything under a container at any depth.
 */
function browsePathOf(value: unknown): string | undefined {
  const path = (value as { path?: unknown } | undefined)?.path;
  if (!Array.isArray(path)) return undefined;
  const ids = path.map((e) =>
    e && typeof e === 'object'
      ? ((e as Record<string, unknown>)['urn'] ?? (e as Record<string, unknown>)['id'])
      : undefined,
  );
  return ids
    .filter((x): x is string => typeof x === 'string')
    .map((x) => BROWSE_SEPARATOR + x)
    .join('');
}

const TEXT_FIELDS = new Set(SEARCH_FIELDS.filter((f) => f.kind === 'text').map((f) => f.field));

/**
 * Keyword-like fields are kept in the keyword table (filters by point lookup, facets by range); text
 * fields (long, matched word by word) are not.
 */
export function isKeywordField(field: string): boolean {
  return !TEXT_FIELDS.has(field) && !SORT_FIELDS.has(field);
}

/** Whether a write of `aspectName` can change a search document. */
export function shapesSearchDocument(_aspectName: string): boolean {
  // Every aspect write moves the entity's lastModifiedAt, so every write re-indexes it (a write
  // that changes nothing else rewrites one sort entry).
  return true;
}

/** Terms of a query word, as the index holds them. */
export { terms };

/** Changes whenever the declarations or the analysis change; a file indexed under another version is re-indexed on open. */
export const SEARCH_INDEX_VERSION = createHash('sha256')
  .update('browsePathV2:1 removed-only-when-true _name lastModifiedAt derived-last')
  .update(
    JSON.stringify(SEARCH_FIELDS.map((f) => [f.aspect, f.path, f.field, f.kind, f.weight, f.map?.toString() ?? ''])),
  )
  .update(terms('Analysis check: fct_users_deleted userId HTTPServer v2Events running').join(' '))
  .digest('hex')
  .slice(0, 16);
