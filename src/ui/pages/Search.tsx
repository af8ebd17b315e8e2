/**
 * Search results with facets that filter (values of one facet are OR-ed, facets AND-ed, as in
 * DataHub) and paging. Everything is in the address, so a search can be shared and Back works.
 */
import { useState } from 'preact/hooks';
import { PAGE_SIZE, search, type Facet } from '../api/search.ts';
import { useQuery } from '../api/useQuery.ts';
import { Empty, ErrorBox, Loading, useTitle } from '../components/basics.tsx';
import { EntityCard } from '../components/EntityCard.tsx';
import { Pager } from '../components/Pager.tsx';
import { formatCount } from '../lib/format.ts';
import { navigate } from '../router.ts';
import { searchPath, type SearchFilter, type SearchState } from '../routes.ts';

function toggled(filters: SearchFilter[], field: string, value: string): SearchFilter[] {
  const existing = filters.find((f) => f.field === field && !f.negated);
  if (!existing) return [...filters, { field, values: [value] }];
  const values = existing.values.includes(value)
    ? existing.values.filter((v) => v !== value)
    : [...existing.values, value];
  return filters.map((f) => (f === existing ? { ...f, values } : f)).filter((f) => f.values.length > 0);
}

function FacetGroup({ facet, state }: { facet: Facet; state: SearchState }) {
  const selected = state.filters.find((f) => f.field === facet.field && !f.negated)?.values ?? [];
  const [expanded, setExpanded] = useState(false);
  // Values filtered on but absent from the counts still show, checked, so they can be cleared.
  const values = [
    ...facet.values,
    ...selected
      .filter((v) => !facet.values.some((fv) => fv.value === v))
      .map((v) => ({ value: v, count: 0, label: v })),
  ];
  if (values.length === 0) return null;
  const shown = expanded ? values : values.slice(0, 6);
  const id = `facet-${facet.field}`;
  return (
    <fieldset class="facet">
      <legend id={id}>{facet.label}</legend>
      <ul>
        {shown.map((v) => (
          <li key={v.value}>
            <label class="facet-value" title={v.value}>
              <input
                type="checkbox"
                checked={selected.includes(v.value)}
                onChange={() =>
                  navigate(searchPath({ query: state.query, filters: toggled(state.filters, facet.field, v.value) }))
                }
              />
              <span class="facet-label">{v.label}</span>
              <span class="facet-count">{formatCount(v.count)}</span>
            </label>
          </li>
        ))}
      </ul>
      {values.length > 6 && (
        <button type="button" class="btn-link" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Show fewer' : `Show all ${values.length}`}
        </button>
      )}
    </fieldset>
  );
}

function ActiveFilters({ state, facets }: { state: SearchState; facets: Facet[] }) {
  if (state.filters.length === 0) return null;
  const label = (field: string, value: string) => {
    const facet = facets.find((f) => f.field === field);
    return { facet: facet?.label ?? field, value: facet?.values.find((v) => v.value === value)?.label ?? value };
  };
  return (
    <ul class="active-filters" aria-label="Active filters">
      {state.filters.flatMap((f) =>
        f.values.map((v) => {
          const l = label(f.field, v);
          return (
            <li key={`${f.field}=${v}`}>
              <a
                class="chip chip-filter"
                href={searchPath({ query: state.query, filters: toggled(state.filters, f.field, v) })}
                aria-label={`Remove filter ${l.facet}: ${l.value}`}
              >
                {f.negated ? 'not ' : ''}
                {l.facet}: {l.value} <span aria-hidden="true">×</span>
              </a>
            </li>
          );
        }),
      )}
      <li>
        <a class="btn-link" href={searchPath({ query: state.query })}>
          Clear all
        </a>
      </li>
    </ul>
  );
}

export function SearchPage({ state }: { state: SearchState }) {
  const key = searchPath(state);
  useTitle(state.query ? `Search: ${state.query}` : 'Search');
  const result = useQuery(key, () => search(state.query, state.filters, state.page));
  const [filtersOpen, setFiltersOpen] = useState(false);
  const data = result.data;
  const pages = data ? Math.ceil(Math.min(data.total, 10_000) / PAGE_SIZE) : 0;
  const activeCount = state.filters.reduce((n, f) => n + f.values.length, 0);

  return (
    <div class="search-page">
      <h1 class="visually-hidden">Search results</h1>
      <button
        type="button"
        class="btn filters-toggle"
        aria-expanded={filtersOpen}
        aria-controls="facets"
        onClick={() => setFiltersOpen(!filtersOpen)}
      >
        Filters{activeCount > 0 ? ` (${activeCount})` : ''}
      </button>
      <aside id="facets" class={`facets${filtersOpen ? ' open' : ''}`} aria-label="Filters">
        {data?.facets.map((f) => (
          <FacetGroup key={f.field} facet={f} state={state} />
        ))}
      </aside>
      <section class="results" aria-labelledby="results-summary" aria-busy={result.loading}>
        <p id="results-summary" class="results-summary" aria-live="polite">
          {data
            ? `${formatCount(data.total)} ${data.total === 1 ? 'result' : 'results'}${state.query ? ` for “${state.query}”` : ''}`
            : result.loading
              ? 'Searching…'
              : ''}
        </p>
        {data && <ActiveFilters state={state} facets={data.facets} />}
        {result.loading && !data && <Loading what="Searching" />}
        {result.error && <ErrorBox error={result.error} title="The search failed" />}
        {data && data.results.length === 0 && (
          <Empty>
            Nothing matches{state.query ? ` “${state.query}”` : ''}
            {activeCount > 0 ? ' with these filters' : ''}. Try fewer words
            {activeCount > 0 ? ' or remove a filter' : ''}.
          </Empty>
        )}
        {data && data.results.length > 0 && (
          <ol class="result-list" start={data.start + 1}>
            {data.results.map((r) => (
              <li key={r.entity.urn}>
                <EntityCard entity={r.entity} headingLevel={2} />
              </li>
            ))}
          </ol>
        )}
        {data && (
          <Pager page={state.page} pages={pages} href={(p) => searchPath({ ...state, page: p })} label="Result pages" />
        )}
      </section>
    </div>
  );
}
