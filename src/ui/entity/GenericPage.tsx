/**
 * Every other entity type (charts, pipelines, ML models, documents, …): the common frame, its
 * properties, its lineage when the type has lineage, and every stored aspect as JSON (GET
 * /entitiesV2/{urn}), so nothing stored is out of sight.
 */
import { getJson } from '../api/client.ts';
import type { EntityView } from '../api/entities.ts';
import { useQuery } from '../api/useQuery.ts';
import { ErrorBox, Loading } from '../components/basics.tsx';
import { formatTime } from '../lib/format.ts';
import { EntityLayout } from './EntityLayout.tsx';
import type { PageProps } from './EntityPage.tsx';
import { LineageTab } from './LineageTab.tsx';
import { PropertiesTab } from './PropertiesTab.tsx';

/** GraphQL types that implement EntityWithRelationships (lineage.graphql). */
const WITH_LINEAGE = new Set([
  'Chart',
  'Dashboard',
  'DataFlow',
  'DataJob',
  'MLModel',
  'MLModelGroup',
  'MLFeature',
  'MLFeatureTable',
  'MLPrimaryKey',
]);

interface StoredAspect {
  name: string;
  version: number;
  value: unknown;
  created?: { time: number; actor?: string };
}

function Aspects({ entity }: { entity: EntityView }) {
  const aspects = useQuery(`aspects:${entity.urn}`, () =>
    getJson<{ aspects: Record<string, StoredAspect> }>(`/entitiesV2/${encodeURIComponent(entity.urn)}`),
  );
  if (aspects.error) return <ErrorBox error={aspects.error} title="The aspects could not be loaded" />;
  if (!aspects.data) return <Loading what="Loading the aspects" />;
  const list = Object.values(aspects.data.aspects).sort((a, b) => (a.name < b.name ? -1 : 1));
  return (
    <section aria-labelledby="aspects-title">
      <h2 id="aspects-title" class="panel-title">
        Stored aspects
      </h2>
      {list.map((a) => (
        <details key={a.name} class="aspect">
          <summary>
            <code>{a.name}</code>
            {a.created && <span class="muted"> · {formatTime(a.created.time)}</span>}
          </summary>
          <pre class="json">{JSON.stringify(a.value, null, 2)}</pre>
        </details>
      ))}
    </section>
  );
}

export function GenericPage({ entity, tab, reload }: PageProps) {
  const tabs = [
    { name: 'Properties' },
    ...(WITH_LINEAGE.has(entity.typename) ? [{ name: 'Lineage' }] : []),
    { name: 'Aspects' },
  ];
  const current = tabs.find((t) => t.name.toLowerCase() === (tab ?? '').toLowerCase())?.name ?? 'Properties';
  return (
    <EntityLayout entity={entity} reload={reload} tabs={tabs} tab={current}>
      {current === 'Lineage' ? (
        <LineageTab entity={entity} />
      ) : current === 'Aspects' ? (
        <Aspects entity={entity} />
      ) : (
        <PropertiesTab entity={entity} />
      )}
    </EntityLayout>
  );
}
