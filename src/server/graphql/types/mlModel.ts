/** MLModel: a trained model, its groups, version and properties. Shaped from src/ops/read/ml.ts. */
import type { StoreView } from '../../../store/store.ts';
import { readMlModelProperties } from '../../../ops/read/ml.ts';
import { type EntityKind, type Obj, customPropertiesView, MlEntityView, ref, versionTagView } from './shared.ts';
import { versionPropertiesView } from './versionSet.ts';

class MlModelView extends MlEntityView {
  readonly __typename = 'MLModel';
  readonly type = 'MLMODEL';
  constructor(view: StoreView, urn: string) {
    super(view, urn, 'mlModel');
  }
  get properties(): Obj | null {
    const p = readMlModelProperties(this.view, this.urn);
    return (
      p && {
        ...p,
        version: versionTagView(p.version),
        customProperties: customPropertiesView(p.customProperties, this.urn),
        groups: p.groups.map((g) => ref(this.view, g)),
      }
    );
  }
  get versionProperties(): Obj | null {
    return versionPropertiesView(this.view, this.urn);
  }
}

export const mlModel: EntityKind = {
  typename: 'MLModel',
  enumValue: 'MLMODEL',
  build: (view, urn) => new MlModelView(view, urn),
};
