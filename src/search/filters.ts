/**
 * DataHub's filter criteria (docs/datahub/discovery.md §2.3) on search documents: which fields exist,
 * how `platform.keyword` and fan-out fields (`tags` → tags, fieldTags, editedFieldTags) resolve, and
 * each condition's meaning. A criterion on a keyword field with an equality condition is answered
 * by one index lookup per value; the others read the document.
 */
import { BadRequestError } from '../errors.ts';
import { isDerivedField, isKeywordField, type SearchDocument } from '../model/search/document.ts';
import { FAN_OUT, FIELD_KINDS } from '../model/search/fields.ts';
import type { SearchView } from '../store/store.ts';
import type { Criterion, FilterGroup } from './types.ts';

/** Index fields a filter or facet may name, beyond the declared ones. */
const EXTRA_FIELDS = new Set([
  'urn',
  '_entityType',
  'removed',
  'browsePathV2',
  'lowercasedUrn',
  'customProperties',
  'lastModifiedAt',
]);

/** `platform.keyword` ≡ `platform` (DataHub strips these suffixes before resolving a field). */
export function baseField(field: string): string {
  return field.replace(/\.(keyword|delimited|ngram|wordGrams\w*|raw)$/, '');
}

/** Whether `field` (already stripped of suffixes) is a field the index knows. */
export function isKnownField(field: string): boolean {
  if (FIELD_KINDS.has(field) || EXTRA_FIELDS.has(field) || field in FAN_OUT) return true;
  if (field.startsWith('structuredProperties.')) return true;
  const has = /^has([A-Z]\w*)$/.exec(field);
  return has !== null && isKnownField(has[1]![0]!.toLowerCase() + has[1]!.slice(1));
}

/**
 * DataHub drops a criterion with no values (EXISTS needs none). A criterion on a field the index does
 * not know matches nothing, as in DataHub (its search index has no such field: no document holds a
 * value for it, so a negated one matches everything); `strict` refuses it instead, for our own CLI,
 * where it is a typo (docs/datahub/discovery.md §2.3).
 */
export function normaliseFilters(groups: readonly FilterGroup[] | undefined, strict = false): FilterGroup[] {
  const out: FilterGroup[] = [];
  for (const g of groups ?? []) {
    const kept: Criterion[] = [];
    for (const c of g) {
      const field = baseField(c.field);
      if (strict && !isKnownField(field)) throw new BadRequestError(`Unknown filter field "${c.field}"`);
      if (c.values.length === 0 && c.condition !== 'EXISTS') continue;
      kept.push({ ...c, field, values: c.values.map((v) => v.trim()) });
    }
    out.push(kept);
  }
  return out;
}

/** `_entityType` values compare without underscores and case: DATA_FLOW ≡ dataFlow. */
export const entityTypeKey = (v: string) => v.replace(/_/g, '').toLowerCase();

/** The index fields a criterion's field stands for. */
export function fieldsOf(field: string): readonly string[] {
  return FAN_OUT[field] ?? [field];
}

/**
 * Whether reading `field` (a filter's, a sort's, a facet's, a query's `field:value`) needs the
 * whole document: stored ones lack what the indexer's derived aspects give (the columns).
 */
export function needsWholeDocument(field: string): boolean {
  const base = baseField(field);
  const has = /^has([A-Z]\w*)$/.exec(base);
  const named = has && !FIELD_KINDS.has(base) ? has[1]![0]!.toLowerCase() + has[1]!.slice(1) : base;
  return fieldsOf(named).some(isDerivedField);
}

export function valuesOf(doc: SearchDocument, field: string): string[] {
  if (field === 'lowercasedUrn') return (doc.fields['urn'] ?? []).map((u) => u.toLowerCase());
  if (field === 'removed') return doc.fields['removed'] ?? ['false'];
  return fieldsOf(field).flatMap((f) => doc.fields[f] ?? []);
}

