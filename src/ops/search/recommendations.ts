/**
 * listRecommendations: the modules DataHub's home page draws from its recommendation sources. Those
 * computed from the search index are computed here the same way, for the home page: "Platforms"
 * (the platforms holding the most assets of the types that have a platform, at most 40) and
 * "Domains" (the existing domains holding the most assets, at most 10), each value with its count and
 * the search that lists its assets. The sources built on usage events (recently viewed, edited or
 * searched, most popular) have nothing to read here, as in DataHub with usage analytics off, and the
 * other scenarios (search results, entity pages, the search bar) get no module.
 *
 * DataHub keeps a platform only when its dataPlatformInfo has a logo, which every platform it knows
 * has from the data it loads at start-up; nothing is loaded at start here, so every platform that
 * holds assets is kept.
 */
import type { StoreView } from '../../store/store.ts';
import { searchEntities } from './search.ts';

/** The entity types whose platforms are counted (DataHub's TopPlatformsSource). */
const PLATFORM_TYPES = [
  'dataset',
  'dashboard',
  'chart',
  'mlModel',
  'mlModelGroup',
  'mlFeatureTable',
  'mlFeature',
  'mlPrimaryKey',
  'dataFlow',
  'dataJob',
  'tag',
  'container',
  'notebook',
];

export interface RecommendationContent {
  /** The value (an urn here). */
  value: string;
  /** The number of assets it holds. */
  count: number;
  /** The search that lists them: the module's field equal to the value. */
  filter: { field: string; values: string[] };
}

export interface RecommendationModule {
  title: string;
  moduleId: string;
  renderType: 'PLATFORM_SEARCH_LIST' | 'DOMAIN_SEARCH_LIST';
  content: RecommendationContent[];
}

/** The values of `field` holding the most assets (most first, then by value), at most `max`. */
function topValues(
  view: StoreView,
  field: string,
  max: number,
  types: readonly string[] | undefined,
  viewUrn: string | null | undefined,
  keep: (value: string) => boolean,
): RecommendationContent[] {
  const page = searchEntities(view, {
    query: '*',
    types,
    count: 0,
    skipAggregates: false,
    facets: [field],
    viewUrn,
  });
  const values = page.facets.find((f) => f.field === field)?.values ?? [];
  return values
    .filter((v) => v.count > 0 && keep(v.value))
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
    .slice(0, max)
    .map((v) => ({ value: v.value, count: v.count, filter: { field, values: [v.value] } }));
}

/**
 * The home page's modules (scenario HOME), at most `limit`; none for the other scenarios, nor
 * without a scenario (DataHub then answers no module). A module with no content is left out.
 */
export function listRecommendations(
  view: StoreView,
  input: { scenario: string | null; viewUrn?: string | null; limit?: number | null },
): RecommendationModule[] {
  if (input.scenario !== 'HOME') return [];
  const modules: RecommendationModule[] = [
    {
      title: 'Platforms',
      moduleId: 'Platforms',
      renderType: 'PLATFORM_SEARCH_LIST',
      content: topValues(view, 'platform', 40, PLATFORM_TYPES, input.viewUrn, () => true),
    },
    {
      title: 'Domains',
      moduleId: 'Domains',
      renderType: 'DOMAIN_SEARCH_LIST',
      content: topValues(view, 'domains', 10, undefined, input.viewUrn, (urn) => view.entityExists(urn)),
    },
  ];
  const shown = modules.filter((m) => m.content.length > 0);
  return input.limit != null ? shown.slice(0, Math.max(0, input.limit)) : shown;
}
