/** MLPrimaryKey: the primary key of a feature namespace. */
import { type EntityKind, featureProperties, mlEntity } from './shared.ts';

export const mlPrimaryKey: EntityKind = {
  typename: 'MLPrimaryKey',
  enumValue: 'MLPRIMARY_KEY',
  build: (view, urn) => mlEntity(view, urn, mlPrimaryKey, 'mlPrimaryKeyProperties', 'editableMlPrimaryKeyProperties', featureProperties(urn)),
};
