/** MLFeatureTable: the features and primary keys of one table. */
import { type EntityKind, customProperties, mlEntity, props, ref, str } from './shared.ts';

export const mlFeatureTable: EntityKind = {
  typename: 'MLFeatureTable',
  enumValue: 'MLFEATURE_TABLE',
  build: (view, urn) => {
      const refs = (v: unknown) => (Array.isArray(v) ? (v as string[]).map((u) => ref(view, u)) : []);
      const entity = mlEntity(view, urn, mlFeatureTable, 'mlFeatureTableProperties', 'editableMlFeatureTableProperties', (info) => ({
        description: str(info['description']),
        customProperties: customProperties(props(info['customProperties']), urn),
        mlFeatures: refs(info['mlFeatures']),
        mlPrimaryKeys: refs(info['mlPrimaryKeys']),
      }));
      // featureTableProperties: DataHub's deprecated name of the same properties.
      return { ...entity, featureTableProperties: entity['properties'] };
    },
};
