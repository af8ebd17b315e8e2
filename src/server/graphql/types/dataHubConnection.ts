/**
 * DataHubConnection: a connection to an external platform, its JSON details decrypted (as DataHub's
 * ConnectionMapper answers them). Rules and decryption live in src/ops/admin/connections.ts.
 */
import { getConnection } from '../../../ops/admin/connections.ts';
import { type EntityKind, type Obj, common, lazy, ref } from './shared.ts';

export const dataHubConnection: EntityKind = {
  typename: 'DataHubConnection',
  enumValue: 'DATAHUB_CONNECTION',
  build: (view, urn) => {
    // Decrypted only when `details` or `platform` is selected.
    const read = lazy(() => getConnection(view, urn));
    return Object.assign(common(view, urn, dataHubConnection), {
      details: (): Obj | null => {
        const c = read();
        return c && { type: c.type, name: c.name, json: c.blob === null ? null : { blob: c.blob } };
      },
      platform: () => {
        const c = read();
        return c && ref(view, c.platformUrn);
      },
    });
  },
};
