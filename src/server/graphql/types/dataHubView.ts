/** DataHubView: a saved search view (personal or global), shaped from src/ops/read/admin.ts. */
import { readDataHubView } from '../../../ops/read/admin.ts';
import type * as G from '../schema.generated.ts';
import { enumOfUrnType } from '../searchInput.ts';
import { type EntityKind, type Shaped, asEnum, common } from './shared.ts';

export const dataHubView: EntityKind = {
  typename: 'DataHubView',
  enumValue: 'DATAHUB_VIEW',
  build: (view, urn): Shaped<G.DataHubView> => {
    const read = readDataHubView(view, urn);
    const viewType = asEnum<G.DataHubViewType>(read.viewType);
    const definition = {
      entityTypes: read.definition.entityTypes.map((t) => enumOfUrnType(t) as G.EntityType),
      filter: {
        operator: read.definition.filter.operator as G.LogicalOperator,
        filters: read.definition.filter.filters.map((f) => ({ ...f, condition: f.condition as G.FilterOperator })),
      },
    };
    return Object.assign(common(view, urn, dataHubView), { ...read, viewType, definition });
  },
};
