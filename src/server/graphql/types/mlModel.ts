/** MLModel: a trained model, its groups, version and properties. */
import { type EntityKind, customProperties, mlEntity, num, props, ref, str, versionTag } from './shared.ts';
import { versionPropertiesView } from './versionSet.ts';

export const mlModel: EntityKind = {
  typename: 'MLModel',
  enumValue: 'MLMODEL',
  build: (view, urn) => ({
    ...mlEntity(view, urn, mlModel, 'mlModelProperties', 'editableMlModelProperties', (info) => ({
      name: str(info['name']),
      description: str(info['description']),
      date: num(info['date']),
      version: versionTag(info),
      type: str(info['type']),
      externalUrl: str(info['externalUrl']),
      customProperties: customProperties(props(info['customProperties']), urn),
      groups: Array.isArray(info['groups']) ? (info['groups'] as string[]).map((g) => ref(view, g)) : [],
    })),
    versionProperties: () => versionPropertiesView(view, urn),
  }),
};
