/** MLFeatureTable: the features and primary keys of one table. Shaped from src/ops/read/ml.ts. */
import type { StoreView } from '../../../store/store.ts';
import { readMlFeatureTableProperties } from '../../../ops/read/ml.ts';
import type * as G from '../schema.generated.ts';
import { type EntityKind, customPropertiesView, MlEntityView, refAs } from './shared.ts';

class MlFeatureTableView extends MlEntityView implements G.MLFeatureTable {
  readonly __typename = 'MLFeatureTable';
  readonly type = 'MLFEATURE_TABLE';
  constructor(view: StoreView, urn: string) {
    super(view, urn, 'mlFeatureTable');
  }
  get properties(): G.Maybe<G.MLFeatureTableProperties> {
    const p = readMlFeatureTableProperties(this.view, this.urn);
    if (!p) return null;
    const refs = <T extends G.Entity>(urns: string[]) => urns.map((u) => refAs<T>(this.view, u));
    return {
      ...p,
      customProperties: customPropertiesView(p.customProperties, this.urn),
      mlFeatures: refs<G.MLFeature>(p.mlFeatures),
      mlPrimaryKeys: refs<G.MLPrimaryKey>(p.mlPrimaryKeys),
    };
  }
  /** DataHub's deprecated name of the same properties. */
  get featureTableProperties(): G.Maybe<G.MLFeatureTableProperties> {
    return this.properties;
  }
}

export const mlFeatureTable: EntityKind = {
  typename: 'MLFeatureTable',
  enumValue: 'MLFEATURE_TABLE',
  build: (view, urn) => new MlFeatureTableView(view, urn),
};
