/**
 * Autocomplete and browse (docs/datahub/discovery.md §2.1), on top of the search index: completions come
 * from entity names; browse groups come from the `browsePathV2` keyword values, one range read.
 */
import { BadRequestError } from '../../errors.ts';
import { paging } from '../core/paging.ts';
import { urnWords, words } from '../../model/search/analysis.ts';
import type { SearchDocument } from '../../model/search/document.ts';
import { BROWSE_SEPARATOR, NAME_FIELDS } from '../../model/search/fields.ts';
import type { StoreView } from '../../store/store.ts';
import { baseField, MAX_PAGE, matchingUrns, searchEntities } from './search.ts';
import { SEARCHABLE_TYPES, type FilterGroup } from './types.ts';

export interface AutoCompleteRequest {
  query: string;
  types?: readonly string[];
  field?: string | null;
  limit?: number | null;
  filters?: readonly FilterGroup[];
}

export interface AutoCompleteAnswer {
  suggestions: string[];
  /** The matching entities, best first, each with the completion it gives. */
  hits: Array<{ urn: string; entityType: string; suggestion: string }>;
}

function docOf(view: StoreView, urn: string): SearchDocument | undefined {
  const id = view.search.idOf(urn);
  return id === undefined ? undefined : (view.search.record(id)?.doc as SearchDocument | undefined);
}

/** Completions of a typed prefix: entities whose name starts with it first, then other names containing it. */
export function autoComplete(view: StoreView, req: AutoCompleteRequest): AutoCompleteAnswer {
  if (!req.query || req.query.trim() === '') throw new BadRequestError("'query' parameter can not be null or empty");
  const limit = req.limit ?? 5;
  if (!Number.isInteger(limit) || limit < 0 || limit > MAX_PAGE)
    throw new BadRequestError(`limit must be an integer from 0 to ${MAX_PAGE}, got ${limit}`);
  const text = req.query.trim();
  const query = /[*"]$/.test(text) ? text : `${text}*`;
  const page = searchEntities(view, {
    query,
    types: req.types,
    filters: req.filters,
    count: Math.max(limit * 4, 20),
    skipAggregates: true,
    skipHighlighting: true,
  });
  const field = req.field ? baseField(req.field) : undefined;
  const lower = text.toLowerCase();
  const typed = words(text).join(' ');
  // Completions come from names (or the field asked for), as DataHub's autocomplete fields are
  // names: an entity that matched through its description completes nothing.
  const completes = (value: string) => value.toLowerCase().includes(lower) || words(value).join(' ').includes(typed);
  const ranked = page.hits
    .flatMap((h) => {
      const doc = docOf(view, h.urn);
      if (!doc) return [];
      const candidates = field
        ? (doc.fields[field] ?? [])
        : [doc.name, ...NAME_FIELDS.flatMap((f) => doc.fields[f] ?? [])];
      const suggestion = candidates.find(completes);
      return suggestion === undefined ? [] : [{ h, suggestion, starts: suggestion.toLowerCase().startsWith(lower) }];
    })
    .sort((a, b) => Number(b.starts) - Number(a.starts))
    .slice(0, limit);
  const suggestions: string[] = [];
  for (const r of ranked) if (!suggestions.includes(r.suggestion)) suggestions.push(r.suggestion);
  return {
    suggestions,
    hits: ranked.map((r) => ({ urn: r.h.urn, entityType: r.h.entityType, suggestion: r.suggestion })),
  };
}

export interface BrowseRequest {
  types?: readonly string[];
  path: readonly string[];
  query?: string | null;
  filters?: readonly FilterGroup[];
  start?: number;
  count?: number;
  includeSoftDeleted?: boolean;
}

export interface BrowseGroup {
  name: string;
  /** Set when the path entry is an urn (a container …). */
  urn: string | null;
  count: number;
  hasSubGroups: boolean;
}

export interface BrowseAnswer {
  groups: BrowseGroup[];
  start: number;
  count: number;
  total: number;
  path: string[];
  totalNumEntities: number;
}

/** The next level under a browse path: one group per next path entry, with how many entities are under it. */
export function browse(view: StoreView, req: BrowseRequest): BrowseAnswer {
  const prefix = req.path.map((p) => BROWSE_SEPARATOR + p).join('');
  const types = req.types && req.types.length > 0 ? req.types : SEARCHABLE_TYPES;
  // Which documents count: those of the types (live unless asked), narrowed by the query and filters when given.
  const narrowed = (req.query && req.query.trim() !== '' && req.query.trim() !== '*') || (req.filters?.length ?? 0) > 0;
  const allowed = narrowed
    ? new Set(
        matchingUrns(view, {
          query: req.query ?? '*',
          types,
          filters: req.filters,
          includeSoftDeleted: req.includeSoftDeleted,
        }).map((u) => view.search.idOf(u)),
      )
    : undefined;
  const removed = req.includeSoftDeleted ? new Set<number>() : new Set(view.search.keywordIds('removed', 'true'));
  const groups = new Map<string, { count: number; deeper: boolean }>();
  let under = 0;
  for (const [path, id] of view.search.keywordEntries('browsePathV2', prefix)) {
    if (!(path === prefix || path.startsWith(prefix + BROWSE_SEPARATOR))) continue;
    if (
      removed.has(id) ||
      (allowed ? !allowed.has(id) : !types.some((t) => view.search.hasKeyword('_entityType', t, id)))
    )
      continue;
    under++;
    if (path === prefix) continue;
    const rest = path.slice(prefix.length + 1).split(BROWSE_SEPARATOR);
    const g = groups.get(rest[0]!) ?? { count: 0, deeper: false };
    g.count++;
    if (rest.length > 1) g.deeper = true;
    groups.set(rest[0]!, g);
  }
  const { start, count } = paging(req, 10, MAX_PAGE);
  const sorted = [...groups.entries()].sort((a, b) => b[1].count - a[1].count || (a[0] < b[0] ? -1 : 1));
  return {
    groups: sorted.slice(start, start + count).map(([name, g]) => ({
      name: name.startsWith('urn:li:') ? (docOf(view, name)?.name ?? urnWords(name)) : name,
      urn: name.startsWith('urn:li:') ? name : null,
      count: g.count,
      hasSubGroups: g.deeper,
    })),
    start,
    count,
    total: groups.size,
    path: [...req.path],
    totalNumEntities: under,
  };
}
