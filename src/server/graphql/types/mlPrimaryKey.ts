/** MLPrimaryKey: the primary key of a feature namespace. Shaped from src/ops/read/ml.ts. */
import type { StoreView } from '../../../store/store.ts';
import type * as G from '../schema.generated.ts';
import type { EntityKind } from './shared.ts';
import { MlFeatureLikeView } from './mlFeature.ts';

class MlPrimaryKeyView extends MlFeatureLikeView implements G.MLPrimaryKey {
  readonly __typename = 'MLPrimaryKey';
  readonly type = 'MLPRIMARY_KEY';
  constructor(view: StoreView, urn: string) {
    super(view, urn, 'mlPrimaryKey');
  }
}

export const mlPrimaryKey: EntityKind = {
  typename: 'MLPrimaryKey',
  enumValue: 'MLPRIMARY_KEY',
  build: (view, urn) => new MlPrimaryKeyView(view, urn),
};
