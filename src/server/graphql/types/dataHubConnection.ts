/**
 * DataHubConnection: a connection to an external platform, its JSON details decrypted (as DataHub's
 * ConnectionMapper answers them). Rules and decryption live in src/ops/admin/connections.ts.
 */
import { getConnection } from '../../../ops/admin/connections.ts';
import type * as G from '../schema.generated.ts';
import { type EntityKind, type Shaped, common, lazy, nullInNonNull, refAs } from './shared.ts';

export const dataHubConnection: EntityKind = {
  typename: 'DataHubConnection',
  enumValue: 'DATAHUB_CONNECTION',
  build: (view, urn): Shaped<G.DataHubConnection> => {
    // Decrypted only when `details` or `platform` is selected.
    const read = lazy(() => getConnection(view, urn));
    return Object.assign(common(view, urn, dataHubConnection), {
      // Both null (a field error, as before these types) for a urn with no stored connection.
      details: (): G.DataHubConnectionDetails => {
        const c = read();
        return nullInNonNull(c && { type: c.type, name: c.name, json: c.blob === null ? null : { blob: c.blob } });
      },
      platform: (): G.DataPlatform => {
        const c = read();
        return nullInNonNull(c && refAs<G.DataPlatform>(view, c.platformUrn));
      },
    });
  },
};
