/** MLFeature: a feature of a feature namespace. Shaped from src/ops/read/ml.ts. */
import type { StoreView } from '../../../store/store.ts';
import { readMlFeatureProperties } from '../../../ops/read/ml.ts';
import { type EntityKind, type Obj, customPropertiesView, MlEntityView, versionTagView } from './shared.ts';

/** The fields features and primary keys share: their data type and properties. */
export abstract class MlFeatureLikeView extends MlEntityView {
  readonly #kind: 'mlFeature' | 'mlPrimaryKey';
  constructor(view: StoreView, urn: string, kind: 'mlFeature' | 'mlPrimaryKey') {
    super(view, urn, kind);
    this.#kind = kind;
  }
  get dataType(): string | null {
    return readMlFeatureProperties(this.view, this.#kind, this.urn)?.dataType ?? null;
  }
  get properties(): Obj | null {
    const p = readMlFeatureProperties(this.view, this.#kind, this.urn);
    return (
      p && {
        ...p,
        version: versionTagView(p.version),
        customProperties: customPropertiesView(p.customProperties, this.urn),
      }
    );
  }
}

class MlFeatureView extends MlFeatureLikeView {
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
