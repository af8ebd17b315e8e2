/** SchemaFieldEntity: one column of a dataset as an entity of its own. */
import { type EntityKind, common, keyOf, ref } from './shared.ts';

export const schemaField: EntityKind = {
  typename: 'SchemaFieldEntity',
  enumValue: 'SCHEMA_FIELD',
  build: (view, urn) => {
      const key = keyOf(urn);
      return { ...common(view, urn, schemaField), fieldPath: key['fieldPath'] ?? '', parent: () => ref(view, key['parent'] ?? '') };
    },
};
