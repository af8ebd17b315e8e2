/**
 * Views (DataHub's `viewUrn` on searches): a saved view narrows a search to its entity types and ANDs
 * its filter with the request's, as DataHub's resolvers do — the request's types are intersected with
 * the view's (none in common: no results), and each of the request's OR-groups is combined with each
 * of the view's. A view that does not exist is skipped, as DataHub skips it (with a warning there).
 */
import { dataHubViewInfo } from '../../model/aspects/readAsGiven.ts';
import type { StoreView } from '../../store/store.ts';
import { latestAspect } from '../core/resources.ts';
import { entityTypeKey } from '../../search/filters.ts';
import type { Condition, Criterion, FilterGroup, SearchRequest } from './types.ts';

export function withView(view: StoreView, req: SearchRequest & { viewUrn?: string | null }): SearchRequest {
  if (!req.viewUrn) return req;
  const definition = latestAspect(view, req.viewUrn, dataHubViewInfo)?.definition;
  if (!definition) return req;
  const entityTypes = definition['entityTypes'];
  const viewTypes = Array.isArray(entityTypes) ? entityTypes.filter((t): t is string => typeof t === 'string') : [];
  let types = req.types;
  let within = req.within;
  if (viewTypes.length > 0) {
    const wanted = new Set(viewTypes.map(entityTypeKey));
    const requested = req.types && req.types.length > 0 ? req.types : undefined;
    types = requested ? requested.filter((t) => wanted.has(entityTypeKey(t))) : viewTypes;
    // No type in common: DataHub answers an empty page.
    if (types.length === 0) within = new Set();
  }
  const viewGroups = filterGroupsOf(definition['filter']);
  const base = req.filters ?? [];
  const filters =
    viewGroups.length === 0
      ? base
      : base.length === 0
        ? viewGroups
        : base.flatMap((b) => viewGroups.map((v) => [...b, ...v]));
  return { ...req, types, within, filters };
}

/**
 * The filter of a saved view alone, its entity types left out (DataHub's `viewFilter`, which
 * getEntityCounts applies); none for a view not stored or without a filter.
 */
export function viewFilterGroups(view: StoreView, viewUrn: string): FilterGroup[] {
  return filterGroupsOf(latestAspect(view, viewUrn, dataHubViewInfo)?.definition?.['filter']);
}

/** A stored filter: Rest.li's `{or: [{and: [...]}]}` or `{criteria}`, or the `{operator, filters}` of DataHub's view input. */
function filterGroupsOf(raw: unknown): FilterGroup[] {
  if (!raw || typeof raw !== 'object') return [];
  const f = raw as { or?: Array<{ and?: unknown[] }>; criteria?: unknown[]; operator?: string; filters?: unknown[] };
  if (Array.isArray(f.or)) return f.or.map((g) => (g.and ?? []).flatMap(criterion));
  if (Array.isArray(f.criteria)) return [f.criteria.flatMap(criterion)];
  if (Array.isArray(f.filters)) {
    const criteria = f.filters.flatMap(criterion);
    if (criteria.length === 0) return [];
    return f.operator === 'OR' ? criteria.map((c) => [c]) : [criteria];
  }
  return [];
}

function criterion(raw: unknown): Criterion[] {
  if (!raw || typeof raw !== 'object') return [];
  const c = raw as { field?: unknown; value?: unknown; values?: unknown; condition?: unknown; negated?: unknown };
  if (typeof c.field !== 'string') return [];
  const values = Array.isArray(c.values) ? c.values.map(String) : typeof c.value === 'string' ? [c.value] : [];
  return [
    {
      field: c.field,
      values,
      condition: (typeof c.condition === 'string' ? c.condition : 'EQUAL') as Condition,
      negated: c.negated === true,
    },
  ];
}
