/** SchemaFieldEntity: one column of a dataset as an entity of its own. */
import { makeUrn } from '../../../model/urn.ts';
import type { StoreView } from '../../../store/store.ts';
import type * as G from '../schema.generated.ts';
import { keyFieldsOf } from '../../../model/registry.ts';
import { readAiContext, readLogicalParent } from '../../../ops/read/datasetPage.ts';
import { type EntityKind, type Shaped, common, ref, refAs } from './shared.ts';

export const schemaField: EntityKind = {
  typename: 'SchemaFieldEntity',
  enumValue: 'SCHEMA_FIELD',
  build: (view, urn): Shaped<G.SchemaFieldEntity> => {
    const key = keyFieldsOf(urn);
    return Object.assign(common(view, urn, schemaField), {
      fieldPath: key['fieldPath'] ?? '',
      parent: () => ref(view, key['parent'] ?? ''),
      // Business attributes are not interpreted by this catalog.
      businessAttributes: null,
      aiContext: () => readAiContext(view, urn),
      logicalParent: () => {
        const parent = readLogicalParent(view, urn);
        return parent ? ref(view, parent) : null;
      },
    });
  },
};

/**
 * `SchemaField.schemaFieldEntity`: the column's own entity, whether or not anything is stored for it
 * (its aspects then read null), as DataHub links every field of a schema to it.
 */
export function schemaFieldEntityOf(view: StoreView, datasetUrn: string, fieldPath: string): () => G.SchemaFieldEntity {
  return () => refAs<G.SchemaFieldEntity>(view, makeUrn('schemaField', datasetUrn, fieldPath));
}
