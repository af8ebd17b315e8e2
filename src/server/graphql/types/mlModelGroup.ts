/** MLModelGroup: a family of ML models. */
import { type EntityKind, type Obj, customProperties, mlEntity, num, props, str, versionTag } from './shared.ts';

export const mlModelGroup: EntityKind = {
  typename: 'MLModelGroup',
  enumValue: 'MLMODEL_GROUP',
  build: (view, urn) =>
      mlEntity(view, urn, mlModelGroup, 'mlModelGroupProperties', 'editableMlModelGroupProperties', (info) => ({
        name: str(info['name']),
        description: str(info['description']),
        createdAt: num((info['created'] as Obj | undefined)?.['time']),
        version: versionTag(info),
        externalUrl: str(info['externalUrl']),
        customProperties: customProperties(props(info['customProperties']), urn),
      })),
};
