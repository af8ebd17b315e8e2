/** DataHubView: a saved search view (personal or global), shaped from src/ops/read/admin.ts. */
import { readDataHubView } from '../../../ops/read/admin.ts';
import { type EntityKind, common } from './shared.ts';

export const dataHubView: EntityKind = {
  typename: 'DataHubView',
  enumValue: 'DATAHUB_VIEW',
  build: (view, urn) => Object.assign(common(view, urn, dataHubView), readDataHubView(view, urn)),
};
