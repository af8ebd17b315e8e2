/** DataTypeEntity: a value type of structured properties (datahub.string, datahub.number, …), shaped from src/ops/read/registry.ts. */
import { readDataType } from '../../../ops/read/registry.ts';
import { type EntityKind, common } from './shared.ts';

export const dataType: EntityKind = {
  typename: 'DataTypeEntity',
  enumValue: 'DATA_TYPE',
  build: (view, urn) => Object.assign(common(view, urn, dataType), { info: readDataType(view, urn) }),
};
