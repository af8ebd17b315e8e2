/** MLModel: a trained model, its groups, version and properties. Shaped from src/ops/read/ml.ts. */
import type { StoreView } from '../../../store/store.ts';
import { readMlModelProperties } from '../../../ops/read/ml.ts';
import type * as G from '../schema.generated.ts';
import { type EntityKind, customPropertiesView, MlEntityView, refAs } from './shared.ts';
import { versionPropertiesView } from './versionSet.ts';

class MlModelView extends MlEntityView implements G.MLModel {
  readonly __typename = 'MLModel';
  readonly type = 'MLMODEL';
  constructor(view: StoreView, urn: string) {
    super(view, urn, 'mlModel');
  }
  get properties(): G.Maybe<G.MLModelProperties> {
    const p = readMlModelProperties(this.view, this.urn);
    return (
      p && {
        ...p,
        // A string here, as DataHub's MLModelProperties has it (the stored version's tag).
        version: p.version?.versionTag ?? null,
        customProperties: customPropertiesView(p.customProperties, this.urn),
        groups: p.groups.map((g) => refAs<G.MLModelGroup>(this.view, g)),
      }
    );
  }
  get versionProperties(): G.Maybe<G.VersionProperties> {
    return versionPropertiesView(this.view, this.urn);
  }
}

export const mlModel: EntityKind = {
  typename: 'MLModel',
  enumValue: 'MLMODEL',
  build: (view, urn) => new MlModelView(view, urn),
};
