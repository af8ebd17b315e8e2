/** DataProduct: a named set of assets in a domain (docs/datahub/discovery.md §4.1). Shaped from src/ops/read/product.ts. */
import { readDataProductAssets, readDataProductProperties } from '../../../ops/read/product.ts';
import { searchEntities } from '../../../ops/search/search.ts';
import type { StoreView } from '../../../store/store.ts';
import { searchResults } from '../search.ts';
import { searchRequestFromGraphql, type SearchInputGql } from '../searchInput.ts';
import type * as G from '../schema.generated.ts';
import { type EntityKind, customPropertiesView, keyCreatedOnView, EntityView } from './shared.ts';

/**
 * `DataProduct.entities(input)`: a search restricted to the product's assets, narrowed by the input's
 * types, query and filters (DataHub: first 10 by default); an empty result when it holds none.
 */
function dataProductEntities(view: StoreView, urn: string, input: SearchInputGql | null | undefined) {
  const assets = readDataProductAssets(view, urn);
  if (assets.length === 0) return { start: 0, count: 0, total: 0, searchResults: [], facets: [], suggestions: [] };
  const request = searchRequestFromGraphql({ ...input, query: input?.query ?? '*' });
  return searchResults(view, searchEntities(view, { ...request, within: new Set(assets) }));
}

class DataProductView extends EntityView implements G.DataProduct {
  readonly __typename = 'DataProduct';
  readonly type = 'DATA_PRODUCT';
  get properties(): G.Maybe<G.DataProductProperties> {
    const p = readDataProductProperties(this.view, this.urn);
    return (
      p && {
        ...p,
        customProperties: customPropertiesView(p.customProperties, this.urn),
        createdOn: keyCreatedOnView(this.view, this.urn),
      }
    );
  }
  /** A field with arguments: the executor calls it with them. */
  entities({ input }: { input?: SearchInputGql | null }) {
    return dataProductEntities(this.view, this.urn, input);
  }
}

export const dataProduct: EntityKind = {
  typename: 'DataProduct',
  enumValue: 'DATA_PRODUCT',
  build: (view, urn) => new DataProductView(view, urn),
};
