/** Lists of entities related to a page's entity: by a search filter (what a user owns, what a tag marks) or by relationship edges (members, children). */
import { useState } from 'preact/hooks';
import { gql } from '../api/client.ts';
import { toView, type EntityView, type RawEntity } from '../api/entities.ts';
import { search } from '../api/search.ts';
import { RELATED_QUERY } from '../api/queries.ts';
import { useQuery } from '../api/useQuery.ts';
import { Empty, ErrorBox, Loading } from '../components/basics.tsx';
import { EntityCard } from '../components/EntityCard.tsx';
import { formatCount } from '../lib/format.ts';
import { searchPath, type SearchFilter } from '../routes.ts';

const PAGE = 10;

/**
 * Entities matching any of the filter groups, paged, with a link to the same search on the search
 * page (where it can be narrowed with facets).
 */
export function SearchedList({
  title,
  anyOf,
  empty,
  types,
}: {
  title: string;
  anyOf: SearchFilter[][];
  empty: string;
  types?: string[];
}) {
  const [page, setPage] = useState(1);
  const key = JSON.stringify([anyOf, types, page]);
  const result = useQuery(key, () =>
    search('*', [], page, { anyOf, count: PAGE, noFacets: true, ...(types ? { types } : {}) }),
  );
  const id = `related-${title.toLowerCase().replace(/\W+/g, '-')}`;
  const pages = result.data ? Math.ceil(result.data.total / PAGE) : 0;
  return (
    <section aria-labelledby={id} class="related">
      <h2 id={id} class="panel-title">
        {title}
        {result.data && <span class="tab-count">{formatCount(result.data.total)}</span>}
      </h2>
      {result.error && <ErrorBox error={result.error} />}
      {!result.data && !result.error && <Loading />}
      {result.data && result.data.total === 0 && <Empty>{empty}</Empty>}
      {result.data && result.data.results.length > 0 && (
        <ul class="result-list">
          {result.data.results.map((r) => (
            <li key={r.entity.urn}>
              <EntityCard entity={r.entity} />
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav class="pager" aria-label={`${title} pages`}>
          <button type="button" class="btn btn-small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            ‹ Previous
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button type="button" class="btn btn-small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next ›
          </button>
        </nav>
      )}
      {anyOf.length === 1 && result.data && result.data.total > 0 && (
        <p>
          <a href={searchPath({ query: '', filters: anyOf[0]! })}>Open in search</a>
        </p>
      )}
    </section>
  );
}

/** Entities at the other end of relationship edges of `types` in `direction`. */
export function RelatedList({
  urn,
  title,
  types,
  direction,
  empty,
}: {
  urn: string;
  title: string;
  types: string[];
  direction: 'INCOMING' | 'OUTGOING';
  empty: string;
}) {
  const result = useQuery(`${urn}|${types.join(',')}|${direction}`, async () => {
    const data = await gql<{
      entity: { relationships: { total: number; relationships: Array<{ entity: RawEntity | null }> } | null } | null;
    }>(RELATED_QUERY, {
      urn,
      input: { types, direction, start: 0, count: 200 },
    });
    const seen = new Set<string>();
    const list: EntityView[] = [];
    for (const r of data.entity?.relationships?.relationships ?? []) {
      if (!r.entity || seen.has(r.entity.urn)) continue;
      seen.add(r.entity.urn);
      list.push(toView(r.entity));
    }
    return list;
  });
  const id = `related-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} class="related">
      <h2 id={id} class="panel-title">
        {title}
        {result.data && <span class="tab-count">{formatCount(result.data.length)}</span>}
      </h2>
      {result.error && <ErrorBox error={result.error} />}
      {!result.data && !result.error && <Loading />}
      {result.data && result.data.length === 0 && <Empty>{empty}</Empty>}
      {result.data && result.data.length > 0 && (
        <ul class="result-list">
          {result.data.map((e) => (
            <li key={e.urn}>
              <EntityCard entity={e} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
