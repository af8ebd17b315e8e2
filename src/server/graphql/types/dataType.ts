/** DataTypeEntity: a value type of structured properties (datahub.string, datahub.number, …). */
import { parseUrn } from '../../../model/urn.ts';
const STD_TYPES = new Set(['STRING', 'NUMBER', 'URN', 'RICH_TEXT', 'DATE']);
import { type EntityKind, aspect, common, str } from './shared.ts';

export const dataType: EntityKind = {
  typename: 'DataTypeEntity',
  enumValue: 'DATA_TYPE',
  build: (view, urn) => {
      const id = parseUrn(urn).rawKey;
      const info = aspect(view, urn, 'dataTypeInfo');
      const short = id.replace(/^datahub\./, '').toUpperCase();
      return Object.assign(common(view, urn, dataType), {
        info: { type: STD_TYPES.has(short) ? short : 'OTHER', qualifiedName: str(info?.['qualifiedName']) ?? id, displayName: str(info?.['displayName']), description: str(info?.['description']) },
      });
    },
};