const EQUALITY = new Set(['EQUAL', 'IN', 'DESCENDANTS_INCL', 'ANCESTORS_INCL', 'RELATED_INCL']);

/** Whether the criterion is answered by keyword lookups alone. */
export function byLookup(c: Criterion): boolean {
  return (
    EQUALITY.has(c.condition) &&
    c.field !== 'lowercasedUrn' &&
    c.field !== 'removed' &&
    fieldsOf(c.field).every(isKeywordField)
  );
}

/**
 * Does the criterion hold for document `id`? `types` maps `_entityType` spellings to stored type
 * names; `doc` reads the document when the criterion needs it; `removed` says whether it is soft-deleted.
 */
export function holds(
  index: SearchView,
  id: number,
  c: Criterion,
  ctx: { canonicalType(value: string): string | undefined; doc(): SearchDocument | undefined; removed(): boolean },
): boolean {
  let result: boolean;
  if (c.field === 'removed') {
    result = test([ctx.removed() ? 'true' : 'false'], c);
  } else if (byLookup(c)) {
    const values =
      c.field === '_entityType'
        ? c.values.map((v) => ctx.canonicalType(v)).filter((v): v is string => v !== undefined)
        : c.values;
    result = fieldsOf(c.field).some((f) => values.some((v) => index.hasKeyword(f, v, id)));
  } else {
    const has = /^has([A-Z]\w*)$/.exec(c.field);
    const doc = ctx.doc();
    if (!doc) return false;
    if (has && !FIELD_KINDS.has(c.field)) {
      const present = valuesOf(doc, has[1]![0]!.toLowerCase() + has[1]!.slice(1)).length > 0;
      result = c.values.length === 0 || c.values.some((v) => (v.toLowerCase() === 'true') === present);
    } else {
      result = test(valuesOf(doc, c.field), c, c.field === '_entityType');
    }
  }
  return c.negated ? !result : result;
}

/** A criterion on given values (not a search document's), negation included: timeseries events use it. */
export function criterionHolds(values: string[], c: Criterion): boolean {
  const result = c.values.length === 0 && c.condition !== 'EXISTS' ? true : test(values, c);
  return c.negated ? !result : result;
}

function test(values: string[], c: Criterion, entityType = false): boolean {
  const wanted = c.values;
  switch (c.condition) {
    case 'EXISTS':
      return values.length > 0;
    case 'EQUAL':
    case 'IN':
    case 'DESCENDANTS_INCL':
    case 'ANCESTORS_INCL':
    case 'RELATED_INCL':
      if (entityType) return values.some((v) => wanted.some((w) => entityTypeKey(w) === entityTypeKey(v)));
      return values.some((v) => wanted.includes(v));
    case 'IEQUAL':
      return values.some((v) =>
        wanted.some(
          (w) => w.toLowerCase() === v.toLowerCase() || (entityType && entityTypeKey(w) === entityTypeKey(v)),
        ),
      );
    case 'CONTAIN':
      return values.some((v) => wanted.some((w) => v.toLowerCase().includes(w.toLowerCase())));
    case 'START_WITH':
      return values.some((v) => wanted.some((w) => v.toLowerCase().startsWith(w.toLowerCase())));
    case 'END_WITH':
      return values.some((v) => wanted.some((w) => v.toLowerCase().endsWith(w.toLowerCase())));
    default:
      return wanted.length > 0 && values.some((v) => compareRange(v, wanted[0]!, c.condition));
  }
}

function compareRange(value: string, bound: string, condition: string): boolean {
  const a = Number(value);
  const b = Number(bound);
  const numeric = value.trim() !== '' && bound.trim() !== '' && Number.isFinite(a) && Number.isFinite(b);
  const order = numeric ? a - b : value < bound ? -1 : value > bound ? 1 : 0;
  if (condition === 'GREATER_THAN') return order > 0;
  if (condition === 'GREATER_THAN_OR_EQUAL_TO') return order >= 0;
  if (condition === 'LESS_THAN') return order < 0;
  return order <= 0;
}
