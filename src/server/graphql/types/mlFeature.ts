/** MLFeature: a feature of a feature namespace. Shaped from src/ops/read/ml.ts. */
import type { StoreView } from '../../../store/store.ts';
import { readMlFeatureProperties } from '../../../ops/read/ml.ts';
import type * as G from '../schema.generated.ts';
import { type EntityKind, asEnum, customPropertiesView, MlEntityView, refAs, versionTagView } from './shared.ts';

/** The fields features and primary keys share: their data type and properties. */
export abstract class MlFeatureLikeView extends MlEntityView {
  readonly #kind: 'mlFeature' | 'mlPrimaryKey';
  constructor(view: StoreView, urn: string, kind: 'mlFeature' | 'mlPrimaryKey') {
    super(view, urn, kind);
    this.#kind = kind;
  }
  get dataType(): G.Maybe<G.MLFeatureDataType> {
    return asEnum(readMlFeatureProperties(this.view, this.#kind, this.urn)?.dataType ?? null);
  }
  /** `MLFeatureProperties` and `MLPrimaryKeyProperties` have the same fields (no `__typename` is given). */
  get properties(): G.Maybe<Omit<G.MLFeatureProperties, '__typename'> & Omit<G.MLPrimaryKeyProperties, '__typename'>> {
    const p = readMlFeatureProperties(this.view, this.#kind, this.urn);
    return (
      p && {
        ...p,
        dataType: asEnum<G.MLFeatureDataType>(p.dataType),
        version: versionTagView(p.version),
        customProperties: customPropertiesView(p.customProperties, this.urn),
        sources: p.sources?.map((u) => refAs<G.Dataset>(this.view, u)) ?? null,
      }
    );
  }
}

class MlFeatureView extends MlFeatureLikeView implements G.MLFeature {
  readonly __typename = 'MLFeature';
  readonly type = 'MLFEATURE';
  constructor(view: StoreView, urn: string) {
    super(view, urn, 'mlFeature');
  }
}

export const mlFeature: EntityKind = {
  typename: 'MLFeature',
  enumValue: 'MLFEATURE',
  build: (view, urn) => new MlFeatureView(view, urn),
};
