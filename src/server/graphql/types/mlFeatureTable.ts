/** MLFeatureTable: the features and primary keys of one table. Shaped from src/ops/read/ml.ts. */
import type { StoreView } from '../../../store/store.ts';
import { readMlFeatureTableProperties } from '../../../ops/read/ml.ts';
import { type EntityKind, type Obj, customPropertiesView, MlEntityView, ref } from './shared.ts';

class MlFeatureTableView extends MlEntityView {
  readonly __typename = 'MLFeatureTable';
  readonly type = 'MLFEATURE_TABLE';
  constructor(view: StoreView, urn: string) {
    super(view, urn, 'mlFeatureTable');
  }
  get properties(): Obj | null {
    const p = readMlFeatureTableProperties(this.view, this.urn);
    if (!p) return null;
    const refs = (urns: string[]) => urns.map((u) => ref(this.view, u));
    return { ...p, customProperties: customPropertiesView(p.customProperties, this.urn), mlFeatures: refs(p.mlFeatures), mlPrimaryKeys: refs(p.mlPrimaryKeys) };
  }
  /** DataHub's deprecated name of the same properties. */
  get featureTableProperties(): Obj | null {
    return this.properties;
  }
}

export const mlFeatureTable: EntityKind = {
  typename: 'MLFeatureTable',
  enumValue: 'MLFEATURE_TABLE',
  build: (view, urn) => new MlFeatureTableView(view, urn),
};
