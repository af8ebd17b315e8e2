/** The home page: a search box, what the catalog holds (counted by type, platform, tag and domain) and what changed last. */
import { aggregate, recentlyChanged, type Facet } from '../api/search.ts';
import { useQuery } from '../api/useQuery.ts';
import { ErrorBox, Loading, useTitle } from '../components/basics.tsx';
import { SearchBox } from '../components/SearchBox.tsx';
import { formatCount, formatTime, relativeTime } from '../lib/format.ts';
import { safeColor } from '../lib/format.ts';
import { entityPath, searchPath } from '../routes.ts';

function FacetTiles({ facet, title, id }: { facet: Facet | undefined; title: string; id: string }) {
  if (!facet || facet.values.length === 0) return null;
  return (
    <section class="home-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul class="tiles">
        {facet.values.map((v) => {
          const color = facet.field === 'tags' ? safeColor(v.entity?.raw.properties?.colorHex ?? undefined) : undefined;
          return (
            <li key={v.value}>
              <a class="tile" href={searchPath({ query: '', filters: [{ field: facet.field, values: [v.value] }] })}>
                {color && <span class="tag-dot" style={{ background: color }} aria-hidden="true" />}
                <span class="tile-name">{v.label}</span>
                {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: not announced on a span (a UI change of its own) */}
                <span class="tile-count" aria-label={`${formatCount(v.count)} entities`}>
                  {formatCount(v.count)}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** What changed last, newest first: name, kind, platform and when. */
function RecentlyChanged() {
  const recent = useQuery('home-recent', () => recentlyChanged(8));
  if (!recent.data || recent.data.length === 0) return null;
  return (
    <section class="home-section home-recent" aria-labelledby="home-recent">
      <h2 id="home-recent">Recently changed</h2>
      <ul class="tiles">
        {recent.data.map(({ entity, changed }) => (
          <li key={entity.urn}>
            <a class="tile" href={entityPath(entity.urn)}>
              <span class="tile-name">{entity.name}</span>
              <span class="muted">{entity.platform ? `${entity.kind} · ${entity.platform.name}` : entity.kind}</span>
              {changed !== null && (
                <time class="tile-count" dateTime={new Date(changed).toISOString()} title={formatTime(changed)}>
                  {relativeTime(changed)}
                </time>
              )}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Home() {
  useTitle('');
  const counts = useQuery('home', () => aggregate(['_entityType', 'platform', 'tags', 'domains']));
  const facet = (field: string) => counts.data?.find((f) => f.field === field);
  const total = facet('_entityType')?.values.reduce((n, v) => n + v.count, 0);
  return (
    <div class="home">
      <section class="hero" aria-labelledby="home-title">
        <h1 id="home-title">Find data in the catalog</h1>
        <p class="muted">
          {total !== undefined ? `${formatCount(total)} entities: datasets, people, tags and more.` : '\u00a0'}
        </p>
        <SearchBox big autoFocus />
      </section>
      {counts.loading && !counts.data && <Loading what="Counting the catalog" />}
      {counts.error && <ErrorBox error={counts.error} title="The counts could not be loaded" />}
      {counts.data && total === 0 && (
        <p class="empty">
          The catalog is empty. Load entities with <code>catalog ingest -f FILE</code>, DataHub's{' '}
          <code>datahub ingest</code>, or start the server with <code>--sample</code>.
        </p>
      )}
      <div class="home-grid">
        <FacetTiles facet={facet('_entityType')} title="By type" id="home-types" />
        <FacetTiles facet={facet('platform')} title="By platform" id="home-platforms" />
        <FacetTiles facet={facet('tags')} title="Tags" id="home-tags" />
        <FacetTiles facet={facet('domains')} title="Domains" id="home-domains" />
        <RecentlyChanged />
      </div>
    </div>
  );
}
