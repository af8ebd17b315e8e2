/** DataProduct: a named set of assets in a domain (docs/datahub/discovery.md §4.1). */
import { parseUrn } from '../../../model/urn.ts';
import { searchEntities } from '../../../ops/search/search.ts';
import type { StoreView } from '../../../store/store.ts';
import { searchResults } from '../search.ts';
import { searchRequestFromGraphql, type SearchInputGql } from '../searchInput.ts';
import { type EntityKind, type Obj, aspect, common, customProperties, props, str } from './shared.ts';

/** The urns a data product holds (`dataProductProperties.assets[].destinationUrn`). */
function assetsOf(properties: Obj | undefined): string[] {
  const assets = properties?.['assets'];
  if (!Array.isArray(assets)) return [];
  return assets.map((a) => str((a as Obj | null)?.['destinationUrn'])).filter((u): u is string => u !== null);
}

/**
 * `DataProduct.entities(input)`: a search restricted to the product's assets, narrowed by the input's
 * types, query and filters (DataHub: first 10 by default); an empty result when it holds none.
 */
function dataProductEntities(view: StoreView, properties: Obj | undefined, input: SearchInputGql | null | undefined) {
  const assets = assetsOf(properties);
  if (assets.length === 0) return { start: 0, count: 0, total: 0, searchResults: [], facets: [], suggestions: [] };
  const request = searchRequestFromGraphql({ ...input, query: input?.query ?? '*' });
  return searchResults(view, searchEntities(view, { ...request, within: new Set(assets) }));
}

export const dataProduct: EntityKind = {
  typename: 'DataProduct',
  enumValue: 'DATA_PRODUCT',
  build: (view, urn) => {
      const p = aspect(view, urn, 'dataProductProperties');
      return Object.assign(common(view, urn, dataProduct), {
        properties: p
          ? {
              name: str(p['name']) ?? parseUrn(urn).rawKey,
              description: str(p['description']),
              externalUrl: str(p['externalUrl']),
              numAssets: Array.isArray(p['assets']) ? p['assets'].length : 0,
              customProperties: customProperties(props(p['customProperties']), urn),
            }
          : null,
        entities: ({ input }: { input?: SearchInputGql | null }) => dataProductEntities(view, p, input),
      });
    },
};
