/**
 * Upstream and downstream entities: drawn as a graph (columns by hops, edges along the paths the
 * server returns from searchAcrossLineage) and listed in tables, which are also what a screen
 * reader or a narrow screen uses.
 */
import { useId, useMemo, useState } from 'preact/hooks';
import { gql } from '../api/client.ts';
import { toView, type EntityView, type RawEntity } from '../api/entities.ts';
import { LINEAGE_QUERY } from '../api/queries.ts';
import { useQuery } from '../api/useQuery.ts';
import { ErrorBox, Loading } from '../components/basics.tsx';
import { PlatformBadge } from '../components/labels.tsx';
import { plural } from '../lib/format.ts';
import { layoutLineage, NODE_H, NODE_W, type LineageHit } from '../lib/lineageLayout.ts';
import { entityPath } from '../routes.ts';

const MAX_RESULTS = 500;

interface RawSide {
  total: number;
  searchResults: Array<{
    degree: number;
    paths?: Array<{ path: Array<{ urn: string } | null> } | null> | null;
    entity: RawEntity;
  }>;
}

interface Side {
  total: number;
  hits: Array<LineageHit & { entity: EntityView }>;
}

function sideOf(raw: RawSide): Side {
  return {
    total: raw.total,
    hits: raw.searchResults.map((r) => ({
      urn: r.entity.urn,
      degree: r.degree,
      paths: (r.paths ?? [])
        .filter((p): p is { path: Array<{ urn: string } | null> } => !!p)
        .map((p) => p.path.filter((n): n is { urn: string } => !!n).map((n) => n.urn)),
      entity: toView(r.entity),
    })),
  };
}

async function loadLineage(urn: string): Promise<{ up: Side; down: Side }> {
  const input = (direction: string) => ({
    urn,
    direction,
    query: '*',
    start: 0,
    count: MAX_RESULTS,
    searchFlags: { skipAggregates: true, skipHighlighting: true },
  });
  const data = await gql<{ up: RawSide; down: RawSide }>(LINEAGE_QUERY, {
    up: input('UPSTREAM'),
    down: input('DOWNSTREAM'),
  });
  return { up: sideOf(data.up), down: sideOf(data.down) };
}

function Graph({ center, up, down, hops }: { center: EntityView; up: Side; down: Side; hops: number }) {
  const layout = useMemo(() => layoutLineage(center.urn, up.hits, down.hits, hops), [center.urn, up, down, hops]);
  const views = new Map<string, EntityView>([
    [center.urn, center],
    ...[...up.hits, ...down.hits].map((h) => [h.urn, h.entity] as [string, EntityView]),
  ]);
  const hiddenCount = [...layout.hidden.values()].reduce((a, b) => a + b, 0);
  return (
    <figure class="lineage-graph">
      <div class="lineage-canvas" style={{ width: `${layout.width}px`, height: `${layout.height}px` }}>
        <svg class="lineage-edges" width={layout.width} height={layout.height} aria-hidden="true">
          <defs>
            <marker
              id="arrow"
              viewBox="0 0 8 8"
              refX="7"
              refY="4"
              markerWidth="7"
              markerHeight="7"
              orient="auto-start-reverse"
            >
              <path d="M0,0 L8,4 L0,8 z" />
            </marker>
          </defs>
          {layout.edges.map((e) => (
            <path key={`${e.from}>${e.to}`} d={e.d} marker-end="url(#arrow)" />
          ))}
        </svg>
        {layout.nodes.map((n) => {
          const v = views.get(n.urn);
          const isCenter = n.urn === center.urn;
          return (
            <a
              key={n.urn}
              href={entityPath(n.urn, v?.type === 'DATASET' ? 'Lineage' : undefined)}
              class={`lineage-node${isCenter ? ' lineage-center' : ''}`}
              style={{ left: `${n.x}px`, top: `${n.y}px`, width: `${NODE_W}px`, height: `${NODE_H}px` }}
              title={n.urn}
              aria-current={isCenter ? 'page' : undefined}
            >
              <span class="lineage-kind">
                {v?.kind}
                {v?.platform ? ` · ${v.platform.name}` : ''}
              </span>
              <span class="lineage-name">{v?.name ?? n.urn}</span>
            </a>
          );
        })}
      </div>
      <figcaption class="muted">
        Upstream on the left, downstream on the right; arrows point the way data flows.
        {hiddenCount > 0 && ` ${plural(hiddenCount, 'more entity', 'more entities')} not drawn (see the lists).`}
      </figcaption>
    </figure>
  );
}

function LineageList({ title, side, hops }: { title: string; side: Side; hops: number }) {
  const hits = side.hits.filter((h) => h.degree <= hops);
  const id = `lineage-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id} class="lineage-list">
      <h3 id={id} class="panel-subtitle">
        {title} ({hits.length})
      </h3>
      {hits.length === 0 ? (
        <p class="empty">
          No {title.toLowerCase()} entities{hops < Infinity ? ` within ${plural(hops, 'hop')}` : ''}.
        </p>
      ) : (
        <div class="table-wrap">
          <table class="table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Type</th>
                <th scope="col">Platform</th>
                <th scope="col">Hops</th>
              </tr>
            </thead>
            <tbody>
              {hits.map((h) => (
                <tr key={h.urn}>
                  <th scope="row">
                    <a href={entityPath(h.urn)}>{h.entity.name}</a>
                  </th>
                  <td>{h.entity.kind}</td>
                  <td>{h.entity.platform ? <PlatformBadge platform={h.entity.platform} /> : '—'}</td>
                  <td>{h.degree}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function LineageTab({ entity }: { entity: EntityView }) {
  const lineage = useQuery(`lineage:${entity.urn}`, () => loadLineage(entity.urn));
  const [hops, setHops] = useState(3);
  const hopsId = useId();
  if (lineage.error) return <ErrorBox error={lineage.error} title="The lineage could not be loaded" />;
  if (!lineage.data) return <Loading what="Loading the lineage" />;
  const { up, down } = lineage.data;
  return (
    <section aria-labelledby="lineage-title" class="lineage">
      <div class="schema-toolbar">
        <h2 id="lineage-title" class="panel-title">
          Lineage
        </h2>
        <div>
          <label for={hopsId} class="field-label-inline">
            Show
          </label>{' '}
          <select
            id={hopsId}
            class="input input-inline"
            value={String(hops)}
            onChange={(e) => setHops(Number((e.currentTarget as HTMLSelectElement).value))}
          >
            <option value="1">1 hop</option>
            <option value="2">2 hops</option>
            <option value="3">3 hops</option>
            <option value="Infinity">all hops</option>
          </select>
        </div>
      </div>
      {up.hits.length === 0 && down.hits.length === 0 ? (
        <p class="empty">
          No lineage recorded for this entity. Lineage comes from ingestion (upstreamLineage, dataJobInputOutput) or the
          updateLineage mutation.
        </p>
      ) : (
        // Focusable so that the keys scroll it. Its label is not announced without a role (a UI change of its own).
        // biome-ignore lint/a11y/noNoninteractiveTabindex lint/a11y/useAriaPropsSupportedByRole: as said above
        <div class="lineage-scroll" tabIndex={0} aria-label="Lineage graph (scrolls sideways)">
          <Graph center={entity} up={up} down={down} hops={hops} />
        </div>
      )}
      <div class="lineage-lists">
        <LineageList title="Upstream" side={up} hops={hops} />
        <LineageList title="Downstream" side={down} hops={hops} />
      </div>
    </section>
  );
}
