/** DataTypeEntity: a value type of structured properties (datahub.string, datahub.number, …), shaped from src/ops/read/registry.ts. */
import { readDataType } from '../../../ops/read/registry.ts';
import type * as G from '../schema.generated.ts';
import { type EntityKind, type Shaped, asEnum, common } from './shared.ts';

export const dataType: EntityKind = {
  typename: 'DataTypeEntity',
  enumValue: 'DATA_TYPE',
  build: (view, urn): Shaped<G.DataTypeEntity> => {
    const info = readDataType(view, urn);
    return Object.assign(common(view, urn, dataType), { info: { ...info, type: asEnum<G.StdDataType>(info.type) } });
  },
};
