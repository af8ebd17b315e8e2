/** DataHubView: a saved search view (personal or global), shaped from src/ops/read/admin.ts. */
import { readDataHubView } from '../../../ops/read/admin.ts';
import type * as G from '../schema.generated.ts';
import { type EntityKind, type Shaped, asEnum, common } from './shared.ts';

export const dataHubView: EntityKind = {
  typename: 'DataHubView',
  enumValue: 'DATAHUB_VIEW',
  build: (view, urn): Shaped<G.DataHubView> => {
    const read = readDataHubView(view, urn);
    const viewType = asEnum<G.DataHubViewType>(read.viewType);
    return Object.assign(common(view, urn, dataHubView), { ...read, viewType });
  },
};
