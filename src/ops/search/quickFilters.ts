/**
 * getQuickFilters: the shortcuts DataHub's search bar offers under it (GetQuickFiltersResolver),
 * from a search of everything (narrowed by a saved view when given): the five platforms holding the
 * most assets, sorted by urn, then the first three source entity types and the first two of
 * DataHub's own entity types, in DataHub's order of priority (its application.yaml defaults), that
 * hold any asset.
 */
import type { StoreView } from '../../store/store.ts';
import { searchEntities } from './search.ts';

const PLATFORM_COUNT = 5;
const SOURCE_ENTITY_COUNT = 3;
const DATAHUB_ENTITY_COUNT = 2;

/** elasticsearch.search.prioritizedSourceEntityTypes's default. */
const PRIORITIZED_SOURCE = [
  'dataset',
  'dashboard',
  'dataFlow',
  'dataJob',
  'chart',
  'container',
  'mlModel',
  'mlModelGroup',
  'mlFeature',
  'mlFeatureTable',
  'mlPrimaryKey',
];
/** elasticsearch.search.prioritizedDatahubEntityTypes's default. */
const PRIORITIZED_DATAHUB = ['domain', 'glossaryTerm', 'corpGroup', 'corpuser'];

export interface QuickFilter {
  /** `platform` (the value a platform urn) or `_entityType` (the value an entity type name). */
  field: 'platform' | '_entityType';
  value: string;
}

export function quickFilters(view: StoreView, viewUrn?: string | null): QuickFilter[] {
  const page = searchEntities(view, {
    query: '*',
    count: 0,
    skipAggregates: false,
    facets: ['platform', '_entityType'],
    viewUrn,
  });
  const counts = (field: string) =>
    new Map((page.facets.find((f) => f.field === field)?.values ?? []).map((v) => [v.value, v.count]));
  const platforms = [...counts('platform')]
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, PLATFORM_COUNT)
    .map(([value]) => value)
    .sort();
  const types = counts('_entityType');
  const firstHeld = (list: string[], max: number) => list.filter((t) => (types.get(t) ?? 0) > 0).slice(0, max);
  return [
    ...platforms.map((value) => ({ field: 'platform' as const, value })),
    ...[
      ...firstHeld(PRIORITIZED_SOURCE, SOURCE_ENTITY_COUNT),
      ...firstHeld(PRIORITIZED_DATAHUB, DATAHUB_ENTITY_COUNT),
    ].map((value) => ({ field: '_entityType' as const, value })),
  ];
}
