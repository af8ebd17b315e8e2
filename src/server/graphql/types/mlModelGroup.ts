/** MLModelGroup: a family of ML models. Shaped from src/ops/read/ml.ts. */
import type { StoreView } from '../../../store/store.ts';
import { readMlModelGroupProperties } from '../../../ops/read/ml.ts';
import type * as G from '../schema.generated.ts';
import { type EntityKind, customPropertiesView, MlEntityView, versionTagView } from './shared.ts';

class MlModelGroupView extends MlEntityView implements G.MLModelGroup {
  readonly __typename = 'MLModelGroup';
  readonly type = 'MLMODEL_GROUP';
  constructor(view: StoreView, urn: string) {
    super(view, urn, 'mlModelGroup');
  }
  get properties(): G.Maybe<G.MLModelGroupProperties> {
    const p = readMlModelGroupProperties(this.view, this.urn);
    return (
      p && {
        ...p,
        version: versionTagView(p.version),
        customProperties: customPropertiesView(p.customProperties, this.urn),
      }
    );
  }
}

export const mlModelGroup: EntityKind = {
  typename: 'MLModelGroup',
  enumValue: 'MLMODEL_GROUP',
  build: (view, urn) => new MlModelGroupView(view, urn),
};
