/** MLFeature: a feature of a feature namespace. */
import { type EntityKind, featureProperties, mlEntity } from './shared.ts';

export const mlFeature: EntityKind = {
  typename: 'MLFeature',
  enumValue: 'MLFEATURE',
  build: (view, urn) => mlEntity(view, urn, mlFeature, 'mlFeatureProperties', 'editableMlFeatureProperties', featureProperties(urn)),
};
